package main

import (
	"context"
	"fmt"

	"github.com/checkerstutor/checkers/engine/hub"
)

const hubUsage = "[--variant V] [--egdb=false]"

// hubHelp names the hub's own default table size (hub.DefaultTTMB).
var hubHelp = fmt.Sprintf(`Speaks the Hub protocol (version 2, as used by Scan and the Hub GUI) on standard
input and output, for draughts GUIs and tournament managers. --variant sets the
rule set the session starts with (default here: english); the GUI may change it
with "set-param name=variant value=...". Parameters: variant, level (1-10, default 10),
tt-size (MB, default %d), threads (default: the level's, two at level 10). "level move-time=S"
is used in full; "level time=S [inc=S] [moves=N]" is a game clock (S seconds left
before this move's increment, for N moves or the rest of the game): each move
takes a share of it, more while the best move keeps changing or its score falls;
"level depth=D" and "level nodes=N" limit the search instead. "go ponder" thinks
on the opponent's time without a limit until "ponder-hit" (the clock then starts)
or "stop".
  --egdb   levels 7-10 use the endgame database (default true; English up to 6
           pieces, Russian up to 5); it is
           read in the background when the session starts, about 0.1 s, and
           used by the searches after it is ready
`, hub.DefaultTTMB)

func runHub(e *env, args []string) error {
	fs := e.flags("hub")
	useDB := fs.Bool("egdb", true, "use the endgame database (English, Russian)")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	opts := hub.Options{Variant: e.variant}
	if *useDB {
		opts.Prober = backgroundDB
	}
	return hub.ServeWith(context.Background(), e.stdin, e.stdout, opts)
}
