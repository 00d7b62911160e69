package engine

// The differential test compares the engine's legal moves with those of the
// reference generator (refgen_test.go) on seeded random playouts and on
// random placements of men and kings. The default run takes a few seconds;
// for a long run use
//
//	go test ./engine -run TestDifferential -args -diff.games 10000 -diff.positions 200000 -diff.seed 1

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

var (
	diffGames     = flag.Int("diff.games", 600, "random playouts per variant in TestDifferential")
	diffPositions = flag.Int("diff.positions", 10000, "random placements per variant in TestDifferential")
	diffSeed      = flag.Uint64("diff.seed", 0, "added to the seeds of the differential tests, for runs on other games")
)

// refFromPosition builds the reference board of p square by square.
func refFromPosition(p *Position) *refBoard {
	v := p.Variant()
	b := &refBoard{rules: refRulesFor[v.Name], white: p.Turn() == White}
	for s := 1; s <= v.Squares(); s++ {
		r, c := b.rc(s)
		b.cell[r][c] = int8(p.At(Square(s))) // the piece codes agree
	}
	return b
}

func engineKey(m *Move) string {
	c := make([]int, 0, m.NumCaptured())
	for _, s := range m.Captured() {
		c = append(c, int(s))
	}
	sort.Ints(c)
	return fmt.Sprintf("%d-%d%v", m.From, m.To, c)
}

func squaresInts(s []Square) []int {
	out := make([]int, len(s))
	for i, x := range s {
		out[i] = int(x)
	}
	return out
}

// diffMoves compares the engine and the reference on p. It returns a
// description of every difference, or "" when they agree, and the
// reference's moves by key.
func diffMoves(p *Position) (string, map[string][]refMove) {
	alts := map[string][]refMove{}
	ref := refFromPosition(p).moves(alts)
	eng := p.LegalMoves()
	var problems []string
	engKeys := map[string]bool{}
	for i := range eng {
		m := &eng[i]
		k := engineKey(m)
		if engKeys[k] {
			problems = append(problems, "engine lists "+k+" twice")
		}
		engKeys[k] = true
		vs, ok := alts[k]
		if !ok {
			problems = append(problems, fmt.Sprintf("engine-only move %s path %v", k, m.Path()))
			continue
		}
		path, caps := squaresInts(m.Path()), squaresInts(m.Captured())
		matched := false
		for _, r := range vs {
			if slices.Equal(path, r.path) && slices.Equal(caps, r.caps) && m.Promotes == r.promotes {
				matched = true
			}
		}
		if !matched {
			problems = append(problems, fmt.Sprintf("move %s: engine path %v caps %v promotes %v; reference has %v",
				k, path, caps, m.Promotes, refVariants(vs)))
		}
	}
	if n := p.CountMoves(nil); n != len(ref) {
		problems = append(problems, fmt.Sprintf("CountMoves = %d, reference has %d moves", n, len(ref)))
	}
	for _, r := range ref {
		if !engKeys[r.key()] {
			problems = append(problems, fmt.Sprintf("reference-only move %s path %v", r.key(), r.path))
		}
	}
	if len(problems) == 0 {
		return "", alts
	}
	sort.Strings(problems)
	return fmt.Sprintf("%s %s\n%s\n  %s", p.Variant().Name, p.FEN(), p.Board(), strings.Join(problems, "\n  ")), alts
}

func refVariants(vs []refMove) string {
	var parts []string
	for _, r := range vs {
		parts = append(parts, fmt.Sprintf("{path %v caps %v promotes %v}", r.path, r.caps, r.promotes))
	}
	return strings.Join(parts, " ")
}

// randomPosition places random men and kings of both sides on random
// squares, men never on their own crowning row; kingShare is the chance
// that a piece is a king.
func randomPosition(rng *rand.Rand, v *Variant, kingShare float64) Position {
	pieces := map[Square]Piece{}
	n := v.Squares()
	for _, c := range []Color{White, Black} {
		count := 1 + rng.IntN(v.MaxPieces())
		for placed := 0; placed < count; {
			s := Square(1 + rng.IntN(n))
			if _, taken := pieces[s]; taken {
				continue
			}
			king := rng.Float64() < kingShare
			row, _ := v.RowCol(s)
			if !king && (c == White && row == 0 || c == Black && row == v.Size-1) {
				continue
			}
			pieces[s] = MakePiece(c, king)
			placed++
		}
	}
	turn := White
	if rng.IntN(2) == 1 {
		turn = Black
	}
	p, err := NewPosition(v, turn, pieces)
	if err != nil {
		panic(err) // squares are in range and distinct by construction
	}
	return p
}

// TestDifferential_RandomPlayouts plays seeded random games and compares
// the legal moves (from, to, captured set, path and promotion) with the
// reference at every ply, and the position after each move with the
// reference's own result of playing it.
func TestDifferential_RandomPlayouts(t *testing.T) {
	for vi, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2026+*diffSeed, uint64(vi)))
			plies := 0
			for g := 0; g < *diffGames; g++ {
				p := v.StartPosition()
				// Some games start from a random placement rich in kings.
				if g%4 == 3 {
					p = randomPosition(rng, v, 0.5)
				}
				for ply := 0; ply < 300; ply++ {
					d, alts := diffMoves(&p)
					if d != "" {
						t.Fatalf("game %d ply %d:\n%s", g, ply, d)
					}
					plies++
					moves := p.LegalMoves()
					if len(moves) == 0 {
						break
					}
					m := moves[rng.IntN(len(moves))]
					want := refFromPosition(&p).play(alts[engineKey(&m)][0])
					p.Play(&m)
					if got := refFromPosition(&p); *got != *want {
						t.Fatalf("game %d ply %d: after %s the engine has %s, the reference %s",
							g, ply, engineKey(&m), got.fen(), want.fen())
					}
				}
			}
			t.Logf("%d games, %d positions compared", *diffGames, plies)
		})
	}
}

// TestDifferential_RandomPlacements compares the moves on random
// placements of men and kings, from few kings to kings only.
func TestDifferential_RandomPlacements(t *testing.T) {
	shares := []float64{0, 0.2, 0.5, 0.9, 1}
	for vi, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7+*diffSeed, uint64(vi)))
			for i := 0; i < *diffPositions; i++ {
				p := randomPosition(rng, v, shares[i%len(shares)])
				if d, _ := diffMoves(&p); d != "" {
					t.Fatalf("placement %d:\n%s", i, d)
				}
			}
		})
	}
}

// TestDifferential_PerftRandomPlacements compares the engine's perft (with
// its bulk counting and bitboard quiet moves) with the reference's plain
// recursion on random placements with kings.
func TestDifferential_PerftRandomPlacements(t *testing.T) {
	for vi, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(17+*diffSeed, uint64(vi)))
			for i := 0; i < *diffPositions/100; i++ {
				p := randomPosition(rng, v, []float64{0.1, 0.4, 0.8}[i%3])
				depth := 2 + i%3
				want := refFromPosition(&p).perft(depth)
				if got := p.Perft(depth); got != want {
					t.Fatalf("%s perft(%d) = %d, reference %d", p.FEN(), depth, got, want)
				}
			}
		})
	}
}
