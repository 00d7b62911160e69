package engine

import "testing"

// mustFEN parses fen for v or stops the test.
func mustFEN(t testing.TB, v *Variant, fen string) Position {
	t.Helper()
	p, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%s, %q): %v", v.Name, fen, err)
	}
	return p
}

// randomGame plays up to plies random legal moves from the start position of
// v; pick(n) chooses one of n moves (a seeded generator's Intn).
func randomGame(v *Variant, pick func(n int) int, plies int) *Game {
	g := NewGame(v, GameOptions{})
	for i := 0; i < plies && !g.Over(); i++ {
		p := g.Position()
		moves := p.LegalMoves()
		if err := g.Play(moves[pick(len(moves))]); err != nil {
			panic(err)
		}
	}
	return g
}

func TestRowCol_SquaresOffTheBoardGiveMinusOne(t *testing.T) {
	for _, v := range Variants() {
		for _, s := range []Square{0, Square(v.Squares() + 1), 255} {
			if r, c := v.RowCol(s); r != -1 || c != -1 {
				t.Errorf("%s: RowCol(%d) = %d, %d, want -1, -1", v.Name, s, r, c)
			}
		}
		if r, c := v.RowCol(1); r != 0 || c != 1 {
			t.Errorf("%s: RowCol(1) = %d, %d, want 0, 1", v.Name, r, c)
		}
	}
}
