package widgets_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"sync"
	"testing"
)

// threadError is what Fyne logs when a widget is touched off its goroutine.
const threadError = "Error in Fyne call thread"

// logWatch copies the standard logger's output to out and remembers every
// line, so a test can fail on Fyne's thread errors.
type logWatch struct {
	out io.Writer
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *logWatch) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	w.mu.Unlock()
	return w.out.Write(p)
}

func (w *logWatch) threadErrors() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Count(w.buf.String(), threadError)
}

var watch = &logWatch{out: os.Stderr}

func TestMain(m *testing.M) {
	log.SetOutput(watch)
	// The app follows the system's language: the tests speak English
	// whatever the machine's locale, unless a test chooses a language.
	os.Setenv("LC_ALL", "en_US.UTF-8")
	os.Unsetenv("LANGUAGE")
	code := m.Run()
	if n := watch.threadErrors(); n > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: Fyne logged %q %d times\n", threadError, n)
		code = 1
	}
	os.Exit(code)
}

// checkThreads fails t if Fyne logs a thread error while t runs.
func checkThreads(t *testing.T) {
	t.Helper()
	before := watch.threadErrors()
	t.Cleanup(func() {
		if n := watch.threadErrors() - before; n > 0 {
			t.Errorf("Fyne logged %q %d times during the test", threadError, n)
		}
	})
}

func TestLogWatch_CountsThreadErrors(t *testing.T) {
	w := &logWatch{out: io.Discard}
	l := log.New(w, "", 0)
	l.Println("a harmless line")
	if n := w.threadErrors(); n != 0 {
		t.Fatalf("counted %d thread errors in a harmless line", n)
	}
	l.Println("*** " + threadError + ", this should have been called in fyne.Do[AndWait] ***")
	if n := w.threadErrors(); n != 1 {
		t.Fatalf("counted %d thread errors, want 1", n)
	}
}
