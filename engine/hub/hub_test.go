package hub

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// session drives Serve through pipes; a goroutine reads every line Serve
// writes into lines, so that Serve never waits for the test.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string // closed when Serve's output ends
	errc  chan error
}

// The start positions in Hub notation, White to move.
var (
	startEnglish       = "W" + strings.Repeat("b", 12) + strings.Repeat("e", 8) + strings.Repeat("w", 12)
	startInternational = "W" + strings.Repeat("b", 20) + strings.Repeat("e", 10) + strings.Repeat("w", 20)
)

func newSession(t *testing.T) *session {
	return newSessionWith(t, func(in io.Reader, out io.Writer) error { return Serve(context.Background(), in, out) })
}

// newSessionWith runs serve (Serve or ServeWith) on the session's pipes.
func newSessionWith(t *testing.T, serve func(in io.Reader, out io.Writer) error) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1<<16), errc: make(chan error, 1)}
	go func() {
		err := serve(inR, outW)
		outW.Close()
		s.errc <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// until reads lines until one starts with prefix and returns it with the
// lines before it; it fails the test if none comes within a minute.
func (s *session) until(prefix string) (string, []string) {
	s.t.Helper()
	l, seen, ok := s.untilWithin(prefix, time.Minute)
	if !ok {
		s.t.Fatalf("no line starting with %q; got %q", prefix, seen)
	}
	return l, seen
}

// untilWithin reads lines until one starts with prefix: ok is false when
// none came within d (the lines after d stay to be read).
func (s *session) untilWithin(prefix string, d time.Duration) (line string, seen []string, ok bool) {
	deadline := time.After(d)
	for {
		select {
		case l, open := <-s.lines:
			if !open {
				return "", seen, false
			}
			if strings.HasPrefix(l, prefix) {
				return l, seen, true
			}
			seen = append(seen, l)
		case <-deadline:
			return "", seen, false
		}
	}
}

// init sends init and waits for ready.
func (s *session) init() {
	s.t.Helper()
	s.send("init")
	s.until("ready")
}

// startSearch starts a session that searches pos with the level command
// level and the go command goCmd.
func startSearch(t *testing.T, pos, level, goCmd string) *session {
	s := newSession(t)
	s.init()
	s.send("pos pos=" + pos)
	s.send(level)
	s.send(goCmd)
	return s
}

func (s *session) quit() {
	s.t.Helper()
	s.send("quit")
	select {
	case err := <-s.errc:
		if err != nil {
			s.t.Errorf("Serve returned %v after quit", err)
		}
	case <-time.After(5 * time.Second):
		s.t.Fatal("Serve did not return after quit")
	}
}

func TestHub_InitialisationAnswersIdParamsWaitReady(t *testing.T) {
	s := newSession(t)
	s.send("hub")
	_, before := s.until("wait")
	if len(before) < 4 || !strings.HasPrefix(before[0], "id name=") {
		t.Fatalf("answer to hub: %q", before)
	}
	for _, p := range []string{"variant", "level", "tt-size", "threads"} {
		found := false
		for _, l := range before {
			c, _ := ParseLine(l)
			if n, _ := c.Get("name"); c.Name == "param" && n == p {
				found = true
			}
		}
		if !found {
			t.Errorf("no param %s in %q", p, before)
		}
	}
	if want := fmt.Sprintf("param name=tt-size value=%d ", DefaultTTMB); !strings.Contains(strings.Join(before, "\n"), want) {
		t.Errorf("tt-size does not start at %d MB: %q", DefaultTTMB, before)
	}
	s.send("set-param name=variant value=english")
	s.send("set-param name=level value=12")
	if l, _ := s.until("error"); !strings.Contains(l, "level") {
		t.Errorf("bad level answered %q", l)
	}
	s.send("set-param name=threads value=0")
	if l, _ := s.until("error"); !strings.Contains(l, "threads '0' must be a number from 1 to 64") {
		t.Errorf("bad threads answered %q", l)
	}
	s.send("set-param name=threads value=2")
	s.init()
	s.send("ping")
	s.until("pong")
	s.quit()
}

func TestHub_GoThinkPlaysALegalMove(t *testing.T) {
	tests := []struct {
		variant string
		pos     string
		moves   string
	}{
		{"international", startInternational, "32-28 19-23 28x19x23"},
		{"english", "B" + strings.Repeat("b", 12) + strings.Repeat("e", 8) + strings.Repeat("w", 12), "11-15 23-19"},
		{"russian", "W" + strings.Repeat("b", 12) + strings.Repeat("e", 8) + strings.Repeat("w", 12), ""},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			s := newSession(t)
			s.send("set-param name=variant value=" + tt.variant)
			s.send("init")
			s.until("ready")
			s.send(`pos pos=` + tt.pos + ` moves="` + tt.moves + `"`)
			s.send("level depth=4")
			s.send("go think")
			done, infos := s.until("done")
			if len(infos) == 0 || !strings.HasPrefix(infos[0], "info depth=") {
				t.Errorf("no info lines before done: %q", infos)
			}
			c, _ := ParseLine(done)
			mv, _ := c.Get("move")
			v, _ := engine.VariantByName(tt.variant)
			p, err := ParsePosition(v, tt.pos)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range strings.Fields(tt.moves) {
				x, err := ParseMove(&p, m)
				if err != nil {
					t.Fatal(err)
				}
				p.Play(&x)
			}
			if _, err := ParseMove(&p, mv); err != nil {
				t.Errorf("done move %q: %v", mv, err)
			}
			s.quit()
		})
	}
}

// A time a move (level move-time) is used in full, as the GUI gives it,
// on the threads asked for; a move is never played before its time.
func TestHub_MoveTimeIsUsedInFull(t *testing.T) {
	s := newSession(t)
	s.send("set-param name=threads value=2")
	s.init()
	s.send("pos pos=" + startInternational)
	s.send("level move-time=0.3")
	start := time.Now()
	s.send("go think")
	done, _ := s.until("done")
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("done after %v, before the move time of 300 ms", d)
	}
	if !strings.Contains(done, "move=") {
		t.Errorf("done line %q has no move", done)
	}
	s.quit()
}

// On a game clock (level time) a move takes a share of the time left and
// never more than a third of it: with 0.9 s left the answer comes long
// before the 5 s that the search would take with no limit at all.
func TestHub_GameClockLimitsTheMove(t *testing.T) {
	s := startSearch(t, startEnglish, "level time=0.8 inc=0.1 moves=10", "go think")
	l, _, ok := s.untilWithin("done", 5*time.Second)
	if !ok {
		t.Fatal("no done within 5 s on a clock of 0.9 s")
	}
	if !strings.Contains(l, "move=") {
		t.Errorf("done line %q has no move", l)
	}
	s.quit()
}

// "go ponder" thinks on the opponent's time: no move before "ponder-hit",
// then the move time counts from the hit.
func TestHub_PonderWaitsForPonderHit(t *testing.T) {
	s := startSearch(t, startEnglish, "level move-time=0.05", "go ponder")
	if l, _, ok := s.untilWithin("done", 400*time.Millisecond); ok {
		t.Fatalf("%q on the opponent's time, before ponder-hit", l)
	}
	s.send("ping")
	s.until("pong")
	s.send("ponder-hit")
	l, _, ok := s.untilWithin("done", 5*time.Second)
	if !ok || !strings.Contains(l, "move=") {
		t.Fatalf("after ponder-hit: %q, want done with a move within 5 s of a 0.05 s move time", l)
	}
	// a ponder search that the opponent's move ends: stop, then a new search
	s.send("go ponder")
	s.send("stop")
	if l, _ := s.until("done"); !strings.Contains(l, "move=") {
		t.Errorf("stopped ponder search: %q has no move", l)
	}
	s.quit()
}

func TestHub_StopEndsAnInfiniteSearchAndPingIsAnswered(t *testing.T) {
	s := startSearch(t, startInternational, "level infinite", "go analyze")
	time.Sleep(50 * time.Millisecond)
	s.send("ping")
	s.until("pong")
	s.send("stop")
	done, _ := s.until("done")
	if !strings.Contains(done, "move=") {
		t.Errorf("done line %q has no move", done)
	}
	s.quit()
}

func TestHub_ClosingInputQuits(t *testing.T) {
	s := newSession(t)
	s.init()
	s.in.Close()
	select {
	case err := <-s.errc:
		if err != nil {
			t.Errorf("Serve returned %v when input closed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return when input closed")
	}
}

func TestHub_BadInputAnswersError(t *testing.T) {
	tests := []struct{ line, want string }{
		{"pos pos=Wxyz", "characters"},
		{`pos pos="W` + strings.Repeat("e", 50) + `" moves="1-7"`, "not legal"},
		{"go think", "no position"},
		{"level depth=abc", "depth"},
		{"level time=60 moves=none", "moves"},
		{"level time=-1", "time"},
		{`set-param name=variant value=chess`, "variant"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			s := newSession(t)
			s.send(tt.line)
			if l, _ := s.until("error"); !strings.Contains(l, tt.want) {
				t.Errorf("%q answered %q, want an error about %q", tt.line, l, tt.want)
			}
			s.quit()
		})
	}
}

func TestFormatMove_CapturesListCapturedSquares(t *testing.T) {
	p, err := ParsePosition(engine.International, "W"+strings.Repeat("e", 22)+"b"+strings.Repeat("e", 4)+"w"+strings.Repeat("e", 22))
	if err != nil {
		t.Fatal(err)
	}
	ms := p.LegalMoves()
	if len(ms) != 1 {
		t.Fatalf("%d moves, want the one capture", len(ms))
	}
	if got := FormatMove(&ms[0]); got != "28x19x23" {
		t.Errorf("FormatMove = %q, want 28x19x23", got)
	}
	if got := FormatPosition(&p); got[0] != 'W' || len(got) != 51 || got[23] != 'b' || got[28] != 'w' {
		t.Errorf("FormatPosition = %q", got)
	}
}

// winProber calls every position it is asked about a win in 5 plies for
// the side to move.
type winProber struct{}

func (winProber) Probe(p *engine.Position) (engine.WDL, int, bool) { return engine.Win, 5, true }

func TestHub_ServeWithStartVariantAndProber(t *testing.T) {
	asked := make(chan string, 16)
	s := newSessionWith(t, func(in io.Reader, out io.Writer) error {
		return ServeWith(context.Background(), in, out, Options{Variant: engine.English,
			Prober: func(v *engine.Variant) engine.Prober {
				asked <- v.Name
				if v != engine.English {
					return nil
				}
				return winProber{}
			}})
	})
	s.send("hub")
	_, before := s.until("wait")
	if !strings.Contains(strings.Join(before, "\n"), "param name=variant value=english") {
		t.Errorf("start variant not english: %q", before)
	}
	s.init()
	// two kings against one (English, White to move): every reply is
	// "probed" as a win for Black, so the search reports a loss
	s.send("pos pos=W" + strings.Repeat("e", 17) + "ww" + strings.Repeat("e", 12) + "B")
	s.send("level depth=3")
	s.send("go think")
	_, infos := s.until("done")
	if len(infos) == 0 || !strings.Contains(infos[len(infos)-1], "win=-6") {
		t.Errorf("info lines %q: want the prober's values (a loss in 6 plies)", infos)
	}
	if v := <-asked; v != "english" {
		t.Errorf("prober asked for %s", v)
	}
	// level 5 does not use the database: the same position is searched
	s.send("set-param name=level value=5")
	s.send("go think")
	if _, infos = s.until("done"); len(infos) > 0 && strings.Contains(infos[len(infos)-1], "win=") {
		t.Errorf("level 5 used the prober: %q", infos)
	}
	s.quit()
}

// handleLines parses each line and hands it to s, as Serve does, without
// the pipes of a session.
func handleLines(t *testing.T, s *server, lines ...string) {
	t.Helper()
	for _, line := range lines {
		c, err := ParseLine(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		s.handle(&c)
	}
}

// The GUI's time control replaces the level's limits, but not what the
// level is: its contempt (Russian levels 7-10) and, below level 10, its
// mistakes stay.
func TestHub_TimeControlKeepsTheLevelsContemptAndMistakes(t *testing.T) {
	for _, tc := range []struct {
		variant, level string
		contempt       int
		noisy          bool
	}{
		{"russian", "10", engine.LevelFor(engine.Russian, 10).Contempt, false},
		{"russian", "4", 0, true},
		{"english", "10", 0, false},
	} {
		var out strings.Builder
		s := &server{out: &out, variant: engine.International, level: 10, ttMB: 1}
		handleLines(t, s, "set-param name=variant value="+tc.variant, "set-param name=level value="+tc.level,
			"pos pos=W"+strings.Repeat("e", 32), "level move-time=1.5")
		if out.Len() > 0 {
			t.Fatalf("%s level %s: the server answered %q", tc.variant, tc.level, out.String())
		}
		lim := s.searchLimits(false)
		if lim.MoveTime != 1500*time.Millisecond || !lim.FixedTime {
			t.Errorf("%s level %s: move time %v (fixed %v), want all of 1.5 s", tc.variant, tc.level, lim.MoveTime, lim.FixedTime)
		}
		if lim.Contempt != tc.contempt {
			t.Errorf("%s level %s: contempt %d, want %d", tc.variant, tc.level, lim.Contempt, tc.contempt)
		}
		if noisy := lim.Noise > 0; noisy != tc.noisy {
			t.Errorf("%s level %s: noise %d; want mistakes: %v", tc.variant, tc.level, lim.Noise, tc.noisy)
		}
		if lim = s.searchLimits(true); lim.Noise != 0 {
			t.Errorf("%s level %s: analysis with noise %d", tc.variant, tc.level, lim.Noise)
		}
	}
	if engine.LevelFor(engine.Russian, 10).Contempt == 0 {
		t.Error("Russian level 10 has no contempt: the test checks nothing")
	}
}

// A GUI that sends an 8x8 position without setting the variant plays
// English: the search gets English's level settings and endgame database,
// not those of the start variant (International), and a 10x10 position
// afterwards switches back.
func TestHub_PositionSizeSetsTheVariantOfTheSearch(t *testing.T) {
	var asked []*engine.Variant
	var out strings.Builder
	s := &server{out: &out, variant: engine.International, level: 10, ttMB: 1,
		prober: func(v *engine.Variant) engine.Prober { asked = append(asked, v); return nil }}
	for _, tc := range []struct {
		pos  string
		want *engine.Variant
	}{
		{startEnglish, engine.English},
		{startInternational, engine.International},
	} {
		handleLines(t, s, "pos pos="+tc.pos)
		if out.Len() > 0 {
			t.Fatalf("pos %s: the server answered %q", tc.pos, out.String())
		}
		gp := s.game.Position()
		if s.variant != tc.want || gp.Variant() != tc.want {
			t.Errorf("pos %s: variant %s, game %s; want %s", tc.pos, s.variant.Name, gp.Variant().Name, tc.want.Name)
		}
		asked = nil
		s.searchLimits(false)
		if len(asked) != 1 || asked[0] != tc.want {
			t.Errorf("pos %s: the search asked the database of %v; want %s", tc.pos, asked, tc.want.Name)
		}
	}
	// a variant the GUI set stays: an 8x8 position under Russian is Russian
	handleLines(t, s, "set-param name=variant value=russian", "pos pos="+startEnglish)
	if s.variant != engine.Russian {
		t.Errorf("an 8x8 position after set-param russian: variant %s", s.variant.Name)
	}
}
