package puzzles

import (
	"errors"
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// puzzle turns puzzle i of the file into a checked Puzzle, or reports why
// it cannot and returns nil.
func (l *loader) puzzle(v *engine.Variant, i int, rp *rawPuzzle) *Puzzle {
	n := len(l.errs)
	id := rp.ID
	index := i + 1
	at := func(key string) int { return l.ix.keyLine(i, "puzzle."+key) }
	fail := func(key, format string, args ...any) {
		l.errorf(at(key), id, index, format, args...)
	}
	switch {
	case rp.ID == "":
		l.errorf(l.ix.puzzleLine(i), "", index, "the puzzle has no id")
	case !validID(rp.ID):
		l.errorf(at("id"), "", index, "puzzle id %q must be letters, digits, '-', '_' or '.' (at most %d)", shorten(rp.ID), MaxIDLength)
		id = ""
	}
	if rp.Title == "" {
		l.errorf(l.ix.puzzleLine(i), id, index, "the puzzle has no title")
	}
	pz := &Puzzle{ID: rp.ID, Line: l.ix.puzzleLine(i), FEN: rp.FEN, Solution: rp.Solution,
		Alternatives: rp.Alternatives, Themes: rp.Themes, Difficulty: rp.Difficulty, Rating: rp.Rating,
		Texts: Texts{Title: rp.Title, Hints: rp.Hints, Explanation: rp.Explanation}}

	l.texts(i, id, "", Texts{Title: rp.Title, Hints: rp.Hints, Explanation: rp.Explanation})
	if len(rp.Text) > MaxTranslations {
		fail("text", "%d translations; the limit is %d", len(rp.Text), MaxTranslations)
	}
	for lang, t := range rp.Text {
		if !validLang(lang) {
			fail("text."+lang, "text.%s: %q is not a language code (write one like \"nl\" or \"pt-BR\")", lang, lang)
			continue
		}
		tr := Texts(t)
		l.texts(i, id, "text."+lang+".", tr)
		if pz.Text == nil {
			pz.Text = map[string]Texts{}
		}
		pz.Text[lang] = tr
	}
	if len(rp.Themes) > MaxThemes {
		fail("themes", "%d themes; the limit is %d", len(rp.Themes), MaxThemes)
	}
	for _, th := range rp.Themes {
		if !validID(th) {
			fail("themes", "theme %q must be letters, digits, '-', '_' or '.' (at most %d)", shorten(th), MaxIDLength)
			break
		}
	}
	if rp.Difficulty < 0 || rp.Difficulty > 5 {
		fail("difficulty", "difficulty is %d; it must be 1 (easiest) to 5", rp.Difficulty)
	}
	if rp.Rating != 0 && (rp.Rating < 100 || rp.Rating > 4000) {
		fail("rating", "rating is %d; it must be between 100 and 4000", rp.Rating)
	}

	goal, goalOK := l.goal(i, id, v, rp)
	pz.Goal = goal

	if rp.FEN == "" {
		l.errorf(l.ix.puzzleLine(i), id, index, "the puzzle has no fen")
		return nil
	}
	p, err := engine.ParseFEN(v, rp.FEN)
	if err != nil {
		fail("fen", "%v", err)
		return nil
	}
	if err := ValidatePosition(&p, false); err != nil {
		fail("fen", "the position is not legal: %v", err)
		return nil
	}
	pz.Position = p
	if !goalOK || len(l.errs) > n {
		return nil
	}
	if goal.Kind == GoalWin || goal.Kind == GoalGain {
		for _, line := range pz.Lines() {
			pz.Goal.Horizon = max(pz.Goal.Horizon, len(line)+4)
		}
	}
	if goal.Kind == GoalCaptureAll {
		l.captureAll(i, pz)
	} else {
		l.lines(i, pz)
	}
	if len(l.errs) > n {
		return nil
	}
	return pz
}

func validLang(s string) bool {
	if len(s) < 2 || len(s) > 8 {
		return false
	}
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r == '-') {
			return false
		}
	}
	return true
}

func (l *loader) texts(i int, id, prefix string, t Texts) {
	at := func(key string) int { return l.ix.keyLine(i, "puzzle."+prefix+key) }
	l.textLimit(at("title"), id, i+1, prefix+"title", t.Title)
	l.textLimit(at("explanation"), id, i+1, prefix+"explanation", t.Explanation)
	if len(t.Hints) > MaxHints {
		l.errorf(at("hints"), id, i+1, "%shints has %d texts; the limit is %d (piece, target, move)", prefix, len(t.Hints), MaxHints)
	}
	for k, h := range t.Hints {
		if !l.textLimit(at("hints"), id, i+1, fmt.Sprintf("%shint %d", prefix, k+1), h) {
			break
		}
	}
}

// goal reads the goal and its parameters; parameters of other goals are
// errors, so that a typo in the goal name does not pass unnoticed.
func (l *loader) goal(i int, id string, v *engine.Variant, rp *rawPuzzle) (Goal, bool) {
	at := func(key string) int { return l.ix.keyLine(i, "puzzle."+key) }
	ok := true
	fail := func(key, format string, args ...any) {
		l.errorf(at(key), id, i+1, format, args...)
		ok = false
	}
	if rp.Goal == "" {
		fail("goal", "the puzzle has no goal: write goal = one of %s", strings.Join(GoalNames(), ", "))
		return Goal{}, false
	}
	kind, known := ParseGoalKind(rp.Goal)
	if !known {
		fail("goal", "unknown goal %q: use one of %s", shorten(rp.Goal), strings.Join(GoalNames(), ", "))
		return Goal{}, false
	}
	g := Goal{Kind: kind}
	uses := map[string]bool{}
	switch kind {
	case GoalGain:
		uses["gain"] = true
		g.N = rp.Gain
		if rp.Gain < 1 || rp.Gain > v.MaxPieces() {
			fail("gain", "goal \"gain\" needs gain = the number of pieces to win, 1 to %d (it is %d)", v.MaxPieces(), rp.Gain)
		}
	case GoalCrown, GoalReach:
		uses["moves"] = true
		g.N = rp.Moves
		if rp.Moves < 1 || rp.Moves > MaxGoalMoves {
			fail("moves", "goal %q needs moves = the number of moves allowed, 1 to %d (it is %d)", rp.Goal, MaxGoalMoves, rp.Moves)
		}
		if kind == GoalReach {
			uses["square"] = true
			if rp.Square == "" {
				fail("square", "goal \"reach\" needs square = the target square")
			} else if sq, err := v.ParseSquare(string(rp.Square)); err != nil {
				fail("square", "square: %v", err)
			} else {
				g.Square = sq
			}
		}
	case GoalAnyLegal:
		uses["kind"] = true
		g.Move = KindAny
		if rp.Kind != "" {
			g.Move = MoveKind(rp.Kind)
			found := false
			for _, k := range moveKinds {
				found = found || k == g.Move
			}
			if !found {
				names := make([]string, len(moveKinds))
				for j, k := range moveKinds {
					names[j] = string(k)
				}
				fail("kind", "unknown move kind %q: use one of %s", shorten(rp.Kind), strings.Join(names, ", "))
			}
		}
	}
	params := []struct {
		key string
		set bool
	}{{"gain", rp.Gain != 0}, {"moves", rp.Moves != 0}, {"square", rp.Square != ""}, {"kind", rp.Kind != ""}}
	for _, prm := range params {
		if prm.set && !uses[prm.key] {
			fail(prm.key, "%s is not used by goal %q", prm.key, rp.Goal)
		}
	}
	return g, ok
}

// captureAll checks the forced-capture drill: the solution lists every
// legal capture of the position, each once, and nothing else.
func (l *loader) captureAll(i int, pz *Puzzle) {
	fail := func(format string, args ...any) {
		l.errorf(l.ix.keyLine(i, "puzzle.solution"), pz.ID, i+1, format, args...)
	}
	p := pz.Position
	if len(pz.Alternatives) > 0 {
		l.errorf(l.ix.keyLine(i, "puzzle.alternatives"), pz.ID, i+1, "goal \"capture-all\" takes no alternatives: the solution lists every capture")
	}
	if !p.HasCapture() {
		fail("goal \"capture-all\" needs a position with captures, but %s has none here", p.Turn())
		return
	}
	legal := p.LegalMoves()
	found := make([]bool, len(legal))
	for k, s := range pz.Solution {
		m, err := p.ParseMove(s)
		if err != nil {
			fail("%s", moveError("solution", k+1, s, err))
			return
		}
		for j := range legal {
			if legal[j].Same(&m) {
				if found[j] {
					fail("solution move %d %q lists the same capture twice", k+1, s)
					return
				}
				found[j] = true
			}
		}
	}
	var missing []string
	for j := range legal {
		if !found[j] {
			missing = append(missing, p.MoveString(&legal[j], engine.Numeric))
		}
	}
	if len(missing) > 0 {
		fail("the solution of a \"capture-all\" puzzle must list every capture; missing: %s", strings.Join(missing, ", "))
	}
}

func moveError(what string, k int, s string, err error) string {
	var ie *engine.IllegalMoveError
	if errors.As(err, &ie) {
		return fmt.Sprintf("%s move %d %v", what, k, err)
	}
	return fmt.Sprintf("%s move %d %q: %v", what, k, s, err)
}

// lines checks that every line is legal and reaches the goal.
func (l *loader) lines(i int, pz *Puzzle) {
	if len(pz.Alternatives) > MaxLines {
		l.errorf(l.ix.keyLine(i, "puzzle.alternatives"), pz.ID, i+1, "%d alternative lines; the limit is %d", len(pz.Alternatives), MaxLines)
		return
	}
	if len(pz.Solution) == 0 && pz.Goal.Kind != GoalAnyLegal {
		l.errorf(l.ix.keyLine(i, "puzzle.solution"), pz.ID, i+1, "the puzzle has no solution: write solution = [\"11-15\", ...]")
		return
	}
	if pz.Goal.Kind == GoalAnyLegal {
		if !anyOfKind(&pz.Position, pz.Goal.Move) {
			l.errorf(l.ix.keyLine(i, "puzzle.kind"), pz.ID, i+1, "no legal move here is %s", pz.Goal.Move.describe())
			return
		}
	}
	seen := map[string]int{}
	for n, line := range pz.Lines() {
		what, key := "solution", "puzzle.solution"
		if n > 0 {
			what, key = fmt.Sprintf("alternative line %d,", n), "puzzle.alternatives"
		}
		fail := func(format string, args ...any) {
			l.errorf(l.ix.keyLine(i, key), pz.ID, i+1, format, args...)
		}
		if n > 0 && len(line) == 0 {
			fail("alternative line %d is empty", n)
			return
		}
		if len(line) > MaxLineLength {
			fail("%s has %d moves; the limit is %d", strings.TrimSuffix(what, ","), len(line), MaxLineLength)
			return
		}
		norm := strings.Join(line, " ")
		if first, dup := seen[norm]; dup {
			fail("alternative line %d repeats line %d", n, first)
			return
		}
		seen[norm] = n
		if len(line) == 0 {
			continue
		}
		if err := checkLine(pz, line, what); err != "" {
			fail("%s", err)
			return
		}
	}
}

// checkLine plays a line and checks the goal at its end; it returns the
// problem, or "".
func checkLine(pz *Puzzle, line []string, what string) string {
	p := pz.Position
	learner := p.Turn()
	start := balance(&p, learner)
	reached := false
	for k, s := range line {
		m, err := p.ParseMove(s)
		if err != nil {
			return moveError(what, k+1, s, err)
		}
		if k%2 == 0 {
			lm := k/2 + 1 // the learner's move number
			switch pz.Goal.Kind {
			case GoalCrown:
				reached = reached || m.Promotes && lm <= pz.Goal.N
			case GoalReach:
				reached = reached || m.To == pz.Goal.Square && lm <= pz.Goal.N
			case GoalAnyLegal:
				if !pz.Goal.Move.Matches(&p, &m) {
					return fmt.Sprintf("%s move 1 %q is not %s", what, s, pz.Goal.Move.describe())
				}
				reached = true
			}
		}
		p.Play(&m)
	}
	if pz.Goal.Kind == GoalAnyLegal && len(line) != 1 {
		return fmt.Sprintf("%s has %d moves; goal \"any-legal\" takes one move", strings.TrimSuffix(what, ","), len(line))
	}
	if len(line)%2 == 0 {
		return fmt.Sprintf("%s ends with the opponent's move; end it with the learner's move", strings.TrimSuffix(what, ","))
	}
	var buf [64]engine.Move
	replies := p.AppendLegalMoves(buf[:0])
	gameWon := len(replies) == 0
	switch pz.Goal.Kind {
	case GoalWin, GoalGain:
		if gameWon {
			return ""
		}
		if replies[0].IsCapture() {
			return fmt.Sprintf("%s stops while %s can still capture (%s); continue it until the captures are over",
				strings.TrimSuffix(what, ","), p.Turn(), p.MoveString(&replies[0], engine.Numeric))
		}
		gained := balance(&p, learner) - start
		if pz.Goal.Kind == GoalGain && gained < pz.Goal.N {
			return fmt.Sprintf("%s wins %s, but the goal is to gain %d", strings.TrimSuffix(what, ","), pieces(gained), pz.Goal.N)
		}
		if pz.Goal.Kind == GoalWin && (gained < 1 || balance(&p, learner) < 1) {
			w, b := totals(&p, learner)
			return fmt.Sprintf("%s does not reach the goal \"win\": at its end the game goes on and %s is not ahead after winning material (%d pieces against %d)",
				strings.TrimSuffix(what, ","), learner, w, b)
		}
	case GoalCrown:
		if !reached {
			return fmt.Sprintf("no move of the %s crowns a man within %d moves", strings.TrimSuffix(what, ","), pz.Goal.N)
		}
	case GoalReach:
		if !reached {
			return fmt.Sprintf("no move of the %s reaches square %d within %d moves", strings.TrimSuffix(what, ","), pz.Goal.Square, pz.Goal.N)
		}
	}
	return ""
}

func totals(p *engine.Position, c engine.Color) (int, int) {
	m1, k1 := p.Count(c)
	m2, k2 := p.Count(c.Opponent())
	return m1 + k1, m2 + k2
}

func pieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}

func anyOfKind(p *engine.Position, k MoveKind) bool {
	for _, m := range p.LegalMoves() {
		if k.Matches(p, &m) {
			return true
		}
	}
	return false
}
