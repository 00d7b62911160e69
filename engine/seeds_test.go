package engine

import (
	"slices"
	"testing"
)

// Each rule statement of the seed pages (../shared/seeds, Dutch and German)
// checked with a position. The test names quote the statement, briefly and
// in English; the seed number is in the name.

// seedMoves is a statement checked by the exact legal move set of a
// position.
type seedMoves struct {
	statement string
	v         *Variant
	fen       string
	want      []string
}

func TestSeeds_LegalMoves(t *testing.T) {
	cases := []seedMoves{
		// Seed 000 (Dutch page of an American checkers app).
		{"000 capturing when possible is always compulsory", English, "W:W22,31:B18", []string{"22x15"}},
		{"000 a piece that is no king moves one square diagonally forward", English, "W:W22:B4", []string{"22-17", "22-18"}},
		{"000 a king moves one square diagonally, forward or backward", English, "W:WK22:B4", []string{"22-17", "22-18", "22-25", "22-26"}},
		{"000 a piece can only move to a free square", English, "W:WK22,17,18:B4", []string{"22-25", "22-26", "17-13", "17-14", "18-14", "18-15"}},
		{"000 jump over an enemy piece to the empty square beyond, in line", English, "W:W22:B18", []string{"22x15"}},
		{"000 a man jumps only forward, a king also backward", English, "W:W22,K30:B26", []string{"30x23"}},
		{"000 in a multiple jump the piece may change direction", English, "W:W22:B10,18", []string{"22x6"}},
		{"000 you cannot jump your own piece", English, "W:W22,18:B4", []string{"18-14", "18-15", "22-17"}},
		{"000 a multiple jump must be completed", English, "W:W22:B10,18", []string{"22x6"}},
		{"000 with a choice of jumps you may pick any, multiple or not", English, "W:W22:B10,17,18", []string{"22x13", "22x6"}},
		{"000 any piece, king or not, can jump a king", English, "W:W22:BK18", []string{"22x15"}},
		{"000 a piece just crowned cannot jump on until the next move", English, "W:W11:B6,7", []string{"11x2"}},
		// Seed 001 (Dutch page on English checkers).
		{"001 ordinary pieces move only diagonally forward", English, "B:W29:B10", []string{"10-14", "10-15"}},
		{"001 kings move in every diagonal direction", English, "B:W29:BK15", []string{"15-10", "15-11", "15-18", "15-19"}},
		{"001 ordinary pieces jump only forward", English, "B:W14:B18", []string{"18-22", "18-23"}},
		{"001 kings jump in every diagonal direction", English, "B:W14:BK18", []string{"18x9"}},
		{"001 the chosen sequence need not be the longest", English, "W:W22:B10,17,18", []string{"22x13", "22x6"}},
		{"001 a king stops right behind the piece it jumps", English, "W:WK29:B25", []string{"29x22"}},
		{"001 jumping is compulsory even when it hurts (10x19 follows)", English, "W:W22:B6,10,18", []string{"22x15"}},
		// Seed 002 (German page).
		{"002 a checker moves diagonally forward onto a free square", English, "B:W32:B1", []string{"1-5", "1-6"}},
		{"002 reaching the back row, by step or jump, crowns and ends the move", English, "W:W11:B6,7", []string{"11x2"}},
		{"002 after a capture a further capture must be made", English, "W:W22:B10,18", []string{"22x6"}},
		// Seed 003 (Russian 8x8 and International 10x10).
		{"003 Russian: capturing is compulsory", Russian, "W:W22,31:B18", []string{"22x15"}},
		{"003 Russian: men capture forward and backward", Russian, "W:W22:B26", []string{"22x31"}},
		{"003 Russian: the king moves over any number of squares", Russian, "W:WK29:B4", []string{"29-25", "29-22", "29-18", "29-15", "29-11", "29-8"}},
		{"003 Russian: several captures, choose any, not only the longest", Russian, "W:W22:B10,17,18", []string{"22x13", "22x6"}},
		{"003 Russian: a man crowned during a capture goes on as a king", Russian, "W:W11:B6,7", []string{"11x9", "11x13"}},
		{"003 International: capturing is compulsory", International, "W:W32,46:B28", []string{"32x23"}},
		{"003 International: men capture backward", International, "W:W32:B37", []string{"32x41"}},
		{"003 International: the king moves and captures over the whole diagonal", International, "W:WK46:B28", []string{"46x23", "46x19", "46x14", "46x10", "46x5"}},
		{"003 International: majority rule, the most pieces must be taken", International, "W:W32:B18,27,28", []string{"32x12"}},
		{"003 International: a man passing the far row in a capture stays a man", International, "W:W13:B7,8", []string{"13x11"}},
		// Seed 004 (Dutch page on checkers).
		{"004 pieces stay on dark squares, moving one square diagonally forward", English, "B:W29:B9", []string{"9-13", "9-14"}},
		{"004 a jump needs an empty square on the other side", English, "W:W22:B18,15", []string{"22-17"}},
		{"004 if several jumps are available you choose", English, "W:W22:B17,18", []string{"22x13", "22x15"}},
		{"004 keep jumping with the same piece until no jump is left", English, "W:W22:B10,18", []string{"22x6"}},
		{"004 a king jumps backward as well", English, "W:WK22:B26", []string{"22x31"}},
	}
	for _, c := range cases {
		t.Run(c.statement, func(t *testing.T) {
			p := mustFEN(t, c.v, c.fen)
			got := moveSet(&p)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: legal moves %v, want %v\n%s", c.fen, got, want, p.Board())
			}
		})
	}
}

func TestSeeds_000_RedMovesFirstAndNoMoveLoses(t *testing.T) {
	// "Red goes first ... you must move; if you cannot move, you lose."
	g := NewGame(English, GameOptions{Names: RedAndWhite})
	if st := g.Status(); st.Turn != Black || st.Text != "Red to move." {
		t.Errorf("start: %+v", st)
	}
	b := NewGameFrom(mustFEN(t, English, "W:W32:B23,27,28"), GameOptions{Names: RedAndWhite})
	if r, why := b.Result(); r != BlackWins || why != NoMoves {
		t.Errorf("blocked white: %s %s", r, why)
	}
}

func TestSeeds_000_SameKingNotJumpedTwice(t *testing.T) {
	// "You cannot jump the same piece twice in one move": after the circle
	// the king is back on 22 next to nothing it may take again.
	p := mustFEN(t, English, "W:WK22:B9,10,17,18")
	ms := p.LegalMoves()
	if len(ms) != 1 || ms[0].NumCaptured() != 4 {
		t.Fatalf("moves %v, want one capture of four", moveSet(&p))
	}
	seen := map[Square]bool{}
	for _, s := range ms[0].Captured() {
		if seen[s] {
			t.Errorf("%d jumped twice", s)
		}
		seen[s] = true
	}
}

func TestSeeds_001_WinByCapturingAll(t *testing.T) {
	// "A player wins by capturing all of the opponent's pieces."
	g := NewGameFrom(mustFEN(t, English, "W:W22:B18"), GameOptions{})
	p := g.Position()
	if err := g.Play(findMove(t, &p, "22x15")); err != nil {
		t.Fatal(err)
	}
	if r, why := g.Result(); r != WhiteWins || why != NoPieces {
		t.Errorf("%s %s, want 2-0 with no black pieces", r, why)
	}
}

func TestSeeds_002_HouseDrawRules(t *testing.T) {
	// "Drawn when there is no capture or promotion for 40 pairs of moves":
	// the engine applies the WCDF form (no man move, no capture), which a
	// promotion also resets, because a promotion is a man move.
	if English.Draw.QuietMoves != 40 {
		t.Errorf("English quiet-move limit %d, want 40", English.Draw.QuietMoves)
	}
	p := mustFEN(t, English, "W:W8,K25:BK1")
	m := findMove(t, &p, "8-4")
	q := p
	q.Play(&m)
	c := DrawCounters{Quiet: 70, Material: 70}.Advance(&p, &m, &q)
	if c.Quiet != 0 || c.Material != 0 {
		t.Errorf("counters after a crowning %+v, want both reset", c)
	}
	// "Drawn automatically if there is no winner after 200 moves (100
	// each)": GameOptions.MoveLimit 100 draws at ply 200, not before.
	g := NewGame(English, GameOptions{MoveLimit: 100})
	if g.drawAfter(g.positions, &g.positions[0], g.Counters(), 199) == MoveLimit {
		t.Errorf("drawn at ply 199")
	}
	if r := g.drawAfter(g.positions, &g.positions[0], g.Counters(), 200); r != MoveLimit {
		t.Errorf("ply 200: %s, want the move limit", r)
	}
}

func TestSeeds_002_NoPassing(t *testing.T) {
	// "One must move; skipping a move is not allowed": a side that is not
	// blocked always has a move, and the game accepts no null move.
	g := NewGame(English, GameOptions{})
	if err := g.Play(Move{}); err == nil {
		t.Errorf("an empty move was accepted")
	}
}

func TestSeeds_003_RussianDrawRulesAreThere(t *testing.T) {
	// "Three (or more) kings against one king, not captured by the 15th
	// move; 30 moves in 4-5 piece endings, 60 in 6-7; three pieces against
	// a king on the main road: 5th move; 15 moves with only kings; the same
	// position three times with the same side to move."
	d := Russian.Draw
	if d.ThreeKingsVsKing != 15 || d.ThreeKingsMinKings != 3 || !d.PieceCountMoves || !d.LongDiagonal ||
		d.SmallEnding != 5 || d.KingsOnlyMoves != 15 || d.Repetition != 3 || !d.StrongerSideMoves {
		t.Errorf("Russian draw rules %+v", d)
	}
	// Seed 003 states the 30/60-move rule for "a position in which both
	// opponents have kings": without a black king there is no count.
	p := mustFEN(t, Russian, "W:WK29,21:B4,12")
	if r, _ := (DrawCounters{Quiet: 1, Material: 59}).Next(&p); r == PieceCount {
		t.Errorf("30/60-move count runs without a black king")
	}
	q := mustFEN(t, Russian, "W:WK29,21:BK4,12")
	if r := (DrawCounters{Quiet: 1, Material: 60}).Rule(&q); r != PieceCount {
		t.Errorf("4 pieces, kings on both sides, 60 plies: %s", r)
	}
}

func TestSeeds_003_InternationalPromotionWhenStopping(t *testing.T) {
	// "A man that reaches the far row during a capture and stops there
	// becomes a king; it plays as a king from the next move."
	p := mustFEN(t, International, "W:W13:B8,40")
	m := findMove(t, &p, "13x2")
	p.Play(&m)
	if p.At(2) != WhiteKing {
		t.Fatalf("13x2 leaves %v on 2", p.At(2))
	}
	p.Play(&p.LegalMoves()[0]) // black
	found := false
	for _, k := range p.LegalMoves() {
		found = found || (k.From == 2 && k.To == 35)
	}
	if !found {
		t.Errorf("the new king on 2 cannot fly to 35: %v", moveSet(&p))
	}
}

func TestSeeds_004_NoLimitOnKings(t *testing.T) {
	// "There is no limit to how many kings you can have."
	p := mustFEN(t, English, "W:WK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12:B32")
	if _, kings := p.Count(White); kings != 12 {
		t.Errorf("%d white kings, want 12", kings)
	}
}
