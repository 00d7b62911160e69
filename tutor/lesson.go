package tutor

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

// LessonOptions set up a LessonSession.
type LessonOptions struct {
	// Words names sides and squares in the feedback, in Words.Language.
	Words Words
	// Language of the texts ("" means English). It is also the language
	// of the feedback when Words.Language is "".
	Language string
	// Progress stores the stars and where to resume; nil keeps nothing.
	Progress *Progress
	// Solver judges moves that are not on an exercise's stored lines;
	// nil means puzzles.NewExhaustive().
	Solver puzzles.Solver
}

// FeedbackKind classifies the answer to a learner's attempt.
type FeedbackKind uint8

const (
	// FeedbackIllegal: the attempt breaks a rule; Text says which.
	FeedbackIllegal FeedbackKind = iota
	// FeedbackCorrect: the move of the stored solution.
	FeedbackCorrect
	// FeedbackAlternative: another move that reaches the goal too.
	FeedbackAlternative
	// FeedbackWrong: a legal move that fails the goal; Refutation shows
	// why and the board goes back to before the move.
	FeedbackWrong
	// FeedbackRepeated: a capture already found (capture-all drills).
	FeedbackRepeated
	// FeedbackUnjudged: the engine could not tell in time; try another
	// move. Not counted as a mistake.
	FeedbackUnjudged
)

// Feedback is the answer to one attempt of the learner.
type Feedback struct {
	Kind FeedbackKind
	// Text is what to tell the learner, one or two sentences.
	Text string
	// Move is the learner's move in the chosen notation.
	Move string
	// Squares are squares the text is about (the pieces that must
	// capture, the square where a jump must go on ...), to ring.
	Squares []engine.Square
	// Reply is the opponent's automatic answer, already played; nil when
	// there is none.
	Reply     *engine.Move
	ReplyText string
	// Refutation is the opponent's best play after a wrong move, from the
	// position after it, to animate before the board goes back.
	Refutation     []engine.Move
	RefutationText []string
	// Solved is true when this move completed the step; Stars are then
	// the stars earned.
	Solved bool
	Stars  int
	// Found and Total count the captures of a capture-all drill.
	Found, Total int
}

// Stars returns the stars (1 to 3) for a solved step: 3 within par, with
// no hint and no mistake; each hint level, each mistake and going over par
// cost a point of penalty; 1 or 2 penalty points give 2 stars, more give 1.
func Stars(moves, par, hints, mistakes int) int {
	penalty := hints + mistakes
	if moves > par {
		penalty++
	}
	switch {
	case penalty == 0:
		return 3
	case penalty <= 2:
		return 2
	}
	return 1
}

// StepView is what a lesson screen draws for the current step.
type StepView struct {
	// Index is the step's number from 0; Count the lesson's steps.
	Index, Count int
	StepTexts
	// Goal says in a few words what to do, e.g. "Crown a man within 2
	// moves."
	Goal string
	// Position is the board now (after the moves played in the step).
	Position engine.Position
	Targets  []engine.Square
	// Par, Moves, Hints and Mistakes are the step's counts so far.
	Par, Moves, Hints, Mistakes int
	Solved                      bool
	Stars                       int
	// Game is set for a practice game step (start it with StartGame);
	// GameResult is its outcome once it has ended.
	Game       *GameStep
	GameResult GameOutcome
	// Found and Total count the captures of a capture-all drill.
	Found, Total int
	// LessonDone is true when every step of the lesson is solved.
	LessonDone bool
}

// LessonSession walks a learner through the steps of one lesson. Its
// methods are safe for concurrent use. Play may search for up to a second
// or so (a move off the stored lines is judged by the solver, a wrong
// move refuted): call it from a goroutine, or use PlayAsync. The other
// methods return at once.
type LessonSession struct {
	course *Course
	lesson *Lesson
	opts   LessonOptions
	check  *puzzles.Checker

	bg background // PlayAsync and Close

	mu       sync.Mutex
	step     int
	pos      engine.Position
	played   []string // the exercise's line so far: the learner's moves and replies
	found    []string // captures found (capture-all)
	moves    int
	hints    int
	mistakes int
	solved   bool
	stars    int
	done     []bool // steps solved in this session or before
	outcome  GameOutcome
}

// NewLessonSession opens lesson lessonID of course c, at the step where
// the learner left it (from opts.Progress).
func NewLessonSession(c *Course, lessonID string, opts LessonOptions) (*LessonSession, error) {
	l := c.Lesson(lessonID)
	if l == nil {
		return nil, fmt.Errorf("course %q has no lesson %q", c.ID, lessonID)
	}
	if opts.Solver == nil {
		opts.Solver = puzzles.NewExhaustive()
	}
	if opts.Words.Language == "" {
		opts.Words.Language = opts.Language
	}
	s := &LessonSession{course: c, lesson: l, opts: opts, check: puzzles.NewChecker(opts.Solver),
		done: make([]bool, len(l.Steps))}
	if opts.Progress != nil {
		rec := opts.Progress.Lesson(c.ID, l.ID)
		s.step = max(0, min(rec.Current, len(l.Steps)-1))
		for i, r := range rec.Steps {
			if i < len(s.done) {
				s.done[i] = r.Done
			}
		}
	}
	s.resetLocked()
	s.bg.start()
	return s, nil
}

// Course returns the session's course; Lesson its lesson.
func (s *LessonSession) Course() *Course { return s.course }

// Lesson returns the lesson.
func (s *LessonSession) Lesson() *Lesson { return s.lesson }

func (s *LessonSession) cur() *Step { return s.lesson.Steps[s.step] }

func (s *LessonSession) resetLocked() {
	st := s.cur()
	s.played, s.found = nil, nil
	s.moves, s.hints, s.mistakes = 0, 0, 0
	s.solved, s.stars, s.outcome = false, 0, ""
	if st.Exercise != nil {
		s.pos = st.Exercise.Position
	} else {
		s.pos = s.course.Variant.StartPosition()
		if st.Game.FEN != "" {
			s.pos, _ = engine.ParseFEN(s.course.Variant, st.Game.FEN)
		}
	}
}

// View returns the current step.
func (s *LessonSession) View() StepView {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.cur()
	v := StepView{Index: s.step, Count: len(s.lesson.Steps), StepTexts: st.Localized(s.opts.Language),
		Position: s.pos, Targets: st.Targets, Par: st.Par, Moves: s.moves, Hints: s.hints, Mistakes: s.mistakes,
		Solved: s.solved, Stars: s.stars, Game: st.Game, GameResult: s.outcome, Found: len(s.found)}
	if st.Exercise != nil {
		v.Goal = s.opts.Words.GoalText(st.Exercise)
		if st.Exercise.Goal.Kind == puzzles.GoalCaptureAll {
			v.Total = len(st.Exercise.Solution)
		}
	} else {
		v.Goal = s.opts.Words.tr("goal.game", "level", st.Game.Level)
	}
	v.LessonDone = true
	for _, d := range s.done {
		v.LessonDone = v.LessonDone && d
	}
	return v
}

// GoalText says what an exercise asks, in a few words, in the words'
// language.
func (w Words) GoalText(pz *puzzles.Puzzle) string {
	g := pz.Goal
	v := pz.Position.Variant()
	switch g.Kind {
	case puzzles.GoalWin:
		return w.tr("goal.win")
	case puzzles.GoalGain:
		return w.tr("goal.gain", "n", g.N)
	case puzzles.GoalCaptureAll:
		return w.tr("goal.capture-all", "n", len(pz.Solution))
	case puzzles.GoalCrown:
		return w.tr("goal.crown", "n", g.N)
	case puzzles.GoalReach:
		return w.tr("goal.reach", "square", w.Square(v, g.Square), "n", g.N)
	case puzzles.GoalDraw:
		return w.tr("goal.draw")
	case puzzles.GoalAnyLegal:
		return w.tr("goal.any", "kind", w.kindWords(g.Move))
	}
	return ""
}

func (w Words) kindWords(k puzzles.MoveKind) string {
	switch k {
	case puzzles.KindQuiet:
		return w.tr("kind.quiet")
	case puzzles.KindCapture:
		return w.tr("kind.capture")
	case puzzles.KindKing:
		return w.tr("kind.king")
	case puzzles.KindMan:
		return w.tr("kind.man")
	case puzzles.KindCrowning:
		return w.tr("kind.crowning")
	case puzzles.KindMultiCapture:
		return w.tr("kind.multi-capture")
	}
	return w.tr("kind.any")
}

// countsAsMistake: verdicts that are a rule the lesson teaches, not a
// slip of the finger.
func countsAsMistake(v engine.Verdict) bool {
	switch v {
	case engine.VerdictLegal, engine.VerdictOffBoard, engine.VerdictLightSquare, engine.VerdictNoPiece,
		engine.VerdictNotYourPiece, engine.VerdictSameSquare, engine.VerdictOtherIllegal:
		return false
	}
	return true
}

// Explain judges an attempt from the board's cells that the board found
// illegal: the feedback names the rule it breaks, and rule mistakes count
// against the stars. A legal attempt gives a FeedbackCorrect with no text:
// play it with Play.
func (s *LessonSession) Explain(from, to engine.Coord, via ...engine.Coord) Feedback {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.pos.Explain(from, to, via...)
	if e.Verdict == engine.VerdictLegal {
		return Feedback{Kind: FeedbackCorrect}
	}
	if countsAsMistake(e.Verdict) && !s.solved {
		s.mistakes++
	}
	return Feedback{Kind: FeedbackIllegal, Text: s.opts.Words.IllegalMessage(&s.pos, e), Squares: e.Squares}
}

// ErrStepSolved is returned by Play once the step is solved.
var ErrStepSolved = errors.New("the step is solved: go on with Next, or Retry")

// Play judges the learner's move m in the current position. A correct
// move is kept and the opponent's reply, if any, is played at once (in
// Feedback.Reply); a wrong move is refuted and taken back. It returns an
// error for a move that is not legal here, in a practice game step, or
// after the step is solved.
func (s *LessonSession) Play(ctx context.Context, m engine.Move) (Feedback, error) {
	s.mu.Lock()
	st, pos := s.cur(), s.pos
	played, found := append([]string(nil), s.played...), append([]string(nil), s.found...)
	solved := s.solved
	s.mu.Unlock()
	switch {
	case st.Exercise == nil:
		return Feedback{}, errors.New("this step is a practice game: use StartGame")
	case solved:
		return Feedback{}, ErrStepSolved
	}
	legal, ok := findLegal(&pos, &m)
	if !ok {
		return Feedback{}, fmt.Errorf("%d-%d is not a legal move here", m.From, m.To)
	}
	pz := st.Exercise
	text := pos.LongMoveString(&legal, engine.Numeric)
	w := s.opts.Words
	fb := Feedback{Move: w.Move(&pos, &legal)}
	if pz.Goal.Kind == puzzles.GoalCaptureAll {
		out, err := s.check.Check(ctx, pz, found, text)
		if err != nil {
			return Feedback{}, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.samePlay(st, played) {
			return Feedback{}, errors.New("the step changed while the move was judged")
		}
		s.moves++
		s.found = out.Found
		fb.Found, fb.Total = len(out.Found), len(pz.Solution)
		if out.Repeated {
			fb.Kind = FeedbackRepeated
			fb.Text = w.tr("feedback.repeated", "move", fb.Move)
			return fb, nil
		}
		fb.Kind = FeedbackCorrect
		fb.Text = w.tr("feedback.found", "found", fb.Found, "total", fb.Total)
		if out.Solved {
			s.finishLocked(&fb)
		}
		return fb, nil
	}
	out, err := s.check.Check(ctx, pz, played, text)
	if err != nil {
		if ctx.Err() != nil {
			return Feedback{}, ctx.Err()
		}
		fb.Kind = FeedbackUnjudged
		fb.Text = w.tr("feedback.unjudged")
		return fb, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.samePlay(st, played) {
		return Feedback{}, errors.New("the step changed while the move was judged")
	}
	s.moves++
	switch out.Verdict {
	case puzzles.Accepted, puzzles.AcceptedAlternative:
		fb.Kind = FeedbackCorrect
		if out.Verdict == puzzles.AcceptedAlternative && !(pz.Goal.Kind == puzzles.GoalAnyLegal) {
			fb.Kind = FeedbackAlternative
			fb.Text = w.tr("feedback.alternative")
		}
		s.pos.Play(&legal)
		s.played = append(s.played, text)
		if out.Reply != "" {
			reply, err := s.pos.ParseMove(out.Reply)
			if err == nil {
				after := s.pos
				s.pos.Play(&reply)
				s.played = append(s.played, after.LongMoveString(&reply, engine.Numeric))
				fb.Reply, fb.ReplyText = &reply, w.Move(&after, &reply)
			}
		}
		if out.Solved {
			s.finishLocked(&fb)
		} else if fb.Text == "" {
			fb.Text = w.tr("feedback.go-on")
			if fb.Reply != nil {
				fb.Text = w.tr("feedback.go-on-reply", "side", w.Names.Of(s.pos.Turn().Opponent()), "move", fb.ReplyText)
			}
		}
	default:
		s.mistakes++
		fb.Kind = FeedbackWrong
		after := pos
		after.Play(&legal)
		q := after
		for _, t := range out.Refutation {
			r, err := q.ParseMove(t)
			if err != nil {
				break
			}
			fb.Refutation = append(fb.Refutation, r)
			fb.RefutationText = append(fb.RefutationText, w.Move(&q, &r))
			q.Play(&r)
		}
		fb.Text = w.wrongText(pz, &pos, &legal, &after, fb.Refutation)
	}
	return fb, nil
}

// samePlay reports whether the step is still the one a Play started on.
func (s *LessonSession) samePlay(st *Step, played []string) bool {
	return s.cur() == st && !s.solved && len(s.played) == len(played)
}

// PlayAsync runs Play in a goroutine (cancelled by Close) and hands the
// answer to done, from that goroutine.
func (s *LessonSession) PlayAsync(m engine.Move, done func(Feedback, error)) {
	s.bg.play(func(ctx context.Context) (Feedback, error) { return s.Play(ctx, m) }, done)
}

// Close cancels a PlayAsync in progress and waits for it.
func (s *LessonSession) Close() { s.bg.close() }

func findLegal(p *engine.Position, m *engine.Move) (engine.Move, bool) {
	for _, l := range p.LegalMoves() {
		if l.Same(m) {
			return l, true
		}
	}
	return engine.Move{}, false
}

// wrongText says why a legal move fails the goal.
func (w Words) wrongText(pz *puzzles.Puzzle, before *engine.Position, m *engine.Move, after *engine.Position, ref []engine.Move) string {
	v := before.Variant()
	if pz.Goal.Kind == puzzles.GoalAnyLegal {
		return w.tr("wrong.kind", "kind", w.kindWords(pz.Goal.Move))
	}
	if len(ref) == 0 {
		return w.tr("wrong.no-goal")
	}
	opp := w.Names.Of(after.Turn())
	first := w.Move(after, &ref[0])
	if ref[0].IsCapture() {
		return w.tr("wrong.captures", "side", opp, "n", ref[0].NumCaptured(), "move", first)
	}
	switch pz.Goal.Kind {
	case puzzles.GoalCrown:
		return w.tr("wrong.crown", "side", opp, "move", first)
	case puzzles.GoalReach:
		return w.tr("wrong.reach", "side", opp, "move", first, "square", w.Square(v, pz.Goal.Square))
	case puzzles.GoalDraw:
		return w.tr("wrong.draw", "side", opp, "move", first)
	}
	return w.tr("wrong.win", "side", opp, "move", first)
}

// finishLocked records a solved step.
func (s *LessonSession) finishLocked(fb *Feedback) {
	st := s.cur()
	s.solved = true
	s.stars = Stars(s.moves, st.Par, s.hints, s.mistakes)
	s.done[s.step] = true
	fb.Solved, fb.Stars = true, s.stars
	done := st.Localized(s.opts.Language).Done
	if fb.Text != "" && fb.Kind == FeedbackAlternative {
		fb.Text += " " + done
	} else {
		fb.Text = done
	}
	s.recordLocked(StepRecord{Done: true, Stars: s.stars, Moves: s.moves, Hints: s.hints, Mistakes: s.mistakes})
}

func (s *LessonSession) recordLocked(rec StepRecord) {
	pr := s.opts.Progress
	if pr == nil {
		return
	}
	pr.RecordStep(s.course.ID, s.lesson.ID, s.step, len(s.lesson.Steps), rec)
	if rec.Stars == 3 {
		pr.Achieve(AchThreeStars)
	}
	for _, l := range s.course.Lessons {
		if !pr.Lesson(s.course.ID, l.ID).Done {
			return
		}
	}
	pr.CompleteCourse(s.course.ID)
}

// Retry starts the current step again (a solved step too: the best stars
// stay recorded).
func (s *LessonSession) Retry() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.resetLocked()
}

// Next goes to the next step; it reports false on the last step.
func (s *LessonSession) Next() bool {
	return s.Goto(s.View().Index+1) == nil
}

// Goto opens step i (from 0) and stores it as the place to resume.
func (s *LessonSession) Goto(i int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i < 0 || i >= len(s.lesson.Steps) {
		return fmt.Errorf("lesson %q has steps 1 to %d", s.lesson.ID, len(s.lesson.Steps))
	}
	s.step = i
	s.resetLocked()
	if s.opts.Progress != nil {
		s.opts.Progress.SetCurrentStep(s.course.ID, s.lesson.ID, i)
	}
	return nil
}

// Hint gives the next hint for the current step: the first call the
// piece to move (ringed), the second its target (both ringed), the third
// the whole move (an arrow). Each level costs stars. The hint is about the
// next move of the stored solution from the moves played; after another
// accepted move, about a move the solver finds.
func (s *LessonSession) Hint(ctx context.Context) (Hint, error) {
	s.mu.Lock()
	st, pos, played, found := s.cur(), s.pos, s.played, s.found
	s.mu.Unlock()
	if st.Exercise == nil {
		return Hint{}, errors.New("a practice game step has no hints: ask the game for one")
	}
	pz := st.Exercise
	m, given, err := s.hintMove(ctx, pz, &pos, played, found)
	if err != nil {
		return Hint{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.solved {
		s.hints = min(s.hints+1, 3)
	}
	level := max(s.hints, 1)
	w := s.opts.Words
	v := pos.Variant()
	text := ""
	if level <= len(given) {
		text = given[level-1]
	}
	switch level {
	case 1:
		if text == "" {
			text = w.lookHint(pos.At(m.From), w.Square(v, m.From))
		}
		return Hint{Level: 1, Ring: []engine.Square{m.From}, Text: text}, nil
	case 2:
		if text == "" {
			text = w.tr("hint.goes-to", "square", w.Square(v, m.To))
			if m.IsCapture() {
				text = w.tr("hint.captures-to", "square", w.Square(v, m.To))
			}
		}
		return Hint{Level: 2, Ring: []engine.Square{m.From, m.To}, Text: text}, nil
	}
	return w.moveHint(&pos, m, text), nil
}

// lookHint is the first hint: the piece to move, on square.
func (w Words) lookHint(pc engine.Piece, square string) string {
	if pc.IsKing() {
		return w.tr("hint.look.king", "square", square)
	}
	return w.tr("hint.look.man", "square", square)
}

// hintMove finds the move to hint at, and the exercise's own hint texts
// when they apply (at the start of the exercise).
func (s *LessonSession) hintMove(ctx context.Context, pz *puzzles.Puzzle, pos *engine.Position, played, found []string) (engine.Move, []string, error) {
	var given []string
	if len(played) == 0 && len(found) == 0 {
		given = pz.Localized(s.opts.Language).Hints
	}
	if pz.Goal.Kind == puzzles.GoalCaptureAll {
		have := map[string]bool{}
		for _, f := range found {
			have[f] = true
		}
		for _, t := range pz.Solution {
			m, err := pos.ParseMove(t)
			if err == nil && !have[pos.MoveString(&m, NotationFor(pos.Variant()))] {
				return m, nil, nil
			}
		}
	}
	for _, line := range pz.Lines() {
		if len(line) <= len(played) || !linePrefix(pz.Position, line, played) {
			continue
		}
		if m, err := pos.ParseMove(line[len(played)]); err == nil {
			return m, given, nil
		}
	}
	if pz.Goal.Kind == puzzles.GoalAnyLegal {
		for _, m := range pos.LegalMoves() {
			if pz.Goal.Move.Matches(pos, &m) {
				return m, given, nil
			}
		}
	}
	goal := pz.Goal
	switch goal.Kind {
	case puzzles.GoalCrown, puzzles.GoalReach:
		goal.N -= len(played) / 2
	case puzzles.GoalGain:
		goal.N -= balanceOf(pos, pz.Learner()) - balanceOf(&pz.Position, pz.Learner())
	}
	ms, err := s.opts.Solver.WinningMoves(ctx, *pos, goal)
	if err != nil {
		return engine.Move{}, nil, err
	}
	if len(ms) == 0 {
		return engine.Move{}, nil, errors.New("no move reaches the goal from here: retry the step")
	}
	return ms[0], nil, nil
}

// linePrefix reports whether line starts with the moves played, compared
// as moves whatever their notation.
func linePrefix(p engine.Position, line, played []string) bool {
	for i := range played {
		a, err1 := p.ParseMove(line[i])
		b, err2 := p.ParseMove(played[i])
		if err1 != nil || err2 != nil || !a.Same(&b) {
			return false
		}
		p.Play(&a)
	}
	return true
}

func balanceOf(p *engine.Position, c engine.Color) int {
	m1, k1 := p.Count(c)
	m2, k2 := p.Count(c.Opponent())
	return m1 + k1 - m2 - k2
}

// StartGame starts the practice game of a game step. The session records
// the result in the lesson when the game ends (then OnGameOver is called
// as usual). deps.Progress should be the lesson's Progress or nil.
func (s *LessonSession) StartGame(cb GameCallbacks, deps GameDeps, seed uint64) (*GameSession, error) {
	s.mu.Lock()
	st := s.cur()
	step := s.step
	s.mu.Unlock()
	if st.Game == nil {
		return nil, errors.New("this step is an exercise, not a game")
	}
	cfg := GameConfig{Variant: s.course.Variant, StartFEN: st.Game.FEN, Learner: st.Game.Learner, Level: st.Game.Level,
		Words: s.opts.Words, Seed: seed}
	over := cb.OnGameOver
	cb.OnGameOver = func(status engine.Status) {
		s.gameOver(step, LearnerResult(status.Result, cfg.Learner))
		if over != nil {
			over(status)
		}
	}
	g, err := NewGameSession(cfg, cb, deps)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// gameOver records the outcome of the practice game of step: a win earns
// 3 stars, a draw 2, a loss 1; the step is done either way.
func (s *LessonSession) gameOver(step int, o GameOutcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.step != step {
		return
	}
	stars := map[GameOutcome]int{Win: 3, Draw: 2, Loss: 1}[o]
	s.outcome, s.solved, s.stars = o, true, stars
	s.done[step] = true
	s.recordLocked(StepRecord{Done: true, Stars: stars, Result: string(o)})
}
