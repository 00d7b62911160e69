package tutor

import (
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// Words names squares and sides in the sentences a learner reads: the
// notation chosen in the settings, the theme's names of the two sides (in
// the learner's language: see ColorNamesIn) and the language of the
// sentences.
type Words struct {
	Names    engine.ColorNames
	Notation engine.Notation
	// Language is the language of the sentences: "en", "nl" or "de" (see
	// LanguageOf); "" and unknown codes mean English.
	Language string
}

// Square writes square s of variant v.
func (w Words) Square(v *engine.Variant, s engine.Square) string {
	return SquareName(v, s, w.Notation)
}

// Squares writes a list of squares: "14", "14 and 18", "5, 9 and 14" (in
// the words' language).
func (w Words) Squares(v *engine.Variant, list []engine.Square) string {
	return w.list(squareNames(w, v, list), false)
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

// IllegalMessage says in one plain sentence, in the words' language, why
// an attempted move breaks the rules, from the engine's Explanation of it
// (Position.Explain). A legal attempt gives "".
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
	variant := VariantTitle(w.Language, v)
	switch e.Verdict {
	case engine.VerdictLegal:
		return ""
	case engine.VerdictOffBoard:
		return w.tr("illegal.off-board")
	case engine.VerdictLightSquare:
		return w.tr("illegal.light-square")
	case engine.VerdictNoPiece:
		return w.tr("illegal.no-piece", "square", sq(e.From))
	case engine.VerdictNotYourPiece:
		return w.tr("illegal.not-your-piece", "square", sq(e.From), "owner", w.Names.Of(piece.Color()), "turn", w.Names.Of(p.Turn()))
	case engine.VerdictSameSquare:
		return w.tr("illegal.same-square")
	case engine.VerdictNotDiagonal:
		return w.tr("illegal.not-diagonal", "square", first())
	case engine.VerdictOccupied:
		return w.tr("illegal.occupied", "square", first())
	case engine.VerdictManBackward:
		return w.tr("illegal.man-backward", "square", first())
	case engine.VerdictTooFar:
		if piece.IsKing() {
			return w.tr("illegal.king-too-far", "variant", variant)
		}
		return w.tr("illegal.man-too-far")
	case engine.VerdictPathBlocked:
		return w.tr("illegal.path-blocked", "squares", w.Squares(v, e.Squares))
	case engine.VerdictJumpOwnPiece:
		return w.tr("illegal.jump-own", "square", first())
	case engine.VerdictMustCapture:
		if len(uniqueSquares(e.Squares)) > 1 {
			return w.tr("illegal.must-capture-many", "squares", w.Squares(v, e.Squares))
		}
		return w.tr("illegal.must-capture", "square", first())
	case engine.VerdictMustContinue:
		key := "illegal.must-continue.man"
		if piece.IsKing() {
			key = "illegal.must-continue.king"
		}
		return w.tr(key, "squares", w.list(squareNames(w, v, e.Squares), true))
	case engine.VerdictMustTakeMost:
		return w.tr("illegal.must-take-most", "most", e.Count, "taken", e.Taken)
	case engine.VerdictJumpedTwice:
		return w.tr("illegal.jumped-twice", "square", first())
	case engine.VerdictManCaptureBackward:
		return w.tr("illegal.man-capture-backward", "variant", variant, "square", first())
	case engine.VerdictKingMustLand:
		return w.tr("illegal.king-must-land", "squares", w.list(squareNames(w, v, e.Squares), true))
	case engine.VerdictCrowningEndsMove:
		return w.tr("illegal.crowning-ends-move", "square", first())
	case engine.VerdictNotCapturing:
		return w.tr("illegal.not-capturing", "square", first())
	}
	return w.tr("illegal.other")
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
		text = w.tr("hint.play", "move", w.Move(p, &m))
	}
	return Hint{Level: 3, Ring: []engine.Square{m.From}, Arrows: []Arrow{{From: m.From, Path: m.Path()}},
		Text: text, Move: &m}
}
