package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
	"github.com/checkerstutor/checkers/widgets"
)

// minTouch is the smallest side of anything a finger taps.
const minTouch = 44

// phoneHarness is the whole app in the app's theme in a window of a phone
// held upright.
func phoneHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarnessWith(t, "", widgets.DefaultScreens)
	fyne.CurrentApp().Settings().SetTheme(widgets.NewAppTheme())
	h.win.Resize(fyne.NewSize(360, 640))
	return h
}

// wantTouchable fails when the board's squares or any button of the
// window is smaller than a finger, or anything sticks out of the window.
func wantTouchable(t *testing.T, w fyne.Window, b *widgets.Board) {
	t.Helper()
	if b == nil {
		t.Fatal("the screen has no board")
	}
	if cell := b.Geometry().CellSize; cell < minTouch {
		t.Errorf("the board's squares are %.1f points, want at least %d (board %v)", cell, minTouch, b.Size())
	}
	checkLayout(t, w)
}

// wantBoardKept plays squares on the lesson view shown and fails unless
// the banner of kind appears with the board as large as before and every
// target touchable.
func wantBoardKept(t *testing.T, h *harness, kind string, squares ...engine.Square) {
	t.Helper()
	view := h.app.Shell.Current()
	board := widgets.ScreenBoard(view)
	wantTouchable(t, h.win, board)
	before := board.Size()
	tapMove(t, view, squares...)
	wantBanner(t, view, kind, "")
	wantTouchable(t, h.win, board)
	if board.Size() != before {
		t.Errorf("the board went from %v to %v when the %s feedback appeared", before, board.Size(), kind)
	}
}

func TestPhone_LessonBoardFillsTheWidthAndKeepsItsSizeWithFeedback(t *testing.T) {
	h := phoneHarness(t)
	h.tap(h.app.Home.Continue) // a new learner: the first lesson
	wantBoardKept(t, h, "success", 9, 13)
	saveScreen(t, h.win, "phone_lesson_solved")

	// A long sentence: a move that breaks the capture rule.
	widgets.OpenLesson(h.app.Services, englishCourse(t), "compulsory")
	wantBoardKept(t, h, "mistake", 31, 27)
	saveScreen(t, h.win, "phone_lesson_mistake")
}

func TestPhone_PuzzleAndGameBoardsFillTheWidth(t *testing.T) {
	h := phoneHarness(t)
	packs, err := puzzles.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	var pack *puzzles.Pack
	for _, pk := range packs {
		if pk.Variant == engine.English {
			pack = pk
			break
		}
	}
	if pack == nil {
		t.Fatal("no English puzzle pack")
	}
	widgets.OpenPuzzles(h.app.Services, engine.English, pack)
	view := h.app.Shell.Current()
	wantTouchable(t, h.win, widgets.ScreenBoard(view))
	saveScreen(t, h.win, "phone_puzzle")
	h.app.Shell.Home()

	v := h.startGame()
	wantTouchable(t, h.win, v.Board)
	h.playFirstLegal(v)
	h.settle()
	wantTouchable(t, h.win, v.Board)
	saveScreen(t, h.win, "phone_game")
}

// A 10x10 board cannot have 44-point squares on a 360-point phone; it
// takes the whole width with the thinnest frame.
func TestPhone_InternationalBoardTakesTheWholeWidth(t *testing.T) {
	test.NewTempApp(t)
	b := widgets.NewBoard(engine.International.StartPosition())
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(360, 640))
	g := b.Geometry()
	if want := float32(360-2*2) / 10; g.CellSize < want-0.01 {
		t.Errorf("10x10 squares are %.2f points on a 360-point board, want %.2f", g.CellSize, want)
	}
	wide := widgets.NewBoard(engine.International.StartPosition())
	w2 := test.NewTempWindow(t, wide)
	w2.SetPadded(false)
	w2.Resize(fyne.NewSize(800, 800))
	if g := wide.Geometry(); g.Frame < g.CellSize*0.17 {
		t.Errorf("on a large board the frame is %.1f points for %.1f-point squares, want the usual frame", g.Frame, g.CellSize)
	}
}

// escape types Escape as the window does: to the focused object, else to
// the canvas.
func escape(w fyne.Window) {
	ev := &fyne.KeyEvent{Name: fyne.KeyEscape}
	if f := w.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	w.Canvas().OnTypedKey()(ev)
}

func TestKeys_EscapeOnTheBoardDropsTheSelectionThenGoesBack(t *testing.T) {
	h := newHarnessWith(t, "", widgets.DefaultScreens)
	h.tap(h.app.Home.Continue)
	board := widgets.ScreenBoard(h.app.Shell.Current())
	if h.win.Canvas().Focused() != board {
		t.Fatalf("the lesson opened with %T focused, want its board", h.win.Canvas().Focused())
	}
	tapSquares(board, 9)
	if _, ok := board.Selected(); !ok {
		t.Fatal("tapping 9 selected nothing")
	}
	escape(h.win)
	if _, ok := board.Selected(); ok {
		t.Error("Escape left the piece selected")
	}
	if d := h.app.Shell.Depth(); d != 1 {
		t.Fatalf("Escape with a piece selected left the lesson (depth %d)", d)
	}
	escape(h.win)
	if d := h.app.Shell.Depth(); d != 0 {
		t.Fatalf("Escape with nothing selected stayed on %q, want home", h.app.Shell.Title())
	}

	// Once the step is solved the Next button has the keyboard: Escape
	// still goes back.
	h.tap(h.app.Home.Continue)
	view := h.app.Shell.Current()
	tapMove(t, view, 9, 13)
	if f := h.win.Canvas().Focused(); f == nil || f == fyne.Focusable(widgets.ScreenBoard(view)) {
		t.Fatalf("after the solved step %T has the keyboard, want the Next button", f)
	}
	escape(h.win)
	if d := h.app.Shell.Depth(); d != 0 {
		t.Fatalf("Escape on the Next button stayed on %q, want home", h.app.Shell.Title())
	}

	// A game: the board of a game behaves the same.
	v := h.startGame()
	h.win.Canvas().Focus(v.Board)
	tapSquares(v.Board, v.Session().View().Legal[0].From)
	escape(h.win)
	if _, ok := v.Board.Selected(); ok || h.app.PlayView() != v {
		t.Fatal("Escape in a game with a piece selected did not just drop it")
	}
	escape(h.win)
	if h.app.PlayView() == v {
		t.Fatal("Escape in a game with nothing selected did not go back")
	}
}

// wantTouchableChoices fails when a row of a radio group, a check box, a
// drop-down or a slider shown in w is lower than a finger.
func wantTouchableChoices(t *testing.T, w fyne.Window) int {
	t.Helper()
	n := 0
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if !o.Visible() {
			return
		}
		row := o.Size().Height
		switch x := o.(type) {
		case *widget.RadioGroup:
			if x.Horizontal {
				break
			}
			row /= float32(max(len(x.Options), 1))
		case *widget.Check, *widget.Select, *widget.Slider:
		default:
			row = -1
		}
		if row >= 0 {
			n++
			if row < minTouch {
				t.Errorf("%T has rows %.1f high, want at least %d", o, row, minTouch)
			}
			return
		}
		switch c := o.(type) {
		case *fyne.Container:
			for _, k := range c.Objects {
				walk(k)
			}
		case *container.Scroll:
			walk(c.Content)
		case fyne.Widget:
			if r := test.WidgetRenderer(c); r != nil {
				for _, k := range r.Objects() {
					walk(k)
				}
			}
		}
	}
	walk(w.Content())
	return n
}

func TestPhone_ChoicesOfPlayAndSettingsAreTouchable(t *testing.T) {
	h := phoneHarness(t)
	h.tap(h.app.Home.Play)
	checkLayout(t, h.win)
	if n := wantTouchableChoices(t, h.win); n < 4 {
		t.Errorf("found %d choices on the game setup, want the rules, opponent, colour and level", n)
	}
	saveScreen(t, h.win, "phone_play_setup")
	h.app.Shell.Home()
	h.tap(h.app.Home.Settings)
	checkLayout(t, h.win)
	saveScreen(t, h.win, "phone_settings")
	if n := wantTouchableChoices(t, h.win); n < 5 {
		t.Errorf("found %d choices in the settings, want more", n)
	}
}

func TestKeys_EscapeClosesTheDialogBeforeGoingBack(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	h.tap(v.Resign)
	if h.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Resign asked nothing")
	}
	escape(h.win)
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		t.Fatal("Escape left the question open")
	}
	if h.app.PlayView() != v || v.Session().View().Status.Result != engine.Ongoing {
		t.Fatal("Escape on the question left the game or ended it")
	}
	escape(h.win)
	if h.app.PlayView() == v {
		t.Fatal("a second Escape did not go back")
	}
}
