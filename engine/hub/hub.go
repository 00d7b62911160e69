package hub

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// Name and Version identify the engine in the answer to "hub".
const (
	Name    = "Checkers Tutor"
	Version = "1.0"
)

// Command is one protocol line: a name and its arguments in order.
type Command struct {
	Name string
	Args []Arg
}

// Arg is one argument; flags have an empty Value.
type Arg struct {
	Name, Value string
}

// Get returns the value of the argument named name.
func (c *Command) Get(name string) (string, bool) {
	for _, a := range c.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// ParseLine splits a line into a command and its arguments
// (`name value=x other="quoted value" flag`). It reports an error for an
// unterminated quote.
func ParseLine(line string) (Command, error) {
	var toks []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, r := range line {
		switch {
		case r == '"':
			inQuote = !inQuote
			have = true
		case !inQuote && (r == ' ' || r == '\t' || r == '\r'):
			if have {
				toks = append(toks, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if inQuote {
		return Command{}, fmt.Errorf("unterminated quote in %q", line)
	}
	if have {
		toks = append(toks, cur.String())
	}
	if len(toks) == 0 {
		return Command{}, nil
	}
	c := Command{Name: toks[0]}
	for _, t := range toks[1:] {
		name, value, _ := strings.Cut(t, "=")
		c.Args = append(c.Args, Arg{Name: name, Value: value})
	}
	return c, nil
}

func quote(s string) string {
	if s == "" || strings.ContainsAny(s, " =\"") {
		return `"` + strings.ReplaceAll(s, `"`, "'") + `"`
	}
	return s
}

// server is the state of one connection.
type server struct {
	out     io.Writer
	mu      sync.Mutex // guards writes to out
	variant *engine.Variant
	level   int
	ttMB    int
	threads int // threads of a search; 0: the level's
	search  *engine.Searcher
	game    *engine.Game
	limits  engine.Limits
	timed   bool // limits were set by a level command
	prober  func(v *engine.Variant) engine.Prober

	cancel context.CancelFunc
	done   chan struct{}
	// hit is closed by "ponder-hit" during a "go ponder" search (nil
	// otherwise)
	hit chan struct{}
}

func (s *server) send(format string, a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", a...)
}

func (s *server) errorf(format string, a ...any) {
	s.send("error message=%s", quote(fmt.Sprintf(format, a...)))
}

// Serve runs the protocol: it reads commands from in and writes answers to
// out until "quit", the end of in, or the cancellation of ctx. A search runs
// in its own goroutine, so "stop" and "ping" are answered while it thinks.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	return ServeWith(ctx, in, out, Options{})
}

// Options are the start settings of ServeWith.
type Options struct {
	// Variant is the rule set until the GUI sets one (nil: International,
	// the protocol's usual game).
	Variant *engine.Variant
	// Prober, when set, returns the endgame database of a variant (nil
	// for none); it is asked at every search, so a database that is
	// still being built can answer later searches. Levels 7-10 use it.
	Prober func(v *engine.Variant) engine.Prober
}

// DefaultTTMB is the transposition table size of a session until the GUI
// sets tt-size: larger than the engine's default, since a GUI or match
// tool runs the engine on a desktop machine for searches of a second or
// more (the matches against other engines in the README were played
// with it).
const DefaultTTMB = 64

// ServeWith is Serve with start settings.
func ServeWith(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	s := &server{out: out, variant: engine.International, level: 10, ttMB: DefaultTTMB, prober: opts.Prober}
	if opts.Variant != nil {
		s.variant = opts.Variant
	}
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	defer s.stop()
	for {
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok = <-lines:
		}
		if !ok {
			return <-readErr // the GUI went away: quit
		}
		c, err := ParseLine(line)
		if err != nil {
			s.errorf("%v", err)
			continue
		}
		if c.Name == "quit" {
			return nil
		}
		s.handle(&c)
	}
}

func (s *server) searching() bool {
	if s.done == nil {
		return false
	}
	select {
	case <-s.done:
		return false
	default:
		return true
	}
}

// stop ends a running search and waits for its "done".
func (s *server) stop() {
	if s.cancel != nil {
		s.cancel()
		<-s.done
		s.cancel, s.done = nil, nil
	}
	s.hit = nil
}

func (s *server) handle(c *Command) {
	if s.searching() {
		switch c.Name {
		case "ping":
			s.send("pong")
		case "stop":
			s.stop()
		case "ponder-hit":
			// the search goes on as a normal one, its clock running from now
			if s.hit != nil {
				close(s.hit)
				s.hit = nil
			}
		default:
			s.errorf("%s is not allowed during a search", c.Name)
		}
		return
	}
	s.stop() // collect a search that ended by itself
	switch c.Name {
	case "hub":
		s.send("id name=%s version=%s author=%s country=%s", quote(Name), quote(Version), quote("Checkers Tutor"), quote("none"))
		s.send("param name=variant value=%s type=enum values=%s", s.variant.Name, quote("international english russian"))
		s.send("param name=level value=%d type=int min=1 max=10", s.level)
		s.send("param name=tt-size value=%d type=int min=1 max=4096", s.ttMB)
		s.send("param name=threads value=%d type=int min=1 max=64", s.threadCount())
		s.send("wait")
	case "set-param":
		s.setParam(c)
	case "init":
		s.search = engine.NewSearcher(s.ttMB)
		s.send("ready")
	case "new-game":
		if s.search != nil {
			s.search.Clear()
		}
	case "ping":
		s.send("pong")
	case "stop":
	case "pos":
		s.setPos(c)
	case "level":
		s.setLevel(c)
	case "go":
		s.start(c)
	default:
		// unknown commands are ignored, as the protocol asks
	}
}

func (s *server) setParam(c *Command) {
	name, _ := c.Get("name")
	value, _ := c.Get("value")
	switch name {
	case "variant":
		v, ok := engine.VariantByName(value)
		if !ok {
			s.errorf("unknown variant %q (international, english or russian)", value)
			return
		}
		s.variant, s.game = v, nil
	case "level":
		if n, ok := intIn(value, 1, 10); ok {
			s.level = n
		} else {
			s.errorf("level %q must be a number from 1 to 10", value)
		}
	case "tt-size":
		if n, ok := intIn(value, 1, 4096); ok {
			s.ttMB, s.search = n, nil
		} else {
			s.errorf("tt-size %q must be megabytes from 1 to 4096", value)
		}
	case "threads":
		if n, ok := intIn(value, 1, 64); ok {
			s.threads = n
		} else {
			s.errorf("threads %q must be a number from 1 to 64", value)
		}
	default:
		s.errorf("unknown parameter %q", name)
	}
}

// ParsePosition reads a Hub position: the side to move ('W' or 'B') and
// one character per square ('w', 'b', 'W', 'B' or 'e').
func ParsePosition(v *engine.Variant, text string) (engine.Position, error) {
	if len(text) != 1+v.Squares() {
		return engine.Position{}, fmt.Errorf("position %q has %d characters; %s needs %d (side to move + %d squares)",
			text, len(text), v.Name, 1+v.Squares(), v.Squares())
	}
	var turn engine.Color
	switch text[0] {
	case 'W', 'w':
		turn = engine.White
	case 'B', 'b':
		turn = engine.Black
	default:
		return engine.Position{}, fmt.Errorf("position %q: side to move %q must be W or B", text, text[0])
	}
	pieces := map[engine.Square]engine.Piece{}
	for i := 1; i < len(text); i++ {
		var pc engine.Piece
		switch text[i] {
		case 'w':
			pc = engine.WhiteMan
		case 'W':
			pc = engine.WhiteKing
		case 'b':
			pc = engine.BlackMan
		case 'B':
			pc = engine.BlackKing
		case 'e', '.':
			continue
		default:
			return engine.Position{}, fmt.Errorf("position %q: square %d is %q; want w, b, W, B or e", text, i, text[i])
		}
		pieces[engine.Square(i)] = pc
	}
	return engine.NewPosition(v, turn, pieces)
}

// FormatPosition writes p in the Hub position format.
func FormatPosition(p *engine.Position) string {
	var sb strings.Builder
	if p.Turn() == engine.White {
		sb.WriteByte('W')
	} else {
		sb.WriteByte('B')
	}
	for sq := 1; sq <= p.Variant().Squares(); sq++ {
		sb.WriteByte(".wWbB"[p.At(engine.Square(sq))])
	}
	return strings.ReplaceAll(sb.String(), ".", "e")
}

// FormatMove writes m in Hub move format: `32-28`, or for a capture the
// origin, the destination and every captured square: `28x19x23`.
func FormatMove(m *engine.Move) string {
	if !m.IsCapture() {
		return fmt.Sprintf("%d-%d", m.From, m.To)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d", m.From, m.To)
	for _, c := range m.Captured() {
		fmt.Fprintf(&sb, "x%d", c)
	}
	return sb.String()
}

// ParseMove finds the legal move of p written in Hub move format.
func ParseMove(p *engine.Position, text string) (engine.Move, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' })
	if len(fields) < 2 {
		return engine.Move{}, fmt.Errorf("move %q: want from-to or fromxto[xcaptured...]", text)
	}
	sq := make([]engine.Square, len(fields))
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > p.Variant().Squares() {
			return engine.Move{}, fmt.Errorf("move %q: %q is not a square (1-%d)", text, f, p.Variant().Squares())
		}
		sq[i] = engine.Square(n)
	}
	var match []engine.Move
	for _, m := range p.LegalMoves() {
		if m.From != sq[0] || m.To != sq[1] {
			continue
		}
		if len(sq) > 2 {
			caps := m.Captured()
			if len(caps) != len(sq)-2 || !sameSet(caps, sq[2:]) {
				continue
			}
		}
		match = append(match, m)
	}
	switch len(match) {
	case 0:
		return engine.Move{}, fmt.Errorf("move %q is not legal in %s", text, FormatPosition(p))
	case 1:
		return match[0], nil
	}
	return engine.Move{}, fmt.Errorf("move %q is ambiguous: give the captured squares", text)
}

func sameSet(a, b []engine.Square) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (s *server) setPos(c *Command) {
	text, ok := c.Get("pos")
	if !ok {
		s.errorf("pos: missing pos=...")
		return
	}
	// a GUI that never sets the variant still gets the rules (and the
	// level settings and endgame database) of its board: a 10x10 position
	// is International, an 8x8 one English unless Russian was set
	v := s.variant
	if len(text) == 51 && v.Size != 10 {
		v = engine.International
	} else if len(text) == 33 && v.Size != 8 {
		v = engine.English
	}
	p, err := ParsePosition(v, text)
	if err != nil {
		s.errorf("%v", err)
		s.game = nil
		return
	}
	s.variant = v
	g := engine.NewGameFrom(p, engine.GameOptions{})
	if moves, ok := c.Get("moves"); ok {
		for _, mt := range strings.Fields(moves) {
			q := g.Position()
			m, err := ParseMove(&q, mt)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				s.errorf("%v", err)
				s.game = nil
				return
			}
		}
	}
	s.game = g
}

func seconds(v string) (time.Duration, error) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("%q is not a number of seconds", v)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// intIn parses value as a whole number from lo to hi.
func intIn(value string, lo, hi int) (int, bool) {
	n, err := strconv.Atoi(value)
	return n, err == nil && n >= lo && n <= hi
}

// threadCount is the number of threads of the next search: the threads
// parameter, or the level's (two at level 10, one below).
func (s *server) threadCount() int {
	if s.threads > 0 {
		return s.threads
	}
	return max(engine.Level(s.level).Threads, 1)
}

func (s *server) setLevel(c *Command) {
	var lim engine.Limits
	if v, ok := c.Get("depth"); ok {
		d, err := strconv.Atoi(v)
		if err != nil || d < 1 {
			s.errorf("level depth=%q must be a positive number", v)
			return
		}
		lim.Depth = d
	}
	if v, ok := c.Get("nodes"); ok {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			s.errorf("level nodes=%q must be a positive number", v)
			return
		}
		lim.Nodes = n
	}
	if v, ok := c.Get("move-time"); ok {
		d, err := seconds(v)
		if err != nil {
			s.errorf("level move-time: %v", err)
			return
		}
		lim.MoveTime = d
		lim.FixedTime = true // a time a move is the GUI's to give: all of it is used
	}
	if v, ok := c.Get("time"); ok {
		left, err := seconds(v)
		if err != nil {
			s.errorf("level time: %v", err)
			return
		}
		var inc time.Duration
		if iv, ok := c.Get("inc"); ok {
			if inc, err = seconds(iv); err != nil {
				s.errorf("level inc: %v", err)
				return
			}
		}
		if mv, ok := c.Get("moves"); ok {
			n, err := strconv.Atoi(mv)
			if err != nil || n < 1 {
				s.errorf("level moves=%q must be a positive number", mv)
				return
			}
			lim.MovesToGo = n
		}
		// a game clock: the search takes its share (engine.Limits.TimeLeft);
		// the time sent leaves out this move's increment, which the
		// engine adds
		lim.TimeLeft, lim.Increment = left+inc, inc
		lim.MoveTime, lim.FixedTime = 0, false
	}
	// "level infinite" leaves every limit at zero
	s.limits, s.timed = lim, true
}

// searchLimits returns the limits of the next search of the current
// position: the level's, or the GUI's limits ("level") with the level's
// endgame database, contempt and, below level 10, its mistakes; analyze
// turns the mistakes off.
func (s *server) searchLimits(analyze bool) engine.Limits {
	var db engine.Prober
	if s.prober != nil {
		db = s.prober(s.variant)
	}
	lim := engine.LevelFor(s.variant, s.level).EndgameLimits(uint64(s.game.Ply()), db)
	if s.timed {
		level := lim
		lim = s.limits
		if s.level < 10 { // weaker levels keep their mistakes
			lim.Noise, lim.Natural, lim.Window, lim.Seed = level.Noise, level.Natural, level.Window, level.Seed
			if lim.Depth == 0 || level.Depth < lim.Depth {
				lim.Depth = level.Depth
			}
		}
		lim.Prober, lim.Contempt = level.Prober, level.Contempt
	}
	if analyze {
		lim.Noise, lim.Natural, lim.Window = 0, 0, 0
	}
	lim.Threads = s.threadCount() // only searches without noise or a node budget use more than one
	return lim
}

func (s *server) start(c *Command) {
	if s.game == nil {
		s.errorf("go: no position (send pos first)")
		return
	}
	p := s.game.Position()
	if len(p.LegalMoves()) == 0 {
		s.errorf("go: the position has no legal move")
		return
	}
	if s.search == nil {
		s.search = engine.NewSearcher(s.ttMB)
	}
	_, analyze := c.Get("analyze")
	lim := s.searchLimits(analyze)
	if _, ponder := c.Get("ponder"); ponder {
		// on the opponent's time: no time limit until "ponder-hit"
		s.hit = make(chan struct{})
		lim.PonderHit = s.hit
	}
	lim.Progress = func(i engine.Info) {
		pv := make([]string, 0, len(i.PV))
		for k := range i.PV {
			pv = append(pv, FormatMove(&i.PV[k]))
		}
		score := fmt.Sprintf("%.2f", float64(i.Score)/100)
		if n := engine.PliesToWin(i.Score); n != engine.UnknownPlies && (engine.ScoreIsWin(i.Score) || engine.ScoreIsLoss(i.Score)) {
			if engine.ScoreIsLoss(i.Score) {
				n = -n
			}
			score = fmt.Sprintf("%s win=%d", score, n)
		}
		s.send("info depth=%d score=%s nodes=%d time=%.3f nps=%.2f pv=%s", i.Depth, score, i.Nodes,
			i.Elapsed.Seconds(), float64(i.NPS)/1e6, quote(strings.Join(pv, " ")))
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	g, searcher := s.game, s.search
	go func() {
		r := searcher.Search(ctx, g, lim)
		line := "done move=" + FormatMove(&r.Move)
		if m, ok := r.Ponder(); ok {
			line += " ponder=" + FormatMove(&m)
		}
		// the search counts as over before "done" is written: a GUI
		// may send its next command as soon as it reads it
		s.mu.Lock()
		close(done)
		fmt.Fprintf(s.out, "%s\n", line)
		s.mu.Unlock()
	}()
}
