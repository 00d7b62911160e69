package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

const analyzeUsage = "[--fen F] [--moves M] [--movetime MS] [--depth D] [--egdb=false]"

const analyzeHelp = `Searches the position at full strength and prints one line per completed depth:
  depth <D> score <S> nodes <N> pv <moves>
where S is "+0.35" (hundredths of a man for the side to move) or "win in 7" / "loss in 12"
(plies to the end). Without --movetime and --depth it stops after 5 seconds.
  --fen F        the position (default: the variant's start position)
  --moves M      moves played first: "11-15 23-19"
  --movetime MS  think for MS milliseconds
  --depth D      the last depth to search (1-100)
  --egdb         use the endgame database (default true; English up to 6 pieces, Russian
                 up to 5; read when the position has 8 pieces or fewer, about 0.1 s)
`

// defaultAnalyzeTime is how long analyze thinks without --movetime or
// --depth.
const defaultAnalyzeTime = 5 * time.Second

func runAnalyze(e *env, args []string) error {
	fs := e.flags("analyze")
	pf := e.positionFlags(fs, "position in PDN FEN")
	movetime := fs.Int("movetime", 0, "milliseconds to think")
	depth := fs.Int("depth", 0, "last depth")
	useDB := fs.Bool("egdb", true, "use the endgame database (English, Russian)")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	lim := engine.Limits{}
	if set["movetime"] {
		if *movetime < 1 || *movetime > 3600000 {
			return fmt.Errorf("--movetime %d: give milliseconds from 1 to 3600000", *movetime)
		}
		lim.MoveTime, lim.FixedTime = time.Duration(*movetime)*time.Millisecond, true
	}
	if set["depth"] {
		if *depth < 1 || *depth > maxDepth {
			return fmt.Errorf("--depth %d: give a depth from 1 to %d", *depth, maxDepth)
		}
		lim.Depth = *depth
	}
	if lim.MoveTime == 0 && lim.Depth == 0 {
		lim.MoveTime, lim.FixedTime = defaultAnalyzeTime, true
	}
	g, err := e.game(pf)
	if err != nil {
		return err
	}
	p := g.Position()
	if g.Over() {
		r, why := g.Result()
		return fmt.Errorf("analyze: the game is over (%s, %s)", r, why)
	}
	if lim.Prober, err = dbForRoot(&p, *useDB); err != nil {
		return err
	}
	out := bufio.NewWriter(e.stdout)
	var werr error
	lim.Progress = func(i engine.Info) {
		if werr != nil {
			return
		}
		fmt.Fprintf(out, "depth %d score %s nodes %d pv %s\n", i.Depth, scoreText(i.Score), i.Nodes, joinPV(pvText(p, i.PV)))
		werr = out.Flush()
	}
	r := engine.NewSearcher(engine.DefaultTTMB).Search(context.Background(), g, lim)
	if werr != nil {
		return werr
	}
	if r.Depth == 0 {
		// a forced move, or no iteration finished: still say what to play
		fmt.Fprintf(out, "depth 0 score %s nodes %d pv %s\n", scoreText(r.Score), r.Nodes, joinPV(pvText(p, r.PV)))
	}
	return out.Flush()
}
