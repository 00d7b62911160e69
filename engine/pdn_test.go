package engine

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

const englishSample = `[Event "Club night"]
[Date "2024.03.01"]
[White "Smith, Ann"]
[Black "Jones, Bo"]
[Site "Leeds"]
[Result "1-0"]
[GameType "21"]

1. 10-15 23-18 {the exchange} 2. 9-13! 27-23 (2... 22-17 3. 13x22 (3. 15x22
26x17) 25x18) 3. 6-9 $1 23-19 ; the main line
4. 2-6 19x10 5.6x15 24-19?! 6. 15x24 28x19 7. 9-14 18x9 1-0
`

func mustPDN(t testing.TB, text string, def *Variant) []PDNGame {
	t.Helper()
	games, err := ParsePDN(text, def)
	if err != nil {
		t.Fatalf("ParsePDN: %v", err)
	}
	return games
}

func TestParsePDN_EnglishGameWithCommentsVariationsAndMarks(t *testing.T) {
	games := mustPDN(t, englishSample, nil)
	if len(games) != 1 {
		t.Fatalf("%d games, want 1", len(games))
	}
	g := games[0]
	if g.Variant != English {
		t.Errorf("variant %v, want english", g.Variant)
	}
	if g.Result != WhiteWins {
		t.Errorf("result %v, want 2-0", g.Result)
	}
	if len(g.Moves) != 14 {
		t.Fatalf("%d moves, want 14", len(g.Moves))
	}
	if v, _ := g.Tag("white"); v != "Smith, Ann" {
		t.Errorf("White tag = %q", v)
	}
	p := g.Start
	for i := range g.Moves {
		p.Play(&g.Moves[i])
	}
	if got, want := p.FEN(), "B:W9,19,21,22,25,26,29,30,31,32:B1,3,4,5,7,8,11,12,13"; got != want {
		t.Errorf("final position %s, want %s", got, want)
	}
}

func TestParsePDN_VariantFromTags(t *testing.T) {
	tests := []struct {
		name string
		tags string
		def  *Variant
		want *Variant
	}{
		{"GameType 20", `[GameType "20"]`, nil, International},
		{"GameType 21", `[GameType "21"]`, Russian, English},
		{"GameType 25", `[GameType "25"]`, nil, Russian},
		{"long GameType", `[GameType "20,W,10,10,N2,0"]`, nil, International},
		{"long Russian GameType", `[GameType "25,W,8,8,A0,0"]`, English, Russian},
		{"Variant tag", `[Variant "Russian"]`, nil, Russian},
		{"default variant", `[Event "x"]`, International, International},
		{"nil default is English", `[Event "x"]`, nil, English},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games := mustPDN(t, tc.tags+"\n\n*\n", tc.def)
			if len(games) != 1 || games[0].Variant != tc.want {
				t.Fatalf("got %d games, variant %v; want %v", len(games), games[0].Variant, tc.want)
			}
			start := tc.want.StartPosition()
			if !games[0].Start.Equal(&start) {
				t.Errorf("start %s, want %s", games[0].Start.FEN(), start.FEN())
			}
		})
	}
}

func TestParsePDN_ResultTokens(t *testing.T) {
	tests := []struct {
		tok  string
		want Result
	}{
		{"2-0", WhiteWins}, {"1-0", WhiteWins}, {"0-2", BlackWins}, {"0-1", BlackWins},
		{"1-1", Drawn}, {"1/2-1/2", Drawn}, {"*", Ongoing}, {"0-0", Ongoing},
	}
	for _, tc := range tests {
		t.Run(tc.tok, func(t *testing.T) {
			games := mustPDN(t, "1. 11-15 23-19 "+tc.tok, English)
			if len(games) != 1 || games[0].Result != tc.want || len(games[0].Moves) != 2 {
				t.Fatalf("games %d, result %v, moves %d", len(games), games[0].Result, len(games[0].Moves))
			}
		})
	}
}

func TestParsePDN_SeveralGames(t *testing.T) {
	text := englishSample + `
[Event "Russian"]
[GameType "25"]
1. c3-d4 f6-g5 2. d4-c5 b6xd4 3. e3xc5 d6xb4 4. a3xc5 0-1

[Event "Setup"]
[GameType "20"]
[FEN "B:W28,K47:B19,23"]
1... 23x32 2. 47-29 2-0
[Event "Without result"]
1. 11-15
[Event "Tags only"]
`
	games := mustPDN(t, text, English)
	if len(games) != 5 {
		t.Fatalf("%d games, want 5", len(games))
	}
	r := games[1]
	if r.Variant != Russian || len(r.Moves) != 7 || r.Result != BlackWins {
		t.Errorf("game 2: %v, %d moves, %v", r.Variant, len(r.Moves), r.Result)
	}
	s := games[2]
	if s.Variant != International || s.Start.Turn() != Black || len(s.Moves) != 2 || s.Result != WhiteWins {
		t.Errorf("game 3: %v, %v to move, %d moves, %v", s.Variant, s.Start.Turn(), len(s.Moves), s.Result)
	}
	if len(games[3].Moves) != 1 || games[3].Result != Ongoing {
		t.Errorf("game 4: %d moves, %v", len(games[3].Moves), games[3].Result)
	}
	if len(games[4].Moves) != 0 || games[4].Variant != English {
		t.Errorf("game 5: %d moves, %v", len(games[4].Moves), games[4].Variant)
	}
}

func TestParsePDN_MultiCaptureAsSingleJumps(t *testing.T) {
	// Black man on 1 jumps 6 and 15: written 1x10 10x19.
	games := mustPDN(t, `[FEN "B:W6,15,32:B1"]
1. 1x10 10x19 32-27 *`, English)
	g := games[0]
	if len(g.Moves) != 2 || g.Moves[0].To != 19 || g.Moves[0].NumCaptured() != 2 {
		t.Fatalf("moves %v", g.Moves)
	}
}

func TestParsePDN_Errors(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
		illegal    bool
	}{
		{"illegal move names game, move and token",
			"1. 11-15 24-20 2. 8-11 *\n\n1. 10-15 23-18 2. 9-13 27-23 3. 6-9 23-19 4. 2-6 19x10 5. 7-11 *",
			[]string{`game 2, move 5 "7-11"`, `"7-11" is not legal here; legal captures are 6x15, 7x23`}, true},
		{"second player's move", "1. 11-15 23-18 2. 8-11 18-23 *",
			[]string{`game 1, move 2... "18-23"`, "legal moves are"}, true},
		{"capture compulsory", "1. 10-15 23-18 2. 9-13 27-23 3. 6-9 23-19 4. 2-6 24-20 *",
			[]string{`move 4... "24-20"`, "the only legal capture is 19x10"}, true},
		{"bad token", "1. 11-15 hello *", []string{`game 1, move 1... "hello"`}, false},
		{"unsupported GameType", "[GameType \"22\"]\n1. 11-15 *", []string{"game 1", "GameType 22 is not supported"}, false},
		{"board size mismatch", "[GameType \"20,W,8,8,N2,0\"]\n*", []string{"played on 10x10, not 8x8"}, false},
		{"bad FEN", "[FEN \"X:W1:B2\"]\n1. 1-5 *", []string{"game 1", "side to move"}, false},
		{"bad FEN in tags-only game", "[FEN \"W:W99\"]\n", []string{"game 1", "off the board"}, false},
		{"unclosed comment", "1. 11-15 { never closed", []string{"game 1, line 1", "comment { is never closed"}, false},
		{"unclosed variation", "1. 11-15 (23-19", []string{"variation ( is never closed"}, false},
		{"stray parenthesis", "1. 11-15 ) 23-19", []string{"unexpected )"}, false},
		{"tag without quotes", "[Event Club]\n*", []string{"line 1", "tag Event: the value must be in double quotes"}, false},
		{"tag without closing quote", "[Event \"Club]\n*", []string{"closing quote is missing"}, false},
		{"tag without bracket", "[Event \"Club\"\n*", []string{"] is missing"}, false},
		{"tag without name", "[ \"Club\"]\n*", []string{"must start with a name"}, false},
		{"error line", "[Event \"a\"]\n\n[Event \"b\"\n", []string{"line 3"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePDN(tc.text, English)
			if err == nil {
				t.Fatal("ParsePDN succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			var ie *IllegalMoveError
			if errors.As(err, &ie) != tc.illegal {
				t.Errorf("IllegalMoveError in chain = %v, want %v", ie != nil, tc.illegal)
			}
		})
	}
}

func TestPDNGame_StringWritesTagsNumbersAndResult(t *testing.T) {
	g := mustPDN(t, englishSample, nil)[0]
	got := g.String()
	want := `[Event "Club night"]
[Date "2024.03.01"]
[White "Smith, Ann"]
[Black "Jones, Bo"]
[Result "1-0"]
[GameType "21"]
[Site "Leeds"]

1. 10-15 23-18 2. 9-13 27-23 3. 6-9 23-19 4. 2-6 19x10 5. 6x15 24-19 6. 15x24
28x19 7. 9-14 18x9 1-0
`
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func TestPDNGame_StringSetupPositionSecondPlayerFirst(t *testing.T) {
	g := mustPDN(t, "[GameType \"20\"]\n[FEN \"B:W28,K47:B19,23\"]\n1... 23x32 2. 47-29 2-0", nil)[0]
	got := g.String()
	for _, w := range []string{`[FEN "B:W28,K47:B19,23"]`, `[Result "2-0"]`, `[GameType "20"]`, "1... 23x32 2. 47-29 2-0\n"} {
		if !strings.Contains(got, w) {
			t.Errorf("String() =\n%s\nlacks %q", got, w)
		}
	}
}

func TestPDNGame_StringEscapesTagValues(t *testing.T) {
	g := PDNGame{Tags: []Tag{{"Event", `The "Open" \ 2024`}, {"bad name", "x"}}, Variant: English, Start: English.StartPosition()}
	text := g.String()
	if strings.Contains(text, "bad name") {
		t.Errorf("a tag with an invalid name was written:\n%s", text)
	}
	back := mustPDN(t, text, nil)
	if v, _ := back[0].Tag("Event"); v != `The "Open" \ 2024` {
		t.Errorf("Event read back as %q", v)
	}
}

// randomGame plays a seeded random game of up to plies moves.

func sameGames(t *testing.T, a, b []PDNGame) {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%d games, then %d", len(a), len(b))
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Variant != y.Variant || !x.Start.Equal(&y.Start) || x.Result != y.Result || len(x.Moves) != len(y.Moves) {
			t.Fatalf("game %d differs: %v %s %v %d / %v %s %v %d", i+1, x.Variant, x.Start.FEN(), x.Result, len(x.Moves),
				y.Variant, y.Start.FEN(), y.Result, len(y.Moves))
		}
		for j := range x.Moves {
			if !x.Moves[j].Same(&y.Moves[j]) {
				t.Fatalf("game %d move %d differs", i+1, j+1)
			}
		}
		for _, tag := range x.Tags {
			if generatedTags[strings.ToLower(tag.Name)] {
				continue
			}
			if v, ok := y.Tag(tag.Name); !ok || v != tag.Value {
				t.Fatalf("game %d tag %s = %q, then %q", i+1, tag.Name, tag.Value, v)
			}
		}
	}
}

func TestGameToPDN_RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, v := range Variants() {
		for n := 0; n < 10; n++ {
			game := randomGame(v, rng.Intn, 40+rng.Intn(200))
			if n%3 == 0 && !game.Over() {
				game.Resign(Color(n % 2))
			}
			text := GameToPDN(game, []Tag{{"Event", "Random"}, {"Round", "7"}})
			for _, line := range strings.Split(text, "\n") {
				if len(line) > 80 {
					t.Errorf("line longer than 80 columns: %q", line)
				}
			}
			games := mustPDN(t, text, nil)
			if len(games) != 1 {
				t.Fatalf("%d games", len(games))
			}
			g := games[0]
			back, err := g.Game(GameOptions{})
			if err != nil {
				t.Fatalf("%s: Game: %v\n%s", v.Name, err, text)
			}
			r1, _ := game.Result()
			r2, _ := back.Result()
			if r1 != r2 || back.Ply() != game.Ply() {
				t.Fatalf("%s: result %v ply %d, read back %v ply %d", v.Name, r1, game.Ply(), r2, back.Ply())
			}
			end1, end2 := game.Position(), back.Position()
			if !end1.Equal(&end2) {
				t.Fatalf("%s: final positions differ", v.Name)
			}
			// format(parse(x)) parses to the same games
			sameGames(t, games, mustPDN(t, g.String(), nil))
		}
	}
}

func TestParsePDN_FormatParseRoundTrip(t *testing.T) {
	texts := []string{englishSample, `[GameType "25"]
1. c3-d4 f6-g5 2. d4-c5 b6xd4 3. e3xc5 d6xb4 4. a3xc5 0-1
[GameType "20"] [FEN "B:W28,K47:B19,23"] 1... 23x32 2. 47-29 2-0`}
	for _, text := range texts {
		games := mustPDN(t, text, nil)
		var sb strings.Builder
		for i := range games {
			sb.WriteString(games[i].String())
			sb.WriteString("\n")
		}
		sameGames(t, games, mustPDN(t, sb.String(), nil))
	}
}

func TestPDNGame_GameAppliesResult(t *testing.T) {
	tests := []struct {
		result string
		want   Result
		reason Reason
	}{
		{"1-0", WhiteWins, Resignation},
		{"0-1", BlackWins, Resignation},
		{"1/2-1/2", Drawn, Agreement},
		{"*", Ongoing, NotOver},
	}
	for _, tc := range tests {
		t.Run(tc.result, func(t *testing.T) {
			g := mustPDN(t, "1. 11-15 23-19 "+tc.result, English)[0]
			game, err := g.Game(GameOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r, why := game.Result(); r != tc.want || why != tc.reason {
				t.Errorf("result %v (%v), want %v (%v)", r, why, tc.want, tc.reason)
			}
		})
	}
	// A game that ends on the board keeps the board's result.
	g := mustPDN(t, `[FEN "W:W18:B14"] 1. 18x9 1-0`, English)[0]
	game, err := g.Game(GameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r, why := game.Result(); r != WhiteWins || why != NoPieces {
		t.Errorf("result %v (%v), want 2-0 by NoPieces", r, why)
	}
}

func BenchmarkParsePDN(b *testing.B) {
	rng := rand.New(rand.NewSource(5))
	var sb strings.Builder
	for i := 0; i < 10; i++ {
		sb.WriteString(GameToPDN(randomGame(International, rng.Intn, 120), nil))
		sb.WriteString("\n")
	}
	text := sb.String()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParsePDN(text, nil); err != nil {
			b.Fatal(err)
		}
	}
}
