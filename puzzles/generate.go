package puzzles

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// GenerateOptions control Generate.
type GenerateOptions struct {
	// Variant is the rule set of the games (required).
	Variant *engine.Variant
	// Games is the number of self-play games to mine (default 20).
	Games int
	// Seed makes the games, and so the pack, repeatable.
	Seed uint64
	// Levels are the engine levels the games are played at; each game
	// pairs two of them (default 1 to 6). Weaker levels blunder more, so
	// their games hold more shots.
	Levels []int
	// Plies is the longest forced line looked for, in plies (default 7:
	// four moves of the learner). Captures are followed past it.
	Plies int
	// Prober is passed to the confirmation searches (nil for none).
	Prober engine.Prober
	// Workers is the number of positions examined at once (0: GOMAXPROCS).
	Workers int
	// Progress, when set, is called after each mined game with the games
	// mined so far and the puzzles found so far (duplicates included).
	Progress func(games, found int)
}

// GenerateStats are figures of one Generate run.
type GenerateStats struct {
	Games     int           // games played and mined
	Positions int           // positions examined
	Found     int           // puzzles found before removing duplicates
	Kept      int           // puzzles in the pack
	Elapsed   time.Duration // wall time
}

// candidate is a puzzle found in game Game at ply Ply.
type candidate struct {
	game, ply int
	pz        *Puzzle
	key       string // the solution line, for duplicates
}

// Generate plays engine self-play games and mines them for puzzles:
// positions where exactly one move wins material by force within
// opts.Plies (captures followed past it) and the gain lasts by the
// SearchSolver's definition. Trivial cases are skipped: a single legal
// move, a line of one move (a plain capture), and the same solution line
// found twice. The puzzles have goal gain (the most pieces the move
// forces), a solution line, themes read from what the line does, a
// difficulty and rating from the depth needed, and English texts. They are
// ordered from easy to hard. For the same options the pack is the same.
func Generate(ctx context.Context, opts GenerateOptions) (*Pack, GenerateStats, error) {
	start := time.Now()
	var st GenerateStats
	v := opts.Variant
	if v == nil {
		return nil, st, fmt.Errorf("generate: no variant given")
	}
	if opts.Games <= 0 {
		opts.Games = 20
	}
	if opts.Plies <= 0 {
		opts.Plies = 7
	}
	if opts.Plies%2 == 0 {
		opts.Plies++
	}
	levels := opts.Levels
	if len(levels) == 0 {
		levels = []int{1, 2, 3, 4, 5, 6}
	}
	for _, l := range levels {
		if l < 1 || l > 10 {
			return nil, st, fmt.Errorf("generate: level %d: levels are 1 to 10", l)
		}
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	games, err := selfPlay(ctx, v, opts.Games, opts.Seed, levels, workers)
	if err != nil {
		return nil, st, err
	}
	st.Games = len(games)

	// Mine the games, each worker with its own solver.
	type job struct {
		game int
		rec  *engine.GameRecord
	}
	jobs := make(chan job)
	var mu sync.Mutex
	var found []candidate
	mined := 0
	var wg sync.WaitGroup
	for range min(workers, len(games)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := newMiner(ctx, v, opts)
			for j := range jobs {
				cs, n := m.mineGame(j.game, j.rec)
				mu.Lock()
				found = append(found, cs...)
				st.Positions += n
				mined++
				if opts.Progress != nil {
					opts.Progress(mined, len(found))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		if ctx.Err() != nil {
			break
		}
		jobs <- job{i, &games[i]}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}
	st.Found = len(found)

	// In game order, first of each solution line kept.
	sort.Slice(found, func(i, j int) bool {
		if found[i].game != found[j].game {
			return found[i].game < found[j].game
		}
		return found[i].ply < found[j].ply
	})
	seen := map[string]bool{}
	var kept []*Puzzle
	for _, c := range found {
		if seen[c.key] {
			continue
		}
		seen[c.key] = true
		kept = append(kept, c.pz)
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].Difficulty != kept[j].Difficulty {
			return kept[i].Difficulty < kept[j].Difficulty
		}
		return kept[i].Rating < kept[j].Rating
	})
	prefix := map[string]string{"english": "en", "russian": "ru", "international": "int"}[v.Name]
	for i, pz := range kept {
		pz.ID = fmt.Sprintf("%s-%03d", prefix, i+1)
	}
	st.Kept = len(kept)
	pk := &Pack{
		ID:          v.Name + "-tactics",
		Title:       v.Title + " tactics",
		Variant:     v,
		Description: "Positions from engine games where one move wins material by force.",
		Author:      "Checkers Tutor",
		License:     "CC-BY-4.0",
		Language:    "en",
		Text:        generatedPackTexts(v),
		Puzzles:     kept,
	}
	st.Elapsed = time.Since(start)
	return pk, st, nil
}

// selfPlay plays the games: level pairs in turn, each pair a short match
// with its own seed. Searches are limited by depth only, never by time, so
// the games are the same on any machine.
func selfPlay(ctx context.Context, v *engine.Variant, n int, seed uint64, levels []int, workers int) ([]engine.GameRecord, error) {
	type pair struct{ a, b int }
	var pairs []pair
	// Every three-ply opening, the lopsided ones too: a man left hanging
	// is a lesson of its own.
	openings := engine.AllOpenings(v)
	for i, a := range levels {
		for _, b := range levels[i:] {
			pairs = append(pairs, pair{a, b})
		}
	}
	counts := make([]int, len(pairs))
	for i := range n {
		counts[i%len(pairs)]++
	}
	var out []engine.GameRecord
	for k, pr := range pairs {
		if counts[k] == 0 {
			continue
		}
		player := func(l int) engine.Player {
			ls := engine.Level(l)
			lim := ls.Limits(0)
			lim.MoveTime = 0
			lim.TTMB = 4
			return engine.Player{Name: fmt.Sprintf("level %d", l), Limits: lim}
		}
		res, err := engine.PlayMatch(ctx, engine.MatchConfig{Variant: v, A: player(pr.a), B: player(pr.b),
			Games: counts[k], Seed: seed*1000003 + uint64(k), Workers: workers, TTMB: 4, Openings: openings})
		if err != nil {
			return nil, fmt.Errorf("generate: self-play: %w", err)
		}
		sort.Slice(res.Games, func(i, j int) bool { return res.Games[i].Index < res.Games[j].Index })
		out = append(out, res.Games...)
	}
	return out, nil
}

// miner examines the positions of games.
type miner struct {
	ctx    context.Context
	v      *engine.Variant
	plies  int
	solver *SearchSolver
}

func newMiner(ctx context.Context, v *engine.Variant, opts GenerateOptions) *miner {
	return &miner{ctx: ctx, v: v, plies: opts.Plies, solver: NewSearchSolver(opts.Prober)}
}

// mineGame returns the puzzles of one game and the number of positions
// examined.
func (m *miner) mineGame(game int, rec *engine.GameRecord) ([]candidate, int) {
	p := rec.Opening
	var out []candidate
	n := 0
	for ply := 0; ply <= len(rec.Moves); ply++ {
		if m.ctx.Err() != nil {
			return out, n
		}
		n++
		if pz := m.examine(p); pz != nil {
			out = append(out, candidate{game: game, ply: ply, pz: pz, key: strings.Join(pz.Solution, " ")})
		}
		if ply == len(rec.Moves) {
			break
		}
		mv, err := p.ParseMove(rec.Moves[ply])
		if err != nil {
			break
		}
		p.Play(&mv)
	}
	return out, n
}

// examine returns the puzzle of position p, or nil.
func (m *miner) examine(p engine.Position) *Puzzle {
	legal := p.LegalMoves()
	if len(legal) < 2 {
		return nil
	}
	if b := balance(&p, p.Turn()); b < -2 || b > 2 {
		return nil // one side is already far ahead: no lesson in it
	}
	if _, theirs := totals(&p, p.Turn()); theirs < 3 {
		return nil // hunting the last pieces is an ending, not a shot
	}
	pr := newProver(m.ctx, &p, 1, false)
	pr.maxNodes = 400_000
	var win []engine.Move
	for i := range legal {
		q := p
		q.Play(&legal[i])
		if pr.afterLearner(&q, m.plies-1) {
			win = append(win, legal[i])
			if len(win) > 1 {
				return nil
			}
		}
		if pr.err != nil {
			return nil
		}
	}
	if len(win) != 1 {
		return nil
	}
	first := win[0]
	// The most pieces the move forces, and its line.
	need := 1
	_, theirs := totals(&p, p.Turn())
	for n := 2; n <= min(4, theirs-1); n++ {
		pn := newProver(m.ctx, &p, n, false)
		pn.maxNodes = 400_000
		q := p
		q.Play(&first)
		if !pn.afterLearner(&q, m.plies-1) || pn.err != nil {
			break
		}
		need, pr = n, pn
	}
	plies, err := pr.shortest(&p, &first, m.plies)
	if err != nil || plies == 0 {
		return nil
	}
	pr.judge = func(n engine.Position) int {
		sc, err := m.solver.scoreAfter(m.ctx, n, 4)
		if err != nil {
			return 0
		}
		return sc
	}
	line := pr.line(p, first, plies)
	if len(line) < 3 {
		return nil // a plain capture: no combination
	}
	texts := lineStrings(p, line, engine.Numeric)
	pz := &Puzzle{FEN: p.FEN(), Position: p, Goal: Goal{Kind: GoalGain, N: need}, Solution: texts}
	if checkLine(pz, texts, "solution") != "" {
		return nil
	}
	// The definitive check, the one `draughts puzzles check` makes: the
	// first move is the only one that wins, and every later move of the
	// learner on the line keeps the win.
	pz.Goal.Horizon = len(texts) + 4
	if err := VerifyPuzzle(m.ctx, m.solver, pz); err != nil || len(pz.Winning) != 1 || pz.Winning[0] != texts[0] {
		return nil
	}
	describe(pz, line, plies)
	pz.Goal.Horizon = 0
	return pz
}
