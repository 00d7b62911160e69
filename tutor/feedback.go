package tutor

import (
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// Words names squares and sides in the sentences a learner reads: the
// notation chosen in the settings and the theme's names of the two sides.
type Words struct {
	Names    engine.ColorNames
	Notation engine.Notation
}

// Square writes square s of variant v.
func (w Words) Square(v *engine.Variant, s engine.Square) string {
	return SquareName(v, s, w.Notation)
}

// Squares writes a list of squares: "14", "14 and 18", "5, 9 and 14".
func (w Words) Squares(v *engine.Variant, list []engine.Square) string {
	names := make([]string, 0, len(list))
	seen := map[engine.Square]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			names = append(names, w.Square(v, s))
		}
	}
	return joinAnd(names, "and")
}

// Move writes move m of position p in the chosen notation.
func (w Words) Move(p *engine.Position, m *engine.Move) string {
	return p.MoveString(m, w.Notation)
}

func joinAnd(names []string, word string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + word + " " + names[len(names)-1]
}

// IllegalMessage says in one plain sentence why an attempted move breaks
// the rules, from the engine's Explanation of it (Position.Explain). A
// legal attempt gives "".
func (w Words) IllegalMessage(p *engine.Position, e engine.Explanation) string {
	v := p.Variant()
	sq := func(s engine.Square) string { return w.Square(v, s) }
	first := func() string {
		if len(e.Squares) > 0 {
			return sq(e.Squares[0])
		}
		return sq(e.To)
	}
	piece := p.At(e.From)
	kind := "man"
	if piece.IsKing() {
		kind = "king"
	}
	switch e.Verdict {
	case engine.VerdictLegal:
		return ""
	case engine.VerdictOffBoard:
		return "That is off the board."
	case engine.VerdictLightSquare:
		return "Pieces stay on the dark squares."
	case engine.VerdictNoPiece:
		return fmt.Sprintf("There is no piece on %s.", sq(e.From))
	case engine.VerdictNotYourPiece:
		return fmt.Sprintf("The piece on %s is %s's, and it is %s's turn.", sq(e.From),
			w.Names.Of(piece.Color()), w.Names.Of(p.Turn()))
	case engine.VerdictSameSquare:
		return "The piece has to move to another square."
	case engine.VerdictNotDiagonal:
		return fmt.Sprintf("Pieces move along the diagonals only, and %s is not on a diagonal from there.", first())
	case engine.VerdictOccupied:
		return fmt.Sprintf("Square %s is not empty.", first())
	case engine.VerdictManBackward:
		return fmt.Sprintf("A man moves forward only, and %s is behind it: only kings move backward.", first())
	case engine.VerdictTooFar:
		if piece.IsKing() {
			return fmt.Sprintf("In %s a king moves one square at a time.", v.Title)
		}
		return "A man moves one square at a time, or jumps over a piece next to it."
	case engine.VerdictPathBlocked:
		return fmt.Sprintf("The king cannot pass %s: the way is not free.", w.Squares(v, e.Squares))
	case engine.VerdictJumpOwnPiece:
		return fmt.Sprintf("A piece cannot jump its own side's piece on %s.", first())
	case engine.VerdictMustCapture:
		if len(uniqueSquares(e.Squares)) > 1 {
			return fmt.Sprintf("Captures are available on %s: capturing is compulsory.", w.Squares(v, e.Squares))
		}
		return fmt.Sprintf("A capture is available on %s: capturing is compulsory.", first())
	case engine.VerdictMustContinue:
		return fmt.Sprintf("The capture is not finished: the %s must jump again, to %s.", kind, joinAnd(squareNames(w, v, e.Squares), "or"))
	case engine.VerdictMustTakeMost:
		return fmt.Sprintf("You must take the most pieces: a capture of %d is possible, and this one takes %d.", e.Count, e.Taken)
	case engine.VerdictJumpedTwice:
		return fmt.Sprintf("The piece on %s has already been jumped: a piece is jumped only once.", first())
	case engine.VerdictManCaptureBackward:
		return fmt.Sprintf("In %s a man captures forward only, so it cannot jump the piece on %s.", v.Title, first())
	case engine.VerdictKingMustLand:
		return fmt.Sprintf("The king must land where it can capture again: on %s.", joinAnd(squareNames(w, v, e.Squares), "or"))
	case engine.VerdictCrowningEndsMove:
		return fmt.Sprintf("The man is crowned on %s and the move ends there.", first())
	case engine.VerdictNotCapturing:
		return fmt.Sprintf("After a jump only more jumps may follow, and the step to %s captures nothing.", first())
	}
	return "That move is not legal here."
}

func squareNames(w Words, v *engine.Variant, list []engine.Square) []string {
	var out []string
	for _, s := range uniqueSquares(list) {
		out = append(out, w.Square(v, s))
	}
	return out
}

func uniqueSquares(list []engine.Square) []engine.Square {
	var out []engine.Square
	seen := map[engine.Square]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// Arrow is a move to draw on the board: from a square along Path (the
// landing squares, To last).
type Arrow struct {
	From engine.Square
	Path []engine.Square
}

// Hint is one hint for the learner: squares to ring, arrows to draw, and
// the sentence to show.
type Hint struct {
	// Level is 1 (the piece), 2 (the target) or 3 (the whole move).
	Level int
	// Ring are the squares to ring; Arrows the moves to draw.
	Ring   []engine.Square
	Arrows []Arrow
	Text   string
	// Move is the move hinted at, set at level 3.
	Move *engine.Move
}

// moveHint is the level-3 hint for move m of p.
func (w Words) moveHint(p *engine.Position, m engine.Move, text string) Hint {
	if text == "" {
		text = fmt.Sprintf("Play %s.", w.Move(p, &m))
	}
	return Hint{Level: 3, Ring: []engine.Square{m.From}, Arrows: []Arrow{{From: m.From, Path: m.Path()}},
		Text: text, Move: &m}
}
