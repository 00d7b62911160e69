package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// turnedHalf returns b with every square s moved to Squares()+1-s.
func turnedHalf(v *Variant, b uint64) uint64 {
	g := v.geo
	var out uint64
	for i := 0; i < 64; i++ {
		if b&bit(i) != 0 {
			out |= bit(int(g.idxOf[Square(v.Squares()+1-int(g.sqOf[i]))]))
		}
	}
	return out
}

func TestPatterns_Index(t *testing.T) {
	p := NewGame(English, GameOptions{}).Position()
	wm, bm := p.white&^p.kings, p.black&^p.kings
	// window 0 holds squares 1, 2, 5, 6, 9, 10, 13, 14: Black's men on the
	// first six (2 each), the last two empty
	if got, want := patIndex(wm, bm, 2, 0), 2*(1+3+9+27+81+243); got != want {
		t.Errorf("window 0 of the start: index %d, want %d", got, want)
	}
	// window 8 holds 19, 20, 23, 24, 27, 28, 31, 32: empty, then White's
	if got, want := patIndex(wm, bm, 2, 8), 9+27+81+243+729+2187; got != want {
		t.Errorf("window 8 of the start: index %d, want %d", got, want)
	}
	// in the fifteen-window layout window 3 is one row down: squares 5,
	// 6, 9, 10, 13, 14, 17, 18, Black's men on the first four
	if got, want := patIndex(wm, bm, 1, 3), 2*(1+3+9+27); got != want {
		t.Errorf("window 3 of 15 at the start: index %d, want %d", got, want)
	}
	// every playable square is in some window of both layouts, and the
	// centre window (4 of 9) holds squares 10, 11, 14, 15, 18, 19, 22, 23
	for _, n := range []int{9, patMaxWindows} {
		var all uint64
		for w := range n {
			for r := range 4 {
				all |= 3 << patBase(patStepOf(n), w, r)
			}
		}
		if all != English.geo.valid {
			t.Errorf("the %d windows cover %b, want the board %b", n, all, English.geo.valid)
		}
	}
	var centre uint64
	for _, s := range []Square{10, 11, 14, 15, 18, 19, 22, 23} {
		centre |= bit(int(English.geo.idxOf[s]))
	}
	if got := patIndex(centre, 0, 2, 4); got != patIndices/2 {
		t.Errorf("the centre window full of white men: index %d, want %d", got, patIndices/2)
	}
}

func TestPatterns_Symmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{9, patMaxWindows} {
		m := &patModel{n: n}
		for w := range n {
			for i := range patIndices {
				m.o[w][i] = float64(rng.IntN(200) - 100)
				m.e[w][i] = float64(rng.IntN(200) - 100)
			}
		}
		tab := m.tables()
		for range 2000 {
			wm, bm := randomSides(rng, 4)
			a := tab.value(wm, bm)
			b := tab.value(turnedHalf(English, bm), turnedHalf(English, wm))
			if a != -b {
				t.Fatalf("%d windows: value %d for White, but %d for the same formation of Black's turned round", n, a, b)
			}
		}
	}
}

func TestPatterns_Encoding(t *testing.T) {
	for _, n := range []int{9, patMaxWindows} {
		tab := newPatternTables(n)
		tab.opening[3][100], tab.ending[n-1][6560] = -7, 300
		tab.pack()
		got, err := decodePatterns(encodePatterns(tab))
		if err != nil || *got != *tab {
			t.Fatalf("round trip of %d windows: %v", n, err)
		}
	}
	tab := newPatternTables(9)
	if _, err := decodePatterns([]byte("not a table")); err == nil {
		t.Error("no error for a file that is not a table")
	}
	if _, err := decodePatterns(encodePatterns(tab)[:40]); err == nil {
		t.Error("no error for a cut-off table")
	}
}

func TestPatterns_Bundled(t *testing.T) {
	for _, data := range [][]byte{englishPatternData, russianPatternData} {
		if _, err := decodePatterns(data); err != nil {
			t.Fatal(err)
		}
	}
	if englishEval.pat == nil || russianEval.pat == nil {
		t.Fatal("the English or the Russian evaluation has no pattern tables")
	}
	if internationalEval.pat != nil {
		t.Error("pattern tables on the 10x10 board")
	}
}

// TestPatterns_Value checks the fast sum against the plain one.
func TestPatterns_Value(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, nw := range []int{9, patMaxWindows} {
		tab := newPatternTables(nw)
		for w := range nw {
			for i := range patIndices {
				tab.opening[w][i] = int16(rng.IntN(100) - 50)
				tab.ending[w][i] = int16(rng.IntN(100) - 50)
			}
		}
		tab.pack()
		for range 2000 {
			wm, bm := randomSides(rng, 3)
			o, e := 0, 0
			for w := range nw {
				o += int(tab.opening[w][patIndex(wm, bm, patStepOf(nw), w)])
				e += int(tab.ending[w][patIndex(wm, bm, patStepOf(nw), w)])
			}
			n := bits.OnesCount64(wm | bm)
			if want, got := (o*n+e*(patMen-n))/patMen, tab.value(wm, bm); got != want {
				t.Fatalf("%d windows: value %d, want %d", nw, got, want)
			}
		}
	}
}

func BenchmarkPatternValue(b *testing.B) {
	ps := quietEnglishPositions(64)
	t := englishEval.pat
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		p := &ps[i%len(ps)]
		sum += t.value(p.white, p.black)
	}
	_ = sum
}

func BenchmarkEvaluateEnglish(b *testing.B) {
	ps := quietEnglishPositions(64)
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += Evaluate(&ps[i%len(ps)])
	}
	_ = sum
}

// randomSides fills each playable square with a white piece, a black one
// or nothing: one chance in n each for the colours.
func randomSides(rng *rand.Rand, n int) (white, black uint64) {
	for i := 0; i < 64; i++ {
		if English.geo.sqOf[i] != 0 {
			switch rng.IntN(n) {
			case 0:
				white |= bit(i)
			case 1:
				black |= bit(i)
			}
		}
	}
	return
}

// quietEnglishPositions returns n capture-free positions of random games.
func quietEnglishPositions(n int) []Position {
	rng := rand.New(rand.NewPCG(7, 8))
	var ps []Position
	for len(ps) < n {
		g := randomGame(English, rng.IntN, 10+rng.IntN(30))
		if p := g.Position(); !p.HasCapture() {
			ps = append(ps, p)
		}
	}
	return ps
}
