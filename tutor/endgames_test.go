package tutor

import (
	"context"
	"testing"

	"github.com/checkerstutor/checkers/engine"
)

// fakeDB calls every position a win in 7 plies.
type fakeDB struct{}

func (fakeDB) Probe(*engine.Position) (engine.WDL, int, bool) { return engine.Win, 7, true }

func TestEndgamesProber_AnswersOnlyOnceBuilt(t *testing.T) {
	release := make(chan struct{})
	e := NewEndgamesFrom(func() (engine.Prober, error) {
		<-release
		return fakeDB{}, nil
	})
	pr := e.Prober()
	p := engine.English.StartPosition()
	if _, _, ok := pr.Probe(&p); ok {
		t.Fatal("the prober answered before the database was built")
	}
	close(release)
	if _, err := e.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if v, plies, ok := pr.Probe(&p); !ok || v != engine.Win || plies != 7 {
		t.Fatalf("after the build Probe = %v, %d, %v; want win in 7", v, plies, ok)
	}
	r := engine.Russian.StartPosition()
	if _, _, ok := pr.Probe(&r); ok {
		t.Fatal("the English database answered for a Russian position")
	}
}
