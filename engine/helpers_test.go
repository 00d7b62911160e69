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
