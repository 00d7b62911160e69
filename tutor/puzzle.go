package tutor

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

// ReviewIntervals are the waits before a failed puzzle comes back: a day
// after the failure, then three days after solving it on review, then a
// week; solved after the week, it leaves the queue. Failing it again on
// review starts over.
var ReviewIntervals = [...]time.Duration{24 * time.Hour, 3 * 24 * time.Hour, 7 * 24 * time.Hour}

// PuzzleOptions set up a PuzzleSession.
type PuzzleOptions struct {
	// Words names sides and squares in the feedback, in Words.Language.
	Words Words
	// Language of the puzzles' texts ("" means English); also the
	// language of the feedback when Words.Language is "".
	Language string
	// Progress keeps ratings, streaks and the review queue; nil keeps
	// them in memory only.
	Progress *Progress
	// Solver judges moves off the stored lines; nil means
	// puzzles.NewExhaustive().
	Solver puzzles.Solver
	// Clock dates the review queue.
	Clock Clock
}

// PuzzleView is what the puzzle screen draws.
type PuzzleView struct {
	// Key is "pack/puzzle".
	Key    string
	Puzzle *puzzles.Puzzle
	Title  string
	Goal   string
	// Position is the board now.
	Position engine.Position
	// Rating is the learner's rating in the variant, PuzzleRating the
	// puzzle's.
	Rating, PuzzleRating Rating
	Streak, BestStreak   int
	// Solved and Failed tell how this attempt went; Review is true when
	// the puzzle came back from the review queue.
	Solved, Failed, Review bool
	// Explanation is shown once the puzzle is solved.
	Explanation string
}

// PuzzleSession serves puzzles of one variant: it picks the next one
// (due reviews first, then unsolved puzzles near the learner's rating),
// judges moves with automatic opponent replies, accepts every winning
// move, rates learner and puzzle with Glicko-2, and keeps streaks and the
// review queue in Progress. Its methods are safe for concurrent use; Play
// and Hint may search (call them from a goroutine, or use PlayAsync).
type PuzzleSession struct {
	v     *engine.Variant
	opts  PuzzleOptions
	check *puzzles.Checker
	clock Clock
	byKey map[string]*puzzles.Puzzle
	keys  []string
	bg    background // PlayAsync and Close

	mu      sync.Mutex
	stats   *PuzzleStats // used when there is no Progress
	key     string
	pz      *puzzles.Puzzle
	pos     engine.Position
	played  []string
	solved  bool
	failed  bool
	review  bool
	rated   bool
	hints   int
	lastKey string
}

// NewPuzzleSession serves the puzzles of packs that are of variant v.
func NewPuzzleSession(v *engine.Variant, packs []*puzzles.Pack, opts PuzzleOptions) (*PuzzleSession, error) {
	if opts.Solver == nil {
		opts.Solver = puzzles.NewExhaustive()
	}
	if opts.Words.Language == "" {
		opts.Words.Language = opts.Language
	}
	s := &PuzzleSession{v: v, opts: opts, check: puzzles.NewChecker(opts.Solver), clock: clockOr(opts.Clock),
		byKey: map[string]*puzzles.Puzzle{}, stats: newPuzzleStats()}
	for _, pk := range packs {
		if pk.Variant != v {
			continue
		}
		for _, pz := range pk.Puzzles {
			k := pk.ID + "/" + pz.ID
			s.byKey[k] = pz
			s.keys = append(s.keys, k)
		}
	}
	if len(s.keys) == 0 {
		return nil, fmt.Errorf("no %s puzzles", v.Title)
	}
	s.bg.start()
	return s, nil
}

// stats runs f on the learner's statistics, saving them.
func (s *PuzzleSession) update(f func(st *PuzzleStats, now time.Time)) {
	if s.opts.Progress != nil {
		s.opts.Progress.updatePuzzles(s.v, f)
		return
	}
	f(s.stats, s.clock.Now())
}

func (s *PuzzleSession) snapshot() PuzzleStats {
	if s.opts.Progress != nil {
		return s.opts.Progress.Puzzles(s.v)
	}
	return s.stats.clone()
}

func (s *PuzzleSession) puzzleRating(st *PuzzleStats, key string) Rating {
	if r, ok := st.Puzzles[key]; ok {
		return r
	}
	return RatingFrom(s.byKey[key].Rating)
}

// Stats returns the learner's puzzle statistics in the variant.
func (s *PuzzleSession) Stats() PuzzleStats { return s.snapshot() }

// Next opens the next puzzle: the review that has been due longest, else
// the unsolved puzzle rated nearest the learner, else the solved one
// rated nearest (never the puzzle just played when there is another).
func (s *PuzzleSession) Next() PuzzleView {
	st := s.snapshot()
	now := s.clock.Now()
	s.mu.Lock()
	last := s.lastKey
	s.mu.Unlock()
	var due []string
	for k, item := range st.Review {
		if _, ok := s.byKey[k]; ok && !item.Due.After(now) {
			due = append(due, k)
		}
	}
	sort.Slice(due, func(i, j int) bool {
		a, b := st.Review[due[i]].Due, st.Review[due[j]].Due
		if !a.Equal(b) {
			return a.Before(b)
		}
		return due[i] < due[j]
	})
	if len(due) > 0 {
		s.open(due[0], true)
		return s.View()
	}
	best, bestD := "", math.Inf(1)
	for pass := 0; pass < 2 && best == ""; pass++ {
		for _, k := range s.keys {
			if k == last && len(s.keys) > 1 || pass == 0 && st.Done[k] {
				continue
			}
			if d := math.Abs(s.puzzleRating(&st, k).R - st.Rating.R); d < bestD {
				best, bestD = k, d
			}
		}
	}
	if best == "" {
		best = s.keys[0]
	}
	s.open(best, false)
	return s.View()
}

// Open opens the puzzle with the given key ("pack/puzzle").
func (s *PuzzleSession) Open(key string) error {
	if _, ok := s.byKey[key]; !ok {
		return fmt.Errorf("no puzzle %q", key)
	}
	st := s.snapshot()
	_, review := st.Review[key]
	s.open(key, review && !st.Review[key].Due.After(s.clock.Now()))
	return nil
}

func (s *PuzzleSession) open(key string, review bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key, s.pz, s.review = key, s.byKey[key], review
	s.lastKey = key
	s.retryLocked()
}

func (s *PuzzleSession) retryLocked() {
	s.pos = s.pz.Position
	s.played = nil
	s.solved, s.failed, s.rated, s.hints = false, false, false, 0
}

// Retry starts the current puzzle again; a failure already rated stays
// rated.
func (s *PuzzleSession) Retry() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pz == nil {
		return
	}
	rated, failed := s.rated, s.failed
	s.retryLocked()
	s.rated, s.failed = rated, failed
}

// View returns the current puzzle's state.
func (s *PuzzleSession) View() PuzzleView {
	st := s.snapshot()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pz == nil {
		return PuzzleView{Rating: st.Rating, Streak: st.Streak, BestStreak: st.BestStreak}
	}
	t := s.pz.Localized(s.opts.Language)
	v := PuzzleView{Key: s.key, Puzzle: s.pz, Title: t.Title, Goal: s.opts.Words.GoalText(s.pz), Position: s.pos,
		Rating: st.Rating, PuzzleRating: s.puzzleRating(&st, s.key), Streak: st.Streak, BestStreak: st.BestStreak,
		Solved: s.solved, Failed: s.failed, Review: s.review}
	if s.solved {
		v.Explanation = t.Explanation
	}
	return v
}

// Play judges the learner's move: a move of a stored line or any other
// winning move is kept and the opponent's reply played (Feedback.Reply); a
// wrong move is refuted and taken back, and the puzzle counts as failed.
// The first result of each puzzle rates learner and puzzle.
func (s *PuzzleSession) Play(ctx context.Context, m engine.Move) (Feedback, error) {
	s.mu.Lock()
	pz, pos, key := s.pz, s.pos, s.key
	played := append([]string(nil), s.played...)
	solved := s.solved
	s.mu.Unlock()
	switch {
	case pz == nil:
		return Feedback{}, errors.New("no puzzle is open: call Next")
	case solved:
		return Feedback{}, errors.New("the puzzle is solved: call Next or Retry")
	case pz.Goal.Kind == puzzles.GoalCaptureAll:
		return Feedback{}, errors.New("capture-all drills belong in lessons")
	}
	legal, ok := findLegal(&pos, &m)
	if !ok {
		return Feedback{}, fmt.Errorf("%d-%d is not a legal move here", m.From, m.To)
	}
	w := s.opts.Words
	text := pos.LongMoveString(&legal, engine.Numeric)
	out, err := s.check.Check(ctx, pz, played, text)
	if err != nil {
		if ctx.Err() != nil {
			return Feedback{}, ctx.Err()
		}
		return Feedback{Kind: FeedbackUnjudged, Move: w.Move(&pos, &legal),
			Text: w.tr("feedback.unjudged-puzzle")}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != key || s.solved || len(s.played) != len(played) {
		return Feedback{}, errors.New("the puzzle changed while the move was judged")
	}
	fb := Feedback{Move: w.Move(&pos, &legal)}
	if out.Verdict == puzzles.Wrong {
		fb.Kind = FeedbackWrong
		after := pos
		after.Play(&legal)
		fb.Refutation, fb.RefutationText = parseLine(w, after, out.Refutation)
		fb.Text = w.wrongText(pz, &pos, &legal, &after, fb.Refutation)
		s.failed = true
		s.rateLocked(false)
		return fb, nil
	}
	fb.Kind = FeedbackCorrect
	if out.Verdict == puzzles.AcceptedAlternative && pz.Goal.Kind != puzzles.GoalAnyLegal {
		fb.Kind = FeedbackAlternative
		fb.Text = w.tr("feedback.alternative")
	}
	s.pos.Play(&legal)
	s.played = append(s.played, text)
	if out.Reply != "" {
		after := s.pos
		if reply, err := s.pos.ParseMove(out.Reply); err == nil {
			s.pos.Play(&reply)
			s.played = append(s.played, after.LongMoveString(&reply, engine.Numeric))
			fb.Reply, fb.ReplyText = &reply, w.Move(&after, &reply)
		}
	}
	if out.Solved {
		s.solved = true
		fb.Solved = true
		s.rateLocked(!s.failed && s.hints < 3)
		if fb.Text == "" {
			fb.Text = w.tr("feedback.solved")
		}
	} else if fb.Text == "" {
		fb.Text = w.tr("feedback.go-on")
	}
	return fb, nil
}

func parseLine(w Words, p engine.Position, texts []string) ([]engine.Move, []string) {
	var ms []engine.Move
	var out []string
	for _, t := range texts {
		m, err := p.ParseMove(t)
		if err != nil {
			break
		}
		ms = append(ms, m)
		out = append(out, w.Move(&p, &m))
		p.Play(&m)
	}
	return ms, out
}

// MaxPuzzleSwing is the most one puzzle changes the learner's rating.
const MaxPuzzleSwing = 120

// rateLocked records the first result of the current attempt: ratings,
// streak, counts, the review queue and achievements.
func (s *PuzzleSession) rateLocked(success bool) {
	if s.rated {
		return
	}
	s.rated = true
	key := s.key
	var firstPuzzle, streak10 bool
	s.update(func(st *PuzzleStats, now time.Time) {
		pr := s.puzzleRating(st, key)
		score := 0.0
		if success {
			score = 1
		}
		learner := st.Rating
		st.Rating = learner.Update([]RatedGame{{Opponent: pr, Score: score}}, Tau)
		// a newcomer's rating is uncertain and Glicko moves it by
		// hundreds of points at a time; one puzzle moves it by
		// MaxPuzzleSwing at most, so a first slip does not sink it
		st.Rating.R = min(max(st.Rating.R, learner.R-MaxPuzzleSwing), learner.R+MaxPuzzleSwing)
		st.Puzzles[key] = pr.Update([]RatedGame{{Opponent: learner, Score: 1 - score}}, Tau)
		st.History = append(st.History, RatingPoint{Time: now, R: st.Rating.R, RD: st.Rating.RD})
		if success {
			st.Solved++
			st.Streak++
			st.BestStreak = max(st.BestStreak, st.Streak)
			firstPuzzle = !st.Done[key] && st.Solved == 1
			streak10 = st.Streak >= 10
			st.Done[key] = true
			if item, ok := st.Review[key]; ok && !item.Due.After(now) {
				if item.Stage+1 >= len(ReviewIntervals) {
					delete(st.Review, key)
				} else {
					st.Review[key] = ReviewItem{Due: now.Add(ReviewIntervals[item.Stage+1]), Stage: item.Stage + 1}
				}
			}
		} else {
			st.Failed++
			st.Streak = 0
			st.Review[key] = ReviewItem{Due: now.Add(ReviewIntervals[0])}
		}
	})
	if pr := s.opts.Progress; pr != nil {
		if firstPuzzle {
			pr.Achieve(AchFirstPuzzle)
		}
		if streak10 {
			pr.Achieve(AchStreak10)
		}
	}
}

// Hint gives the next hint (piece, target, move) about the next move of
// the stored line, or of a winning move found by the solver. Showing the
// whole move (the third hint) makes the puzzle count as not solved
// unaided: its rating result is a loss.
func (s *PuzzleSession) Hint(ctx context.Context) (Hint, error) {
	s.mu.Lock()
	pz, pos := s.pz, s.pos
	played := append([]string(nil), s.played...)
	s.mu.Unlock()
	if pz == nil {
		return Hint{}, errors.New("no puzzle is open")
	}
	ls := &LessonSession{opts: LessonOptions{Words: s.opts.Words, Language: s.opts.Language, Solver: s.opts.Solver}}
	m, given, err := ls.hintMove(ctx, pz, &pos, played, nil)
	if err != nil {
		return Hint{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hints = min(s.hints+1, 3)
	w := s.opts.Words
	text := ""
	if s.hints <= len(given) {
		text = given[s.hints-1]
	}
	switch s.hints {
	case 1:
		if text == "" {
			text = w.lookHint(pos.At(m.From), w.Square(s.v, m.From))
		}
		return Hint{Level: 1, Ring: []engine.Square{m.From}, Text: text}, nil
	case 2:
		if text == "" {
			text = w.tr("hint.goes-to", "square", w.Square(s.v, m.To))
		}
		return Hint{Level: 2, Ring: []engine.Square{m.From, m.To}, Text: text}, nil
	}
	if !s.solved {
		s.failed = true
		s.rateLocked(false)
	}
	return w.moveHint(&pos, m, text), nil
}

// PlayAsync runs Play in a goroutine (cancelled by Close) and hands the
// answer to done, from that goroutine.
func (s *PuzzleSession) PlayAsync(m engine.Move, done func(Feedback, error)) {
	s.bg.play(func(ctx context.Context) (Feedback, error) { return s.Play(ctx, m) }, done)
}

// Close cancels a PlayAsync in progress and waits for it.
func (s *PuzzleSession) Close() { s.bg.close() }
