package engine

import (
	"math/rand/v2"
	"testing"
)

// checkMoveInvariants plays m on a copy of before and checks what every
// legal move must keep true. It returns the position after the move.
func checkMoveInvariants(t *testing.T, before Position, m *Move) Position {
	t.Helper()
	after := before
	after.Play(m)
	us, them := before.Turn(), before.Turn().Opponent()
	menB, kingsB := before.Count(us)
	menA, kingsA := after.Count(us)
	if menA+kingsA != menB+kingsB {
		t.Fatalf("%s: %s changed the mover's piece count from %d to %d", before.FEN(), engineKey(m), menB+kingsB, menA+kingsA)
	}
	wantKings := kingsB
	if m.Promotes {
		wantKings++
	}
	if kingsA != wantKings {
		t.Fatalf("%s: %s (promotes %v) leaves the mover %d kings, want %d", before.FEN(), engineKey(m), m.Promotes, kingsA, wantKings)
	}
	oMenB, oKingsB := before.Count(them)
	oMenA, oKingsA := after.Count(them)
	if lost := oMenB + oKingsB - oMenA - oKingsA; lost != m.NumCaptured() {
		t.Fatalf("%s: %s removed %d opposing pieces, but captures %d", before.FEN(), engineKey(m), lost, m.NumCaptured())
	}
	for _, s := range m.Captured() {
		if after.At(s) != Empty {
			t.Fatalf("%s: %s leaves a piece on captured square %d", before.FEN(), engineKey(m), s)
		}
	}
	if after.At(m.To).Color() != us || after.At(m.To) == Empty {
		t.Fatalf("%s: %s: the mover is not on %d", before.FEN(), engineKey(m), m.To)
	}
	if after.Turn() != them {
		t.Fatalf("%s: %s did not pass the turn", before.FEN(), engineKey(m))
	}
	if after.Hash() != after.computeHash() {
		t.Fatalf("%s: after %s the incremental hash %x differs from the recomputed %x", before.FEN(), engineKey(m), after.Hash(), after.computeHash())
	}
	checkFENRoundTrip(t, &after)
	return after
}

func checkFENRoundTrip(t *testing.T, p *Position) {
	t.Helper()
	q, err := ParseFEN(p.Variant(), p.FEN())
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", p.FEN(), err)
	}
	if !q.Equal(p) || q.Hash() != p.Hash() {
		t.Fatalf("FEN round trip of %s gives %s (hash %x, want %x)", p.FEN(), q.FEN(), q.Hash(), p.Hash())
	}
}

// TestInvariants_PieceCountsHashFEN plays seeded random games and checks,
// after every legal move of every position on the way: piece counts, the
// incremental hash against a from-scratch one, and the FEN round trip.
func TestInvariants_PieceCountsHashFEN(t *testing.T) {
	for vi, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(vi)))
			for g := 0; g < 300; g++ {
				p := v.StartPosition()
				if g%2 == 1 {
					p = randomPosition(rng, v, 0.3)
				}
				checkFENRoundTrip(t, &p)
				for ply := 0; ply < 200; ply++ {
					moves := p.LegalMoves()
					if len(moves) == 0 {
						break
					}
					for i := range moves {
						checkMoveInvariants(t, p, &moves[i])
					}
					p.Play(&moves[rng.IntN(len(moves))])
				}
			}
		})
	}
}

// TestInvariants_GameUndoRestoresPosition plays random games through Game
// and checks that Undo gives back exactly the position before the move,
// hash included, and that the move can then be played again.
func TestInvariants_GameUndoRestoresPosition(t *testing.T) {
	for vi, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, uint64(vi)))
			for g := 0; g < 50; g++ {
				start := v.StartPosition()
				if g%2 == 1 {
					start = randomPosition(rng, v, 0.3)
				}
				game := NewGameFrom(start, GameOptions{})
				for !game.Over() && game.Ply() < 200 {
					before := game.Position()
					moves := before.LegalMoves()
					m := moves[rng.IntN(len(moves))]
					if err := game.Play(m); err != nil {
						t.Fatalf("%s: Play(%s): %v", before.FEN(), engineKey(&m), err)
					}
					after := game.Position()
					if !game.Undo() {
						t.Fatalf("%s: Undo after %s reports nothing to undo", before.FEN(), engineKey(&m))
					}
					back := game.Position()
					if !back.Equal(&before) || back.Hash() != before.Hash() {
						t.Fatalf("Undo of %s from %s gives %s", engineKey(&m), before.FEN(), back.FEN())
					}
					if err := game.Play(m); err != nil {
						t.Fatalf("%s: replaying %s after Undo: %v", before.FEN(), engineKey(&m), err)
					}
					if again := game.Position(); !again.Equal(&after) {
						t.Fatalf("%s: replaying %s gives %s, first time %s", before.FEN(), engineKey(&m), again.FEN(), after.FEN())
					}
				}
			}
		})
	}
}
