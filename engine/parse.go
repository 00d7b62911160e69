package engine

import (
	"fmt"
	"strings"
)

// IllegalMoveError is returned by ParseMove for text that names no legal
// move of the position.
type IllegalMoveError struct {
	Input string   // what was typed
	Legal []string // the legal moves, in PDN
	// Captures is true when the legal moves are captures (capturing is
	// compulsory).
	Captures bool
	// Ambiguous is true when the text fits several legal moves; Legal then
	// lists only those.
	Ambiguous bool
}

func (e *IllegalMoveError) Error() string {
	if e.Ambiguous {
		return fmt.Sprintf("%q is ambiguous: it could be %s", e.Input, strings.Join(e.Legal, " or "))
	}
	if len(e.Legal) == 0 {
		return fmt.Sprintf("%q is not legal here: there is no legal move", e.Input)
	}
	kind := "moves"
	if e.Captures {
		kind = "captures"
	}
	return fmt.Sprintf("%q is not legal here; legal %s are %s", e.Input, kind, strings.Join(e.Legal, ", "))
}

// ParseMove reads a move as a person types it and returns the legal move it
// names: `11-15`, `22x15`, a full path `22x15x8`, or just the origin and
// destination of a multi-capture when that is unambiguous; squares may be
// numbers or, on 8x8 boards, algebraic (`c3-d4`, `c3:e5`). The separator
// (`-`, `x`, `:` or a space) is not checked against the kind of move.
func (p *Position) ParseMove(s string) (Move, error) {
	text := strings.TrimSpace(s)
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == '-' || r == 'x' || r == 'X' || r == ':' || r == ' ' || r == '*'
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
	legal := p.LegalMoves()
	var found []Move
	for _, m := range legal {
		if m.From == squares[0] && m.To == squares[len(squares)-1] && followsPath(&m, squares[1:len(squares)-1]) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		e := &IllegalMoveError{Input: text}
		for i := range legal {
			e.Legal = append(e.Legal, p.MoveString(&legal[i], Numeric))
			e.Captures = legal[i].IsCapture()
		}
		return Move{}, e
	}
	e := &IllegalMoveError{Input: text, Ambiguous: true}
	for i := range found {
		e.Legal = append(e.Legal, p.LongMoveString(&found[i], Numeric))
	}
	return Move{}, e
}

// followsPath reports whether the squares mid appear in order among the
// landing squares of m.
func followsPath(m *Move, mid []Square) bool {
	path := m.Path()
	j := 0
	for _, s := range path {
		if j < len(mid) && s == mid[j] {
			j++
		}
	}
	return j == len(mid)
}

func (p *Position) exampleMove() string {
	if ms := p.LegalMoves(); len(ms) > 0 {
		return p.MoveString(&ms[0], Numeric)
	}
	return "11-15"
}
