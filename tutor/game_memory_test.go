package tutor

import (
	"testing"

	"github.com/checkerstutor/checkers/engine"
)

// searcherOf reads the session's searcher under its lock.
func searcherOf(s *GameSession) *engine.Searcher {
	s.searchMu.Lock()
	defer s.searchMu.Unlock()
	return s.searcher
}

func TestGameSession_SearchTableLivesWhileTheAIPlays(t *testing.T) {
	r := newRecorder()
	s, err := NewGameSession(GameConfig{Learner: engine.White, Level: 2}, r.callbacks(), GameDeps{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if searcherOf(s) != nil {
		t.Fatal("a new session already holds a search table before the AI's first move")
	}
	s.Start()
	receive(t, r.moves, "AI move")
	s.Wait()
	if searcherOf(s) == nil {
		t.Fatal("the AI moved but the session keeps no search table between its moves")
	}
	s.Close()
	if searcherOf(s) != nil {
		t.Error("a closed session still holds its search table")
	}
}

func TestGameSession_TwoPlayersHoldNoSearchTable(t *testing.T) {
	r := newRecorder()
	s := mustSession(t, GameConfig{Mode: TwoPlayers}, r, GameDeps{})
	s.Start()
	if _, err := s.PlayText("11-15"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PlayText("23-19"); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if searcherOf(s) != nil {
		t.Error("a game between two people made a search table")
	}
}

func TestAITTMB_SmallTablesForTheShallowLevels(t *testing.T) {
	for _, tc := range []struct{ level, mb int }{
		{1, 1}, {6, 1}, // 7 plies at most
		{7, 8}, {9, 8}, {10, 8}, // the table the strength ladder used
	} {
		if got := aiTTMB(tc.level); got != tc.mb {
			t.Errorf("level %d: %d MB, want %d MB", tc.level, got, tc.mb)
		}
	}
}
