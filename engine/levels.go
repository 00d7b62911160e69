package engine

import (
	"fmt"
	"time"
)

// LevelSettings are the search settings of one playing strength.
type LevelSettings struct {
	// Level is the strength, 1 (beginner) to 10 (the full engine).
	Level int
	// Depth is the nominal search depth (0: as deep as the node budget or
	// time allows).
	Depth int
	// Nodes is the node budget of a move (0: none). The engine levels
	// 7-9 are node budgets, so they play the same moves on a busy machine
	// as on an idle one, and each spends about four times the nodes of the
	// one below.
	Nodes uint64
	// MoveTime is the longest the level thinks about a move.
	MoveTime time.Duration
	// Noise, Natural and Window choose the mistakes (see Limits): a random
	// number below Noise is added to each root move's score, natural-looking
	// moves get up to 2*Natural, and only moves within Window of the best
	// score are considered.
	Noise, Natural, Window int
	// Endgame is true for the levels that use an endgame database when
	// the caller has one (see EndgameLimits).
	Endgame bool
	// AllTime makes the level think for all of MoveTime (Limits.FixedTime)
	// unless the move is forced or the win proven.
	AllTime bool
	// Threads is the number of threads the level searches with
	// (Limits.Threads; 0 is one).
	Threads int
	// Contempt is what a draw costs the level, in centi-men
	// (Limits.Contempt; 0: a draw is level).
	Contempt int
}

// LevelTenThreads is the number of threads of level 10: two, the cores of
// a small machine, so that it uses the core the opponent leaves idle while
// it thinks.
const LevelTenThreads = 2

// DefaultLevel is the level a new game starts with.
const DefaultLevel = 3

// levels is the table documented at Level.
var levels = [...]LevelSettings{
	{Level: 1, Depth: 1, MoveTime: 200 * time.Millisecond, Noise: 120, Natural: 40, Window: 160},
	{Level: 2, Depth: 2, MoveTime: 300 * time.Millisecond, Noise: 90, Natural: 30, Window: 120},
	{Level: 3, Depth: 3, MoveTime: 500 * time.Millisecond, Noise: 60, Natural: 20, Window: 80},
	{Level: 4, Depth: 4, MoveTime: 700 * time.Millisecond, Noise: 40, Natural: 12, Window: 50},
	{Level: 5, Depth: 5, MoveTime: 800 * time.Millisecond, Noise: 25, Natural: 8, Window: 30},
	{Level: 6, Depth: 6, MoveTime: time.Second, Noise: 12, Natural: 4, Window: 15},
	{Level: 7, Nodes: 30_000, MoveTime: time.Second, Endgame: true},
	{Level: 8, Nodes: 120_000, MoveTime: time.Second, Endgame: true},
	{Level: 9, Nodes: 500_000, MoveTime: 1500 * time.Millisecond, Endgame: true},
	{Level: 10, MoveTime: 2900 * time.Millisecond, Endgame: true, AllTime: true, Threads: LevelTenThreads},
}

// Level returns the settings of level n (1..10; out-of-range values are
// clamped), as International plays them; LevelFor gives a variant's.
// The levels:
//
//	level  depth  nodes  max time  noise  natural  window  plays like
//	  1      1      -     0.2 s     120      40      160   a beginner: natural moves, blind to the opponent's shots
//	  2      2      -     0.3 s      90      30      120   a novice: sees one-move threats
//	  3      3      -     0.5 s      60      20       80   a casual player (the default)
//	  4      4      -     0.7 s      40      12       50   a club beginner
//	  5      5      -     0.8 s      25       8       30   a club player
//	  6      6      -     1 s        12       4       15   a strong club player
//	  7      -     30k    1 s         -       -        -   the engine on 30,000 nodes a move, no noise
//	  8      -    120k    1 s         -       -        -   the engine on 120,000 nodes
//	  9      -    500k    1.5 s       -       -        -   the engine on 500,000 nodes
//	 10      -      -     2.9 s       -       -        -   the full engine, thinking 2.9 s a move on 2 threads (answers within 3 s)
//
// English plays levels 7-9 on 5,000, 20,000 and 250,000 nodes. Russian
// plays levels 7-9 on 8,000, 40,000 and 200,000 nodes (levelNodes), and
// levels 7-10 with a contempt of 0.15 men (levelContempt).
//
// Level 6 searches depth 6: at depth 7 it left no room below level 7
// (English, level 7 on 5,000 nodes: 51.7%; International, on 30,000:
// 49.5% and 53.0% in 100 games, seeds 1 and 2, where against depth 6 it
// scored 72.5%, 66.5% and 70.5%, seeds 1-3).
//
// Levels 1-6 score every root move with a shallow search and play the
// best of score + naturalness bonus (advancing a man, towards the centre,
// crowning) + noise among the moves within the window of the best. Levels
// 7-9 search until their node budget is spent (their time limit is only a
// safeguard: the budgets take 10-150 ms at the engine's 3-6 million nodes
// a second); level 10 searches for 2.9 s (less only for a forced move or
// a proven win), twenty to forty times the nodes of level 9. Levels 7-10 probe an endgame database when one is given
// (EndgameLimits). Captures are compulsory, so mistakes come from the quiet
// moves; a depth-1 search resolves its own captures but does not see the
// opponent's shots.
func Level(n int) LevelSettings {
	n = max(1, min(len(levels), n))
	return levels[n-1]
}

// LevelFor returns the settings of level n in variant v: those of Level,
// with the node budgets that the variant sets apart from the table
// (levelNodes) and its contempt at levels 7-10 (levelContempt).
func LevelFor(v *Variant, n int) LevelSettings {
	l := Level(n)
	if nodes, ok := levelNodes[v][l.Level]; ok {
		l.Nodes = nodes
	}
	if l.Level >= 7 {
		l.Contempt = levelContempt[v]
	}
	return l
}

// levelContempt is the contempt (Limits.Contempt) of levels 7-10 in the
// variants that have one. Russian: a draw costs them 0.15 men, so they
// keep a level game going against the weaker players they meet instead of
// settling into one of the many drawn endings. Level 9 (then on 400,000
// nodes, all openings) against level 8, both with it, scored 67.2% in 200
// games where both without it scored 63.0% (79 draws instead of 88), and
// level 10 against level 9 64.0% against 60.0% over the same 50 openings.
var levelContempt = map[*Variant]int{Russian: 15}

// levelNodes holds the node budgets, by level, that a variant plays
// apart from the table.
//
// Russian: the pattern tables make strong Russian games drawish, so equal
// steps of nodes win less at the top of the ladder than at the bottom. On
// the table's budgets 9-8 (four times the nodes) scored 55.8% in 200 games,
// and ten times the nodes (1,200,000 against 120,000) only 60.0%. So the
// Russian ladder takes small steps of nodes low down, where they win
// more: levels 7, 8 and 9 search 8,000, 40,000 and 200,000 nodes, and
// level 10 has about sixty times level 9's. On the balanced openings,
// 200 games a pair (--seed 3): 7-6 69.0%, 8-7 75.2%, 9-8 64.5% (66.0%
// with --seed 4); 10-9 (level 10 on one thread, --seed 1) 72.5% in 40
// games, +18 =22 -0. Level 9 on 400,000 nodes won 9-8 by more (69.2%
// over 117 games) but held level 10 to 55.0% (+4 =36 -0): level 10 drew
// nearly every game. The README's ladder has every row.
//
// English: the same holds with the fifth pattern tables and the depth
// truncation, more so at the top. On the table's budgets 9-8 scored 60.0%
// in 200 games (--seed 3), and with level 9 on 1,000,000 nodes again
// 60.0% (a contempt of 0.15 men added a point: 63.0% against 62.0% over
// the first 100). Level 10 against level 9 on 500,000 nodes scored 52.4%
// in 21 games (level 10 on one thread). So the English ladder moves down,
// where steps of nodes win more: levels 7, 8 and 9 search 5,000, 20,000
// and 250,000 nodes, and level 10 has forty times level 9's nodes. On
// the balanced openings, 200 games a pair (--seed 3): 6-5 70.8%, 7-6
// 67.5%, 8-7 76.0%, 9-8 77.0%; 10-9 (level 10 on one thread, --seed 1)
// 70.0% in 40 games, +16 =24 -0.
var levelNodes = map[*Variant]map[int]uint64{
	English: {7: 5_000, 8: 20_000, 9: 250_000},
	Russian: {7: 8_000, 8: 40_000, 9: 200_000},
}

// Limits returns the search limits of the level; seed makes the choice of
// mistakes repeatable.
func (l LevelSettings) Limits(seed uint64) Limits {
	return Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime, Noise: l.Noise, Natural: l.Natural,
		Window: l.Window, Seed: seed, FixedTime: l.AllTime, Threads: l.Threads, Contempt: l.Contempt}
}

// EndgameLimits returns the search limits of the level with db as the
// prober when the level uses endgame databases (levels 7-10); db may be
// nil, and a database of another variant simply answers nothing.
func (l LevelSettings) EndgameLimits(seed uint64, db Prober) Limits {
	lim := l.Limits(seed)
	if l.Endgame && db != nil {
		lim.Prober = db
	}
	return lim
}

// String describes the level in one line.
func (l LevelSettings) String() string {
	d := "depth max"
	switch {
	case l.Depth > 0:
		d = fmt.Sprint("depth ", l.Depth)
	case l.Nodes > 0:
		d = fmt.Sprint(l.Nodes, " nodes")
	}
	return fmt.Sprintf("level %d (%s, %v, noise %d)", l.Level, d, l.MoveTime, l.Noise)
}
