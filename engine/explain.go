package engine

import "fmt"

// Coord is a cell of the board, light or dark: Row 0 is the top row
// (White's crowning row) and Col 0 the left column, seen from White, as in
// Variant.RowCol. A Coord may lie off the board.
type Coord struct {
	Row, Col int
}

// CoordOf returns the cell of square s (the zero Coord for a square that is
// not on the board).
func (v *Variant) CoordOf(s Square) Coord {
	if s < 1 || int(s) > v.Squares() {
		return Coord{}
	}
	r, c := v.RowCol(s)
	return Coord{r, c}
}

// Verdict classifies an attempted move: legal, or the first rule it breaks.
// The engine only classifies; the words for a learner belong to the layers
// above.
type Verdict uint8

const (
	// VerdictLegal: the attempt is a legal move; Explanation.Moves holds the
	// legal moves it matches.
	VerdictLegal Verdict = iota
	// VerdictOffBoard: a cell of the attempt (Explanation.Cell) is off the
	// board.
	VerdictOffBoard
	// VerdictLightSquare: a cell of the attempt (Explanation.Cell) is a light
	// square; play is on the dark squares only.
	VerdictLightSquare
	// VerdictNoPiece: there is no piece on the start square.
	VerdictNoPiece
	// VerdictNotYourPiece: the piece on the start square belongs to the side
	// not to move.
	VerdictNotYourPiece
	// VerdictSameSquare: the piece would end where it started (and no
	// capture goes round in a circle there).
	VerdictSameSquare
	// VerdictNotDiagonal: pieces move along diagonals only; Squares holds
	// the square that cannot be reached in a straight diagonal line.
	VerdictNotDiagonal
	// VerdictOccupied: the target square (Squares) is not empty.
	VerdictOccupied
	// VerdictManBackward: men move forward only; Squares holds the target.
	VerdictManBackward
	// VerdictTooFar: a man, or an English king, moves one square only;
	// Squares holds the target.
	VerdictTooFar
	// VerdictPathBlocked: a flying king cannot pass pieces in its way
	// (Squares), nor jump two pieces in a row.
	VerdictPathBlocked
	// VerdictJumpOwnPiece: a piece cannot jump its own side's piece
	// (Squares).
	VerdictJumpOwnPiece
	// VerdictMustCapture: a capture is available and capturing is
	// compulsory; Squares holds the pieces that can capture, Moves the
	// legal captures.
	VerdictMustCapture
	// VerdictMustContinue: the attempt is the start of a capture that must
	// go on; Squares holds where the piece can jump next, Moves the legal
	// moves that begin with the attempt.
	VerdictMustContinue
	// VerdictMustTakeMost: the majority rule: a capture must take the
	// greatest number of pieces (Count); the attempt takes Taken. Squares
	// holds the pieces that can make such a capture, Moves the legal
	// captures.
	VerdictMustTakeMost
	// VerdictJumpedTwice: a piece cannot be jumped twice in one move; it
	// stays on the board until the move ends. Squares holds that piece.
	VerdictJumpedTwice
	// VerdictManCaptureBackward: in English checkers men capture forward
	// only; Squares holds the piece the man tried to jump.
	VerdictManCaptureBackward
	// VerdictKingMustLand: a flying king must land behind the captured
	// piece on a square from which the capture continues; Squares holds
	// those squares.
	VerdictKingMustLand
	// VerdictCrowningEndsMove: in English checkers a man crowned during a
	// capture stops there; Squares holds the square where it was crowned.
	VerdictCrowningEndsMove
	// VerdictNotCapturing: only captures chain into one move; Squares holds
	// the end of the step that captured nothing.
	VerdictNotCapturing
	// VerdictOtherIllegal: not legal for a reason none of the other
	// verdicts names. It is not expected to occur.
	VerdictOtherIllegal
	numVerdicts
)

var verdictNames = [numVerdicts]string{
	"legal", "off board", "light square", "no piece", "not your piece", "same square",
	"not diagonal", "occupied", "man backward", "too far", "path blocked", "jump own piece",
	"must capture", "must continue", "must take most", "jumped twice", "man capture backward",
	"king must land", "crowning ends move", "not capturing", "other illegal",
}

// String returns a short name of the verdict, for debugging.
func (v Verdict) String() string {
	if v < numVerdicts {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// Explanation is the verdict on an attempted move and the squares it is
// about; the meaning of Squares is given with each Verdict.
type Explanation struct {
	Verdict Verdict
	// Cell is the offending cell for VerdictOffBoard and
	// VerdictLightSquare.
	Cell Coord
	// From and To are the squares of the attempt, 0 when the cell is not a
	// dark square of the board.
	From, To Square
	Squares  []Square
	// Count is the number of pieces a capture must take
	// (VerdictMustTakeMost); Taken is the number the attempt takes.
	Count, Taken int
	// Moves are the legal moves involved, as each Verdict says.
	Moves []Move
}

// Explain classifies an attempted move of the piece on cell from to cell
// to, passing through the cells via when the learner gave a path. A legal
// attempt gets VerdictLegal with the legal moves it matches; anything else
// gets the first rule the attempt breaks, in the order a learner makes the
// move: the cells, the piece, each step or jump in turn, then the rules of
// capture (compulsory, to be completed, the majority). Explain never panics,
// whatever the cells.
func (p *Position) Explain(from, to Coord, via ...Coord) Explanation {
	v := p.v
	cells := make([]Coord, 0, len(via)+2)
	cells = append(cells, from)
	cells = append(cells, via...)
	cells = append(cells, to)
	squares := make([]Square, len(cells))
	for i, c := range cells {
		if c.Row < 0 || c.Col < 0 || c.Row >= v.Size || c.Col >= v.Size {
			return Explanation{Verdict: VerdictOffBoard, Cell: c}
		}
		s := v.SquareAt(c.Row, c.Col)
		if s == 0 {
			return Explanation{Verdict: VerdictLightSquare, Cell: c}
		}
		squares[i] = s
	}
	e := Explanation{From: squares[0], To: squares[len(squares)-1]}
	pc := p.At(e.From)
	switch {
	case pc == Empty:
		return e.with(VerdictNoPiece, e.From)
	case pc.Color() != p.turn:
		return e.with(VerdictNotYourPiece, e.From)
	}
	legal := p.LegalMoves()
	mid := squares[1 : len(squares)-1]
	for i := range legal {
		m := &legal[i]
		if m.From == e.From && m.To == e.To && p.followsPath(m, mid) {
			e.Moves = append(e.Moves, *m)
		}
	}
	if len(e.Moves) > 0 {
		e.Verdict = VerdictLegal
		return e
	}
	if len(mid) == 0 {
		if e.From == e.To {
			return e.with(VerdictSameSquare, e.From)
		}
		squares = p.inferPath(legal, e.From, e.To)
	}
	a := attempt{p: p, from: e.From, king: pc.IsKing(), legal: legal}
	return a.run(e, squares)
}

func (e Explanation) with(v Verdict, squares ...Square) Explanation {
	e.Verdict = v
	e.Squares = squares
	return e
}

// freeCaptures returns every complete capture of the side to move, without
// the majority rule.
func (p *Position) freeCaptures() []Move {
	if !p.v.MajorityRule {
		if p.HasCapture() {
			return p.LegalMoves()
		}
		return nil
	}
	free := *p.v
	free.MajorityRule = false
	q := *p
	q.v = &free
	return q.appendCaptures(nil)
}

// inferPath fills in the landing squares of an attempt given by its ends
// only, when a capture (legal first, then any complete capture) passes
// through to: the learner clicked where a multi-capture lands on its way.
func (p *Position) inferPath(legal []Move, from, to Square) []Square {
	for _, set := range [][]Move{legal, p.freeCaptures()} {
		for i := range set {
			m := &set[i]
			if m.From != from || !m.IsCapture() {
				continue
			}
			path := m.Path()
			for k, s := range path {
				if s == to {
					return append([]Square{from}, path[:k+1]...)
				}
			}
		}
	}
	return []Square{from, to}
}

// attempt walks an attempted path step by step. Captured pieces stay on the
// board (and block) until the move ends; the start square counts as empty.
type attempt struct {
	p        *Position
	from     Square
	king     bool // the mover is a king (a Russian man crowned on the way becomes one)
	crowned  bool // an English man was crowned: the move has ended
	captured []Square
	lastDir  [2]int // direction of the last jump
	lastFly  bool   // the last jump was made by a flying king
	legal    []Move
}

// at returns the piece on s during the attempt.
func (a *attempt) at(s Square) Piece {
	if s == a.from {
		return Empty
	}
	return a.p.At(s)
}

func (a *attempt) isCaptured(s Square) bool {
	for _, c := range a.captured {
		if c == s {
			return true
		}
	}
	return false
}

func (a *attempt) flying() bool { return a.king && a.p.v.FlyingKings }

// forwardRow is the row step of a forward move of the side to move.
func (a *attempt) forwardRow() int {
	if a.p.turn == White {
		return -1
	}
	return 1
}

func (a *attempt) run(e Explanation, squares []Square) Explanation {
	v := a.p.v
	quiet := false
	for k := 1; k < len(squares); k++ {
		s, t := squares[k-1], squares[k]
		if quiet {
			return e.with(VerdictNotCapturing, s)
		}
		if a.crowned {
			return e.with(VerdictCrowningEndsMove, s)
		}
		if s == t {
			return e.with(VerdictSameSquare, s)
		}
		if a.at(t) != Empty {
			return e.with(VerdictOccupied, t)
		}
		sr, sc := v.RowCol(s)
		tr, tc := v.RowCol(t)
		dr, dc := tr-sr, tc-sc
		if dr != dc && dr != -dc {
			return e.with(VerdictNotDiagonal, t)
		}
		dist := dr
		if dist < 0 {
			dist = -dist
		}
		ur, uc := sign(dr), sign(dc)
		var between []Square
		for i := 1; i < dist; i++ {
			if b := v.SquareAt(sr+i*ur, sc+i*uc); a.at(b) != Empty {
				between = append(between, b)
			}
		}
		backward := ur != a.forwardRow()
		if len(between) == 0 {
			if len(a.captured) > 0 {
				return e.with(VerdictNotCapturing, t)
			}
			switch {
			case !a.king && backward:
				return e.with(VerdictManBackward, t)
			case !a.flying() && dist > 1:
				return e.with(VerdictTooFar, t)
			}
			quiet = true
			continue
		}
		for _, b := range between {
			if a.isCaptured(b) {
				return e.with(VerdictJumpedTwice, b)
			}
		}
		if !a.flying() && dist > 2 {
			return e.with(VerdictTooFar, t)
		}
		if len(between) > 1 {
			return e.with(VerdictPathBlocked, between...)
		}
		x := between[0]
		if a.p.At(x).Color() == a.p.turn {
			return e.with(VerdictJumpOwnPiece, x)
		}
		if !a.king && backward && !v.MenCaptureBackward {
			return e.with(VerdictManCaptureBackward, x)
		}
		a.captured = append(a.captured, x)
		a.lastDir = [2]int{ur, uc}
		a.lastFly = a.flying()
		if !a.king && tr == crownRowOf(v, a.p.turn) {
			switch v.Promotion {
			case PromoteEndsMove:
				a.crowned = true
			case PromoteAndContinue:
				a.king = true
			}
		}
	}
	if quiet {
		if a.p.HasCapture() {
			e.Moves = a.legal
			return e.with(VerdictMustCapture, fromSquares(a.legal)...)
		}
		return e.with(VerdictOtherIllegal)
	}
	end := squares[len(squares)-1]
	n := len(a.captured)
	if !a.crowned {
		if a.lastFly {
			last := a.captured[n-1]
			if lands := a.landings(last, a.lastDir, true); len(lands) > 0 && !contains(lands, end) {
				e.Moves = a.continuing()
				return e.with(VerdictKingMustLand, lands...)
			}
		}
		if next := a.nextLandings(end); len(next) > 0 {
			e.Moves = a.continuing()
			if len(e.Moves) == 0 && v.MajorityRule {
				return a.mostVerdict(e, n)
			}
			return e.with(VerdictMustContinue, next...)
		}
	}
	if v.MajorityRule {
		return a.mostVerdict(e, n)
	}
	return e.with(VerdictOtherIllegal)
}

func (a *attempt) mostVerdict(e Explanation, taken int) Explanation {
	e.Moves = a.legal
	e.Taken = taken
	if len(a.legal) > 0 {
		e.Count = a.legal[0].NumCaptured()
	}
	if e.Count <= taken {
		return e.with(VerdictOtherIllegal)
	}
	return e.with(VerdictMustTakeMost, fromSquares(a.legal)...)
}

// continuing returns the legal moves that begin with the captures of the
// attempt, in the same order.
func (a *attempt) continuing() []Move {
	var out []Move
	for i := range a.legal {
		m := &a.legal[i]
		caps := m.Captured()
		if m.From != a.from || len(caps) <= len(a.captured) {
			continue
		}
		same := true
		for j, c := range a.captured {
			if caps[j] != c {
				same = false
				break
			}
		}
		if same {
			out = append(out, *m)
		}
	}
	return out
}

func crownRowOf(v *Variant, c Color) int {
	if c == White {
		return 0
	}
	return v.Size - 1
}

func fromSquares(moves []Move) []Square {
	var out []Square
	for i := range moves {
		if !contains(out, moves[i].From) {
			out = append(out, moves[i].From)
		}
	}
	return out
}

func contains(list []Square, s Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var diagonals = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

// jumpFrom finds the piece the mover on s could capture in direction d:
// the enemy piece not yet captured, and the first square behind it, which
// must be empty. ok is false when there is none.
func (a *attempt) jumpFrom(s Square, d [2]int) (x Square, r, c int, ok bool) {
	v := a.p.v
	r, c = v.RowCol(s)
	r, c = r+d[0], c+d[1]
	if !a.king && !v.MenCaptureBackward && d[0] != a.forwardRow() {
		return 0, 0, 0, false
	}
	for a.flying() && v.SquareAt(r, c) != 0 && a.at(v.SquareAt(r, c)) == Empty {
		r, c = r+d[0], c+d[1]
	}
	x = v.SquareAt(r, c)
	if x == 0 || a.at(x) == Empty || a.p.At(x).Color() == a.p.turn || a.isCaptured(x) {
		return 0, 0, 0, false
	}
	r, c = r+d[0], c+d[1]
	if l := v.SquareAt(r, c); l == 0 || a.at(l) != Empty {
		return 0, 0, 0, false
	}
	return x, r, c, true
}

// landings returns the squares behind the captured piece x, in direction d,
// where the mover may land: for a flying king the free squares behind it,
// only those from which the capture goes on if there are any; otherwise the
// square right behind it. With onlyGoingOn, squares from which the capture
// does not go on are left out.
func (a *attempt) landings(x Square, d [2]int, onlyGoingOn bool) []Square {
	v := a.p.v
	r, c := v.RowCol(x)
	var all, going []Square
	for {
		r, c = r+d[0], c+d[1]
		l := v.SquareAt(r, c)
		if l == 0 || a.at(l) != Empty {
			break
		}
		all = append(all, l)
		if a.canJump(l) {
			going = append(going, l)
		}
		if !a.flying() {
			break
		}
	}
	if onlyGoingOn || len(going) > 0 {
		return going
	}
	return all
}

// canJump reports whether the mover standing on s can capture again.
func (a *attempt) canJump(s Square) bool {
	for _, d := range diagonals {
		if _, _, _, ok := a.jumpFrom(s, d); ok {
			return true
		}
	}
	return false
}

// nextLandings returns the squares where the mover on s can land with its
// next jump.
func (a *attempt) nextLandings(s Square) []Square {
	var out []Square
	for _, d := range diagonals {
		x, _, _, ok := a.jumpFrom(s, d)
		if !ok {
			continue
		}
		a.captured = append(a.captured, x)
		for _, l := range a.landings(x, d, false) {
			if !contains(out, l) {
				out = append(out, l)
			}
		}
		a.captured = a.captured[:len(a.captured)-1]
	}
	return out
}
