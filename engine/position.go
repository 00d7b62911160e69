package engine

import (
	"fmt"
	"math/bits"
)

// Square is a playable square, numbered from 1 (the top-left dark square
// seen from White) to 32 on 8x8 boards or 50 on 10x10 boards. 0 is no
// square.
type Square uint8

// Piece is what stands on a square.
type Piece uint8

const (
	// Empty is an empty square.
	Empty Piece = iota
	// WhiteMan is an uncrowned white piece.
	WhiteMan
	// WhiteKing is a crowned white piece.
	WhiteKing
	// BlackMan is an uncrowned black piece.
	BlackMan
	// BlackKing is a crowned black piece.
	BlackKing
)

// Color returns the colour of a non-empty piece.
func (p Piece) Color() Color {
	if p == BlackMan || p == BlackKing {
		return Black
	}
	return White
}

// IsKing reports whether the piece is crowned.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// MakePiece returns the piece of colour c, crowned if king.
func MakePiece(c Color, king bool) Piece {
	p := WhiteMan
	if c == Black {
		p = BlackMan
	}
	if king {
		p++
	}
	return p
}

// Position is a board with the side to move, for one variant. It is a small
// value: copy it freely, and search copies in different goroutines.
// The zero value is not a position; start from Variant.StartPosition or
// ParseFEN.
type Position struct {
	v     *Variant
	white uint64 // bit index layout, see geometry.go
	black uint64
	kings uint64
	turn  Color
	hash  uint64
}

// Variant returns the rule set of the position.
func (p *Position) Variant() *Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Hash returns the Zobrist hash of the position (pieces and side to move).
func (p *Position) Hash() uint64 { return p.hash }

// At returns the piece on square s (Empty for squares off the board).
func (p *Position) At(s Square) Piece {
	g := p.v.geo
	if s < 1 || int(s) > g.n {
		return Empty
	}
	b := bit(int(g.idxOf[s]))
	switch {
	case p.white&b != 0:
		return MakePiece(White, p.kings&b != 0)
	case p.black&b != 0:
		return MakePiece(Black, p.kings&b != 0)
	}
	return Empty
}

// Count returns the number of men and kings of colour c.
func (p *Position) Count(c Color) (men, kings int) {
	b := p.side(c)
	return bits.OnesCount64(b &^ p.kings), bits.OnesCount64(b & p.kings)
}

// Squares returns the squares holding piece pc, in ascending order.
func (p *Position) Squares(pc Piece) []Square {
	var b uint64
	switch pc {
	case WhiteMan:
		b = p.white &^ p.kings
	case WhiteKing:
		b = p.white & p.kings
	case BlackMan:
		b = p.black &^ p.kings
	case BlackKing:
		b = p.black & p.kings
	}
	return p.v.geo.squaresOf(b)
}

func (g *geometry) squaresOf(b uint64) []Square {
	out := make([]Square, 0, bits.OnesCount64(b))
	for ; b != 0; b &= b - 1 {
		out = append(out, g.sqOf[lsb(b)])
	}
	return out
}

// Equal reports whether two positions have the same variant, pieces and
// side to move.
func (p *Position) Equal(q *Position) bool {
	return p.v == q.v && p.white == q.white && p.black == q.black && p.kings == q.kings && p.turn == q.turn
}

// NewPosition builds a position of variant v from a piece placement. It
// returns an error for a square off the board or a square given twice.
func NewPosition(v *Variant, turn Color, pieces map[Square]Piece) (Position, error) {
	p := Position{v: v, turn: turn}
	for s, pc := range pieces {
		if err := p.put(s, pc); err != nil {
			return Position{}, err
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) put(s Square, pc Piece) error {
	g := p.v.geo
	if s < 1 || int(s) > g.n {
		return fmt.Errorf("square %d is not on the %dx%d board (squares are 1-%d)", s, g.size, g.size, g.n)
	}
	b := bit(int(g.idxOf[s]))
	if (p.white|p.black)&b != 0 {
		return fmt.Errorf("square %d is given twice", s)
	}
	switch pc {
	case WhiteMan, WhiteKing:
		p.white |= b
	case BlackMan, BlackKing:
		p.black |= b
	default:
		return fmt.Errorf("square %d: no piece given", s)
	}
	if pc.IsKing() {
		p.kings |= b
	}
	return nil
}

func (p *Position) side(c Color) uint64 {
	if c == White {
		return p.white
	}
	return p.black
}

// zobrist keys: [piece-1][bit index], and the side key. They are fixed
// pseudo-random numbers from a splitmix64 sequence, the same in every run.
var zobristPiece, zobristTurn = func() ([4][64]uint64, uint64) {
	var k [4][64]uint64
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for i := range k {
		for j := range k[i] {
			k[i][j] = next()
		}
	}
	return k, next()
}()

func (p *Position) computeHash() uint64 {
	var h uint64
	add := func(b uint64, pc Piece) {
		for ; b != 0; b &= b - 1 {
			h ^= zobristPiece[pc-1][lsb(b)]
		}
	}
	add(p.white&^p.kings, WhiteMan)
	add(p.white&p.kings, WhiteKing)
	add(p.black&^p.kings, BlackMan)
	add(p.black&p.kings, BlackKing)
	if p.turn == Black {
		h ^= zobristTurn
	}
	return h
}

// Play makes move m, which must be a legal move of p (from LegalMoves or
// ParseMove); the hash is updated incrementally.
func (p *Position) Play(m *Move) {
	g := p.v.geo
	p.playStep(int(g.idxOf[m.From]), int(g.idxOf[m.To]), m.Promotes)
	if caps := m.capMask; caps != 0 {
		p.removeCaptured(caps)
	}
}

// playStep moves the piece of the side to move from bit index from to bit
// index to, crowning it if promotes, and passes the turn.
func (p *Position) playStep(from, to int, promotes bool) {
	fb, tb := bit(from), bit(to)
	us := p.turn
	moverKing := p.kings&fb != 0
	pc := MakePiece(us, moverKing)
	h := p.hash ^ zobristPiece[pc-1][from]
	if promotes {
		pc = MakePiece(us, true)
	}
	h ^= zobristPiece[pc-1][to]
	if us == White {
		p.white = p.white&^fb | tb
	} else {
		p.black = p.black&^fb | tb
	}
	if moverKing {
		p.kings &^= fb
	}
	if pc.IsKing() {
		p.kings |= tb
	}
	p.turn = us.Opponent()
	p.hash = h ^ zobristTurn
}

// removeCaptured takes the pieces on bits caps off the board; they belong
// to the side to move (playStep has already passed the turn).
func (p *Position) removeCaptured(caps uint64) {
	them := MakePiece(p.turn, false)
	h := p.hash
	for c := caps; c != 0; c &= c - 1 {
		i := lsb(c)
		if p.kings&bit(i) != 0 {
			h ^= zobristPiece[them][i] // them is the man; +1 is the king
		} else {
			h ^= zobristPiece[them-1][i]
		}
	}
	if p.turn == White {
		p.white &^= caps
	} else {
		p.black &^= caps
	}
	p.kings &^= caps
	p.hash = h
}

// Board returns an ASCII picture of the position, White at the bottom.
func (p *Position) Board() string {
	g := p.v.geo
	out := make([]byte, 0, g.size*(g.size*2+2))
	for r := 0; r < g.size; r++ {
		for c := 0; c < g.size; c++ {
			ch := byte('.')
			if (r+c)%2 == 1 {
				ch = '-'
				s := Square(r*g.w + c/2 + 1)
				switch p.At(s) {
				case WhiteMan:
					ch = 'w'
				case WhiteKing:
					ch = 'W'
				case BlackMan:
					ch = 'b'
				case BlackKing:
					ch = 'B'
				}
			}
			out = append(out, ch, ' ')
		}
		out[len(out)-1] = '\n'
	}
	return string(out)
}
