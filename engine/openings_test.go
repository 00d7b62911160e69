package engine

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

var openingsWrite = flag.Bool("openings.write", false, "score every candidate match opening and write engine/openings.txt")

// TestOpeningsWrite writes openings.txt (with -openings.write): the
// opening score of every position of AllOpenings, in every variant.
func TestOpeningsWrite(t *testing.T) {
	if !*openingsWrite {
		t.Skip("writes engine/openings.txt with -openings.write")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Opening scores of the candidate match openings (AllOpenings), from the\n")
	fmt.Fprintf(&b, "# side to move's view in centi-men: forced moves played, then a one-thread\n")
	fmt.Fprintf(&b, "# search of %d nodes (OpeningScore). Openings keeps those within %d of level.\n", OpeningNodes, OpeningMargin)
	fmt.Fprintf(&b, "# Written by: go test ./engine -run TestOpeningsWrite -args -openings.write\n")
	for _, v := range Variants() {
		ops := AllOpenings(v)
		scores := make([]int, len(ops))
		var wg sync.WaitGroup
		next := make(chan int)
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					scores[i] = OpeningScore(ops[i])
				}
			}()
		}
		for i := range ops {
			next <- i
		}
		close(next)
		wg.Wait()
		kept := 0
		for _, s := range scores {
			if balancedOpening(s) {
				kept++
			}
		}
		fmt.Fprintf(&b, "# %s: %d positions, %d kept\n", v.Name, len(ops), kept)
		for i := range ops {
			fmt.Fprintf(&b, "%s %s %d\n", v.Name, ops[i].FEN(), scores[i])
		}
	}
	if err := os.WriteFile("openings.txt", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpeningScores_File checks openings.txt: it reads without error and
// scores exactly the positions of AllOpenings in every variant.
func TestOpeningScores_File(t *testing.T) {
	m, err := parseOpeningScores(openingsText)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Variants() {
		ops := AllOpenings(v)
		if len(m[v.Name]) != len(ops) {
			t.Errorf("%s: openings.txt scores %d positions, AllOpenings has %d (run the -openings.write test)", v.Name, len(m[v.Name]), len(ops))
		}
		for _, p := range ops {
			if _, ok := m[v.Name][p.FEN()]; !ok {
				t.Errorf("%s: opening %s has no score in openings.txt", v.Name, p.FEN())
			}
		}
	}
}

// TestOpeningScores_Reproduce recomputes every eighth stored score (every
// 24th with -short, every 48th under the race detector, which runs the
// search ten times slower): a change to the search or the evaluation that
// moves them needs openings.txt written again.
func TestOpeningScores_Reproduce(t *testing.T) {
	step := 8
	if testing.Short() {
		step = 24
	}
	if raceEnabled {
		step = 48
	}
	m := openingScores()
	for _, v := range Variants() {
		ops := AllOpenings(v)
		for i := 0; i < len(ops); i += step {
			want := m[v.Name][ops[i].FEN()]
			if got := OpeningScore(ops[i]); got != want {
				t.Errorf("%s opening %d %s: score %d, openings.txt has %d (run the -openings.write test)", v.Name, i, ops[i].FEN(), got, want)
			}
		}
	}
}

// TestOpenings_Balanced checks that Openings keeps exactly the balanced
// positions of AllOpenings, in order, and leaves out a known lost one.
func TestOpenings_Balanced(t *testing.T) {
	m := openingScores()
	for _, v := range Variants() {
		all, ops := AllOpenings(v), Openings(v)
		var want []Position
		for _, p := range all {
			if balancedOpening(m[v.Name][p.FEN()]) {
				want = append(want, p)
			}
		}
		if len(ops) != len(want) || len(ops) < len(all)/2 {
			t.Fatalf("%s: %d openings, want %d of %d", v.Name, len(ops), len(want), len(all))
		}
		for i := range ops {
			if !ops[i].Equal(&want[i]) {
				t.Fatalf("%s: opening %d is %s, want %s", v.Name, i, ops[i].FEN(), want[i].FEN())
			}
		}
	}
	// Russian, after 22-18 9-13 21-17: Black takes two men for one
	// (13x22x15 or so) and is a man up.
	lost, err := ParseFEN(Russian, "B:W17,18,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13")
	if err != nil {
		t.Fatal(err)
	}
	if s := OpeningScore(lost); s < 100 {
		t.Errorf("opening %s: score %d, want a man or more for Black", lost.FEN(), s)
	}
	for _, p := range Openings(Russian) {
		if p.Equal(&lost) {
			t.Errorf("Openings(Russian) keeps the lost opening %s", lost.FEN())
		}
	}
}

func TestParseOpeningScores_Errors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"russian W:W1:B2\n", "line 1"},
		{"# c\nrussian W:W1:B2 x\n", `score "x"`},
	} {
		if _, err := parseOpeningScores(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseOpeningScores(%q): %v, want an error with %q", tt.text, err, tt.want)
		}
	}
}
