package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

const puzzlesUsage = "check [FILES...] | solve [--fen F] [--json] [--movetime MS] [--threads N] | generate --games N --out FILE [--seed S]"

const puzzlesHelp = `Subcommands:
  check [FILES...]   load puzzle packs (default: the bundled packs) and verify every
                     puzzle with the search solver; prints "file:line: puzzle "id": message"
                     for each problem and exits with status 1 if there is any
  solve              print every first move that wins (the game, or decisive material by
                     force) and the engine's main line
      --fen F        the position (default: the variant's start position)
      --moves M      moves to play from there first
      --json         {"winning":["22x8",...],"line":[...],"score":...,"proven":true}
      --movetime MS  time for the main-line search; the proofs get as long, at least
                     4 s (default: the proofs up to 4 s, then the search 2 s when they
                     proved a move, else what they leave of 12 s, at least 5 s)
                     When no move is proven to win, "proven" is false and winning is at
                     most the engine's best move (with a score of at least 0.2 men).
      --threads N    threads of the searches (default: the machine's cores, at most 8)
  generate           mine engine self-play games for puzzles and write a pack
      --games N      games to play (default 20)
      --out FILE     the pack file to write (required)
      --seed S       seed of the games (default 1); the same seed gives the same pack
      --plies P      longest forced line, in plies (default 7)
The definitions of "wins" are in puzzles/FORMAT.md. English checkers uses the
endgame database for positions of up to 6 pieces (tables shipped in the program).
`

// exitError ends a command with its own exit status once it has printed
// what it had to say (status 2 stays for bad input).
type exitError struct {
	status int
	msg    string
}

func (e *exitError) Error() string { return e.msg }

// errProblems is returned by puzzles check when a puzzle fails: exit
// status 1, the problems already printed.
var errProblems = &exitError{status: 1, msg: "puzzle problems found"}

func runPuzzles(e *env, args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("puzzles: give a subcommand: check, solve or generate")
	}
	switch args[0] {
	case "check":
		return puzzlesCheck(e, args[1:])
	case "solve":
		return puzzlesSolve(e, args[1:])
	case "generate":
		return puzzlesGenerate(e, args[1:])
	case "-h", "--help", "-help":
		return errHelp
	}
	return fmt.Errorf("puzzles: unknown subcommand %q; use check, solve or generate", args[0])
}

// solverFor returns the search solver for variant v, with the endgame
// database of English checkers or Russian draughts.
func solverFor(v *engine.Variant) (*puzzles.SearchSolver, error) {
	db, err := endgameDB(v)
	if err != nil {
		return nil, err
	}
	if db == nil {
		return puzzles.NewSearchSolver(nil), nil
	}
	return puzzles.NewSearchSolver(db), nil
}

func puzzlesCheck(e *env, args []string) error {
	fs := e.flags("puzzles check")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return fmt.Errorf("puzzles check: %v", err)
	}
	var packs []*puzzles.Pack
	var problems []error
	if fs.NArg() == 0 {
		ps, errs := puzzles.Bundled()
		packs, problems = ps, errs
	}
	for _, name := range fs.Args() {
		data, err := os.ReadFile(name)
		if err != nil {
			return fmt.Errorf("puzzles check: %v", err)
		}
		pk, errs := puzzles.Load(filepath.Base(name), data)
		if pk != nil {
			pk.File = name
		}
		problems = append(problems, errs...)
		if pk != nil {
			packs = append(packs, pk)
		}
	}
	solvers := map[*engine.Variant]*puzzles.SearchSolver{}
	out := bufio.NewWriter(e.stdout)
	total := 0
	for _, pk := range packs {
		s := solvers[pk.Variant]
		if s == nil {
			var err error
			if s, err = solverFor(pk.Variant); err != nil {
				return err
			}
			solvers[pk.Variant] = s
		}
		problems = append(problems, pk.Verify(context.Background(), s)...)
		total += len(pk.Puzzles)
		fmt.Fprintf(out, "%s: %d puzzles\n", pk.File, len(pk.Puzzles))
	}
	for _, p := range problems {
		fmt.Fprintln(out, p)
	}
	fmt.Fprintf(out, "%d puzzles, %d problems\n", total, len(problems))
	if err := out.Flush(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return errProblems
	}
	return nil
}

type solveReport struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Winning []string `json:"winning"`
	Line    []string `json:"line"`
	Score   int      `json:"score"`
	// Proven is false when no move is proven to win: winning is then at
	// most the engine's best move, judged by its score only.
	Proven bool   `json:"proven"`
	Note   string `json:"note,omitempty"`
}

// unprovenNote explains a winning list that is the engine's judgement.
const unprovenNote = "no win proven within the limits: winning is the engine's best move, judged by its score"

func puzzlesSolve(e *env, args []string) error {
	fs := e.flags("puzzles solve")
	pf := e.positionFlags(fs, "position in PDN FEN (default: the start position)")
	asJSON := fs.Bool("json", false, "print JSON")
	movetime := fs.Int("movetime", 0, "milliseconds for the main-line search (the proofs get as long, at least 4 s); default: 2 s after a proof, else what the proofs leave of 12 s, at least 5 s")
	threads := fs.Int("threads", min(runtime.NumCPU(), 8), "threads of the searches")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "movetime" })
	if given && *movetime < 1 {
		return fmt.Errorf("--movetime %d: give a time in milliseconds, at least 1", *movetime)
	}
	if *threads < 1 || *threads > 64 {
		return fmt.Errorf("--threads %d: give a number of threads from 1 to 64", *threads)
	}
	p, err := e.resolve(pf)
	if err != nil {
		return err
	}
	if err := puzzles.ValidatePosition(&p, false); err != nil {
		return fmt.Errorf("--fen: %v", err)
	}
	s, err := solverFor(p.Variant())
	if err != nil {
		return err
	}
	s.Threads = *threads
	res, err := s.Solve(context.Background(), p, puzzles.SolveOptions{MoveTime: time.Duration(*movetime) * time.Millisecond})
	if err != nil {
		return fmt.Errorf("puzzles solve: %v", err)
	}
	r := solveReport{Variant: p.Variant().Name, FEN: p.FEN(), Winning: res.Winning, Line: res.Line,
		Score: res.Score, Proven: res.Proven}
	if !res.Proven && len(res.Winning) > 0 {
		r.Note = unprovenNote
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(r)
	}
	out := bufio.NewWriter(e.stdout)
	switch {
	case len(r.Winning) == 0:
		fmt.Fprintln(out, "winning: none")
	case r.Proven:
		fmt.Fprintf(out, "winning: %s\n", strings.Join(r.Winning, " "))
	default:
		fmt.Fprintf(out, "winning: %s (not proven: the engine's best move)\n", strings.Join(r.Winning, " "))
	}
	fmt.Fprintf(out, "line: %s\n", strings.Join(r.Line, " "))
	fmt.Fprintf(out, "score: %s\n", scoreText(res.Score))
	return out.Flush()
}

// scoreText writes a score in men, or as a forced win or loss.
func puzzlesGenerate(e *env, args []string) error {
	fs := e.flags("puzzles generate")
	games := fs.Int("games", 20, "games to play")
	outFile := fs.String("out", "", "pack file to write")
	seed := fs.Uint64("seed", 1, "seed of the games")
	plies := fs.Int("plies", 7, "longest forced line in plies")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if *games < 1 || *games > 100000 {
		return fmt.Errorf("--games %d: give a number of games from 1 to 100000", *games)
	}
	if *plies < 3 || *plies > 15 {
		return fmt.Errorf("--plies %d: give a line length from 3 to 15 plies", *plies)
	}
	if *outFile == "" {
		return fmt.Errorf("puzzles generate: --out FILE is required")
	}
	var prober engine.Prober
	if db, err := endgameDB(e.variant); err != nil {
		return err
	} else if db != nil {
		prober = db
	}
	opts := puzzles.GenerateOptions{Variant: e.variant, Games: *games, Seed: *seed, Plies: *plies, Prober: prober,
		Progress: func(g, f int) {
			if g%10 == 0 || g == *games {
				fmt.Fprintf(e.stderr, "%d games mined, %d puzzles found\n", g, f)
			}
		}}
	pk, st, err := puzzles.Generate(context.Background(), opts)
	if err != nil {
		return err
	}
	comment := fmt.Sprintf("Generated by `draughts --variant %s puzzles generate --games %d --seed %d --plies %d`.\n"+
		"Every position comes from an engine self-play game; one move wins material by force.",
		e.variant.Name, *games, *seed, *plies)
	if err := os.WriteFile(*outFile, puzzles.Format(pk, comment), 0o644); err != nil {
		return fmt.Errorf("puzzles generate: %v", err)
	}
	fmt.Fprintf(e.stdout, "%d games, %d positions, %d puzzles found, %d kept, %s -> %s\n",
		st.Games, st.Positions, st.Found, st.Kept, st.Elapsed.Round(time.Millisecond), *outFile)
	return nil
}
