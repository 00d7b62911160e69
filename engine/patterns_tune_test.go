package engine

import (
	"bufio"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Self-play positions for fitting the pattern tables (patterns.go): each
// game's quiet positions are stored raw with the game's result, so that
// the features can be changed without playing the games again.
//
//	go test ./engine -run TestPatternGames -v -timeout 3h -args -pat.games 40000 -pat.out /tmp/english.pos
//
// With -pat.db (English) the games search with the endgame database and
// end once it knows the position: the stored positions take the value of
// the ending the game reached.

var (
	patGames   = flag.Int("pat.games", 0, "play this many self-play games and append their positions to -pat.out")
	patNodes   = flag.Uint64("pat.nodes", 4000, "nodes a move in the -pat.games games")
	patOut     = flag.String("pat.out", "", "file of raw positions (32 bytes each)")
	patVariant = flag.String("pat.variant", "english", "variant of -pat.games")
	patSeed    = flag.Uint64("pat.seed", 1, "first game's seed (games are numbered from it)")
	patDB      = flag.Bool("pat.db", false, "English: search with the endgame database (2-6 pieces) and end a game with its value once it knows the position's")
)

// rawPos is a stored position: the three bitboards, the side to move, the
// game's result for White (2 won, 1 drawn, 0 lost), the ply and the score
// of the game's search from the position (for the side to move; 0 when
// not known).
type rawPos struct {
	white, black, kings uint64
	turn, result        uint8
	ply                 uint16
	score               int16
}

func (r *rawPos) encode(b []byte) {
	binary.LittleEndian.PutUint64(b[0:], r.white)
	binary.LittleEndian.PutUint64(b[8:], r.black)
	binary.LittleEndian.PutUint64(b[16:], r.kings)
	b[24], b[25] = r.turn, r.result
	binary.LittleEndian.PutUint16(b[26:], r.ply)
	binary.LittleEndian.PutUint16(b[28:], uint16(r.score))
}

func decodeRaw(b []byte) rawPos {
	return rawPos{binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b[16:]),
		b[24], b[25], binary.LittleEndian.Uint16(b[26:]), int16(binary.LittleEndian.Uint16(b[28:]))}
}

func (r *rawPos) position(v *Variant) Position {
	p := Position{v: v, white: r.white, black: r.black, kings: r.kings, turn: Color(r.turn)}
	p.hash = p.computeHash()
	return p
}

// readRawPositions reads the positions of one file, or of several named
// with commas, in that order.
func readRawPositions(paths string) ([]rawPos, error) {
	var out []rawPos
	for _, path := range strings.Split(paths, ",") {
		var err error
		if out, err = readRawFile(path, out); err != nil {
			return out, err
		}
	}
	return out, nil
}

// holdOutCut is the index of the first held-out position: about the last
// tenth of raw, from the start of a game (the ply falls where one begins).
func holdOutCut(raw []rawPos) int {
	cut := len(raw) * 9 / 10
	for cut > 0 && cut < len(raw) && raw[cut].ply > raw[cut-1].ply {
		cut++
	}
	return cut
}

func readRawFile(path string, out []rawPos) ([]rawPos, error) {
	f, err := os.Open(path)
	if err != nil {
		return out, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	buf := make([]byte, 32)
	for {
		if _, err := io.ReadFull(r, buf); err != nil {
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				return out, nil // a file still being written may end in part of a record
			}
			return out, err
		}
		out = append(out, decodeRaw(buf))
	}
}

func TestPatternGames(t *testing.T) {
	if *patGames == 0 || *patOut == "" {
		t.Skip("give -pat.games N -pat.out FILE to play the games")
	}
	v, ok := VariantByName(*patVariant)
	if !ok {
		t.Fatalf("no variant %q", *patVariant)
	}
	f, err := os.OpenFile(*patOut, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opens := AllOpenings(v)
	var db *EndgameDB
	if *patDB {
		if v != English {
			t.Fatalf("-pat.db: the six-piece database is English only")
		}
		db = db6(t)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	total, results := 0, [3]int{}
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := NewSearcher(16)
			buf := make([]byte, 32)
			for i := range next {
				rng := rand.New(rand.NewPCG(uint64(i), 0x70617474))
				p := opens[rng.IntN(len(opens))]
				for range rng.IntN(4) {
					ms := p.LegalMoves()
					if len(ms) == 0 {
						break
					}
					p.Play(&ms[rng.IntN(len(ms))])
				}
				// budgets of 75-125% of -pat.nodes, for variety
				nodes := *patNodes*3/4 + rng.Uint64N(*patNodes/2+1)
				g := NewGameFrom(p, GameOptions{MoveLimit: 100})
				s.Clear()
				var keep []rawPos
				lim := Limits{Nodes: nodes, Threads: 1}
				if db != nil {
					lim.Prober = db
				}
				// the game's result for White: 2 won, 1 drawn, 0 lost;
				// with -pat.db the database's value once it knows the position
				score, adjudged := uint8(1), false
				for !g.Over() {
					q := g.Position()
					if db != nil {
						if val, _, ok := db.Probe(&q); ok {
							if q.turn == Black {
								val = -val
							}
							score, adjudged = uint8(val+1), true
							break
						}
					}
					r := s.Search(context.Background(), g, lim)
					if r.Move.From == 0 {
						break
					}
					if !q.HasCapture() {
						keep = append(keep, rawPos{white: q.white, black: q.black, kings: q.kings, turn: uint8(q.turn), ply: uint16(g.Ply()),
							score: int16(max(-30000, min(30000, r.Score)))})
					}
					if err := g.Play(r.Move); err != nil {
						panic(err)
					}
				}
				if !adjudged {
					switch res, _ := g.Result(); res {
					case WhiteWins:
						score = 2
					case BlackWins:
						score = 0
					}
				}
				mu.Lock()
				for k := range keep {
					keep[k].result = score
					keep[k].encode(buf)
					f.Write(buf)
				}
				total += len(keep)
				results[score]++
				mu.Unlock()
			}
		}()
	}
	for i := range *patGames {
		next <- int(*patSeed) + i
		if (i+1)%1000 == 0 {
			mu.Lock()
			fmt.Printf("%d games, %d positions, White +%d =%d -%d\n", i+1, total, results[2], results[1], results[0])
			mu.Unlock()
		}
	}
	close(next)
	wg.Wait()
	t.Logf("%d positions, White +%d =%d -%d", total, results[2], results[1], results[0])
}

var (
	patData  = flag.String("pat.data", "", "raw positions (TestPatternGames) to fit the pattern tables to")
	patIters = flag.Int("pat.iters", 400, "gradient steps of the pattern fit")
	patL2    = flag.Float64("pat.l2", 1e-6, "penalty on the pattern values' squares, per sample")
	patLR    = flag.Float64("pat.lr", 1, "step size of the pattern fit (centi-men)")
	patWrite = flag.String("pat.write", "", "write the fitted tables here (the format of patterns_english.bin)")
	patMax   = flag.Int("pat.max", 0, "use at most this many positions (0: all)")
	patMix   = flag.Float64("pat.mix", 0, "share of the target taken from the stored search score instead of the game's result (0-1)")
	patSet   = flag.String("pat.set", "", "fit on top of these weights instead of the variant's (as -ab.set: Name=value,... or @FILE)")
	patNW    = flag.Int("pat.windows", 9, "windows of the fitted tables: 9 (every second row) or 15 (every row)")
	patPrior = flag.String("pat.prior", "", "start from these pattern tables (a file as -pat.write writes; \"bundled\": the engine's for -pat.variant) and pull towards them with -pat.l2 instead of towards zero")
)

type patSample struct {
	base   float32
	result float32
	men    uint8 // pieces on the board (the phase)
	idx    [patMaxWindows]uint16
}

func patSamples(e *evaluator, raw []rawPos, k, mix float64, nw int) []patSample {
	step := patStepOf(nw)
	out := make([]patSample, 0, len(raw))
	for j := range raw {
		p := raw[j].position(e.v)
		if p.HasCapture() {
			continue
		}
		if p.white&^p.kings|p.black&^p.kings == 0 {
			continue // kings only: the evaluation has its own rules
		}
		wm, bm := p.white, p.black
		s := patSample{base: float32(e.white(&p)), result: float32(raw[j].result) / 2, men: uint8(bits.OnesCount64(wm | bm))}
		if sc := float64(raw[j].score); mix > 0 && sc != 0 {
			if p.turn == Black {
				sc = -sc
			}
			s.result = float32((1-mix)*float64(s.result) + mix*sigmoid(k, sc))
		}
		for w := range nw {
			s.idx[w] = uint16(patIndex(wm, bm, step, w))
		}
		out = append(out, s)
	}
	return out
}

// patModel is the fitted parameters: a value per window and index for the
// opening and the ending, before the symmetry is applied.
type patModel struct {
	n    int // windows: 9 or 15
	o, e [patMaxWindows][patIndices]float64
}

var patTurn = func() (t [patIndices]uint16) {
	for i := range t {
		t[i] = uint16(patTurned(i))
	}
	return
}()

// tables returns the symmetric tables of the model.
func (m *patModel) tables() *patternTables {
	t := newPatternTables(m.n)
	for w := range m.n {
		for i := range patIndices {
			j := patTurn[i]
			t.opening[w][i] = int16(math.Round(m.o[w][i] - m.o[m.n-1-w][j]))
			t.ending[w][i] = int16(math.Round(m.e[w][i] - m.e[m.n-1-w][j]))
		}
	}
	t.pack()
	return t
}

func (m *patModel) value(s *patSample) float64 {
	o, e := 0.0, 0.0
	for w := range m.n {
		i := s.idx[w]
		j := patTurn[i]
		o += m.o[w][i] - m.o[m.n-1-w][j]
		e += m.e[w][i] - m.e[m.n-1-w][j]
	}
	n := float64(s.men)
	return (o*n + e*(patMen-n)) / patMen
}

func patError(samples []patSample, m *patModel, k float64) float64 {
	workers := runtime.GOMAXPROCS(0)
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(samples); i += workers {
				s := &samples[i]
				d := sigmoid(k, float64(s.base)+m.value(s)) - float64(s.result)
				sums[w] += d * d
			}
		}()
	}
	wg.Wait()
	sum := 0.0
	for _, x := range sums {
		sum += x
	}
	return sum / float64(len(samples))
}

func patGradient(samples []patSample, m *patModel, k float64, g *patModel) {
	workers := runtime.GOMAXPROCS(0)
	parts := make([]*patModel, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gp := &patModel{n: m.n}
			for i := w; i < len(samples); i += workers {
				s := &samples[i]
				p := sigmoid(k, float64(s.base)+m.value(s))
				d := 2 * (p - float64(s.result)) * p * (1 - p) * k / 100
				n := float64(s.men)
				do, de := d*n/patMen, d*(patMen-n)/patMen
				for w := range m.n {
					i := s.idx[w]
					j := patTurn[i]
					gp.o[w][i] += do
					gp.o[m.n-1-w][j] -= do
					gp.e[w][i] += de
					gp.e[m.n-1-w][j] -= de
				}
			}
			parts[w] = gp
		}()
	}
	wg.Wait()
	*g = patModel{n: m.n}
	for _, gp := range parts {
		for w := range m.n {
			for i := range patIndices {
				g.o[w][i] += gp.o[w][i]
				g.e[w][i] += gp.e[w][i]
			}
		}
	}
}

// TestPatternFit fits the pattern tables to stored self-play positions:
//
//	go test ./engine -run TestPatternFit -v -timeout 2h -args -pat.data /tmp/english.pos -pat.write engine/patterns_english.bin
//
// The last tenth of the positions (whole games) is held out to measure
// the fit.
func TestPatternFit(t *testing.T) {
	if *patData == "" {
		t.Skip("give -pat.data FILE to fit the pattern tables")
	}
	raw, err := readRawPositions(*patData)
	if err != nil {
		t.Fatal(err)
	}
	if *patMax > 0 && len(raw) > *patMax {
		raw = raw[:*patMax]
	}
	v, ok := VariantByName(*patVariant)
	if !ok || v.Size != 8 {
		t.Fatalf("-pat.variant %q: the patterns are for the 8x8 variants", *patVariant)
	}
	w := WeightsFor(v)
	if *patSet != "" {
		if err := applyWeightSet(v, &w, *patSet); err != nil {
			t.Fatalf("-pat.set: %v", err)
		}
	}
	e := newEvaluator(v, w)
	cut := holdOutCut(raw)
	// the search scores are read with the logistic of the results' fit
	nw := *patNW
	if nw != 9 && nw != patMaxWindows {
		t.Fatalf("-pat.windows %d: want 9 or 15", nw)
	}
	train, test := patSamples(e, raw[:cut], 0, 0, nw), patSamples(e, raw[cut:], 0, 0, nw)
	m := &patModel{n: nw}
	k, best := 0.0, math.Inf(1)
	for kk := 0.2; kk <= 3; kk += 0.05 {
		if err := patError(train, m, kk); err < best {
			k, best = kk, err
		}
	}
	t.Logf("%d positions to fit, %d held out; K %.2f; error without patterns %.5f, held out %.5f",
		len(train), len(test), k, best, patError(test, m, k))
	if *patMix > 0 {
		train = patSamples(e, raw[:cut], k, *patMix, nw) // the held-out error stays on the results
	}
	// the prior: the model starts from it and the penalty pulls towards
	// it (zero without one)
	prior := &patModel{n: nw}
	if *patPrior != "" {
		data := englishPatternData
		if v == Russian {
			data = russianPatternData
		}
		if *patPrior != "bundled" {
			if data, err = os.ReadFile(*patPrior); err != nil {
				t.Fatal(err)
			}
		}
		pt, err := decodePatterns(data)
		if err != nil {
			t.Fatalf("-pat.prior: %v", err)
		}
		if pt.n != nw {
			t.Fatalf("-pat.prior has %d windows, -pat.windows %d", pt.n, nw)
		}
		// a table value is m[w][i] - m[turned], and the tables are
		// antisymmetric, so half of each value gives them back
		for w := range nw {
			for i := range patIndices {
				prior.o[w][i] = float64(pt.opening[w][i]) / 2
				prior.e[w][i] = float64(pt.ending[w][i]) / 2
			}
		}
		*m = *prior
		t.Logf("from the prior: error %.5f, held out %.5f", patError(train, m, k), patError(test, m, k))
	}
	mo, vo := &patModel{n: nw}, &patModel{n: nw}
	g := &patModel{n: nw}
	const b1, b2 = 0.9, 0.999
	lr, l2 := *patLR, *patL2
	n := float64(len(train))
	adam := func(x, gr, m1, v1, x0 *[patMaxWindows][patIndices]float64, it int) {
		c1, c2 := 1-math.Pow(b1, float64(it)), 1-math.Pow(b2, float64(it))
		for w := range nw {
			for i := range patIndices {
				gj := gr[w][i]/n + 2*l2*(x[w][i]-x0[w][i])
				m1[w][i] = b1*m1[w][i] + (1-b1)*gj
				v1[w][i] = b2*v1[w][i] + (1-b2)*gj*gj
				x[w][i] -= lr * (m1[w][i] / c1) / (math.Sqrt(v1[w][i]/c2) + 1e-9)
			}
		}
	}
	for it := 1; it <= *patIters; it++ {
		patGradient(train, m, k, g)
		adam(&m.o, &g.o, &mo.o, &vo.o, &prior.o, it)
		adam(&m.e, &g.e, &mo.e, &vo.e, &prior.e, it)
		if it%50 == 0 || it == *patIters {
			t.Logf("step %d: error %.5f, held out %.5f", it, patError(train, m, k), patError(test, m, k))
		}
	}
	tab := m.tables()
	// the rounded tables as the engine uses them
	var sum float64
	for i := range test {
		s := &test[i]
		o, en := 0, 0
		for w := range nw {
			o += int(tab.opening[w][s.idx[w]])
			en += int(tab.ending[w][s.idx[w]])
		}
		nm := int(s.men)
		v := (o*nm + en*(patMen-nm)) / patMen
		d := sigmoid(k, float64(s.base)+float64(v)) - float64(s.result)
		sum += d * d
	}
	t.Logf("held out with the rounded tables: %.5f", sum/float64(len(test)))
	if *patWrite != "" {
		if err := os.WriteFile(*patWrite, encodePatterns(tab), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
