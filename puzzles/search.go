package puzzles

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// SearchSolver is the Solver of the trainer and of the pack checks. It
// joins three answers, from the most exact to the least:
//
//   - the endgame database (Prober), exact, for the positions it covers;
//   - the material prover, an AND-OR search that is exact within its
//     horizon (the goal's Horizon, or Horizon plies), captures followed to
//     their end;
//   - the engine search (engine.Searcher, with the database at its leaves),
//     which finds forced wins of the game and judges whether material won
//     lasts.
//
// The definitions, as in FORMAT.md, with Man the value of a man in the
// engine's evaluation and the scores from the learner's side after its
// move:
//
//   - win: a move wins when the database says the opponent has lost; or,
//     outside the database, when the search proves a forced win of the game
//     (a win score); or when it wins decisive material: the prover forces a
//     position, with the opponent to move and no capture pending, where the
//     learner has gained at least one piece and is ahead, AND the search
//     scores the position at least +Man at depth Depth and again at
//     Depth+2 (the gain lasts).
//   - gain N: the prover forces N pieces net within the horizon, AND the
//     search scores the position at least the material at the start plus
//     N-1/2 men at Depth and Depth+2.
//   - draw: a move keeps the draw when the database does not say the
//     opponent wins, or, outside the database, when the search finds no
//     forced win for the opponent at Depth nor at Depth+2.
//   - crown, reach, any-legal and capture-all are exact and answered by an
//     Exhaustive solver.
//
// "The search scores" means, at each depth, either the search counting
// material only (engine.Limits.Material) or the one with the whole
// evaluation. The first says the material stays, whatever the positional
// weights; the second accepts material given back for enough, such as a
// king.
//
// A SearchSolver is safe for concurrent use (searches take turns). Its
// memory is the search table (TTMB) plus the prover's table of one
// question; the database, if any, is shared.
type SearchSolver struct {
	// Prober gives exact values of small endings; nil for none. Use
	// engine.NewEndgameDB(engine.English) for English checkers.
	Prober engine.Prober
	// Depth is the search depth of the confirmation searches (0: 10 on
	// 8x8 boards, 8 on 10x10).
	Depth int
	// Horizon is the prover's horizon in plies when a goal has none
	// (0: 9).
	Horizon int
	// MaxHorizon caps any horizon (0: 15).
	MaxHorizon int
	// TTMB is the size of the search table in megabytes (0: 16).
	TTMB int
	// Threads is the number of threads of Solve's timed searches (0 or
	// 1: one); searches on a node budget stay on one thread, so their
	// answers are repeatable.
	Threads int

	mu       sync.Mutex
	searcher *engine.Searcher
	exact    *Exhaustive
}

// NewSearchSolver returns a SearchSolver with the default limits and the
// given prober (nil for none).
func NewSearchSolver(prober engine.Prober) *SearchSolver {
	return &SearchSolver{Prober: prober}
}

func (s *SearchSolver) depth(v *engine.Variant) int {
	if s.Depth > 0 {
		return s.Depth
	}
	if v.Size == 10 {
		return 8
	}
	return 10
}

func (s *SearchSolver) horizon(g Goal) int {
	h := s.Horizon
	if h <= 0 {
		h = 9
	}
	if g.Horizon > 0 {
		h = g.Horizon
	}
	maxH := s.MaxHorizon
	if maxH <= 0 {
		maxH = 15
	}
	h = min(h, maxH)
	if h%2 == 0 {
		h++ // the learner moves on odd plies
	}
	return h
}

func (s *SearchSolver) exhaustive() *Exhaustive {
	if s.exact == nil {
		// Exact solving of whole endings is off: its graphs can take
		// hundreds of megabytes. The database covers small endings.
		s.exact = &Exhaustive{MaxStates: -1}
	}
	return s.exact
}

// search runs the engine on p (the side to move's view) to depth plies.
func (s *SearchSolver) search(ctx context.Context, p engine.Position, depth int) engine.SearchResult {
	return s.searchWith(ctx, p, engine.Limits{Depth: depth})
}

// searchWith runs the engine on p within lim, with the database.
func (s *SearchSolver) searchWith(ctx context.Context, p engine.Position, lim engine.Limits) engine.SearchResult {
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(s.TTMB)
	}
	s.searcher.Clear()
	g := engine.NewGameFrom(p, engine.GameOptions{})
	lim.Prober = s.Prober
	return s.searcher.Search(ctx, g, lim)
}

// probe returns the database value of p, if it is covered.
func (s *SearchSolver) probe(p *engine.Position) (engine.WDL, bool) {
	if s.Prober == nil {
		return engine.DrawWDL, false
	}
	v, _, ok := s.Prober.Probe(p)
	return v, ok
}

// scoreAfter is the learner's score after its move: the opponent is to move
// in q. It searches q to the depth and returns minus its score. A position
// where the opponent has no move is a win. Forced moves are played out
// first: the engine does not search a position with one legal move.
func (s *SearchSolver) scoreAfter(ctx context.Context, q engine.Position, depth int) (int, error) {
	return s.scoreAfterWith(ctx, q, engine.Limits{Depth: depth})
}

// materialAfter is scoreAfter with the engine evaluating material only
// (engine.Limits.Material): the learner's material at the end of the
// best line, which tells whether a gain lasts whatever the positional
// terms of the evaluation say.
func (s *SearchSolver) materialAfter(ctx context.Context, q engine.Position, depth int) (int, error) {
	return s.scoreAfterWith(ctx, q, engine.Limits{Depth: depth, Material: true})
}

func (s *SearchSolver) scoreAfterWith(ctx context.Context, q engine.Position, lim engine.Limits) (int, error) {
	sign := -1
	var buf [96]engine.Move
	for range 64 {
		legal := q.AppendLegalMoves(buf[:0])
		switch len(legal) {
		case 0:
			return -sign * engine.WinScore, nil
		case 1:
			q.Play(&legal[0])
			sign = -sign
			continue
		}
		break
	}
	r := s.searchWith(ctx, q, lim)
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return sign * r.Score, nil
}

// materialScore is the material of p from c's side in the engine's units.
func materialScore(p *engine.Position, c engine.Color) int {
	w := engine.WeightsFor(p.Variant())
	m1, k1 := p.Count(c)
	m2, k2 := p.Count(c.Opponent())
	return (m1-m2)*w.Man + (k1-k2)*w.King
}

// lasting reports whether the learner's score after its move (q, the
// opponent to move) is at least floor at the solver's depth and two plies
// deeper, or a forced win. At each depth either search may say so: the
// one counting material only (the material stays), or the one with the
// whole evaluation (what is given back buys enough, such as a king).
func (s *SearchSolver) lasting(ctx context.Context, q engine.Position, floor int) (bool, error) {
	d := s.depth(q.Variant())
	for _, depth := range []int{d, d + 2} {
		ok := false
		for _, count := range []func(context.Context, engine.Position, int) (int, error){s.materialAfter, s.scoreAfter} {
			sc, err := count(ctx, q, depth)
			if err != nil {
				return false, err
			}
			if engine.ScoreIsWin(sc) {
				return true, nil
			}
			if sc >= floor && !engine.ScoreIsLoss(sc) {
				ok = true
				break
			}
		}
		if !ok {
			return false, nil
		}
	}
	return true, nil
}

// WinningMoves implements Solver with the definitions of SearchSolver.
func (s *SearchSolver) WinningMoves(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error) {
	switch goal.Kind {
	case GoalWin, GoalGain, GoalDraw:
	default:
		s.mu.Lock()
		ex := s.exhaustive()
		s.mu.Unlock()
		return ex.WinningMoves(ctx, p, goal)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	legal := p.LegalMoves()
	learner := p.Turn()
	// The database decides alone when it covers the position (a won
	// ending is not yet N pieces, so gain goes to the prover).
	if _, ok := s.probe(&p); ok && goal.Kind != GoalGain {
		var out []engine.Move
		for i := range legal {
			q := p
			q.Play(&legal[i])
			v, ok := s.probe(&q)
			if !ok {
				return nil, fmt.Errorf("the endgame database does not cover the position after %s", p.MoveString(&legal[i], engine.Numeric))
			}
			if v == engine.Loss || goal.Kind == GoalDraw && v == engine.DrawWDL {
				out = append(out, legal[i])
			}
		}
		return out, nil
	}
	depth := s.depth(p.Variant())
	switch goal.Kind {
	case GoalDraw:
		var out []engine.Move
		for i := range legal {
			q := p
			q.Play(&legal[i])
			holds, err := s.lasting(ctx, q, -engine.WinScore+1000)
			if err != nil {
				return nil, err
			}
			if holds {
				out = append(out, legal[i])
			}
		}
		return out, nil
	case GoalWin:
		// A forced win of the game, seen from the root?
		root := s.search(ctx, p, depth)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		gameWin := engine.ScoreIsWin(root.Score)
		pr := newProver(ctx, &p, 1, true)
		h := s.horizon(goal)
		man := engine.WeightsFor(p.Variant()).Man
		var out []engine.Move
		for i := range legal {
			q := p
			q.Play(&legal[i])
			if v, ok := s.probe(&q); ok {
				if v == engine.Loss {
					out = append(out, legal[i])
				}
				continue
			}
			if gameWin {
				sc, err := s.scoreAfter(ctx, q, depth)
				if err != nil {
					return nil, err
				}
				if engine.ScoreIsWin(sc) {
					out = append(out, legal[i])
					continue
				}
			}
			ok, err := s.forcedAndLasting(ctx, pr, q, h, man)
			if err != nil {
				return nil, err
			}
			if ok {
				out = append(out, legal[i])
			}
		}
		return out, nil
	}
	// GoalGain.
	pr := newProver(ctx, &p, goal.N, false)
	h := s.horizon(goal)
	man := engine.WeightsFor(p.Variant()).Man
	floor := materialScore(&p, learner) + goal.N*man - man/2
	var out []engine.Move
	for i := range legal {
		q := p
		q.Play(&legal[i])
		ok, err := s.forcedAndLasting(ctx, pr, q, h, floor)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, legal[i])
		}
	}
	return out, nil
}

// forcedAndLasting reports whether, after the learner's move (q, the
// opponent to move), the prover forces its goal within h-1 plies and the
// engine confirms that the learner's material stays at floor or above.
func (s *SearchSolver) forcedAndLasting(ctx context.Context, pr *prover, q engine.Position, h, floor int) (bool, error) {
	forced := pr.afterLearner(&q, h-1)
	if pr.err != nil {
		return false, pr.err
	}
	if !forced {
		return false, nil
	}
	return s.lasting(ctx, q, floor)
}

// Defence implements Solver: for win, gain and draw the engine's best
// line from p (the opponent to move), which is the refutation of the
// learner's last move; for the other goals the Exhaustive solver's answer.
func (s *SearchSolver) Defence(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error) {
	switch goal.Kind {
	case GoalWin, GoalGain, GoalDraw:
	default:
		s.mu.Lock()
		ex := s.exhaustive()
		s.mu.Unlock()
		return ex.Defence(ctx, p, goal)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(p.LegalMoves()) == 0 {
		return nil, nil
	}
	r := s.search(ctx, p, s.depth(p.Variant()))
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	line := r.PV
	if len(line) == 0 {
		line = []engine.Move{r.Move}
	}
	return line[:min(len(line), 6)], nil
}

// SolveOptions limit SearchSolver.Solve. Zero fields take the defaults.
type SolveOptions struct {
	// MoveTime is the time of the engine's main-line search (default:
	// 2 s when the proofs found a winning move, else what they leave of
	// 12 s, at least 5 s; none when Nodes is set).
	MoveTime time.Duration
	// Nodes, when set, limits the engine's searches by nodes instead of
	// time (the main-line search gets Nodes, the search after each other
	// move a share of them), which makes the answer repeatable.
	Nodes uint64
	// ProveTime bounds the proofs of the winning moves (default 4 s, or
	// MoveTime when that is longer). Moves not proven by then are not
	// listed as proven.
	ProveTime time.Duration
}

// Solve's default times: the proofs and the main-line search share
// solveBudget, the search getting at least solveMinTime (and the searches
// after the other moves as much again, shared between them). When the
// proofs found a winning move, the main line gets solveProvenTime (and the
// other moves as much, shared).
const (
	solveBudget     = 12 * time.Second
	solveMinTime    = 5 * time.Second
	solveProvenTime = 2 * time.Second
)

// UnprovenFloor is the engine score (hundredths of a man, for the side to
// move) from which Solve, when it proves no move, still names the engine's
// best move as the likely winning move, with Proven false.
const UnprovenFloor = 20

// SolveResult is the answer of SearchSolver.Solve.
type SolveResult struct {
	// Winning are the first moves that win (numeric notation);
	// WinningMoves the same moves. With Proven they are the moves that win
	// by the definitions of SearchSolver; without it, at most the engine's
	// best move, when its score is at least UnprovenFloor.
	Winning      []string
	WinningMoves []engine.Move
	// Line is the main line (numeric notation), LineMoves the same moves:
	// the engine's best play, starting with a proven winning move if there
	// is one.
	Line      []string
	LineMoves []engine.Move
	// Score is the engine's score of the position for the side to move
	// (a win score when the search sees a forced win of the game).
	Score int
	// Proven reports whether Winning holds proven wins. When it is false,
	// Winning is the engine's judgement only.
	Proven bool
}

// Solve answers "what wins here?" for the side to move of p, the question
// of `draughts puzzles solve`. It runs three steps within its limits:
//
//  1. WinningMoves with goal win: the database, forced wins of the game
//     seen at the solver's depth, decisive material by force;
//  2. the engine's search of the position for opts.MoveTime, with the
//     database at its leaves, which gives the main line;
//  3. when that search sees a forced win of the game, a search after every
//     other move to find the other winning moves.
//
// When nothing is proven (long positional wins are beyond any proof the
// solver can make in seconds), the engine's best move is still the first
// move of Line and, with a score of at least UnprovenFloor, the only move
// of Winning, with Proven false.
func (s *SearchSolver) Solve(ctx context.Context, p engine.Position, opts SolveOptions) (SolveResult, error) {
	r := SolveResult{Winning: []string{}, Line: []string{}}
	legal := p.LegalMoves()
	if len(legal) == 0 {
		return r, nil
	}
	mt := opts.MoveTime
	auto := mt <= 0 && opts.Nodes == 0
	if auto {
		mt = solveMinTime
	}
	main := budget{time: mt, nodes: opts.Nodes}
	share := budget{time: max(mt/time.Duration(len(legal)), 100*time.Millisecond), nodes: opts.Nodes / uint64(len(legal))}
	if mt <= 0 {
		share.time = 0
	}
	pt := opts.ProveTime
	if pt <= 0 {
		pt = max(4*time.Second, mt)
	}
	pctx, cancel := context.WithTimeout(ctx, pt)
	proofStart := time.Now()
	wins, err := s.WinningMoves(pctx, p, Goal{Kind: GoalWin})
	cancel()
	if auto {
		// What the proofs left of the budget goes to the main line: the
		// positions the prover gives up on early are the long ones. Once
		// a move is proven, the search only shows the line and looks for
		// other moves that win the game, which takes less.
		main.time = max(solveMinTime, solveBudget-time.Since(proofStart))
		if err == nil && len(wins) > 0 {
			main.time = solveProvenTime
			share.time = max(solveProvenTime/time.Duration(len(legal)), 100*time.Millisecond)
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrTooHard) {
			return r, err
		}
		wins = nil // out of time or beyond the prover: nothing proven
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	res := s.timedSearch(ctx, p, main, true)
	if err := ctx.Err(); err != nil {
		return r, err
	}
	r.Score = res.Score
	line := res.PV
	if len(line) == 0 {
		line = []engine.Move{res.Move}
	}
	if engine.ScoreIsWin(res.Score) && !containsMove(wins, &line[0]) {
		wins = append(wins, line[0]) // the search sees a forced win
		if auto && len(legal) > 1 {
			// The search stopped when it saw the win: what it left of
			// the budget goes to the other moves, whose wins may be as
			// long.
			left := solveBudget - time.Since(proofStart)
			share.time = max(share.time, left/time.Duration(len(legal)-1))
		}
	}
	if len(wins) > 0 {
		// The position is won: so is every other move after which a
		// search sees the opponent lost.
		for i := range legal {
			if containsMove(wins, &legal[i]) {
				continue
			}
			q := p
			q.Play(&legal[i])
			if lost, err := s.lostAfter(ctx, q, share); err != nil {
				return r, err
			} else if lost {
				wins = append(wins, legal[i])
			}
		}
	}
	r.Proven = len(wins) > 0
	if r.Proven && !containsMove(wins, &line[0]) {
		// Show a proven move: the engine's line after the first of them.
		q := p
		q.Play(&wins[0])
		after := s.timedSearch(ctx, q, share, false)
		line = append([]engine.Move{wins[0]}, after.PV...)
	}
	if !r.Proven && r.Score >= UnprovenFloor {
		wins = []engine.Move{line[0]}
	}
	// Winning in the order of the legal moves, as WinningMoves gives them.
	for i := range legal {
		if containsMove(wins, &legal[i]) {
			r.WinningMoves = append(r.WinningMoves, legal[i])
		}
	}
	r.Winning = append(r.Winning, moveStrings(&p, r.WinningMoves)...)
	r.LineMoves = line
	q := p
	for i := range line {
		r.Line = append(r.Line, q.MoveString(&line[i], engine.Numeric))
		q.Play(&line[i])
	}
	return r, nil
}

// budget limits one engine search: time, nodes, or both (zero: none).
type budget struct {
	time  time.Duration
	nodes uint64
}

// timedSearch runs the engine on p within b with the database (s.mu
// held); with all, it uses all of its time unless it sees the end of the
// game.
func (s *SearchSolver) timedSearch(ctx context.Context, p engine.Position, b budget, all bool) engine.SearchResult {
	if s.searcher == nil {
		s.searcher = engine.NewSearcher(s.TTMB)
	}
	s.searcher.Clear()
	g := engine.NewGameFrom(p, engine.GameOptions{})
	return s.searcher.Search(ctx, g, engine.Limits{MoveTime: b.time, Nodes: b.nodes, Prober: s.Prober, FixedTime: all, Threads: s.Threads})
}

// lostAfter reports whether a search of q (the opponent to move) for d
// sees a forced loss for the opponent. Forced moves are played out first
// (s.mu held).
func (s *SearchSolver) lostAfter(ctx context.Context, q engine.Position, b budget) (bool, error) {
	sign := 1 // +1: the opponent is to move in q
	for range 64 {
		legal := q.LegalMoves()
		if len(legal) == 0 {
			return sign == 1, nil
		}
		if len(legal) > 1 {
			break
		}
		q.Play(&legal[0])
		sign = -sign
	}
	if v, ok := s.probe(&q); ok {
		return v == engine.Loss && sign == 1 || v == engine.Win && sign == -1, nil
	}
	res := s.timedSearch(ctx, q, b, false)
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if sign == 1 {
		return engine.ScoreIsLoss(res.Score), nil
	}
	return engine.ScoreIsWin(res.Score), nil
}
