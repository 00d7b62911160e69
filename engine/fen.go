package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a position in PDN FEN: `<side>:W<squares>:B<squares>`,
// kings prefixed with K, e.g. `B:W18,24,27,K10:B12,16,K22`. Ranges such as
// `W21-32` (and `K1-3` for kings), an optional trailing `.`, surrounding
// quotes and, on 8x8 boards, algebraic squares (`Wc1,e3`) are accepted. The
// error names the token that is wrong.
func ParseFEN(v *Variant, fen string) (Position, error) {
	s := strings.TrimSpace(fen)
	s = strings.Trim(s, `"`)
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return Position{}, fmt.Errorf("FEN is empty: expected something like %q", v.StartFEN)
	}
	fields := strings.Split(s, ":")
	p := Position{v: v}
	switch strings.ToUpper(strings.TrimSpace(fields[0])) {
	case "W":
		p.turn = White
	case "B":
		p.turn = Black
	default:
		return Position{}, fmt.Errorf("FEN %q: side to move %q must be W or B", fen, fields[0])
	}
	seen := map[byte]bool{}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		c := f[0] &^ 0x20 // upper case
		var color Color
		switch c {
		case 'W':
			color = White
		case 'B':
			color = Black
		default:
			return Position{}, fmt.Errorf("FEN %q: field %q must start with W or B", fen, f)
		}
		if seen[c] {
			return Position{}, fmt.Errorf("FEN %q: the %s pieces are given twice", fen, color)
		}
		seen[c] = true
		if err := p.parsePieceList(color, f[1:]); err != nil {
			return Position{}, fmt.Errorf("FEN %q: %v", fen, err)
		}
	}
	if len(fields) == 1 {
		return Position{}, fmt.Errorf("FEN %q: no pieces: expected `:W<squares>:B<squares>` after the side to move", fen)
	}
	for _, c := range []Color{White, Black} {
		men, kings := p.Count(c)
		if men+kings > v.MaxPieces() {
			return Position{}, fmt.Errorf("FEN %q: %d %s pieces, but a side has at most %d on the %s board", fen, men+kings, c, v.MaxPieces(), v.Title)
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parsePieceList(color Color, list string) error {
	for _, tok := range strings.Split(list, ",") {
		t := strings.TrimSpace(tok)
		if t == "" {
			continue
		}
		king := false
		if t[0] == 'K' || t[0] == 'k' {
			king = true
			t = t[1:]
		}
		lo, hi := t, t
		if i := strings.Index(t, "-"); i >= 0 {
			lo, hi = t[:i], t[i+1:]
		}
		a, err := p.v.ParseSquare(lo)
		if err != nil {
			return fmt.Errorf("%s piece %q: %v", color, tok, err)
		}
		b, err := p.v.ParseSquare(hi)
		if err != nil {
			return fmt.Errorf("%s piece %q: %v", color, tok, err)
		}
		if b < a {
			return fmt.Errorf("%s range %q runs backwards", color, tok)
		}
		for s := a; s <= b; s++ {
			if err := p.put(s, MakePiece(color, king)); err != nil {
				return fmt.Errorf("%s piece %q: %v", color, tok, err)
			}
		}
	}
	return nil
}

// FEN returns the position in PDN FEN, squares in ascending order with kings
// prefixed by K, e.g. `B:W18,24,K27:B12,16`.
func (p *Position) FEN() string {
	var sb strings.Builder
	if p.turn == White {
		sb.WriteString("W")
	} else {
		sb.WriteString("B")
	}
	g := p.v.geo
	for _, c := range []Color{White, Black} {
		sb.WriteString(":")
		if c == White {
			sb.WriteString("W")
		} else {
			sb.WriteString("B")
		}
		first := true
		for b := p.side(c); b != 0; b &= b - 1 {
			i := lsb(b)
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.kings&bit(i) != 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(int(g.sqOf[i])))
		}
	}
	return sb.String()
}

// String returns the FEN of the position.
func (p Position) String() string { return p.FEN() }

// ParseSquare reads a square as a number (1..32 or 1..50) or, on 8x8
// boards, algebraically (a1..h8, dark squares only).
func (v *Variant) ParseSquare(s string) (Square, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("missing square")
	}
	n := v.Squares()
	if s[0] >= '0' && s[0] <= '9' {
		x, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%q is not a square number", s)
		}
		if x < 1 || x > n {
			return 0, fmt.Errorf("square %d is off the board (squares are 1-%d)", x, n)
		}
		return Square(x), nil
	}
	l := strings.ToLower(s)
	if len(l) >= 2 && l[0] >= 'a' && l[0] < 'a'+byte(v.Size) {
		r, err := strconv.Atoi(l[1:])
		if err == nil {
			if r < 1 || r > v.Size {
				return 0, fmt.Errorf("square %q is off the board", s)
			}
			col, row := int(l[0]-'a'), v.Size-r
			if (row+col)%2 == 0 {
				return 0, fmt.Errorf("%s is a light square: play is on the dark squares only", s)
			}
			return Square(row*v.Size/2 + col/2 + 1), nil
		}
	}
	return 0, fmt.Errorf("%q is not a square (write a number 1-%d%s)", s, n, map[bool]string{true: " or a1-h8", false: ""}[v.Size == 8])
}

// AlgebraicSquare returns square s as a1..h8 (or a1..j10).
func (v *Variant) AlgebraicSquare(s Square) string {
	if s < 1 || int(s) > v.Squares() {
		return "?"
	}
	i := v.geo.idxOf[s]
	return fmt.Sprintf("%c%d", 'a'+v.geo.col[i], v.Size-int(v.geo.row[i]))
}

// RowCol returns the row (0 at the top, White's crowning row) and column
// (0 at the left, seen from White) of square s, or -1, -1 for a square
// that is not on the board.
func (v *Variant) RowCol(s Square) (row, col int) {
	if s < 1 || int(s) > v.Squares() {
		return -1, -1
	}
	i := v.geo.idxOf[s]
	return int(v.geo.row[i]), int(v.geo.col[i])
}

// SquareAt returns the square at row and column (as RowCol), or 0 if that
// is a light square or off the board.
func (v *Variant) SquareAt(row, col int) Square {
	if row < 0 || col < 0 || row >= v.Size || col >= v.Size || (row+col)%2 == 0 {
		return 0
	}
	return Square(row*v.Size/2 + col/2 + 1)
}
