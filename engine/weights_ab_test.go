//go:build linux

package engine

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

var (
	abGames   = flag.Int("ab.games", 0, "play this many games of level 10 with the -ab.* weights against level 10 with the variant's weights")
	abMS      = flag.Int("ab.ms", 100, "CPU milliseconds a move in the -ab.games match")
	abVariant = flag.String("ab.variant", "russian", "variant of the -ab.games match")
	abRunaway = flag.Int("ab.runaway", -1, "Runaway weight of player A (-1: the variant's)")
	abStep    = flag.Int("ab.runawaystep", -1, "RunawayStep weight of player A (-1: the variant's)")
	abKing    = flag.Int("ab.king", -1, "King weight of player A (-1: the variant's)")
	abLong    = flag.Int("ab.longdiagonal", -1, "LongDiagonal weight of player A (-1: the variant's)")
	abWorkers = flag.Int("ab.workers", 1, "games played at once in the -ab.games match")
	abSeed    = flag.Uint64("ab.seed", 11, "seed of the -ab.games match's opening order (another seed: other openings first)")
	abPat     = flag.String("ab.patterns", "", "pattern tables of player A (a file written by TestPatternFit; \"none\": none)")
	abTrunc   = flag.String("ab.trunc", "", "depth truncation margins of player A as SOFT,HARD (0: that step off)")
	abThreads = flag.Int("ab.threads", 1, "threads of both players (more than one: play with -ab.workers 1 on an otherwise idle machine)")
	abNoBest  = flag.Bool("ab.nobestthread", false, "player A plays its main thread's answer even when a helper went deeper")
	abAsp     = flag.Bool("ab.noaspiration", false, "player A searches every iteration with a full window (no aspiration windows)")
	abGame    = flag.Int("ab.gametime", 0, "play on a game clock of this many CPU milliseconds a game for each side instead of -ab.ms a move")
	abInc     = flag.Int("ab.inc", 0, "CPU milliseconds each side's clock gains a move with -ab.gametime")
	abTT      = flag.Int("ab.tt", 0, "transposition table of player A in MB (0: the match's, 8 MB)")
	abTTB     = flag.Int("ab.ttb", 0, "transposition table of player B in MB (0: the match's, 8 MB)")
	abFlat    = flag.Bool("ab.flatclock", false, "player A gives each move a fixed share of its game clock (the budget before the iterations decided it)")
	abSet     = flag.String("ab.set", "", "weights of player A as Name=value,... with the names TestTuneWeights prints (King, Advance[3], SoleKing, ...)")
)

// TestWeights_AB plays level 10 with changed evaluation weights against
// level 10 with the variant's own, on equal CPU time a move:
//
//	go test ./engine -run Weights_AB -args -ab.games 80 -ab.variant russian -ab.runaway 150
func TestWeights_AB(t *testing.T) {
	if *abGames == 0 {
		t.Skip("give -ab.games N to play the match")
	}
	v, ok := VariantByName(*abVariant)
	if !ok {
		t.Fatalf("no variant %q", *abVariant)
	}
	w := WeightsFor(v)
	if *abRunaway >= 0 {
		w.Runaway = *abRunaway
	}
	if *abStep >= 0 {
		w.RunawayStep = *abStep
	}
	if *abKing >= 0 {
		w.King = *abKing
	}
	if *abLong >= 0 {
		w.LongDiagonal = *abLong
	}
	if *abSet != "" {
		if err := applyWeightSet(v, &w, *abSet); err != nil {
			t.Fatalf("-ab.set: %v", err)
		}
	}
	a := LevelPlayer(10)
	a.Limits.MoveTime = time.Duration(*abMS) * time.Millisecond
	a.Limits.Threads = *abThreads // CPU clocks count the main thread
	b := a
	a.Name, b.Name = "changed", "variant's"
	a.Limits.evaluator = newEvaluator(v, w)
	a.Limits.evaluator.pat = evaluatorFor(v).pat
	switch *abPat {
	case "":
	case "none":
		a.Limits.evaluator.pat = nil
	default:
		b, err := os.ReadFile(*abPat)
		if err != nil {
			t.Fatalf("-ab.patterns: %v", err)
		}
		if a.Limits.evaluator.pat, err = decodePatterns(b); err != nil {
			t.Fatalf("-ab.patterns: %v", err)
		}
	}
	if *abTrunc != "" {
		var m [2]int
		if _, err := fmt.Sscanf(*abTrunc, "%d,%d", &m[0], &m[1]); err != nil {
			t.Fatalf("-ab.trunc %q: want SOFT,HARD", *abTrunc)
		}
		a.Limits.trunc = &m
	}
	a.Limits.noAspiration = *abAsp
	a.Limits.noBestThread = *abNoBest
	a.Limits.flatClock = *abFlat
	a.Limits.TTMB, b.Limits.TTMB = *abTT, *abTTB
	n := 0
	res, err := PlayMatch(context.Background(), MatchConfig{Variant: v, A: a, B: b, Games: *abGames, Workers: *abWorkers, Seed: *abSeed, Clock: ThreadCPUClock(),
		GameTime: time.Duration(*abGame) * time.Millisecond, Increment: time.Duration(*abInc) * time.Millisecond,
		OnGame: func(r GameRecord) {
			n++
			fmt.Printf("%d:%v ", n, r.ScoreA())
			if *abGame > 0 {
				fmt.Printf("(%s %d plies, left %.1fs/%.1fs) ", r.Reason, r.Plies, r.ClockLeft[r.AColor].Seconds(), r.ClockLeft[r.AColor.Opponent()].Seconds())
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	d, m := res.Elo()
	t.Logf("%+v against the %s weights, %d ms: +%d =%d -%d, %.1f%%, Elo %+.0f ± %.0f", w, v.Name, *abMS, res.Wins, res.Draws, res.Losses, 100*res.Score(), d, m)
}

// applyWeightSet changes the weights named in list (Name=value,... with
// the names of tuneParams, or @FILE of such lines, as TestTuneWeights
// writes them).
func applyWeightSet(v *Variant, w *EvalWeights, list string) error {
	x := tuneWeights(v, *w)
	names := tuneParams(v)
	if path, ok := strings.CutPrefix(list, "@"); ok {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		list = strings.Join(strings.Fields(string(b)), ",")
	}
next:
	for _, kv := range strings.Split(list, ",") {
		name, val, _ := strings.Cut(strings.TrimSpace(kv), "=")
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return fmt.Errorf("%q: %v", kv, err)
		}
		for j, n := range names {
			if n == name {
				x[j] = f
				continue next
			}
		}
		return fmt.Errorf("no weight %q (there are %v)", name, names)
	}
	setTuneWeights(v, w, x)
	return nil
}
