package engine

import (
	"math/rand/v2"
	"testing"
)

// TestEval_MoreKingsIsNeverWorse checks the kings-only evaluation: the
// side with more kings is never judged worse than even, however the kings
// stand (the chase and edge terms must not outweigh a king more).
func TestEval_MoreKingsIsNeverWorse(t *testing.T) {
	fixed := []struct {
		v   *Variant
		fen string
	}{
		{English, "W:WK1,K2,K8:BK25,K27,K30,K31,K32"},
		{English, "B:WK3,K8,K11:BK6,K27,K30,K31,K32"},
		{English, "W:WK6,K7,K8,K11:BK22,K27,K30,K31,K32"},
	}
	for _, tc := range fixed {
		p := mustFEN(t, tc.v, tc.fen)
		if sc := strongerSideScore(&p); sc < 0 {
			t.Errorf("%s %s: %d for the side with more kings", tc.v.Name, tc.fen, sc)
		}
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for _, v := range Variants() {
		n := v.Squares()
		for i := 0; i < 3000; i++ {
			a, b := 1+rng.IntN(6), 1+rng.IntN(6)
			if a == b {
				continue
			}
			pieces := map[Square]Piece{}
			for len(pieces) < a+b {
				sq := Square(1 + rng.IntN(n))
				if _, ok := pieces[sq]; ok {
					continue
				}
				if len(pieces) < a {
					pieces[sq] = WhiteKing
				} else {
					pieces[sq] = BlackKing
				}
			}
			turn := White
			if rng.IntN(2) == 1 {
				turn = Black
			}
			p, err := NewPosition(v, turn, pieces)
			if err != nil {
				t.Fatal(err)
			}
			if sc := strongerSideScore(&p); sc < 0 {
				t.Fatalf("%s %s: %d for the side with more kings", v.Name, p.FEN(), sc)
			}
		}
	}
}

// strongerSideScore is the static evaluation from the side with more
// pieces.
func strongerSideScore(p *Position) int {
	sc := evaluatorFor(p.v).eval(p) // side to move's view
	_, us := p.Count(p.turn)
	_, them := p.Count(p.turn.Opponent())
	if us < them {
		sc = -sc
	}
	return sc
}
