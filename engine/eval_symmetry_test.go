package engine

import (
	"math/rand/v2"
	"testing"
)

// turnedRound is p with the colours swapped and the board turned half a
// turn: the same position seen from the other side.
func turnedRound(p *Position) Position {
	q := Position{v: p.v, white: turnedHalf(p.v, p.black), black: turnedHalf(p.v, p.white),
		kings: turnedHalf(p.v, p.kings), turn: p.turn.Opponent()}
	q.hash = q.computeHash()
	return q
}

// TestEvaluate_ColourSymmetry: the evaluation from the side to move is
// the same for a position and for it with the colours swapped and the
// board turned round, in every variant (a term that favours one colour
// would show here).
func TestEvaluate_ColourSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, v := range []*Variant{English, Russian, International} {
		checked := 0
		for game := 0; game < 300; game++ {
			p := NewGame(v, GameOptions{}).Position()
			for ply := 0; ply < 120; ply++ {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					break
				}
				if !p.HasCapture() {
					q := turnedRound(&p)
					if a, b := Evaluate(&p), Evaluate(&q); a != b {
						t.Fatalf("%s: %d for %s, %d for it turned round (%s)", v.Name, a, p.FEN(), b, q.FEN())
					}
					checked++
				}
				p.Play(&ms[rng.IntN(len(ms))])
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d positions checked", v.Name, checked)
		}
	}
}

// TestEvaluate_DoubleCorners: the English double corners, where a lone
// king holds out against two, are squares 1, 5 and 28, 32.
func TestEvaluate_DoubleCorners(t *testing.T) {
	var want uint64
	for _, s := range []Square{1, 5, 28, 32} {
		want |= bit(int(English.geo.idxOf[s]))
	}
	if got := evaluatorFor(English).dcorner; got != want {
		t.Errorf("double corners %b, want squares 1, 5, 28, 32 (%b)", got, want)
	}
	// two kings against a lone king: better for the two when it is in
	// the single corner (4) than in the double corner (1)
	in, _ := ParseFEN(English, "W:WK14,K15:BK1")
	out, _ := ParseFEN(English, "W:WK14,K15:BK4")
	if a, b := Evaluate(&in), Evaluate(&out); a >= b {
		t.Errorf("lone king in the double corner %d, in the single corner %d: want less in the double", a, b)
	}
}
