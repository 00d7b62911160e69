package engine

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/checkerstutor/checkers/engine/egdb6"
)

// The shipped six-piece table (package egdb6), checked against the moves
// on a sample, as the five-piece one: with the five-piece table (checked
// the same way) a table that decodes wrongly or holds wrong values fails.

var testDB6 = sync.OnceValues(func() (*EndgameDB, error) {
	db5, err := testDB5()
	if err != nil {
		return nil, err
	}
	db := *db5 // the same tables, with the six-piece table added
	if err := db.AddSixPieceTable(egdb6.Table); err != nil {
		return nil, err
	}
	return &db, nil
})

func db6(t testing.TB) *EndgameDB { return loaded(t, testDB6, 6) }

func TestEndgameSixConsistentWithMoves(t *testing.T) {
	samples := 10000
	if raceEnabled {
		samples = 1000
	}
	checkConsistentWithMoves(t, db6(t), 6, rand.New(rand.NewPCG(6, 66)), samples)
}

func TestEndgameSixKnownPositions(t *testing.T) {
	db := db6(t)
	tests := []struct {
		fen  string
		want WDL
	}{
		{"W:WK22,K23,K24,K25:BK31,K32", Win},  // four kings against two
		{"B:WK22,K23,K24,K25:BK31,K32", Loss}, // the same, the loser to move
		{"W:W29,14,K2:B8,5,1", Win},           // McMillan's position: White to move wins
		{"W:WK1,K3,K5:BK28,K32,K27", DrawWDL}, // three kings against three
	}
	for _, tt := range tests {
		p := mustFEN(t, English, tt.fen)
		if v, _, ok := db.Probe(&p); !ok || v != tt.want {
			t.Errorf("%s: %v (ok %v), want %v", tt.fen, v, ok, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 77))
	for k := 0; k < 2000; k++ {
		p := randomPieces(rng, 6)
		q := flipColours(&p)
		pv, _, _ := db.Probe(&p)
		qv, _, _ := db.Probe(&q)
		if pv != qv {
			t.Fatalf("%s is %v but its mirror %s is %v", p.FEN(), pv, q.FEN(), qv)
		}
	}
	seven := mustFEN(t, English, "W:WK1,K2,K3,K4:BK29,K30,K31")
	if _, _, ok := db.Probe(&seven); ok {
		t.Errorf("%s: seven pieces answered", seven.FEN())
	}
}

func TestEndgameSixRejectsBadTables(t *testing.T) {
	good := egdb6.Table
	cases := map[string][]byte{
		"bad magic":       append([]byte("XXXXXX"), good[6:]...),
		"truncated":       good[:len(good)/2],
		"empty":           nil,
		"header only":     good[:40],
		"five-piece file": endgameFiveData,
	}
	for name, file := range cases {
		db := *db5(t)
		if err := db.AddSixPieceTable(file); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := fullDB(t).AddSixPieceTable(good); err == nil {
		t.Error("a six-piece table on the 4-piece database: accepted")
	}
}

// TestSearch_SixPieceRootKeepsItsValue: at a six-piece root the search
// plays a move that keeps the table's value.
func TestSearch_SixPieceRootKeepsItsValue(t *testing.T) {
	rootKeepsItsValue(t, db6(t), 6, rand.New(rand.NewPCG(8, 88)), 200)
}

// BenchmarkEndgameSixProbe probes random six-piece positions: most probes
// read a block that is not in the cache.
func BenchmarkEndgameSixProbe(b *testing.B) {
	ps := make([]Position, 4096)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range ps {
		ps[i] = randomPieces(rng, 6)
	}
	benchProbes(b, db6(b), ps)
}

// TestSearch_SixPieceWinsWonInSelfPlay: from six-piece wins, where the
// table gives no distance, the search still wins the game under the draw
// rules, the loser defending with the same search.
func TestSearch_SixPieceWinsWonInSelfPlay(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, minutes under the race detector")
	}
	wonInSelfPlay(t, db6(t), []struct{ name, fen string }{
		{"four kings against two, longest", "W:WK3,K4,K21,K29:BK11,K22"},
		{"three kings against three, longest", "W:WK5,K7,K13:BK3,K12,K14"},
		{"McMillan's position", "W:W29,14,K2:B8,5,1"},
		{"two kings and a man against two kings and a man, longest", "W:WK14,K23,32:B2,K27,K31"},
		{"three men against three, longest", "W:W30,31,32:B14,16,19"},
	})
}

// BenchmarkEndgameSixLoad reads the six-piece table's header, what
// AddSixPieceTable does (blocks are read when first probed).
func BenchmarkEndgameSixLoad(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := loadEgWLD(English, egdb6.Table, 6); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEndgameSixProbeOneClass probes random positions of one class
// (3K v 3K, 277 blocks): after the first round every block is cached, as
// in a search of one ending.
func BenchmarkEndgameSixProbeOneClass(b *testing.B) {
	db := db6(b)
	benchProbes(b, db, classPositions(db.tables[6].classes[egKey(0, 3, 0, 3)]))
}
