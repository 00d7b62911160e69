package widgets

import (
	"fmt"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// OpenLesson pushes the lesson view of lesson lessonID of course: the
// learner resumes at the step where they left it, or starts again at the
// first step of a lesson they finished.
func OpenLesson(s *Services, course *tutor.Course, lessonID string) {
	openLesson(s, course, lessonID, false, nil)
}

// ContinueLesson pushes the lesson the learner was last working on, at the
// step where they left it (see currentLesson). It reports false when every
// lesson is done.
func ContinueLesson(s *Services) bool {
	c, l := currentLesson(s)
	if l == nil {
		return false
	}
	openLesson(s, c, l.ID, true, nil)
	return true
}

// ContinueLessonText says which lesson ContinueLesson opens ("" when none).
func ContinueLessonText(s *Services) string {
	c, l := currentLesson(s)
	if l == nil {
		return ""
	}
	lg := languageOf(s)
	return c.Localized(lg).Title + ": " + l.Localized(lg).Title
}

// currentLesson is the lesson to go on with: the first lesson that is
// started and not finished, else the first one not finished (a new
// learner begins at the very first lesson), looking at the course of the
// variant chosen in the settings first.
func currentLesson(s *Services) (*tutor.Course, *tutor.Lesson) {
	if s.Progress == nil {
		return nil, nil
	}
	courses, err := tutor.Courses()
	if err != nil {
		return nil, nil
	}
	want := settingsOf(s).Variant
	sort.SliceStable(courses, func(i, j int) bool {
		return courses[i].Variant.Name == want && courses[j].Variant.Name != want
	})
	var fresh *tutor.Lesson
	var freshCourse *tutor.Course
	for _, c := range courses {
		for _, l := range c.Lessons {
			rec := s.Progress.Lesson(c.ID, l.ID)
			if rec.Done {
				continue
			}
			if started(rec) {
				return c, l
			}
			if fresh == nil {
				fresh, freshCourse = l, c
			}
		}
	}
	return freshCourse, fresh
}

// DefaultScreens are the Lessons and Puzzles screens of this package, for
// NewApp.
func DefaultScreens(s *Services) Screens {
	return Screens{
		Lessons: func() {
			s.Nav.Push(lang.L("Lessons"), NewLessonsScreen(s), nil)
		},
		Puzzles: func() {
			s.Nav.Push(lang.L("Puzzles"), NewPuzzlesScreen(s), nil)
		},
		ContinueLesson:     func() bool { return ContinueLesson(s) },
		ContinueLessonText: func() string { return ContinueLessonText(s) },
	}
}

// started reports whether a lesson record shows any work.
func started(rec tutor.LessonRecord) bool {
	if rec.Current > 0 {
		return true
	}
	for _, st := range rec.Steps {
		if st.Done {
			return true
		}
	}
	return false
}

// openLesson pushes a lesson view; resume keeps the stored step even for a
// finished lesson; left runs when the view is left.
func openLesson(s *Services, course *tutor.Course, lessonID string, resume bool, left func()) {
	v, err := newLessonView(s, course, lessonID, resume)
	if err != nil {
		if s.Window != nil {
			dialog.ShowError(err, s.Window)
		} else {
			fyne.LogError("opening a lesson", err)
		}
		return
	}
	v.left = left
	title := v.sess.Lesson().Localized(v.lang).Title
	s.Nav.Push(title, v, v.close)
	v.focusBoard()
}

// lessonView is the screen of one lesson: the step's explanation, the
// board, the tutor's feedback, hints, retry and the way on.
type lessonView struct {
	widget.BaseWidget
	trainer

	sess   *tutor.LessonSession
	course *tutor.Course
	words  tutor.Words
	lang   string
	left   func()

	bar     *widget.ProgressBar
	intro   *widget.Label
	step    *widget.Label
	explain *widget.Label
	goal    *widget.Label
	steps   *fyne.Container // the lesson summary
	buttons *fyne.Container
	retry   *actionButton
	next    *actionButton

	summary   bool // the lesson summary is shown
	game      *tutor.GameSession
	gameSeed  uint64
	hintLevel int
}

func newLessonView(s *Services, course *tutor.Course, lessonID string, resume bool) (*lessonView, error) {
	l := course.Lesson(lessonID)
	if l == nil {
		return nil, fmt.Errorf("course %q has no lesson %q", course.ID, lessonID)
	}
	v := &lessonView{course: course, lang: languageOf(s)}
	board := newTrainingBoard(s, course.Variant.StartPosition())
	v.words = trainingWords(s, board)
	sess, err := tutor.NewLessonSession(course, lessonID, tutor.LessonOptions{Words: v.words, Language: v.lang,
		Progress: s.Progress, Solver: solverOf(s)})
	if err != nil {
		return nil, err
	}
	v.sess = sess
	if s.Progress != nil && !resume && s.Progress.Lesson(course.ID, lessonID).Done {
		sess.Goto(0)
	}
	v.build(s, board)
	v.ExtendBaseWidget(v)
	v.showStep()
	return v, nil
}

func (v *lessonView) build(s *Services, board *Board) {
	v.intro = wrapped("")
	v.intro.TextStyle.Italic = true
	v.step = heading("")
	v.explain = wrapped("")
	v.goal = wrapped("")
	v.goal.TextStyle.Bold = true
	v.goal.Importance = widget.HighImportance
	v.steps = container.NewVBox()
	v.initTrainer(s, board, []fyne.CanvasObject{v.intro, v.step, v.explain, v.steps})
	v.board.OnMove = v.onMove
	v.board.OnIllegal = v.onIllegal
	v.board.OnTypedRune = v.key

	v.bar = widget.NewProgressBar()
	v.bar.TextFormatter = func() string {
		if v.summary {
			return lang.L("Every step done")
		}
		sv := v.sess.View()
		return lang.L("Step {{.N}} of {{.Count}}", map[string]any{"N": sv.Index + 1, "Count": sv.Count})
	}
	v.hint = newActionButton(lang.L("Hint"), theme.HelpIcon(), v.askHint, v.key)
	v.retry = newActionButton(lang.L("Retry"), theme.MediaReplayIcon(), v.onRetry, v.key)
	v.next = newActionButton(lang.L("Next"), theme.NavigateNextIcon(), v.onNext, v.key)
	v.buttons = container.NewGridWithColumns(3, v.hint, v.retry, v.next)
	// The goal stays in sight above the texts, which scroll on a phone.
	top := container.NewVBox(container.New(&fixedHeight{h: 30}, v.bar), v.goal)
	panel := container.NewBorder(top, v.buttons, nil, nil, v.scroll)
	v.root = NewBoardAndPanel(v.board, container.NewPadded(panel))
}

// CreateRenderer is part of fyne.Widget.
func (v *lessonView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.root) }

// close ends the session and whatever runs for it.
func (v *lessonView) close() {
	v.stop()
	if v.game != nil {
		v.game.Close()
		v.game = nil
	}
	v.sess.Close()
	v.wg.Wait()
	if v.left != nil {
		v.left()
	}
}

// showStep draws the current step afresh.
func (v *lessonView) showStep() {
	v.gen++
	v.seq.stop()
	v.busy, v.summary, v.hintLevel = false, false, 0
	if v.game != nil {
		v.game.Close()
		v.game = nil
	}
	sv := v.sess.View()
	lt := v.sess.Lesson().Localized(v.lang)
	v.intro.SetText("")
	v.intro.Hidden = sv.Index > 0 || lt.Intro == ""
	if !v.intro.Hidden {
		v.intro.SetText(lt.Intro)
	}
	v.step.SetText(sv.Title)
	v.explain.SetText(sv.Explain)
	v.goal.SetText(lang.L("Goal: {{.Goal}}", map[string]any{"Goal": sv.Goal}))
	v.steps.RemoveAll()
	v.step.Show()
	v.explain.Show()
	v.goal.Show()
	v.banner.clear()
	v.board.SetFlipped(sv.Game != nil && sv.Game.Learner == engine.Black)
	v.board.SetPosition(sv.Position)
	v.board.SetTargets(sv.Targets)
	v.board.SetInteractive(true)
	v.hint.Show()
	v.hint.Enable()
	v.buttons.Layout = layout.NewGridLayoutWithColumns(3)
	v.buttons.Objects = []fyne.CanvasObject{v.hint, v.retry, v.next}
	v.retry.SetText(lang.L("Retry"))
	v.next.SetText(v.nextText(sv))
	v.next.Disable()
	v.next.Importance = widget.MediumImportance
	v.next.Refresh()
	v.updateBar(sv)
	v.scroll.ScrollToTop()
	relayout(v.root)
	if sv.Game != nil {
		v.retry.SetText(lang.L("New game"))
		v.startGame()
	}
}

func (v *lessonView) nextText(sv tutor.StepView) string {
	if sv.Index+1 < sv.Count {
		return lang.L("Next")
	}
	return lang.L("Finish")
}

func (v *lessonView) updateBar(sv tutor.StepView) {
	done := sv.Index
	if sv.Solved {
		done++
	}
	if v.summary {
		done = sv.Count
	}
	v.bar.SetValue(float64(done) / float64(max(sv.Count, 1)))
}

// key handles the one-key commands: H hint, R retry, N next.
func (v *lessonView) key(r rune) {
	switch r {
	case 'h', 'H':
		if !v.hint.Hidden && !v.hint.Disabled() {
			v.askHint()
		}
	case 'r', 'R':
		v.onRetry()
	case 'n', 'N':
		if !v.next.Disabled() {
			v.onNext()
		}
	}
}

func (v *lessonView) canvas() fyne.Canvas {
	if v.s.Window != nil {
		return v.s.Window.Canvas()
	}
	if app := fyne.CurrentApp(); app != nil {
		return app.Driver().CanvasForObject(v)
	}
	return nil
}

func (v *lessonView) focusBoard() {
	if c := v.canvas(); c != nil {
		c.Focus(v.board)
	}
}

func (v *lessonView) focusNext() {
	if c := v.canvas(); c != nil {
		c.Focus(v.next)
	}
}

// onMove judges the learner's move: the board shows it at once, the tutor
// answers from a goroutine.
func (v *lessonView) onMove(m engine.Move) {
	if v.busy {
		return
	}
	sv := v.sess.View()
	if sv.Game != nil {
		v.gameMove(m)
		return
	}
	if sv.Solved {
		return
	}
	v.playMove(m, v.sess.Play, v.answer)
}

// answer shows the tutor's answer to move m, played on before.
func (v *lessonView) answer(before engine.Position, m engine.Move, fb tutor.Feedback, err error) {
	sv := v.sess.View()
	if err != nil {
		v.judgeFailed(err, sv.Position)
		v.restore(sv)
		return
	}
	stars := 0
	if fb.Solved {
		stars = fb.Stars
	}
	v.verdict(fb, fb.Text, stars)
	v.hintLevel = 0
	v.showAnswer(before, m, fb, sv.Position, func() { v.restore(v.sess.View()) })
}

// restore ends a move's answer: marks back on, input on, or the way on
// when the step is solved.
func (v *lessonView) restore(sv tutor.StepView) {
	v.busy = false
	v.board.SetTargets(sv.Targets)
	v.updateBar(sv)
	if sv.Solved {
		// The marks said where to look; the step is done.
		v.board.SetTargets(nil)
		v.board.SetInteractive(false)
		v.hint.Disable()
		v.next.Enable()
		v.next.Importance = widget.HighImportance
		v.next.Refresh()
		v.focusNext()
		return
	}
	v.board.SetInteractive(true)
}

// onIllegal sends an attempt the board refused to the tutor, which says
// which rule it breaks.
func (v *lessonView) onIllegal(from, to Cell) {
	if v.busy {
		return
	}
	var text string
	if v.game != nil {
		text = v.game.Explain(engine.Coord(from), engine.Coord(to))
	} else {
		text = v.sess.Explain(engine.Coord(from), engine.Coord(to)).Text
	}
	v.mistake(text)
}

// askHint asks for the next hint: the piece, then its target, then the
// move.
func (v *lessonView) askHint() {
	if v.busy || v.summary {
		return
	}
	if v.game != nil {
		if err := v.game.Hint(); err != nil {
			v.banner.set(feedbackInfo, err.Error(), 0)
		}
		return
	}
	v.fetchHint(v.sess.Hint, v.showHint)
}

// showHint draws a hint: a ring round the piece, then its target too,
// then the move's arrow.
func (v *lessonView) showHint(h tutor.Hint) {
	v.hintLevel = h.Level
	showHintOn(v.board, h, v.sess.View().Targets)
	v.banner.set(feedbackInfo, h.Text, 0)
}

// showHintOn marks hint h on board b, keeping the step's targets.
func showHintOn(b *Board, h tutor.Hint, targets []engine.Square) {
	b.ClearHint()
	b.SetTargets(targets)
	switch {
	case h.Move != nil:
		b.SetHintMove(*h.Move)
	case len(h.Ring) > 0:
		b.SetHintPiece(h.Ring[0])
		if len(h.Ring) > 1 {
			b.SetTargets(append(append([]engine.Square(nil), targets...), h.Ring[1:]...))
		}
	}
}

func (v *lessonView) onRetry() {
	if v.summary {
		v.sess.Goto(0)
		v.showStep()
		v.focusBoard()
		return
	}
	v.sess.Retry()
	v.showStep()
	v.focusBoard()
}

func (v *lessonView) onNext() {
	if v.summary {
		v.nextLesson()
		return
	}
	if !v.sess.View().Solved {
		return
	}
	if v.sess.Next() {
		v.showStep()
		v.focusBoard()
		return
	}
	v.showSummary()
}

// showSummary ends the lesson: the stars of every step, the lesson's
// closing words, and the way to the next lesson.
func (v *lessonView) showSummary() {
	v.gen++
	v.seq.stop()
	v.summary = true
	sv := v.sess.View()
	lt := v.sess.Lesson().Localized(v.lang)
	v.intro.Hidden = true
	v.step.SetText(lang.L("Lesson complete!"))
	v.explain.SetText(lt.Outro)
	v.goal.Hide()
	v.banner.clear()
	v.board.SetInteractive(false)
	v.board.ClearHint()

	var rec tutor.LessonRecord
	if v.s.Progress != nil {
		rec = v.s.Progress.Lesson(v.course.ID, v.sess.Lesson().ID)
	}
	total := lessonStars(rec, len(v.sess.Lesson().Steps))
	v.steps.RemoveAll()
	big := newStarRow(40)
	big.set(total, 3)
	v.steps.Add(container.NewCenter(big))
	v.steps.Add(widget.NewLabelWithStyle(starsText(total, 3), fyne.TextAlignCenter, fyne.TextStyle{}))
	for i, st := range v.sess.Lesson().Steps {
		n := 0
		if i < len(rec.Steps) {
			n = rec.Steps[i].Stars
		}
		row := newStarRow(18)
		row.set(n, 3)
		v.steps.Add(container.NewBorder(nil, nil, nil, row, wrapped(st.Localized(v.lang).Title)))
	}
	v.hint.Hide()
	v.board.SetTargets(nil)
	v.buttons.Layout = layout.NewGridLayoutWithColumns(2)
	v.buttons.Objects = []fyne.CanvasObject{v.retry, v.next}
	v.retry.SetText(lang.L("Again"))
	v.next.Enable()
	v.next.Importance = widget.HighImportance
	if v.nextLessonID() == "" {
		v.next.SetText(lang.L("Back to lessons"))
	} else {
		v.next.SetText(lang.L("Next lesson"))
	}
	v.updateBar(sv)
	v.bar.Refresh()
	v.scroll.ScrollToTop()
	relayout(v.root)
	v.focusNext()
}

// lessonStars are the stars of a lesson: the mean of its steps' stars,
// rounded, from 1 to 3 once it is done (0 before).
func lessonStars(rec tutor.LessonRecord, steps int) int {
	if !rec.Done || steps == 0 {
		return 0
	}
	n := (rec.Stars()*2 + steps) / (2 * steps)
	return min(max(n, 1), 3)
}

func (v *lessonView) nextLessonID() string {
	ls := v.course.Lessons
	for i, l := range ls {
		if l.ID == v.sess.Lesson().ID && i+1 < len(ls) {
			return ls[i+1].ID
		}
	}
	return ""
}

func (v *lessonView) nextLesson() {
	id := v.nextLessonID()
	left := v.left
	v.s.Nav.Back()
	if id != "" {
		openLesson(v.s, v.course, id, false, left)
	}
}

// startGame starts the practice game of a game step against the AI; its
// answers come from the session's goroutines.
func (v *lessonView) startGame() {
	gen := v.gen
	do := func(f func()) { v.onUI(gen, f) }
	cb := tutor.GameCallbacks{
		OnThinking: nil,
		OnAIMove:   func(pm tutor.PlayedMove) { do(func() { v.aiMoved(pm) }) },
		OnGameOver: func(st engine.Status) { do(func() { v.gameOver(st) }) },
		OnHint: func(h tutor.Hint) {
			do(func() {
				h.Level = 3
				showHintOn(v.board, h, nil)
				v.banner.set(feedbackInfo, h.Text, 0)
			})
		},
	}
	v.gameSeed++
	g, err := v.sess.StartGame(cb, tutor.GameDeps{Endgames: v.s.Endgames, Progress: v.s.Progress}, v.gameSeed)
	if err != nil {
		v.banner.set(feedbackMistake, err.Error(), 0)
		return
	}
	v.game = g
	v.gameTurn()
	g.Start()
}

// gameTurn lets the learner move when it is their turn.
func (v *lessonView) gameTurn() {
	gv := v.game.View()
	v.board.SetInteractive(gv.LearnerToMove)
	switch {
	case gv.Status.Result != engine.Ongoing:
	case gv.Thinking || !gv.LearnerToMove:
		v.banner.set(feedbackInfo, lang.L("The computer is thinking…"), 0)
	default:
		v.banner.set(feedbackInfo, lang.L("Your move."), 0)
	}
}

// gameMove plays the learner's move in the practice game; the AI answers
// in the background.
func (v *lessonView) gameMove(m engine.Move) {
	g := v.game
	if g == nil {
		return
	}
	before := v.board.GamePosition()
	after := before
	after.Play(&m)
	v.board.SetInteractive(false)
	v.board.SetPositionAnimated(after, m)
	v.banner.set(feedbackInfo, lang.L("The computer is thinking…"), 0)
	sound(v.s, moveSound(&m))
	if _, err := g.Play(m); err != nil {
		v.board.SetPosition(before)
		v.banner.set(feedbackMistake, err.Error(), 0)
		v.gameTurn()
	}
}

func (v *lessonView) aiMoved(pm tutor.PlayedMove) {
	if v.game == nil {
		return
	}
	gv := v.game.View()
	m := pm.Move
	if cur := v.board.GamePosition(); cur.At(m.From) != engine.Empty {
		v.board.SetPositionAnimated(gv.Position, m)
	} else {
		v.board.SetPosition(gv.Position)
	}
	sound(v.s, moveSound(&m))
	v.gameTurn()
}

func (v *lessonView) gameOver(st engine.Status) {
	if v.game != nil {
		gv := v.game.View()
		v.board.SetPosition(gv.Position)
		if n := len(gv.Moves); n > 0 {
			v.board.SetLastMove(gv.Moves[n-1].Move)
		}
	}
	sv := v.sess.View()
	kind := feedbackSuccess
	if sv.GameResult == tutor.Loss {
		kind = feedbackMistake
	}
	v.banner.set(kind, joinLines(st.Text, sv.Done), sv.Stars)
	v.restore(sv)
}
