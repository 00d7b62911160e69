package widgets_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

// sounds records the sounds played.
type sounds struct {
	mu     sync.Mutex
	played []widgets.Sound
}

func (s *sounds) Play(x widgets.Sound) {
	s.mu.Lock()
	s.played = append(s.played, x)
	s.mu.Unlock()
}

func (s *sounds) count(x widgets.Sound) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, p := range s.played {
		if p == x {
			n++
		}
	}
	return n
}

// harness is the whole app in a test window.
type harness struct {
	t      *testing.T
	app    *widgets.App
	win    fyne.Window
	sounds *sounds
	path   string
}

var noEndgames = tutor.NewEndgamesFrom(func() (engine.Prober, error) {
	return nil, errors.New("no endgame database in these tests")
})

// newHarness builds the app on the progress file at path (a new one in a
// temporary folder when path is ""), with animations off.
func newHarness(t *testing.T, path string, screens widgets.Screens) *harness {
	t.Helper()
	return newHarnessWith(t, path, func(*widgets.Services) widgets.Screens { return screens })
}

// newHarnessWith is newHarness with screens made from the harness's
// services (widgets.DefaultScreens drives the real lessons and puzzles).
func newHarnessWith(t *testing.T, path string, makeScreens func(*widgets.Services) widgets.Screens) *harness {
	t.Helper()
	checkThreads(t)
	if path == "" {
		test.NewTempApp(t)
		path = filepath.Join(t.TempDir(), "progress.json")
	}
	clock := tutor.NewFixedClock(time.Date(2026, 3, 14, 15, 0, 0, 0, time.UTC))
	p, notice, err := tutor.OpenProgress(path, clock)
	if err != nil || notice.Text != "" {
		t.Fatalf("OpenProgress: %v %q", err, notice.Text)
	}
	st := p.Settings()
	st.Animations = false
	if err := p.SetSettings(st); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, sounds: &sounds{}, path: path}
	h.win = test.NewWindow(nil)
	h.win.Resize(fyne.NewSize(1000, 700))
	t.Cleanup(func() {
		h.app.Shell.Home() // leaves the game: the computer stops
		h.settle()
		h.win.Close()
	})
	s := &widgets.Services{App: fyne.CurrentApp(), Window: h.win, Progress: p, Endgames: noEndgames,
		Sounds: widgets.GatedSounds(p, h.sounds)}
	widgets.UseUIQueue(t, s)
	screens := makeScreens(s)
	screens.Clock = clock
	var seed uint64
	screens.Seed = func() uint64 { seed++; return seed }
	h.app = widgets.NewApp(s, screens)
	return h
}

// settle waits until the computer and the saves are done and runs every
// callback they queued.
func (h *harness) settle() {
	for {
		if v := h.app.PlayView(); v != nil {
			v.Wait()
		}
		if !widgets.DrainUI() {
			return
		}
	}
}

func (h *harness) tap(b *widget.Button) {
	h.t.Helper()
	if b.Disabled() {
		h.t.Fatalf("button %q is disabled", b.Text)
	}
	test.Tap(b)
	h.settle()
}

// findButton returns the first button with the given text under o.
func findButton(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	if b := widgets.ButtonOf(o); b != nil {
		if b.Text == text {
			return b
		}
		return nil
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButton(t, c, text); b != nil {
				return b
			}
		}
	case fyne.Widget:
		r := test.TempWidgetRenderer(t, x)
		for _, c := range r.Objects() {
			if b := findButton(t, c, text); b != nil {
				return b
			}
		}
	}
	return nil
}

// answerDialog taps the button of the top dialog.
func (h *harness) answerDialog(text string) {
	h.t.Helper()
	top := h.win.Canvas().Overlays().Top()
	if top == nil {
		h.t.Fatalf("no dialog open to answer %q", text)
	}
	b := findButton(h.t, top, text)
	if b == nil {
		h.t.Fatalf("the dialog has no %q button", text)
	}
	h.tap(b)
}

// startGame opens Play from home and starts a game against the computer
// at level 1 with the learner playing the side that moves first.
func (h *harness) startGame() *widgets.PlayView {
	h.t.Helper()
	h.tap(h.app.Home.Play)
	setup := h.app.PlaySetup()
	if setup == nil {
		h.t.Fatalf("Play opened %q, not the game setup", h.app.Shell.Title())
	}
	setup.Level.SetValue(1)
	h.tap(setup.Start)
	v := h.app.PlayView()
	if v == nil {
		h.t.Fatalf("Start opened %q, not a game", h.app.Shell.Title())
	}
	return v
}

// playFirstLegal taps the first legal move on the board: the piece, then
// every landing square.
func (h *harness) playFirstLegal(v *widgets.PlayView) engine.Move {
	h.t.Helper()
	gv := v.Session().View()
	if len(gv.Legal) == 0 {
		h.t.Fatalf("no legal move to play; status %q", gv.Status.Text)
	}
	m := gv.Legal[0]
	tapSquares(v.Board, append([]engine.Square{m.From}, m.Path()...)...)
	return m
}

func TestShell_PushBackEscapeAltLeftAndHome(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	sh := h.app.Shell
	left := map[string]int{}
	push := func(name string) {
		sh.Push(name, widget.NewLabel(name), func() { left[name]++ })
	}
	push("one")
	push("two")
	push("three")
	if sh.Depth() != 3 || sh.Title() != "three" {
		t.Fatalf("after three pushes: depth %d, title %q", sh.Depth(), sh.Title())
	}
	sh.Back()
	if sh.Title() != "two" || left["three"] != 1 {
		t.Fatalf("Back: title %q, three left %d times", sh.Title(), left["three"])
	}
	h.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if sh.Title() != "one" || left["two"] != 1 {
		t.Fatalf("Escape: title %q, two left %d times", sh.Title(), left["two"])
	}
	push("four")
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyLeft, Modifier: fyne.KeyModifierAlt})
	if sh.Title() != "one" || left["four"] != 1 {
		t.Fatalf("Alt+Left: title %q, four left %d times", sh.Title(), left["four"])
	}
	push("five")
	sh.Home()
	if sh.Depth() != 0 || sh.Current() != h.app.Home || left["one"] != 1 || left["five"] != 1 {
		t.Fatalf("Home: depth %d, left %v", sh.Depth(), left)
	}
	sh.Back() // nothing to leave on the home screen
	if sh.Depth() != 0 {
		t.Fatalf("Back on home changed the depth to %d", sh.Depth())
	}
}

func TestHome_ButtonsOpenTheirScreens(t *testing.T) {
	lessons := 0
	h := newHarness(t, "", widgets.Screens{Lessons: func() { lessons++ }})
	home := h.app.Home
	if !home.Puzzles.Disabled() {
		t.Error("Puzzles is enabled with no puzzle screen")
	}
	h.tap(home.Lessons)
	if lessons != 1 {
		t.Errorf("Lessons ran its action %d times", lessons)
	}
	h.tap(home.Play)
	if h.app.PlaySetup() == nil || h.app.Shell.Title() != "Play" {
		t.Fatalf("Play opened %q", h.app.Shell.Title())
	}
	h.app.Shell.Back()
	h.tap(home.Settings)
	if h.app.Settings() == nil || h.app.Shell.Title() != "Settings" {
		t.Fatalf("Settings opened %q", h.app.Shell.Title())
	}
	h.app.Shell.Home()
	if !strings.Contains(home.Figures(), "Puzzle rating 1500") || !strings.Contains(home.Figures(), "0 stars") {
		t.Errorf("figures of a new learner: %q", home.Figures())
	}
}

func TestPlay_GameAgainstLevelOneThroughTheWindow(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	if v.Status.Text != "Red to move — your turn." {
		t.Fatalf("status at the start: %q", v.Status.Text)
	}
	const maxMoves = 30
	learner := 0
	for ; learner < maxMoves && v.Session().View().Status.Result == engine.Ongoing; learner++ {
		m := h.playFirstLegal(v)
		// Before the computer's answer reaches the screen: thinking, and
		// the board takes no input.
		if gv := v.Session().View(); gv.Status.Result == engine.Ongoing {
			if !v.Thinking.Visible() || !strings.Contains(v.Status.Text, "thinking") {
				t.Fatalf("move %d: no thinking shown (status %q)", learner+1, v.Status.Text)
			}
			tapSquares(v.Board, m.To)
			if _, sel := v.Board.Selected(); sel {
				t.Fatalf("move %d: the board took a tap while the computer thinks", learner+1)
			}
		}
		h.settle()
		gv := v.Session().View()
		if got := v.Board.GamePosition(); !got.Equal(&gv.Position) {
			t.Fatalf("move %d: board shows %s, game is at %s", learner+1, got.FEN(), gv.Position.FEN())
		}
		if v.Thinking.Visible() {
			t.Fatalf("move %d: still thinking after the answer", learner+1)
		}
		if want := (len(gv.Moves) + 1) / 2; len(v.MoveTexts()) != want {
			t.Fatalf("move %d: %d rows in the move list, want %d", learner+1, len(v.MoveTexts()), want)
		}
	}
	gv := v.Session().View()
	if learner < 3 {
		t.Fatalf("only %d moves played", learner)
	}
	if first := v.MoveTexts()[0]; !strings.HasPrefix(first, "1. "+gv.Moves[0].Text+" "+gv.Moves[1].Text) {
		t.Errorf("first row %q, want 1. %s %s", first, gv.Moves[0].Text, gv.Moves[1].Text)
	}
	if h.sounds.count(widgets.SoundMove)+h.sounds.count(widgets.SoundCapture)+h.sounds.count(widgets.SoundCrown) < 2*learner-1 {
		t.Errorf("sounds played: %v for %d moves of each side", h.sounds.played, learner)
	}
	if gv.Status.Result != engine.Ongoing {
		if !v.End.Visible() || v.EndText.Text != gv.Status.Text {
			t.Errorf("game over (%q) but the end panel shows %q", gv.Status.Text, v.EndText.Text)
		}
		if _, ok := h.app.Services.Progress.SavedGame(); ok {
			t.Error("a finished game is still saved to continue")
		}
	} else if sg, ok := h.app.Services.Progress.SavedGame(); !ok || len(sg.Moves) != len(gv.Moves) {
		t.Errorf("saved game has %d moves, the game %d", len(sg.Moves), len(gv.Moves))
	}
}

func TestPlay_IllegalAttemptIsExplained(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	tapSquares(v.Board, 22) // a White man, while Red is to move
	if want := "The piece on 22 is White's, and it is Red's turn."; v.Message.Text != want {
		t.Errorf("tapping the opponent's man: %q, want %q", v.Message.Text, want)
	}
	before := len(h.sounds.played)
	tapSquares(v.Board, 9, 18) // a man two rows forward
	h.settle()
	want := "A man moves one square at a time, or jumps over a piece next to it."
	if v.Message.Text != want || v.Message.Importance != widget.DangerImportance {
		t.Fatalf("message %q (importance %v), want %q in red", v.Message.Text, v.Message.Importance, want)
	}
	if h.sounds.count(widgets.SoundMistake) != 2 || len(h.sounds.played) != before+1 {
		t.Errorf("sounds after an illegal attempt: %v", h.sounds.played)
	}
	tapSquares(v.Board, 9) // the selection stays: tapping the man again drops it
	tapSquares(v.Board, 9, 14)
	h.settle()
	if gv := v.Session().View(); len(gv.Moves) != 2 || v.Message.Visible() {
		t.Errorf("after 9-14: %d moves, message %q still shown", len(gv.Moves), v.Message.Text)
	}
}

func TestPlay_TakeBackUndoesTheLearnersMoveAndTheReply(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	if !v.TakeBack.Disabled() {
		t.Error("Take back is enabled before any move")
	}
	h.playFirstLegal(v)
	h.settle()
	after1 := v.Session().View()
	h.playFirstLegal(v)
	h.settle()
	if n := len(v.Session().View().Moves); n != 4 {
		t.Fatalf("%d moves after two moves each", n)
	}
	h.tap(v.TakeBack)
	gv := v.Session().View()
	if len(gv.Moves) != 2 || !gv.Position.Equal(&after1.Position) {
		t.Fatalf("take back left %d moves at %s, want 2 at %s", len(gv.Moves), gv.Position.FEN(), after1.Position.FEN())
	}
	if got := v.Board.GamePosition(); !got.Equal(&gv.Position) || len(v.MoveTexts()) != 1 {
		t.Fatalf("after take back the board shows %s and the list %q", got.FEN(), v.MoveTexts())
	}
	if sg, _ := h.app.Services.Progress.SavedGame(); len(sg.Moves) != 2 {
		t.Errorf("saved game has %d moves after take back, want 2", len(sg.Moves))
	}
}

func TestPlay_ResignAfterConfirmingEndsTheGame(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	h.playFirstLegal(v)
	h.settle()
	h.tap(v.Resign)
	h.answerDialog("No")
	if v.End.Visible() || v.Session().View().Status.Result != engine.Ongoing {
		t.Fatal("the game ended although the learner said No")
	}
	h.tap(v.Resign)
	h.answerDialog("Yes")
	st := v.Session().View().Status
	if st.Result != engine.WhiteWins || !v.End.Visible() {
		t.Fatalf("after resigning: result %v, end panel shown %v", st.Result, v.End.Visible())
	}
	if v.EndTitle.Text != "You lost this one" || v.EndText.Text != "White wins: Red resigned." {
		t.Errorf("end panel says %q / %q", v.EndTitle.Text, v.EndText.Text)
	}
	if _, ok := h.app.Services.Progress.SavedGame(); ok {
		t.Error("the resigned game is still saved to continue")
	}
	if g := h.app.Services.Progress.Games(engine.English)[1]; g.Losses != 1 {
		t.Errorf("games at level 1: %+v, want one loss", g)
	}
	if v.ReviewText.Text == "" || strings.Contains(v.ReviewText.Text, "Looking back") {
		t.Errorf("review after the game: %q", v.ReviewText.Text)
	}
	if strings.Contains(v.ReviewText.Text, "well played") {
		t.Errorf("a game resigned after one move is praised: %q", v.ReviewText.Text)
	}
	h.tap(v.NewGame)
	if h.app.PlaySetup() == nil || h.app.Shell.Depth() != 2 {
		t.Fatalf("New game opened %q at depth %d, not the setup in place of the game", h.app.Shell.Title(), h.app.Shell.Depth())
	}
	h.app.Shell.Home()
	v = h.startGame()
	h.tap(v.Resign)
	h.answerDialog("Yes")
	h.tap(v.Rematch)
	w := h.app.PlayView()
	if w == nil || w == v || w.Session().Config().Learner != engine.White || h.app.Shell.Depth() != 2 {
		t.Fatalf("rematch: view %p (old %p), depth %d", w, v, h.app.Shell.Depth())
	}
}

func TestPlay_ExportedPDNHasTheMovesAndImportsBack(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	tapSquares(v.Board, 11, 15)
	h.settle()
	gv := v.Session().View()
	pdn := v.PDN()
	for _, want := range []string{`[Event "Checkers Tutor game"]`, `[Date "2026.03.14"]`, `[Black "Learner"]`,
		`[White "Computer (level 1)"]`, "1. 11-15 " + gv.Moves[1].Text, "*"} {
		if !strings.Contains(pdn, want) {
			t.Errorf("PDN lacks %q:\n%s", want, pdn)
		}
	}
	words := tutor.Words{Names: engine.RedAndWhite}
	sg, err := widgets.ImportPDN(pdn, engine.English, words)
	if err != nil {
		t.Fatalf("ImportPDN of the export: %v", err)
	}
	if len(sg.Moves) != 2 || sg.Variant != "english" || !sg.TwoPlayer {
		t.Fatalf("imported %+v", sg)
	}
	if err := h.app.ResumeSaved(sg); err != nil {
		t.Fatalf("opening the imported game: %v", err)
	}
	w := h.app.PlayView()
	if got := w.Session().View().Position; !got.Equal(&gv.Position) {
		t.Errorf("imported game at %s, want %s", got.FEN(), gv.Position.FEN())
	}

	for _, bad := range []struct{ name, text, want string }{
		{"Empty", "  ", "no game"},
		{"IllegalMove", "1. 11-15 22-18 2. 15-19", "15-19"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			_, err := widgets.ImportPDN(bad.text, engine.English, words)
			if err == nil || !strings.Contains(err.Error(), bad.want) {
				t.Errorf("ImportPDN(%q) = %v, want an error naming %q", bad.text, err, bad.want)
			}
		})
	}
}

func TestSettings_ChangesPersistAndShowOnThePreview(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	h.tap(h.app.Home.Settings)
	ss := h.app.Settings()
	ss.Theme.SetSelected("Wooden board")
	ss.Pieces.SetSelected("Black and white")
	ss.Notation.SetSelected("Letters and digits (c3-d4)")
	ss.Sound.SetChecked(false)
	ss.Variant.SetSelected(engine.Russian.Title)
	if th := ss.Preview.Theme(); th.Name != "wood" || th.PieceName(engine.Black) != "Black" {
		t.Errorf("preview theme %q with %q pieces", th.Name, th.PieceName(engine.Black))
	}
	again, _, err := tutor.OpenProgress(h.path, tutor.SystemClock{})
	if err != nil {
		t.Fatal(err)
	}
	want := tutor.Settings{Variant: "russian", Theme: "wood", Pieces: widgets.PiecesBlackWhite, Notation: "algebraic",
		Animations: false, Sound: false, Language: "", Level: engine.DefaultLevel}
	if got := again.Settings(); got != want {
		t.Errorf("settings on disk:\n got %+v\nwant %+v", got, want)
	}
	before := len(h.sounds.played)
	h.app.Shell.Home()
	v := h.startGame()
	if v.Board.Theme().Name != "wood" || v.Session().Config().Variant != engine.Russian {
		t.Errorf("a new game uses theme %q and %s", v.Board.Theme().Name, v.Session().Config().Variant.Title)
	}
	h.playFirstLegal(v)
	h.settle()
	if len(h.sounds.played) != before {
		t.Errorf("sounds played with sound off: %v", h.sounds.played[before:])
	}
	if gv := v.Session().View(); !strings.Contains(gv.Moves[0].Text, "-") || !strings.ContainsAny(gv.Moves[0].Text, "abcdefgh") {
		t.Errorf("first move %q is not in algebraic notation", gv.Moves[0].Text)
	}
}

func TestContinue_ResumesTheSavedGameAfterARestart(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	h.playFirstLegal(v)
	h.settle()
	h.playFirstLegal(v)
	h.settle()
	played := v.Session().View()
	h.app.Close() // the window closes: the game is left, its save written
	if _, ok := h.app.Services.Progress.SavedGame(); !ok {
		t.Fatal("no game saved when the window closed")
	}
	if got := h.app.Home.ContinueText(); !strings.Contains(got, "against level 1, move 3") {
		t.Errorf("home says Continue resumes %q", got)
	}

	// The app closes and opens again on the same file.
	h2 := newHarness(t, h.path, widgets.Screens{ContinueLesson: func() bool {
		t.Error("Continue opened a lesson although a game was saved")
		return true
	}})
	h2.tap(h2.app.Home.Continue)
	w := h2.app.PlayView()
	if w == nil {
		t.Fatalf("Continue opened %q, not the game", h2.app.Shell.Title())
	}
	gv := w.Session().View()
	if len(gv.Moves) != len(played.Moves) || !gv.Position.Equal(&played.Position) {
		t.Fatalf("resumed at %s after %d moves, left at %s after %d", gv.Position.FEN(), len(gv.Moves),
			played.Position.FEN(), len(played.Moves))
	}
	if got := w.Board.GamePosition(); !got.Equal(&gv.Position) || !w.Board.Flipped() {
		t.Errorf("resumed board shows %s (flipped %v)", got.FEN(), w.Board.Flipped())
	}
	if len(w.MoveTexts()) != 2 {
		t.Errorf("resumed move list %q", w.MoveTexts())
	}
}

func TestContinue_WithoutAGameResumesTheLesson(t *testing.T) {
	resumed := 0
	h := newHarness(t, "", widgets.Screens{
		ContinueLesson:     func() bool { resumed++; return true },
		ContinueLessonText: func() string { return "Lesson 2, step 3" },
	})
	if got := h.app.Home.ContinueText(); got != "Lesson 2, step 3" {
		t.Errorf("continue text %q", got)
	}
	h.tap(h.app.Home.Continue)
	if resumed != 1 || h.app.Shell.Depth() != 0 {
		t.Errorf("lesson resumed %d times, depth %d", resumed, h.app.Shell.Depth())
	}
}

func TestPlay_LeavingWhileTheComputerThinksStopsIt(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	h.app.StartGame(tutor.GameConfig{Variant: engine.English, Level: 10, Learner: engine.White, Words: h.app.LearnerWords()})
	v := h.app.PlayView()
	if gv := v.Session().View(); !gv.Thinking || !v.Thinking.Visible() {
		t.Fatalf("Red (the computer, level 10) to move first: thinking %v, shown %v", gv.Thinking, v.Thinking.Visible())
	}
	tapSquares(v.Board, 22, 18)
	if n := len(v.Session().View().Moves); n != 0 {
		t.Fatalf("the board took a move while the computer thinks: %d moves", n)
	}
	h.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.app.Shell.Depth() != 0 {
		t.Fatalf("Escape left depth %d", h.app.Shell.Depth())
	}
	v.Wait() // returns once the cancelled search has ended
	if gv := v.Session().View(); gv.Thinking || len(gv.Moves) != 0 {
		t.Errorf("after leaving: thinking %v, %d moves played", gv.Thinking, len(gv.Moves))
	}
	h.settle()
	if got := h.app.Home.ContinueText(); got != "" {
		t.Errorf("a game without moves is offered to continue: %q", got)
	}
}

func TestShowProgressNotice_SaysTheFileWasKeptAside(t *testing.T) {
	test.NewTempApp(t)
	checkThreads(t)
	path := filepath.Join(t.TempDir(), "progress.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, notice, err := tutor.OpenProgress(path, tutor.SystemClock{})
	if err != nil || notice.Text == "" {
		t.Fatalf("corrupt file: notice %q, err %v", notice.Text, err)
	}
	w := test.NewWindow(widget.NewLabel("home"))
	defer w.Close()
	w.Resize(fyne.NewSize(600, 400))
	widgets.ShowProgressNotice(w, tutor.Notice{}, nil)
	if w.Canvas().Overlays().Top() != nil {
		t.Fatal("a dialog without anything to say")
	}
	widgets.ShowProgressNotice(w, notice, nil)
	top := w.Canvas().Overlays().Top()
	if top == nil || findButton(t, top, "OK") == nil {
		t.Fatal("no dialog for the notice")
	}
	if !containsText(t, top, notice.Text) {
		t.Errorf("the dialog does not say %q", notice.Text)
	}
}

// containsText reports whether a label under o shows text.
func containsText(t *testing.T, o fyne.CanvasObject, text string) bool {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text == text
	case *fyne.Container:
		for _, c := range x.Objects {
			if containsText(t, c, text) {
				return true
			}
		}
	case fyne.Widget:
		for _, c := range test.TempWidgetRenderer(t, x).Objects() {
			if containsText(t, c, text) {
				return true
			}
		}
	}
	return false
}

func TestSettings_ResetKeepsABackupAndTheSettings(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	p := h.app.Services.Progress
	if err := p.RecordGame(engine.English, 2, tutor.Win); err != nil {
		t.Fatal(err)
	}
	h.tap(h.app.Home.Settings)
	ss := h.app.Settings()
	ss.Theme.SetSelected("High contrast")
	h.tap(ss.Reset)
	h.answerDialog("No")
	if p.Games(engine.English)[2].Wins != 1 {
		t.Fatal("No reset the progress")
	}
	h.tap(ss.Reset)
	h.answerDialog("Yes")
	if g := p.Games(engine.English)[2]; g.Wins != 0 {
		t.Errorf("after the reset: %+v", g)
	}
	if p.Settings().Theme != "high-contrast" {
		t.Errorf("the reset lost the settings: %+v", p.Settings())
	}
	backups, _ := filepath.Glob(h.path + ".reset-*")
	if len(backups) != 1 {
		t.Fatalf("backups: %v", backups)
	}
	old, _, err := tutor.OpenProgress(backups[0], tutor.SystemClock{})
	if err != nil || old.Games(engine.English)[2].Wins != 1 {
		t.Errorf("the backup does not hold the old progress (err %v)", err)
	}
	if top := h.win.Canvas().Overlays().Top(); top == nil || !containsText(t, top, "Your progress starts afresh. The old file is kept as "+backups[0]+".") {
		t.Error("no word that the progress was reset and where the copy is")
	}
}

func TestPlay_TheComputerAnswersADrawOffer(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	v := h.startGame()
	h.tap(v.Draw)
	gv := v.Session().View()
	// At the start the position is level: the computer accepts.
	if gv.Status.Result != engine.Drawn || v.Message.Text != "White accepts the draw: the position is level." {
		t.Fatalf("draw offer at the start: result %v, message %q, end %q", gv.Status.Result, v.Message.Text, v.EndText.Text)
	}
	if v.EndTitle.Text != "A draw" || !v.End.Visible() {
		t.Errorf("end panel %q shown %v", v.EndTitle.Text, v.End.Visible())
	}
}

func TestPlay_TwoPlayersTakeTurnsAndAgreeADraw(t *testing.T) {
	h := newHarness(t, "", widgets.Screens{})
	h.tap(h.app.Home.Play)
	setup := h.app.PlaySetup()
	setup.Mode.SetSelected("Two players on this device")
	h.tap(setup.Start)
	v := h.app.PlayView()
	if v.Board.Flipped() || v.Session().Config().Mode != tutor.TwoPlayers {
		t.Fatalf("two-player game: flipped %v, mode %v", v.Board.Flipped(), v.Session().Config().Mode)
	}
	tapSquares(v.Board, 11, 15)
	h.settle()
	if v.Thinking.Visible() || v.Status.Text != "White to move." {
		t.Fatalf("after Red's move: thinking shown %v, status %q", v.Thinking.Visible(), v.Status.Text)
	}
	tapSquares(v.Board, 22, 18)
	h.settle()
	if got := v.MoveTexts(); len(got) != 1 || got[0] != "1. 11-15 22-18" {
		t.Fatalf("move list %q", got)
	}
	h.tap(v.Draw)
	h.answerDialog("Yes")
	if st := v.Session().View().Status; st.Result != engine.Drawn || v.EndTitle.Text != "A draw" {
		t.Errorf("agreed draw: %v, end title %q", st.Result, v.EndTitle.Text)
	}
	if g := h.app.Services.Progress.Games(engine.English); len(g) != 0 {
		t.Errorf("a two-player game counted against the computer: %v", g)
	}
}
