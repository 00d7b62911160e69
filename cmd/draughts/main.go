// Command draughts is the command-line face of the checkers engine: it
// counts move trees (perft), lists legal moves for scripts, and plays a
// two-player game in the terminal. Run `draughts help` for usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"github.com/checkerstutor/checkers/engine"
)

// command is one entry of the command table. To add a command, write its
// run function in a file of its own and add one line to commandTable.
type command struct {
	name    string
	summary string // one line for the command list
	usage   string // the arguments, after "draughts <name>"
	help    string // what `draughts help <name>` adds: the flags and behaviour
	run     func(e *env, args []string) error
}

// commandTable lists the commands in the order `draughts help` shows them.
func commandTable() []command {
	return []command{
		{"perft", "count the leaf nodes of the move tree, depth by depth", perftUsage, perftHelp, runPerft},
		{"moves", "list the legal moves of positions given with --fen or on standard input", movesUsage, movesHelp, runMoves},
		{"play", "play a game in the terminal, two people typing moves", playUsage, playHelp, runPlay},
		{"bestmove", "search a position and print the move to play", bestmoveUsage, bestmoveHelp, runBestmove},
		{"analyze", "search a position, one line per completed depth", analyzeUsage, analyzeHelp, runAnalyze},
		{"match", "play engine against engine and print the score and Elo difference", matchUsage, matchHelp, runMatch},
		{"hub", "speak the Hub protocol on standard input and output", hubUsage, hubHelp, runHub},
		{"puzzles", "check puzzle packs, solve a position, generate puzzles from engine games", puzzlesUsage, puzzlesHelp, runPuzzles},
		{"help", "show this help, or the help of one command", "[command]", "", runHelp},
	}
}

// env is what a command runs with: its streams and the rule set chosen with
// --variant. Tests build one over buffers and call commands in-process.
type env struct {
	stdin   io.Reader
	stdout  io.Writer
	stderr  io.Writer
	variant *engine.Variant
}

// errHelp is returned for -h/--help: usage goes to stdout, exit status 0.
// Every other error a command returns is bad input: exit status 2.
var errHelp = errors.New("help requested")

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status: 0 on
// success, 2 on bad input (one line on stderr says what is wrong).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return recovered(stderr, func() int { return execute(args, stdin, stdout, stderr) })
}

// recovered returns f's status, or 2 after one line on stderr if f panics:
// the last resort, never the way bad input is reported.
func recovered(stderr io.Writer, f func() int) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "draughts: internal error: %s\n", oneLine(fmt.Sprint(r)))
			status = 2
		}
	}()
	return f()
}

func execute(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, variant: engine.English}
	name, rest, err := e.parseGlobal(args)
	if err == errHelp {
		writeUsage(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "draughts: %v\n", err)
		return 2
	}
	if name == "" {
		fmt.Fprintln(stderr, "draughts: no command given; run `draughts help` for the list")
		return 2
	}
	cmd, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "draughts: unknown command %q; commands are %s\n", name, strings.Join(commandNames(), ", "))
		return 2
	}
	err = cmd.run(e, rest)
	var xe *exitError
	if errors.As(err, &xe) {
		return xe.status
	}
	if err == errHelp {
		writeCommandUsage(stdout, cmd)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "draughts: %s\n", oneLine(err.Error()))
		return 2
	}
	return 0
}

// parseGlobal reads the flags before the command name (only --variant and
// -h/--help) and returns the command name and its arguments.
func (e *env) parseGlobal(args []string) (name string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			return a, args[i+1:], nil
		}
		if a == "--" {
			if i+1 < len(args) {
				return args[i+1], args[i+2:], nil
			}
			return "", nil, nil
		}
		key, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch key {
		case "h", "help":
			return "", nil, errHelp
		case "variant":
			if !hasValue {
				if i+1 >= len(args) {
					return "", nil, fmt.Errorf("flag needs an argument: --variant")
				}
				i++
				value = args[i]
			}
			if err := e.setVariant(value); err != nil {
				return "", nil, fmt.Errorf("--variant %q: %v", value, err)
			}
		default:
			return "", nil, fmt.Errorf("unknown flag %s before the command; run `draughts help`", a)
		}
	}
	return "", nil, nil
}

func (e *env) setVariant(name string) error {
	v, ok := engine.VariantByName(name)
	if !ok {
		return fmt.Errorf("unknown variant; choose english, russian or international")
	}
	e.variant = v
	return nil
}

// flags returns a flag set for a command, with --variant already defined so
// that it may also follow the command name.
func (e *env) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Func("variant", "rule set: english, russian or international", e.setVariant)
	return fs
}

// parse parses a command's arguments; positional arguments are an error.
func (e *env) parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return errHelp
		}
		return fmt.Errorf("%s: %v", fs.Name(), err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q (flags start with --)", fs.Name(), fs.Arg(0))
	}
	return nil
}

// notationFlag defines --notation on fs and returns where its value lands.
func notationFlag(fs *flag.FlagSet) *engine.Notation {
	n := new(engine.Notation)
	fs.Func("notation", "how moves are written: numeric (22x15) or algebraic (c3:e5, 8x8 boards only)", func(s string) error {
		switch strings.ToLower(s) {
		case "numeric":
			*n = engine.Numeric
		case "algebraic":
			*n = engine.AlgebraicNotation
		default:
			return fmt.Errorf("choose numeric or algebraic")
		}
		return nil
	})
	return n
}

// checkNotation rejects algebraic notation on the 10x10 board, where
// squares are only ever written as numbers.
func (e *env) checkNotation(n engine.Notation) error {
	if n == engine.AlgebraicNotation && e.variant.Size != 8 {
		return fmt.Errorf("--notation algebraic: %s is written with square numbers only", e.variant.Title)
	}
	return nil
}

// positionFlags defines --fen and --moves on fs: the position a command
// works on is the FEN's (or the start position) after the moves.
type positionFlags struct {
	fen, moves *string
}

func (e *env) positionFlags(fs *flag.FlagSet, fenUsage string) positionFlags {
	return positionFlags{
		fen:   fs.String("fen", "", fenUsage),
		moves: fs.String("moves", "", "moves to play first, separated by spaces or commas (\"11-15 23-19\")"),
	}
}

// position returns the start position of the variant, or the position of
// fen when it is not empty. where names the FEN in the error (`--fen`).
func (e *env) position(where, fen string) (engine.Position, error) {
	if fen == "" {
		return e.variant.StartPosition(), nil
	}
	p, err := engine.ParseFEN(e.variant, fen)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), fmt.Sprintf("FEN %q: ", fen))
		return engine.Position{}, fmt.Errorf("%s %q: %s (variant %s)", where, fen, msg, e.variant.Name)
	}
	return p, nil
}

// playList plays the moves of list, separated by spaces or commas, from p.
// Move numbers such as "1." are skipped, so PDN move text can be pasted.
// It returns the moves and the position after them.
func playList(p engine.Position, list string) ([]engine.Move, engine.Position, error) {
	var moves []engine.Move
	tokens := strings.FieldsFunc(list, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	for _, tok := range tokens {
		if strings.HasSuffix(tok, ".") && strings.Trim(tok, "0123456789") == "." {
			continue
		}
		m, err := p.ParseMove(tok)
		if err != nil {
			return nil, p, fmt.Errorf("--moves: move %d: %v", len(moves)+1, err)
		}
		p.Play(&m)
		moves = append(moves, m)
	}
	return moves, p, nil
}

// resolve returns the position the flags name.
func (e *env) resolve(pf positionFlags) (engine.Position, error) {
	p, err := e.position("--fen", *pf.fen)
	if err != nil {
		return p, err
	}
	_, p, err = playList(p, *pf.moves)
	return p, err
}

func findCommand(name string) (command, bool) {
	for _, c := range commandTable() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func commandNames() []string {
	var names []string
	for _, c := range commandTable() {
		names = append(names, c.name)
	}
	return names
}

// oneLine keeps an error message to one line.
func oneLine(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", " ")
}

func runHelp(e *env, args []string) error {
	fs := e.flags("help")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return errHelp
		}
		return fmt.Errorf("help: %v", err)
	}
	switch fs.NArg() {
	case 0:
		writeUsage(e.stdout)
		return nil
	case 1:
		c, ok := findCommand(fs.Arg(0))
		if !ok {
			return fmt.Errorf("unknown command %q; commands are %s", fs.Arg(0), strings.Join(commandNames(), ", "))
		}
		writeCommandUsage(e.stdout, c)
		return nil
	}
	return fmt.Errorf("help takes one command name at most")
}

func writeUsage(w io.Writer) {
	fmt.Fprint(w, `draughts: checkers and draughts from the command line

Usage:
  draughts [--variant english|russian|international] <command> [flags]

--variant (default english) may also follow the command name.

Commands:
`)
	for _, c := range commandTable() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run "draughts help <command>" for the flags of one command.
Bad input (command, flag, variant, FEN, move, depth) exits with status 2 and one line on stderr.
`)
}

func writeCommandUsage(w io.Writer, c command) {
	fmt.Fprintf(w, "Usage: draughts [--variant V] %s %s\n\n%s.\n", c.name, c.usage, capitalize(c.summary))
	if c.help != "" {
		fmt.Fprintf(w, "\n%s", c.help)
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
