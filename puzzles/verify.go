package puzzles

import (
	"context"
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// Verify runs the checks that need a search on every puzzle of the pack and
// records in each puzzle's Winning the first moves that also reach the
// goal. For win, gain, crown and reach the solver must confirm the first
// move of every line and the learner's later moves; for draw every move of
// the learner must keep the draw. A puzzle the solver cannot judge (too
// hard) gives an error wrapping ErrTooHard. Puzzles that fail stay in the
// pack; the caller decides (the bundled packs must pass).
func (pk *Pack) Verify(ctx context.Context, s Solver) []error {
	var errs []error
	for _, pz := range pk.Puzzles {
		if err := VerifyPuzzle(ctx, s, pz); err != nil {
			errs = append(errs, &Error{File: pk.File, Line: pz.Line, PuzzleID: pz.ID, Msg: err.Error(), Err: err})
		}
	}
	return errs
}

// VerifyPuzzle checks one puzzle with the solver and fills pz.Winning.
func VerifyPuzzle(ctx context.Context, s Solver, pz *Puzzle) error {
	p := pz.Position
	switch pz.Goal.Kind {
	case GoalAnyLegal, GoalCaptureAll:
		ms, err := s.WinningMoves(ctx, p, pz.Goal)
		if err != nil {
			return err
		}
		pz.Winning = moveStrings(&p, ms)
		return nil
	}
	first, err := s.WinningMoves(ctx, p, pz.Goal)
	if err != nil {
		return fmt.Errorf("the solver cannot judge the position: %w", err)
	}
	pz.Winning = moveStrings(&p, first)
	for n, line := range pz.Lines() {
		if err := verifyLine(ctx, s, pz, line); err != nil {
			if n == 0 {
				return fmt.Errorf("solution: %w", err)
			}
			return fmt.Errorf("alternative line %d: %w", n, err)
		}
	}
	return nil
}

func verifyLine(ctx context.Context, s Solver, pz *Puzzle, line []string) error {
	p := pz.Position
	learner := p.Turn()
	start := balance(&p, learner)
	for k, text := range line {
		m, err := p.ParseMove(text)
		if err != nil {
			return err
		}
		if k%2 == 0 {
			g := remainingGoal(pz, &p, k, start)
			if g.Kind == GoalGain && g.N <= 0 {
				break // already reached; the rest of the line is tidying up
			}
			ms, err := s.WinningMoves(ctx, p, g)
			if err != nil {
				return fmt.Errorf("move %d %q: the solver cannot judge it: %w", k+1, text, err)
			}
			if !containsMove(ms, &m) {
				what := "does not achieve"
				if g.Kind == GoalDraw {
					what = "does not hold"
				}
				alt := "no move does"
				if len(ms) > 0 {
					alt = "these do: " + strings.Join(moveStrings(&p, ms), ", ")
				}
				return fmt.Errorf("move %d %q %s the goal %q by the solver's reckoning (%s)", k+1, text, what, g.String(), alt)
			}
			if reachedAfter(pz.Goal, &m) {
				break
			}
		}
		p.Play(&m)
	}
	return nil
}

// remainingGoal is the goal as seen from the position before the learner's
// move k (a ply index) of a line: what is left to gain, how many moves are
// left to crown.
func remainingGoal(pz *Puzzle, p *engine.Position, k, start int) Goal {
	g := pz.Goal
	switch g.Kind {
	case GoalGain:
		g.N -= balance(p, pz.Learner()) - start
	case GoalCrown, GoalReach:
		g.N -= k / 2
	}
	return g
}

// reachedAfter reports whether move m by itself reaches a crown or reach
// goal.
func reachedAfter(g Goal, m *engine.Move) bool {
	switch g.Kind {
	case GoalCrown:
		return m.Promotes
	case GoalReach:
		return m.To == g.Square
	}
	return false
}

func containsMove(ms []engine.Move, m *engine.Move) bool {
	for i := range ms {
		if ms[i].Same(m) {
			return true
		}
	}
	return false
}

func moveStrings(p *engine.Position, ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i := range ms {
		out[i] = p.MoveString(&ms[i], engine.Numeric)
	}
	return out
}
