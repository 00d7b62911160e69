package engine

import "testing"

// fenSeeds are odd inputs for the FEN fuzzers: ranges, kings, spaces,
// quotes, a trailing dot, algebraic squares, empty and repeated sections.
var fenSeeds = []string{
	"B:W21-32:B1-12",
	"W:W31-50:B1-20",
	"W:W21-32:B1-12.",
	`"B:W18,24,27,K10:B12,16,K22"`,
	" W : W 21 , K22 : B k1 , 3 ",
	"B:WK1-3:BK30-32",
	"W:Wc1,e3,K:Bh8",
	"W:Wa1,c3:Bb8,h8",
	"w:w1:b2",
	"W::",
	"W:W:B",
	"W:B1:W2",
	"W:W1:W2",
	"W:W5-1:B9",
	"W:W0:B51",
	"W:W1-:B-3",
	"W:W--:BK",
	"W:W1,1:B2",
	"W:W1:B1",
	"B",
	"",
	".",
	`""`,
	"X:W1:B2",
	"W:W99999999999999999999:B1",
	"W:Wz9,a0,j10:B1",
	"W:W1-50:B1",
	"W:W1-20:B31-50:C5",
	"\tB:W21-32:B1-12\n",
}

func fuzzFEN(f *testing.F, v *Variant) {
	for _, s := range fenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(v, fen)
		if err != nil {
			if err.Error() == "" {
				t.Errorf("ParseFEN(%q): empty error message", fen)
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(v, out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) succeeded, but its FEN %q does not parse: %v", fen, out, err)
		}
		if !q.Equal(&p) || q.Hash() != p.Hash() {
			t.Fatalf("ParseFEN(%q): FEN %q parses to a different position %q", fen, out, q.FEN())
		}
		if again := q.FEN(); again != out {
			t.Fatalf("ParseFEN(%q): FEN %q, then %q", fen, out, again)
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("ParseFEN(%q): hash %x, recomputed %x", fen, p.Hash(), p.computeHash())
		}
		// Anything that parses must be safe to generate moves for.
		p.LegalMoves()
	})
}

// FuzzParseFEN_English fuzzes ParseFEN on the 8x8 English board.
func FuzzParseFEN_English(f *testing.F) { fuzzFEN(f, English) }

// FuzzParseFEN_Russian fuzzes ParseFEN on the 8x8 Russian board.
func FuzzParseFEN_Russian(f *testing.F) { fuzzFEN(f, Russian) }

// FuzzParseFEN_International fuzzes ParseFEN on the 10x10 board.
func FuzzParseFEN_International(f *testing.F) { fuzzFEN(f, International) }
