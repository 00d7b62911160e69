package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Tuning the evaluation weights on game results (the "Texel" method):
// self-play games of a fast search give quiet positions labelled with the
// game's result; the weights are fitted so that a logistic of the
// evaluation predicts the result with the least squared error.
//
//	go test ./engine -run TestTuneWeights -v -timeout 2h -args -tune.games 8000 -tune.variant russian
//
// It prints the fitted weights; whether they play better is for a match
// (TestWeights_AB) to say.

var (
	tuneGames   = flag.Int("tune.games", 0, "play this many self-play games and fit the evaluation weights to their results")
	tuneVariant = flag.String("tune.variant", "russian", "variant of -tune.games")
	tuneNodes   = flag.Uint64("tune.nodes", 4000, "nodes a move in the -tune.games games")
	tuneIters   = flag.Int("tune.iters", 3000, "gradient steps of the fit")
	tuneData    = flag.String("tune.data", "", "file of the positions: read when it exists, else written after the games")
	tuneFix     = flag.String("tune.fix", "King", "comma-separated weights the fit leaves as they are")
	tuneL2      = flag.Float64("tune.l2", 0, "penalty on the square values' squares, per sample (keeps rare squares near 0)")
	tuneOut     = flag.String("tune.out", "", "write the fitted weights as Name=value lines to this file (for -ab.set @FILE)")
	tuneRaw     = flag.String("tune.raw", "", "fit to these stored positions (TestPatternGames files, comma-separated) instead of playing games; the last tenth is held out")
	tunePat     = flag.String("tune.patterns", "", "with -tune.raw: the pattern tables taken as fixed (a TestPatternFit file; default the shipped ones)")
)

// writeTuneData stores samples in a file of float32 values: per sample
// fixed, scale, result and the features.
func writeTuneData(path string, samples []tuneSample) error {
	var buf bytes.Buffer
	for i := range samples {
		s := &samples[i]
		vals := append([]float32{float32(s.fixed), float32(s.scale), float32(s.result)}, s.x...)
		binary.Write(&buf, binary.LittleEndian, vals)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func readTuneData(path string, n int) ([]tuneSample, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	per := 3 + n
	vals := make([]float32, len(b)/4)
	if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, vals); err != nil {
		return nil, err
	}
	var out []tuneSample
	for i := 0; i+per <= len(vals); i += per {
		out = append(out, tuneSample{float64(vals[i]), float64(vals[i+1]), vals[i+3 : i+per], float64(vals[i+2])})
	}
	return out, nil
}

// tuneParams names the fitted weights in the order of tuneFeatures.
func tuneParams(v *Variant) []string {
	names := []string{"King"}
	for r := 1; r < v.Size-1; r++ {
		names = append(names, fmt.Sprintf("Advance[%d]", r))
	}
	names = append(names, "Centre", "KingCentre", "LongDiagonal", "BackRank", "Runaway", "RunawayStep",
		"Mobility", "TrappedKing", "SoleKing")
	for s := 1; s <= v.Squares(); s++ {
		names = append(names, fmt.Sprintf("ManSquare[%d]", s-1))
	}
	for s := 1; s <= v.Squares(); s++ {
		names = append(names, fmt.Sprintf("KingSquare[%d]", s-1))
	}
	return names
}

// tuneWeights returns w's values in the order of tuneParams.
func tuneWeights(v *Variant, w EvalWeights) []float64 {
	x := []float64{float64(w.King)}
	for r := 1; r < v.Size-1; r++ {
		x = append(x, float64(w.Advance[r]))
	}
	x = append(x, float64(w.Centre), float64(w.KingCentre), float64(w.LongDiagonal), float64(w.BackRank),
		float64(w.Runaway), float64(w.RunawayStep), float64(w.Mobility), float64(w.TrappedKing), float64(w.SoleKing))
	for s := range v.Squares() {
		x = append(x, float64(w.ManSquare[s]))
	}
	for s := range v.Squares() {
		x = append(x, float64(w.KingSquare[s]))
	}
	return x
}

// setTuneWeights writes x (in the order of tuneParams) into w.
func setTuneWeights(v *Variant, w *EvalWeights, x []float64) {
	r := func(f float64) int { return int(math.Round(f)) }
	i := 0
	next := func() int { i++; return r(x[i-1]) }
	w.King = next()
	for k := 1; k < v.Size-1; k++ {
		w.Advance[k] = next()
	}
	w.Centre, w.KingCentre, w.LongDiagonal, w.BackRank = next(), next(), next(), next()
	w.Runaway, w.RunawayStep, w.Mobility, w.TrappedKing, w.SoleKing = next(), next(), next(), next(), next()
	for s := range v.Squares() {
		w.ManSquare[s] = next()
	}
	for s := range v.Squares() {
		w.KingSquare[s] = next()
	}
}

// tuneSample is one position's features: the part of the evaluation that
// does not depend on the fitted weights (fixed), the multiplier of the
// whole (scale) and the feature counts, all from White's side.
type tuneSample struct {
	fixed, scale float64
	x            []float32
	result       float64 // 1 White won, 0.5 drawn, 0 Black won
}

// tuneFeatures splits e.white(p) into its linear features. It returns
// false for positions the fit leaves out (kings only).
func (e *evaluator) tuneFeatures(p *Position, w EvalWeights) (fixed, scale float64, x []float32, ok bool) {
	v := e.v
	g := v.geo
	wm, wk := p.white&^p.kings, p.white&p.kings
	bm, bk := p.black&^p.kings, p.black&p.kings
	nwm, nwk := bits.OnesCount64(wm), bits.OnesCount64(wk)
	nbm, nbk := bits.OnesCount64(bm), bits.OnesCount64(bk)
	if nwm+nbm == 0 {
		return 0, 0, nil, false
	}
	nAdv := v.Size - 2
	nsq := v.Squares()
	x = make([]float32, 1+nAdv+9+2*nsq)
	sqf := 1 + nAdv + 9 // index of ManSquare[0]
	x[0] = float32(nwk - nbk)
	fi := 1 + nAdv // index of Centre
	central := func(i int) bool {
		n := g.size
		r, c := int(g.row[i]), int(g.col[i])
		dr, dc := abs(2*r-(n-1)), abs(2*c-(n-1))
		return dr <= n/4*2 && dc <= n/4*2
	}
	for c, men := range [2]uint64{wm, bm} {
		sign := float32(1 - 2*c)
		col := Color(c)
		oppKings, opp := nbk, p.black
		if col == Black {
			oppKings, opp = nwk, p.white
		}
		for b := men; b != 0; b &= b - 1 {
			i := lsb(b)
			adv := v.Size - 1 - int(e.togo[col][i])
			if adv >= 1 && adv <= nAdv {
				x[adv] += sign
			}
			if central(i) {
				x[fi] += sign
			}
			x[sqf+ownSquare(v, col, i)-1] += sign
			if oppKings == 0 && e.ahead[col][i]&opp == 0 {
				x[fi+4] += sign
				x[fi+5] -= sign * float32(e.togo[col][i])
			}
		}
	}
	empty := g.valid &^ (p.white | p.black)
	for c, kings := range [2]uint64{wk, bk} {
		sign := float32(1 - 2*c)
		for b := kings; b != 0; b &= b - 1 {
			i := lsb(b)
			if central(i) {
				x[fi+1] += sign
			}
			x[sqf+nsq+ownSquare(v, Color(c), i)-1] += sign
			if v.FlyingKings && g.longDia&bit(i) != 0 {
				x[fi+2] += sign
			}
			if e.trapped(i, empty) {
				x[fi+7] -= sign
			}
		}
	}
	if nbk == 0 {
		x[fi+3] += float32(bits.OnesCount64(wm & e.guard[White]))
	}
	if nwk == 0 {
		x[fi+3] -= float32(bits.OnesCount64(bm & e.guard[Black]))
	}
	mw := bits.OnesCount64(g.shiftDir(wm|wk, dirUpLeft)&empty) + bits.OnesCount64(g.shiftDir(wm|wk, dirUpRight)&empty) +
		bits.OnesCount64(g.shiftDir(wk, dirDownLeft)&empty) + bits.OnesCount64(g.shiftDir(wk, dirDownRight)&empty)
	mb := bits.OnesCount64(g.shiftDir(bm|bk, dirDownLeft)&empty) + bits.OnesCount64(g.shiftDir(bm|bk, dirDownRight)&empty) +
		bits.OnesCount64(g.shiftDir(bk, dirUpLeft)&empty) + bits.OnesCount64(g.shiftDir(bk, dirUpRight)&empty)
	x[fi+6] = float32(mw - mb)
	switch {
	case nwk > 0 && nbk == 0:
		x[fi+8] = 1
	case nbk > 0 && nwk == 0:
		x[fi+8] = -1
	}
	// the men, and the exchange term with the current material weights
	mat := w.Man*(nwm-nbm) + w.King*(nwk-nbk)
	fixed = float64(w.Man * (nwm - nbm))
	if mat != 0 {
		off := 2*e.maxMen - (nwm + nwk + nbm + nbk)
		fixed += float64(mat * w.Exchange * off / (100 * 2 * e.maxMen))
	}
	if e.pat != nil {
		fixed += float64(e.pat.value(p.white, p.black))
	}
	scale = 1
	if v.FlyingKings {
		s := e.white(p)
		if s > 0 && nbk > 0 && nwm+nwk-nbm-nbk <= 1 || s < 0 && nwk > 0 && nbm+nbk-nwm-nwk <= 1 {
			scale = 0.5
		}
	}
	return fixed, scale, x, true
}

// ownSquare is the number of the square at bit i as the owner of a piece of
// colour col sees the board (the indexing of ManSquare and KingSquare).
func ownSquare(v *Variant, col Color, i int) int {
	s := int(v.geo.sqOf[i])
	if col == Black {
		s = v.Squares() + 1 - s
	}
	return s
}

// tunePlay plays self-play games and returns their quiet positions with
// the results.
func tunePlay(v *Variant, games int, nodes uint64) []tuneSample {
	opens := AllOpenings(v)
	e := evaluatorFor(v)
	w := e.w
	var mu sync.Mutex
	var out []tuneSample
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSearcher(16)
			for i := range next {
				rng := rand.New(rand.NewPCG(uint64(i), 0x74756e65))
				p := opens[rng.IntN(len(opens))]
				// a few random plies after the opening for variety
				for range rng.IntN(4) {
					ms := p.LegalMoves()
					if len(ms) == 0 {
						break
					}
					p.Play(&ms[rng.IntN(len(ms))])
				}
				g := NewGameFrom(p, GameOptions{MoveLimit: 100})
				s.Clear()
				var keep []Position
				for !g.Over() {
					q := g.Position()
					if g.Ply() >= 6 && !q.HasCapture() {
						keep = append(keep, q)
					}
					r := s.Search(context.Background(), g, Limits{Nodes: nodes, Threads: 1})
					if r.Move.From == 0 {
						break
					}
					if err := g.Play(r.Move); err != nil {
						panic(err)
					}
				}
				res, _ := g.Result()
				score := 0.5
				switch res {
				case WhiteWins:
					score = 1
				case BlackWins:
					score = 0
				}
				var samples []tuneSample
				for k := range keep {
					if fixed, scale, x, ok := e.tuneFeatures(&keep[k], w); ok {
						samples = append(samples, tuneSample{fixed, scale, x, score})
					}
				}
				mu.Lock()
				out = append(out, samples...)
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		next <- i
		if (i+1)%500 == 0 {
			fmt.Printf("%d games\n", i+1)
		}
	}
	close(next)
	wg.Wait()
	return out
}

func tunePredict(s *tuneSample, x []float64) float64 {
	sum := 0.0
	for j, f := range s.x {
		sum += float64(f) * x[j]
	}
	return s.scale * (s.fixed + sum)
}

// tuneGradient sets grad to the gradient of the summed squared error at
// x, the samples shared out among the CPUs.
func tuneGradient(samples []tuneSample, x []float64, k float64, grad []float64) {
	workers := runtime.GOMAXPROCS(0)
	parts := make([][]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := make([]float64, len(x))
			for i := w; i < len(samples); i += workers {
				s := &samples[i]
				p := sigmoid(k, tunePredict(s, x))
				// d/dx (r-p)^2 = -2 (r-p) p (1-p) k/100 * scale * f
				c := -2 * (s.result - p) * p * (1 - p) * k / 100 * s.scale
				for j, f := range s.x {
					if f != 0 {
						g[j] += c * float64(f)
					}
				}
			}
			parts[w] = g
		}()
	}
	wg.Wait()
	clear(grad)
	for _, g := range parts {
		for j := range grad {
			grad[j] += g[j]
		}
	}
}

func sigmoid(k, score float64) float64 { return 1 / (1 + math.Exp(-k*score/100)) }

func tuneError(samples []tuneSample, x []float64, k float64) float64 {
	e := 0.0
	for i := range samples {
		d := samples[i].result - sigmoid(k, tunePredict(&samples[i], x))
		e += d * d
	}
	return e / float64(len(samples))
}

// TestTuneFeatures checks that the features with the variant's weights
// give back the evaluation, so that the fit tunes the evaluation in use.
func TestTuneFeatures(t *testing.T) {
	for _, v := range []*Variant{English, Russian, International} {
		for _, perturbed := range []bool{false, true} {
			testTuneFeatures(t, v, perturbed)
		}
	}
}

// testTuneFeatures checks the features of v's evaluation, with square
// values added when perturbed.
func testTuneFeatures(t *testing.T, v *Variant, perturbed bool) {
	{
		e := evaluatorFor(v)
		w := e.w
		if perturbed {
			r := rand.New(rand.NewPCG(7, 8))
			for s := range v.Squares() {
				w.ManSquare[s], w.KingSquare[s] = r.IntN(41)-20, r.IntN(41)-20
			}
			e = newEvaluator(v, w)
		}
		x := tuneWeights(v, w)
		rng := rand.New(rand.NewPCG(5, 6))
		checked := 0
		for range 40 {
			p := v.StartPosition()
			for ply := 0; ply < 120; ply++ {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				p.Play(&ms[rng.IntN(len(ms))])
				fixed, scale, f, ok := e.tuneFeatures(&p, w)
				if !ok {
					continue
				}
				s := tuneSample{fixed, scale, f, 0}
				got := tunePredict(&s, x)
				want := float64(e.white(&p))
				// the exchange term and the halving round in integers
				if math.Abs(got-want) > 1.01 {
					t.Fatalf("%s %s: features give %.1f, the evaluation %.0f", v.Name, p.FEN(), got, want)
				}
				checked++
			}
		}
		if checked < 1000 {
			t.Fatalf("%s: only %d positions checked", v.Name, checked)
		}
	}
}

func TestTuneWeights(t *testing.T) {
	if *tuneGames == 0 && *tuneRaw == "" {
		t.Skip("give -tune.games N to play the games and fit the weights (or -tune.raw FILE)")
	}
	v, ok := VariantByName(*tuneVariant)
	if !ok {
		t.Fatalf("no variant %q", *tuneVariant)
	}
	w := evaluatorFor(v).w
	x := tuneWeights(v, w)
	names := tuneParams(v)
	var samples, held []tuneSample
	var err error
	if *tuneRaw != "" {
		if samples, held, err = tuneRawSamples(v, w, *tuneRaw, *tunePat); err != nil {
			t.Fatal(err)
		}
	} else if samples, err = readTuneData(*tuneData, len(x)); err != nil {
		samples = tunePlay(v, *tuneGames, *tuneNodes)
		if *tuneData != "" {
			if err := writeTuneData(*tuneData, samples); err != nil {
				t.Fatal(err)
			}
		}
	}
	fixed := map[int]bool{}
	for _, f := range strings.Split(*tuneFix, ",") {
		for j, n := range names {
			if n == f {
				fixed[j] = true
			}
		}
	}
	// the logistic's slope that fits the current weights best
	k, best := 0.0, math.Inf(1)
	for kk := 0.2; kk <= 3; kk += 0.05 {
		if e := tuneError(samples, x, kk); e < best {
			k, best = kk, e
		}
	}
	t.Logf("%d positions; K %.2f, error %.5f with the %s weights", len(samples), k, best, v.Name)
	if len(held) > 0 {
		t.Logf("%d positions held out: error %.5f", len(held), tuneError(held, x, k))
	}
	// Adam on the mean squared error
	m := make([]float64, len(x))
	vv := make([]float64, len(x))
	const lr, b1, b2 = 0.5, 0.9, 0.999
	grad := make([]float64, len(x))
	for it := 1; it <= *tuneIters; it++ {
		tuneGradient(samples, x, k, grad)
		for j := range x {
			if fixed[j] {
				continue
			}
			gj := grad[j] / float64(len(samples))
			if strings.Contains(names[j], "Square[") {
				gj += 2 * *tuneL2 * x[j]
			}
			m[j] = b1*m[j] + (1-b1)*gj
			vv[j] = b2*vv[j] + (1-b2)*gj*gj
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := vv[j] / (1 - math.Pow(b2, float64(it)))
			x[j] -= lr * mh / (math.Sqrt(vh) + 1e-12)
		}
		if it%500 == 0 {
			if len(held) > 0 {
				t.Logf("step %d: error %.5f, held out %.5f", it, tuneError(samples, x, k), tuneError(held, x, k))
			} else {
				t.Logf("step %d: error %.5f", it, tuneError(samples, x, k))
			}
		}
	}
	setTuneWeights(v, &w, x)
	for j, n := range names {
		t.Logf("%-14s %7.1f", n, x[j])
	}
	t.Logf("fitted: %+v (error %.5f)", w, tuneError(samples, x, k))
	if *tuneOut != "" {
		var b strings.Builder
		for j, n := range names {
			fmt.Fprintf(&b, "%s=%.0f\n", n, math.Round(x[j]))
		}
		if err := os.WriteFile(*tuneOut, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// tuneRawSamples makes fitting samples of stored self-play positions
// (rawPos, as TestPatternGames writes them): the positions with a capture
// to make are left out, the pattern tables (English) are part of the fixed
// evaluation, and the last tenth of the games is returned apart, held out.
func tuneRawSamples(v *Variant, w EvalWeights, paths, patFile string) (train, held []tuneSample, err error) {
	raw, err := readRawPositions(paths)
	if err != nil {
		return nil, nil, err
	}
	e := newEvaluator(v, w)
	e.pat = evaluatorFor(v).pat
	if patFile != "" {
		b, err := os.ReadFile(patFile)
		if err != nil {
			return nil, nil, err
		}
		if e.pat, err = decodePatterns(b); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", patFile, err)
		}
	}
	cut := holdOutCut(raw)
	for j := range raw {
		p := raw[j].position(v)
		if p.HasCapture() {
			continue
		}
		fixed, scale, x, ok := e.tuneFeatures(&p, w)
		if !ok {
			continue
		}
		s := tuneSample{fixed, scale, x, float64(raw[j].result) / 2}
		if j < cut {
			train = append(train, s)
		} else {
			held = append(held, s)
		}
	}
	return train, held, nil
}
