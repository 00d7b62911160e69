package widgets_test

import (
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

// screensDir, when set, is where the screen tests write what they render,
// for people to look at: go test ./widgets -run Render -screens=/tmp/s
var screensDir = flag.String("screens", "", "write the rendered screens as PNG files to this directory")

// saveScreen writes the window's picture when -screens is given.
func saveScreen(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	if *screensDir == "" {
		return
	}
	if err := os.MkdirAll(*screensDir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(*screensDir, name+".png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, w.Canvas().Capture()); err != nil {
		t.Fatal(err)
	}
}

// checkLayout fails when a button is shorter than a finger or anything
// visible sticks out of the window.
func checkLayout(t *testing.T, w fyne.Window) {
	t.Helper()
	size := w.Canvas().Size()
	var walk func(o fyne.CanvasObject, at fyne.Position, scrolled bool)
	walk = func(o fyne.CanvasObject, at fyne.Position, scrolled bool) {
		if !o.Visible() {
			return
		}
		p := at.Add(o.Position())
		if b, ok := o.(*widget.Button); ok || isActionButton(o) {
			if o.Size().Height < 44 {
				t.Errorf("button %q is %.0f high, want at least 44", buttonText(o, b), o.Size().Height)
			}
		}
		if !scrolled && (p.X+o.Size().Width > size.Width+1 || p.Y+o.Size().Height > size.Height+1) {
			t.Errorf("%T at %v size %v sticks out of the %v window", o, p, o.Size(), size)
		}
		if _, ok := o.(*container.Scroll); ok {
			scrolled = true
		}
		switch c := o.(type) {
		case *fyne.Container:
			for _, k := range c.Objects {
				walk(k, p, scrolled)
			}
		case fyne.Widget:
			if r := test.WidgetRenderer(c); r != nil {
				for _, k := range r.Objects() {
					walk(k, p, scrolled)
				}
			}
		}
	}
	walk(w.Content(), fyne.NewPos(0, 0), false)
}

func isActionButton(o fyne.CanvasObject) bool {
	_, ok := o.(interface{ TypedRune(rune) })
	_, tappable := o.(fyne.Tappable)
	_, btn := o.(interface{ SetText(string) })
	return ok && tappable && btn && !isBoard(o)
}

func isBoard(o fyne.CanvasObject) bool {
	_, ok := o.(*widgets.Board)
	return ok
}

func buttonText(o fyne.CanvasObject, b *widget.Button) string {
	if b != nil {
		return b.Text
	}
	return "?"
}

func TestLessonScreen_RendersAtDesktopAndPhoneSizes(t *testing.T) {
	sizes := []struct {
		name string
		size fyne.Size
	}{
		{"lesson_1280x800", fyne.NewSize(1280, 800)},
		{"lesson_360x640", fyne.NewSize(360, 640)},
	}
	for _, sz := range sizes {
		t.Run(sz.name, func(t *testing.T) {
			s, nav := newServices(t, sz.size)
			widgets.OpenLesson(s, englishCourse(t), "compulsory")
			view := nav.top(t)
			saveScreen(t, nav.w, sz.name+"_start")
			checkLayout(t, nav.w)
			tapMove(t, view, 31, 27) // not allowed: 22 must capture
			saveScreen(t, nav.w, sz.name+"_illegal")
			checkLayout(t, nav.w)
			tapMove(t, view, 22, 15)
			saveScreen(t, nav.w, sz.name+"_solved")
			checkLayout(t, nav.w)
			widgets.ScreenBoard(view).TypedRune('n')
			widgets.ScreenBoard(view).TypedRune('h')
			widgets.Flush(view)
			saveScreen(t, nav.w, sz.name+"_hint")
		})
	}
}

func TestLessonsScreen_RendersAtPhoneSize(t *testing.T) {
	s, nav := newServices(t, fyne.NewSize(360, 640))
	rec := tutor.StepRecord{Done: true, Stars: 2, Moves: 2}
	if err := s.Progress.RecordStep("english", "board", 0, 1, rec); err != nil {
		t.Fatal(err)
	}
	list := widgets.NewLessonsScreen(s)
	nav.w.SetContent(list)
	saveScreen(t, nav.w, "lessons_360x640")
	checkLayout(t, nav.w)
}
