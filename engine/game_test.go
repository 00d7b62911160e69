package engine

import (
	"strings"
	"testing"
)

// walk plays moves in g until it has played n or the game ends. Each move
// is the first legal move (in generation order) that is not a capture,
// passes ok, and reaches a position never seen in the game in which the
// side to move has no capture; so no repetition, no capture and no forced
// capture happen on the way. It backtracks when it gets stuck and fails
// the test if it cannot play n moves that way.
func walk(t *testing.T, g *Game, n int, ok func(g *Game, p *Position, m *Move) bool) {
	t.Helper()
	seen := map[uint64]bool{}
	for i := 0; i <= g.Ply(); i++ {
		p := g.PositionAt(i)
		seen[p.Hash()] = true
	}
	budget := 200000
	var rec func(k int) bool
	rec = func(k int) bool {
		if k == 0 || g.Over() {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		p := g.Position()
		for _, m := range p.LegalMoves() {
			if m.IsCapture() || (ok != nil && !ok(g, &p, &m)) {
				continue
			}
			q := p
			q.Play(&m)
			if seen[q.Hash()] || q.HasCapture() {
				continue
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			seen[q.Hash()] = true
			if rec(k - 1) {
				return true
			}
			delete(seen, q.Hash())
			g.Undo()
		}
		return false
	}
	if !rec(n) {
		p := g.Position()
		t.Fatalf("could not play %d quiet moves from %s", n, p.FEN())
	}
}

// kingsOnly lets only kings move.
func kingsOnly(_ *Game, p *Position, m *Move) bool { return p.At(m.From).IsKing() }

// loneKingStaysOff keeps a lone king off the long diagonal (so that the
// Russian long-diagonal rule does not start) and lets only kings move.
func loneKingStaysOff(lone Color) func(*Game, *Position, *Move) bool {
	return func(_ *Game, p *Position, m *Move) bool {
		if !p.At(m.From).IsKing() {
			return false
		}
		return p.Turn() != lone || !onLongDiagonal(p.Variant(), m.To)
	}
}

func onLongDiagonal(v *Variant, s Square) bool {
	r, c := v.RowCol(s)
	return r+c == v.Size-1
}

// drawCase is a draw rule reached from a position: after limit moves
// (plies) the game is drawn for reason, one ply earlier it still goes on.
type drawCase struct {
	name   string
	v      *Variant
	fen    string
	ok     func(*Game, *Position, *Move) bool
	limit  int
	reason Reason
	before string // in the status text one ply before the draw
	after  string // the status text after the draw
}

func TestGame_DrawRules(t *testing.T) {
	cases := []drawCase{
		{"English 40-move rule", English, "B:WK25,K32:BK1,K5", kingsOnly, 80, QuietMoves,
			"1 more move each without a capture or a man moving",
			"Draw: 40 moves each without a capture or a man moving (the 40-move rule)."},
		{"Russian 15 moves only kings (7.2.5)", Russian, "W:WK29,K31:BK2,K4", kingsOnly, 30, KingsOnly,
			"1 more move each with only kings moving",
			"Draw: 15 moves each with only kings moving and no capture."},
		{"International 25 moves only kings (6.2)", International, "W:WK46,K50:BK1,K5", kingsOnly, 50, KingsOnly,
			"1 more move each with only kings moving",
			"Draw: 25 moves each with only kings moving and no capture."},
		// White hunts and moves first: his 15th move is ply 29.
		{"Russian three kings against a lone king, hunter to move (7.2.4)", Russian, "W:WK29,K31,K32:BK1", loneKingStaysOff(Black), 29, ThreeKingsVsKing,
			"White has 1 more move to capture the lone black king",
			"Draw: White could not capture the lone black king within 15 moves."},
		{"International lone king against three pieces (6.3)", International, "W:WK46,K47,K48:BK3", kingsOnly, 32, ThreeKingsVsKing,
			"1 more move each for White to capture the lone black king",
			"Draw: White could not capture the lone black king within 16 moves each."},
		{"International lone king against king and man (6.4)", International, "B:WK46,36:BK3", kingsOnly, 10, SmallEnding,
			"1 more move each for White to capture the lone black king",
			"Draw: White could not capture the lone black king within 5 moves each."},
		// Black moves first, so White's 5th move is ply 10.
		{"Russian two kings against a lone king (7.2.8)", Russian, "B:WK29,K31:BK1", kingsOnly, 10, SmallEnding,
			"White has 1 more move to capture the lone black king",
			"Draw: White could not capture the lone black king within 5 moves."},
		{"Russian king against king (7.2.8)", Russian, "W:WK29:BK1", kingsOnly, 9, SmallEnding,
			"A king each: 1 more move and the game is drawn.",
			"Draw: only a king each was left, and neither could win within 5 moves."},
		{"Russian lone king on the long diagonal (7.2.7)", Russian, "W:WK31,K32,30:BK11",
			func(_ *Game, p *Position, m *Move) bool {
				return p.At(m.From).IsKing() && (p.Turn() == White || onLongDiagonal(Russian, m.To))
			}, 9, LongDiagonal,
			"White has 1 more move to capture the lone black king on the long diagonal",
			"Draw: the lone black king held the long diagonal and White could not capture it within 5 moves."},
		// 7.2.6 needs men to move now and then (else 7.2.5 ends the game
		// first) and flying kings make that slow to find: the game starts
		// with the count 10 moves each short of the limit, as if that many
		// moves without capture or promotion had been played.
		{"Russian 30 moves with 4 pieces, both with kings (7.2.6)", Russian, "W:WK30,21:BK3,12", kingsOnly, 60, PieceCount,
			"1 more move each without a capture or a new king",
			"Draw: 30 moves each without a capture or a new king, with 4 pieces on the board."},
		{"Russian 60 moves with 6 pieces, both with kings (7.2.6)", Russian, "W:WK29,21,22:BK4,11,12", kingsOnly, 120, PieceCount,
			"1 more move each without a capture or a new king",
			"Draw: 60 moves each without a capture or a new king, with 6 pieces on the board."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGameFrom(mustFEN(t, c.v, c.fen), GameOptions{})
			played := 0
			if c.reason == PieceCount {
				played = c.limit - 20
				g.counters[0].Material = int32(played)
			}
			walk(t, g, c.limit-1-played, c.ok)
			if g.Over() {
				r, why := g.Result()
				t.Fatalf("over after %d plies (%s, %s), want on until ply %d", g.Ply(), r, why, c.limit)
			}
			st := g.Status()
			if st.DrawRule != c.reason || !strings.Contains(st.Text, c.before) {
				t.Errorf("one ply before: status %q (rule %s), want it to say %q (%s)", st.Text, st.DrawRule, c.before, c.reason)
			}
			// Every quiet move from here ends the game by the rule.
			p := g.Position()
			for _, m := range p.LegalMoves() {
				if !m.IsCapture() && c.ok(g, &p, &m) {
					if r := g.WouldDraw(m); r != c.reason {
						t.Errorf("WouldDraw(%s) = %s, want %s", p.MoveString(&m, Numeric), r, c.reason)
					}
				}
			}
			walk(t, g, 1, c.ok)
			if r, why := g.Result(); r != Drawn || why != c.reason || g.Ply()+played != c.limit {
				t.Fatalf("after %d plies: %s %s, want 1-1 by %s at ply %d", g.Ply(), r, why, c.reason, c.limit)
			}
			if got := g.Status().Text; got != c.after {
				t.Errorf("status %q, want %q", got, c.after)
			}
			// Taking the last move back reopens the game with the old counters.
			before := g.counters[len(g.counters)-2]
			if !g.Undo() || g.Over() || g.Counters() != before {
				t.Errorf("undo: over %v, counters %+v, want %+v", g.Over(), g.Counters(), before)
			}
		})
	}
}

func TestGame_ThreeKingsCountsHunterMoves(t *testing.T) {
	// Russian counts the hunter's moves: with the lone king to move first,
	// White's 15th move is ply 30. A white man move at ply 2 keeps the
	// kings-only count (15 moves each) from ending the game first.
	g := NewGameFrom(mustFEN(t, Russian, "B:WK29,K31,K32,28:BK1"), GameOptions{})
	walk(t, g, 1, loneKingStaysOff(Black))
	p := g.Position()
	if err := g.Play(findMove(t, &p, "28-24")); err != nil {
		t.Fatal(err)
	}
	walk(t, g, 27, loneKingStaysOff(Black))
	if g.Over() || g.Ply() != 29 {
		t.Fatalf("over at ply %d", g.Ply())
	}
	walk(t, g, 1, loneKingStaysOff(Black))
	if r, why := g.Result(); r != Drawn || why != ThreeKingsVsKing {
		t.Errorf("ply %d: %s %s, want a draw by three kings against one", g.Ply(), r, why)
	}
}

func TestGame_CountersReset(t *testing.T) {
	// English: king moves count; a man move or a capture starts again.
	g := NewGameFrom(mustFEN(t, English, "B:WK25,30:BK1,5"), GameOptions{})
	walk(t, g, 6, kingsOnly)
	if q := g.Counters().Quiet; q != 6 {
		t.Fatalf("quiet count %d after 6 king moves", q)
	}
	walk(t, g, 1, func(_ *Game, p *Position, m *Move) bool { return !p.At(m.From).IsKing() })
	if q := g.Counters().Quiet; q != 0 {
		t.Errorf("quiet count %d after a man move, want 0", q)
	}
	if n := len(g.RepetitionHashes()); n != 1 {
		t.Errorf("%d positions can repeat after a man move, want 1", n)
	}
	walk(t, g, 3, kingsOnly)
	if n := len(g.RepetitionHashes()); n != 4 {
		t.Errorf("%d positions can repeat after 3 king moves, want 4", n)
	}
	// A capture resets the counts too.
	c := mustFEN(t, English, "W:WK22:BK18,1")
	cg := NewGameFrom(c, GameOptions{})
	walk(t, cg, 0, nil)
	if err := cg.Play(findMove(t, &c, "22x15")); err != nil {
		t.Fatal(err)
	}
	if k := cg.Counters(); k.Quiet != 0 || k.Material != 0 {
		t.Errorf("counters after a capture %+v, want zero", k)
	}
}

func TestGame_LongDiagonalCountStopsOffTheDiagonal(t *testing.T) {
	g := NewGameFrom(mustFEN(t, Russian, "W:WK31,K32,30:BK11"), GameOptions{})
	if g.Counters().DiagonalLimit != 9 {
		t.Fatalf("diagonal limit %d, want 9 plies (White's 5th move)", g.Counters().DiagonalLimit)
	}
	walk(t, g, 4, func(_ *Game, p *Position, m *Move) bool {
		inside := onLongDiagonal(Russian, m.To) && m.To != 4 && m.To != 29 // corners are dead ends
		return p.At(m.From).IsKing() && (p.Turn() == White || inside)
	})
	if c := g.Counters(); c.Diagonal != 4 {
		t.Fatalf("diagonal count %d after 4 plies", c.Diagonal)
	}
	walk(t, g, 1, kingsOnly) // white
	walk(t, g, 1, func(_ *Game, p *Position, m *Move) bool { return !onLongDiagonal(Russian, m.To) })
	if c := g.Counters(); c.DiagonalLimit != 0 {
		t.Errorf("lone king left the diagonal, count still running: %+v", c)
	}
	walk(t, g, 1, kingsOnly)
	walk(t, g, 1, func(_ *Game, p *Position, m *Move) bool { return onLongDiagonal(Russian, m.To) })
	if c := g.Counters(); c.Diagonal != 0 || c.DiagonalLimit != 9 {
		t.Errorf("back on the diagonal with White to move: %+v, want a new count of 9 plies", c)
	}
}

func TestGame_LoneKingCountNeverGrows(t *testing.T) {
	// International: 3 against a lone king, 28 of the 32 plies played; the
	// lone king takes the man: 2 against 1 would allow 10 plies, but only 3
	// remain of the 16-move maximum.
	before := mustFEN(t, International, "B:WK46,K47,28:BK23")
	ms := before.LegalMoves()
	if len(ms) == 0 || !ms[0].IsCapture() || ms[0].Captured()[0] != 28 {
		t.Fatalf("want the lone king to take 28, got %v", moveSet(&before))
	}
	after := before
	after.Play(&ms[0])
	c := DrawCounters{Quiet: 10, Material: 28, Ending: 28, EndingLimit: 32}
	next := c.Advance(&before, &ms[0], &after)
	if next.Ending != 0 || next.EndingLimit != 3 {
		t.Errorf("after the capture: %+v, want 3 plies left", next)
	}
	// Early in the count the new ending's own 5 moves apply.
	c.Ending = 4
	if next = c.Advance(&before, &ms[0], &after); next.EndingLimit != 10 {
		t.Errorf("after an early capture: %+v, want 10 plies", next)
	}
	if r, left := next.Next(&after); r != SmallEnding || left != 10 {
		t.Errorf("Next = %s %d, want SmallEnding 10", r, left)
	}
}

func TestGame_ZeroCountersNeverDraw(t *testing.T) {
	for _, fen := range []string{"W:WK29,K31,K32:BK1", "W:WK31,K32,30:BK11", "W:WK29:BK4"} {
		p := mustFEN(t, Russian, fen)
		if r := (DrawCounters{}).Rule(&p); r != NotOver {
			t.Errorf("%s: zero counters draw by %s", fen, r)
		}
	}
}

func TestGame_Repetition(t *testing.T) {
	for _, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			fen := map[string]string{"english": "W:WK29:BK4", "russian": "W:WK30:BK3", "international": "W:WK47:BK4"}[v.Name]
			g := NewGameFrom(mustFEN(t, v, fen), GameOptions{})
			p := g.Position()
			ms := p.LegalMoves()
			there := ms[0]
			var cycle []Move
			for i := 0; i < 4; i++ { // two out, two back
				q := g.Position()
				var m Move
				switch i {
				case 0:
					m = there
				case 1:
					m = q.LegalMoves()[0]
				case 2:
					m = findMove(t, &q, q.MoveString(&Move{From: there.To, To: there.From}, Numeric))
				case 3:
					m = findMove(t, &q, q.MoveString(&Move{From: cycle[1].To, To: cycle[1].From}, Numeric))
				}
				cycle = append(cycle, m)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if now := g.Position(); !now.Equal(&p) {
				t.Fatalf("cycle does not return: %s", now.FEN())
			}
			for i, m := range cycle[:3] {
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				if g.Over() {
					t.Fatalf("over after %d plies", 5+i)
				}
			}
			if r := g.WouldDraw(cycle[3]); r != Repetition {
				t.Errorf("WouldDraw(last move of the cycle) = %s, want repetition", r)
			}
			if err := g.Play(cycle[3]); err != nil {
				t.Fatal(err)
			}
			if r, why := g.Result(); r != Drawn || why != Repetition {
				t.Fatalf("after two cycles: %s %s, want a draw by repetition", r, why)
			}
			want := "Draw: the same position appeared three times with the same player to move."
			if got := g.Status().Text; got != want {
				t.Errorf("status %q, want %q", got, want)
			}
		})
	}
}

func TestGame_MoveLimit(t *testing.T) {
	g := NewGame(English, GameOptions{MoveLimit: 5})
	walk(t, g, 9, nil)
	if g.Over() {
		t.Fatal("over before the move limit")
	}
	if st := g.Status(); st.DrawRule != MoveLimit || !strings.Contains(st.Text, "1 more move each and the game is drawn by the move limit.") {
		t.Errorf("status one ply before the limit: %q", st.Text)
	}
	walk(t, g, 1, nil)
	if r, why := g.Result(); r != Drawn || why != MoveLimit {
		t.Fatalf("after 10 plies: %s %s, want draw by the move limit", r, why)
	}
	if got, want := g.Status().Text, "Draw: 5 moves each were played."; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	// Seed 002's 100 moves each: the sentence names the number.
	h := NewGame(English, GameOptions{MoveLimit: 100})
	h.result, h.reason = Drawn, MoveLimit
	if got, want := h.Status().Text, "Draw: 100 moves each were played."; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}

func TestGame_WinsAndStatus(t *testing.T) {
	cases := []struct {
		name   string
		v      *Variant
		fen    string
		move   string
		names  ColorNames
		result Result
		reason Reason
		text   string
	}{
		{"no pieces left", English, "B:W18:B14", "14x23", ColorNames{}, BlackWins, NoPieces, "Black wins: White has no pieces left."},
		{"no pieces left, red", English, "B:W18:B14", "14x23", RedAndWhite, BlackWins, NoPieces, "Red wins: White has no pieces left."},
		{"white takes the last piece", Russian, "W:W22:B18", "22x15", ColorNames{}, WhiteWins, NoPieces, "White wins: Black has no pieces left."},
		{"blocked", English, "B:W32:B19,27,28", "19-23", ColorNames{}, BlackWins, NoMoves, "Black wins: White cannot move — every white piece is blocked."},
		{"blocked, red", English, "B:W32:B19,27,28", "19-23", RedAndWhite, BlackWins, NoMoves, "Red wins: White cannot move — every white piece is blocked."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGameFrom(mustFEN(t, c.v, c.fen), GameOptions{Names: c.names})
			p := g.Position()
			m := findMove(t, &p, c.move)
			if r := g.WouldDraw(m); r != NotOver {
				t.Errorf("WouldDraw(winning move) = %s", r)
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			st := g.Status()
			if st.Result != c.result || st.Reason != c.reason || st.Text != c.text {
				t.Errorf("status %+v, want %s %s %q", st, c.result, c.reason, c.text)
			}
			if winner := map[Result]Color{WhiteWins: White, BlackWins: Black}[c.result]; st.Winner != winner {
				t.Errorf("winner %s", st.Winner)
			}
			if err := g.Play(m); err == nil {
				t.Errorf("a move was accepted after the end")
			}
			if now := g.Position(); !g.Undo() || g.Over() || now.Equal(&p) {
				t.Errorf("undo did not reopen the game")
			}
			if err := g.Play(m); err != nil || !g.Over() {
				t.Errorf("replaying the winning move: %v, over %v", err, g.Over())
			}
		})
	}
}

func TestGame_StatusWhileOngoing(t *testing.T) {
	cases := []struct {
		name  string
		v     *Variant
		fen   string
		names ColorNames
		text  string
	}{
		{"start", English, English.StartFEN, ColorNames{}, "Black to move."},
		{"start, red", English, English.StartFEN, RedAndWhite, "Red to move."},
		{"must capture", English, "B:W18:B14", ColorNames{}, "Black to move. Black must capture."},
		{"white must capture", International, "W:W32:B18,27,28", ColorNames{}, "White to move. White must capture."},
		{"lone king count from the start", International, "W:WK46,K47,K48:BK3", ColorNames{}, "White to move. 16 more moves each for White to capture the lone black king, or the game is drawn."},
		{"Russian hunter count", Russian, "W:WK29,K31,K32:BK1", ColorNames{}, "White to move. White has 15 more moves to capture the lone black king, or the game is drawn."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGameFrom(mustFEN(t, c.v, c.fen), GameOptions{Names: c.names})
			if st := g.Status(); st.Text != c.text || st.Result != Ongoing {
				t.Errorf("status %q, want %q", st.Text, c.text)
			}
		})
	}
	// The English count, 28 king moves in: 12 more each.
	g := NewGameFrom(mustFEN(t, English, "B:WK25,K32:BK1,K5"), GameOptions{})
	walk(t, g, 56, kingsOnly)
	want := "Black to move. 12 more moves each without a capture or a man moving and the game is drawn."
	if st := g.Status(); st.Text != want || st.MovesLeft != 12 || st.DrawRule != QuietMoves {
		t.Errorf("status %+v, want %q", st, want)
	}
}

func TestGame_ResignAndAgreement(t *testing.T) {
	g := NewGame(Russian, GameOptions{})
	g.Resign(White)
	if st := g.Status(); st.Result != BlackWins || st.Text != "Black wins: White resigned." {
		t.Errorf("status %+v", st)
	}
	h := NewGame(English, GameOptions{Names: RedAndWhite})
	h.AgreeDraw()
	if st := h.Status(); st.Result != Drawn || st.Text != "Draw: the players agreed to a draw." {
		t.Errorf("status %+v", st)
	}
}

func BenchmarkGamePlayUndo(b *testing.B) {
	g := NewGameFrom(mustFEN(b, Russian, "W:WK29,K31,21:BK4,12,11"), GameOptions{})
	p := g.Position()
	m := p.LegalMoves()[0]
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
		g.Undo()
	}
}

func BenchmarkDrawCountersAdvance(b *testing.B) {
	p := mustFEN(b, International, "W:WK46,K47,K48:BK3")
	m := p.LegalMoves()[0]
	q := p
	q.Play(&m)
	c := NewDrawCounters(&p)
	b.ReportAllocs()
	for b.Loop() {
		n := c.Advance(&p, &m, &q)
		if n.Rule(&q) != NotOver {
			b.Fatal("drawn")
		}
	}
}
