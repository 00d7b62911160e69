package engine

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// The budget of a move on a game clock never exceeds a third of the
// clock, and its share is never more than that limit nor zero.
func TestClockBudget_StaysWithinTheClock(t *testing.T) {
	soft, hard := clockBudget(60*time.Second, 0, 0)
	if soft != 3*time.Second || hard != 12*time.Second {
		t.Errorf("60 s sudden death: share %v, limit %v; want 3s and 12s", soft, hard)
	}
	soft, hard = clockBudget(61*time.Second, time.Second, 40)
	if want := 61*time.Second/40 + 750*time.Millisecond; soft != want || hard != 4*want {
		t.Errorf("61 s for 40 moves, 1 s increment: share %v, limit %v; want %v and %v", soft, hard, want, 4*want)
	}
	soft, hard = clockBudget(9*time.Second, 0, 1)
	if hard != 3*time.Second || soft != hard {
		t.Errorf("9 s for the last move: share %v, limit %v; want 3s for both", soft, hard)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		left := time.Duration(r.Int64N(int64(time.Hour))) + time.Millisecond
		inc := time.Duration(r.Int64N(int64(left)))
		mtg := r.IntN(60)
		soft, hard := clockBudget(left, inc, mtg)
		if soft <= 0 || soft > hard || hard > left/3 {
			t.Fatalf("left %v, increment %v, %d moves: share %v, limit %v", left, inc, mtg, soft, hard)
		}
	}
}

// A move takes more of the clock while its best move changes and when
// its score falls, up to the hard limit.
func TestClockShare_GrowsWhenTheSearchIsUnsure(t *testing.T) {
	soft, hard := 100*time.Millisecond, 400*time.Millisecond
	calm := clockShare(soft, hard, 0, 0)
	if calm != soft {
		t.Errorf("stable search: %v, want the share %v", calm, soft)
	}
	if d := clockShare(soft, hard, 0, -50); d != soft {
		t.Errorf("a rising score: %v, want the share %v", d, soft)
	}
	changed := clockShare(soft, hard, 1, 0)
	dropped := clockShare(soft, hard, 0, 40)
	both := clockShare(soft, hard, 1.5, 40)
	if !(changed > calm && dropped > calm && both > changed && both > dropped) {
		t.Errorf("share %v; best move changed %v; score fell %v; both %v: each must be more than the one before", calm, changed, dropped, both)
	}
	if d := clockShare(soft, 300*time.Millisecond, 2, 60); d != 300*time.Millisecond {
		t.Errorf("the most unsure search: %v, want the limit of 300ms", d)
	}
}

// fakeClock returns a clock that advances by step at every reading.
func fakeClock(step time.Duration) func() time.Duration {
	var now time.Duration
	return func() time.Duration {
		now += step
		return now
	}
}

// A player whose clock runs out loses on time; the move is not played.
func TestPlayMatch_GameClockFlagFalls(t *testing.T) {
	cfg := MatchConfig{Variant: English, A: LevelPlayer(10), B: LevelPlayer(10), Games: 1, Workers: 1, TTMB: 1,
		Openings: []Position{English.StartPosition()}, GameTime: time.Second, Clock: fakeClock(time.Second)}
	res, err := PlayMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	if g.Reason != OutOfTime || g.Result != winFor(Black.Opponent()) || g.Plies != 0 || len(g.Moves) != 0 {
		t.Errorf("Black to move, a second on its clock, a second a reading: %s by %s after %d plies %v; want White to win on time before any move",
			g.Result, g.Reason, g.Plies, g.Moves)
	}
	if g.ClockLeft[Black] >= 0 || g.ClockLeft[White] != time.Second {
		t.Errorf("clocks left: Black %v, White %v; want Black below zero and White's second untouched", g.ClockLeft[Black], g.ClockLeft[White])
	}
}

// On a game clock each search takes a share of its side's time: after
// twenty moves each, both clocks have run down, neither has run out.
func TestPlayMatch_GameClockIsShared(t *testing.T) {
	cfg := MatchConfig{Variant: English, A: LevelPlayer(10), B: LevelPlayer(10), Games: 1, Workers: 1, TTMB: 1, MoveLimit: 20,
		Openings: []Position{English.StartPosition()}, GameTime: 2 * time.Second, Clock: fakeClock(time.Millisecond)}
	res, err := PlayMatch(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	if g.Reason == OutOfTime {
		t.Fatalf("%s lost on time after %d plies", g.Result, g.Plies)
	}
	for _, c := range []Color{White, Black} {
		if left := g.ClockLeft[c]; left < cfg.GameTime/10 || left > cfg.GameTime*9/10 {
			t.Errorf("%s: %v left of %v after %d plies (%s, %s); want from a tenth to nine tenths",
				c, left, cfg.GameTime, g.Plies, g.Result, g.Reason)
		}
	}
}

// A ponder search has no time limit until the ponder hit; its time then
// counts from the hit. Cancelling stops it at once.
func TestSearch_PonderWaitsForTheHit(t *testing.T) {
	g := NewGame(English, GameOptions{})
	hit := make(chan struct{})
	const hitDepth = 12
	lim := Limits{MoveTime: 20 * time.Millisecond, Clock: fakeClock(time.Millisecond), PonderHit: hit}
	lim.Progress = func(i Info) {
		if i.Depth == hitDepth {
			close(hit) // the opponent played the expected move
		}
	}
	res := NewSearcher(4).Search(context.Background(), g, lim)
	if res.Depth < hitDepth {
		t.Errorf("ponder search ended at depth %d, before the hit at depth %d", res.Depth, hitDepth)
	}
	if res.Elapsed < 20*time.Millisecond || res.Elapsed > 40*time.Millisecond {
		t.Errorf("time after the hit %v, want the move time of 20ms (the clock gains 1ms a reading)", res.Elapsed)
	}
	// without the hit the same move time stops the search far earlier
	lim.PonderHit, lim.Progress, lim.Clock = nil, nil, fakeClock(time.Millisecond)
	if r := NewSearcher(4).Search(context.Background(), g, lim); r.Depth >= hitDepth {
		t.Errorf("a normal search of 20 readings reached depth %d: the test needs a later hit", r.Depth)
	}
	// no hit at all: the search runs until it is cancelled
	ctx, cancel := context.WithCancel(context.Background())
	lim.PonderHit, lim.Clock = make(chan struct{}), fakeClock(time.Millisecond)
	lim.Progress = func(i Info) {
		if i.Depth == 10 {
			cancel()
		}
	}
	if r := NewSearcher(4).Search(ctx, g, lim); r.Depth != 10 || r.Move.From == 0 {
		t.Errorf("ponder search cancelled after depth 10: depth %d, move %v", r.Depth, r.Move)
	}
}
