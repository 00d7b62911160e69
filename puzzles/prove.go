package puzzles

import (
	"context"
	"fmt"

	"github.com/checkerstutor/checkers/engine"
)

// The material prover answers the question the end of a win or gain line
// asks (FORMAT.md): can the learner force, within a horizon, a position
// where it is the opponent's turn, the opponent has no capture (or no move
// at all) and the learner has won the pieces asked for? It is an AND-OR
// search: every learner move is tried, every opponent reply must fail.
// Captures are forced, so a capture sequence that is still running at the
// horizon is followed to its end.

// captureExtension bounds how far past the horizon capture sequences are
// followed.
const captureExtension = 24

// defaultProofNodes bounds one proof; beyond it the answer is ErrTooHard.
const defaultProofNodes = 3_000_000

type proofKey struct {
	hash  uint64
	depth int16
}

// prover proves forced material gains for the learner (the side to move at
// the root it was made for).
type prover struct {
	ctx      context.Context
	learner  engine.Color
	start    int  // the learner's balance at the root
	need     int  // net pieces to win
	win      bool // goal win: also ahead at the end
	tt       map[proofKey]bool
	maxTable int // entries of tt before it is emptied
	nodes    int
	maxNodes int
	err      error
	// judge, when set, breaks ties between equally stubborn replies in
	// line: it scores the position after a reply for the side that made
	// it (higher is better for that side).
	judge func(n engine.Position) int
}

func newProver(ctx context.Context, root *engine.Position, need int, win bool) *prover {
	return &prover{ctx: ctx, learner: root.Turn(), start: balance(root, root.Turn()), need: need,
		win: win, tt: map[proofKey]bool{}, maxNodes: defaultProofNodes, maxTable: maxProofTable}
}

// reached is the goal test of a position with the opponent to move that has
// no capture.
func (s *prover) reached(q *engine.Position) bool {
	bal := balance(q, s.learner)
	if bal-s.start < s.need {
		return false
	}
	return !s.win || bal >= 1
}

// maxProofTable caps the proof's table of settled positions (about 40
// bytes an entry): when it is full it is emptied and filled again, so a
// long proof costs time, never unbounded memory.
const maxProofTable = 1 << 20

// remember stores a settled position, unless the proof was cut short.
func (s *prover) remember(key proofKey, r bool) {
	if s.err != nil {
		return
	}
	if len(s.tt) >= s.maxTable {
		clear(s.tt)
	}
	s.tt[key] = r
}

func (s *prover) tick() bool {
	s.nodes++
	if s.err == nil && s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
		} else if s.nodes > s.maxNodes {
			s.err = fmt.Errorf("more than %d positions in one proof: %w", s.maxNodes, ErrTooHard)
		}
	}
	return s.err != nil
}

// afterLearner reports whether the goal is forced from q, where the
// opponent is to move after a learner move, with depth plies left.
func (s *prover) afterLearner(q *engine.Position, depth int) bool {
	if s.tick() {
		return false
	}
	var buf [96]engine.Move
	legal := q.AppendLegalMoves(buf[:0])
	if len(legal) == 0 {
		return true // the opponent cannot move: the game is won
	}
	captures := legal[0].IsCapture()
	if !captures {
		if s.reached(q) {
			return true
		}
		if depth <= 0 {
			return false
		}
	} else if depth < -captureExtension {
		return false
	}
	key := proofKey{q.Hash(), int16(depth)}
	if r, ok := s.tt[key]; ok {
		return r
	}
	r := true
	for i := range legal {
		n := *q
		n.Play(&legal[i])
		if !s.beforeLearner(&n, depth-1) {
			r = false
			break
		}
	}
	s.remember(key, r)
	return r
}

// beforeLearner reports whether the learner, to move in p with depth plies
// left, can force the goal.
func (s *prover) beforeLearner(p *engine.Position, depth int) bool {
	if s.tick() {
		return false
	}
	var buf [96]engine.Move
	legal := p.AppendLegalMoves(buf[:0])
	if len(legal) == 0 {
		return false
	}
	if !legal[0].IsCapture() && depth <= 0 || depth < -captureExtension {
		return false
	}
	key := proofKey{p.Hash(), int16(depth)}
	if r, ok := s.tt[key]; ok {
		return r
	}
	r := false
	for i := range legal {
		q := *p
		q.Play(&legal[i])
		if s.afterLearner(&q, depth-1) {
			r = true
			break
		}
	}
	s.remember(key, r)
	return r
}

// provenMoves returns the moves of p with which the learner forces the goal
// within plies plies.
func (s *prover) provenMoves(p *engine.Position, plies int) ([]engine.Move, error) {
	var out []engine.Move
	for _, m := range p.LegalMoves() {
		q := *p
		q.Play(&m)
		ok := s.afterLearner(&q, plies-1)
		if s.err != nil {
			return nil, s.err
		}
		if ok {
			out = append(out, m)
		}
	}
	return out, nil
}

// shortest returns the fewest plies (odd, at most maxPlies) within which
// move m forces the goal, or 0 if it does not within maxPlies.
func (s *prover) shortest(p *engine.Position, m *engine.Move, maxPlies int) (int, error) {
	q := *p
	q.Play(m)
	for d := 1; d <= maxPlies; d += 2 {
		ok := s.afterLearner(&q, d-1)
		if s.err != nil {
			return 0, s.err
		}
		if ok {
			return d, nil
		}
	}
	return 0, nil
}

// line returns a principal line of a proven move m within plies plies: the
// learner's moves that force the goal soonest and the opponent's replies
// that hold out longest, ending with the learner's move that reaches the
// goal. It returns nil if the prover runs out of its limits.
func (s *prover) line(p engine.Position, m engine.Move, plies int) []engine.Move {
	s.nodes = 0
	line := s.walk(p, m, plies)
	if s.err != nil {
		return nil
	}
	return line
}

func (s *prover) walk(p engine.Position, m engine.Move, plies int) []engine.Move {
	line := []engine.Move{m}
	p.Play(&m)
	depth := plies - 1
	for len(line) < 2*plies+2*captureExtension {
		// The opponent to move.
		legal := p.LegalMoves()
		if len(legal) == 0 || !legal[0].IsCapture() && s.reached(&p) {
			return line
		}
		// The reply that needs the most plies to beat.
		best, bestNeed, bestScore := -1, -1<<30, -1<<30
		for i := range legal {
			n := p
			n.Play(&legal[i])
			need := s.minPlies(&n, depth-1)
			if need < bestNeed {
				continue
			}
			score := 0
			if s.judge != nil && len(legal) > 1 {
				score = s.judge(n)
			}
			if need > bestNeed || score > bestScore {
				best, bestNeed, bestScore = i, need, score
			}
		}
		if best < 0 || s.err != nil {
			return line
		}
		line = append(line, legal[best])
		p.Play(&legal[best])
		depth--
		// The learner to move: the move that wins soonest.
		legal = p.LegalMoves()
		pick, pickNeed := -1, 1<<30
		for i := range legal {
			q := p
			q.Play(&legal[i])
			for d := -captureExtension; d <= depth-1; d++ {
				if s.afterLearner(&q, d) {
					if d < pickNeed {
						pick, pickNeed = i, d
					}
					break
				}
			}
		}
		if pick < 0 || s.err != nil {
			return line
		}
		line = append(line, legal[pick])
		p.Play(&legal[pick])
		depth--
	}
	return line
}

// minPlies is the fewest plies (up to depth) within which the learner,
// to move in n, forces the goal; depth+1 if it cannot.
func (s *prover) minPlies(n *engine.Position, depth int) int {
	for d := -captureExtension; d <= depth; d++ {
		if s.beforeLearner(n, d) {
			return d
		}
	}
	return depth + 1
}
