package engine

import "fmt"

// Result is the outcome of a game.
type Result uint8

const (
	// Ongoing means the game has not ended.
	Ongoing Result = iota
	// WhiteWins means White has won.
	WhiteWins
	// BlackWins means Black has won.
	BlackWins
	// Drawn means the game is a draw.
	Drawn
)

// String returns the PDN result: "*", "2-0", "0-2" or "1-1".
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "2-0"
	case BlackWins:
		return "0-2"
	case Drawn:
		return "1-1"
	}
	return "*"
}

// winFor returns the result that is a win for colour c.
func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

const (
	// NotOver: the game goes on.
	NotOver Reason = iota
	// NoPieces: the loser has no pieces left.
	NoPieces
	// NoMoves: the loser, to move, has no legal move (all pieces blocked).
	NoMoves
	// Resignation: a player resigned.
	Resignation
	// Agreement: the players agreed to a draw.
	Agreement
	// Repetition: the same position with the same side to move occurred
	// three times.
	Repetition
	// QuietMoves: the English 40-move rule, 40 moves by each side without a
	// man moving or a capture.
	QuietMoves
	// MoveLimit: the house limit of 100 moves by each side (an option).
	MoveLimit
	// KingsOnly: only kings moved, without a capture, for the variant's
	// number of moves (Russian 15, International 25).
	KingsOnly
	// ThreeKingsVsKing: three or more pieces with a king could not capture a
	// lone king within the variant's number of moves.
	ThreeKingsVsKing
	// SmallEnding: a lone king against two pieces or fewer (Russian: on the
	// long diagonal, three) held out for 5 moves.
	SmallEnding
	// PieceCount: the Russian rule of 30 or 60 moves without capture or
	// promotion with 4-7 pieces on the board.
	PieceCount
)

// GameOptions are the house rules of one game.
type GameOptions struct {
	// MoveLimit draws a game still running after this many moves by each
	// side (seed 002's house rule: 100). 0 switches it off.
	MoveLimit int
}

// Game is a game in progress: a start position, the moves played, and the
// result once it has ended. Draw rules are applied automatically after
// every move.
type Game struct {
	opts      GameOptions
	start     Position
	positions []Position // positions[i] is the position before moves[i]; last is current
	moves     []Move
	result    Result
	reason    Reason
}

// NewGame starts a game of variant v from its start position.
func NewGame(v *Variant, opts GameOptions) *Game {
	return NewGameFrom(v.StartPosition(), opts)
}

// NewGameFrom starts a game from position p.
func NewGameFrom(p Position, opts GameOptions) *Game {
	g := &Game{opts: opts, start: p, positions: []Position{p}}
	g.update()
	return g
}

// Variant returns the game's rule set.
func (g *Game) Variant() *Variant { return g.start.v }

// Options returns the game's house rules.
func (g *Game) Options() GameOptions { return g.opts }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.start }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played so far (a copy).
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Ply returns the number of moves played (by both sides).
func (g *Game) Ply() int { return len(g.moves) }

// PositionAt returns the position before move i (PositionAt(Ply()) is the
// current one).
func (g *Game) PositionAt(i int) Position { return g.positions[i] }

// Result returns the outcome and the reason; (Ongoing, NotOver) while the
// game goes on.
func (g *Game) Result() (Result, Reason) { return g.result, g.reason }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.result != Ongoing }

// Play makes move m if it is legal in the current position.
func (g *Game) Play(m Move) error {
	if g.Over() {
		return fmt.Errorf("the game is over (%s)", g.result)
	}
	p := g.Position()
	var buf [64]Move
	for _, l := range p.AppendLegalMoves(buf[:0]) {
		if l.Same(&m) {
			p.Play(&l)
			g.moves = append(g.moves, l)
			g.positions = append(g.positions, p)
			g.update()
			return nil
		}
	}
	return fmt.Errorf("%d-%d is not a legal move here", m.From, m.To)
}

// Undo takes back the last move, reopening a game that had ended by a move.
// It reports false when there is no move to take back.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.result, g.reason = Ongoing, NotOver
	g.update()
	return true
}

// Resign ends the game: side c resigns.
func (g *Game) Resign(c Color) {
	if !g.Over() {
		g.result, g.reason = winFor(c.Opponent()), Resignation
	}
}

// AgreeDraw ends the game as a draw by agreement.
func (g *Game) AgreeDraw() {
	if !g.Over() {
		g.result, g.reason = Drawn, Agreement
	}
}

// RepetitionHashes returns the hashes of the positions since the last
// capture or man move (oldest first, the current position last): the only
// positions that can repeat. Search uses them to score repetitions.
func (g *Game) RepetitionHashes() []uint64 {
	var out []uint64
	for i := len(g.moves); i >= 0; i-- {
		out = append(out, g.positions[i].hash)
		if i > 0 && g.irreversible(i-1) {
			break
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// irreversible reports whether move i captured or moved a man.
func (g *Game) irreversible(i int) bool {
	m := &g.moves[i]
	before := &g.positions[i]
	return m.IsCapture() || !before.At(m.From).IsKing()
}

// update sets the result after a move: a win when the side to move has no
// move, otherwise the draw rules.
func (g *Game) update() {
	p := g.Position()
	if p.side(p.turn) == 0 {
		g.result, g.reason = winFor(p.turn.Opponent()), NoPieces
		return
	}
	var buf [64]Move
	if len(p.AppendLegalMoves(buf[:0])) == 0 {
		g.result, g.reason = winFor(p.turn.Opponent()), NoMoves
		return
	}
	if r := g.drawReason(); r != NotOver {
		g.result, g.reason = Drawn, r
	}
}

// drawReason applies the variant's automatic draw rules.
func (g *Game) drawReason() Reason {
	d := g.Variant().Draw
	if d.Repetition > 0 {
		h := g.Position().hash
		n := 0
		for _, x := range g.RepetitionHashes() {
			if x == h {
				n++
			}
		}
		if n >= d.Repetition {
			return Repetition
		}
	}
	if g.opts.MoveLimit > 0 && len(g.moves) >= 2*g.opts.MoveLimit {
		return MoveLimit
	}
	return NotOver
}
