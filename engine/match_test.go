package engine

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

var matchFlag = flag.String("match", "", "play a level match: `a,b,variant,games` (e.g. 6,5,english,40)")

func TestOpenings_DistinctPositionsAfterBallotPlies(t *testing.T) {
	tests := []struct {
		v     *Variant
		plies int
	}{
		{English, 3},
		{Russian, 3},
		{International, 2},
	}
	for _, tt := range tests {
		t.Run(tt.v.Name, func(t *testing.T) {
			ops := AllOpenings(tt.v)
			start := tt.v.StartPosition()
			total := start.Perft(tt.plies)
			if len(ops) == 0 || uint64(len(ops)) > total {
				t.Fatalf("%d openings, want 1..%d (perft %d)", len(ops), total, tt.plies)
			}
			want := tt.v.FirstToMove
			if tt.plies%2 == 1 {
				want = want.Opponent()
			}
			for i := range ops {
				if ops[i].Turn() != want {
					t.Errorf("opening %s: %s to move, want %s", ops[i].FEN(), ops[i].Turn(), want)
				}
				men, _ := ops[i].Count(White)
				mb, _ := ops[i].Count(Black)
				if men+mb > 2*tt.v.MaxPieces() {
					t.Errorf("opening %s has too many pieces", ops[i].FEN())
				}
				for j := 0; j < i; j++ {
					if ops[i].Equal(&ops[j]) {
						t.Fatalf("openings %d and %d are the same position %s", j, i, ops[i].FEN())
					}
				}
			}
			t.Logf("%s: %d openings (perft(%d) = %d)", tt.v.Name, len(ops), tt.plies, total)
		})
	}
}

func TestPlayMatch_CountsAndReplaysGames(t *testing.T) {
	cfg := MatchConfig{Variant: English, A: LevelPlayer(2), B: LevelPlayer(1), Games: 4, Seed: 7, TTMB: 1}
	res, err := PlayMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || res.Wins+res.Draws+res.Losses != 4 {
		t.Fatalf("got %d games, %s; want 4", len(res.Games), res.String())
	}
	for i, g := range res.Games {
		if g.Index != i {
			t.Errorf("game %d has index %d", i, g.Index)
		}
		if want := g.Opening.Turn(); (i%2 == 0) != (g.AColor == want) {
			t.Errorf("game %d: A played %s; colours must alternate", i, g.AColor)
		}
		// replay the moves: every one must be legal and the result must match
		game := NewGameFrom(g.Opening, GameOptions{MoveLimit: 100})
		for _, text := range g.Moves {
			p := game.Position()
			m, err := p.ParseMove(text)
			if err != nil {
				t.Fatalf("game %d: move %q: %v", i, text, err)
			}
			if err := game.Play(m); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		if r, _ := game.Result(); r != g.Result {
			t.Errorf("game %d: replay ends %s, record says %s", i, r, g.Result)
		}
	}
	if s := res.Score(); s < 0 || s > 1 {
		t.Errorf("score %v out of range", s)
	}
}

// A match that skips games (MatchConfig.First) plays the rest as the
// longer match with the same seed plays them.
func TestPlayMatch_FirstSkipsGames(t *testing.T) {
	cfg := MatchConfig{Variant: English, A: LevelPlayer(2), B: LevelPlayer(1), Games: 5, Seed: 7, TTMB: 1, Workers: 2}
	all, err := PlayMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.First, cfg.Games = 3, 2
	part, err := PlayMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(part.Games) != 2 {
		t.Fatalf("got %d games, want 2", len(part.Games))
	}
	for i, g := range part.Games {
		want := all.Games[3+i]
		if g.Index != want.Index || g.Opening != want.Opening || g.AColor != want.AColor ||
			strings.Join(g.Moves, " ") != strings.Join(want.Moves, " ") {
			t.Errorf("game %d of the part (index %d, A %s): %v\nthe whole match's game %d (A %s): %v",
				i, g.Index, g.AColor, g.Moves, want.Index, want.AColor, want.Moves)
		}
	}
	cfg.First = -1
	if _, err := PlayMatch(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Errorf("First -1: error %v, want one that says it is negative", err)
	}
}

func TestMatchResult_EloFromScore(t *testing.T) {
	tests := []struct {
		name          string
		scores        []float64
		wantElo       float64
		wantMarginMin float64
	}{
		{"even", []float64{1, 0, 1, 0, 0.5, 0.5}, 0, 1},
		{"three quarters", []float64{1, 1, 1, 0, 1, 1, 1, 0}, 190.8, 1},
		{"all draws", []float64{0.5, 0.5, 0.5, 0.5}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m MatchResult
			for _, s := range tt.scores {
				r := GameRecord{AColor: White, Result: Drawn}
				switch s {
				case 1:
					r.Result = WhiteWins
					m.Wins++
				case 0:
					r.Result = BlackWins
					m.Losses++
				default:
					m.Draws++
				}
				m.Games = append(m.Games, r)
			}
			d, e := m.Elo()
			if math.Abs(d-tt.wantElo) > 0.5 {
				t.Errorf("Elo %v, want %v", d, tt.wantElo)
			}
			if e < tt.wantMarginMin || math.IsNaN(e) {
				t.Errorf("margin %v, want at least %v", e, tt.wantMarginMin)
			}
		})
	}
}

// TestLevelMatch plays a match chosen with -match (skipped otherwise).
func TestLevelMatch(t *testing.T) {
	if *matchFlag == "" {
		t.Skip("use -match=a,b,variant,games")
	}
	f := strings.Split(*matchFlag, ",")
	if len(f) != 4 {
		t.Fatalf("-match %q: want a,b,variant,games", *matchFlag)
	}
	a, _ := strconv.Atoi(f[0])
	b, _ := strconv.Atoi(f[1])
	v, ok := VariantByName(f[2])
	games, _ := strconv.Atoi(f[3])
	if !ok {
		t.Fatalf("unknown variant %q", f[2])
	}
	start := time.Now()
	res, err := PlayMatch(context.Background(), MatchConfig{Variant: v, A: LevelPlayer(a), B: LevelPlayer(b),
		Games: games, Seed: 1,
		OnGame: func(g GameRecord) { fmt.Printf("game %d: %s %v %d plies\n", g.Index, g.Result, g.Reason, g.Plies) }})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s level %d vs %d: %s in %v\n", v.Name, a, b, res.String(), time.Since(start).Round(time.Second))
}
