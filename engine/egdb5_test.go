package engine

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"
)

// The five-piece table is made by building the five-piece database here
// (about 100 s and 330 MB): -egdb5.write writes engine/egdb5.bin, and
// -egdb5.verify compares every position of the shipped table with a fresh
// build. The default run checks the shipped table against the moves on a
// sample, which with the four-piece database (checked in egdb_test.go)
// catches a table that decodes wrongly or was made from wrong values.
var (
	egdb5Write  = flag.Bool("egdb5.write", false, "build the five-piece database and write engine/egdb5.bin")
	egdb5Verify = flag.Bool("egdb5.verify", false, "compare the shipped five-piece table with a fresh build (about 4 minutes)")
)

var testDB5 = sync.OnceValues(func() (*EndgameDB, error) {
	db4, err := testDB()
	if err != nil {
		return nil, err
	}
	db := *db4 // the same four-piece tables, with the five-piece table added
	if err := db.AddFivePieceTable(endgameFiveData); err != nil {
		return nil, err
	}
	return &db, nil
})

func db5(t testing.TB) *EndgameDB { return loaded(t, testDB5, 5) }

// loaded returns the database load gives, which covers n pieces, and
// fails t if it could not be read.
func loaded(t testing.TB, load func() (*EndgameDB, error), n int) *EndgameDB {
	t.Helper()
	db, err := load()
	if err != nil {
		t.Fatalf("%s-piece table: %v", egPieceWords[n], err)
	}
	return db
}

// buildDB builds the database of up to n pieces and logs its time and
// memory.
func buildDB(t *testing.T, n int) *EndgameDB {
	start := time.Now()
	db, err := BuildEndgameDB(context.Background(), English, n)
	if err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%s-piece database built in %.1f s: %d bytes of tables, %d MB from the system",
		egPieceWords[n], time.Since(start).Seconds(), db.Bytes(), ms.Sys>>20)
	return db
}

func TestEndgameFiveWrite(t *testing.T) {
	if !*egdb5Write {
		t.Skip("-egdb5.write writes engine/egdb5.bin")
	}
	db := buildDB(t, 5)
	file, err := encodeEg5(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("egdb5.bin", file, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("egdb5.bin: %d bytes", len(file))
}

func TestEndgameFiveMatchesBuild(t *testing.T) {
	if !*egdb5Verify {
		t.Skip("-egdb5.verify compares the table with a fresh build")
	}
	built := buildDB(t, 5)
	shipped := db5(t)
	checked := 0
	for _, c := range built.order {
		if c.wm+c.wk+c.bm+c.bk != 5 {
			continue
		}
		for i := range c.data {
			p := c.position(i)
			want, wantD, _ := built.Probe(&p)
			got, gotD, ok := shipped.Probe(&p)
			if !ok || got != want || gotD != UnknownPlies && gotD != wantD {
				t.Fatalf("%s: table %v in %d (ok %v), build %v in %d", p.FEN(), got, gotD, ok, want, wantD)
			}
			checked++
		}
	}
	t.Logf("%d five-piece positions agree", checked)
}

// randomFive returns a random legal English position with five pieces,
// each side at least one, men off their crowning rows.
func randomFive(rng *rand.Rand) Position { return randomPieces(rng, 5) }

// randomPieces returns a random legal English position with n pieces, each
// side at least one, men off their crowning rows.
func randomPieces(rng *rand.Rand, n int) Position { return randomPiecesOf(rng, English, n) }

// randomPiecesOf is randomPieces for variant v (English or Russian).
func randomPiecesOf(rng *rand.Rand, v *Variant, n int) Position {
	for {
		var wm, wk, bm, bk uint32
		used := uint32(0)
		nw := 1 + rng.IntN(n-1)
		for k := 0; k < n; k++ {
			s := uint32(1) << rng.IntN(32)
			if used&s != 0 {
				k--
				continue
			}
			used |= s
			king := rng.IntN(2) == 0
			switch {
			case k < nw && (king || s&egWhiteMenOK == 0):
				wk |= s
			case k < nw:
				wm |= s
			case king || s&egBlackMenOK == 0:
				bk |= s
			default:
				bm |= s
			}
		}
		turn := White
		if rng.IntN(2) == 0 {
			turn = Black
		}
		return egPosition(v, wm, wk, bm, bk, turn)
	}
}

// TestEndgameFiveConsistentWithMoves checks sampled five-piece positions
// against their moves: a position is won if a move leads to a lost one,
// lost if every move leads to a won one, drawn otherwise.
func TestEndgameFiveConsistentWithMoves(t *testing.T) {
	samples := 20000
	if raceEnabled {
		samples = 2000 // one goroutine: the race detector only slows it
	}
	checkConsistentWithMoves(t, db5(t), 5, rand.New(rand.NewPCG(5, 55)), samples)
}

// checkConsistentWithMoves checks samples random positions of n pieces of
// db (which covers n) against their moves.
func checkConsistentWithMoves(t *testing.T, db *EndgameDB, n int, rng *rand.Rand, samples int) {
	t.Helper()
	if db.MaxPieces() != n {
		t.Fatalf("MaxPieces %d, want %d", db.MaxPieces(), n)
	}
	count := map[WDL]int{}
	for k := 0; k < samples; k++ {
		p := randomPiecesOf(rng, db.v, n)
		v, plies, ok := db.Probe(&p)
		if !ok {
			t.Fatalf("%s: not covered", p.FEN())
		}
		if n == 5 && v != DrawWDL && (plies != UnknownPlies) != p.HasCapture() {
			t.Fatalf("%s: %v in %d; a distance is known exactly when a capture is due", p.FEN(), v, plies)
		}
		if n == 6 && v != DrawWDL && plies != UnknownPlies && !p.HasCapture() {
			t.Fatalf("%s: %v in %d; a six-piece distance is only known after a capture", p.FEN(), v, plies)
		}
		count[v]++
		want := Loss
		for _, m := range p.LegalMoves() {
			q := p
			q.Play(&m)
			cv, _, ok := db.Probe(&q)
			if !ok {
				t.Fatalf("%s after %s: not covered", p.FEN(), p.MoveString(&m, Numeric))
			}
			want = max(want, -cv)
		}
		if v != want {
			t.Fatalf("%s: table says %v, its moves give %v", p.FEN(), v, want)
		}
	}
	if count[Win] < samples/20 || count[Loss] < samples/20 || count[DrawWDL] < samples/40 {
		t.Errorf("values %v: a sample this size has all three in numbers", count)
	}
	t.Logf("%d positions consistent with their moves: %v", samples, count)
}

func TestEndgameFiveKnownPositions(t *testing.T) {
	db := db5(t)
	tests := []struct {
		fen  string
		want WDL
	}{
		{"W:WK22,K23,K24:BK31,K32", Win},  // three kings against two
		{"B:WK22,K23,K24:BK31,K32", Loss}, // the same, the loser to move
		{"W:WK4,K8,K21:BK7,K29", Win},     // longest 3K v 2K win (67 plies)
		{"B:WK10,K30:BK3,5,K29", Win},     // longest 2K+M v 2K win (147 plies)
	}
	for _, tt := range tests {
		p := mustFEN(t, English, tt.fen)
		if v, _, ok := db.Probe(&p); !ok || v != tt.want {
			t.Errorf("%s: %v (ok %v), want %v", tt.fen, v, ok, tt.want)
		}
	}
	// Colour symmetry on a sample.
	rng := rand.New(rand.NewPCG(9, 99))
	for k := 0; k < 2000; k++ {
		p := randomFive(rng)
		q := flipColours(&p)
		pv, _, _ := db.Probe(&p)
		qv, _, _ := db.Probe(&q)
		if pv != qv {
			t.Fatalf("%s is %v but its mirror %s is %v", p.FEN(), pv, q.FEN(), qv)
		}
	}
}

func TestEndgameFiveRejectsBadTables(t *testing.T) {
	good := endgameFiveData
	cases := map[string][]byte{
		"bad magic":   append([]byte("XXXXXX"), good[6:]...),
		"truncated":   good[:len(good)/2],
		"empty":       nil,
		"header only": good[:40],
	}
	for name, file := range cases {
		db := *fullDB(t)
		if err := db.AddFivePieceTable(file); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	small, err := BuildEndgameDB(context.Background(), English, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := small.AddFivePieceTable(good); err == nil {
		t.Error("a five-piece table on a 3-piece database: accepted")
	}
}

// TestSearch_FivePieceWinsWonInSelfPlay: from five-piece wins, where the
// table gives no distance, the search still wins the game under the draw
// rules, the loser defending with the same search.
func TestSearch_FivePieceWinsWonInSelfPlay(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, minutes under the race detector")
	}
	db := db5(t)
	tests := []struct{ name, fen string }{
		{"three kings against two", "W:WK22,K23,K24:BK31,K32"},
		{"longest three kings against two", "W:WK4,K8,K21:BK7,K29"},
		{"king and two men against two kings, longest", "W:W8,28,K29:BK2,K3"},
		{"two kings and a man against a king and a man, longest", "W:WK3,28,K29:BK11,23"},
		{"three men against two kings", "W:W29,30,32:BK7,K28"},
		{"two kings and a man against two men", "B:WK1,K24,29:B19,22"},
	}
	wonInSelfPlay(t, db, tests)
}

// wonInSelfPlay plays each won position out, both sides with the search at
// 200,000 nodes a move and the database, and checks the winner wins under
// the draw rules.
func wonInSelfPlay(t *testing.T, db *EndgameDB, tests []struct{ name, fen string }) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, db.v, tt.fen)
			winner := p.Turn()
			if v, _, ok := db.Probe(&p); !ok || v != Win {
				t.Fatalf("%s: %v (ok %v), want a win for the side to move", tt.fen, v, ok)
			}
			g := NewGameFrom(p, GameOptions{})
			s := NewSearcher(4)
			for !g.Over() && g.Ply() < 400 {
				r := s.Search(context.Background(), g, Limits{Nodes: 200000, Prober: db})
				if err := g.Play(r.Move); err != nil {
					t.Fatal(err)
				}
			}
			end := g.Position()
			r, why := g.Result()
			t.Logf("%s: %s, %s (%s) in %d plies", tt.fen, end.FEN(), r, why, g.Ply())
			if r != winFor(winner) {
				t.Errorf("result %s (%s) after %d plies, want a win for %s", r, why, g.Ply(), winner)
			}
		})
	}
}

// TestSearch_FivePieceRootKeepsItsValue: in a five-piece position the
// search plays a move that keeps the table's value, at any depth.
func TestSearch_FivePieceRootKeepsItsValue(t *testing.T) {
	rootKeepsItsValue(t, db5(t), 5, rand.New(rand.NewPCG(3, 33)), 300)
}

// rootKeepsItsValue searches tries random positions of n pieces (depth 1
// to 3) and checks the move played keeps the database's value.
func rootKeepsItsValue(t *testing.T, db *EndgameDB, n int, rng *rand.Rand, tries int) {
	t.Helper()
	s := NewSearcher(1)
	for k := 0; k < tries; k++ {
		p := randomPiecesOf(rng, db.v, n)
		if p.HasCapture() || len(p.LegalMoves()) < 2 {
			continue
		}
		v, _, _ := db.Probe(&p)
		r := s.Search(context.Background(), NewGameFrom(p, GameOptions{}), Limits{Depth: 1 + k%3, Prober: db})
		q := p
		q.Play(&r.Move)
		if cv, _, _ := db.Probe(&q); -cv != v {
			t.Fatalf("%s (%v): the search plays %s, after which the side to move has %v", p.FEN(), v, p.MoveString(&r.Move, Numeric), -cv)
		}
	}
}

// BenchmarkEndgameFiveProbe probes random five-piece positions (most
// probes read a block that is not in the cache).
func BenchmarkEndgameFiveProbe(b *testing.B) {
	ps := make([]Position, 4096)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range ps {
		ps[i] = randomFive(rng)
	}
	benchProbes(b, db5(b), ps)
}

// BenchmarkEndgameFiveProbeOneClass probes random positions of one class
// (3K v 2K, 31 blocks): after the first round every block is cached, as in
// a search of one ending.
func BenchmarkEndgameFiveProbeOneClass(b *testing.B) {
	db := db5(b)
	benchProbes(b, db, classPositions(db.tables[5].classes[egKey(0, 3, 0, 2)]))
}

// classPositions returns 4,096 random positions of class c, either side to
// move.
func classPositions(c *eg5Class) []Position {
	rng := rand.New(rand.NewPCG(2, 2))
	ps := make([]Position, 4096)
	for i := range ps {
		wm, wk, bm, bk := c.unrank(rng.IntN(c.n))
		ps[i] = egPosition(English, wm, wk, bm, bk, Color(rng.IntN(2)))
	}
	return ps
}

// benchProbes probes ps in turn, after a first round that reads their
// blocks (all of which stay cached when they are of one class).
func benchProbes(b *testing.B, db *EndgameDB, ps []Position) {
	for i := range ps {
		db.Probe(&ps[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		db.Probe(&ps[i%len(ps)])
	}
}

// TestSearch_FivePieceWinHasNoDistance: a five-piece win reached inside the
// tree is a win of unknown length, never a short one. Here 28-24 gives a man
// (3x12) for three pieces against two kings, a win the table knows without
// its length.
func TestSearch_FivePieceWinHasNoDistance(t *testing.T) {
	db := db5(t)
	p := mustFEN(t, English, "W:W8,28,K29,K30:BK2,K3")
	r := NewSearcher(4).Search(context.Background(), NewGameFrom(p, GameOptions{}), Limits{Depth: 8, Prober: db})
	if !ScoreIsWin(r.Score) || PliesToWin(r.Score) != UnknownPlies {
		t.Errorf("score %d (plies %d, move %s): want a win of unknown length", r.Score, PliesToWin(r.Score), p.MoveString(&r.Move, Numeric))
	}
}
