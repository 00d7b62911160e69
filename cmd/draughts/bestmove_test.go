package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

func TestBestmove_PrintsALegalMoveInPDN(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"default level", []string{"bestmove"}},
		{"level 1 russian", []string{"--variant", "russian", "bestmove", "--level", "1"}},
		{"depth international", []string{"bestmove", "--variant", "international", "--depth", "3"}},
		{"after moves", []string{"bestmove", "--moves", "11-15 23-19", "--depth", "4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCLI(t, "", tc.args...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			// the answer must be a legal move of the position
			v := engine.English
			for i, a := range tc.args {
				if a == "--variant" {
					v, _ = engine.VariantByName(tc.args[i+1])
				}
			}
			p := v.StartPosition()
			for i, a := range tc.args {
				if a == "--moves" {
					_, p, _ = playList(p, tc.args[i+1])
				}
			}
			if _, err := p.ParseMove(strings.TrimSpace(stdout)); err != nil || !strings.HasSuffix(stdout, "\n") || strings.Count(stdout, "\n") != 1 {
				t.Errorf("output %q is not one legal move: %v", stdout, err)
			}
		})
	}
}

func TestBestmove_JSONHasScoreDepthNodesAndPV(t *testing.T) {
	stdout, _, status := runCLI(t, "", "bestmove", "--moves", "11-15 23-19", "--depth", "6", "--json")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var r bestmoveReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("%v in %q", err, stdout)
	}
	if r.Depth != 6 || r.Nodes == 0 || len(r.PV) == 0 || r.PV[0] != r.Move {
		t.Errorf("report %+v: want depth 6, nodes, and a PV starting with the move", r)
	}
	_, p, err := playList(engine.English.StartPosition(), "11-15 23-19")
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range r.PV {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("PV move %d %q: %v", i+1, s, err)
		}
		p.Play(&m)
	}
}

// timedTries is how many times a wall-clock check is tried before it
// fails: a busy machine (other test binaries running beside this one) can
// hold a process off the processor for a while, and that says nothing
// about the command. A command that does not keep to its time fails every
// try. (The search's own stopping rule is checked exactly, on a clock of
// its own, by TestSearch_ClockMeasuresTheMoveTime in package engine.)
const timedTries = 3

// tryTimed runs check up to timedTries times and reports the last failure
// if none passes.
func tryTimed(t *testing.T, check func() string) {
	t.Helper()
	var failure string
	for range timedTries {
		if failure = check(); failure == "" {
			return
		}
	}
	t.Errorf("%s (in each of %d tries)", failure, timedTries)
}

func TestBestmove_MovetimeIsHonoured(t *testing.T) {
	// The reported elapsed time must be close to the limit: at least most
	// of it (the search uses the time it is given) and never much more.
	for _, ms := range []int64{100, 300} {
		tryTimed(t, func() string {
			stdout, _, status := runCLI(t, "", "bestmove", "--movetime", itoa(ms), "--json", "--egdb=false")
			if status != 0 {
				t.Fatalf("status %d", status)
			}
			var r bestmoveReport
			if err := json.Unmarshal([]byte(stdout), &r); err != nil {
				t.Fatal(err)
			}
			if r.MS < ms*8/10 || r.MS > ms+100 {
				return fmt.Sprintf("--movetime %d: answered after %d ms", ms, r.MS)
			}
			return ""
		})
	}
}

// In an English ending the database is read while the search already
// runs: the whole command, database included, keeps to the move time.
func TestBestmove_MovetimeIsHonouredInAnEnding(t *testing.T) {
	const ms = 300
	tryTimed(t, func() string {
		start := time.Now()
		stdout, errOut, status := runCLI(t, "", "bestmove", "--movetime", itoa(ms), "--json", "--fen", "W:W25,21,15,K11:BK18,14,12,5")
		took := time.Since(start)
		if status != 0 {
			t.Fatalf("status %d: %s", status, errOut)
		}
		var r bestmoveReport
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		if took > (ms+250)*time.Millisecond || r.MS < ms*8/10 {
			return fmt.Sprintf("--movetime %d in an ending: the command took %v, the search %d ms", ms, took, r.MS)
		}
		return ""
	})
}

func TestBestmove_FirstPositionIsAWinWithTheDatabase(t *testing.T) {
	stdout, _, status := runCLI(t, "", "bestmove", "--fen", "W:WK15,20:B12,K28", "--level", "10", "--json")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var r bestmoveReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if r.Win == nil || *r.Win <= 0 {
		t.Errorf("report %+v: want a win score from the endgame database", r)
	}
}

// Russian: three kings, one on the big road, against one are won in 21
// plies; a depth-4 search knows it only from the database.
func TestBestmove_RussianThreeKingsWinWithTheDatabase(t *testing.T) {
	for _, db := range []bool{true, false} {
		stdout, _, status := runCLI(t, "", "--variant", "russian", "bestmove", "--fen", "W:WK29,K30,K31:BK1",
			"--depth", "4", "--json", "--egdb="+strconv.FormatBool(db))
		if status != 0 {
			t.Fatalf("status %d", status)
		}
		var r bestmoveReport
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatal(err)
		}
		switch {
		case db && (r.Win == nil || *r.Win != 21):
			t.Errorf("with the database: report %+v, want a win in 21 plies", r)
		case !db && r.Win != nil:
			t.Errorf("without the database: report %+v, want no proven win at depth 4", r)
		}
	}
}

func TestAnalyze_OneLinePerDepth(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "analyze", "--depth", "5")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5:\n%s", len(lines), stdout)
	}
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 8 || f[0] != "depth" || f[1] != itoa(int64(i+1)) || f[2] != "score" || f[4] != "nodes" || f[6] != "pv" {
			t.Errorf("line %q: want depth %d score S nodes N pv moves", l, i+1)
		}
	}
}

func TestMatch_PrintsProgressAndScore(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "match", "--a", "level=2", "--b", "depth=1", "--games", "4", "--workers", "1")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("want a title, the progress and the result:\n%s", stdout)
	}
	if len(lines[1]) != 4 || strings.Trim(lines[1], "+=-") != "" {
		t.Errorf("progress %q: want one of + = - per game", lines[1])
	}
	w, d, l := strings.Count(lines[1], "+"), strings.Count(lines[1], "="), strings.Count(lines[1], "-")
	if want := "A level=2: +" + itoa(int64(w)) + " =" + itoa(int64(d)) + " -" + itoa(int64(l)) + ", score "; !strings.HasPrefix(lines[2], want) || !strings.Contains(lines[2], "Elo ") {
		t.Errorf("result %q, want it to start %q and give the Elo difference", lines[2], want)
	}
}

// On a game clock the match says so and counts the games lost on time
// (a busy machine may make a player overstep its clock: the counts are
// not asserted; TestPlayMatch_GameClock* in engine check the clock).
func TestMatch_GameClock(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "match", "--a", "level=10", "--b", "level=10", "--games", "2", "--workers", "2",
		"--time", "400", "--inc", "10", "--movelimit", "10")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !strings.Contains(stdout, "2 games, 400ms a game + 10ms a move") || !regexp.MustCompile(`; lost on time: A [0-2], B [0-2]\n$`).MatchString(stdout) {
		t.Errorf("output:\n%s\nwant the clock in the title and the games lost on time at the end", stdout)
	}
}

func TestHub_AnswersInTheChosenVariant(t *testing.T) {
	stdout, _, status := runCLI(t, "hub\ninit\nquit\n", "--variant", "russian", "hub", "--egdb=false")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	if !strings.Contains(stdout, "param name=variant value=russian") || !strings.Contains(stdout, "ready") {
		t.Errorf("output %q: want the russian variant and ready", stdout)
	}
}

func TestSearchCommands_BadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"bestmove", "--level", "11"}, "--level 11: give a level from 1 to 10"},
		{[]string{"bestmove", "--level", "2", "--depth", "3"}, "give one of --level, --movetime and --depth"},
		{[]string{"bestmove", "--movetime", "0"}, "--movetime 0: give milliseconds from 1 to 3600000"},
		{[]string{"bestmove", "--movetime", "100", "--threads", "65"}, "--threads 65: give a number of threads from 1 to 64"},
		{[]string{"bestmove", "--depth", "101"}, "--depth 101: give a depth from 1 to 100"},
		{[]string{"bestmove", "--fen", "W:W1:B"}, "bestmove: the game is over (0-2, no legal move)"},
		{[]string{"analyze", "--depth", "0"}, "--depth 0: give a depth from 1 to 100"},
		{[]string{"match", "--a", "level=2"}, "--b: give a player such as level=5, depth=8 or movetime=500"},
		{[]string{"match", "--a", "level=0", "--b", "level=1"}, `--a "level=0": level 0: give a level from 1 to 10`},
		{[]string{"match", "--a", "speed=3", "--b", "level=1"}, `--a "speed=3": unknown key "speed" (level, depth, movetime, nodes, threads or contempt)`},
		{[]string{"match", "--a", "level", "--b", "level=1"}, `--a "level": "level" is not key=number (level, depth, movetime, nodes, threads or contempt)`},
		{[]string{"match", "--a", "level=10,threads=0", "--b", "level=1"}, `--a "level=10,threads=0": threads 0: give 1 to 64 threads`},
		{[]string{"match", "--a", "level=9", "--b", "nodes=0"}, `--b "nodes=0": nodes 0: give a node budget from 1 to 1000000000`},
		{[]string{"match", "--a", "level=9,contempt=101", "--b", "level=8"}, `--a "level=9,contempt=101": contempt 101: give centi-men from 0 to 100`},
		{[]string{"match", "--a", "level=1", "--b", "level=1", "--games", "0"}, "--games 0: give a number of games from 1 to 100000"},
		{[]string{"match", "--a", "level=1", "--b", "level=1", "--inc", "100"}, "--inc 100: give milliseconds from 0 to 3600000, with --time"},
		{[]string{"match", "--a", "level=1", "--b", "level=1", "--time", "-5"}, "--time -5: give milliseconds on each clock, from 1 to 36000000"},
		{[]string{"match", "--a", "level=1", "--b", "level=1", "--first", "-2"}, "--first -2: give the number of games to skip, 0 or more"},
		{[]string{"match", "--a", "level=1", "--b", "level=1", "--clock", "sun"}, `--clock "sun": give wall or cpu`},
		{[]string{"hub", "extra"}, `hub: unexpected argument "extra" (flags start with --)`},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			stdout, stderr, status := runCLI(t, "", tc.args...)
			if status != 2 || stdout != "" {
				t.Errorf("status %d, stdout %q; want 2 and nothing", status, stdout)
			}
			if want := "draughts: " + tc.want + "\n"; stderr != want {
				t.Errorf("stderr\n got %q\nwant %q", stderr, want)
			}
		})
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestParsePlayer_NodesAndContempt(t *testing.T) {
	l9 := engine.LevelFor(engine.Russian, 9)
	if l9.Contempt == 0 {
		t.Fatal("Russian level 9 plays without contempt; the check of contempt=0 below would prove nothing")
	}
	for _, tc := range []struct {
		spec     string
		nodes    uint64
		time     time.Duration
		contempt int
	}{
		{"level=9", l9.Nodes, l9.MoveTime, l9.Contempt},
		{"level=9,nodes=2000000", 2_000_000, l9.MoveTime, l9.Contempt},
		{"level=9,contempt=0", l9.Nodes, l9.MoveTime, 0},
		{"level=10,contempt=30", 0, engine.Level(10).MoveTime, 30},
		{"nodes=5000", 5000, 0, 0},
		{"nodes=5000,movetime=300", 5000, 300 * time.Millisecond, 0},
	} {
		p, err := parsePlayer(engine.Russian, "--a", tc.spec, 0, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if l := p.Limits; l.Nodes != tc.nodes || l.MoveTime != tc.time || l.Contempt != tc.contempt {
			t.Errorf("%s: nodes %d, move time %v, contempt %d; want %d, %v and %d", tc.spec, l.Nodes, l.MoveTime, l.Contempt, tc.nodes, tc.time, tc.contempt)
		}
	}
}

func TestMatch_WritesTheGamesInPDN(t *testing.T) {
	path := t.TempDir() + "/games.pdn"
	stdout, stderr, status := runCLI(t, "", "--variant", "russian", "match", "--a", "level=2", "--b", "depth=1", "--games", "3", "--workers", "1", "--pdn", path)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	games := readMatchPDN(t, path, 3)
	lines := strings.Split(stdout, "\n")
	for i, g := range games {
		if g.Variant != engine.Russian || len(g.Moves) == 0 {
			t.Errorf("game %d: variant %v, %d moves", i+1, g.Variant, len(g.Moves))
		}
		if _, err := g.Game(engine.GameOptions{}); err != nil {
			t.Errorf("game %d does not replay: %v", i+1, err)
		}
		a, _ := g.Tag("White")
		b, _ := g.Tag("Black")
		if !(a == "level=2" && b == "depth=1" || a == "depth=1" && b == "level=2") {
			t.Errorf("game %d: players %q and %q", i+1, a, b)
		}
	}
	if len(lines) < 2 || len(lines[1]) != 3 {
		t.Errorf("progress line %q", lines)
	}
}

// --first skips games of the seeded order; the PDN rounds keep their
// numbers in the whole match.
func TestMatch_FirstSkipsGames(t *testing.T) {
	path := t.TempDir() + "/games.pdn"
	stdout, stderr, status := runCLI(t, "", "match", "--a", "level=2", "--b", "depth=1", "--games", "2", "--first", "5", "--workers", "1", "--pdn", path)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if title, _, _ := strings.Cut(stdout, "\n"); !strings.HasSuffix(title, "2 games from game 6") {
		t.Errorf("title %q, want it to end in %q", title, "2 games from game 6")
	}
	games := readMatchPDN(t, path, 2)
	var rounds []string
	for _, g := range games {
		r, _ := g.Tag("Round")
		rounds = append(rounds, r)
	}
	if got := strings.Join(rounds, " "); got != "6 7" {
		t.Errorf("rounds %q, want 6 7", got)
	}
}

// readMatchPDN reads the n games that match wrote to path.
func readMatchPDN(t *testing.T, path string, n int) []engine.PDNGame {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := engine.ParsePDN(string(data), engine.English)
	if err != nil || len(games) != n {
		t.Fatalf("%d games read back (%v), want %d:\n%s", len(games), err, n, data)
	}
	return games
}
