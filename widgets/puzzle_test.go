package widgets_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
	"github.com/checkerstutor/checkers/widgets"
)

const screenPack = `id = "screen-test"
title = "Screen test"
variant = "english"

[[puzzle]]
id = "shot"
title = "Two for one"
fen = "W:W21,28,32:B18,20"
goal = "win"
solution = ["28-24", "20x27", "32x14"]
explanation = "Black must take on 24."

[[puzzle]]
id = "block"
title = "Block"
fen = "W:W19,20:B12"
goal = "win"
solution = ["20-16"]
`

func loadPack(t *testing.T, name, text string) *puzzles.Pack {
	t.Helper()
	pk, errs := puzzles.Load(name, []byte(text))
	if len(errs) > 0 || pk == nil {
		t.Fatalf("Load(%s): %v", name, errs)
	}
	return pk
}

// openPuzzle opens puzzle id of the test pack in the puzzle view.
func openPuzzle(t *testing.T, s *widgets.Services, nav *testNav, id string) fyne.CanvasObject {
	t.Helper()
	pk := loadPack(t, "screen.toml", screenPack)
	keep := pk.Puzzle(id)
	pk.Puzzles = []*puzzles.Puzzle{keep}
	widgets.OpenPuzzles(s, engine.English, pk)
	return nav.top(t)
}

func TestPuzzleScreen_StoredLineWithAutomaticReplySolvesAndRates(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	view := openPuzzle(t, s, nav, "shot")
	title, goal, status := widgets.PuzzleTexts(view)
	if title != "Two for one" || goal != "White to play. Win." || !strings.Contains(status, "1500") {
		t.Errorf("title %q, goal %q, status %q", title, goal, status)
	}
	board := widgets.ScreenBoard(view)
	start := board.GamePosition()

	tapMove(t, view, 28, 24)
	wantBanner(t, view, "success", "Go on")
	want := start
	for _, text := range []string{"28-24", "20x27"} {
		m, err := want.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		want.Play(&m)
	}
	if got := board.GamePosition(); !got.Equal(&want) {
		t.Fatalf("board at %s, want %s after Black's automatic 20x27", got.FEN(), want.FEN())
	}

	tapMove(t, view, 32, 14)
	got := wantBanner(t, view, "success", "Solved!")
	if !strings.Contains(got.Text, "Rating +") || !strings.Contains(got.Text, "→ 1") {
		t.Errorf("banner %q does not show the rating going up", got.Text)
	}
	st := s.Progress.Puzzles(engine.English)
	if st.Solved != 1 || st.Streak != 1 {
		t.Errorf("stats after solving: %+v", st)
	}
	if _, _, status = widgets.PuzzleTexts(view); !strings.Contains(status, "streak 1") {
		t.Errorf("status %q, want streak 1", status)
	}
	if widgets.Interactive(board) {
		t.Error("the board still takes moves after the puzzle is solved")
	}
}

func TestPuzzleScreen_AnotherWinningMoveIsAlsoCorrect(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	view := openPuzzle(t, s, nav, "block")
	tapMove(t, view, 19, 15) // the stored move is 20-16
	wantBanner(t, view, "success", "also correct")
	if st := s.Progress.Puzzles(engine.English); st.Failed != 0 {
		t.Errorf("the other winning move counted as a failure: %+v", st)
	}
	board := widgets.ScreenBoard(view)
	if p := board.GamePosition(); p.Turn() != engine.White || !widgets.Interactive(board) {
		t.Errorf("after Black's reply White should be to move on a live board: %s", p.FEN())
	}
}

func TestPuzzleScreen_WrongMoveIsRefutedAndTakenBack(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	view := openPuzzle(t, s, nav, "shot")
	board := widgets.ScreenBoard(view)
	start := board.GamePosition()
	tapMove(t, view, 32, 27)
	got := wantBanner(t, view, "mistake", "After that, Black ")
	if !strings.Contains(got.Text, "Rating -") {
		t.Errorf("banner %q does not show the rating going down", got.Text)
	}
	if p := board.GamePosition(); !p.Equal(&start) {
		t.Errorf("board at %s after the refutation, want the start %s", p.FEN(), start.FEN())
	}
	if st := s.Progress.Puzzles(engine.English); st.Failed != 1 || len(st.Review) != 1 {
		t.Errorf("a failed puzzle must be counted and queued for review: %+v", st)
	}
}

func TestPuzzlesScreen_BrokenPackShowsItsProblemsAndKeepsGoodPuzzles(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(360, 640))
	screen := widgets.NewPuzzlesScreen(s)
	nav.home = screen
	nav.w.SetContent(screen)
	broken := `id = "mine"
title = "My puzzles"
variant = "english"

[[puzzle]]
id = "good"
title = "good"
fen = "W:W21,28,32:B18,20"
goal = "win"
solution = ["28-24", "20x27", "32x14"]

[[puzzle]]
id = "illegal-line"
title = "illegal-line"
fen = "W:W21,28,32:B18,20"
goal = "win"
solution = ["28-23"]

[[puzzle]]
id = "bad-fen"
title = "bad-fen"
fen = "W:W99:B1"
goal = "win"
solution = ["1-5"]
`
	widgets.AddPackData(screen, "mine.toml", []byte(broken))
	summary, problems := widgets.PackProblems(screen)
	if !strings.Contains(summary, "Added 1 puzzle from mine.toml") || len(problems) != 2 {
		t.Fatalf("summary %q, problems %q", summary, problems)
	}
	for _, p := range problems {
		if !strings.HasPrefix(p, "mine.toml:1") && !strings.HasPrefix(p, "mine.toml:2") {
			t.Errorf("problem %q does not start with the file and its line", p)
		}
	}
	saveScreen(t, nav.w, "puzzles_broken_pack_360x640")
	checkLayout(t, nav.w)

	b := widgets.PackButton(screen, "mine")
	if b == nil || b.Disabled() {
		t.Fatal("the good puzzle of the pack cannot be opened")
	}
	test.Tap(b)
	view := nav.top(t)
	if title, _, _ := widgets.PuzzleTexts(view); title != "good" {
		t.Errorf("puzzle title %q, want the good puzzle", title)
	}
	tapMove(t, view, 28, 24)
	wantBanner(t, view, "success", "Go on")

	// A file that is not TOML at all says so, and nothing is added.
	nav.Back()
	widgets.AddPackData(screen, "junk.toml", []byte("this is [not toml"))
	summary, problems = widgets.PackProblems(screen)
	if !strings.Contains(summary, "could not be read") || len(problems) == 0 || !strings.HasPrefix(problems[0], "junk.toml") {
		t.Errorf("junk: summary %q, problems %q", summary, problems)
	}
}

func TestPuzzlesScreen_FailedPuzzleWaitsForReview(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(1280, 800))
	screen := widgets.NewPuzzlesScreen(s)
	nav.home = screen
	nav.w.SetContent(screen)
	if b := widgets.ReviewButton(screen); b == nil || !b.Disabled() {
		t.Fatal("the review button should be there and disabled with nothing to review")
	}
	b := widgets.PackButton(screen, "english-shots")
	if b == nil {
		t.Fatal("no button for the bundled pack english-shots")
	}
	test.Tap(b)
	saveScreen(t, nav.w, "puzzle_1280x800")
	checkLayout(t, nav.w)
}
