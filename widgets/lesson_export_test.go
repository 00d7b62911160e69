package widgets

// Test access to the screens' insides, for package widgets_test.

import (
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
)

var uiQueue struct {
	mu  sync.Mutex
	fns []func()
}

// UseUIQueue makes the screens of s hand their background answers to a
// queue that Flush and DrainUI run on the test's goroutine, and show
// replies and refutations without pauses.
func UseUIQueue(t testing.TB, s *Services) {
	s.Do = func(f func()) {
		uiQueue.mu.Lock()
		uiQueue.fns = append(uiQueue.fns, f)
		uiQueue.mu.Unlock()
	}
	pauseScale = 0
	t.Cleanup(func() {
		pauseScale = 1
		uiQueue.mu.Lock()
		uiQueue.fns = nil
		uiQueue.mu.Unlock()
	})
}

// DrainUI runs what is queued for the Fyne goroutine, until none is left;
// it reports whether there was anything.
func DrainUI() bool {
	ran := false
	for {
		uiQueue.mu.Lock()
		fns := uiQueue.fns
		uiQueue.fns = nil
		uiQueue.mu.Unlock()
		if len(fns) == 0 {
			return ran
		}
		ran = true
		for _, f := range fns {
			f()
		}
	}
}

// Flush waits until screen o has no work running and runs the queued
// answers, until none is left.
func Flush(o fyne.CanvasObject) {
	for {
		switch v := o.(type) {
		case *lessonView:
			v.wg.Wait()
			if v.game != nil {
				v.game.Wait()
			}
		case *puzzleView:
			v.wg.Wait()
		}
		if !DrainUI() {
			return
		}
	}
}

// ScreenBoard returns the board of a lesson or puzzle view.
func ScreenBoard(o fyne.CanvasObject) *Board {
	switch v := o.(type) {
	case *lessonView:
		return v.board
	case *puzzleView:
		return v.board
	}
	return nil
}

// BannerState is what the feedback banner of a screen shows.
type BannerState struct {
	Visible bool
	Kind    string // "success", "mistake", "info"
	Text    string
	Stars   int
}

// ScreenBanner returns the state of the feedback banner of a lesson or
// puzzle view.
func ScreenBanner(o fyne.CanvasObject) BannerState {
	var b *feedbackBanner
	switch v := o.(type) {
	case *lessonView:
		b = v.banner
	case *puzzleView:
		b = v.banner
	}
	if b == nil {
		return BannerState{}
	}
	return BannerState{Visible: b.Visible(), Kind: b.kind.String(), Text: b.text, Stars: b.stars}
}

// ScreenButton returns the button of a screen for an action: "hint",
// "retry" or "next".
func ScreenButton(o fyne.CanvasObject, action string) *widget.Button {
	var bs map[string]*actionButton
	switch v := o.(type) {
	case *lessonView:
		bs = map[string]*actionButton{"hint": v.hint, "retry": v.retry, "next": v.next}
	case *puzzleView:
		bs = map[string]*actionButton{"hint": v.hint, "retry": v.retry, "next": v.next}
	}
	if b := bs[action]; b != nil {
		return &b.Button
	}
	return nil
}

// LessonProgressText is the text of a lesson view's progress bar
// ("Step 1 of 3").
func LessonProgressText(o fyne.CanvasObject) string {
	if v, ok := o.(*lessonView); ok {
		return v.bar.TextFormatter()
	}
	return ""
}

// LessonSummaryShown reports whether a lesson view shows the lesson's
// summary.
func LessonSummaryShown(o fyne.CanvasObject) bool {
	v, ok := o.(*lessonView)
	return ok && v.summary
}

// HintMarks returns the hint marks of a board: the ringed piece, the
// arrow's move and the outlined targets.
func HintMarks(b *Board) (piece engine.Square, move *engine.Move, targets []engine.Square) {
	return b.hintFrom, b.hintMove, b.targets
}

// Interactive reports whether the board takes input.
func Interactive(b *Board) bool { return b.interactive }

// LessonRow is one lesson of the lessons list as the learner sees it.
type LessonRow struct {
	Course, Lesson string
	Locked         bool
	Stars          int
	Button         *widget.Button
}

// LessonRows lists the lessons of a lessons screen.
func LessonRows(o fyne.CanvasObject) []LessonRow {
	c, ok := o.(*coursesScreen)
	if !ok {
		return nil
	}
	var out []LessonRow
	for _, r := range c.rows {
		out = append(out, LessonRow{Course: r.course.ID, Lesson: r.lesson.ID, Locked: r.locked, Stars: r.stars,
			Button: &r.button.Button})
	}
	return out
}
