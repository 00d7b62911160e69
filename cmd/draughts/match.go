package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

const matchUsage = "--a SPEC --b SPEC [--games N] [--first K] [--movetime MS | --time MS [--inc MS]] [--seed S] [--workers W] [--movelimit M] [--clock wall|cpu] [--pdn FILE] [--egdb=false]"

const matchHelp = `Plays engine against engine from the match openings (the positions after three
plies on 8x8 boards, two on 10x10, that are balanced: a search does not find a side
0.6 men or more ahead; in a seeded order, each opening twice with colours swapped)
and prints one character per game as it ends (+ A won, = draw, - A lost),
then A's wins, draws and losses, score and Elo difference with its 95% margin.
  --a, --b SPEC   a player: level=N (1-10), depth=D, movetime=MS, nodes=N, or a
                  combination such as level=10,movetime=200 (the level with less time)
                  or level=9,nodes=2000000 (the level on another node budget); depth,
                  movetime and nodes alone play at full strength; threads=T searches
                  on T threads (level 10 uses 2: level=10,threads=1 plays it on one);
                  contempt=C makes a draw cost the player C centi-men (Russian levels
                  7-10 play with 15; contempt=0 turns it off)
  --games N       number of games (default 100)
  --first K       skip the first K games of the seeded order: games K+1 to K+N are
                  played as a longer match with the same seed plays them (to split a
                  match between machines or continue one)
  --movetime MS   think time of every player that does not give its own
  --time MS       play on a game clock instead: each side has MS milliseconds for the
                  game and takes a share of what is left for each move (as "level
                  time" in the hub); a player whose clock runs out loses
  --inc MS        with --time: milliseconds each side's clock gains after each move
  --seed S        seed of the opening order and the weak levels' mistakes (default 1)
  --workers W     games played at once (default: the number of CPUs)
  --movelimit M   a game is drawn after M moves by each side (default 100)
  --clock C       what think times count: wall (default) or cpu, the CPU time of the
                  thread that searches (Linux), so that on a busy machine every move
                  gets the work it would get on a quiet one
  --pdn FILE      also write every game to FILE in PDN, as it ends
  --egdb          players above level 6 use the endgame database (English or Russian; default true;
                  it is read in the background, about 0.1 s, and used once ready)
`

// parsePlayer reads a player spec: level=N, depth=D, movetime=MS, nodes=N,
// threads=T, contempt=C, comma-separated.
func parsePlayer(v *engine.Variant, flagName, spec string, movetime int, db engine.Prober) (engine.Player, error) {
	if strings.TrimSpace(spec) == "" {
		return engine.Player{}, fmt.Errorf("%s: give a player such as level=5, depth=8 or movetime=500", flagName)
	}
	level, depth, ms, threads, nodes, contempt := 0, 0, 0, 0, 0, -1
	for _, part := range strings.Split(spec, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		n, err := strconv.Atoi(value)
		if !ok || err != nil {
			return engine.Player{}, fmt.Errorf("%s %q: %q is not key=number (level, depth, movetime, nodes, threads or contempt)", flagName, spec, part)
		}
		switch key {
		case "level":
			if n < 1 || n > 10 {
				return engine.Player{}, fmt.Errorf("%s %q: level %d: give a level from 1 to 10", flagName, spec, n)
			}
			level = n
		case "depth":
			if n < 1 || n > maxDepth {
				return engine.Player{}, fmt.Errorf("%s %q: depth %d: give a depth from 1 to %d", flagName, spec, n, maxDepth)
			}
			depth = n
		case "movetime":
			if n < 1 || n > 3600000 {
				return engine.Player{}, fmt.Errorf("%s %q: movetime %d: give milliseconds from 1 to 3600000", flagName, spec, n)
			}
			ms = n
		case "nodes":
			if n < 1 || n > 1_000_000_000 {
				return engine.Player{}, fmt.Errorf("%s %q: nodes %d: give a node budget from 1 to 1000000000", flagName, spec, n)
			}
			nodes = n
		case "contempt":
			if n < 0 || n > 100 {
				return engine.Player{}, fmt.Errorf("%s %q: contempt %d: give centi-men from 0 to 100", flagName, spec, n)
			}
			contempt = n
		case "threads":
			if n < 1 || n > 64 {
				return engine.Player{}, fmt.Errorf("%s %q: threads %d: give 1 to 64 threads", flagName, spec, n)
			}
			threads = n
		default:
			return engine.Player{}, fmt.Errorf("%s %q: unknown key %q (level, depth, movetime, nodes, threads or contempt)", flagName, spec, key)
		}
	}
	if ms == 0 {
		ms = movetime
	}
	var lim engine.Limits
	if level > 0 {
		lim = engine.LevelFor(v, level).EndgameLimits(0, db)
	} else {
		lim.Prober = db
		if depth == 0 && ms == 0 && nodes == 0 {
			return engine.Player{}, fmt.Errorf("%s %q: give a level, a depth, a movetime or a node budget", flagName, spec)
		}
	}
	if depth > 0 {
		lim.Depth = depth
	}
	if ms > 0 {
		lim.MoveTime = time.Duration(ms) * time.Millisecond
	}
	if nodes > 0 {
		lim.Nodes = uint64(nodes)
	}
	if threads > 0 {
		lim.Threads = threads
	}
	if contempt >= 0 {
		lim.Contempt = contempt
	}
	return engine.Player{Name: strings.ReplaceAll(spec, " ", ""), Limits: lim}, nil
}

func runMatch(e *env, args []string) error {
	fs := e.flags("match")
	a := fs.String("a", "", "player A")
	b := fs.String("b", "", "player B")
	games := fs.Int("games", 100, "number of games")
	first := fs.Int("first", 0, "games of the seeded order to skip")
	movetime := fs.Int("movetime", 0, "think time of players without their own")
	gameTime := fs.Int("time", 0, "milliseconds on each side's game clock")
	inc := fs.Int("inc", 0, "milliseconds each clock gains a move (with --time)")
	seed := fs.Uint64("seed", 1, "seed")
	workers := fs.Int("workers", 0, "games at once")
	moveLimit := fs.Int("movelimit", 100, "moves by each side before a draw")
	useDB := fs.Bool("egdb", true, "use the endgame database (English, Russian)")
	clockName := fs.String("clock", "wall", "wall or cpu")
	pdnPath := fs.String("pdn", "", "file for the games in PDN")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	var clock func() time.Duration
	switch *clockName {
	case "wall":
	case "cpu":
		if clock = engine.ThreadCPUClock(); clock == nil {
			return fmt.Errorf("--clock cpu: this system has no per-thread CPU clock; use --clock wall")
		}
	default:
		return fmt.Errorf("--clock %q: give wall or cpu", *clockName)
	}
	if *games < 1 || *games > 100000 {
		return fmt.Errorf("--games %d: give a number of games from 1 to 100000", *games)
	}
	if *movetime < 0 || *movetime > 3600000 {
		return fmt.Errorf("--movetime %d: give milliseconds from 1 to 3600000", *movetime)
	}
	if *gameTime < 0 || *gameTime > 36000000 {
		return fmt.Errorf("--time %d: give milliseconds on each clock, from 1 to 36000000", *gameTime)
	}
	if *inc < 0 || *inc > 3600000 || *inc > 0 && *gameTime == 0 {
		return fmt.Errorf("--inc %d: give milliseconds from 0 to 3600000, with --time", *inc)
	}
	if *workers < 0 || *workers > 64 {
		return fmt.Errorf("--workers %d: give 1 to 64 (0: the number of CPUs)", *workers)
	}
	if *first < 0 {
		return fmt.Errorf("--first %d: give the number of games to skip, 0 or more", *first)
	}
	if *moveLimit < 1 || *moveLimit > 1000 {
		return fmt.Errorf("--movelimit %d: give 1 to 1000 moves", *moveLimit)
	}
	var db engine.Prober
	if *useDB {
		db = backgroundDB(e.variant)
	}
	pa, err := parsePlayer(e.variant, "--a", *a, *movetime, db)
	if err != nil {
		return err
	}
	pb, err := parsePlayer(e.variant, "--b", *b, *movetime, db)
	if err != nil {
		return err
	}
	var pdn *os.File
	if *pdnPath != "" {
		f, err := os.Create(*pdnPath)
		if err != nil {
			return fmt.Errorf("--pdn: %w", err)
		}
		defer f.Close()
		pdn = f
	}
	var pdnErr error
	out := bufio.NewWriter(e.stdout)
	fmt.Fprintf(out, "%s vs %s, %s, %d games", pa.Name, pb.Name, e.variant.Name, *games)
	if *first > 0 {
		fmt.Fprintf(out, " from game %d", *first+1)
	}
	if *gameTime > 0 {
		fmt.Fprintf(out, ", %s a game + %s a move", time.Duration(*gameTime)*time.Millisecond, time.Duration(*inc)*time.Millisecond)
	}
	if clock != nil {
		fmt.Fprint(out, ", think times in CPU time")
	}
	fmt.Fprintln(out)
	out.Flush()
	n := 0
	cfg := engine.MatchConfig{Variant: e.variant, A: pa, B: pb, Games: *games, First: *first, Seed: *seed,
		Workers: *workers, MoveLimit: *moveLimit, Clock: clock,
		GameTime: time.Duration(*gameTime) * time.Millisecond, Increment: time.Duration(*inc) * time.Millisecond,
		OnGame: func(r engine.GameRecord) {
			c := "="
			switch r.ScoreA() {
			case 1:
				c = "+"
			case 0:
				c = "-"
			}
			if pdn != nil && pdnErr == nil {
				pdnErr = writeMatchGame(pdn, e.variant, pa.Name, pb.Name, r)
			}
			n++
			if n%50 == 0 || n == *games {
				c += "\n"
			}
			fmt.Fprint(out, c)
			out.Flush()
		}}
	res, err := engine.PlayMatch(context.Background(), cfg)
	if err != nil {
		return err
	}
	if pdnErr != nil {
		return fmt.Errorf("--pdn: %w", pdnErr)
	}
	d, margin := res.Elo()
	fmt.Fprintf(out, "A %s: +%d =%d -%d, score %.1f%%, Elo %+.0f ± %.0f", pa.Name, res.Wins, res.Draws, res.Losses,
		100*res.Score(), d, margin)
	if *gameTime > 0 {
		var flags [2]int // games lost on time by A, by B
		for _, g := range res.Games {
			if g.Reason == engine.OutOfTime {
				if g.ScoreA() == 0 {
					flags[0]++
				} else {
					flags[1]++
				}
			}
		}
		fmt.Fprintf(out, "; lost on time: A %d, B %d", flags[0], flags[1])
	}
	fmt.Fprintln(out)
	return out.Flush()
}

// writeMatchGame appends one match game to w in PDN, A and B named by
// their specs and the round numbered from 1.
func writeMatchGame(w io.Writer, v *engine.Variant, a, b string, r engine.GameRecord) error {
	g := engine.NewGameFrom(r.Opening, engine.GameOptions{})
	for i, text := range r.Moves {
		p := g.Position()
		m, err := p.ParseMove(text)
		if err != nil {
			return fmt.Errorf("game %d, move %d %q: %w", r.Index+1, i+1, text, err)
		}
		if err := g.Play(m); err != nil {
			return fmt.Errorf("game %d, move %d %q: %w", r.Index+1, i+1, text, err)
		}
	}
	white, black := a, b
	if r.AColor == engine.Black {
		white, black = b, a
	}
	pg := engine.PDNGame{Variant: v, Start: r.Opening, Moves: g.Moves(), Result: r.Result,
		Tags: []engine.Tag{{Name: "Event", Value: "draughts match"}, {Name: "Round", Value: strconv.Itoa(r.Index + 1)},
			{Name: "White", Value: white}, {Name: "Black", Value: black}, {Name: "Termination", Value: r.Reason.String()}}}
	_, err := io.WriteString(w, pg.String()+"\n")
	return err
}
