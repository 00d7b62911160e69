package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// maxPerftDepth bounds --depth: deeper trees would not finish anyway.
const maxPerftDepth = 30

const perftUsage = "--depth N [--fen F] [--moves M] [--divide] [--json] [--notation numeric|algebraic]"

const perftHelp = `Prints one line per depth from 1 to N: "depth nodes milliseconds".
Captures that take the same pieces from the same square to the same square count once.
  --depth N     depth of the tree, 1-30
  --fen F       the position (default: the variant's start position)
  --moves M     moves to play from there first: "11-15 23-19" (move numbers are skipped)
  --divide      for depth N only: each legal move with the nodes below it, then "total <nodes>"
  --json        one JSON object: {"variant":...,"fen":...,"depths":[{"depth":1,"nodes":7,"ms":0},...]}
                with --divide: {"variant":...,"fen":...,"depth":N,"divide":[{"move":"11-15","nodes":...},...],"nodes":...,"ms":...}
  --notation    numeric (default) or algebraic moves for --divide
`

type perftDepth struct {
	Depth int    `json:"depth"`
	Nodes uint64 `json:"nodes"`
	MS    int64  `json:"ms"`
}

type perftReport struct {
	Variant string       `json:"variant"`
	FEN     string       `json:"fen"`
	Depths  []perftDepth `json:"depths"`
}

type divideEntry struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

type divideReport struct {
	Variant string        `json:"variant"`
	FEN     string        `json:"fen"`
	Depth   int           `json:"depth"`
	Divide  []divideEntry `json:"divide"`
	Nodes   uint64        `json:"nodes"`
	MS      int64         `json:"ms"`
}

func runPerft(e *env, args []string) error {
	fs := e.flags("perft")
	depth := fs.Int("depth", 0, "depth of the tree")
	pf := e.positionFlags(fs, "position in PDN FEN")
	divide := fs.Bool("divide", false, "count below each move at the deepest depth")
	asJSON := fs.Bool("json", false, "print JSON")
	notation := notationFlag(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return fmt.Errorf("--depth %d: give a depth from 1 to %d", *depth, maxPerftDepth)
	}
	if err := e.checkNotation(*notation); err != nil {
		return err
	}
	p, err := e.resolve(pf)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(e.stdout)
	if *divide {
		err = writeDivide(out, &p, *depth, *notation, *asJSON)
	} else {
		err = writePerft(out, &p, *depth, *asJSON)
	}
	if err != nil {
		return err
	}
	return out.Flush()
}

// writePerft counts every depth from 1 to depth, flushing each text line
// as soon as it is known.
func writePerft(out *bufio.Writer, p *engine.Position, depth int, asJSON bool) error {
	r := perftReport{Variant: p.Variant().Name, FEN: p.FEN()}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n := p.Perft(d)
		pd := perftDepth{Depth: d, Nodes: n, MS: time.Since(start).Milliseconds()}
		if asJSON {
			r.Depths = append(r.Depths, pd)
			continue
		}
		fmt.Fprintf(out, "%d %d %d\n", pd.Depth, pd.Nodes, pd.MS)
		if err := out.Flush(); err != nil {
			return err
		}
	}
	if asJSON {
		return json.NewEncoder(out).Encode(r)
	}
	return nil
}

func writeDivide(out *bufio.Writer, p *engine.Position, depth int, n engine.Notation, asJSON bool) error {
	start := time.Now()
	moves, counts := p.Divide(depth)
	r := divideReport{Variant: p.Variant().Name, FEN: p.FEN(), Depth: depth, Divide: []divideEntry{}}
	for i := range moves {
		r.Divide = append(r.Divide, divideEntry{Move: p.MoveString(&moves[i], n), Nodes: counts[i]})
		r.Nodes += counts[i]
	}
	r.MS = time.Since(start).Milliseconds()
	if asJSON {
		return json.NewEncoder(out).Encode(r)
	}
	for _, d := range r.Divide {
		fmt.Fprintf(out, "%s %d\n", d.Move, d.Nodes)
	}
	fmt.Fprintf(out, "total %d\n", r.Nodes)
	return nil
}
