package engine

import (
	"strings"
	"testing"
)

func formatGames(games []PDNGame) string {
	var sb strings.Builder
	for i := range games {
		sb.WriteString(games[i].String())
		sb.WriteString("\n")
	}
	return sb.String()
}

// FuzzParsePDN checks that ParsePDN never panics and that whatever it reads
// is written back as text that reads as the same games and is written the
// same way again.
func FuzzParsePDN(f *testing.F) {
	f.Add(englishSample, uint8(0))
	f.Add("[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4-c5 b6xd4 3. e3xc5 d6xb4 4. a3xc5 0-1", uint8(1))
	f.Add("[GameType \"20,W,10,10,N2,0\"]\n[FEN \"B:W28,K47:B19,23\"]\n1... 23x32 2. 47-29 2-0", uint8(2))
	f.Add("[FEN \"B:W6,15,32:B1\"]\n1. 1x10 10x19 32-27 *", uint8(0))
	f.Add("1. 32-28 (1. 31-27 {c} (1. 33-29)) 19-23 $2 2. 28x19 14x23 ; end\n1-1", uint8(2))
	f.Add("[Event \"a \\\"b\\\" \\\\\"]\n[Round \"3\"]\n*", uint8(1))
	f.Fuzz(func(t *testing.T, text string, vi uint8) {
		def := Variants()[int(vi)%3]
		games, err := ParsePDN(text, def)
		if err != nil {
			return
		}
		out := formatGames(games)
		again, err := ParsePDN(out, def)
		if err != nil {
			t.Fatalf("written games do not parse: %v\n%s", err, out)
		}
		if len(again) != len(games) {
			t.Fatalf("%d games, read back %d", len(games), len(again))
		}
		for i := range games {
			x, y := &games[i], &again[i]
			if x.Variant != y.Variant || !x.Start.Equal(&y.Start) || x.Result != y.Result || len(x.Moves) != len(y.Moves) {
				t.Fatalf("game %d read back differently:\n%s", i+1, out)
			}
			for j := range x.Moves {
				if !x.Moves[j].Same(&y.Moves[j]) {
					t.Fatalf("game %d move %d read back differently:\n%s", i+1, j+1, out)
				}
			}
		}
		if out2 := formatGames(again); out2 != out {
			t.Fatalf("writing is not stable:\n%s\n----\n%s", out, out2)
		}
	})
}

// FuzzParseMove checks that ParseMove and ParsePDNMove never panic, that a
// move they return is legal, and that its written forms read back as it.
func FuzzParseMove(f *testing.F) {
	f.Add(uint8(0), "B:W21-32:B1-12", "11-15")
	f.Add(uint8(0), "W:W26:B22,23,14,15", "26x10")
	f.Add(uint8(1), "W:W26:B22,23,14,15", "d2:d2")
	f.Add(uint8(1), "W:WK29:B25,15", "a1:d4:f6")
	f.Add(uint8(2), "W:W31-50:B1-20", "32 28")
	f.Add(uint8(2), "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26", "27x9")
	f.Fuzz(func(t *testing.T, vi uint8, fen, text string) {
		v := Variants()[int(vi)%3]
		p, err := ParseFEN(v, fen)
		if err != nil {
			return
		}
		legal := p.LegalMoves()
		for _, parse := range []func(string) (Move, error){p.ParseMove, p.ParsePDNMove} {
			m, err := parse(text)
			if err != nil {
				continue
			}
			found := false
			for i := range legal {
				if legal[i].Same(&m) {
					found = true
				}
			}
			if !found {
				t.Fatalf("%q gave a move that is not legal", text)
			}
			for _, n := range []Notation{Numeric, AlgebraicNotation} {
				for _, s := range []string{p.MoveString(&m, n), p.LongMoveString(&m, n)} {
					back, err := p.ParsePDNMove(s)
					if err != nil || !back.Same(&m) {
						t.Fatalf("%q written as %q reads back as %v, %v", text, s, back, err)
					}
				}
			}
		}
	})
}
