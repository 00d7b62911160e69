package engine

import (
	"fmt"
	"strings"
)

// IllegalMoveError is returned by ParseMove and ParsePDNMove for text that
// names no legal move of the position, or names several.
type IllegalMoveError struct {
	Input string // what was typed
	// Legal lists the legal moves in the notation of the input (PDN, or
	// algebraic when the input was algebraic); when Ambiguous it lists only
	// the candidates, with their full paths.
	Legal []string
	// Moves are the moves Legal names, in the same order.
	Moves []Move
	// Captures is true when the legal moves are captures (capturing is
	// compulsory).
	Captures bool
	// Ambiguous is true when the text fits several legal moves.
	Ambiguous bool
}

// Error says why the text is not a legal move and lists the legal moves or
// the candidates.
func (e *IllegalMoveError) Error() string {
	if e.Ambiguous {
		return fmt.Sprintf("%q is ambiguous: it could be %s", e.Input, strings.Join(e.Legal, " or "))
	}
	if len(e.Legal) == 0 {
		return fmt.Sprintf("%q is not legal here: there is no legal move", e.Input)
	}
	kind := "move"
	if e.Captures {
		kind = "capture"
	}
	if len(e.Legal) == 1 {
		return fmt.Sprintf("%q is not legal here; the only legal %s is %s", e.Input, kind, e.Legal[0])
	}
	return fmt.Sprintf("%q is not legal here; legal %ss are %s", e.Input, kind, strings.Join(e.Legal, ", "))
}

// ParseMove reads a move as a person types it and returns the legal move it
// names: `11-15`, `22x15`, a full path `22x15x8`, a partial path, or just the
// origin and destination of a multi-capture when that is unambiguous;
// squares may be numbers or algebraic (`c3-d4`, `c3:e5`). Separators may be
// `-`, `x`, `:` or spaces and are not checked against the kind of move;
// trailing `!` and `?` marks are ignored. Text that is not a move gets an
// error naming what is wrong; a move that is not legal, or fits several
// legal moves, gets an *IllegalMoveError.
func (p *Position) ParseMove(s string) (Move, error) {
	text := strings.TrimSpace(s)
	text = strings.TrimRight(text, "!?+ ")
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == '-' || r == 'x' || r == 'X' || r == ':' || r == ' ' || r == '\t' || r == '*'
	})
	if len(fields) < 2 {
		return Move{}, fmt.Errorf("%q is not a move: write the start and end squares, like %s", s, p.exampleMove())
	}
	squares := make([]Square, len(fields))
	for i, f := range fields {
		sq, err := p.v.ParseSquare(f)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %v", s, err)
		}
		squares[i] = sq
	}
	return p.resolveMove(text, squares, notationOf(fields[0]))
}

// ParsePDNMove reads a move written as PDN requires: squares joined by one
// separator each, without spaces: `11-15`, `22x15`, `22x15x8`, or
// algebraic `c3-d4`, `c3:e5:g7`. All squares are written the same way
// (numbers or algebraic); `-` joins exactly two squares. The path may be
// partial when it still names one legal move. Syntax errors name the
// problem; a move that is not legal gets an *IllegalMoveError.
func (p *Position) ParsePDNMove(s string) (Move, error) {
	if s == "" {
		return Move{}, fmt.Errorf("empty move")
	}
	var fields []string
	var seps []byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '-' || c == 'x' || c == 'X' || c == ':':
			fields = append(fields, s[start:i])
			seps = append(seps, c)
			start = i + 1
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'j' || c >= 'A' && c <= 'J':
		default:
			return Move{}, fmt.Errorf("move %q: unexpected %q", s, string(rune(c)))
		}
	}
	fields = append(fields, s[start:])
	if len(fields) < 2 {
		return Move{}, fmt.Errorf("move %q: expected squares joined by - or x, like %s", s, p.exampleMove())
	}
	n := notationOf(fields[0])
	squares := make([]Square, len(fields))
	for i, f := range fields {
		if f == "" {
			return Move{}, fmt.Errorf("move %q: a square is missing", s)
		}
		if notationOf(f) != n {
			return Move{}, fmt.Errorf("move %q: %q and %q mix numbers and algebraic squares", s, fields[0], f)
		}
		sq, err := p.v.ParseSquare(f)
		if err != nil {
			return Move{}, fmt.Errorf("move %q: %v", s, err)
		}
		squares[i] = sq
	}
	for _, c := range seps {
		if c == '-' && len(squares) > 2 {
			return Move{}, fmt.Errorf("move %q: - joins two squares; write a capture path with x", s)
		}
	}
	return p.resolveMove(s, squares, n)
}

// notationOf tells whether a square was written as a number or
// algebraically.
func notationOf(field string) Notation {
	if field != "" && (field[0] < '0' || field[0] > '9') {
		return AlgebraicNotation
	}
	return Numeric
}

// resolveMove finds the legal move that starts on squares[0], ends on the
// last square and passes through the squares between, in order. A move
// whose whole landing path is exactly the squares given wins over moves
// that merely pass through them.
func (p *Position) resolveMove(text string, squares []Square, n Notation) (Move, error) {
	from, to := squares[0], squares[len(squares)-1]
	mid := squares[1 : len(squares)-1]
	var buf [64]Move
	legal := p.AppendLegalMoves(buf[:0])
	var found []Move
	for i := range legal {
		m := &legal[i]
		if m.From == from && m.To == to && p.followsPath(m, mid) {
			found = append(found, *m)
		}
	}
	if len(found) > 1 && len(mid) > 0 {
		var exact []Move
		for i := range found {
			if samePath(found[i].Path(), squares[1:]) {
				exact = append(exact, found[i])
			}
		}
		if len(exact) == 1 {
			found = exact
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		e := &IllegalMoveError{Input: text, Moves: append([]Move(nil), legal...)}
		for i := range legal {
			e.Legal = append(e.Legal, p.MoveString(&legal[i], n))
			e.Captures = legal[i].IsCapture()
		}
		return Move{}, e
	}
	e := &IllegalMoveError{Input: text, Ambiguous: true, Moves: found}
	for i := range found {
		e.Legal = append(e.Legal, p.LongMoveString(&found[i], n))
	}
	return Move{}, e
}

func samePath(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// followsPath reports whether the squares mid appear in order among the
// landing squares of m. For a flying king, a square on the line behind a
// captured piece counts as landing there: the king may stop on any free
// square behind the piece on its way to the next capture, and the
// generator keeps only one such path of each move.
func (p *Position) followsPath(m *Move, mid []Square) bool {
	if len(mid) == 0 {
		return true
	}
	path := m.Path()
	caps := m.Captured()
	j := 0
	prev := m.From
	for i, s := range path {
		if j == len(mid) {
			break
		}
		if s == mid[j] || i < len(caps) && p.behind(m.From, prev, caps[i], mid[j]) {
			j++
		}
		prev = s
	}
	return j == len(mid)
}

// behind reports whether t lies on the line from a through the captured
// piece c, beyond c, with only free squares between c and t (the mover's
// start square from counts as free).
func (p *Position) behind(from, a, c, t Square) bool {
	if !p.v.FlyingKings || !p.At(from).IsKing() {
		return false
	}
	ar, ac := p.v.RowCol(a)
	cr, cc := p.v.RowCol(c)
	dr, dc := sign(cr-ar), sign(cc-ac)
	for r, col := cr+dr, cc+dc; ; r, col = r+dr, col+dc {
		s := p.v.SquareAt(r, col)
		if s == 0 || s != from && p.At(s) != Empty {
			return false
		}
		if s == t {
			return true
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (p *Position) exampleMove() string {
	var buf [64]Move
	if ms := p.AppendLegalMoves(buf[:0]); len(ms) > 0 {
		return p.MoveString(&ms[0], Numeric)
	}
	return "11-15"
}
