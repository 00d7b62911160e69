// Command checkers is Checkers Tutor, the graphical app: lessons, puzzles
// and games against the computer. It only puts the pieces together: the
// progress file in Fyne's storage (in the browser: in localStorage, through
// web/localfs.js), the endgame database started in the background, the
// sounds, and the window built by widgets.NewApp.
//
// Environment variables for measuring (see `make measure`):
//
//	CHECKERS_PROGRESS=path       use this progress file instead of the one in Fyne's storage
//	CHECKERS_FIRST_FRAME=1       print "first-frame <ms>" once the first frame is drawn, then quit
//	CHECKERS_MEASURE_LEVEL=n     play a game against level n (the app plays the learner's
//	                             moves), print the peak memory "vmhwm-game <kB>", then quit
//	CHECKERS_MEASURE_MOVES=m     the learner's moves of that game (default 8)
//	CHECKERS_MEMPROFILE=path     with either: write the Go heap profile there (and /proc/self/smaps to path.smaps)
package main

import (
	"context"
	_ "embed"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/lang"

	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

//go:embed Icon.png
var iconPNG []byte

// goMemoryLimit is the soft limit of the Go heap: the GC works harder
// near it instead of letting the heap double (GOMEMLIMIT overrides it).
const goMemoryLimit = 80 << 20

// goGCPercent is the collector's GOGC once the window is built: a
// collection starts when the heap has grown by a quarter of the live data,
// not by all of it (the default 100, kept while the window is built, where
// it is faster). Once running the app allocates little (about 40 MB over
// a whole game against level 10), so the extra collections cost little,
// and the peak stays near the live heap: about 7 MB less at the end of
// that game. GOGC overrides it.
const goGCPercent = 25

func main() {
	start := time.Now()
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(goMemoryLimit)
	}
	if os.Getenv("CHECKERS_MEMPROFILE") != "" {
		runtime.MemProfileRate = 16 << 10 // finer than the default 512 kB
	}
	dropEmojiFont()
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
		path = progressPath(a)
	}
	progress, notice, err := tutor.OpenProgress(path, tutor.SystemClock{})
	if progress == nil { // not expected: OpenProgress always gives one
		progress, _, _ = tutor.OpenProgress(filepath.Join(os.TempDir(), "checkers-tutor-progress.json"), tutor.SystemClock{})
	}
	// The endgame database is built in the background once the window is
	// up, so that it does not compete with the first frame.
	endgames := tutor.NewEndgames()

	services := &widgets.Services{App: a, Window: w, Progress: progress, Endgames: endgames}
	services.Sounds = widgets.GatedSounds(progress, newSoundPlayer())
	ui := widgets.NewApp(services, widgets.DefaultScreens(services))
	w.SetOnClosed(ui.Close)

	if os.Getenv("CHECKERS_FIRST_FRAME") != "" {
		fmt.Printf("window built %d ms\n", time.Since(start).Milliseconds())
		measureFirstFrame(w, start)
	}
	a.Lifecycle().SetOnStarted(func() {
		endgames.Start()
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(goGCPercent) // the window is built: keep the heap near its live size
		}
		go func() {
			// The build's working arrays and the start's garbage are free
			// now: hand their pages back.
			_, _ = endgames.Wait(context.Background()) // built or failed, the work is over
			debug.FreeOSMemory()
		}()
		if level := envInt("CHECKERS_MEASURE_LEVEL", 0); level > 0 {
			measureGame(ui, level, envInt("CHECKERS_MEASURE_MOVES", 8))
			return
		}
		widgets.ShowProgressNotice(w, notice, err)
	})
	w.ShowAndRun()
}
