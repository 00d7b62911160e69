// Command checkers is Checkers Tutor, the graphical app: lessons, puzzles
// and games against the computer. It only puts the pieces together: the
// progress file in Fyne's storage, the endgame database started in the
// background, the sounds, and the window built by widgets.NewApp.
//
// Environment variables for measuring (see `make measure`):
//
//	CHECKERS_FIRST_FRAME=1   print "first-frame <ms>" when the first frame is drawn, then quit
//	CHECKERS_PROGRESS=path   use this progress file instead of the one in Fyne's storage
package main

import (
	_ "embed"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

//go:embed Icon.png
var iconPNG []byte

func main() {
	start := time.Now()
	a := app.NewWithID("org.checkerstutor.app")
	a.SetIcon(fyne.NewStaticResource("Icon.png", iconPNG))
	a.Settings().SetTheme(widgets.NewAppTheme())
	if err := widgets.LoadTranslations(); err != nil {
		log.Printf("translations: %v", err)
	}
	w := a.NewWindow(lang.L("Checkers Tutor"))
	w.Resize(fyne.NewSize(1100, 720))
	w.SetMaster()

	path := os.Getenv("CHECKERS_PROGRESS")
	if path == "" {
		path = filepath.Join(a.Storage().RootURI().Path(), "progress.json")
	}
	progress, notice, err := tutor.OpenProgress(path, tutor.SystemClock{})
	if progress == nil {
		log.Fatalf("progress: %v", err)
	}
	endgames := tutor.NewEndgames()
	endgames.Start()

	services := &widgets.Services{App: a, Window: w, Progress: progress, Endgames: endgames}
	services.Sounds = widgets.GatedSounds(progress, newSoundPlayer())
	widgets.NewApp(services, widgets.Screens{})

	if os.Getenv("CHECKERS_FIRST_FRAME") != "" {
		reportFirstFrame(w, start)
	}
	a.Lifecycle().SetOnStarted(func() {
		switch {
		case notice.Text != "":
			dialog.ShowInformation(lang.L("Your progress file"), notice.Text, w)
		case err != nil:
			dialog.ShowError(fmt.Errorf("%s %w", lang.L("Progress cannot be saved:"), err), w)
		}
	})
	w.ShowAndRun()
}

// reportFirstFrame prints the time from start to the first frame drawn,
// and the peak memory so far, then quits: the canvas is captured once the
// app runs, which happens after the first frame has been painted.
func reportFirstFrame(w fyne.Window, start time.Time) {
	go func() {
		var once bool
		for !once {
			time.Sleep(5 * time.Millisecond)
			fyne.DoAndWait(func() {
				if w.Canvas().Size().Width > 0 && w.Content().Visible() {
					once = true
				}
			})
		}
		// one more round trip through the render loop: the frame queued
		// with the content is on screen
		fyne.DoAndWait(func() {})
		fmt.Printf("first-frame %d ms\n", time.Since(start).Milliseconds())
		fyne.Do(func() { fyne.CurrentApp().Quit() })
	}()
}
