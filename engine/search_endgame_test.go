package engine

import (
	"context"
	"testing"
)

// The database's values themselves are checked against a plain solver on
// a sample in TestEndgameDBMatchesReferenceSolver and against the moves in
// TestEndgameDBConsistentWithMoves (egdb_test.go); these tests check that
// the search turns them into won games under the draw rules.

func TestSearch_EndgameWonInSelfPlayWithDatabase(t *testing.T) {
	db := fullDB(t)
	tests := []struct {
		name string
		fen  string
		lim  Limits
	}{
		// First Position: the man crowns, the two kings drive the black
		// king out of the double corner while holding the black man.
		{"first position", "W:WK15,20:B12,K28", Level(10).EndgameLimits(1, db)},
		{"two kings against one", "W:WK22,K23:BK1", Level(10).EndgameLimits(1, db)},
		// five pieces: the search must force an exchange into the database
		{"three kings against two", "W:WK22,K23,K24:BK31,K32", Limits{Nodes: 300000, Prober: db}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGameFrom(mustFEN(t, English, tt.fen), GameOptions{})
			s := NewSearcher(4)
			for !g.Over() && g.Ply() < 400 {
				r := s.Search(context.Background(), g, tt.lim)
				if err := g.Play(r.Move); err != nil {
					t.Fatal(err)
				}
			}
			end := g.Position()
			t.Logf("%s: %s in %d plies", tt.fen, end.FEN(), g.Ply())
			if r, why := g.Result(); r != WhiteWins {
				t.Errorf("result %s (%s) after %d plies, want a White win", r, why, g.Ply())
			}
		})
	}
}

func TestSearch_DatabaseScoresAreExact(t *testing.T) {
	// In a database position the search's score is the database's value:
	// a win in exactly the database's number of plies.
	db := fullDB(t)
	for _, fen := range []string{"W:WK15,20:B12,K28", "W:WK22,K23:BK1", "B:WK22,K23:BK1"} {
		p := mustFEN(t, English, fen)
		v, plies, ok := db.Probe(&p)
		if !ok {
			t.Fatalf("%s not in the database", fen)
		}
		r := NewSearcher(1).Search(context.Background(), NewGameFrom(p, GameOptions{}), Limits{Depth: 4, Prober: db})
		switch v {
		case Win:
			if !ScoreIsWin(r.Score) || PliesToWin(r.Score) != plies {
				t.Errorf("%s: score %d (plies %d), want a win in %d", fen, r.Score, PliesToWin(r.Score), plies)
			}
		case Loss:
			if !ScoreIsLoss(r.Score) || PliesToWin(r.Score) != plies {
				t.Errorf("%s: score %d (plies %d), want a loss in %d", fen, r.Score, PliesToWin(r.Score), plies)
			}
		}
	}
}
