package tutor

import (
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// recorder collects a session's callbacks on channels.
type recorder struct {
	moves   chan PlayedMove
	over    chan engine.Status
	hints   chan Hint
	draws   chan DrawAnswer
	reviews chan Review
	think   atomic.Int32
}

func newRecorder() *recorder {
	return &recorder{moves: make(chan PlayedMove, 256), over: make(chan engine.Status, 8), hints: make(chan Hint, 8),
		draws: make(chan DrawAnswer, 8), reviews: make(chan Review, 8)}
}

func (r *recorder) callbacks() GameCallbacks {
	return GameCallbacks{
		OnThinking:   func(Thinking) { r.think.Add(1) },
		OnAIMove:     func(m PlayedMove) { r.moves <- m },
		OnGameOver:   func(s engine.Status) { r.over <- s },
		OnHint:       func(h Hint) { r.hints <- h },
		OnDrawAnswer: func(a DrawAnswer) { r.draws <- a },
		OnReview:     func(rv Review) { r.reviews <- rv },
	}
}

func receive[T any](t *testing.T, ch chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatalf("no %s within 30 s", what)
	}
	var zero T
	return zero
}

func mustSession(t *testing.T, cfg GameConfig, r *recorder, deps GameDeps) *GameSession {
	t.Helper()
	s, err := NewGameSession(cfg, r.callbacks(), deps)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

var testDate = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

func TestGameSession_AIRepliesToTheLearner(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Learner: engine.Black, Level: 1}, r, GameDeps{})
	s.Start()
	if v := s.View(); !v.LearnerToMove || v.Thinking {
		t.Fatalf("Black moves first in English checkers: the learner should be to move, got %+v", v)
	}
	pm, err := s.PlayText("11-15")
	if err != nil {
		t.Fatal(err)
	}
	if pm.Text != "11-15" || pm.Side != engine.Black || pm.Ply != 0 {
		t.Errorf("played %+v", pm)
	}
	ai := receive(t, r.moves, "AI move")
	if ai.Side != engine.White || ai.Ply != 1 {
		t.Errorf("AI move %+v", ai)
	}
	v := s.View()
	if len(v.Moves) != 2 || !v.LearnerToMove || len(v.Legal) == 0 {
		t.Errorf("after the reply: %d moves, learner to move %v, %d legal", len(v.Moves), v.LearnerToMove, len(v.Legal))
	}
	if r.think.Load() == 0 {
		t.Error("OnThinking was never called")
	}
}

func TestGameSession_AIMovesFirstWhenTheLearnerPlaysSecond(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Learner: engine.White, Level: 2}, r, GameDeps{})
	s.Start()
	ai := receive(t, r.moves, "AI move")
	if ai.Side != engine.Black || ai.Ply != 0 {
		t.Errorf("AI move %+v", ai)
	}
	if s.CanTakeBack() {
		t.Error("nothing of the learner's to take back, yet CanTakeBack is true")
	}
	if s.TakeBack() {
		t.Error("TakeBack undid the AI's opening move")
	}
}

func TestGameSession_TakeBackUndoesTheReplyAndTheLearnersMove(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Learner: engine.Black, Level: 1, Seed: 3}, r, GameDeps{})
	for i := 0; i < 2; i++ {
		legal := s.View().Legal
		if _, err := s.Play(legal[0]); err != nil {
			t.Fatal(err)
		}
		receive(t, r.moves, "AI move")
	}
	if !s.TakeBack() {
		t.Fatal("TakeBack refused")
	}
	if v := s.View(); len(v.Moves) != 2 || !v.LearnerToMove {
		t.Errorf("after a take-back: %d moves (want 2), learner to move %v", len(v.Moves), v.LearnerToMove)
	}
}

func TestGameSession_CancelledAIPlaysNothing(t *testing.T) {
	// Level 10 thinks for 3 s: the take-back and the close come long
	// before, and the answer must be dropped.
	r := newRecorder()
	s := mustSession(t, GameConfig{Learner: engine.Black, Level: 10}, r, GameDeps{Clock: NewFixedClock(testDate)})
	if _, err := s.PlayText("11-15"); err != nil {
		t.Fatal(err)
	}
	if !s.View().Thinking {
		t.Fatal("the AI is not thinking after the learner's move")
	}
	if _, err := s.PlayText("15-19"); err != ErrNotYourTurn {
		t.Errorf("a move while the AI thinks: got %v, want ErrNotYourTurn", err)
	}
	if !s.TakeBack() {
		t.Fatal("TakeBack refused while the AI thinks")
	}
	s.Wait()
	v := s.View()
	if len(v.Moves) != 0 || v.Thinking || !v.LearnerToMove {
		t.Errorf("after take-back during the search: %d moves, thinking %v, learner to move %v", len(v.Moves), v.Thinking, v.LearnerToMove)
	}
	if _, err := s.PlayText("9-13"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	select {
	case m := <-r.moves:
		t.Errorf("a cancelled search played %s", m.Text)
	default:
	}
	if v := s.View(); len(v.Moves) != 1 || v.LearnerToMove {
		t.Errorf("after Close: %d moves, learner to move %v", len(v.Moves), v.LearnerToMove)
	}
	if _, err := s.PlayText("13-17"); err == nil {
		t.Error("a closed session accepted a move")
	}
}

func TestGameSession_ResignEndsTheGameInWords(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Learner: engine.Black, Words: Words{Names: engine.RedAndWhite}}, r, GameDeps{})
	if err := s.Resign(); err != nil {
		t.Fatal(err)
	}
	st := receive(t, r.over, "game over")
	if st.Result != engine.WhiteWins || st.Text != "White wins: Red resigned." {
		t.Errorf("status %+v", st)
	}
	if err := s.Resign(); err != ErrGameOver {
		t.Errorf("second resignation: %v", err)
	}
}

func TestGameSession_LastCaptureEndsTheGame(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{StartFEN: "B:W18:B14,K1", Learner: engine.Black}, r, GameDeps{})
	if _, err := s.PlayText("14x23"); err != nil {
		t.Fatal(err)
	}
	st := receive(t, r.over, "game over")
	if st.Result != engine.BlackWins || st.Reason != engine.NoPieces || !strings.Contains(st.Text, "no pieces left") {
		t.Errorf("status %+v", st)
	}
	if v := s.View(); v.Thinking || v.LearnerToMove {
		t.Errorf("after the end: thinking %v, learner to move %v", v.Thinking, v.LearnerToMove)
	}
}

func TestGameSession_IllegalAttemptIsExplained(t *testing.T) {
	s := mustSession(t, GameConfig{StartFEN: "B:W18:B14,K1", Learner: engine.Black}, newRecorder(), GameDeps{})
	v := engine.English
	from, to := v.CoordOf(1), v.CoordOf(6)
	if got, want := s.Explain(from, to), "A capture is available on 14: capturing is compulsory."; got != want {
		t.Errorf("Explain = %q, want %q", got, want)
	}
	if got := s.Explain(v.CoordOf(14), v.CoordOf(23)); got != "" {
		t.Errorf("a legal capture explained as %q", got)
	}
}

func TestGameSession_DrawOffer(t *testing.T) {
	t.Run("level position accepted", func(t *testing.T) {
		r := newRecorder()
		s := mustSession(t, GameConfig{StartFEN: "B:WK32:BK1", Learner: engine.Black}, r, GameDeps{})
		if err := s.OfferDraw(); err != nil {
			t.Fatal(err)
		}
		if a := receive(t, r.draws, "draw answer"); !a.Accepted {
			t.Errorf("a king each: the AI declined (%s)", a.Text)
		}
		if st := receive(t, r.over, "game over"); st.Result != engine.Drawn || st.Reason != engine.Agreement {
			t.Errorf("status %+v", st)
		}
	})
	t.Run("winning AI declines", func(t *testing.T) {
		r := newRecorder()
		s := mustSession(t, GameConfig{StartFEN: "B:WK22,K23,K24:B5", Learner: engine.Black}, r, GameDeps{})
		if err := s.OfferDraw(); err != nil {
			t.Fatal(err)
		}
		if a := receive(t, r.draws, "draw answer"); a.Accepted {
			t.Errorf("three kings against a man: the AI accepted (%s)", a.Text)
		}
		if s.Status().Result != engine.Ongoing {
			t.Error("a declined offer ended the game")
		}
	})
	t.Run("database says drawn", func(t *testing.T) {
		r := newRecorder()
		eg := NewEndgamesFrom(func() (engine.Prober, error) { return fakeProber{engine.DrawWDL}, nil })
		if _, err := eg.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		// Material says White is far ahead, the database says drawn: the
		// database wins.
		s := mustSession(t, GameConfig{StartFEN: "B:WK22,K23,K24:B5", Learner: engine.Black}, r, GameDeps{Endgames: eg})
		if err := s.OfferDraw(); err != nil {
			t.Fatal(err)
		}
		if a := receive(t, r.draws, "draw answer"); !a.Accepted {
			t.Errorf("the database said drawn, the AI declined (%s)", a.Text)
		}
	})
}

// fakeProber gives every position the same value.
type fakeProber struct{ v engine.WDL }

func (f fakeProber) Probe(*engine.Position) (engine.WDL, int, bool) { return f.v, 0, true }

func TestEndgames_BuiltOnceLazily(t *testing.T) {
	var builds atomic.Int32
	release := make(chan struct{})
	eg := NewEndgamesFrom(func() (engine.Prober, error) {
		builds.Add(1)
		<-release
		return fakeProber{engine.Win}, nil
	})
	if builds.Load() != 0 {
		t.Fatal("built before anyone asked")
	}
	if _, ok := eg.Ready(engine.English); ok {
		t.Fatal("ready before the build finished")
	}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); eg.Ready(engine.English) }()
	}
	wg.Wait()
	close(release)
	if _, err := eg.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, ok := eg.Ready(engine.English); !ok {
		t.Error("not ready after the build")
	}
	if _, ok := eg.Ready(engine.Russian); ok {
		t.Error("a Russian database is ready, but only English has one")
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("built %d times", n)
	}
}

func TestGameSession_HintIsALegalMove(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{StartFEN: "W:W21,28,32:B18,20", Learner: engine.White}, r, GameDeps{})
	if err := s.Hint(); err != nil {
		t.Fatal(err)
	}
	h := receive(t, r.hints, "hint")
	if h.Move == nil || h.Level != 3 || len(h.Arrows) != 1 || h.Ring[0] != h.Move.From {
		t.Fatalf("hint %+v", h)
	}
	// The shot 28-24 wins at once (20x27, 32x14 and Black has nothing).
	if h.Text != "Play 28-24." {
		t.Errorf("hint text %q, want the winning shot", h.Text)
	}
}

func TestGameSession_TwoPlayersAgreeADraw(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Mode: TwoPlayers}, r, GameDeps{})
	for _, m := range []string{"11-15", "23-19", "8-11"} {
		if _, err := s.PlayText(m); err != nil {
			t.Fatal(m, err)
		}
	}
	if !s.TakeBack() || len(s.View().Moves) != 2 {
		t.Error("a two-player take-back undoes one move")
	}
	if err := s.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if st := receive(t, r.over, "game over"); st.Text != "Draw: the players agreed to a draw." {
		t.Errorf("status %q", st.Text)
	}
	select {
	case m := <-r.moves:
		t.Errorf("the AI moved in a two-player game: %s", m.Text)
	default:
	}
}

func TestGameSession_SaveAndResume(t *testing.T) {
	clock := NewFixedClock(testDate)
	r := newRecorder()
	s := mustSession(t, GameConfig{Variant: engine.Russian, Learner: engine.White, Level: 2, Seed: 9,
		Words: Words{Notation: engine.AlgebraicNotation}}, r, GameDeps{Clock: clock})
	for i := 0; i < 3; i++ {
		if _, err := s.Play(s.View().Legal[0]); err != nil {
			t.Fatal(err)
		}
		receive(t, r.moves, "AI move")
	}
	saved := s.Save()
	data, err := json.Marshal(saved)
	if err != nil {
		t.Fatal(err)
	}
	var back SavedGame
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	r2 := newRecorder()
	s2, err := ResumeGame(back, r2.callbacks(), GameDeps{Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	a, b := s.View(), s2.View()
	if a.Position.FEN() != b.Position.FEN() || len(a.Moves) != len(b.Moves) || a.Moves[0].Text != b.Moves[0].Text {
		t.Errorf("resumed %s after %d moves, saved %s after %d", b.Position.FEN(), len(b.Moves), a.Position.FEN(), len(a.Moves))
	}
	if c := s2.Config(); c.Variant != engine.Russian || c.Level != 2 || c.Learner != engine.White || c.Seed != 9 {
		t.Errorf("resumed config %+v", c)
	}
	if !strings.Contains(a.Moves[0].Text, "-") || a.Moves[0].Text[0] < 'a' {
		t.Errorf("Russian moves should read algebraically, got %q", a.Moves[0].Text)
	}
	pdn := s2.PDN("", "Ann")
	for _, want := range []string{`[Date "2025.03.14"]`, `[White "Ann"]`, `[Black "Computer (level 2)"]`, `[GameType "25"]`, `[Result "*"]`} {
		if !strings.Contains(pdn, want) {
			t.Errorf("PDN lacks %s:\n%s", want, pdn)
		}
	}
	games, err := engine.ParsePDN(pdn, engine.Russian)
	if err != nil || len(games) != 1 || len(games[0].Moves) != 6 {
		t.Errorf("the PDN does not read back: %v", err)
	}
	bad := back
	bad.Moves = append(append([]string(nil), bad.Moves...), "a1-h8")
	if _, err := ResumeGame(bad, GameCallbacks{}, GameDeps{}); err == nil || !strings.Contains(err.Error(), "move 7") {
		t.Errorf("a saved game with an illegal move: %v", err)
	}
	bad = back
	bad.Variant = "chess"
	if _, err := ResumeGame(bad, GameCallbacks{}, GameDeps{}); err == nil {
		t.Error("a saved game of an unknown variant resumed")
	}
}

func TestGameSession_ReviewMarksTheBlunder(t *testing.T) {
	// White to move: 24-20 gives a man away, 27-23 keeps everything.
	r := newRecorder()
	s := mustSession(t, GameConfig{Mode: TwoPlayers, StartFEN: "W:W24,27,28:B3,11,15"}, r, GameDeps{})
	if _, err := s.PlayText("24-20"); err != nil {
		t.Fatal(err)
	}
	s.Review()
	rv := receive(t, r.reviews, "review")
	if len(rv.Moves) != 1 || len(rv.Mistakes) != 1 {
		t.Fatalf("review %+v", rv)
	}
	m := rv.Mistakes[0]
	if m.Text != "24-20" || m.Loss < MistakeLoss || m.Best == "" || !strings.HasPrefix(m.Comment, "Move 1 (24-20) ") {
		t.Errorf("mistake %+v", m)
	}
}

func TestGameConfig_RejectsBadSettings(t *testing.T) {
	for _, cfg := range []GameConfig{{Level: 11}, {Level: -1}, {StartFEN: "X:nonsense"}, {StartFEN: "B:W18:B"}, {Mode: 7}} {
		if _, err := NewGameSession(cfg, GameCallbacks{}, GameDeps{}); err == nil {
			t.Errorf("%+v accepted", cfg)
		}
	}
}
