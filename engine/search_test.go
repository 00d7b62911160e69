package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// at places pieces by board coordinates (row 0 at the top), rows counted
// from the bottom of an 8x8 board so that one pattern fits every variant.
func at(v *Variant, turn Color, white, black [][2]int) Position {
	shift := v.Size - 8
	pieces := map[Square]Piece{}
	for _, rc := range white {
		pieces[v.SquareAt(rc[0]+shift, rc[1])] = WhiteMan
	}
	for _, rc := range black {
		pieces[v.SquareAt(rc[0]+shift, rc[1])] = BlackMan
	}
	p, err := NewPosition(v, turn, pieces)
	if err != nil {
		panic(err)
	}
	return p
}

func material(p *Position, c Color) int {
	m, k := p.Count(c)
	return m + 2*k
}

func TestSearch_FindsTwoForOneShot(t *testing.T) {
	// White gives a man on (4,3); whichever black man takes it, a white man
	// takes two back.
	white := [][2]int{{5, 2}, {6, 1}, {6, 5}, {7, 6}, {7, 0}}
	black := [][2]int{{3, 2}, {3, 4}, {0, 1}, {0, 5}}
	for _, v := range Variants() {
		t.Run(v.Name, func(t *testing.T) {
			p := at(v, White, white, black)
			shift := v.Size - 8
			want := Move{From: v.SquareAt(5+shift, 2), To: v.SquareAt(4+shift, 3)}
			g := NewGameFrom(p, GameOptions{})
			r := NewSearcher(1).Search(context.Background(), g, Limits{Depth: 4})
			if !r.Move.Same(&want) {
				t.Fatalf("played %s, want the shot %s\n%s", p.MoveString(&r.Move, Numeric), p.MoveString(&want, Numeric), p.Board())
			}
			if r.Score < 60 {
				t.Errorf("score %d after the shot, want a man up (>= 60)", r.Score)
			}
			// play out the PV: White must come out a man ahead
			q := p
			for i := range r.PV {
				q.Play(&r.PV[i])
			}
			if d := material(&q, White) - material(&q, Black) - (material(&p, White) - material(&p, Black)); d < 1 && len(r.PV) >= 3 {
				t.Errorf("PV %d moves gains %d men, want 1", len(r.PV), d)
			}
		})
	}
}

func TestSearch_SingleLegalMoveReturnsAtOnce(t *testing.T) {
	p := at(English, White, [][2]int{{5, 2}}, [][2]int{{4, 3}, {0, 1}})
	g := NewGameFrom(p, GameOptions{})
	r := NewSearcher(1).Search(context.Background(), g, Limits{})
	legal := p.LegalMoves()
	if len(legal) != 1 || !r.Move.Same(&legal[0]) || r.Nodes != 0 {
		t.Errorf("move %v nodes %d; want the only move without searching", r.Move, r.Nodes)
	}
}

func TestSearch_NoLegalMoveReturnsZeroMove(t *testing.T) {
	p := at(English, Black, [][2]int{{5, 2}}, nil)
	g := NewGameFrom(p, GameOptions{})
	if r := Search(context.Background(), g, Limits{Depth: 3, TTMB: 1}); r.Move.From != 0 {
		t.Errorf("got move %v in a position without moves", r.Move)
	}
}

// randomGame plays n random legal moves from the start (seeded).

func TestSearch_CancelledAtRandomStillReturnsLegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := NewSearcher(1)
	for i := 0; i < 60; i++ {
		v := Variants()[i%3]
		g := randomGame(v, rng.IntN, rng.IntN(60))
		if g.Over() {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		switch i % 3 {
		case 0:
			cancel() // before the search starts
		case 1:
			time.AfterFunc(time.Duration(rng.IntN(3000))*time.Microsecond, cancel)
		}
		lim := Limits{Depth: 1 + rng.IntN(8), Nodes: uint64(rng.IntN(20000)) + 1}
		if i%4 == 0 {
			lim.Noise, lim.Natural, lim.Window, lim.Seed = 50, 20, 80, uint64(i)
		}
		r := s.Search(ctx, g, lim)
		cancel()
		p := g.Position()
		legal := false
		for _, m := range p.LegalMoves() {
			if m.Same(&r.Move) && m.Path()[0] == r.Move.Path()[0] {
				legal = true
			}
		}
		if !legal {
			t.Fatalf("%s: search returned illegal move %v in %s", v.Name, r.Move, p.FEN())
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSearch_RepetitionScoresDraw(t *testing.T) {
	// After 30-26 1-5 26-30 5-1, playing 30-26 again returns to a position
	// of the game history: the search must see it as a repetition.
	p, err := ParseFEN(English, "W:WK30,K32:BK1,K3")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGameFrom(p, GameOptions{})
	for _, mv := range []string{"30-26", "1-5", "26-30", "5-1"} {
		q := g.Position()
		m, err := q.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSearcher(1)
	s.setup(context.Background(), g, Limits{})
	root := g.Position()
	m, _ := root.ParseMove("30-26")
	child := root
	child.Play(&m)
	s.push(&root, &m, &child, 1)
	if !s.repeated(child.hash, 1) {
		t.Error("30-26 repeats the position after the first 30-26 but is not seen as a repetition")
	}
}

func TestSearch_TwoKingsBeatOneInSelfPlay(t *testing.T) {
	tests := []struct {
		v   *Variant
		fen string
	}{
		{English, "W:WK18,K27:BK1"},
		{English, "W:WK22,K23:BK32"},
		{Russian, "W:WK18,K27,K30:BK4"},
	}
	for _, tt := range tests {
		t.Run(tt.v.Name+" "+tt.fen, func(t *testing.T) {
			p, err := ParseFEN(tt.v, tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			g := NewGameFrom(p, GameOptions{MoveLimit: 40})
			s := NewSearcher(4)
			for !g.Over() {
				r := s.Search(context.Background(), g, Limits{Nodes: 60000})
				if err := g.Play(r.Move); err != nil {
					t.Fatal(err)
				}
			}
			if r, why := g.Result(); r != WhiteWins {
				t.Errorf("result %s (%d) after %d plies, want a White win", r, why, g.Ply())
			}
		})
	}
}

func TestScore_WinDistance(t *testing.T) {
	tests := []struct {
		s          int
		win, loss  bool
		pliesToEnd int
	}{
		{WinScore - 5, true, false, 5},
		{-WinScore + 7, false, true, 7},
		{250, false, false, 0},
		{-evalLimit, false, false, 0},
	}
	for _, tt := range tests {
		if ScoreIsWin(tt.s) != tt.win || ScoreIsLoss(tt.s) != tt.loss || PliesToWin(tt.s) != tt.pliesToEnd {
			t.Errorf("score %d: win %v loss %v plies %d", tt.s, ScoreIsWin(tt.s), ScoreIsLoss(tt.s), PliesToWin(tt.s))
		}
	}
}

func TestSearch_ProberValuesAreUsed(t *testing.T) {
	// A prober that calls every position with 3 pieces or fewer a win in
	// 9 plies for the side to move: the search must report a mate score.
	p, err := ParseFEN(English, "W:WK18,K27:BK1,K3")
	if err != nil {
		t.Fatal(err)
	}
	g := NewGameFrom(p, GameOptions{})
	r := Search(context.Background(), g, Limits{Depth: 6, Prober: fakeProber{}, ProbePieces: 3, TTMB: 1})
	// after any capture-free move there are still 4 pieces; only positions
	// with 3 pieces are probed, so the score is an evaluation
	if ScoreIsWin(r.Score) || ScoreIsLoss(r.Score) {
		t.Errorf("score %d: 4-piece positions must not be probed", r.Score)
	}
	r = Search(context.Background(), g, Limits{Depth: 2, Prober: fakeProber{}, ProbePieces: 4, TTMB: 1})
	if !ScoreIsLoss(r.Score) || PliesToWin(r.Score) != 10 {
		t.Errorf("score %d (plies %d): every reply is probed as a win in 9 for Black, want a loss in 10", r.Score, PliesToWin(r.Score))
	}
}

// TestSearch_ContemptScoresDraws checks that a draw scores -Contempt for
// the side that searches, whichever side that is, and 0 without contempt.
func TestSearch_ContemptScoresDraws(t *testing.T) {
	for _, fen := range []string{"W:WK18,K27:BK1,K3", "B:WK18,K27:BK1,K3"} {
		p, err := ParseFEN(English, fen)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGameFrom(p, GameOptions{})
		for _, contempt := range []int{0, 20} {
			// every position after the first move is probed as a draw
			r := Search(context.Background(), g, Limits{Depth: 4, Prober: drawProber{}, ProbePieces: 4, TTMB: 1, Contempt: contempt})
			if r.Score != -contempt {
				t.Errorf("%s, contempt %d: score %d, want %d", fen, contempt, r.Score, -contempt)
			}
		}
	}
}

// A Searcher with contempt that searches for one side and then for the
// other (a hub asked to play both colours) must not read the draw scores it
// stored for the first side: the child of the first search's move must
// score as a fresh Searcher scores it. Without the table's salt the reused
// Searcher scores this child -8 instead of -12.
func TestSearch_ContemptSearcherPlaysBothSides(t *testing.T) {
	p, err := ParseFEN(English, "W:W21,22,K27:B5,9,K3")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(1)
	lim := Limits{Depth: 8, TTMB: 1, Contempt: 20}
	r := s.Search(context.Background(), NewGameFrom(p, GameOptions{}), lim)
	g := NewGameFrom(p, GameOptions{})
	if err := g.Play(r.Move); err != nil {
		t.Fatal(err)
	}
	lim.Depth = 7
	reused := s.Search(context.Background(), g, lim)
	fresh := NewSearcher(1).Search(context.Background(), g, lim)
	if reused.Score != fresh.Score {
		t.Errorf("after %v: the Searcher that searched for White scores Black's move %d, a fresh one %d", r.Move, reused.Score, fresh.Score)
	}
}

// drawProber calls every position it is asked about a draw.
type drawProber struct{}

func (drawProber) Probe(p *Position) (WDL, int, bool) { return DrawWDL, 0, true }

type fakeProber struct{}

func (fakeProber) Probe(p *Position) (WDL, int, bool) { return Win, 9, true }

func middleGames(v *Variant) []*Game {
	rng := rand.New(rand.NewPCG(42, uint64(v.Size)))
	var out []*Game
	for len(out) < 4 {
		g := randomGame(v, rng.IntN, 16)
		if !g.Over() {
			out = append(out, g)
		}
	}
	return out
}

func BenchmarkSearch(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v.Name, func(b *testing.B) {
			games := middleGames(v)
			s := NewSearcher(4)
			b.ReportAllocs()
			var nodes uint64
			b.ResetTimer()
			start, cpu := time.Now(), processCPU()
			for i := 0; i < b.N; i++ {
				s.Clear()
				r := s.Search(context.Background(), games[i%len(games)], Limits{Nodes: 200000})
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
			// nodes per second of CPU time: the figure that does not depend
			// on what else the machine runs (it includes the garbage
			// collector's time, which is close to nothing here)
			if c := processCPU() - cpu; c > 0 {
				b.ReportMetric(float64(nodes)/c.Seconds(), "nodes/cpu-s")
			}
		})
	}
}

// TestSearch_ClockMeasuresTheMoveTime checks that a search given its own
// clock stops when that clock, not the wall clock, has used MoveTime: a
// clock that advances one millisecond a reading stops a 40 ms search after
// about 40 readings, however long they take.
func TestSearch_ClockMeasuresTheMoveTime(t *testing.T) {
	g := NewGame(English, GameOptions{})
	var readings int64
	clock := func() time.Duration {
		readings++
		return time.Duration(readings) * time.Millisecond
	}
	r := NewSearcher(1).Search(context.Background(), g, Limits{MoveTime: 40 * time.Millisecond, Clock: clock, FixedTime: true})
	if r.Elapsed < 40*time.Millisecond || r.Elapsed > 45*time.Millisecond {
		t.Errorf("elapsed %v by the search's clock, want 40-45 ms", r.Elapsed)
	}
	if readings > 50 || r.Nodes > 50*1024 {
		t.Errorf("%d clock readings and %d nodes: the search did not stop on its clock", readings, r.Nodes)
	}
	p := g.Position()
	if _, err := p.ParseMove(p.MoveString(&r.Move, Numeric)); err != nil || r.Move.From == 0 {
		t.Errorf("move %v is not legal: %v", r.Move, err)
	}
}

// TestSearch_ThreadsShareTheTable runs searches with helper threads on
// random positions of every variant, cancelled at random moments (run with
// -race): every answer is a legal move, and a forced win is still found.
func TestSearch_ThreadsShareTheTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 88))
	s := NewSearcher(2)
	for _, v := range Variants() {
		for k := 0; k < 6; k++ {
			g := randomGame(v, rng.IntN, 10+rng.IntN(30))
			if g.Over() {
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+rng.IntN(40))*time.Millisecond)
			r := s.Search(ctx, g, Limits{Threads: 3})
			cancel()
			p := g.Position()
			if _, err := p.ParseMove(p.MoveString(&r.Move, Numeric)); err != nil || r.Move.From == 0 {
				t.Fatalf("%s: move %v is not legal: %v", p.FEN(), r.Move, err)
			}
		}
	}
	// a two-for-one shot is found with threads as without
	g := NewGameFrom(mustFEN(t, English, "W:W21,28,32:B18,20"), GameOptions{})
	r := s.Search(context.Background(), g, Limits{Threads: 2, Depth: 8})
	p := g.Position()
	if got := p.MoveString(&r.Move, Numeric); got != "28-24" || !ScoreIsWin(r.Score) {
		t.Errorf("with 2 threads: %s (score %d), want 28-24 winning", got, r.Score)
	}
}

// TestSearch_AspirationSearchesLess: from depth aspDepth on, an iteration
// searched in a window around the last score costs fewer nodes in all over
// the middle-game positions of the 8x8 variants (depth 13), every answer
// is legal; and a search on a node budget (levels 7-9) plays exactly as
// without the windows.
func TestSearch_AspirationSearchesLess(t *testing.T) {
	for _, v := range []*Variant{English, Russian} {
		var with, without uint64
		for _, g := range middleGames(v) {
			p := g.Position()
			a := NewSearcher(4).Search(context.Background(), g, Limits{Depth: 13})
			b := NewSearcher(4).Search(context.Background(), g, Limits{Depth: 13, noAspiration: true})
			with += a.Nodes
			without += b.Nodes
			if _, err := p.ParseMove(p.MoveString(&a.Move, Numeric)); err != nil || a.Move.From == 0 {
				t.Errorf("%s: move %v is not legal: %v", p.FEN(), a.Move, err)
			}
			a = NewSearcher(4).Search(context.Background(), g, Limits{Nodes: 30000})
			b = NewSearcher(4).Search(context.Background(), g, Limits{Nodes: 30000, noAspiration: true})
			if a.Nodes != b.Nodes || !a.Move.Same(&b.Move) || a.Score != b.Score {
				t.Errorf("%s: on 30,000 nodes %v %d (%d nodes) with the windows' setting, %v %d (%d) without",
					p.FEN(), a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
			}
		}
		if with == 0 || with >= without*9/10 {
			t.Errorf("%s depth 13: %d nodes with aspiration windows, %d without: want at least a tenth fewer", v.Name, with, without)
		}
		t.Logf("%s depth 13: %d nodes with aspiration windows, %d without", v.Name, with, without)
	}
}

// TestSearch_HelperAnswers: with helper threads the answer is the
// deepest completed iteration of any thread, never deeper than
// Limits.Depth, and the last iteration reported (Progress) is the
// answer's: its depth and score.
func TestSearch_HelperAnswers(t *testing.T) {
	s := NewSearcher(8)
	for _, v := range Variants() {
		for _, g := range middleGames(v) {
			p := g.Position()
			if len(p.LegalMoves()) < 2 {
				continue
			}
			r := s.Search(context.Background(), g, Limits{Threads: 2, Depth: 7})
			if r.Depth != 7 {
				t.Errorf("%s: depth %d with Limits.Depth 7", p.FEN(), r.Depth)
			}
			for _, ms := range []time.Duration{5, 15, 40} {
				var last Info
				r = s.Search(context.Background(), g, Limits{Threads: 2, MoveTime: ms * time.Millisecond,
					Progress: func(i Info) { last = i }})
				if _, err := p.ParseMove(p.MoveString(&r.Move, Numeric)); err != nil || r.Move.From == 0 {
					t.Fatalf("%s: move %v is not legal: %v", p.FEN(), r.Move, err)
				}
				// (the move may differ: a move that beat the first one in
				// an unfinished iteration is played without a report)
				if last.Depth != r.Depth || last.Score != r.Score || len(last.PV) == 0 {
					t.Errorf("%s, %d ms: answer depth %d score %d, last report depth %d score %d pv %v",
						p.FEN(), ms, r.Depth, r.Score, last.Depth, last.Score, last.PV)
				}
			}
		}
	}
}

// With Limits.Material the search counts men and kings only: in a quiet
// position where nothing can be taken within the depth, its score is the
// material difference at the variant's values, and the full evaluation's
// is not.
func TestSearch_MaterialCountsMenAndKings(t *testing.T) {
	for _, tc := range []struct {
		v    *Variant
		fen  string
		want int
	}{
		{English, "W:W21,22,23,K32:B1,2", 100 + WeightsFor(English).King},
		{Russian, "W:W21,22,23,K32:B1,2", 100 + WeightsFor(Russian).King},
		{International, "W:W31,32,33,K50:B1,2", 100 + WeightsFor(International).King},
	} {
		p, err := ParseFEN(tc.v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, material := range []bool{true, false} {
			g := NewGameFrom(p, GameOptions{})
			r := NewSearcher(1).Search(context.Background(), g, Limits{Depth: 3, Material: material})
			if material && r.Score != tc.want {
				t.Errorf("%s %s: material search scores %d, want %d", tc.v.Name, tc.fen, r.Score, tc.want)
			}
			if !material && r.Score == tc.want {
				t.Errorf("%s %s: the full evaluation also scores exactly %d; the test tells nothing", tc.v.Name, tc.fen, r.Score)
			}
		}
	}
}

// TestSearch_TruncationSearchesLess checks that the depth truncation is on
// in English at full strength: the same depth costs fewer nodes than with
// it turned off, over the middle-game positions, and every answer is one
// of the position's legal moves.
func TestSearch_TruncationSearchesLess(t *testing.T) {
	off := [2]int{0, 0}
	var with, without uint64
	for _, g := range middleGames(English) {
		p := g.Position()
		if len(p.LegalMoves()) < 2 {
			continue
		}
		a := NewSearcher(4).Search(context.Background(), g, Limits{Depth: 11})
		b := NewSearcher(4).Search(context.Background(), g, Limits{Depth: 11, trunc: &off})
		with += a.Nodes
		without += b.Nodes
		if _, err := p.ParseMove(p.MoveString(&a.Move, Numeric)); err != nil {
			t.Errorf("%s: move %v is not legal: %v", p.FEN(), a.Move, err)
		}
	}
	if with == 0 || with >= without*9/10 {
		t.Errorf("depth 11 took %d nodes with the truncation, %d without: want at least a tenth fewer", with, without)
	}
	t.Logf("depth 11: %d nodes with the truncation, %d without", with, without)
}
