package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/engine/egdb6"
)

const bestmoveUsage = "[--fen F] [--moves M] [--level L | --movetime MS | --depth D] [--json] [--egdb=false]"

const bestmoveHelp = `Searches the position and prints the move to play in PDN.
  --fen F        the position (default: the variant's start position)
  --moves M      moves played first: "11-15 23-19"; they count for repetitions and draw rules
  --level L      a playing level, 1-10 (default 3); weak levels make human mistakes
  --movetime MS  search for MS milliseconds, using all of it, at full strength
  --depth D      search to depth D at full strength (1-100)
  --threads N    threads of a --movetime or level 10 search (default 2, as level 10)
  --json         one JSON object: {"move":"11-15","score":..,"depth":..,"nodes":..,"nps":..,"ms":..,"pv":[..]}
                 score is in hundredths of a man for the side to move; a forced win or loss
                 adds "win": plies to the end (negative when losing), when the length is
                 known (not for five- and six-piece database wins)
  --egdb         use the endgame database (default true): English positions of up to 6
                 pieces, Russian of up to 5, read from the tables in the program (about 0.1 s) when the
                 position has 8 pieces or fewer; a search on the clock (--movetime,
                 --level) starts at once and uses it from when it is ready; levels 1-6
                 never use it
`

// englishDB is the English endgame database of up to six pieces, read at
// most once per process, on first use, from the tables in the program.
var englishDB = sync.OnceValues(func() (*engine.EndgameDB, error) {
	db, err := engine.NewEndgameDB(engine.English)
	if err != nil {
		return nil, err
	}
	if err := db.AddSixPieceTable(egdb6.Table); err != nil {
		return nil, err
	}
	return db, nil
})

// russianDB is the Russian endgame database of up to five pieces, read
// the same way.
var russianDB = sync.OnceValues(func() (*engine.EndgameDB, error) {
	return engine.NewEndgameDB(engine.Russian)
})

// endgameDB returns the endgame database of variant v, English or
// Russian; nil (and no error) for a variant without one.
func endgameDB(v *engine.Variant) (*engine.EndgameDB, error) {
	switch v {
	case engine.English:
		return englishDB()
	case engine.Russian:
		return russianDB()
	}
	return nil, nil
}

// lazyDB is a Prober that answers nothing until the database built in the
// background is ready, then answers from it: a match or a Hub session does
// not wait for the build, and its later searches use it.
type lazyDB struct {
	db  atomic.Pointer[engine.EndgameDB]
	max int
}

// Probe answers from the database once it is built.
func (l *lazyDB) Probe(p *engine.Position) (engine.WDL, int, bool) {
	if db := l.db.Load(); db != nil {
		return db.Probe(p)
	}
	return engine.DrawWDL, 0, false
}

// MaxPieces is the number of pieces the database covers.
func (l *lazyDB) MaxPieces() int { return l.max }

var (
	backgroundOnce [2]sync.Once
	background     = [2]lazyDB{{max: engine.EndgameMaxPieces}, {max: 5}}
)

// backgroundDB starts reading the database of variant v in the background
// (once per process) and returns the prober that answers once it is done;
// nil for a variant without a database.
func backgroundDB(v *engine.Variant) engine.Prober {
	k := 0
	switch v {
	case engine.English:
	case engine.Russian:
		k = 1
	default:
		return nil
	}
	backgroundOnce[k].Do(func() {
		go func() {
			if db, err := endgameDB(v); err == nil {
				background[k].db.Store(db)
			}
		}()
	})
	return &background[k]
}

// dbForRoot returns the endgame database for a one-off search of p: read
// now (waiting for it) when p is English or Russian with 8 pieces or
// fewer, where it can matter; nil otherwise.
func dbForRoot(p *engine.Position, use bool) (engine.Prober, error) {
	if !wantsDB(p, use) {
		return nil, nil
	}
	db, err := endgameDB(p.Variant())
	if err != nil {
		return nil, err
	}
	return db, nil
}

// wantsDB reports whether a search of p can use the endgame database:
// English or Russian with 8 pieces or fewer.
func wantsDB(p *engine.Position, use bool) bool {
	if !use || p.Variant() != engine.English && p.Variant() != engine.Russian {
		return false
	}
	wm, wk := p.Count(engine.White)
	bm, bk := p.Count(engine.Black)
	return wm+wk+bm+bk <= 8
}

// game returns the game the position flags describe: the FEN's
// position (or the start) with the moves played, so that the draw counts
// and repetitions of those moves are known to the search.
func (e *env) game(pf positionFlags) (*engine.Game, error) {
	p, err := e.position("--fen", *pf.fen)
	if err != nil {
		return nil, err
	}
	moves, _, err := playList(p, *pf.moves)
	if err != nil {
		return nil, err
	}
	g := engine.NewGameFrom(p, engine.GameOptions{})
	for i, m := range moves {
		if g.Over() {
			return nil, fmt.Errorf("--moves: move %d: the game is already over", i+1)
		}
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("--moves: move %d: %v", i+1, err)
		}
	}
	return g, nil
}

// strengthFlags are --level, --movetime and --depth, of which at most one
// may be given.
type strengthFlags struct {
	level, movetime, depth *int
}

func strengthFlagsOn(fs *flag.FlagSet, defLevel bool) strengthFlags {
	lv := 0
	if defLevel {
		lv = engine.DefaultLevel
	}
	return strengthFlags{
		level:    fs.Int("level", lv, "playing level 1-10"),
		movetime: fs.Int("movetime", 0, "milliseconds to think"),
		depth:    fs.Int("depth", 0, "search depth"),
	}
}

// maxDepth bounds --depth.
const maxDepth = 100

// limits checks the flags and returns the search limits they ask for.
func (sf strengthFlags) limits(fs *flag.FlagSet, v *engine.Variant, seed uint64, db engine.Prober) (engine.Limits, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	n := 0
	for _, name := range []string{"level", "movetime", "depth"} {
		if set[name] {
			n++
		}
	}
	if n > 1 {
		return engine.Limits{}, fmt.Errorf("give one of --level, --movetime and --depth")
	}
	switch {
	case set["movetime"]:
		if *sf.movetime < 1 || *sf.movetime > 3600000 {
			return engine.Limits{}, fmt.Errorf("--movetime %d: give milliseconds from 1 to 3600000", *sf.movetime)
		}
		return engine.Limits{MoveTime: time.Duration(*sf.movetime) * time.Millisecond, FixedTime: true, Prober: db}, nil
	case set["depth"]:
		if *sf.depth < 1 || *sf.depth > maxDepth {
			return engine.Limits{}, fmt.Errorf("--depth %d: give a depth from 1 to %d", *sf.depth, maxDepth)
		}
		return engine.Limits{Depth: *sf.depth, Prober: db}, nil
	}
	if *sf.level < 1 || *sf.level > 10 {
		return engine.Limits{}, fmt.Errorf("--level %d: give a level from 1 to 10", *sf.level)
	}
	return engine.LevelFor(v, *sf.level).EndgameLimits(seed, db), nil
}

type bestmoveReport struct {
	Move  string   `json:"move"`
	Score int      `json:"score"`
	Win   *int     `json:"win,omitempty"`
	Depth int      `json:"depth"`
	Nodes uint64   `json:"nodes"`
	NPS   uint64   `json:"nps"`
	MS    int64    `json:"ms"`
	PV    []string `json:"pv"`
}

// winPlies returns the plies to the end for a win (positive) or a loss
// (negative) score, nil otherwise and for a win or loss the endgame
// database knows without its length (five and six pieces).
func winPlies(score int) *int {
	if !engine.ScoreIsWin(score) && !engine.ScoreIsLoss(score) {
		return nil
	}
	n := engine.PliesToWin(score)
	if n == engine.UnknownPlies {
		return nil
	}
	if engine.ScoreIsLoss(score) {
		n = -n
	}
	return &n
}

// scoreText writes a score for people: "+0.35" men, or "win in 7" /
// "loss in 12" plies, or "win" / "loss" when the length is not known.
func scoreText(score int) string {
	if w := winPlies(score); w != nil {
		if *w > 0 {
			return fmt.Sprintf("win in %d", *w)
		}
		return fmt.Sprintf("loss in %d", -*w)
	}
	switch {
	case engine.ScoreIsWin(score):
		return "win"
	case engine.ScoreIsLoss(score):
		return "loss"
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}

// pvText writes a principal variation in PDN, played out from p.
func pvText(p engine.Position, pv []engine.Move) []string {
	out := make([]string, 0, len(pv))
	for i := range pv {
		out = append(out, p.MoveString(&pv[i], engine.Numeric))
		p.Play(&pv[i])
	}
	return out
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

func runBestmove(e *env, args []string) error {
	fs := e.flags("bestmove")
	pf := e.positionFlags(fs, "position in PDN FEN")
	sf := strengthFlagsOn(fs, true)
	asJSON := fs.Bool("json", false, "print JSON")
	useDB := fs.Bool("egdb", true, "use the endgame database (English, Russian)")
	threads := fs.Int("threads", engine.LevelTenThreads, "threads of a --movetime or level 10 search")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	clock, err := sf.limits(fs, e.variant, 0, nil)
	if err != nil {
		return err
	}
	if *threads < 1 || *threads > 64 {
		return fmt.Errorf("--threads %d: give a number of threads from 1 to 64", *threads)
	}
	g, err := e.game(pf)
	if err != nil {
		return err
	}
	p := g.Position()
	if g.Over() {
		r, why := g.Result()
		return fmt.Errorf("bestmove: the game is over (%s, %s)", r, why)
	}
	var db engine.Prober
	if clock.MoveTime > 0 {
		// A search on the clock starts at once: the database (about 0.1 s
		// to read) joins it when ready, so the answer comes on time.
		if wantsDB(&p, *useDB) {
			db = backgroundDB(p.Variant())
		}
	} else {
		db, err = dbForRoot(&p, *useDB)
	}
	if err != nil {
		return err
	}
	lim, _ := sf.limits(fs, g.Variant(), uint64(g.Ply()), db)
	if lim.Threads > 1 || lim.FixedTime && lim.Noise == 0 && lim.Nodes == 0 {
		lim.Threads = *threads // --movetime, level 10
	}
	r := engine.NewSearcher(engine.DefaultTTMB).Search(context.Background(), g, lim)
	rep := bestmoveReport{Move: p.MoveString(&r.Move, engine.Numeric), Score: r.Score, Win: winPlies(r.Score),
		Depth: r.Depth, Nodes: r.Nodes, NPS: nps(r.Nodes, r.Elapsed), MS: r.Elapsed.Milliseconds(), PV: pvText(p, r.PV)}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(rep)
	}
	_, err = fmt.Fprintln(e.stdout, rep.Move)
	return err
}

// joinPV joins PDN moves with spaces.
func joinPV(pv []string) string { return strings.Join(pv, " ") }
