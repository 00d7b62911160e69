package puzzles

import (
	"context"
	"errors"
	"fmt"

	"github.com/checkerstutor/checkers/engine"
)

// Verdict is the checker's answer to a learner's move.
type Verdict uint8

const (
	// Wrong: the move does not reach the goal.
	Wrong Verdict = iota
	// Accepted: the move of a stored line.
	Accepted
	// AcceptedAlternative: not a stored move, but it reaches the goal too.
	AcceptedAlternative
)

// String returns "wrong", "accepted" or "alternative".
func (v Verdict) String() string {
	switch v {
	case Accepted:
		return "accepted"
	case AcceptedAlternative:
		return "alternative"
	}
	return "wrong"
}

// Outcome is what Check says about one move of the learner. Moves are in
// PDN in the variant's usual notation.
type Outcome struct {
	Verdict Verdict
	// Move is the learner's move.
	Move string
	// Reply is the opponent's automatic answer to an accepted move, empty
	// when the puzzle is solved or the opponent cannot move.
	Reply string
	// Solved is true when the goal has been reached with this move.
	Solved bool
	// Refutation, for a wrong move, is the opponent's best reply followed
	// by the moves that show why the move fails.
	Refutation []string
	// Reason says in a sentence (English) why a move is wrong.
	Reason string
	// Found, for GoalCaptureAll, lists the captures found so far, this one
	// included; Repeated is true when this capture had been found before.
	// After each capture the board goes back to the puzzle's position.
	Found    []string
	Repeated bool
}

// Checker judges the learner's moves in the puzzle trainer.
type Checker struct {
	// Solver judges moves that are not on a stored line.
	Solver Solver
}

// NewChecker returns a checker using solver s.
func NewChecker(s Solver) *Checker { return &Checker{Solver: s} }

func notationFor(v *engine.Variant) engine.Notation {
	if v.Algebraic {
		return engine.AlgebraicNotation
	}
	return engine.Numeric
}

// Check judges the learner's move in puzzle pz after the moves played so
// far (the learner's and the opponent's, alternating, from the puzzle's
// position; for GoalCaptureAll, the captures found so far). It returns an
// error when played or move cannot be played, or when the solver cannot
// judge a move that is on no stored line.
func (c *Checker) Check(ctx context.Context, pz *Puzzle, played []string, move string) (Outcome, error) {
	if pz.Goal.Kind == GoalCaptureAll {
		return c.checkCaptureAll(pz, played, move)
	}
	if len(played)%2 == 1 {
		return Outcome{}, errors.New("it is the opponent's turn: played must end with the opponent's reply")
	}
	p := pz.Position
	var history []engine.Move
	for k, s := range played {
		m, err := p.ParseMove(s)
		if err != nil {
			return Outcome{}, fmt.Errorf("played move %d: %w", k+1, err)
		}
		history = append(history, m)
		p.Play(&m)
	}
	m, err := p.ParseMove(move)
	if err != nil {
		return Outcome{}, err
	}
	n := notationFor(p.Variant())
	out := Outcome{Move: p.MoveString(&m, n)}
	q := p
	q.Play(&m)

	// On a stored line?
	for _, line := range pz.Lines() {
		next, ok := lineNext(pz.Position, line, history)
		if !ok || !next.Same(&m) {
			continue
		}
		out.Verdict = Accepted
		k := len(history)
		if k+1 >= len(line) {
			out.Solved = true
			return out, nil
		}
		reply, err := q.ParseMove(line[k+1])
		if err != nil {
			return Outcome{}, fmt.Errorf("stored line: %w", err)
		}
		out.Reply = q.MoveString(&reply, n)
		return out, nil
	}

	// Off the stored lines: judge by the goal.
	learnerMoves := len(history)/2 + 1
	start := balance(&pz.Position, pz.Learner())
	var buf [64]engine.Move
	replies := q.AppendLegalMoves(buf[:0])
	quiet := len(replies) == 0 || !replies[0].IsCapture()
	switch pz.Goal.Kind {
	case GoalAnyLegal:
		if pz.Goal.Move.Matches(&p, &m) {
			out.Verdict, out.Solved = AcceptedAlternative, true
		} else {
			out.Reason = fmt.Sprintf("The goal is %s.", pz.Goal.Move.describe())
		}
		return out, nil
	case GoalCrown, GoalReach:
		if reachedAfter(pz.Goal, &m) && learnerMoves <= pz.Goal.N {
			out.Verdict, out.Solved = AcceptedAlternative, true
			return out, nil
		}
	case GoalGain:
		if len(replies) == 0 || quiet && balance(&q, pz.Learner())-start >= pz.Goal.N {
			out.Verdict, out.Solved = AcceptedAlternative, true
			return out, nil
		}
	case GoalWin:
		b := balance(&q, pz.Learner())
		if len(replies) == 0 || quiet && b >= 1 && b-start >= 1 {
			out.Verdict, out.Solved = AcceptedAlternative, true
			return out, nil
		}
	}
	g := remainingGoal(pz, &p, len(history), start)
	wins, err := c.Solver.WinningMoves(ctx, p, g)
	if err != nil {
		return Outcome{}, fmt.Errorf("cannot judge %s: %w", out.Move, err)
	}
	after := g
	if after.Kind == GoalCrown || after.Kind == GoalReach {
		after.N--
	}
	defence, err := c.Solver.Defence(ctx, q, after)
	if err != nil {
		return Outcome{}, fmt.Errorf("cannot find the reply to %s: %w", out.Move, err)
	}
	if containsMove(wins, &m) {
		out.Verdict = AcceptedAlternative
		if pz.Goal.Kind == GoalDraw && learnerMoves >= (len(pz.Solution)+1)/2 {
			out.Solved = true
			return out, nil
		}
		if len(defence) > 0 {
			out.Reply = q.MoveString(&defence[0], n)
		} else {
			out.Solved = true // the opponent cannot move: the game is won
		}
		return out, nil
	}
	out.Verdict = Wrong
	out.Refutation = lineStrings(q, defence, n)
	out.Reason = wrongReason(pz.Goal, &q, defence, out.Refutation)
	return out, nil
}

// lineNext returns the move of line that follows history, if line starts
// with history.
func lineNext(p engine.Position, line []string, history []engine.Move) (engine.Move, bool) {
	if len(line) <= len(history) {
		return engine.Move{}, false
	}
	for k := 0; k <= len(history); k++ {
		m, err := p.ParseMove(line[k])
		if err != nil {
			return engine.Move{}, false
		}
		if k == len(history) {
			return m, true
		}
		if !m.Same(&history[k]) {
			return engine.Move{}, false
		}
		p.Play(&m)
	}
	return engine.Move{}, false
}

func lineStrings(p engine.Position, line []engine.Move, n engine.Notation) []string {
	out := make([]string, len(line))
	for i := range line {
		out[i] = p.MoveString(&line[i], n)
		p.Play(&line[i])
	}
	return out
}

func wrongReason(g Goal, q *engine.Position, defence []engine.Move, texts []string) string {
	if len(defence) == 0 {
		return "That move does not reach the goal."
	}
	who := q.Turn()
	if defence[0].IsCapture() {
		return fmt.Sprintf("After that, %s captures: %s.", who, texts[0])
	}
	switch g.Kind {
	case GoalDraw:
		return fmt.Sprintf("After that, %s wins with %s.", who, texts[0])
	case GoalCrown:
		return fmt.Sprintf("After that, %s answers %s and stops the crowning.", who, texts[0])
	case GoalReach:
		return fmt.Sprintf("After that, %s answers %s and the square is out of reach.", who, texts[0])
	}
	return fmt.Sprintf("After that, %s answers %s and there is no win any more.", who, texts[0])
}

func (c *Checker) checkCaptureAll(pz *Puzzle, played []string, move string) (Outcome, error) {
	p := pz.Position
	n := notationFor(p.Variant())
	legal := p.LegalMoves()
	found := make([]bool, len(legal))
	mark := func(m *engine.Move) bool {
		for j := range legal {
			if legal[j].Same(m) {
				was := found[j]
				found[j] = true
				return was
			}
		}
		return false
	}
	for k, s := range played {
		m, err := p.ParseMove(s)
		if err != nil {
			return Outcome{}, fmt.Errorf("played capture %d: %w", k+1, err)
		}
		mark(&m)
	}
	m, err := p.ParseMove(move)
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{Move: p.MoveString(&m, n), Verdict: Accepted}
	out.Repeated = mark(&m)
	all := true
	for j := range legal {
		if found[j] {
			out.Found = append(out.Found, p.MoveString(&legal[j], n))
		} else {
			all = false
		}
	}
	out.Solved = all
	return out, nil
}
