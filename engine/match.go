package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"
)

// Player is one side of a match: a name and its search limits.
type Player struct {
	Name   string
	Limits Limits
}

// LevelPlayer returns a player at level n.
func LevelPlayer(n int) Player {
	l := Level(n)
	return Player{Name: fmt.Sprintf("level %d", l.Level), Limits: l.Limits(0)}
}

// MatchConfig describes a match between players A and B.
type MatchConfig struct {
	Variant *Variant
	A, B    Player
	// Games is the number of games; 0 plays every opening with both
	// colours. Openings are taken in a seeded random order, each twice
	// (A first with one colour, then the other).
	Games int
	// First is the number of games of the seeded order to skip: the match
	// plays games First to First+Games-1, as a longer match with the same
	// seed plays them, so a match can be split or continued.
	First int
	// Openings overrides Openings(Variant).
	Openings []Position
	// MoveLimit draws a game after this many moves by each side (0: 100).
	MoveLimit int
	// Workers is the number of games played at once (0: GOMAXPROCS).
	Workers int
	// Seed makes the opening order and the players' random choices
	// repeatable.
	Seed uint64
	// TTMB is each player's transposition table size (0: 8 MB), unless
	// the player's Limits.TTMB gives its own.
	TTMB int
	// Clock, when set, is every search's clock (see Limits.Clock; a
	// search with a clock stays on one thread, so ThreadCPUClock measures
	// each search's own work).
	Clock func() time.Duration
	// GameTime, when set, plays on a game clock: each player starts a
	// game with GameTime and gains Increment after each move, and its
	// searches get the clock (Limits.TimeLeft) instead of a time a move.
	// The time a search reports (Clock's, when set) comes off; a player
	// whose clock runs out loses the game (OutOfTime).
	GameTime, Increment time.Duration
	// OnGame, when set, is called after each game (from the worker
	// goroutines, one call at a time).
	OnGame func(GameRecord)
}

// GameRecord is the outcome of one match game.
type GameRecord struct {
	Index   int      // game number, from 0
	Opening Position // start position of the game
	AColor  Color    // the colour A played
	Result  Result
	Reason  Reason
	Plies   int
	Moves   []string // the moves in PDN, from the opening
	// ClockLeft is each colour's time left at the end, on a game clock
	// (MatchConfig.GameTime).
	ClockLeft [2]time.Duration
}

// ScoreA returns A's score in the game: 1, 0.5 or 0.
func (r *GameRecord) ScoreA() float64 {
	switch {
	case r.Result == Drawn || r.Result == Ongoing:
		return 0.5
	case (r.Result == WhiteWins) == (r.AColor == White):
		return 1
	}
	return 0
}

// MatchResult sums up a match from A's point of view.
type MatchResult struct {
	Games               []GameRecord
	Wins, Draws, Losses int
}

// Score returns A's score as a fraction (0..1).
func (m *MatchResult) Score() float64 {
	n := m.Wins + m.Draws + m.Losses
	if n == 0 {
		return 0.5
	}
	return (float64(m.Wins) + float64(m.Draws)/2) / float64(n)
}

// Elo returns A's Elo difference against B and the half-width of its 95%
// confidence interval, from the variance of the per-game scores. A score
// of 0 or 1 is clamped to half a game from it.
func (m *MatchResult) Elo() (diff, margin float64) {
	n := float64(m.Wins + m.Draws + m.Losses)
	if n == 0 {
		return 0, math.Inf(1)
	}
	p := m.Score()
	var sq float64
	for _, g := range m.Games {
		d := g.ScoreA() - p
		sq += d * d
	}
	sd := math.Sqrt(sq/n) / math.Sqrt(n)
	clamp := func(x float64) float64 { return max(0.5/n, min(1-0.5/n, x)) }
	elo := func(x float64) float64 { x = clamp(x); return -400 * math.Log10(1/x-1) }
	return elo(p), (elo(p+1.96*sd) - elo(p-1.96*sd)) / 2
}

// String is a one-line summary: "+12 =30 -8 (55.0%, Elo +35 ± 60)".
func (m *MatchResult) String() string {
	d, e := m.Elo()
	return fmt.Sprintf("+%d =%d -%d (%.1f%%, Elo %+.0f ± %.0f)", m.Wins, m.Draws, m.Losses, 100*m.Score(), d, e)
}

// PlayMatch plays a match and returns its result. Cancelling ctx stops it;
// the games finished so far are returned with ctx's error.
func PlayMatch(ctx context.Context, cfg MatchConfig) (MatchResult, error) {
	if cfg.Variant == nil {
		return MatchResult{}, fmt.Errorf("match: no variant given")
	}
	openings := cfg.Openings
	if openings == nil {
		openings = Openings(cfg.Variant)
	}
	if len(openings) == 0 {
		return MatchResult{}, fmt.Errorf("match: no openings")
	}
	if cfg.First < 0 {
		return MatchResult{}, fmt.Errorf("match: first game %d is negative", cfg.First)
	}
	for i := range openings {
		if openings[i].v != cfg.Variant {
			return MatchResult{}, fmt.Errorf("match: opening %d is not a %s position", i+1, cfg.Variant.Name)
		}
	}
	order := rand.New(rand.NewPCG(cfg.Seed, 0x6f70656e)).Perm(len(openings))
	games := cfg.Games
	if games <= 0 {
		games = 2 * len(openings)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	records := make([]GameRecord, games)
	done := make([]bool, games)
	jobs := make(chan int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < min(workers, games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tt := cmpOr(cfg.TTMB, 8)
			sa, sb := NewSearcher(cmpOr(cfg.A.Limits.TTMB, tt)), NewSearcher(cmpOr(cfg.B.Limits.TTMB, tt))
			for i := range jobs {
				open := openings[order[(i/2)%len(openings)]]
				aColor := open.turn
				if i%2 == 1 {
					aColor = aColor.Opponent()
				}
				rec, ok := playGame(ctx, cfg, open, aColor, sa, sb, i)
				if !ok {
					continue
				}
				mu.Lock()
				records[i-cfg.First], done[i-cfg.First] = rec, true
				if cfg.OnGame != nil {
					cfg.OnGame(rec)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := cfg.First; i < cfg.First+games; i++ {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	var res MatchResult
	for i, rec := range records {
		if !done[i] {
			continue
		}
		res.Games = append(res.Games, rec)
		switch rec.ScoreA() {
		case 1:
			res.Wins++
		case 0:
			res.Losses++
		default:
			res.Draws++
		}
	}
	return res, ctx.Err()
}

func cmpOr(x, def int) int {
	if x > 0 {
		return x
	}
	return def
}

// playGame plays one game; ok is false if ctx was cancelled first.
func playGame(ctx context.Context, cfg MatchConfig, open Position, aColor Color, sa, sb *Searcher, index int) (GameRecord, bool) {
	sa.Clear()
	sb.Clear()
	g := NewGameFrom(open, GameOptions{MoveLimit: cmpOr(cfg.MoveLimit, 100)})
	rec := GameRecord{Index: index, Opening: open, AColor: aColor}
	left := [2]time.Duration{cfg.GameTime, cfg.GameTime}
	for !g.Over() {
		if ctx.Err() != nil {
			return rec, false
		}
		p := g.Position()
		s, lim := sa, cfg.A.Limits
		if p.turn != aColor {
			s, lim = sb, cfg.B.Limits
		}
		if cfg.Clock != nil {
			lim.Clock = cfg.Clock
		}
		if cfg.GameTime > 0 {
			lim.MoveTime, lim.FixedTime = 0, false
			lim.TimeLeft, lim.Increment, lim.MovesToGo = left[p.turn]+cfg.Increment, cfg.Increment, 0
		}
		lim.Seed = lim.Seed ^ cfg.Seed ^ uint64(index)*0x9E3779B97F4A7C15 ^ uint64(g.Ply())
		r := s.Search(ctx, g, lim)
		if r.Move.From == 0 {
			break
		}
		if cfg.GameTime > 0 {
			if left[p.turn] += cfg.Increment - r.Elapsed; left[p.turn] < 0 {
				g.LoseOnTime(p.turn)
				break
			}
		}
		rec.Moves = append(rec.Moves, p.MoveString(&r.Move, Numeric))
		if err := g.Play(r.Move); err != nil {
			panic("engine: search returned an illegal move: " + err.Error())
		}
	}
	if ctx.Err() != nil {
		return rec, false
	}
	rec.Result, rec.Reason = g.Result()
	if !g.Over() {
		rec.Result = Drawn
	}
	rec.Plies = g.Ply()
	if cfg.GameTime > 0 {
		rec.ClockLeft = left
	}
	return rec, true
}
