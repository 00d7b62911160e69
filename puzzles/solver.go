package puzzles

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/checkerstutor/checkers/engine"
)

// Solver answers the questions that need a search. The side to move of the
// position given to WinningMoves is the learner; the side to move of the
// position given to Defence is the learner's opponent.
type Solver interface {
	// WinningMoves returns every legal move of p with which the side to
	// move achieves goal (for GoalGain, Crown and Reach, goal.N counts from
	// p). It returns an error when it cannot tell (too hard, cancelled).
	WinningMoves(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error)
	// Defence returns the opponent's best play from p against goal: the
	// reply first, then a few moves that show what it achieves. It is empty
	// when p has no move.
	Defence(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error)
}

// ErrTooHard is returned (wrapped) when a question is beyond what the
// solver can answer within its limits.
var ErrTooHard = errors.New("beyond the solver's limits")

// Exhaustive is a Solver that searches every move: an AND-OR search over
// material to a fixed depth, with captures extended past the horizon (for
// gain, and win in larger positions), an AND-OR search for crown and reach,
// and an exact solution of the whole game graph for win and draw in small
// endings. It is exact within its horizon, which is enough for shots and
// short endings; a stronger engine search can replace it behind Solver.
type Exhaustive struct {
	// Depth is the material horizon in plies when a goal has no Horizon
	// (default 9).
	Depth int
	// MaxDepth caps any horizon (default 13).
	MaxDepth int
	// MaxStates caps the positions of an exact solution (default 600000);
	// a negative value turns exact solving off.
	MaxStates int
	// ExactPieces is the largest number of pieces on the board for which
	// an exact solution is tried (default 6).
	ExactPieces int

	mu     sync.Mutex
	graphs []*graph        // most recent first
	tooBig map[[5]int]bool // material signatures whose graph exceeded MaxStates
}

// NewExhaustive returns an Exhaustive solver with the default limits.
func NewExhaustive() *Exhaustive { return &Exhaustive{} }

func (s *Exhaustive) depth(g Goal) int {
	d := s.Depth
	if d <= 0 {
		d = 9
	}
	if g.Horizon > 0 {
		d = g.Horizon
	}
	maxD := s.MaxDepth
	if maxD <= 0 {
		maxD = 13
	}
	return min(d, maxD)
}

// WinningMoves implements Solver.
func (s *Exhaustive) WinningMoves(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error) {
	legal := p.LegalMoves()
	var out []engine.Move
	switch goal.Kind {
	case GoalAnyLegal:
		for i := range legal {
			if goal.Move.Matches(&p, &legal[i]) {
				out = append(out, legal[i])
			}
		}
		return out, nil
	case GoalCaptureAll:
		if len(legal) > 0 && legal[0].IsCapture() {
			return legal, nil
		}
		return nil, nil
	case GoalWin, GoalDraw:
		g, err := s.exact(ctx, p)
		if err == nil {
			for i := range legal {
				q := p
				q.Play(&legal[i])
				v, _ := g.value(&q)
				if v == lossForMover || goal.Kind == GoalDraw && v == drawValue {
					out = append(out, legal[i])
				}
			}
			return out, nil
		}
		if goal.Kind == GoalDraw || !errors.Is(err, ErrTooHard) {
			return nil, err
		}
	}
	depth := s.depth(goal)
	if goal.Kind == GoalCrown || goal.Kind == GoalReach {
		depth = 2*goal.N - 1
	}
	sr := newAndOr(ctx, &p, goal, depth)
	for i := range legal {
		q := p
		q.Play(&legal[i])
		ok := sr.afterAttacker(&q, &legal[i])
		if sr.err != nil {
			return nil, sr.err
		}
		if ok {
			out = append(out, legal[i])
		}
	}
	return out, nil
}

// Defence implements Solver.
func (s *Exhaustive) Defence(ctx context.Context, p engine.Position, goal Goal) ([]engine.Move, error) {
	legal := p.LegalMoves()
	if len(legal) == 0 {
		return nil, nil
	}
	switch goal.Kind {
	case GoalAnyLegal, GoalCaptureAll:
		return nil, nil
	case GoalWin, GoalDraw:
		if g, err := s.exact(ctx, p); err == nil {
			return g.bestLine(p, 6), nil
		}
	case GoalCrown, GoalReach:
		// The attacker has goal.N moves left after this reply.
		sr := newAndOr(ctx, &p, goal, 2*goal.N-1)
		sr.attacker = p.Turn().Opponent()
		for i := range legal {
			q := p
			q.Play(&legal[i])
			if goal.N < 1 || !sr.reach(&q, 2*goal.N-1) {
				if sr.err != nil {
					return nil, sr.err
				}
				return []engine.Move{legal[i]}, nil
			}
		}
		return []engine.Move{legal[0]}, nil
	}
	return materialLine(ctx, p, 4)
}

// ---- exact solutions of small endings ----

const (
	lossForMover = -1
	drawValue    = 0
	winForMover  = 1
)

// graph is every position reachable from a root, with its exact value for
// the side to move (cycles are draws: the draw rules are not applied) and
// the number of plies to the end with best play.
type graph struct {
	v     *engine.Variant
	index map[uint64]int32
	pos   []engine.Position
	val   []int8
	dist  []int16
}

func (g *graph) value(p *engine.Position) (int8, int) {
	i, ok := g.index[p.Hash()]
	if !ok || p.Variant() != g.v {
		return drawValue, -1
	}
	return g.val[i], int(g.dist[i])
}

// bestLine is the best play from p for both sides: win fastest, lose
// slowest, keep a draw.
func (g *graph) bestLine(p engine.Position, plies int) []engine.Move {
	var line []engine.Move
	for len(line) < plies {
		legal := p.LegalMoves()
		if len(legal) == 0 {
			break
		}
		best, bestScore := 0, -1<<30
		for i := range legal {
			q := p
			q.Play(&legal[i])
			v, d := g.value(&q)
			score := 0 // draw
			switch v {
			case lossForMover: // we win
				score = 100000 - d
			case winForMover:
				score = -100000 + d
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		line = append(line, legal[best])
		p.Play(&legal[best])
	}
	return line
}

func (s *Exhaustive) exact(ctx context.Context, p engine.Position) (*graph, error) {
	if s.MaxStates < 0 {
		return nil, fmt.Errorf("exact solving is off: %w", ErrTooHard)
	}
	limit := s.ExactPieces
	if limit <= 0 {
		limit = 6
	}
	w, b := totals(&p, engine.White)
	if w+b > limit {
		return nil, fmt.Errorf("%d pieces: %w", w+b, ErrTooHard)
	}
	s.mu.Lock()
	for _, g := range s.graphs {
		if _, d := g.value(&p); d >= 0 {
			s.mu.Unlock()
			return g, nil
		}
	}
	sig := signature(&p)
	if s.tooBig[sig] {
		s.mu.Unlock()
		return nil, fmt.Errorf("too many positions: %w", ErrTooHard)
	}
	s.mu.Unlock()
	maxStates := s.MaxStates
	if maxStates == 0 {
		maxStates = 600000
	}
	g, err := buildGraph(ctx, p, maxStates)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		if errors.Is(err, ErrTooHard) {
			if s.tooBig == nil {
				s.tooBig = map[[5]int]bool{}
			}
			s.tooBig[sig] = true
		}
		return nil, err
	}
	s.graphs = append([]*graph{g}, s.graphs...)
	if len(s.graphs) > 4 {
		s.graphs = s.graphs[:4]
	}
	return g, nil
}

// signature is the material of a position: variant size and the men and
// kings of each side. Graphs of positions with the same material and at
// least as many kings are of about the same size.
func signature(p *engine.Position) [5]int {
	wm, wk := p.Count(engine.White)
	bm, bk := p.Count(engine.Black)
	return [5]int{p.Variant().Size, wm, wk, bm, bk}
}

func buildGraph(ctx context.Context, root engine.Position, maxStates int) (*graph, error) {
	g := &graph{v: root.Variant(), index: map[uint64]int32{root.Hash(): 0}, pos: []engine.Position{root}}
	var succStart []int32
	var succ []int32
	var buf [64]engine.Move
	for i := 0; i < len(g.pos); i++ {
		if i&4095 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		succStart = append(succStart, int32(len(succ)))
		p := g.pos[i]
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			q := p
			q.Play(&m)
			j, ok := g.index[q.Hash()]
			if !ok {
				if len(g.pos) >= maxStates {
					return nil, fmt.Errorf("more than %d positions: %w", maxStates, ErrTooHard)
				}
				j = int32(len(g.pos))
				g.index[q.Hash()] = j
				g.pos = append(g.pos, q)
			}
			succ = append(succ, j)
		}
	}
	n := len(g.pos)
	succStart = append(succStart, int32(len(succ)))
	// Predecessor lists, in compressed form.
	predCount := make([]int32, n+1)
	for _, j := range succ {
		predCount[j+1]++
	}
	for i := 1; i <= n; i++ {
		predCount[i] += predCount[i-1]
	}
	pred := make([]int32, len(succ))
	fill := append([]int32(nil), predCount[:n]...)
	for i := 0; i < n; i++ {
		for _, j := range succ[succStart[i]:succStart[i+1]] {
			pred[fill[j]] = int32(i)
			fill[j]++
		}
	}
	g.val = make([]int8, n)
	g.dist = make([]int16, n)
	left := make([]int32, n)
	resolved := make([]bool, n)
	queue := make([]int32, 0, n)
	for i := 0; i < n; i++ {
		left[i] = succStart[i+1] - succStart[i]
		if left[i] == 0 {
			g.val[i], resolved[i] = lossForMover, true
			queue = append(queue, int32(i))
		}
	}
	for h := 0; h < len(queue); h++ {
		s := queue[h]
		for _, q := range pred[predCount[s]:predCount[s+1]] {
			if resolved[q] {
				continue
			}
			if g.val[s] == lossForMover {
				g.val[q], g.dist[q], resolved[q] = winForMover, g.dist[s]+1, true
				queue = append(queue, q)
				continue
			}
			left[q]--
			if left[q] == 0 {
				g.val[q], g.dist[q], resolved[q] = lossForMover, g.dist[s]+1, true
				queue = append(queue, q)
			}
		}
	}
	g.pos = nil // only the index and values are kept
	return g, nil
}

// ---- AND-OR search to a horizon ----

type ttKey struct {
	hash  uint64
	depth int16
}

// andOr answers "can the attacker force the goal within depth plies?".
type andOr struct {
	ctx      context.Context
	attacker engine.Color
	goal     Goal
	base     int // the attacker's balance at the root
	depth    int
	tt       map[ttKey]bool
	nodes    int
	err      error
}

func newAndOr(ctx context.Context, root *engine.Position, goal Goal, depth int) *andOr {
	return &andOr{ctx: ctx, attacker: root.Turn(), goal: goal, base: balance(root, root.Turn()),
		depth: depth, tt: map[ttKey]bool{}}
}

// afterAttacker reports whether the attacker, having played m (q is the
// position after it), achieves the goal.
func (s *andOr) afterAttacker(q *engine.Position, m *engine.Move) bool {
	switch s.goal.Kind {
	case GoalCrown, GoalReach:
		if s.hit(m) {
			return true
		}
		return s.reach(q, s.depth-1)
	}
	return s.material(q, s.depth-1)
}

func (s *andOr) hit(m *engine.Move) bool {
	if s.goal.Kind == GoalCrown {
		return m.Promotes
	}
	return m.To == s.goal.Square
}

func (s *andOr) tick() bool {
	s.nodes++
	if s.nodes&2047 == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// reach: crown or reach within plies (the attacker moves on the plies where
// it is to move).
func (s *andOr) reach(p *engine.Position, plies int) bool {
	if plies <= 0 || s.tick() {
		return false
	}
	key := ttKey{p.Hash(), int16(plies)}
	if r, ok := s.tt[key]; ok {
		return r
	}
	var buf [64]engine.Move
	legal := p.AppendLegalMoves(buf[:0])
	r := false
	if p.Turn() == s.attacker {
		for i := range legal {
			if s.hit(&legal[i]) {
				r = true
				break
			}
			q := *p
			q.Play(&legal[i])
			if s.reach(&q, plies-1) {
				r = true
				break
			}
		}
	} else {
		r = len(legal) > 0
		for i := range legal {
			q := *p
			q.Play(&legal[i])
			if !s.reach(&q, plies-1) {
				r = false
				break
			}
		}
	}
	s.tt[key] = r
	return r
}

// reachedMaterial is the material goal test at a quiet node.
func (s *andOr) reachedMaterial(p *engine.Position) bool {
	bal := balance(p, s.attacker)
	if s.goal.Kind == GoalGain {
		return bal-s.base >= s.goal.N
	}
	return bal >= 1 && bal-s.base >= 1
}

// material: gain (or, for win, a winning material balance) by force within
// depth plies, captures extended past the horizon.
func (s *andOr) material(p *engine.Position, depth int) bool {
	if s.tick() {
		return false
	}
	var buf [64]engine.Move
	legal := p.AppendLegalMoves(buf[:0])
	if len(legal) == 0 {
		return p.Turn() != s.attacker
	}
	captures := legal[0].IsCapture()
	if !captures && s.reachedMaterial(p) {
		return true
	}
	if !captures && depth <= 0 || depth < -30 {
		return false
	}
	key := ttKey{p.Hash(), int16(depth)}
	if r, ok := s.tt[key]; ok {
		return r
	}
	attacking := p.Turn() == s.attacker
	r := !attacking
	for i := range legal {
		q := *p
		q.Play(&legal[i])
		if s.material(&q, depth-1) == attacking {
			r = attacking
			break
		}
	}
	s.tt[key] = r
	return r
}

// materialLine is the best play from p by material (the side to move
// keeping as much as it can), depth plies deep with captures extended.
func materialLine(ctx context.Context, p engine.Position, depth int) ([]engine.Move, error) {
	nodes := 0
	var err error
	var search func(p *engine.Position, depth, alpha, beta int) (int, []engine.Move)
	search = func(p *engine.Position, depth, alpha, beta int) (int, []engine.Move) {
		nodes++
		if nodes&2047 == 0 && err == nil {
			err = ctx.Err()
		}
		legal := p.LegalMoves()
		if len(legal) == 0 {
			return -1000 - depth, nil
		}
		if err != nil || (!legal[0].IsCapture() && depth <= 0) || depth < -30 {
			return balance(p, p.Turn()), nil
		}
		var best []engine.Move
		bestV := -1 << 30
		for i := range legal {
			q := *p
			q.Play(&legal[i])
			v, line := search(&q, depth-1, -beta, -alpha)
			v = -v
			if v > bestV {
				bestV = v
				best = append([]engine.Move{legal[i]}, line...)
			}
			alpha = max(alpha, v)
			if alpha >= beta {
				break
			}
		}
		return bestV, best
	}
	_, line := search(&p, depth, -1<<30, 1<<30)
	if err != nil {
		return nil, err
	}
	// Keep the reply and what follows while pieces change hands (after
	// one quiet move that sets up a capture, if need be).
	cut := 1
	if len(line) > 2 && !line[1].IsCapture() && line[2].IsCapture() {
		cut = 2
	}
	for cut < len(line) && line[cut].IsCapture() {
		cut++
	}
	return line[:min(cut, len(line))], nil
}
