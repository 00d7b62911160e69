package puzzles

import (
	"bytes"
	"context"
	"testing"

	"github.com/checkerstutor/checkers/engine"
)

// The same seed gives the same pack, byte for byte; every puzzle loads
// back, has exactly one winning first move by the search solver, a line
// of at least three moves, themes, a difficulty and texts; and the pack
// is ordered from easy to hard.
func TestGenerate_DeterministicAndChecked(t *testing.T) {
	opts := GenerateOptions{Variant: engine.English, Games: 1, Seed: 5, Plies: 5, Workers: 2}
	pk1, st, err := Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Workers = 1
	pk2, _, err := Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	a, b := Format(pk1, "x"), Format(pk2, "x")
	if !bytes.Equal(a, b) {
		t.Fatalf("two runs with seed 5 differ:\n%s\n---\n%s", a, b)
	}
	if st.Games != 1 || st.Kept == 0 {
		t.Fatalf("stats %+v: want 1 game and some puzzles", st)
	}
	loaded, errs := Load("gen.toml", a)
	for _, e := range errs {
		t.Error(e)
	}
	if len(loaded.Puzzles) != st.Kept {
		t.Fatalf("%d puzzles loaded, %d generated", len(loaded.Puzzles), st.Kept)
	}
	s := NewSearchSolver(nil)
	prev := 0
	for _, pz := range loaded.Puzzles {
		if len(pz.Solution) < 3 || len(pz.Themes) == 0 || pz.Difficulty == 0 || pz.Title == "" || pz.Explanation == "" || len(pz.Texts.Hints) == 0 {
			t.Errorf("%s: incomplete: %+v", pz.ID, pz)
		}
		if pz.Difficulty < prev {
			t.Errorf("%s: difficulty %d after %d: not ordered", pz.ID, pz.Difficulty, prev)
		}
		prev = pz.Difficulty
		if err := VerifyPuzzle(context.Background(), s, pz); err != nil {
			t.Errorf("%s: %v", pz.ID, err)
		}
		if len(pz.Winning) != 1 || pz.Winning[0] != pz.Solution[0] {
			t.Errorf("%s: winning first moves %v, want only %s", pz.ID, pz.Winning, pz.Solution[0])
		}
	}
	pk3, _, err := Generate(context.Background(), GenerateOptions{Variant: engine.English, Games: 1, Seed: 10, Plies: 5})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(Format(pk3, "x"), a) {
		t.Error("seeds 5 and 10 give the same pack")
	}
}

func TestGenerate_BadOptions(t *testing.T) {
	for _, o := range []GenerateOptions{{}, {Variant: engine.English, Levels: []int{0}}} {
		if _, _, err := Generate(context.Background(), o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

// Themes are read from what the line does.
func TestThemes_ReadFromTheLine(t *testing.T) {
	tests := []struct {
		fen  string
		line []string
		want []string
	}{
		{"W:W11,12,25,28,32:B2,9,10,18,20", []string{"28-24", "20x27", "32x5"}, []string{"three-for-one", "sacrifice", "shot", "multi-capture"}},
		{"W:W21,28,32:B18,20", []string{"28-24", "20x27", "32x14"}, []string{"two-for-one", "sacrifice", "shot", "multi-capture", "no-moves-left", "endgame"}},
	}
	for _, tt := range tests {
		p := mustPosition(t, engine.English, tt.fen)
		var line []engine.Move
		q := p
		for _, s := range tt.line {
			m, err := q.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			line = append(line, m)
			q.Play(&m)
		}
		f := readLine(p, line)
		got := f.themes(engine.English)
		if len(got) != len(tt.want) {
			t.Errorf("%s %v: themes %v, want %v", tt.fen, tt.line, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s %v: themes %v, want %v", tt.fen, tt.line, got, tt.want)
				break
			}
		}
	}
}
