package puzzles

import (
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// GoalKind is what the learner must achieve in a puzzle.
type GoalKind uint8

const (
	// GoalWin: win the game, or decisive material, by force.
	GoalWin GoalKind = iota + 1
	// GoalGain: win Goal.N pieces (net) by force.
	GoalGain
	// GoalCaptureAll: the forced-capture drill; play every legal capture of
	// the position, one at a time, the position being reset after each.
	GoalCaptureAll
	// GoalCrown: crown a man within Goal.N moves, whatever the opponent
	// does.
	GoalCrown
	// GoalReach: bring a piece to Goal.Square within Goal.N moves, whatever
	// the opponent does.
	GoalReach
	// GoalAnyLegal: make any legal move of the kind Goal.Move.
	GoalAnyLegal
	// GoalDraw: hold the draw; every move of the learner must keep the game
	// drawn.
	GoalDraw
)

var goalNames = [...]string{
	GoalWin:        "win",
	GoalGain:       "gain",
	GoalCaptureAll: "capture-all",
	GoalCrown:      "crown",
	GoalReach:      "reach",
	GoalAnyLegal:   "any-legal",
	GoalDraw:       "draw",
}

// String returns the name used in pack files: "win", "gain", ...
func (k GoalKind) String() string {
	if int(k) < len(goalNames) && goalNames[k] != "" {
		return goalNames[k]
	}
	return fmt.Sprintf("GoalKind(%d)", k)
}

// ParseGoalKind reads a goal name as written in pack files.
func ParseGoalKind(s string) (GoalKind, bool) {
	for k, name := range goalNames {
		if name != "" && name == s {
			return GoalKind(k), true
		}
	}
	return 0, false
}

// GoalNames lists the goal names in the order of FORMAT.md.
func GoalNames() []string {
	out := make([]string, 0, len(goalNames))
	for _, n := range goalNames {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}

// MoveKind is a kind of move for GoalAnyLegal.
type MoveKind string

const (
	// KindAny is any legal move.
	KindAny MoveKind = "any"
	// KindQuiet is a move that captures nothing.
	KindQuiet MoveKind = "quiet"
	// KindCapture is a capture.
	KindCapture MoveKind = "capture"
	// KindKing is a move by a king.
	KindKing MoveKind = "king"
	// KindMan is a move by a man.
	KindMan MoveKind = "man"
	// KindCrowning is a move that crowns a man.
	KindCrowning MoveKind = "crown"
	// KindMultiCapture is a capture of two pieces or more.
	KindMultiCapture MoveKind = "multi-capture"
)

var moveKinds = []MoveKind{KindAny, KindQuiet, KindCapture, KindKing, KindMan, KindCrowning, KindMultiCapture}

// Matches reports whether move m of position p is of kind k.
func (k MoveKind) Matches(p *engine.Position, m *engine.Move) bool {
	switch k {
	case KindAny:
		return true
	case KindQuiet:
		return !m.IsCapture()
	case KindCapture:
		return m.IsCapture()
	case KindKing:
		return p.At(m.From).IsKing()
	case KindMan:
		return !p.At(m.From).IsKing()
	case KindCrowning:
		return m.Promotes
	case KindMultiCapture:
		return m.NumCaptured() >= 2
	}
	return false
}

func (k MoveKind) describe() string {
	switch k {
	case KindQuiet:
		return "a move that captures nothing"
	case KindCapture:
		return "a capture"
	case KindKing:
		return "a king move"
	case KindMan:
		return "a move by a man"
	case KindCrowning:
		return "a move that crowns a man"
	case KindMultiCapture:
		return "a capture of two pieces or more"
	}
	return "any legal move"
}

// Goal is what a puzzle asks for.
type Goal struct {
	Kind GoalKind
	// N is the number of pieces to win (GoalGain) or the number of the
	// learner's moves allowed (GoalCrown, GoalReach).
	N int
	// Square is the target square of GoalReach.
	Square engine.Square
	// Move is the kind of move GoalAnyLegal asks for.
	Move MoveKind
	// Horizon is how many plies a Solver looks ahead for material goals
	// (win, gain); Load sets it to the longest line plus four. 0 lets the
	// solver choose.
	Horizon int
}

// String describes the goal in a few words, as FORMAT.md names it.
func (g Goal) String() string {
	switch g.Kind {
	case GoalGain:
		return fmt.Sprintf("gain %d", g.N)
	case GoalCrown:
		return fmt.Sprintf("crown within %d", g.N)
	case GoalReach:
		return fmt.Sprintf("reach %d within %d", g.Square, g.N)
	case GoalAnyLegal:
		return fmt.Sprintf("any-legal %s", g.Move)
	}
	return g.Kind.String()
}

// Texts are the words of a puzzle in one language.
type Texts struct {
	Title       string
	Hints       []string
	Explanation string
}

// Puzzle is one checked puzzle: a legal position, a goal, and lines of
// legal moves that reach it. The learner plays the side to move of
// Position.
type Puzzle struct {
	// ID is unique within its pack.
	ID string
	// Line is where the puzzle's [[puzzle]] header is in the pack file.
	Line int
	// Texts are the English texts; Text holds translations by language
	// code ("nl", "de", ...).
	Texts
	Text map[string]Texts
	// FEN is the position as written in the file; Position is the parsed
	// position.
	FEN      string
	Position engine.Position
	Goal     Goal
	// Solution is the main line in PDN: the learner's moves and the
	// opponent's replies, alternating, the learner first.
	Solution []string
	// Alternatives are further accepted lines.
	Alternatives [][]string
	// Themes are free tags such as "two-for-one" or "first-position".
	Themes []string
	// Difficulty is 1 (first steps) to 5 (expert), 0 when not given.
	Difficulty int
	// Rating is the initial puzzle rating (Glicko-2 scale), 0 when not given.
	Rating int
	// Winning lists, after Verify, every first move that achieves the goal
	// according to the solver, in PDN (the stored first move among them).
	Winning []string
}

// Lines returns the main line followed by the alternatives.
func (pz *Puzzle) Lines() [][]string {
	return append([][]string{pz.Solution}, pz.Alternatives...)
}

// Learner returns the side the learner plays.
func (pz *Puzzle) Learner() engine.Color { return pz.Position.Turn() }

// Localized returns the texts in language lang, falling back to English for
// every text the translation leaves out.
func (pz *Puzzle) Localized(lang string) Texts {
	t := pz.Texts
	tr, ok := pz.Text[lang]
	if !ok {
		return t
	}
	if tr.Title != "" {
		t.Title = tr.Title
	}
	if tr.Explanation != "" {
		t.Explanation = tr.Explanation
	}
	if len(tr.Hints) > 0 {
		t.Hints = tr.Hints
	}
	return t
}

// Hints returns the three progressive hints in language lang: first the
// piece, then the target, then the move. Hints the file does not give are
// derived from the first move of the solution (in English).
func (pz *Puzzle) Hints(lang string) []string {
	given := pz.Localized(lang).Hints
	out := append([]string(nil), given...)
	if len(out) >= 3 || len(pz.Solution) == 0 {
		return out
	}
	p := pz.Position
	m, err := p.ParseMove(pz.Solution[0])
	if err != nil {
		return out
	}
	derived := []string{
		fmt.Sprintf("Look at the %s on %d.", pieceName(p.At(m.From)), m.From),
		fmt.Sprintf("It can go to %d.", m.To),
		fmt.Sprintf("Play %s.", p.MoveString(&m, engine.Numeric)),
	}
	if m.IsCapture() {
		derived[1] = fmt.Sprintf("It can capture and land on %d.", m.To)
	}
	return append(out, derived[len(out):]...)
}

func pieceName(pc engine.Piece) string {
	if pc.IsKing() {
		return "king"
	}
	return "man"
}

// Pack is a loaded pack file: its header and the puzzles that passed every
// check.
type Pack struct {
	// File is the name the pack was loaded under.
	File        string
	ID          string
	Title       string
	Variant     *engine.Variant
	Description string
	Author      string
	License     string
	// Language is the language of the main texts (normally "en").
	Language string
	// Text holds translated titles and descriptions by language code.
	Text    map[string]PackTexts
	Puzzles []*Puzzle
}

// PackTexts are the translatable texts of a pack header.
type PackTexts struct {
	Title       string
	Description string
}

// Puzzle returns the puzzle with the given id, or nil.
func (pk *Pack) Puzzle(id string) *Puzzle {
	for _, pz := range pk.Puzzles {
		if pz.ID == id {
			return pz
		}
	}
	return nil
}

// validID reports whether s is a usable id: letters, digits, '-', '_' and
// '.', starting with a letter or digit.
func validID(s string) bool {
	if s == "" || len(s) > MaxIDLength {
		return false
	}
	for i, r := range s {
		alnum := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !alnum && (i == 0 || !strings.ContainsRune("-_.", r)) {
			return false
		}
	}
	return true
}
