package engine

import (
	"slices"
	"strings"
	"testing"
)

// Each test here checks one numbered rule of ../shared/rules.md with
// positions whose legal moves were worked out by hand from the rule: the
// expected set is the complete list of legal moves, in PDN.

// ruleCase is a position and the exact set of its legal moves.
type ruleCase struct {
	name string
	fen  string
	want []string // every legal move, in PDN (short form unless ambiguous)
}

// moveSet returns the legal moves of p in PDN, sorted.
func moveSet(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveString(&m, Numeric))
	}
	slices.Sort(out)
	return out
}

func checkMoves(t *testing.T, v *Variant, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, v, c.fen)
			got := moveSet(&p)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: legal moves %v, want %v\n%s", v.Name, c.fen, got, want, p.Board())
			}
		})
	}
}

// findMove returns the legal move of p written s (PDN, full path allowed).
func findMove(t *testing.T, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatalf("%s: %v", p.FEN(), err)
	}
	return m
}

// captured returns the squares a move captures, sorted.
func captured(m *Move) []Square {
	c := slices.Clone(m.Captured())
	slices.Sort(c)
	return c
}

func TestAll_Numbering(t *testing.T) {
	cases := []struct {
		v   *Variant
		sq  Square
		alg string
	}{
		{English, 1, "b8"}, {English, 2, "d8"}, {English, 3, "f8"}, {English, 4, "h8"},
		{English, 5, "a7"}, {English, 29, "a1"}, {English, 30, "c1"}, {English, 31, "e1"}, {English, 32, "g1"},
		{Russian, 22, "c3"}, {Russian, 18, "d4"},
		{International, 1, "b10"}, {International, 5, "j10"}, {International, 6, "a9"},
		{International, 46, "a1"}, {International, 50, "i1"},
	}
	for _, c := range cases {
		if got := c.v.AlgebraicSquare(c.sq); got != c.alg {
			t.Errorf("%s square %d is %s, want %s", c.v.Name, c.sq, got, c.alg)
		}
		if c.v.Size == 8 {
			if got, err := c.v.ParseSquare(c.alg); err != nil || got != c.sq {
				t.Errorf("%s ParseSquare(%s) = %d, %v, want %d", c.v.Name, c.alg, got, err, c.sq)
			}
		}
	}
	// The near left corner of each player is dark: a1 (29 or 46) and the
	// top right (4 or 5) are playable squares.
	for _, v := range Variants() {
		if r, c := v.RowCol(Square(v.Squares() - v.Size/2 + 1)); r != v.Size-1 || c != 0 {
			t.Errorf("%s: first square of the last row is at row %d col %d, want the corner", v.Name, r, c)
		}
	}
}

func TestAll_CaptureIsCompulsory(t *testing.T) {
	// White man c3 (22) can take d4 (18); the man on 31 could step, but
	// capturing comes first in every variant.
	for _, v := range []*Variant{English, Russian} {
		checkMoves(t, v, []ruleCase{{"capture beats quiet move", "W:W22,31:B18", []string{"22x15"}}})
	}
	checkMoves(t, International, []ruleCase{{"capture beats quiet move", "W:W32,46:B28", []string{"32x23"}}})
}

func TestEnglish_BoardAndFirstMove(t *testing.T) {
	if English.FirstToMove != Black {
		t.Errorf("English first to move is %s, want black", English.FirstToMove)
	}
	checkMoves(t, English, []ruleCase{
		{"start: black men 9-12 step forward", English.StartFEN,
			[]string{"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}},
	})
}

func TestEnglish_MenMoveForward(t *testing.T) {
	checkMoves(t, English, []ruleCase{
		{"white man goes up", "W:W22:B4", []string{"22-17", "22-18"}},
		{"black man goes down", "B:W29:B10", []string{"10-14", "10-15"}},
		{"edge man has one step", "W:W21:B4", []string{"21-17"}},
		{"blocked man does not move", "W:W21,17:B4", []string{"17-13", "17-14"}},
	})
}

func TestEnglish_KingsMoveOneSquare(t *testing.T) {
	checkMoves(t, English, []ruleCase{
		{"king steps all four ways, one square", "W:WK22:B4", []string{"22-17", "22-18", "22-25", "22-26"}},
		{"black king likewise", "B:W29:BK15", []string{"15-10", "15-11", "15-18", "15-19"}},
	})
}

func TestEnglish_CaptureByJumping(t *testing.T) {
	checkMoves(t, English, []ruleCase{
		{"man jumps a king forward, not a man backward", "W:W22:BK17,26", []string{"22x13"}},
		{"king jumps backward", "W:WK22:B26", []string{"22x31"}},
		{"no jump without an empty square beyond", "W:W22:B17,13", []string{"22-18"}},
		{"black man jumps forward (down)", "B:W18:B14", []string{"14x23"}},
	})
}

func TestEnglish_FreeChoiceOfCapture(t *testing.T) {
	// 22x13 takes one piece, 22x15x6 takes two: both are legal.
	checkMoves(t, English, []ruleCase{{"short or long capture", "W:W22:B10,17,18", []string{"22x13", "22x6"}}})
}

func TestEnglish_MultiJumpMustBeCompleted(t *testing.T) {
	p := mustFEN(t, English, "W:W22:B10,17,18")
	for _, m := range p.LegalMoves() {
		if m.To == 15 {
			t.Errorf("22x15 stops half way through 22x15x6")
		}
	}
	// The double jump changes direction: up-right over 18, up-left over 10.
	m := findMove(t, &p, "22x6")
	if !slices.Equal(m.Path(), []Square{15, 6}) || !slices.Equal(captured(&m), []Square{10, 18}) {
		t.Errorf("22x6: path %v captured %v, want [15 6] and [10 18]", m.Path(), captured(&m))
	}
}

func TestEnglish_CircularKingCapture(t *testing.T) {
	// King c3 (22) jumps d4, d6, b6, b4 around the diamond and lands on
	// its own start square; clockwise and anticlockwise are the same move.
	p := mustFEN(t, English, "W:WK22:B9,10,17,18")
	ms := p.LegalMoves()
	if len(ms) != 1 {
		t.Fatalf("got %d moves %v, want the single circular capture", len(ms), moveSet(&p))
	}
	m := ms[0]
	if m.From != 22 || m.To != 22 || !slices.Equal(captured(&m), []Square{9, 10, 17, 18}) {
		t.Errorf("circular capture %d-%d captured %v", m.From, m.To, captured(&m))
	}
	p.Play(&m)
	if got := p.FEN(); got != "B:WK22:B" {
		t.Errorf("after the circle: %s, want B:WK22:B", got)
	}
}

func TestEnglish_CannotJumpOwnPiece(t *testing.T) {
	checkMoves(t, English, []ruleCase{{"own man on 18 is no jump", "W:W22,18:B4", []string{"18-14", "18-15", "22-17"}}})
}

func TestEnglish_CrowningEndsMove(t *testing.T) {
	// Man f6 (11) jumps e7 and lands on d8 (2), crowned; as a king it could
	// jump c7 (6), but the move ends on the crowning square.
	checkMoves(t, English, []ruleCase{{"crowned on 2, c7 not taken", "W:W11:B6,7", []string{"11x2"}}})
	p := mustFEN(t, English, "W:W11:B6,7")
	m := findMove(t, &p, "11x2")
	if !m.Promotes {
		t.Errorf("11x2 does not crown")
	}
	p.Play(&m)
	if p.At(2) != WhiteKing || p.At(6) != BlackMan {
		t.Errorf("after 11x2: %s, want a white king on 2 and the black man on 6", p.FEN())
	}
	// A plain step onto the far row crowns too.
	q := mustFEN(t, English, "B:W4:B27")
	if s := findMove(t, &q, "27-32"); !s.Promotes {
		t.Errorf("27-32 does not crown the black man")
	}
}

func TestRussian_BoardAndFirstMove(t *testing.T) {
	if Russian.FirstToMove != White {
		t.Errorf("Russian first to move is %s, want white", Russian.FirstToMove)
	}
	checkMoves(t, Russian, []ruleCase{
		{"start", Russian.StartFEN, []string{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}},
	})
}

func TestRussian_MenCaptureBackward(t *testing.T) {
	checkMoves(t, Russian, []ruleCase{
		{"white man takes backward", "W:W22:B26", []string{"22x31"}},
		{"black man takes backward", "B:W14:B18", []string{"18x9"}},
		{"men still step forward only", "W:W22:B4", []string{"22-17", "22-18"}},
	})
}

func TestRussian_FlyingKingMoves(t *testing.T) {
	checkMoves(t, Russian, []ruleCase{
		{"along the long diagonal up to the black man", "W:WK29:B4", []string{"29-25", "29-22", "29-18", "29-15", "29-11", "29-8"}},
	})
}

func TestRussian_FlyingKingCaptureLandsAnywhere(t *testing.T) {
	checkMoves(t, Russian, []ruleCase{
		{"from a1 over e5 to any square beyond", "W:WK29:B15", []string{"29x11", "29x8", "29x4"}},
	})
}

func TestRussian_FlyingKingMustLandWhereCaptureContinues(t *testing.T) {
	// Over e5 (15) the king could stop on 11, 8 or 4, but only from f6 (11)
	// can it go on, over e7 (7) to d8 (2): it must.
	checkMoves(t, Russian, []ruleCase{{"land on f6 and take e7", "W:WK29:B7,15", []string{"29x2"}}})
}

func TestRussian_FreeChoiceOfCapture(t *testing.T) {
	checkMoves(t, Russian, []ruleCase{{"one or two pieces", "W:W22:B10,17,18", []string{"22x13", "22x6"}}})
}

func TestRussian_TurkishStrike(t *testing.T) {
	// King a5 (13) takes c3 (22). From d2 (26) it can take f4 (19); from e1
	// (31) it takes f2 (27), must land on g3 (24) to go on, and takes f4
	// back up to e5 and beyond. From e5 the way on over b2 (25) runs
	// through c3, whose captured man stays on the board until the move
	// ends: b2 cannot be taken in the same move.
	p := mustFEN(t, Russian, "W:WK13:B19,22,25,27")
	type capture struct {
		to   Square
		took []Square
	}
	want := []capture{
		{16, []Square{19, 22}}, {12, []Square{19, 22}},
		{15, []Square{19, 22, 27}}, {10, []Square{19, 22, 27}}, {6, []Square{19, 22, 27}}, {1, []Square{19, 22, 27}},
	}
	var got []capture
	for _, m := range p.LegalMoves() {
		got = append(got, capture{m.To, captured(&m)})
	}
	same := func(a, b capture) int {
		if a.to != b.to {
			return int(a.to) - int(b.to)
		}
		return slices.Compare(a.took, b.took)
	}
	slices.SortFunc(got, same)
	slices.SortFunc(want, same)
	if !slices.EqualFunc(got, want, func(a, b capture) bool { return same(a, b) == 0 }) {
		t.Errorf("captures %v, want %v", got, want)
	}
	// Immediate removal would have allowed e5 x b2: the rule is what stops it.
	for _, m := range p.LegalMoves() {
		if slices.Contains(m.Captured(), 25) {
			t.Errorf("%s takes b2 through the captured man on c3", p.LongMoveString(&m, Numeric))
		}
	}
}

func TestRussian_CrownedManContinuesAsKing(t *testing.T) {
	// As in TestEnglish_CrowningEndsMove, the man lands on d8 (2) and is
	// crowned; in Russian it goes on at once as a flying king over c7 (6),
	// landing on b6 (9) or a5 (13).
	checkMoves(t, Russian, []ruleCase{{"crowned on d8, goes on over c7", "W:W11:B6,7", []string{"11x9", "11x13"}}})
	p := mustFEN(t, Russian, "W:W11:B6,7")
	for _, m := range p.LegalMoves() {
		if !m.Promotes {
			t.Errorf("%s does not crown", p.MoveString(&m, Numeric))
		}
	}
}

func TestRussian_AlgebraicNotation(t *testing.T) {
	p := mustFEN(t, Russian, "W:W22:B26")
	m := findMove(t, &p, "c3:e1")
	if got := p.MoveString(&m, AlgebraicNotation); got != "c3:e1" {
		t.Errorf("MoveString = %q, want c3:e1", got)
	}
}

func TestInternational_BoardAndFirstMove(t *testing.T) {
	if International.FirstToMove != White || International.MaxPieces() != 20 {
		t.Errorf("International: first %s, %d pieces each", International.FirstToMove, International.MaxPieces())
	}
	checkMoves(t, International, []ruleCase{
		{"start", International.StartFEN, []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}},
	})
}

func TestInternational_MenCaptureBackward(t *testing.T) {
	checkMoves(t, International, []ruleCase{
		{"white man takes backward", "W:W32:B37", []string{"32x41"}},
		{"men step forward only", "W:W32:B3", []string{"32-27", "32-28"}},
	})
}

func TestInternational_FlyingKing(t *testing.T) {
	checkMoves(t, International, []ruleCase{
		{"king on a1 runs the long diagonal", "W:WK46:B1", []string{"46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10", "46-5"}},
		{"capture from afar, landing anywhere beyond", "W:WK46:B28", []string{"46x23", "46x19", "46x14", "46x10", "46x5"}},
	})
}

func TestInternational_MajorityRule(t *testing.T) {
	checkMoves(t, International, []ruleCase{
		// 32x21 takes 27; 32x23x12 takes 28 and 18: the two-piece capture is compulsory.
		{"most pieces", "W:W32:B18,27,28", []string{"32x12"}},
		// A king counts as one piece: two men beat one king.
		{"king counts as one", "W:W32:BK27,28,18", []string{"32x12"}},
		{"king or man, one each: free choice", "W:W32:BK27,28", []string{"32x21", "32x23"}},
	})
	checkMoves(t, Russian, []ruleCase{{"Russian has no majority rule", "W:W22:B10,17,18", []string{"22x13", "22x6"}}})
}

func TestInternational_NoPromotionWhenPassing(t *testing.T) {
	// Man 13 takes 8, touches the far row on 2, and goes on backward over 7
	// to 11: it passed the row, so it stays a man.
	checkMoves(t, International, []ruleCase{{"through 2 to 11", "W:W13:B7,8", []string{"13x11"}}})
	p := mustFEN(t, International, "W:W13:B7,8")
	m := findMove(t, &p, "13x11")
	if m.Promotes || !slices.Equal(m.Path(), []Square{2, 11}) {
		t.Errorf("13x11: promotes %v, path %v; want a man, path [2 11]", m.Promotes, m.Path())
	}
	p.Play(&m)
	if p.At(11) != WhiteMan {
		t.Errorf("after 13x11 square 11 holds %v, want a white man", p.At(11))
	}
	// A capture that ends on the far row crowns.
	q := mustFEN(t, International, "W:W13:B8")
	if c := findMove(t, &q, "13x2"); !c.Promotes {
		t.Errorf("13x2 ends on the far row but does not crown")
	}
}

func TestAll_WinWhenNoMove(t *testing.T) {
	// White man g1 (32) is hemmed in by f2, h2 and e3 in English and
	// Russian; the side to move with no legal move has lost.
	for _, v := range []*Variant{English, Russian} {
		p := mustFEN(t, v, "W:W32:B23,27,28")
		if ms := moveSet(&p); len(ms) != 0 {
			t.Errorf("%s: blocked man has moves %v", v.Name, ms)
		}
		g := NewGameFrom(p, GameOptions{})
		if r, why := g.Result(); r != BlackWins || why != NoMoves {
			t.Errorf("%s: result %s %s, want 0-2 by no move", v.Name, r, why)
		}
	}
}

func TestAll_MoveStringsRoundTrip(t *testing.T) {
	for _, v := range Variants() {
		p := v.StartPosition()
		for _, m := range p.LegalMoves() {
			s := p.MoveString(&m, Numeric)
			back := findMove(t, &p, s)
			if !back.Same(&m) || strings.Count(s, "-") != 1 {
				t.Errorf("%s: %q parses to %d-%d", v.Name, s, back.From, back.To)
			}
		}
	}
}
