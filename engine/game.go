package engine

import (
	"fmt"
	"math/bits"
)

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
	// SmallEnding: a lone king against two pieces or fewer, one of them a
	// king, held out for 5 moves.
	SmallEnding
	// PieceCount: the Russian rule of 30 or 60 moves without capture or
	// promotion with 4-7 pieces on the board.
	PieceCount
	// LongDiagonal: the Russian rule of three pieces that could not capture
	// a lone king holding the long diagonal a1-h8 within 5 moves.
	LongDiagonal
	// OutOfTime: the loser's clock ran out (matches on a game clock).
	OutOfTime
)

// GameOptions are the house rules of one game.
type GameOptions struct {
	// MoveLimit draws a game still running after this many moves by each
	// side (seed 002's house rule: 100). 0 switches it off.
	MoveLimit int
	// Names are the words Status uses for the two sides; the zero value
	// means White and Black. Many English sets, and seed 000, call Black
	// "Red": use RedAndWhite.
	Names ColorNames
}

// Game is a game in progress: a start position, the moves played, and the
// result once it has ended. A win (no pieces, no move) and the variant's
// automatic draw rules are applied after every move; the draw counters are
// kept incrementally, one DrawCounters value per position, so playing and
// taking back a move costs the same whatever the length of the game.
type Game struct {
	opts      GameOptions
	start     Position
	positions []Position     // positions[i] is the position before moves[i]; last is current
	counters  []DrawCounters // counters[i] belong to positions[i]
	moves     []Move
	result    Result
	reason    Reason
	buf       []Move // scratch space for move generation
}

// NewGame starts a game of variant v from its start position.
func NewGame(v *Variant, opts GameOptions) *Game {
	return NewGameFrom(v.StartPosition(), opts)
}

// NewGameFrom starts a game from position p. The draw counts start at zero
// there: moves played before p are not known.
func NewGameFrom(p Position, opts GameOptions) *Game {
	g := &Game{opts: opts, start: p, positions: []Position{p}, counters: []DrawCounters{NewDrawCounters(&p)},
		buf: make([]Move, 0, 64)}
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

// Counters returns the draw counters of the current position. A search
// starts from them and advances them with DrawCounters.Advance.
func (g *Game) Counters() DrawCounters { return g.counters[len(g.counters)-1] }

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
	l, ok := g.legal(&m)
	if !ok {
		return fmt.Errorf("%d-%d is not a legal move here", m.From, m.To)
	}
	p := g.Position()
	q := p
	q.Play(&l)
	g.counters = append(g.counters, g.Counters().Advance(&p, &l, &q))
	g.moves = append(g.moves, l)
	g.positions = append(g.positions, q)
	g.update()
	return nil
}

// WouldDraw reports which automatic draw rule, if any, the legal move m
// would end the game by (repetition, the variant's rules, the move limit),
// without playing it. It returns NotOver for a move that does not draw,
// for a move that wins, and for an illegal move.
func (g *Game) WouldDraw(m Move) Reason {
	l, ok := g.legal(&m)
	if !ok || g.Over() {
		return NotOver
	}
	p := g.Position()
	q := p
	q.Play(&l)
	if r, _ := g.decided(&q); r != Ongoing {
		return NotOver
	}
	return g.drawAfter(g.positions, &q, g.Counters().Advance(&p, &l, &q), len(g.moves)+1)
}

// legal finds the legal move of the current position that is the same move
// as m.
func (g *Game) legal(m *Move) (Move, bool) {
	p := &g.positions[len(g.positions)-1]
	g.buf = p.AppendLegalMoves(g.buf[:0])
	for _, l := range g.buf {
		if l.Same(m) {
			return l, true
		}
	}
	return Move{}, false
}

// Undo takes back the last move, reopening a game that had ended by a move;
// the draw counters return to what they were before it. It reports false
// when there is no move to take back.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.counters = g.counters[:len(g.counters)-1]
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

// LoseOnTime ends the game: side c ran out of time.
func (g *Game) LoseOnTime(c Color) {
	if !g.Over() {
		g.result, g.reason = winFor(c.Opponent()), OutOfTime
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
	first := len(g.positions) - 1 - int(g.Counters().Quiet)
	out := make([]uint64, 0, len(g.positions)-first)
	for i := first; i < len(g.positions); i++ {
		out = append(out, g.positions[i].hash)
	}
	return out
}

// update sets the result of the current position: a win when the side to
// move has no piece or no move, otherwise the draw rules.
func (g *Game) update() {
	n := len(g.positions) - 1
	p := &g.positions[n]
	if r, why := g.decided(p); r != Ongoing {
		g.result, g.reason = r, why
		return
	}
	if r := g.drawAfter(g.positions[:n], p, g.counters[n], len(g.moves)); r != NotOver {
		g.result, g.reason = Drawn, r
	}
}

// decided returns the win for the side not to move when the side to move
// has no piece left or no legal move.
func (g *Game) decided(p *Position) (Result, Reason) {
	if p.side(p.turn) == 0 {
		return winFor(p.turn.Opponent()), NoPieces
	}
	if p.CountMoves(g.buf[:0]) == 0 {
		return winFor(p.turn.Opponent()), NoMoves
	}
	return Ongoing, NotOver
}

// drawAfter applies the automatic draw rules to position p, reached after
// the positions of history with counters c, ply moves into the game.
// Repetition is checked first, then the variant's rules, then the house
// move limit.
func (g *Game) drawAfter(history []Position, p *Position, c DrawCounters, ply int) Reason {
	if n := p.v.Draw.Repetition; n > 0 && repetitions(history, p, int(c.Quiet)) >= n {
		return Repetition
	}
	if r := c.Rule(p); r != NotOver {
		return r
	}
	if g.opts.MoveLimit > 0 && ply >= 2*g.opts.MoveLimit {
		return MoveLimit
	}
	return NotOver
}

// repetitions counts how often p occurs (p included) among the last quiet
// positions of history, with the same side to move: only positions since
// the last capture or man move can be the same.
func repetitions(history []Position, p *Position, quiet int) int {
	n := 1
	last := len(history) - quiet
	for i := len(history) - 2; i >= last && i >= 0; i -= 2 {
		if history[i].hash == p.hash && history[i].Equal(p) {
			n++
		}
	}
	return n
}

// Russian FMJD-64 7.2.6: with this many pieces on the board at most, this
// many moves by each side without a capture or a promotion draw the game
// (when both sides have kings).
var pieceCountLimits = [...]struct{ pieces, moves int }{{3, 0}, {5, 30}, {7, 60}}

// DrawCounters are the running counts of the automatic draw rules after a
// position, in plies (one move by one side). A Game keeps one value per
// position; a search keeps its own copy along its line of play: start from
// Game.Counters (or NewDrawCounters for a bare position), call Advance after
// every move, and ask Rule whether the position reached is drawn. Repetition
// needs the positions themselves (Game.RepetitionHashes and the search's own
// line); everything else is here. The value is small and copying it is the
// whole cost.
//
// How each rule is read and counted:
//
//   - English 40-move rule (WCDF 1.32, rules.md): 40 moves by each player
//     in which no man moved and nothing was captured, Quiet reaching 80.
//     Seed 002 words it "40 pairs of moves without a capture or a
//     crowning"; a crowning is a man move, so every crowning resets the WCDF
//     count too, and the WCDF count also resets on any other man move.
//   - Kings only (Russian FMJD-64 7.2.5: 15 moves; International FMJD 6.2:
//     25 moves): both sides moved only kings, without a capture, for that
//     many moves each: the same Quiet count reaching 30 or 50.
//   - Russian 7.2.6: when both sides have a king, 30 moves each (4 or 5
//     pieces on the board) or 60 moves each (6 or 7 pieces) without a
//     capture or a man becoming a king: Material reaching 60 or 120. Seed
//     003 states the precondition ("a position in which both opponents have
//     kings"); the count is the plies since the last capture or promotion,
//     and as the number of pieces changes only by a capture, the count
//     always belongs to the present number of pieces.
//   - Lone-king endings (Russian 7.2.4 and 7.2.8, International 6.3 and
//     6.4): one side has a single piece, a king; the other has three or more
//     kings (Russian) or exactly three pieces with a king (International):
//     15 or 16 moves; or two pieces or fewer with a king: 5 moves. The count
//     starts in the first position of the ending ("counting from the moment
//     the balance of forces was established", FMJD-64 and seed 003), so the
//     move that reached it is not counted. Russian counts the moves of the
//     side hunting the lone king ("his 15th move"; with king against king,
//     the side to move in the first position), International the moves of
//     each side ("both players each play 16 more moves"). A capture or a
//     promotion inside the ending starts the count of the new ending, but
//     never gives more moves than were left: a won piece never buys time,
//     and after 3 against 1 becomes 2 against 1 the 16-move maximum still
//     holds (the Dutch federation's wording). Ending and EndingLimit hold
//     the plies played and the plies allowed.
//   - Russian 7.2.7: three pieces with a king against a lone king that
//     stands on the long diagonal a1-h8: the hunting side's 5th move, counted
//     from the first position with the lone king on the diagonal; the count
//     stops when the king leaves the diagonal and starts again from zero
//     if it comes back. Seed 003 also lists three men; rules.md and the
//     FMJD-64 text ask for a king, and so does the engine. Diagonal and
//     DiagonalLimit hold the plies played and allowed.
//
// The zero value is a valid start: no count running and nothing played.
type DrawCounters struct {
	// Quiet is the number of plies since the last capture or man move.
	Quiet int32
	// Material is the number of plies since the last capture or promotion.
	Material int32
	// Ending is the number of plies played in the current lone-king
	// ending, EndingLimit the number after which it is drawn (0: no such
	// ending).
	Ending, EndingLimit int32
	// Diagonal is the number of plies the lone king has held the long
	// diagonal (Russian), DiagonalLimit the number after which it is drawn
	// (0: the rule does not apply now).
	Diagonal, DiagonalLimit int32
}

// NewDrawCounters returns the counters of a position whose history is not
// known: nothing played, and any lone-king count starting there.
func NewDrawCounters(p *Position) DrawCounters {
	var c DrawCounters
	e := endingOf(p)
	if e.rule != NotOver {
		c.EndingLimit = e.limit(p, e.rule)
	}
	if e.diagonal {
		c.DiagonalLimit = e.limit(p, LongDiagonal)
	}
	return c
}

// Advance returns the counters after move m, played from before (with
// counters c) to reach after. It costs a few bit counts.
func (c DrawCounters) Advance(before *Position, m *Move, after *Position) DrawCounters {
	man := before.kings&bit(int(before.v.geo.idxOf[m.From])) == 0
	material := m.IsCapture() || m.Promotes
	next := DrawCounters{Quiet: c.Quiet + 1, Material: c.Material + 1}
	if man || m.IsCapture() {
		next.Quiet = 0
	}
	if material {
		next.Material = 0
	}
	d := &before.v.Draw
	if d.ThreeKingsVsKing == 0 && d.SmallEnding == 0 {
		return next
	}
	e := endingOf(after)
	if e.rule != NotOver {
		limit := e.limit(after, e.rule)
		switch {
		case c.EndingLimit == 0:
			next.EndingLimit = limit
		case material:
			next.EndingLimit = min(limit, c.EndingLimit-c.Ending-1)
		default:
			next.Ending, next.EndingLimit = c.Ending+1, c.EndingLimit
		}
	}
	if e.diagonal {
		if c.DiagonalLimit == 0 {
			next.DiagonalLimit = e.limit(after, LongDiagonal)
		} else {
			next.Diagonal, next.DiagonalLimit = c.Diagonal+1, c.DiagonalLimit
		}
	}
	return next
}

// Rule returns the automatic draw rule (other than repetition and the
// house move limit) that ends the game at position p, reached with
// counters c, or NotOver. It does not look for a win: check that the side
// to move can move first.
func (c DrawCounters) Rule(p *Position) Reason {
	r, left := c.Next(p)
	if r != NotOver && left <= 0 {
		return r
	}
	return NotOver
}

// Next returns the automatic draw rule nearest to ending the game at
// position p and the plies left before it does (0 when it already has);
// NotOver when no count is running. A quiet count is running once a move
// without capture or man move has been played, the Russian 30/60-move
// count once a move without capture or promotion has been played with
// kings on both sides.
func (c DrawCounters) Next(p *Position) (Reason, int) {
	d := &p.v.Draw
	best, left := NotOver, 0
	consider := func(r Reason, plies int) {
		if best == NotOver || plies < left {
			best, left = r, plies
		}
	}
	if c.Quiet > 0 {
		if d.QuietMoves > 0 {
			consider(QuietMoves, 2*d.QuietMoves-int(c.Quiet))
		}
		if d.KingsOnlyMoves > 0 {
			consider(KingsOnly, 2*d.KingsOnlyMoves-int(c.Quiet))
		}
	}
	if d.PieceCountMoves && c.Material > 0 && p.white&p.kings != 0 && p.black&p.kings != 0 {
		n := bits.OnesCount64(p.white | p.black)
		for _, l := range pieceCountLimits {
			if n <= l.pieces {
				if l.moves > 0 {
					consider(PieceCount, 2*l.moves-int(c.Material))
				}
				break
			}
		}
	}
	if d.ThreeKingsVsKing == 0 && d.SmallEnding == 0 {
		return best, max(left, 0)
	}
	e := endingOf(p)
	if e.rule != NotOver && c.EndingLimit > 0 {
		consider(e.rule, int(c.EndingLimit-c.Ending))
	}
	if e.diagonal && c.DiagonalLimit > 0 {
		consider(LongDiagonal, int(c.DiagonalLimit-c.Diagonal))
	}
	return best, max(left, 0)
}

// ending is what the lone-king draw rules see in a position.
type ending struct {
	rule     Reason // ThreeKingsVsKing, SmallEnding or NotOver
	diagonal bool   // Russian 7.2.7 applies: three pieces against a lone king on the long diagonal
	hunter   Color  // the side hunting the lone king
}

// endingOf classifies position p for the lone-king rules of its variant.
func endingOf(p *Position) ending {
	d := &p.v.Draw
	var e ending
	lone := func(b uint64) bool { return b&(b-1) == 0 && b&p.kings != 0 }
	var weak, strong uint64
	switch {
	case lone(p.white) && lone(p.black):
		e.hunter = p.turn
	case lone(p.black):
		e.hunter = White
	case lone(p.white):
		e.hunter = Black
	default:
		return e
	}
	if e.hunter == White {
		weak, strong = p.black, p.white
	} else {
		weak, strong = p.white, p.black
	}
	pieces, kings := bits.OnesCount64(strong), bits.OnesCount64(strong&p.kings)
	if kings == 0 {
		return e
	}
	switch {
	case pieces <= 2 && d.SmallEnding > 0:
		e.rule = SmallEnding
	case d.ThreeKingsVsKing > 0 && pieces >= 3 && kings >= d.ThreeKingsMinKings && (!d.ThreeKingsExactly || pieces == 3):
		e.rule = ThreeKingsVsKing
	}
	e.diagonal = d.LongDiagonal && d.SmallEnding > 0 && pieces == 3 && weak&p.v.geo.longDia != 0
	return e
}

// limit returns the plies allowed for rule r from position p: the rule's
// moves by each side, or (StrongerSideMoves) until the hunter's last move.
func (e ending) limit(p *Position, r Reason) int32 {
	d := &p.v.Draw
	n := d.SmallEnding
	if r == ThreeKingsVsKing {
		n = d.ThreeKingsVsKing
	}
	if d.StrongerSideMoves && p.turn == e.hunter {
		return int32(2*n - 1)
	}
	return int32(2 * n)
}
