package engine

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

func TestMoveString_ShortUnlessTwoMovesShareEnds(t *testing.T) {
	tests := []struct {
		name string
		v    *Variant
		fen  string
		want []string // numeric, in generation order
		alg  []string
	}{
		{"quiet moves", English, English.StartFEN,
			[]string{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"},
			[]string{"b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"}},
		{"single captures", English, "W:W22:B17,18",
			[]string{"22x13", "22x15"}, []string{"c3:a5", "c3:e5"}},
		{"two paths between the same squares", English, "W:W26:B22,23,14,15",
			[]string{"26x17x10", "26x19x10"}, []string{"d2:b4:d6", "d2:f4:d6"}},
		{"circular capture", Russian, "W:W26:B22,23,14,15",
			[]string{"26x26"}, []string{"d2:d2"}},
		{"international step", International, International.StartFEN,
			[]string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.v, tc.fen)
			moves := p.LegalMoves()
			if len(moves) != len(tc.want) {
				t.Fatalf("%d legal moves, want %d", len(moves), len(tc.want))
			}
			for i := range moves {
				if got := p.MoveString(&moves[i], Numeric); got != tc.want[i] {
					t.Errorf("move %d: MoveString = %q, want %q", i, got, tc.want[i])
				}
				if tc.alg != nil {
					if got := p.MoveString(&moves[i], AlgebraicNotation); got != tc.alg[i] {
						t.Errorf("move %d: algebraic = %q, want %q", i, got, tc.alg[i])
					}
				}
			}
		})
	}
}

func TestLongMoveString_EveryLandingSquare(t *testing.T) {
	p := mustFEN(t, Russian, "W:W26:B22,23,14,15")
	m := p.LegalMoves()[0]
	if got := p.LongMoveString(&m, Numeric); got != "26x17x10x19x26" && got != "26x19x10x17x26" {
		t.Errorf("LongMoveString = %q", got)
	}
	q := English.StartPosition()
	m = q.LegalMoves()[0]
	if got := q.LongMoveString(&m, Numeric); got != "9-13" {
		t.Errorf("quiet LongMoveString = %q, want 9-13", got)
	}
}

func TestParseMove_Accepts(t *testing.T) {
	tests := []struct {
		name, fen, in string
		v             *Variant
		from, to      Square
		caps          []Square
	}{
		{"numeric step", English.StartFEN, "11-15", English, 11, 15, nil},
		{"spaces around", English.StartFEN, "  11-15 ", English, 11, 15, nil},
		{"space separator", English.StartFEN, "11 15", English, 11, 15, nil},
		{"x for a step", English.StartFEN, "11x15", English, 11, 15, nil},
		{"annotation marks", English.StartFEN, "11-15!?", English, 11, 15, nil},
		{"algebraic step", Russian.StartFEN, "c3-d4", Russian, 22, 18, nil},
		{"algebraic upper case", Russian.StartFEN, "C3-D4", Russian, 22, 18, nil},
		{"algebraic colon capture", "W:W22:B17,18", "c3:a5", Russian, 22, 13, []Square{17}},
		{"numeric capture with x", "W:W22:B17,18", "22x15", English, 22, 15, []Square{18}},
		{"capture with dash", "W:W22:B17,18", "22-15", English, 22, 15, []Square{18}},
		{"full path", "W:W26:B22,23,14,15", "26x17x10", English, 26, 10, []Square{22, 14}},
		{"full path other way", "W:W26:B22,23,14,15", "26x19x10", English, 26, 10, []Square{23, 15}},
		{"algebraic full path", "W:W26:B22,23,14,15", "d2:f4:d6", English, 26, 10, []Square{23, 15}},
		{"mixed notations", "W:W26:B22,23,14,15", "26:f4:10", English, 26, 10, []Square{23, 15}},
		{"partial path names one", "W:W26:B22,23,14,15", "26x19x10", English, 26, 10, []Square{23, 15}},
		{"circular capture", "W:W26:B22,23,14,15", "26x26", Russian, 26, 26, []Square{22, 14, 15, 23}},
		{"international numbers", International.StartFEN, "32-28", International, 32, 28, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.v, tc.fen)
			m, err := p.ParseMove(tc.in)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.in, err)
			}
			if m.From != tc.from || m.To != tc.to {
				t.Errorf("ParseMove(%q) = %d-%d, want %d-%d", tc.in, m.From, m.To, tc.from, tc.to)
			}
			got := map[Square]bool{}
			for _, c := range m.Captured() {
				got[c] = true
			}
			if len(got) != len(tc.caps) {
				t.Fatalf("captured %v, want %v", m.Captured(), tc.caps)
			}
			for _, c := range tc.caps {
				if !got[c] {
					t.Errorf("captured %v, want %v", m.Captured(), tc.caps)
				}
			}
		})
	}
}

func TestParseMove_MultiCaptureByEnds(t *testing.T) {
	// Black man on 1 jumps 6 and 15: 1x10x19, typed as 1x19 or 1-19.
	p := mustFEN(t, English, "B:W6,15:B1")
	for _, in := range []string{"1x19", "1-19", "1x10x19", "b8:f4", "1x10-19"} {
		m, err := p.ParseMove(in)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", in, err)
		}
		if m.From != 1 || m.To != 19 || m.NumCaptured() != 2 {
			t.Errorf("ParseMove(%q) = %v", in, m)
		}
	}
}

func TestParseMove_FlyingKingAnyLandingOnTheWay(t *testing.T) {
	// The white king on a1 jumps b2 and then e5 on the same diagonal; it may
	// stop on c3 or d4 between the two: both paths are the same move.
	p := mustFEN(t, Russian, "W:WK29:B25,15")
	for _, in := range []string{"a1:c3:f6", "a1:d4:f6", "29x18x11", "29x22x11", "a1:f6"} {
		m, err := p.ParseMove(in)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", in, err)
		}
		if m.From != 29 || m.To != 11 || m.NumCaptured() != 2 {
			t.Errorf("ParseMove(%q) = %d-%d capturing %v", in, m.From, m.To, m.Captured())
		}
	}
	// e5 itself and the squares before b2 are not landing squares.
	for _, in := range []string{"a1:e5:f6", "29x25x11"} {
		if _, err := p.ParseMove(in); err == nil {
			t.Errorf("ParseMove(%q) succeeded", in)
		}
	}
}

func TestParseMove_Errors(t *testing.T) {
	tests := []struct {
		name, fen, in string
		v             *Variant
		want          string // substring of the message
		illegal       bool
		ambiguous     bool
		legal         []string
	}{
		{"not a move", English.StartFEN, "11", English, "is not a move", false, false, nil},
		{"empty", English.StartFEN, "", English, "is not a move", false, false, nil},
		{"bad square", English.StartFEN, "11-99", English, "off the board", false, false, nil},
		{"light square", Russian.StartFEN, "c3-c4", Russian, "light square", false, false, nil},
		{"garbage", English.StartFEN, "hello", English, "not a", false, false, nil},
		{"illegal step lists moves", English.StartFEN, "11-14", English,
			`"11-14" is not legal here; legal moves are 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16`, true, false, nil},
		{"capture compulsory lists captures", "W:W22:B17,18", "22-17", English,
			`"22-17" is not legal here; legal captures are 22x13, 22x15`, true, false, []string{"22x13", "22x15"}},
		{"algebraic input gets algebraic list", "W:W22:B17,18", "c3-b4", Russian,
			"legal captures are c3:a5, c3:e5", true, false, []string{"c3:a5", "c3:e5"}},
		{"one legal capture", "W:W22:B18", "22-17", English,
			"the only legal capture is 22x15", true, false, []string{"22x15"}},
		{"ambiguous ends", "W:W26:B22,23,14,15", "26x10", English,
			`"26x10" is ambiguous: it could be 26x17x10 or 26x19x10`, true, true, []string{"26x17x10", "26x19x10"}},
		{"no legal move", "W:W29:B25,22", "29-25", English, "there is no legal move", true, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.v, tc.fen)
			_, err := p.ParseMove(tc.in)
			if err == nil {
				t.Fatalf("ParseMove(%q) succeeded", tc.in)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
			var ie *IllegalMoveError
			if errors.As(err, &ie) != tc.illegal {
				t.Fatalf("IllegalMoveError = %v, want %v (%v)", ie != nil, tc.illegal, err)
			}
			if ie == nil {
				return
			}
			if ie.Ambiguous != tc.ambiguous {
				t.Errorf("Ambiguous = %v", ie.Ambiguous)
			}
			if len(ie.Moves) != len(ie.Legal) {
				t.Errorf("%d moves for %d names", len(ie.Moves), len(ie.Legal))
			}
			if tc.legal != nil && strings.Join(ie.Legal, " ") != strings.Join(tc.legal, " ") {
				t.Errorf("Legal = %v, want %v", ie.Legal, tc.legal)
			}
		})
	}
}

func TestParsePDNMove_Syntax(t *testing.T) {
	tests := []struct {
		name, fen, in string
		v             *Variant
		ok            bool
		want          string
	}{
		{"step", English.StartFEN, "11-15", English, true, ""},
		{"capture", "W:W22:B17,18", "22x15", English, true, ""},
		{"algebraic capture", "W:W22:B17,18", "c3:e5", Russian, true, ""},
		{"full path", "W:W26:B22,23,14,15", "26x17x10", English, true, ""},
		{"space inside", English.StartFEN, "11 - 15", English, false, "unexpected"},
		{"mixed notations", "W:W26:B22,23,14,15", "26xf4x10", English, false, "mix numbers and algebraic"},
		{"dash path", "W:W26:B22,23,14,15", "26-17-10", English, false, "- joins two squares"},
		{"missing square", English.StartFEN, "11-", English, false, "a square is missing"},
		{"one square", English.StartFEN, "11", English, false, "expected squares"},
		{"empty", English.StartFEN, "", English, false, "empty move"},
		{"illegal", English.StartFEN, "11-14", English, false, "legal moves are"},
		{"off board", English.StartFEN, "11-40", English, false, "off the board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, tc.v, tc.fen)
			_, err := p.ParsePDNMove(tc.in)
			if (err == nil) != tc.ok {
				t.Fatalf("ParsePDNMove(%q) error = %v, want ok=%v", tc.in, err, tc.ok)
			}
			if err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
		})
	}
}

// randomPositions plays seeded random games and returns the positions met.
func randomPositions(v *Variant, seed int64, games, plies int) []Position {
	rng := rand.New(rand.NewSource(seed))
	var out []Position
	for g := 0; g < games; g++ {
		p := v.StartPosition()
		for i := 0; i < plies; i++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			p.Play(&moves[rng.Intn(len(moves))])
		}
	}
	return out
}

func TestMoveString_ParseMoveRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		for _, p := range randomPositions(v, 7, 8, 100) {
			moves := p.LegalMoves()
			for i := range moves {
				for _, n := range []Notation{Numeric, AlgebraicNotation} {
					for _, s := range []string{p.MoveString(&moves[i], n), p.LongMoveString(&moves[i], n)} {
						m, err := p.ParsePDNMove(s)
						if err != nil {
							t.Fatalf("%s %s: ParsePDNMove(%q): %v", v.Name, p.FEN(), s, err)
						}
						if !m.Same(&moves[i]) {
							t.Fatalf("%s %s: %q parsed as a different move", v.Name, p.FEN(), s)
						}
					}
				}
			}
		}
	}
}
