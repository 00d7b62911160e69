package engine

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The Russian endgame database: the same retrograde builder, with flying
// kings, men that capture backwards and a man that crowns in the middle of
// a capture going on as a king.

// russianDB is the shipped Russian database of up to five pieces
// (NewEndgameDB).
func russianDB(t *testing.T) *EndgameDB {
	t.Helper()
	db, err := NewEndgameDB(Russian)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// The shipped table is what the build makes, byte for byte.
func TestRussianEndgameShippedMatchesBuild(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, and 90 s under the race detector: the plain run compares")
	}
	t.Parallel()
	start := time.Now()
	built, err := BuildEndgameDB(context.Background(), Russian, 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Russian four-piece database built in %.1f s, %d bytes", time.Since(start).Seconds(), built.Bytes())
	shipped := russianDB(t)
	if len(shipped.order) != len(built.order) {
		t.Fatalf("%d classes shipped, %d built", len(shipped.order), len(built.order))
	}
	stats := shipped.Classes()
	for i, c := range built.order {
		if stats[i] != c.stats {
			t.Errorf("class %s: shipped %+v, built %+v", c.stats.Name(), stats[i], c.stats)
		}
		if !bytes.Equal(shipped.order[i].data, c.data) {
			t.Errorf("class %s: the shipped values differ from the build (regenerate with -egdb4.write)", c.stats.Name())
		}
	}
	// an English table is not a Russian one
	if _, err := loadEg4(Russian, endgameFourData); err == nil {
		t.Error("the English table was read as the Russian one")
	}
	four, err := loadEg4(Russian, endgameFourRussianData)
	if err != nil {
		t.Fatal(err)
	}
	if err := four.AddFivePieceTable(endgameFiveData); err == nil || !strings.Contains(err.Error(), "bad magic") {
		t.Errorf("the English five-piece table added to the Russian database: %v, want a bad magic", err)
	}
}

// TestRussianEndgameConsistentWithMoves checks sampled positions of two to
// four pieces against their moves, each move looked up again.
func TestRussianEndgameConsistentWithMoves(t *testing.T) {
	db := russianDB(t)
	rng := rand.New(rand.NewPCG(41, 42))
	samples := 20000
	if raceEnabled {
		samples = 2000
	}
	four, err := loadEg4(Russian, endgameFourRussianData)
	if err != nil {
		t.Fatal(err)
	}
	checkConsistentWithMoves(t, four, 4, rng, samples)
	checkConsistentWithMoves(t, db, 5, rng, samples)
	// values and distances of 3,000 positions of every class of up to four
	// pieces, as the English test checks its own
	buf := make([]Move, 0, 64)
	for _, c := range four.order {
		for k := 0; k < min(len(c.data), 3000); k++ {
			p := c.position(rng.IntN(len(c.data)))
			if err := checkAgainstMoves(four, &p, buf); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestRussianEndgameColourSymmetry(t *testing.T) {
	db := russianDB(t)
	rng := rand.New(rand.NewPCG(43, 44))
	for k := 0; k < 5000; k++ {
		p := randomPiecesOf(rng, Russian, 2+rng.IntN(3))
		q := flipColours(&p)
		pv, pd, _ := db.Probe(&p)
		qv, qd, _ := db.Probe(&q)
		if pv != qv || pd != qd {
			t.Fatalf("%s is %v in %d but its mirror %s is %v in %d", p.FEN(), pv, pd, q.FEN(), qv, qd)
		}
	}
}

// TestRussianEndgameKnown checks endings every Russian player knows: one
// king draws against two, and three kings beat one that does not hold the
// long diagonal (the big road, a1-h8) once they hold it themselves.
func TestRussianEndgameKnown(t *testing.T) {
	db := russianDB(t)
	tests := []struct {
		fen  string
		want WDL
	}{
		// a lone king in the a1 corner of the big road against two kings
		{"B:WK22,K31:BK29", DrawWDL},
		// three kings, one on the big road (a1), against a king on b8: won
		// (in 21 plies); a lone king that holds the road draws
		{"W:WK29,K30,K31:BK1", Win},
		{"W:WK5,K6,K7:BK29", DrawWDL},
		// a man captures backwards: the black man on d4 takes e5
		{"B:W15:B18", Win},
		// and crowns in the middle of a capture, going on as a king: the
		// white man on b6 takes c7 to d8 and, a king now, takes e7 and g5
		// down the diagonal: all three black men in one move
		{"W:W9:B6,7,16", Win},
	}
	for _, tt := range tests {
		p := mustFEN(t, Russian, tt.fen)
		if v, d, ok := db.Probe(&p); !ok || v != tt.want {
			t.Errorf("%s: %v in %d (ok %v), want %v", tt.fen, v, d, ok, tt.want)
		}
	}
	// kings only, two against one: a draw unless the lone king is caught at
	// once, so most positions are drawn
	for _, c := range db.Classes() {
		if c.Name() == "2K v K" {
			if c.Draws*2 < c.Positions {
				t.Errorf("2K v K: %d draws of %d positions", c.Draws, c.Positions)
			}
			t.Logf("2K v K: %+v", c)
		}
		if c.Name() == "3K v K" {
			t.Logf("3K v K: %+v", c)
			if c.Wins*3 < c.Positions {
				t.Errorf("3K v K: only %d wins of %d positions", c.Wins, c.Positions)
			}
		}
	}
}

// Three kings beat one within the 15-move rule of Russian draughts when
// the search has the database.
func TestRussianEndgameWonInSelfPlay(t *testing.T) {
	db := russianDB(t)
	games := []struct{ name, fen string }{
		{"3K v K, the big road held", "W:WK29,K30,K31:BK1"},
		{"3K v K, the longest win", "W:WK4,K7,K11:BK21"},
		{"3K v K, Black to win", "B:WK12:BK17,K21,K27"},
		{"4K v K, the longest win", "W:WK4,K7,K8,K16:BK3"},
		{"3K+M v K, the longest win", "W:WK9,K17,27,K32:BK13"},
	}
	if raceEnabled {
		games = games[:3] // one goroutine; the five-piece games take half a minute there
	}
	wonInSelfPlay(t, db, games)
}

// In a five-piece position the search plays a move that keeps the
// table's value.
func TestRussianEndgameRootKeepsItsValue(t *testing.T) {
	rootKeepsItsValue(t, russianDB(t), 5, rand.New(rand.NewPCG(45, 46)), 300)
}

var egdb5ruWrite = flag.Bool("egdb5ru.write", false, "build the Russian database of up to five pieces and write engine/egdb5ru.bin")

// TestRussianEndgameFiveWrite builds the Russian database of up to five
// pieces and writes its five-piece win/loss/draw table.
func TestRussianEndgameFiveWrite(t *testing.T) {
	if !*egdb5ruWrite {
		t.Skip("-egdb5ru.write builds the Russian five-piece database and writes engine/egdb5ru.bin")
	}
	start := time.Now()
	db, err := BuildEndgameDB(context.Background(), Russian, 5)
	if err != nil {
		t.Fatal(err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("built in %.0f s, %d bytes of tables, %d MB from the system", time.Since(start).Seconds(), db.Bytes(), ms.Sys>>20)
	for _, c := range db.Classes() {
		if c.WhiteMen+c.WhiteKings+c.BlackMen+c.BlackKings == 5 && c.WhiteMen+c.WhiteKings >= c.BlackMen+c.BlackKings {
			t.Logf("| %s | %d | %d | %d | %d | %d | `%s` |", c.Name(), c.Positions, c.Wins, c.Draws, c.Losses, c.LongestWin, c.LongestWinFEN)
		}
	}
	file, err := encodeEgWLD(db, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("egdb5ru.bin", file, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("egdb5ru.bin: %d bytes", len(file))
}
