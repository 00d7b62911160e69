package widgets_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

// screen is a screen pushed on the test navigator.
type screen struct {
	title   string
	content fyne.CanvasObject
	onLeave func()
}

// testNav shows the top screen in a test window.
type testNav struct {
	w     fyne.Window
	home  fyne.CanvasObject
	stack []screen
}

func (n *testNav) Push(title string, content fyne.CanvasObject, onLeave func()) {
	n.stack = append(n.stack, screen{title, content, onLeave})
	n.w.SetContent(content)
}

func (n *testNav) Back() {
	if len(n.stack) == 0 {
		return
	}
	top := n.stack[len(n.stack)-1]
	n.stack = n.stack[:len(n.stack)-1]
	if top.onLeave != nil {
		top.onLeave()
	}
	if len(n.stack) > 0 {
		n.w.SetContent(n.stack[len(n.stack)-1].content)
	} else if n.home != nil {
		n.w.SetContent(n.home)
	}
}

func (n *testNav) Home() {
	for len(n.stack) > 0 {
		n.Back()
	}
}

func (n *testNav) top(t *testing.T) fyne.CanvasObject {
	t.Helper()
	if len(n.stack) == 0 {
		t.Fatal("no screen was pushed")
	}
	return n.stack[len(n.stack)-1].content
}

var testDay = time.Date(2025, 3, 14, 10, 0, 0, 0, time.UTC)

// newServices sets up a test app, a window of the given size, a fresh
// progress file, and a navigator whose screens are left at the end of the
// test. Background answers are queued for widgets.Flush.
func newServices(t *testing.T, size fyne.Size) (*widgets.Services, *testNav) {
	t.Helper()
	test.NewTempApp(t)
	checkThreads(t)
	pr, _, err := tutor.OpenProgress(filepath.Join(t.TempDir(), "progress.json"), tutor.NewFixedClock(testDay))
	if err != nil {
		t.Fatal(err)
	}
	st := pr.Settings()
	st.Animations = false
	if err := pr.SetSettings(st); err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, nil)
	w.Resize(size)
	nav := &testNav{w: w}
	t.Cleanup(nav.Home)
	s := &widgets.Services{Window: w, Progress: pr, Nav: nav}
	widgets.UseUIQueue(t, s)
	return s, nav
}

func englishCourse(t *testing.T) *tutor.Course {
	t.Helper()
	c, err := tutor.CourseFor(engine.English)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// tapMove enters a move on a screen's board by tapping its squares, and
// waits for the answer.
func tapMove(t *testing.T, view fyne.CanvasObject, squares ...engine.Square) {
	t.Helper()
	b := widgets.ScreenBoard(view)
	if b == nil {
		t.Fatal("the screen has no board")
	}
	tapSquares(b, squares...)
	widgets.Flush(view)
}

func wantBanner(t *testing.T, view fyne.CanvasObject, kind, contains string) widgets.BannerState {
	t.Helper()
	got := widgets.ScreenBanner(view)
	if !got.Visible || got.Kind != kind || !strings.Contains(got.Text, contains) {
		t.Fatalf("banner %+v, want a visible %s banner saying %q", got, kind, contains)
	}
	return got
}

func press(t *testing.T, view fyne.CanvasObject, action string) {
	t.Helper()
	b := widgets.ScreenButton(view, action)
	if b == nil || b.Disabled() || !b.Visible() {
		t.Fatalf("button %q cannot be pressed", action)
	}
	test.Tap(b)
	widgets.Flush(view)
}

func TestLessonScreen_LearnerCompletesTheFirstLessonByTapping(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	list := widgets.NewLessonsScreen(s)
	nav.home = list
	nav.w.SetContent(list)

	rows := widgets.LessonRows(list)
	if len(rows) == 0 || rows[0].Course != "english" || rows[0].Lesson != "board" || rows[0].Locked {
		t.Fatalf("first row %+v, want the open English lesson \"board\"", rows)
	}
	test.Tap(rows[0].Button)
	view := nav.top(t)
	if got := widgets.LessonProgressText(view); got != "Step 1 of 1" {
		t.Errorf("progress %q, want Step 1 of 1", got)
	}
	if b := widgets.ScreenBanner(view); b.Visible {
		t.Errorf("a banner is shown before any move: %+v", b)
	}
	_, _, targets := widgets.HintMarks(widgets.ScreenBoard(view))
	if len(targets) != 4 {
		t.Errorf("targets %v, want the four front squares", targets)
	}

	tapMove(t, view, 9, 13) // Black makes the first move
	got := wantBanner(t, view, "success", "you made the first move")
	if got.Stars != 3 {
		t.Errorf("stars %d, want 3 for a first-try move", got.Stars)
	}
	if _, _, targets := widgets.HintMarks(widgets.ScreenBoard(view)); len(targets) != 0 {
		t.Errorf("targets %v still marked after the step is solved", targets)
	}
	if widgets.Interactive(widgets.ScreenBoard(view)) {
		t.Error("the board still takes moves after the step is solved")
	}
	press(t, view, "next")
	if !widgets.LessonSummaryShown(view) {
		t.Fatal("no summary after the last step")
	}
	if rec := s.Progress.Lesson("english", "board"); !rec.Done || rec.Stars() != 3 {
		t.Errorf("progress %+v, want the lesson done with 3 stars", rec)
	}

	// Back on the list: 3 stars on the first lesson, the second open, the
	// third still locked.
	nav.Back()
	rows = widgets.LessonRows(list)
	if rows[0].Stars != 3 || rows[1].Locked || !rows[2].Locked {
		t.Errorf("rows after the lesson: %+v", rows[:3])
	}
}

func TestLessonScreen_SummaryNextOpensTheNextLesson(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	widgets.OpenLesson(s, englishCourse(t), "board")
	view := nav.top(t)
	tapMove(t, view, 10, 14)
	press(t, view, "next")
	// N on the summary (the Next button has the focus) opens the next
	// lesson in place of this one.
	focused := s.Window.Canvas().Focused()
	if focused == nil {
		t.Fatal("nothing has the keyboard focus on the summary")
	}
	focused.TypedRune('n')
	if len(nav.stack) != 1 || nav.stack[0].title != "Moving men" {
		t.Fatalf("screens %v, want the lesson \"Moving men\" alone", titles(nav))
	}
}

func titles(n *testNav) []string {
	var out []string
	for _, s := range n.stack {
		out = append(out, s.title)
	}
	return out
}

func TestLessonScreen_MistakesShowTheTutorsSentenceInRed(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	course := englishCourse(t)
	widgets.OpenLesson(s, course, "moving")
	view := nav.top(t)
	board := widgets.ScreenBoard(view)
	start := board.GamePosition()
	if got := widgets.LessonProgressText(view); got != "Step 1 of 2" {
		t.Errorf("progress %q, want Step 1 of 2", got)
	}

	// A session of the test's own says what the screen must show.
	th := board.Theme()
	ref, err := tutor.NewLessonSession(course, "moving", tutor.LessonOptions{
		Words: tutor.Words{Names: engine.ColorNames{White: th.White.Name, Black: th.Black.Name}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	cell := func(sq engine.Square) engine.Coord { return engine.Coord(widgets.CellOf(engine.English, sq)) }

	tapMove(t, view, 22, 14) // two squares: not a move
	want := ref.Explain(cell(22), cell(14)).Text
	if want == "" {
		t.Fatal("the tutor has no sentence for 22-14")
	}
	wantBanner(t, view, "mistake", want)

	tapMove(t, view, 17) // 22 stays selected: 22-17 is legal, but 18 is the goal
	m, err := start.ParseMove("22-17")
	if err != nil {
		t.Fatal(err)
	}
	fb, err := ref.Play(t.Context(), m)
	if err != nil || fb.Kind != tutor.FeedbackWrong {
		t.Fatalf("reference answer %+v, %v", fb, err)
	}
	wantBanner(t, view, "mistake", fb.Text)
	if got := board.GamePosition(); !got.Equal(&start) {
		t.Errorf("board at %s after a wrong move, want it back at %s", got.FEN(), start.FEN())
	}
	if !widgets.Interactive(board) {
		t.Error("the board takes no moves after a wrong one")
	}

	tapMove(t, view, 22, 18)
	got := wantBanner(t, view, "success", "diagonally forward")
	// Two moves over a par of one, a rule mistake and a wrong move.
	if want := tutor.Stars(2, 1, 0, 2); got.Stars != want || want != 1 {
		t.Errorf("stars %d after a rule mistake and a wrong move, want %d (1)", got.Stars, want)
	}
}

func TestLessonScreen_HintsRingThePieceThenTheTargetThenDrawTheMove(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	widgets.OpenLesson(s, englishCourse(t), "moving")
	view := nav.top(t)
	board := widgets.ScreenBoard(view)
	// H on the board asks for a hint.
	hint := func() {
		board.TypedRune('h')
		widgets.Flush(view)
	}
	hint()
	piece, move, targets := widgets.HintMarks(board)
	if piece != 22 || move != nil {
		t.Fatalf("first hint: ring %d, arrow %v; want a ring on 22 and no arrow", piece, move)
	}
	wantBanner(t, view, "info", "")
	hint()
	piece, move, targets = widgets.HintMarks(board)
	if piece != 22 || move != nil || !hasSquare(targets, 18) {
		t.Fatalf("second hint: ring %d, arrow %v, targets %v; want 22 ringed and 18 outlined", piece, move, targets)
	}
	hint()
	piece, move, _ = widgets.HintMarks(board)
	if move == nil || move.From != 22 || move.To != 18 {
		t.Fatalf("third hint: arrow %v, want 22-18", move)
	}
	// R starts the step again, without the marks.
	board.TypedRune('r')
	if piece, move, _ = widgets.HintMarks(board); piece != 0 || move != nil {
		t.Errorf("after retry: ring %d, arrow %v", piece, move)
	}
	if b := widgets.ScreenBanner(view); b.Visible {
		t.Errorf("banner still shown after retry: %+v", b)
	}
}

func hasSquare(list []engine.Square, s engine.Square) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestLessonScreen_PracticeGameAgainstTheComputer(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	widgets.OpenLesson(s, englishCourse(t), "practice")
	view := nav.top(t)
	board := widgets.ScreenBoard(view)
	if !board.Flipped() {
		t.Error("the learner plays Black: Black should be at the bottom")
	}
	wantBanner(t, view, "info", "Your move")
	tapMove(t, view, 11, 15)
	p := board.GamePosition()
	if p.Turn() != engine.Black || p.At(15) != engine.BlackMan {
		t.Fatalf("after 11-15 and the computer's reply: %s, want Black to move with a man on 15", p.FEN())
	}
	if !widgets.Interactive(board) {
		t.Error("the board takes no move on the learner's turn")
	}
	wantBanner(t, view, "info", "Your move")
	// H asks the game for a move to play: an arrow.
	board.TypedRune('h')
	widgets.Flush(view)
	if _, move, _ := widgets.HintMarks(board); move == nil {
		t.Error("no arrow after asking for a hint in the game")
	}
}

func TestContinueLesson_ResumesTheStartedLesson(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	if got := widgets.ContinueLessonText(s); got != "English checkers: The board and the pieces" {
		t.Errorf("a new learner continues with %q, want the first lesson, English checkers: The board", got)
	}
	if err := s.Progress.SetCurrentStep("english", "moving", 1); err != nil {
		t.Fatal(err)
	}
	if !widgets.ContinueLesson(s) {
		t.Fatal("ContinueLesson did not find the started lesson")
	}
	view := nav.top(t)
	if nav.stack[0].title != "Moving men" || widgets.LessonProgressText(view) != "Step 2 of 2" {
		t.Errorf("continued %q at %q, want Moving men at step 2 of 2", nav.stack[0].title, widgets.LessonProgressText(view))
	}
}
