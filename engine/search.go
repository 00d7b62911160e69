package engine

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Scores. A position won in n plies from the root scores WinScore-n, a lost
// one -(WinScore-n); evaluations stay well inside ±(WinScore-MaxPly). A win
// the endgame database knows without its distance (five pieces) scores
// between WinScore-ply-dbWinPlies-dbWinSpread and
// WinScore-ply-dbWinPlies+dbWinSpread, by how well the winner stands.
const (
	// WinScore is the score of a position won at the root itself.
	WinScore = 30000
	// MaxPly is the deepest ply the search reaches.
	MaxPly   = 128
	winBound = WinScore - 1000
	infinity = WinScore + 1
	maxMoves = 128

	dbWinPlies  = 600 // pseudo-distance of a win without a known distance
	dbWinSpread = 100 // its range, from the evaluation
	dbWinLeft   = 60  // plies the draw rule must leave to count it won
)

// ScoreIsWin reports whether s is a forced win for the side to move.
func ScoreIsWin(s int) bool { return s > winBound }

// ScoreIsLoss reports whether s is a forced loss for the side to move.
func ScoreIsLoss(s int) bool { return s < -winBound }

// PliesToWin returns the number of plies to the end of the game for a win
// or loss score (0 for other scores), or UnknownPlies for a win or loss the
// endgame database knows without its distance.
func PliesToWin(s int) int {
	n := 0
	switch {
	case ScoreIsWin(s):
		n = WinScore - s
	case ScoreIsLoss(s):
		n = WinScore + s
	}
	if n >= dbWinPlies-dbWinSpread {
		return UnknownPlies
	}
	return n
}

// Limits control one search. Zero fields mean "no limit"; with no limit at
// all the search runs to MaxPly or until ctx is cancelled.
type Limits struct {
	// Depth is the greatest nominal depth of iterative deepening.
	Depth int
	// MoveTime is the time the search may use: wall time, or the time
	// Clock measures.
	MoveTime time.Duration
	// Clock, when set, measures the search's time instead of the wall
	// clock: it returns a reading that only grows, such as the CPU time of
	// the thread the search runs on, so that a match on a busy machine
	// gives each move the work a quiet machine would. Only differences of
	// readings matter.
	Clock func() time.Duration
	// TimeLeft, when set and MoveTime is not, plays on a game clock: it
	// is the time left on the searching side's clock, this move's
	// increment included, for the rest of the game or, with MovesToGo,
	// for the next MovesToGo moves; Increment is what the clock gains
	// after each move. The search gives the move a share of the time
	// (see clockBudget): more while its best move keeps changing or its
	// score falls from one iteration to the next, never more than a third
	// of TimeLeft.
	TimeLeft, Increment time.Duration
	// MovesToGo is the number of moves TimeLeft is for (0: the rest of
	// the game).
	MovesToGo int
	// PonderHit, when set, makes the search think on the opponent's
	// time, in the position after the move it expects: no time limit
	// applies until the channel is closed (the opponent played that
	// move), and MoveTime or TimeLeft then count from that moment.
	// Cancelling ctx still stops it at once.
	PonderHit <-chan struct{}
	// Nodes stops the search after about this many nodes.
	Nodes uint64
	// Progress, when set, is called after every completed iteration.
	Progress func(Info)
	// Prober gives exact values of endgame positions; nil for none.
	Prober Prober
	// ProbePieces is the largest number of pieces on the board for which
	// the Prober is asked; 0 means 8.
	ProbePieces int
	// TTMB is the transposition table size of the package-level Search
	// (a Searcher keeps the table it was made with).
	TTMB int
	// Noise and Natural make the search play like a weaker player: every
	// root move is scored, and the move played is the best of
	// score + Natural*(how natural the move looks)/4 + a random number in
	// [0, Noise), among the moves within Window of the best score.
	Noise, Natural, Window int
	// Seed seeds the random choices (Noise).
	Seed uint64
	// Threads is the number of threads of a search that Nodes does not
	// limit (0 or 1: one). The others search the same position with the
	// same table (Lazy SMP) and stop with it; the answer is the main
	// thread's, or a helper's when it completed a deeper iteration (never
	// deeper than Depth). A Clock measures the main thread only. Node
	// budgets stay on one thread so that they play repeatable moves.
	Threads int
	// FixedTime makes the search use all of MoveTime: without it the
	// search stops early when the next iteration is unlikely to finish
	// (half the time used), which suits playing levels.
	FixedTime bool
	// Contempt is what a draw costs the side that searches, in
	// centi-men: a drawn position in the tree (repetition, a counting
	// rule run out, a drawn database ending) scores -Contempt for it and
	// +Contempt for its opponent, so that it keeps the game going rather
	// than settle for a draw in a position about that much worse than
	// level. The strong levels use it in Russian, whose strong games are
	// drawish, against the weaker players they meet (see LevelSettings).
	Contempt int
	// Material makes the search evaluate material only: men and kings at
	// the variant's values, with the evaluation's endgame rules (a lead
	// that cannot win against a flying king is halved, drawn kings-only
	// endings scaled down) but none of its positional terms. Its score
	// says whether material won lasts, whatever the positional weights;
	// the puzzle checks use it.
	Material bool

	// evaluator, when set, replaces the variant's evaluation (tests
	// compare weights with it).
	evaluator *evaluator
	// trunc, when set, replaces the evaluation margins of the depth
	// truncation (tests compare margins with it; {0, 0} turns it off).
	trunc *[2]int
	// noAspiration searches every iteration with a full window (tests
	// compare with it; see aspirate).
	noAspiration bool
	// noBestThread plays the main thread's answer even when a helper
	// completed a deeper iteration (tests compare with it).
	noBestThread bool
	// flatClock gives a move on a game clock a fixed share of TimeLeft as
	// its MoveTime, stopped past half of it, whatever the iterations
	// show (tests compare with it; see clockBudget).
	flatClock bool
}

// Info reports the progress of a search after one iteration.
type Info struct {
	Depth   int
	Score   int // centi-men from the side to move's view, or a win score
	PV      []Move
	Nodes   uint64
	NPS     uint64
	Elapsed time.Duration
}

// SearchResult is the answer of a search. Move is the zero Move (From 0)
// only when the position has no legal move.
type SearchResult struct {
	Move  Move
	Score int
	Depth int // deepest completed iteration (0 if none completed)
	PV    []Move
	Nodes uint64
	// Elapsed is the time used (wall time, or Limits.Clock's).
	Elapsed time.Duration
}

// Ponder returns the expected reply (the second move of the PV), if any.
func (r *SearchResult) Ponder() (Move, bool) {
	if len(r.PV) < 2 {
		return Move{}, false
	}
	return r.PV[1], true
}

// Search searches the current position of g with a fresh transposition
// table of lim.TTMB megabytes. Reuse a Searcher to keep the table between
// moves.
func Search(ctx context.Context, g *Game, lim Limits) SearchResult {
	return NewSearcher(lim.TTMB).Search(ctx, g, lim)
}

type frame struct {
	moves  [maxMoves]Move
	scores [maxMoves]int32
	order  [maxMoves]uint8
	pv     [MaxPly]Move
	npv    int
	tte    ttEntry // the table's entry of the node, when it has one
}

// Searcher searches positions with a transposition table, history and
// killer tables that it keeps between searches. It is not safe for
// concurrent use; use one Searcher per goroutine.
type Searcher struct {
	tt      *TT
	history [2][51][51]int32
	killers [MaxPly][2]uint16
	stack   [MaxPly + 1]frame
	pos     [MaxPly + 1]Position // pos[ply] is the position searched at ply
	// counters[ply] are the draw counters of pos[ply] (counters[0] of the
	// root, from the game)
	counters [MaxPly + 1]DrawCounters
	// quietOnly is set when the variant's only counting rules run on the
	// quiet count (English): the counters are then kept by a shortcut.
	// Other variants take the shortcut while no side is down to a lone
	// king and the Russian piece-count rule cannot apply. quietLimit is
	// the quiet count that draws (0: none).
	quietOnly  bool
	quietLimit int
	pieceRule  bool // the variant has the Russian 30/60-move rule
	// truncSoft and truncHard are the margins of the depth truncation
	// (see alphaBeta); 0 turns a step off
	truncSoft, truncHard int
	// drawScore[c] is the score of a draw with c to move (Limits.Contempt)
	drawScore [2]int
	// ttSalt is xored into every transposition key: 0 without contempt,
	// else a key of the contempt and the side that searches, because the
	// draw scores stored under it hold for that side only
	ttSalt uint64

	// per search
	ctx      context.Context
	moveTime time.Duration // 0: no time limit
	// softTime is the share of a game clock the move is given (0: none,
	// MoveTime rules); moveTime is then the clock's hard limit
	softTime time.Duration
	// ponder is Limits.PonderHit while the search thinks on the
	// opponent's time (nil once the hit came, or when not pondering)
	ponder    <-chan struct{}
	clock     func() time.Duration
	startAt   time.Duration // the clock's reading when the search began
	nodeLimit uint64
	nodes     uint64
	stopped   bool
	prober    Prober
	probeMax  int
	eval      *evaluator
	hashes    []uint64 // game positions since the last irreversible move, then the search path
	irrev     [MaxPly + 1]int
	gameLen   int
	rootDepth int
	selDepth  int
	helpers   []*Searcher // the other threads of a search with Threads > 1
	// mainDepth is the iteration the main thread is in, for its helpers
	// (nil without helpers)
	mainDepth *atomic.Int32
	// the last iteration a helper completed, for the main thread: its
	// depth (0: none yet), score and principal variation
	doneMu    sync.Mutex
	doneDepth int
	doneScore int
	donePV    []Move
}

// NewSearcher returns a searcher with a transposition table of about mb
// megabytes (DefaultTTMB when mb <= 0).
func NewSearcher(mb int) *Searcher {
	return &Searcher{tt: NewTT(mb)}
}

// Clear forgets everything learnt from earlier searches (a new game).
func (s *Searcher) Clear() {
	s.tt.Clear()
	s.history = [2][51][51]int32{}
	s.killers = [MaxPly][2]uint16{}
}

// Search finds a move in the current position of g. Cancelling ctx, the
// MoveTime or the node limit stop it; it then returns the best move found
// so far, which is always a legal move of the position.
func (s *Searcher) Search(ctx context.Context, g *Game, lim Limits) SearchResult {
	s.clock = lim.Clock
	if s.clock == nil {
		s.clock = wallClock
	} else {
		// a clock may be per thread (ThreadCPUClock): the search stays on
		// one thread so that its readings belong together
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	s.startAt = s.clock()
	root := g.Position()
	rootMoves := root.AppendLegalMoves(make([]Move, 0, 64))
	res := SearchResult{}
	if len(rootMoves) == 0 {
		return res
	}
	s.orderRoot(&root, rootMoves)
	res.Move = rootMoves[0]
	res.PV = []Move{rootMoves[0]}
	if len(rootMoves) == 1 && lim.Noise == 0 && lim.Natural == 0 {
		res.Score = s.quickScore(&root)
		res.Elapsed = s.elapsed()
		return res
	}
	s.tt.newSearch()
	s.setup(ctx, g, lim)
	if kept := s.holdRootValue(&root, rootMoves); len(kept) < len(rootMoves) {
		rootMoves = kept
		res.Move = rootMoves[0]
		res.PV = []Move{rootMoves[0]}
	}
	// a search at full strength without a node budget: the only one with
	// helper threads and aspiration windows (see aspirate); the levels that
	// play on a node budget or with mistakes keep the moves they were
	// measured with
	onClock := lim.Nodes == 0 && lim.Noise == 0 && lim.Natural == 0
	helpers := 0
	if lim.Threads > 1 && onClock && len(rootMoves) > 1 {
		stop := s.startHelpers(ctx, g, lim, rootMoves)
		defer stop()
		helpers = lim.Threads - 1
	}
	maxDepth := MaxPly - 8
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth
	}
	scores := make([]int, len(rootMoves))
	aspire := onClock && !lim.noAspiration
	unstable := 0.0 // best-move changes of the last iterations, halved each iteration
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootDepth = depth
		if s.mainDepth != nil {
			s.mainDepth.Store(int32(depth))
		}
		var best, score int
		var ok, firstFailedHigh bool
		if aspire && depth >= aspDepth && res.Depth > 0 && res.Score > -winBound && res.Score < winBound {
			best, score, ok, firstFailedHigh = s.aspirate(&root, rootMoves, scores, depth, res.Score)
		} else {
			best, score, ok = s.searchRoot(&root, rootMoves, scores, depth)
		}
		if !ok {
			// a partial iteration: its best move is trusted only if it
			// beat the first move, which was searched first, or if it
			// is a move that failed high in this iteration
			if best > 0 || firstFailedHigh {
				res.Move = rootMoves[best]
				res.PV = []Move{rootMoves[best]}
			}
			break
		}
		changed := res.Depth > 0 && rootMoves[best] != res.Move
		drop := 0
		if res.Depth > 0 && res.Score > -winBound && res.Score < winBound {
			drop = res.Score - score
		}
		toFront(rootMoves, scores, best)
		res.Move, res.Score, res.Depth = rootMoves[0], score, depth
		res.PV = append([]Move(nil), s.stack[0].pv[:s.stack[0].npv]...)
		s.report(lim, &res)
		if n := PliesToWin(score); n >= 0 && (ScoreIsWin(score) || ScoreIsLoss(score)) && n <= depth {
			break // the mate is proven within the horizon
		}
		if s.pondering() {
			continue // no time limit on the opponent's time
		}
		if s.softTime > 0 {
			// on a game clock: the share grows while the best move
			// changes and when the score falls
			unstable /= 2
			if changed {
				unstable++
			}
			if s.elapsed() > clockShare(s.softTime, s.moveTime, unstable, drop)/2 {
				break
			}
		} else if !lim.FixedTime && s.moveTime > 0 && s.elapsed() > s.moveTime/2 {
			break // the next iteration would not finish in time
		}
	}
	// a helper that completed a deeper iteration than the main thread
	// gives the answer: its move is searched one ply more
	if lim.noBestThread {
		helpers = 0
	}
	for _, h := range s.helpers[:helpers] {
		h.doneMu.Lock()
		if h.doneDepth > res.Depth && h.doneDepth <= maxDepth && len(h.donePV) > 0 {
			res.Move, res.Score, res.Depth = h.donePV[0], h.doneScore, h.doneDepth
			res.PV = append([]Move(nil), h.donePV...)
			s.report(lim, &res)
		}
		h.doneMu.Unlock()
	}
	if (lim.Noise > 0 || lim.Natural > 0) && res.Depth > 0 && !s.stopped {
		if m, sc, ok := s.chooseHuman(&root, rootMoves, res.Depth, lim); ok {
			if !m.Same(&res.Move) {
				res.PV = []Move{m}
			}
			res.Move, res.Score = m, sc
		}
	}
	res.Nodes = s.nodes
	res.Elapsed = s.elapsed()
	return res
}

// holdRootValue handles a root whose value the prober knows without its
// distance (a five-piece position of the endgame database): the search has
// to find the way to the end itself, so it probes only positions with fewer
// pieces than the root (where distances are known), and it keeps only the
// root moves that hold the root's value, so that it never spoils a win or
// a draw. It returns moves, or the moves kept in their order.
func (s *Searcher) holdRootValue(root *Position, moves []Move) []Move {
	n := popcount(root.white | root.black)
	if s.prober == nil || n > s.probeMax {
		return moves
	}
	v, plies, ok := s.prober.Probe(root)
	if !ok || plies != UnknownPlies {
		return moves
	}
	s.probeMax = n - 1
	var kept []Move
	for i := range moves {
		q := *root
		q.Play(&moves[i])
		if cv, _, ok := s.prober.Probe(&q); ok && -cv == v {
			kept = append(kept, moves[i])
		}
	}
	if len(kept) == 0 {
		return moves
	}
	return kept
}

// report passes the iteration in res (its depth, score and principal
// variation) to lim.Progress, if set.
func (s *Searcher) report(lim Limits, res *SearchResult) {
	if lim.Progress == nil {
		return
	}
	el := s.elapsed()
	info := Info{Depth: res.Depth, Score: res.Score, PV: append([]Move(nil), res.PV...),
		Nodes: s.nodes, Elapsed: el}
	if el > 0 {
		info.NPS = uint64(float64(s.nodes) / el.Seconds())
	}
	lim.Progress(info)
}

// startHelpers starts lim.Threads-1 helper threads on the root of g (with
// the root moves the main thread plays) and returns the function that stops
// them and waits until they are done. Helpers share s's table, keep their
// own history, killers and stacks, and differ from the main thread and from
// each other in where their iterations start and in the order of the root
// moves, so that they fill the table with different parts of the tree.
func (s *Searcher) startHelpers(ctx context.Context, g *Game, lim Limits, rootMoves []Move) func() {
	n := lim.Threads - 1
	for len(s.helpers) < n {
		s.helpers = append(s.helpers, &Searcher{})
	}
	hctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	probeMax := s.probeMax
	s.mainDepth = new(atomic.Int32)
	for i, h := range s.helpers[:n] {
		h.tt = s.tt
		h.doneDepth = 0 // before the helper runs: none of its results belongs to this search yet
		moves := append([]Move(nil), rootMoves...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.help(hctx, g, lim, moves, probeMax, i, s.mainDepth)
		}()
	}
	return func() {
		cancel()
		wg.Wait()
		s.mainDepth = nil
	}
}

// help is one helper thread: iterative deepening without a time limit of
// its own, until ctx is cancelled; its results reach the main thread only
// through the table.
func (h *Searcher) help(ctx context.Context, g *Game, lim Limits, moves []Move, probeMax, i int, mainDepth *atomic.Int32) {
	lim.MoveTime, lim.TimeLeft, lim.Nodes, lim.Progress, lim.PonderHit = 0, 0, 0, nil, nil
	h.clock = wallClock
	h.startAt = h.clock()
	h.setup(ctx, g, lim)
	h.probeMax = probeMax
	// a different first move for each helper
	if k := (i + 1) % len(moves); k > 0 {
		moves[0], moves[k] = moves[k], moves[0]
	}
	root := g.Position()
	scores := make([]int, len(moves))
	maxDepth := MaxPly - 8
	if lim.Depth > 0 && lim.Depth < maxDepth {
		maxDepth = lim.Depth + 1
	}
	// each iteration one ply deeper than the main thread's (odd helpers)
	// or as deep (even ones), unless the helper is ahead already
	for depth := 1 + (i+1)%2; depth <= maxDepth; depth++ {
		depth = max(depth, int(mainDepth.Load())+(i+1)%2)
		h.rootDepth = depth
		best, score, ok := h.searchRoot(&root, moves, scores, depth)
		if !ok {
			return
		}
		toFront(moves, scores, best)
		h.doneMu.Lock()
		h.doneDepth, h.doneScore = depth, score
		h.donePV = append(h.donePV[:0], h.stack[0].pv[:h.stack[0].npv]...)
		h.doneMu.Unlock()
	}
}

// truncMargins returns the evaluation margins of the depth truncation in
// variant v (see alphaBeta): a node whose static evaluation is soft
// centi-men outside the window is searched one ply less deep, hard
// centi-men outside two plies less. English: 40 and 140, measured in
// self-play at 100 ms a move (30 and 100 against the search without it:
// +54 =114 -32 in 200 games, 55.5%; 40 and 140 against 30 and 100: +41
// =128 -31, 52.5%; 20 and 70 scored 46.5% in 99 games). Russian with
// 40 and 140 scored 51.1% in 141 games, not shown better, and goes
// without, as International (not measured) does.
func truncMargins(v *Variant) (soft, hard int) {
	if v == English {
		return 40, 140
	}
	return 0, 0
}

// toFront moves the root move best and its score to the front, keeping the
// others in order: the next iteration searches it first.
func toFront(moves []Move, scores []int, best int) {
	m, sc := moves[best], scores[best]
	copy(moves[1:best+1], moves[:best])
	copy(scores[1:best+1], scores[:best])
	moves[0], scores[0] = m, sc
}

// clockBudget divides a game clock with left on it (the increment inc
// included) for movesToGo moves (0: the rest of the game, counted as 20
// moves): soft is the move's share, the time left over the moves to go
// and three quarters of the increment; hard is where the search stops
// whatever the iterations show, four shares and never more than a third
// of left. A move uses from half a share to a whole one when its
// iterations agree (see clockShare), so the clock shrinks by about a
// thirtieth a move: a game of 40 moves ends with about a quarter of it.
func clockBudget(left, inc time.Duration, movesToGo int) (soft, hard time.Duration) {
	soft = left/time.Duration(cmpOr(movesToGo, 20)) + inc*3/4
	hard = min(4*soft, left/3)
	return min(soft, hard), hard
}

// flatBudget is the fixed move time the clock gave before clockBudget:
// the time left over the moves to go and three quarters of the
// increment, at most half the clock.
func flatBudget(left, inc time.Duration, movesToGo int) time.Duration {
	return min(left/time.Duration(cmpOr(movesToGo, 30))+inc*3/4, left/2)
}

// clockShare is the time a move on a game clock may take after an
// iteration: the soft share, up to 2.4 times more while the best move
// changed in the last iterations (unstable counts the changes, each
// halved per iteration since) and up to 1.6 times more when the score
// fell by drop centi-men in the last iteration, never more than hard.
// The search starts no iteration past half of it, since the next
// iteration takes about as long as all before it.
func clockShare(soft, hard time.Duration, unstable float64, drop int) time.Duration {
	f := 1 + 0.7*min(unstable, 2)
	if drop > 0 {
		f *= 1 + float64(min(drop, 60))/100
	}
	return min(time.Duration(float64(soft)*f), hard)
}

// wallStart is the origin of wallClock's readings.
var wallStart = time.Now()

// wallClock is the default clock of a search: wall time, monotonic.
func wallClock() time.Duration { return time.Since(wallStart) }

// elapsed returns the time the current search has used.
func (s *Searcher) elapsed() time.Duration { return s.clock() - s.startAt }

func (s *Searcher) setup(ctx context.Context, g *Game, lim Limits) {
	s.ctx = ctx
	s.moveTime, s.softTime = max(lim.MoveTime, 0), 0
	if lim.MoveTime <= 0 && lim.TimeLeft > 0 {
		s.softTime, s.moveTime = clockBudget(lim.TimeLeft, lim.Increment, lim.MovesToGo)
		if lim.flatClock {
			s.softTime, s.moveTime = 0, flatBudget(lim.TimeLeft, lim.Increment, lim.MovesToGo)
		}
	}
	s.ponder = lim.PonderHit
	s.nodeLimit = lim.Nodes
	s.nodes = 0
	s.stopped = false
	s.prober = lim.Prober
	s.probeMax = lim.ProbePieces
	if s.probeMax <= 0 {
		s.probeMax = 8
		if mp, ok := lim.Prober.(interface{ MaxPieces() int }); ok {
			s.probeMax = mp.MaxPieces()
		}
	}
	root := g.Position()
	s.eval = evaluatorFor(root.v)
	if lim.Material {
		s.eval = materialEvalFor(root.v)
	}
	if lim.evaluator != nil && lim.evaluator.v == root.v {
		s.eval = lim.evaluator
	}
	s.truncSoft, s.truncHard = 0, 0
	if lim.Noise == 0 && lim.Natural == 0 && !lim.Material {
		// the levels with mistakes keep the plain search that their
		// noise was measured with
		s.truncSoft, s.truncHard = truncMargins(root.v)
	}
	if lim.trunc != nil {
		s.truncSoft, s.truncHard = max(lim.trunc[0], 0), max(lim.trunc[1], 0)
	}
	s.drawScore[root.turn], s.drawScore[root.turn.Opponent()] = -lim.Contempt, lim.Contempt
	s.ttSalt = contemptKey(lim.Contempt, root.turn)
	s.hashes = append(s.hashes[:0], g.RepetitionHashes()...)
	if len(s.hashes) == 0 || s.hashes[len(s.hashes)-1] != root.hash {
		s.hashes = append(s.hashes, root.hash)
	}
	s.gameLen = len(s.hashes)
	s.irrev[0] = 0
	s.counters[0] = g.Counters()
	d := &root.v.Draw
	s.quietOnly = d.ThreeKingsVsKing == 0 && d.SmallEnding == 0 && !d.PieceCountMoves && !d.LongDiagonal
	s.quietLimit = 0
	for _, moves := range []int{d.QuietMoves, d.KingsOnlyMoves} {
		if moves > 0 && (s.quietLimit == 0 || 2*moves < s.quietLimit) {
			s.quietLimit = 2 * moves
		}
	}
	s.pieceRule = d.PieceCountMoves
	if cap(s.hashes) < len(s.hashes)+MaxPly+1 {
		s.hashes = append(make([]uint64, 0, len(s.hashes)+2*MaxPly), s.hashes...)
	}
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}
	s.killers = [MaxPly][2]uint16{}
}

// quickScore is the score reported for a forced move without searching.
func (s *Searcher) quickScore(p *Position) int {
	return evaluatorFor(p.v).eval(p)
}

// orderRoot sorts the root moves by the usual ordering (TT move first).
func (s *Searcher) orderRoot(p *Position, moves []Move) {
	var ttm *ttEntry
	var e ttEntry
	if s.tt.probe(s.ttKey(p, 0), &e) {
		ttm = &e
	}
	sc := make([]int32, len(moves))
	for i := range moves {
		sc[i] = s.moveScore(p, &moves[i], ttm, 0)
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && sc[j] > sc[j-1]; j-- {
			sc[j], sc[j-1] = sc[j-1], sc[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// stop reports whether the search must stop, checking the clock and the
// context every 1024 nodes.
func (s *Searcher) stop() bool {
	if s.stopped {
		return true
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
		return true
	}
	if s.nodes&1023 == 0 {
		if s.ctx.Err() != nil || (!s.pondering() && s.moveTime > 0 && s.elapsed() >= s.moveTime) {
			s.stopped = true
		}
	}
	return s.stopped
}

// pondering reports whether the search still thinks on the opponent's
// time; when the ponder hit has just come, the clock starts from now.
func (s *Searcher) pondering() bool {
	if s.ponder == nil {
		return false
	}
	select {
	case <-s.ponder:
		s.ponder = nil
		s.startAt = s.clock()
		return false
	default:
		return true
	}
}

// searchRoot runs one iteration. It returns the index of the best move,
// its score, and false if the iteration was stopped before it finished.
func (s *Searcher) searchRoot(p *Position, moves []Move, scores []int, depth int) (int, int, bool) {
	return s.searchRootWindow(p, moves, scores, depth, -infinity, infinity)
}

// aspDepth is the first iteration searched with an aspiration window,
// aspWindow its half-width (centi-men) around the last iteration's score;
// a search that falls outside is repeated with the window aspWiden times
// wider on that side, and with no bound once it is wider than aspMax.
const (
	aspDepth  = 5
	aspWindow = 20
	aspWiden  = 4
	aspMax    = 400
)

// aspirate searches the root at depth in a window around prev, the score
// of the iteration before, and widens it until the score falls inside. It
// returns what searchRootWindow does, and whether a move failed high in
// this iteration (it is then the first, and a partial iteration may still
// play it).
func (s *Searcher) aspirate(p *Position, moves []Move, scores []int, depth, prev int) (int, int, bool, bool) {
	lo, hi := aspWindow, aspWindow
	failedHigh := false
	for {
		alpha, beta := prev-lo, prev+hi
		if lo > aspMax {
			alpha = -infinity
		}
		if hi > aspMax {
			beta = infinity
		}
		best, score, ok := s.searchRootWindow(p, moves, scores, depth, alpha, beta)
		if !ok {
			return best, score, false, failedHigh
		}
		switch {
		case score <= alpha: // (never with no bound: scores stay inside ±infinity)
			lo *= aspWiden
		case score >= beta:
			toFront(moves, scores, best)
			failedHigh = true
			hi *= aspWiden
		default:
			return best, score, true, false
		}
	}
}

// searchRootWindow searches every root move at depth in the window
// (alpha, beta). It returns the index of the best move, its score (a bound
// when it falls outside the window; the search stops at the first move that
// reaches beta) and false when the search was stopped before its end.
func (s *Searcher) searchRootWindow(p *Position, moves []Move, scores []int, depth, alpha, beta int) (int, int, bool) {
	alpha0 := alpha
	best, bestScore := 0, -infinity
	f := &s.stack[0]
	for i := range moves {
		m := &moves[i]
		child := &s.pos[1]
		*child = *p
		child.Play(m)
		s.push(p, m, child, 1)
		var sc int
		if i == 0 {
			sc = -s.alphaBeta(child, depth-1, -beta, -alpha, 1, true)
		} else {
			sc = -s.alphaBeta(child, depth-1, -alpha-1, -alpha, 1, false)
			if sc > alpha && sc < beta && !s.stopped {
				sc = -s.alphaBeta(child, depth-1, -beta, -alpha, 1, true)
			}
		}
		s.pop()
		if s.stopped {
			return best, alpha, false
		}
		scores[i] = sc
		bestScore = max(bestScore, sc)
		if sc > alpha {
			alpha, best = sc, i
			f.pv[0] = *m
			f.npv = 1 + copy(f.pv[1:], s.stack[1].pv[:s.stack[1].npv])
			if alpha >= beta {
				return best, alpha, true
			}
		}
	}
	if bestScore <= alpha0 {
		return best, bestScore, true
	}
	s.tt.store(s.ttKey(p, 0), depth, scoreToTT(alpha, 0), boundExact, &moves[best])
	return best, alpha, true
}

// push records the position child reached by move m (played from p) at
// ply: its draw counters, and a slot for its hash in the repetition list.
func (s *Searcher) push(p *Position, m *Move, child *Position, ply int) {
	c := &s.counters[ply]
	if s.quietOnly || child.white&(child.white-1) != 0 && child.black&(child.black-1) != 0 {
		// no lone king after the move: no lone-king count runs
		// what Advance does when only the quiet count matters
		prev := &s.counters[ply-1]
		c.Quiet, c.Material = prev.Quiet+1, prev.Material+1
		if m.nCap > 0 || p.kings&bit(int(p.v.geo.idxOf[m.From])) == 0 {
			c.Quiet = 0
		}
		if m.nCap > 0 || m.Promotes {
			c.Material = 0
		}
		c.Ending, c.EndingLimit, c.Diagonal, c.DiagonalLimit = 0, 0, 0, 0
	} else {
		*c = s.counters[ply-1].Advance(p, m, child)
	}
	n := len(s.hashes)
	if c.Quiet > 0 {
		s.irrev[ply] = s.irrev[ply-1]
	} else {
		s.irrev[ply] = n
	}
	s.hashes = append(s.hashes, 0) // filled in by repeated
}

// drawHorizon is the number of plies before a draw by a counting rule
// within which evaluations shrink towards the draw: a winning side then
// prefers the man moves and captures that reset the count.
const drawHorizon = 32

// drawKeys change the transposition key of a position whose draw count is
// close to running out, so that positions with different counts left do
// not share entries.
var drawKeys = func() (k [drawHorizon + 1]uint64) {
	x := uint64(0x2545F4914F6CDD1D)
	for i := range k {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		k[i] = x
	}
	return
}()

// drawLeft returns the plies left before a counting draw rule ends the game
// at ply (the position p), or -1 when no count runs.
func (s *Searcher) drawLeft(p *Position, ply int) int {
	if s.quietOnly || p.white&(p.white-1) != 0 && p.black&(p.black-1) != 0 &&
		(!s.pieceRule || p.white&p.kings == 0 || p.black&p.kings == 0 || popcount(p.white|p.black) > 7) {
		// only the quiet count can run (see Searcher.quietOnly)
		if q := int(s.counters[ply].Quiet); q > 0 && s.quietLimit > 0 {
			return max(s.quietLimit-q, 0)
		}
		return -1
	}
	r, left := s.counters[ply].Next(p)
	if r == NotOver {
		return -1
	}
	return left
}

// ttKey is the transposition key of p at ply: its hash, changed when a
// draw count is about to run out.
func (s *Searcher) ttKey(p *Position, ply int) uint64 {
	return s.keyOf(p, s.drawLeft(p, ply))
}

// keyOf is the transposition key of p with left plies before a draw count
// runs out (-1: none): its hash, the search's salt, and a key of the count
// when it is about to run out.
func (s *Searcher) keyOf(p *Position, left int) uint64 {
	key := p.hash ^ s.ttSalt
	if left >= 0 && left <= drawHorizon {
		key ^= drawKeys[left]
	}
	return key
}

// contemptKey returns the transposition salt of a search with contempt c
// for side: 0 when c is 0, so that searches without contempt share their
// entries whoever searches; else a key of both, so that a searcher that
// plays both colours in turn never reads a draw score of the wrong sign.
func contemptKey(c int, side Color) uint64 {
	if c == 0 {
		return 0
	}
	x := uint64(c)<<1 | uint64(side)
	// splitmix64's finaliser
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

func (s *Searcher) pop() { s.hashes = s.hashes[:len(s.hashes)-1] }

// repeated reports whether the position at ply (hash h, stored last in
// s.hashes) occurred before since the last irreversible move.
func (s *Searcher) repeated(h uint64, ply int) bool {
	n := len(s.hashes) - 1
	s.hashes[n] = h
	for i := n - 2; i >= s.irrev[ply]; i -= 2 {
		if s.hashes[i] == h {
			return true
		}
	}
	return false
}

func killerKey(m *Move) uint16 { return uint16(m.From)<<8 | uint16(m.To) }

// moveScore orders moves: TT move, captures by pieces taken (kings
// counting more), promotions, killers, then history.
func (s *Searcher) moveScore(p *Position, m *Move, tte *ttEntry, ply int) int32 {
	if tte != nil && tte.from == m.From && tte.to == m.To && tte.capMask == m.capMask && tte.from != 0 {
		return 1 << 30
	}
	if m.IsCapture() {
		return 1<<24 + int32(m.nCap)*1024 + int32(popcount(m.capMask&p.kings))*256
	}
	if m.Promotes {
		return 1 << 23
	}
	k := killerKey(m)
	if k == s.killers[ply][0] {
		return 1 << 22
	}
	if k == s.killers[ply][1] {
		return 1<<22 - 1
	}
	return s.history[p.turn][m.From][m.To]
}

func (s *Searcher) alphaBeta(p *Position, depth, alpha, beta, ply int, pvNode bool) int {
	s.nodes++
	f := &s.stack[ply]
	f.npv = 0
	if s.stop() {
		return 0
	}
	if s.repeated(p.hash, ply) {
		return s.drawScore[p.turn]
	}
	// the counting draw rules: a position where a count has run out is a
	// draw unless the side to move has lost (no piece, no move)
	left := s.drawLeft(p, ply)
	if left == 0 {
		if p.side(p.turn) == 0 || p.CountMoves(f.moves[:0]) == 0 {
			return -WinScore + ply
		}
		return s.drawScore[p.turn]
	}
	if ply >= MaxPly-1 {
		return s.leafEval(p, left)
	}
	// mate-distance pruning
	if a := -WinScore + ply; a > alpha {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	if b := WinScore - ply - 1; b < beta {
		beta = b
		if alpha >= beta {
			return beta
		}
	}
	if s.prober != nil {
		if n := popcount(p.white | p.black); n <= s.probeMax {
			if v, plies, ok := s.prober.Probe(p); ok {
				switch {
				case v == DrawWDL:
					return s.drawScore[p.turn]
				case plies == UnknownPlies:
					if left < 0 || left >= dbWinLeft {
						e := max(-4*dbWinSpread, min(4*dbWinSpread, s.eval.eval(p))) / 4
						if v == Win {
							return WinScore - ply - dbWinPlies + e
						}
						return -WinScore + ply + dbWinPlies + e
					}
				case v == Win && (left < 0 || plies <= left):
					return WinScore - ply - plies
				case v == Loss && (left < 0 || plies <= left):
					return -WinScore + ply + plies
				}
				// a win that may not fit in the count left: search it
			}
		}
	}
	if depth <= 0 && !p.HasCapture() {
		if p.side(p.turn) == 0 {
			return -WinScore + ply
		}
		return s.leafEval(p, left)
	}
	if depth < 0 {
		depth = 0
	}
	// quiescence nodes (depth 0, captures only) skip the table: they are
	// many, cheap to search again, and rarely found there
	var tte *ttEntry
	key := s.keyOf(p, left)
	if depth > 0 {
		if s.tt.probe(key, &f.tte) {
			e := &f.tte
			tte = e
			if !pvNode && int(e.depth) >= depth {
				sc := scoreFromTT(int(e.score), ply)
				switch {
				case e.bound == boundExact,
					e.bound == boundLower && sc >= beta,
					e.bound == boundUpper && sc <= alpha:
					return sc
				}
			}
		}
	}
	moves := p.AppendLegalMoves(f.moves[:0])
	if len(moves) == 0 {
		return -WinScore + ply
	}
	n := len(moves)
	if n > maxMoves {
		moves = moves[:maxMoves] // a buffer that overflowed; never happens in practice
		n = maxMoves
	}
	newDepth := depth - 1
	if n == 1 && depth > 0 {
		newDepth = depth // a forced move costs no depth
	}
	// depth truncation: away from the principal variation, a quiet
	// position whose evaluation lies far outside the window is searched
	// less deep, one ply when it is truncSoft outside, two when truncHard
	if !pvNode && depth >= 3 && n > 1 && (s.truncSoft > 0 || s.truncHard > 0) &&
		!moves[0].IsCapture() && alpha > -winBound && beta < winBound {
		e := s.eval.eval(p)
		off := max(e-beta, alpha-e)
		switch {
		case s.truncHard > 0 && off >= s.truncHard && depth >= 4:
			newDepth -= 2
		case s.truncSoft > 0 && off >= s.truncSoft:
			newDepth--
		}
	}
	if depth == 0 {
		newDepth = -1
	}
	// moves are picked by a selection over their scores; only the small
	// index array is reordered, never the moves themselves
	scores := f.scores[:n]
	order := f.order[:n]
	if n == 1 {
		order[0] = 0
	} else {
		for i := range moves {
			scores[i] = s.moveScore(p, &moves[i], tte, ply)
			order[i] = uint8(i)
		}
	}
	origAlpha := alpha
	bestScore := -infinity
	bestIdx := -1
	quiet := !moves[0].IsCapture()
	// the deeper reductions below: 8x8 boards with more than 8 pieces
	deepLMR := quiet && p.v.Size == 8 && popcount(p.white|p.black) > 8
	for i := 0; i < n; i++ {
		bi := i
		for j := i + 1; j < n; j++ {
			if scores[order[j]] > scores[order[bi]] {
				bi = j
			}
		}
		order[i], order[bi] = order[bi], order[i]
		mi := int(order[i])
		m := &moves[mi]
		child := &s.pos[ply+1]
		*child = *p
		child.Play(m)
		s.push(p, m, child, ply+1)
		var sc int
		if i == 0 {
			sc = -s.alphaBeta(child, newDepth, -beta, -alpha, ply+1, pvNode)
		} else {
			d := newDepth
			// late move reduction of quiet moves: on 8x8 boards with more
			// than 8 pieces one ply from the third move on, two from the
			// fifth (depth 4 and more), three from the ninth (depth 6),
			// one less in the principal variation; on 10x10 boards (where
			// the deeper reductions measured no better) and in endings,
			// where the way to a win is long and narrow, one ply from the
			// fourth move and two from the ninth
			if quiet && scores[mi] < 1<<22-1 && !m.Promotes {
				if deepLMR {
					if depth >= 2 && i >= 2 {
						r := 1
						if i >= 4 && depth >= 4 {
							r = 2
						}
						if i >= 8 && depth >= 6 {
							r = 3
						}
						if pvNode && r > 1 {
							r--
						}
						d -= r
					}
				} else if depth >= 3 && i >= 3 {
					d--
					if i >= 8 && depth >= 5 {
						d--
					}
				}
			}
			sc = -s.alphaBeta(child, d, -alpha-1, -alpha, ply+1, false)
			if sc > alpha && d < newDepth && !s.stopped {
				sc = -s.alphaBeta(child, newDepth, -alpha-1, -alpha, ply+1, false)
			}
			if sc > alpha && sc < beta && pvNode && !s.stopped {
				sc = -s.alphaBeta(child, newDepth, -beta, -alpha, ply+1, true)
			}
		}
		s.pop()
		if s.stopped {
			return 0
		}
		if sc > bestScore {
			bestScore, bestIdx = sc, mi
			if sc > alpha {
				alpha = sc
				if pvNode {
					c := &s.stack[ply+1]
					f.pv[0] = *m
					f.npv = 1 + copy(f.pv[1:], c.pv[:c.npv])
				}
				if alpha >= beta {
					if quiet {
						s.goodQuiet(p, m, depth, ply)
					}
					break
				}
			}
		}
	}
	if depth > 0 {
		bound := boundExact
		switch {
		case bestScore >= beta:
			bound = boundLower
		case bestScore <= origAlpha:
			bound = boundUpper
		}
		s.tt.store(key, depth, scoreToTT(bestScore, ply), bound, &moves[bestIdx])
	}
	return bestScore
}

// leafEval is the static evaluation at a leaf, shrunk towards a draw's score when
// a counting draw rule ends the game within drawHorizon plies (left is
// the plies left, -1 for none).
func (s *Searcher) leafEval(p *Position, left int) int {
	e := s.eval.eval(p)
	if left >= 0 && left < drawHorizon {
		d := s.drawScore[p.turn]
		e = d + (e-d)*left/drawHorizon
	}
	return e
}

// goodQuiet rewards a quiet move that caused a cut-off: killer and history.
func (s *Searcher) goodQuiet(p *Position, m *Move, depth, ply int) {
	k := killerKey(m)
	if s.killers[ply][0] != k {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = k
	}
	h := &s.history[p.turn][m.From][m.To]
	*h += int32(depth * depth)
	if *h > 1<<21 {
		for c := range s.history {
			for a := range s.history[c] {
				for b := range s.history[c][a] {
					s.history[c][a][b] /= 2
				}
			}
		}
	}
}

// popcount counts set bits.
func popcount(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// chooseHuman scores every root move at the given depth and picks one the
// way a weaker player would (see Limits.Noise).
func (s *Searcher) chooseHuman(root *Position, moves []Move, depth int, lim Limits) (Move, int, bool) {
	rng := rand.New(rand.NewPCG(lim.Seed, root.hash)) // repeatable per seed and position
	exact := make([]int, len(moves))
	best := -infinity
	for i := range moves {
		child := &s.pos[1]
		*child = *root
		child.Play(&moves[i])
		s.push(root, &moves[i], child, 1)
		exact[i] = -s.alphaBeta(child, depth-1, -infinity, infinity, 1, true)
		s.pop()
		if s.stopped {
			return Move{}, 0, false
		}
		best = max(best, exact[i])
	}
	window := lim.Window
	if window <= 0 {
		window = infinity
	}
	pick, pickVal := -1, 0
	for i := range moves {
		if exact[i] < best-window {
			continue
		}
		v := exact[i] + lim.Natural*naturalness(root, &moves[i])/4
		if lim.Noise > 0 {
			v += rng.IntN(lim.Noise)
		}
		if pick < 0 || v > pickVal {
			pick, pickVal = i, v
		}
	}
	return moves[pick], exact[pick], true
}

// naturalness rates how natural a move looks to a beginner, 0..8: advancing
// a man, towards the centre, crowning, capturing more.
func naturalness(p *Position, m *Move) int {
	g := p.v.geo
	from, to := int(g.idxOf[m.From]), int(g.idxOf[m.To])
	n := 0
	if m.IsCapture() {
		n += 2 + int(m.nCap)
	}
	if m.Promotes {
		n += 4
	}
	size := g.size
	dc := abs(2*int(g.col[to])-(size-1)) - abs(2*int(g.col[from])-(size-1))
	if dc < 0 {
		n += 2 // towards the centre
	}
	if p.kings&bit(from) == 0 {
		n += 2 // men move forward; beginners push men
	}
	return min(n, 8)
}
