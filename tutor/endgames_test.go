package tutor

import (
	"context"
	"testing"
	"time"

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

// The databases the app ships cover English and Russian, and answer each
// from its own rules.
func TestEndgames_EnglishAndRussian(t *testing.T) {
	eg := NewEndgames()
	if _, err := eg.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	for v, want := range map[*engine.Variant]bool{engine.English: true, engine.Russian: true, engine.International: false} {
		if _, ok := eg.Ready(v); ok != want {
			t.Errorf("%s: ready %v, want %v", v.Name, ok, want)
		}
	}
	tests := []struct {
		v    *engine.Variant
		fen  string
		want engine.WDL
	}{
		{engine.English, "W:WK15,20:B12,K28", engine.Win},    // First Position
		{engine.Russian, "W:WK29,K30,K31:BK1", engine.Win},   // three kings, one on the big road
		{engine.Russian, "W:WK5,K6,K7:BK29", engine.DrawWDL}, // the lone king holds it
	}
	db, _ := eg.Ready(engine.Russian)
	for _, tt := range tests {
		p, err := engine.ParseFEN(tt.v, tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		// the Russian table is read on the first Russian probe, in the
		// background: not covered until then
		v, _, ok := db.Probe(&p)
		for deadline := time.Now().Add(20 * time.Second); !ok && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			v, _, ok = db.Probe(&p)
		}
		if !ok || v != tt.want {
			t.Errorf("%s %s: %v (ok %v), want %v", tt.v.Name, tt.fen, v, ok, tt.want)
		}
	}
}
