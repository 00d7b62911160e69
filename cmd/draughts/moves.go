package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

const movesUsage = "[--fen F] [--moves M] [--json] [--notation numeric|algebraic]"

const movesHelp = `Prints the legal moves in PDN, one per line: 11-15, 22x15, and the full
path 22x15x8 only when another capture has the same start and end squares.

Without --fen and --moves, reads FENs from standard input, one per line (blank lines are
skipped), and answers each as soon as it is read, so one process can serve
many positions or be driven interactively. In text mode each answer ends with
an empty line. A bad FEN stops the program at once: exit status 2 and
"draughts: line N: ..." on stderr, after the answers to the lines before it.

  --fen F       the position
  --moves M     moves to play first, from --fen or the start position: "11-15 23-19"
  --json        one JSON object per position, on one line:
                {"fen":"...","moves":[{"notation":"22x15","from":22,"to":15,
                 "path":[15],"captures":[18],"promotes":false}]}
                Squares are numbers. path holds the landing squares after
                from, to last (for a step: [to]); captures are in the order
                they are jumped. fen is the position as the engine writes it.
  --notation    numeric (default) or algebraic (c3:e5) for the move text
`

// maxFENLine bounds one line of standard input for moves.
const maxFENLine = 1 << 16

// jsonMove is a move in the JSON answer. Squares are ints: a slice of
// engine.Square (a uint8) would encode as a base64 string.
type jsonMove struct {
	Notation string `json:"notation"`
	From     int    `json:"from"`
	To       int    `json:"to"`
	Path     []int  `json:"path"`
	Captures []int  `json:"captures"`
	Promotes bool   `json:"promotes"`
}

type jsonMoves struct {
	FEN   string     `json:"fen"`
	Moves []jsonMove `json:"moves"`
}

func runMoves(e *env, args []string) error {
	fs := e.flags("moves")
	pf := e.positionFlags(fs, "position in PDN FEN (default: read FENs from standard input)")
	asJSON := fs.Bool("json", false, "print one JSON object per position")
	notation := notationFlag(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if err := e.checkNotation(*notation); err != nil {
		return err
	}
	out := bufio.NewWriter(e.stdout)
	answer := func(p *engine.Position, streaming bool) error {
		if err := writeMoves(out, p, *notation, *asJSON, streaming); err != nil {
			return err
		}
		return out.Flush()
	}
	if *pf.fen != "" || *pf.moves != "" {
		p, err := e.resolve(pf)
		if err != nil {
			return err
		}
		return answer(&p, false)
	}
	in := bufio.NewScanner(e.stdin)
	in.Buffer(make([]byte, 0, 4096), maxFENLine)
	for line := 1; in.Scan(); line++ {
		text := strings.TrimSpace(in.Text())
		if text == "" {
			continue
		}
		p, err := e.position(fmt.Sprintf("line %d: FEN", line), text)
		if err != nil {
			return err
		}
		if err := answer(&p, true); err != nil {
			return err
		}
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("reading standard input: %v", err)
	}
	return nil
}

// writeMoves writes the legal moves of p: one per line, followed by an
// empty line when streaming, or one JSON object on one line.
func writeMoves(out *bufio.Writer, p *engine.Position, n engine.Notation, asJSON, streaming bool) error {
	moves := p.LegalMoves()
	if asJSON {
		r := jsonMoves{FEN: p.FEN(), Moves: make([]jsonMove, 0, len(moves))}
		for i := range moves {
			m := &moves[i]
			r.Moves = append(r.Moves, jsonMove{
				Notation: p.MoveString(m, n),
				From:     int(m.From),
				To:       int(m.To),
				Path:     squareNumbers(m.Path()),
				Captures: squareNumbers(m.Captured()),
				Promotes: m.Promotes,
			})
		}
		return json.NewEncoder(out).Encode(r)
	}
	for i := range moves {
		fmt.Fprintln(out, p.MoveString(&moves[i], n))
	}
	if streaming {
		fmt.Fprintln(out)
	}
	return nil
}

func squareNumbers(squares []engine.Square) []int {
	out := make([]int, len(squares))
	for i, s := range squares {
		out[i] = int(s)
	}
	return out
}
