package tutor

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

const testPack = `id = "t"
title = "Test puzzles"
variant = "english"

[[puzzle]]
id = "block"
title = "Block"
fen = "W:W19,20:B12"
goal = "win"
solution = ["20-16"]
rating = 900

[[puzzle]]
id = "shot"
title = "Two for one"
fen = "W:W21,28,32:B18,20"
goal = "win"
solution = ["28-24", "20x27", "32x14"]
explanation = "Black must take on 24."
rating = 1300
`

// testSolver is shared so that its cached endgame graphs serve every
// test; exact solving stops at 4 pieces to keep the tests quick.
var testSolver = &puzzles.Exhaustive{ExactPieces: 4}

func testPuzzles(t *testing.T, opts PuzzleOptions) *PuzzleSession {
	t.Helper()
	opts.Solver = testSolver
	pk, errs := puzzles.Load("t.toml", []byte(testPack))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s, err := NewPuzzleSession(engine.English, []*puzzles.Pack{pk}, opts)
	must(t, err)
	t.Cleanup(s.Close)
	return s
}

func playText(t *testing.T, s *PuzzleSession, text string) Feedback {
	t.Helper()
	p := s.View().Position
	m, err := p.ParseMove(text)
	must(t, err)
	fb, err := s.Play(t.Context(), m)
	must(t, err)
	return fb
}

func TestPuzzleSession_StoredLineWithAutomaticReplies(t *testing.T) {
	s := testPuzzles(t, PuzzleOptions{})
	must(t, s.Open("t/shot"))
	fb := playText(t, s, "28-24")
	if fb.Kind != FeedbackCorrect || fb.ReplyText != "20x27" || fb.Solved {
		t.Fatalf("first move: %+v", fb)
	}
	fb = playText(t, s, "32x14")
	if !fb.Solved || s.View().Explanation != "Black must take on 24." {
		t.Errorf("last move: %+v", fb)
	}
	st := s.Stats()
	if st.Solved != 1 || st.Streak != 1 || st.Rating.R <= 1500 || st.Puzzles["t/shot"].R >= 1300 {
		t.Errorf("after solving: %+v", st)
	}
}

func TestPuzzleSession_AnotherWinningMoveIsAlsoCorrect(t *testing.T) {
	s := testPuzzles(t, PuzzleOptions{})
	must(t, s.Open("t/block"))
	fb := playText(t, s, "19-15")
	if fb.Kind != FeedbackAlternative || !strings.Contains(fb.Text, "also correct") {
		t.Fatalf("19-15: %+v", fb)
	}
	solver := puzzles.NewExhaustive()
	for i := 0; !fb.Solved && i < 20; i++ {
		p := s.View().Position
		ms, err := solver.WinningMoves(t.Context(), p, puzzles.Goal{Kind: puzzles.GoalWin})
		if err != nil || len(ms) == 0 {
			t.Fatalf("no winning move in %s: %v", p.FEN(), err)
		}
		if fb, err = s.Play(t.Context(), ms[0]); err != nil || fb.Kind == FeedbackWrong {
			t.Fatalf("the solver's own move was refused: %+v %v", fb, err)
		}
	}
	if !fb.Solved || s.Stats().Failed != 0 {
		t.Errorf("not solved by the other way: %+v", fb)
	}
}

func TestPuzzleSession_WrongMoveIsRefutedAndRated(t *testing.T) {
	s := testPuzzles(t, PuzzleOptions{})
	must(t, s.Open("t/shot"))
	before := s.View().Position
	fb := playText(t, s, "32-27")
	if fb.Kind != FeedbackWrong || len(fb.Refutation) == 0 || !strings.HasPrefix(fb.Text, "After that, Black ") {
		t.Fatalf("feedback %+v", fb)
	}
	v := s.View()
	if v.Position.FEN() != before.FEN() || !v.Failed || v.Rating.R >= 1500 || v.Streak != 0 {
		t.Errorf("after the wrong move: %+v", v)
	}
	// A newcomer's Glicko rating would fall by hundreds; one puzzle
	// moves it by MaxPuzzleSwing at most.
	if v.Rating.R < 1500-MaxPuzzleSwing || NewRating().Update([]RatedGame{{Opponent: RatingFrom(1300), Score: 0}}, Tau).R >= 1500-MaxPuzzleSwing {
		t.Errorf("rating %.0f after one wrong move from 1500 (the uncapped fall must be larger than the cap for this test)", v.Rating.R)
	}
	// Solving it afterwards does not rate it again.
	r := v.Rating
	playText(t, s, "28-24")
	playText(t, s, "32x14")
	if got := s.Stats(); got.Rating != r || got.Solved != 0 || got.Failed != 1 {
		t.Errorf("a failed puzzle was rated twice: %+v", got)
	}
}

func TestPuzzleSession_FailedPuzzlesComeBackAfter1And3And7Days(t *testing.T) {
	clock := NewFixedClock(testDate)
	pr, _, err := OpenProgress(filepath.Join(t.TempDir(), "p.json"), clock)
	must(t, err)
	s := testPuzzles(t, PuzzleOptions{Progress: pr, Clock: clock})
	must(t, s.Open("t/shot"))
	playText(t, s, "32-27") // fails
	day := 24 * time.Hour
	want := func(key string, review bool) {
		t.Helper()
		v := s.Next()
		if v.Key != key || v.Review != review {
			t.Fatalf("at %s: next is %s (review %v), want %s (review %v)", clock.Now().Format("Jan 2"), v.Key, v.Review, key, review)
		}
	}
	clock.Advance(day - time.Minute)
	want("t/block", false) // not due yet
	clock.Advance(time.Minute)
	want("t/shot", true)
	playText(t, s, "28-24")
	playText(t, s, "32x14")
	if item := pr.Puzzles(engine.English).Review["t/shot"]; item.Stage != 1 || !item.Due.Equal(clock.Now().Add(3*day)) {
		t.Fatalf("after the first review: %+v", item)
	}
	clock.Advance(3 * day)
	want("t/shot", true)
	playText(t, s, "28-24")
	playText(t, s, "32x14")
	clock.Advance(7 * day)
	want("t/shot", true)
	playText(t, s, "28-24")
	playText(t, s, "32x14")
	if _, ok := pr.Puzzles(engine.English).Review["t/shot"]; ok {
		t.Error("the puzzle is still queued after the 7-day review")
	}
	if h := pr.Puzzles(engine.English).History; len(h) != 4 || !h[3].Time.Equal(clock.Now()) {
		t.Errorf("rating history %+v", h)
	}
}

func TestPuzzleSession_StreakOfTen(t *testing.T) {
	pr, _, err := OpenProgress(filepath.Join(t.TempDir(), "p.json"), nil)
	must(t, err)
	s := testPuzzles(t, PuzzleOptions{Progress: pr})
	for i := 0; i < 10; i++ {
		must(t, s.Open("t/shot"))
		playText(t, s, "28-24")
		playText(t, s, "32x14")
	}
	got := achievementsOf(pr)
	if st := pr.Puzzles(engine.English); st.Streak != 10 || st.BestStreak != 10 || !got[AchStreak10] || !got[AchFirstPuzzle] {
		t.Errorf("streak %d, best %d, achievements %v", st.Streak, st.BestStreak, got)
	}
	must(t, s.Open("t/shot"))
	playText(t, s, "32-27")
	if st := pr.Puzzles(engine.English); st.Streak != 0 || st.BestStreak != 10 {
		t.Errorf("after a failure: streak %d, best %d", st.Streak, st.BestStreak)
	}
}

func TestPuzzleSession_ShowingTheMoveCountsAsAFailure(t *testing.T) {
	s := testPuzzles(t, PuzzleOptions{})
	must(t, s.Open("t/shot"))
	for level := 1; level <= 3; level++ {
		h, err := s.Hint(t.Context())
		must(t, err)
		if h.Level != level {
			t.Fatalf("hint %d has level %d", level, h.Level)
		}
		if failed := s.View().Failed; failed != (level == 3) {
			t.Errorf("after hint %d failed is %v", level, failed)
		}
	}
}

func TestPuzzleSession_NextPrefersUnsolvedNearTheRating(t *testing.T) {
	s := testPuzzles(t, PuzzleOptions{})
	// 1500 is nearer 1300 than 900.
	if v := s.Next(); v.Key != "t/shot" || v.Review {
		t.Fatalf("first puzzle %s", v.Key)
	}
	playText(t, s, "28-24")
	playText(t, s, "32x14")
	if v := s.Next(); v.Key != "t/block" {
		t.Errorf("after solving the shot, next is %s", v.Key)
	}
}
