package puzzles

import (
	"context"
	"flag"
	"reflect"
	"sort"
	"sync"
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/engine/egdb6"
)

// fullCheck turns on the search solver's verification of every bundled
// puzzle (the CLI's `draughts puzzles check` always does it).
var fullCheck = flag.Bool("puzzles.full", false, "verify every bundled puzzle with the search solver")

var (
	dbOnce sync.Once
	db     *engine.EndgameDB
)

func englishDB(t testing.TB) *engine.EndgameDB {
	dbOnce.Do(func() {
		var err error
		if db, err = engine.NewEndgameDB(engine.English); err != nil {
			t.Fatal(err)
		}
		// Up to six pieces, as `draughts puzzles check` and solve.
		if err = db.AddSixPieceTable(egdb6.Table); err != nil {
			t.Fatal(err)
		}
	})
	return db
}

func mustPosition(t testing.TB, v *engine.Variant, fen string) engine.Position {
	t.Helper()
	p, err := engine.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sortedMoves(p engine.Position, ms []engine.Move) []string {
	out := moveStrings(&p, ms)
	sort.Strings(out)
	return out
}

// Classic English positions with their known solutions: the endgame
// database proves First Position, the search and the database together
// judge Fourth Position, and the opening traps of W. Ryan's "Tricks, Traps
// and Shots of the Checkerboard" (as republished by The Checker Maven) are
// found as the winning first moves.
func TestSearchSolver_ClassicEnglishProblems(t *testing.T) {
	s := NewSearchSolver(englishDB(t))
	tests := []struct {
		name string
		fen  string
		goal GoalKind
		want []string // every winning (or, for draw, holding) first move
	}{
		{"First Position, White to move wins", "W:WK15,20:B12,K28", GoalWin, []string{"15-10", "15-18", "15-19"}},
		{"First Position, Black to move draws", "B:WK15,20:B12,K28", GoalDraw, []string{"28-24", "28-32"}},
		{"Fourth Position, White to move draws only with 31-27", "W:W30,K31,K32:BK20,21,K22,K23", GoalDraw, []string{"31-27"}},
		{"Canalejas' Cannonball: 19-15", "W:W18,19,21,22,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,20", GoalWin, []string{"19-15"}},
		{"The Fool's Trap: 17-13", "W:W17,19,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,12,15,16", GoalWin, []string{"17-13"}},
		{"A Trap With a Tale: 13-17 (3-7 wins too)", "B:W31,30,27,26,21,19,18,11:BK25,13,12,9,5,4,3,2", GoalWin, []string{"13-17", "3-7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, engine.English, tt.fen)
			ms, err := s.WinningMoves(context.Background(), p, Goal{Kind: tt.goal})
			if err != nil {
				t.Fatal(err)
			}
			got := sortedMoves(p, ms)
			want := append([]string(nil), tt.want...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("winning moves %v, want %v", got, want)
			}
		})
	}
}

// gain N needs a forced gain of N pieces: a three-for-one shot is found,
// and from the start positions no move wins anything.
func TestSearchSolver_GainNeedsForcedAndLastingMaterial(t *testing.T) {
	s := NewSearchSolver(nil)
	tests := []struct {
		name string
		v    *engine.Variant
		fen  string
		n    int
		want []string
	}{
		// English: 28-24 gives one man, 32x5 takes three.
		{"english three for one", engine.English, "W:W11,12,25,28,32:B2,9,10,18,20", 2, []string{"28-24"}},
		// No move wins two pieces when none is attacked.
		{"english quiet start", engine.English, engine.English.StartFEN, 1, nil},
		{"russian start", engine.Russian, engine.Russian.StartFEN, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.v, tt.fen)
			ms, err := s.WinningMoves(context.Background(), p, Goal{Kind: GoalGain, N: tt.n})
			if err != nil {
				t.Fatal(err)
			}
			if got := sortedMoves(p, ms); !reflect.DeepEqual(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
				t.Errorf("gain %d: %v, want %v", tt.n, got, tt.want)
			}
		})
	}
}

// A gain that the opponent wins back at once is no gain: after 26-23 18x27
// 31x6 in W:W26,31:B10,12,16,18,19 (a first draft of shot-06) White has won two pieces but is lost
// (one man against two), so the search solver does not confirm gain 2,
// while the material prover alone does.
func TestSearchSolver_GainMustLast(t *testing.T) {
	p := mustPosition(t, engine.English, "W:W26,31:B10,12,16,18,19")
	pr := newProver(context.Background(), &p, 2, false)
	proven, err := pr.provenMoves(&p, 7)
	if err != nil {
		t.Fatal(err)
	}
	if got := sortedMoves(p, proven); !reflect.DeepEqual(got, []string{"26-23"}) {
		t.Fatalf("prover: %v, want [26-23]", got)
	}
	ms, err := NewSearchSolver(englishDB(t)).WinningMoves(context.Background(), p, Goal{Kind: GoalGain, N: 2, Horizon: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 0 {
		t.Errorf("search solver confirms %v; the gain does not last", sortedMoves(p, ms))
	}
}

// The checker with the search solver accepts another winning first move
// and refutes a losing one with the engine's reply.
func TestCheck_SearchSolverAlternativesAndRefutation(t *testing.T) {
	// Three men against two: 27-23 wins at once (a two-for-one), 5-1 and
	// 31-26 win the longer way (the five-piece database), 27-24 only draws.
	pack, errs := Load("alt.toml", []byte(`id = "alt"
title = "Alternatives"
variant = "english"

[[puzzle]]
id = "three-against-two"
title = "Three against two"
fen = "W:W5,27,31:B17,19"
goal = "win"
solution = ["27-23", "19x26", "31x13"]
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	pz := pack.Puzzles[0]
	c := NewChecker(NewSearchSolver(englishDB(t)))
	ctx := context.Background()
	out, err := c.Check(ctx, pz, nil, "5-1")
	if err != nil {
		t.Fatal(err)
	}
	if out.Verdict != AcceptedAlternative || out.Reply == "" {
		t.Errorf("5-1: %+v, want an accepted alternative with a reply", out)
	}
	for _, m := range []string{"27-24"} {
		out, err = c.Check(ctx, pz, nil, m)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != Wrong || len(out.Refutation) == 0 {
			t.Errorf("%s: %+v, want wrong with a refutation", m, out)
		}
	}
}

// Every bundled puzzle passes the search solver (behind -puzzles.full: it
// takes minutes; `draughts puzzles check` runs the same).
func TestBundled_SearchSolverVerifiesAll(t *testing.T) {
	if !*fullCheck {
		t.Skip("run with -puzzles.full")
	}
	packs, errs := Bundled()
	for _, e := range errs {
		t.Error(e)
	}
	solvers := map[*engine.Variant]*SearchSolver{}
	for _, pk := range packs {
		s := solvers[pk.Variant]
		if s == nil {
			var pr engine.Prober
			if pk.Variant == engine.English {
				pr = englishDB(t)
			}
			s = NewSearchSolver(pr)
			solvers[pk.Variant] = s
		}
		for _, err := range pk.Verify(context.Background(), s) {
			t.Error(err)
		}
	}
}

// A full proof table is emptied and filled again: the proof finds the same
// moves with a table of 8 entries as with the full one, and the table
// never holds more.
func TestProver_SmallTableGivesTheSameProof(t *testing.T) {
	p := mustPosition(t, engine.English, "W:W26,31:B10,12,16,18,19")
	full := newProver(context.Background(), &p, 2, false)
	want, err := full.provenMoves(&p, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.tt) <= 8 {
		t.Fatalf("the proof settles only %d positions; the test needs more than the small table", len(full.tt))
	}
	small := newProver(context.Background(), &p, 2, false)
	small.maxTable = 8
	got, err := small.provenMoves(&p, 7)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sortedMoves(p, got), sortedMoves(p, want)) || len(small.tt) > 8 {
		t.Errorf("small table: %v (%d entries), full table: %v", sortedMoves(p, got), len(small.tt), sortedMoves(p, want))
	}
}
