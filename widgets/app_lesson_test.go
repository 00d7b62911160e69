package widgets_test

import (
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

// A new learner opens the app, taps "Start the first lesson", plays
// the first lesson's move on the board, finishes the lesson, goes home and
// plays a short game against level 1: the whole window, headless.
func TestApp_NewLearnerDoesTheFirstLessonThenAGame(t *testing.T) {
	h := newHarnessWith(t, "", widgets.DefaultScreens)
	if got := h.app.Home.ContinueText(); got != "English checkers: The board and the pieces" {
		t.Fatalf("home offers to continue with %q, want the first lesson", got)
	}
	if got := h.app.Home.Continue.Text; got != "Start the first lesson" {
		t.Errorf("a new learner's first button says %q, want \"Start the first lesson\"", got)
	}
	h.tap(h.app.Home.Continue)
	view := h.app.Shell.Current()
	if h.app.Shell.Title() != "The board and the pieces" {
		t.Fatalf("Continue opened %q, want the first lesson", h.app.Shell.Title())
	}
	tapMove(t, view, 9, 13) // any move with a black piece
	wantBanner(t, view, "success", "")
	if widgets.Interactive(widgets.ScreenBoard(view)) {
		t.Error("the board still takes moves after the step is solved")
	}
	press(t, view, "next")
	widgets.Flush(view)
	if !widgets.LessonSummaryShown(view) {
		t.Fatal("no lesson summary after the only step")
	}
	if rec := h.app.Services.Progress.Lesson("english", "board"); !rec.Done {
		t.Fatalf("the first lesson is not recorded as done: %+v", rec)
	}
	h.app.Shell.Home()
	h.settle()
	if got := h.app.Home.ContinueText(); got == "English checkers: The board and the pieces" {
		t.Fatal("home still offers the finished first lesson")
	}
	if got := h.app.Home.Continue.Text; got != "Continue where you left off" {
		t.Errorf("after the first lesson the first button says %q, want \"Continue where you left off\"", got)
	}

	v := h.startGame()
	for i := 0; i < 6 && v.Session().View().Status.Result == engine.Ongoing; i++ {
		h.playFirstLegal(v)
		h.settle()
	}
	gv := v.Session().View()
	if len(gv.Moves) < 2 {
		t.Fatalf("after the learner's moves the game has %d moves; the computer did not answer", len(gv.Moves))
	}
	if gv.Status.Result == engine.Ongoing && !gv.LearnerToMove {
		t.Fatalf("after the computer's answer it is not the learner's turn (%v to move)", gv.Position.Turn())
	}
}
