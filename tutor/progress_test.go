package tutor

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

func openTemp(t *testing.T) (*Progress, string, *FixedClock) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "progress.json")
	clock := NewFixedClock(testDate)
	p, n, err := OpenProgress(path, clock)
	if err != nil || n != (Notice{}) {
		t.Fatalf("a new file: notice %+v, error %v", n, err)
	}
	return p, path, clock
}

func TestProgress_SurvivesAReopen(t *testing.T) {
	p, path, clock := openTemp(t)
	s := p.Settings()
	s.Notation, s.Theme, s.Animations = "algebraic", "tournament", false
	must(t, p.SetSettings(s))
	must(t, p.RecordStep("english", "moving", 0, 3, StepRecord{Done: true, Stars: 2, Moves: 1}))
	must(t, p.RecordGame(engine.English, 1, Win))
	must(t, p.RecordGame(engine.English, 1, Loss))
	must(t, p.SaveGame(&SavedGame{Variant: "english", Moves: []string{"11-15"}}))

	q, n, err := OpenProgress(path, clock)
	if err != nil || n != (Notice{}) {
		t.Fatalf("reopen: %+v %v", n, err)
	}
	if got := q.Settings(); got != s {
		t.Errorf("settings %+v, want %+v", got, s)
	}
	if r := q.Lesson("english", "moving"); r.Current != 1 || len(r.Steps) != 3 || r.Steps[0].Stars != 2 || r.Done {
		t.Errorf("lesson record %+v", r)
	}
	if g := q.Games(engine.English)[1]; g != (GameStats{Wins: 1, Losses: 1}) {
		t.Errorf("games at level 1: %+v", g)
	}
	if sg, ok := q.SavedGame(); !ok || sg.Moves[0] != "11-15" {
		t.Errorf("saved game %+v %v", sg, ok)
	}
	if a := q.Achievements(); len(a) != 1 || a[0].ID != AchFirstWin || !a[0].Time.Equal(testDate) {
		t.Errorf("achievements %+v", a)
	}
}

func TestProgress_BestStarsAreKept(t *testing.T) {
	p, _, _ := openTemp(t)
	must(t, p.RecordStep("c", "l", 0, 1, StepRecord{Done: true, Stars: 3}))
	must(t, p.RecordStep("c", "l", 0, 1, StepRecord{Done: true, Stars: 1}))
	r := p.Lesson("c", "l")
	if r.Steps[0].Stars != 3 || !r.Done {
		t.Errorf("record %+v", r)
	}
	if _, ok := achievementsOf(p)[AchFirstLesson]; !ok {
		t.Error("finishing a lesson gives no achievement")
	}
}

func achievementsOf(p *Progress) map[string]bool {
	out := map[string]bool{}
	for _, a := range p.Achievements() {
		out[a.ID] = true
	}
	return out
}

func TestProgress_CrashBeforeRenameKeepsTheOriginal(t *testing.T) {
	p, path, clock := openTemp(t)
	must(t, p.RecordGame(engine.English, 2, Win))
	before, err := os.ReadFile(path)
	must(t, err)
	crash := errors.New("power cut")
	p.beforeRename = func() error { return crash }
	if err := p.RecordGame(engine.English, 2, Win); !errors.Is(err, crash) {
		t.Fatalf("write during the crash: %v", err)
	}
	temps, _ := filepath.Glob(path + ".tmp-*")
	if len(temps) != 1 {
		t.Fatalf("the crash should leave one temporary file, found %v", temps)
	}
	after, err := os.ReadFile(path)
	must(t, err)
	if string(after) != string(before) {
		t.Error("the file changed although the rename never happened")
	}
	q, n, err := OpenProgress(path, clock)
	if err != nil || n != (Notice{}) {
		t.Fatalf("reopen after the crash: %+v %v", n, err)
	}
	if g := q.Games(engine.English)[2]; g.Wins != 1 {
		t.Errorf("after the crash the file holds %d wins, want the 1 written before it", g.Wins)
	}
	if temps, _ := filepath.Glob(path + ".tmp-*"); len(temps) != 0 {
		t.Errorf("temporary files left after reopening: %v", temps)
	}
}

func TestProgress_BadFileIsKeptAsideAndTheLearnerStartsClean(t *testing.T) {
	newer, _ := json.Marshal(map[string]any{"version": ProgressVersion + 1, "settings": map[string]any{"theme": "x"}})
	for _, tc := range []struct {
		name, content, why string
	}{
		{"corrupt", `{"version": 1, "lessons": {`, "damaged"},
		{"not json", "\x00\x01binary", "damaged"},
		{"newer version", string(newer), "newer version"},
		{"no version", `{"settings": {}}`, "no version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "progress.json")
			must(t, os.WriteFile(path, []byte(tc.content), 0o644))
			p, n, err := OpenProgress(path, NewFixedClock(testDate))
			if err != nil {
				t.Fatal(err)
			}
			if n.Backup != path+".corrupt-20250314-150926" || !strings.Contains(n.Text, tc.why) || !strings.Contains(n.Text, "start afresh") {
				t.Errorf("notice %+v", n)
			}
			for _, lang := range []string{LangDutch, LangGerman} {
				txt := n.TextIn(lang)
				if txt == n.Text || !strings.Contains(txt, filepath.Base(n.Backup)) || strings.Contains(txt, "{") {
					t.Errorf("notice in %s: %q", lang, txt)
				}
			}
			kept, err := os.ReadFile(n.Backup)
			if err != nil || string(kept) != tc.content {
				t.Errorf("backup holds %q (%v), want the old file", kept, err)
			}
			if p.Settings() != DefaultSettings() || len(p.Achievements()) != 0 {
				t.Error("the learner does not start clean")
			}
			must(t, p.RecordGame(engine.Russian, 3, Draw))
			q, n2, err := OpenProgress(path, NewFixedClock(testDate))
			if err != nil || n2 != (Notice{}) || q.Games(engine.Russian)[3].Draws != 1 {
				t.Errorf("the fresh file does not read back: %+v %v", n2, err)
			}
		})
	}
}

func TestProgress_ResetKeepsABackup(t *testing.T) {
	p, path, clock := openTemp(t)
	s := p.Settings()
	s.Sound = false
	must(t, p.SetSettings(s))
	must(t, p.RecordGame(engine.English, 1, Win))
	clock.Advance(time.Hour)
	backup, err := p.Reset()
	must(t, err)
	if backup != path+".reset-20250314-160926" {
		t.Errorf("backup %q", backup)
	}
	var old progressFile
	data, err := os.ReadFile(backup)
	must(t, err)
	must(t, json.Unmarshal(data, &old))
	if old.Games["english/1"].Wins != 1 {
		t.Error("the backup lost the old games")
	}
	q, _, err := OpenProgress(path, clock)
	must(t, err)
	if len(q.Games(engine.English)) != 0 || len(q.Achievements()) != 0 {
		t.Error("reset did not clear the progress")
	}
	if q.Settings().Sound {
		t.Error("reset lost the settings")
	}
}

func TestProgress_GameSessionRecordsResultsAndFirsts(t *testing.T) {
	p, _, _ := openTemp(t)
	r := newRecorder()
	s := mustSession(t, GameConfig{StartFEN: "B:W18:B14,K1", Learner: engine.Black, Level: 4}, r, GameDeps{Progress: p})
	if _, err := s.PlayText("14x23"); err != nil {
		t.Fatal(err)
	}
	receive(t, r.over, "game over")
	if g := p.Games(engine.English)[4]; g.Wins != 1 {
		t.Errorf("level 4 games %+v", g)
	}
	got := achievementsOf(p)
	if !got[AchFirstCapture] || !got[AchFirstWin] || got[AchFirstKing] {
		t.Errorf("achievements %v", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
