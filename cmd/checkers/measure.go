package main

import (
	"bufio"
	"fmt"
	"image"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
	"github.com/checkerstutor/checkers/widgets"
)

// measureFirstFrame prints the time from start to the first frame, then
// quits: a one-pixel raster laid over the window is drawn with the first
// frame, and its drawing notes the time.
func measureFirstFrame(w fyne.Window, start time.Time) {
	var once sync.Once
	drawn := make(chan time.Duration, 1)
	probe := canvas.NewRaster(func(wd, ht int) image.Image {
		once.Do(func() { drawn <- time.Since(start) })
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	})
	w.SetContent(container.NewStack(w.Content(), container.NewWithoutLayout(probe)))
	probe.Resize(fyne.NewSquareSize(1))
	go func() {
		d := <-drawn
		fmt.Printf("first-frame %d ms\n", d.Milliseconds())
		fmt.Printf("vmhwm-start %d kB\n", vmHWM())
		printGoMemory()
		writeMemProfile()
		fyne.Do(func() { fyne.CurrentApp().Quit() })
	}()
}

// measureGame starts a game against the computer at level, playing the
// learner's side with the first legal move whenever it is its turn, and
// prints the peak resident memory (VmHWM) after moves moves of the
// learner's, then quits.
func measureGame(app *widgets.App, level, moves int) {
	cfg := tutor.GameConfig{Variant: engine.English, Level: level, Learner: engine.White, Words: app.LearnerWords()}
	fyne.Do(func() { app.StartGame(cfg) })
	go func() {
		start := time.Now()
		played := 0
		for played < moves {
			time.Sleep(50 * time.Millisecond)
			over := false
			fyne.DoAndWait(func() {
				v := app.PlayView()
				if v == nil {
					return
				}
				gv := v.Session().View()
				over = gv.Status.Result != engine.Ongoing
				if gv.LearnerToMove && len(gv.Legal) > 0 && !over {
					v.Board.OnMove(gv.Legal[0])
					played++
				}
			})
			if over {
				break
			}
		}
		fyne.DoAndWait(func() {
			if v := app.PlayView(); v != nil {
				v.Session().Wait()
			}
		})
		fmt.Printf("level %d game: %d moves in %.1f s\n", level, played, time.Since(start).Seconds())
		fmt.Printf("vmhwm-game %d kB\n", vmHWM())
		printGoMemory()
		writeMemProfile()
		fyne.Do(func() { fyne.CurrentApp().Quit() })
	}()
}

// vmHWM reads the peak resident set size of this process, in kB (0 where
// /proc is missing).
func vmHWM() int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return n
		}
	}
	return 0
}

// envInt reads a number from the environment, def when unset or bad.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// printGoMemory prints what the Go runtime holds (the rest of the resident
// memory is the C side: the GL driver, fonts in cgo, shared libraries).
func printGoMemory() {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Printf("go-runtime %d kB (heap in use %d kB, allocated in all %d kB, %d GCs)\n",
		m.Sys/1024, m.HeapInuse/1024, m.TotalAlloc/1024, m.NumGC)
	if f, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(f), "\n") {
			if strings.HasPrefix(line, "RssAnon:") || strings.HasPrefix(line, "RssFile:") {
				fmt.Println(strings.Join(strings.Fields(line), " "))
			}
		}
	}
}

// writeMemProfile writes the heap profile to the file named by
// CHECKERS_MEMPROFILE, when set (read it with go tool pprof -top
// -sample_index=inuse_space), and copies /proc/self/smaps beside it
// (path + ".smaps") where /proc exists.
func writeMemProfile() {
	path := os.Getenv("CHECKERS_MEMPROFILE")
	if path == "" {
		return
	}
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "memprofile:", err)
		return
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "memprofile:", err)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "memprofile:", err)
	}
	if smaps, err := os.ReadFile("/proc/self/smaps"); err == nil {
		if err := os.WriteFile(path+".smaps", smaps, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "memprofile:", err)
		}
	}
}
