package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// walkKings plays seeded random king moves from p (no captures, no man
// moves, never a move after which the opponent can capture, never a
// drawing move) until the draw count of the rule want has at most left
// plies to go with side to move. It returns the game, or nil if the walk
// got stuck.
func walkKings(t *testing.T, p Position, want Reason, left int, side Color) *Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, p.hash))
	g := NewGameFrom(p, GameOptions{})
	for step := 0; step < 400; step++ {
		q := g.Position()
		if r, l := g.Counters().Next(&q); r == want && l <= left && q.Turn() == side {
			return g
		}
		var ok []Move
		for _, m := range q.LegalMoves() {
			if m.IsCapture() || !q.At(m.From).IsKing() || g.WouldDraw(m) != NotOver {
				continue
			}
			after := q
			after.Play(&m)
			if after.HasCapture() {
				continue
			}
			ok = append(ok, m)
		}
		if len(ok) == 0 {
			t.Logf("walk stuck after %d plies at %s", g.Ply(), q.FEN())
			return nil
		}
		if err := g.Play(ok[rng.IntN(len(ok))]); err != nil {
			t.Fatal(err)
		}
	}
	return nil
}

func TestSearch_WinningSideResetsAnExpiringCount(t *testing.T) {
	// Two kings and a man against a king: with two plies left of the
	// 40-move rule (English), any king move lets the defender draw with
	// his next move; the man must move.
	tests := []struct {
		v    *Variant
		fen  string
		rule Reason
	}{
		{English, "W:WK1,K3,30:BK20", QuietMoves},
		{Russian, "W:WK1,K3,30:BK20", KingsOnly},
	}
	for _, tt := range tests {
		t.Run(tt.v.Name, func(t *testing.T) {
			g := walkKings(t, mustFEN(t, tt.v, tt.fen), tt.rule, 2, White)
			if g == nil {
				t.Fatal("the walk to an expiring count got stuck")
			}
			p := g.Position()
			r := NewSearcher(1).Search(context.Background(), g, Limits{Depth: 6})
			if p.At(r.Move.From).IsKing() && !r.Move.IsCapture() {
				t.Errorf("counters %+v: played the king move %s, which lets the count run out; want a man move",
					g.Counters(), p.MoveString(&r.Move, Numeric))
			}
			if r.Score <= 50 {
				t.Errorf("score %d, want White still clearly ahead", r.Score)
			}
		})
	}
}

func TestSearch_DefenderPlaysIntoTheDraw(t *testing.T) {
	// One ply left: the losing side's king move ends the game by the
	// rule, and the search must score the position a draw, not a loss.
	tests := []struct {
		v    *Variant
		fen  string
		rule Reason
	}{
		{English, "W:WK1,K3,30:BK20", QuietMoves},
		{Russian, "W:WK1,K3,K30:BK20", ThreeKingsVsKing},
		{International, "W:WK46,K47,K48:BK3", ThreeKingsVsKing},
	}
	for _, tt := range tests {
		t.Run(tt.v.Name, func(t *testing.T) {
			side := Black
			if tt.rule == ThreeKingsVsKing && tt.v.Draw.StrongerSideMoves {
				side = White // only the hunter's moves count
			}
			g := walkKings(t, mustFEN(t, tt.v, tt.fen), tt.rule, 1, side)
			if g == nil {
				t.Fatal("the walk to an expiring count got stuck")
			}
			r := NewSearcher(1).Search(context.Background(), g, Limits{Depth: 5})
			if r.Score != 0 {
				t.Errorf("counters %+v, %s to move: score %d, want 0 (the count runs out)", g.Counters(), side, r.Score)
			}
			if side == Black {
				if why := g.WouldDraw(r.Move); why != tt.rule {
					p := g.Position()
					t.Errorf("move %s draws by %s, want %s", p.MoveString(&r.Move, Numeric), why, tt.rule)
				}
			}
		})
	}
}

func TestSearch_QuietCountShortcutAgreesWithDrawCounters(t *testing.T) {
	// The search keeps the counters by a shortcut while only the quiet
	// count can run; along random games, down to the lone-king endings, it
	// must give the same counts and plies left as DrawCounters.
	rng := rand.New(rand.NewPCG(3, 4))
	endings := 0 // positions with a lone-king count running
	for game := 0; game < 60; game++ {
		v := Variants()[game%3]
		g := randomGame(v, rng.IntN, 30+rng.IntN(60))
		if g.Over() {
			continue
		}
		s := NewSearcher(1)
		s.setup(context.Background(), g, Limits{})
		if s.quietOnly != (v == English) {
			t.Fatalf("%s: quietOnly %v", v.Name, s.quietOnly)
		}
		p := g.Position()
		want := g.Counters()
		for ply := 1; ply < MaxPly; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			q := p
			q.Play(&m)
			s.push(&p, &m, &q, ply)
			want = want.Advance(&p, &m, &q)
			got := s.counters[ply]
			if got != want {
				t.Fatalf("%s ply %d after %s: counters %+v, want %+v", v.Name, ply, q.FEN(), got, want)
			}
			r, left := want.Next(&q)
			if want.EndingLimit > 0 {
				endings++
			}
			if wantLeft := map[bool]int{true: left, false: -1}[r != NotOver]; s.drawLeft(&q, ply) != wantLeft {
				t.Fatalf("%s ply %d at %s: %d plies left, want %d", v.Name, ply, q.FEN(), s.drawLeft(&q, ply), wantLeft)
			}
			p = q
		}
	}
	if endings == 0 {
		t.Error("no walk reached a lone-king ending: the general path went untested")
	}
}
