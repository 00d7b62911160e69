package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns what it printed and
// its exit status.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// TestBadInput_ExitsTwoWithOneLine checks every kind of bad input: exit
// status 2, nothing on stdout, and one line on stderr naming the problem.
func TestBadInput_ExitsTwoWithOneLine(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string // the whole stderr line, without "draughts: " and newline
	}{
		{"no command", "", nil, "no command given; run `draughts help` for the list"},
		{"unknown command", "", []string{"solve"}, `unknown command "solve"; commands are perft, moves, play, bestmove, analyze, match, hub, puzzles, help`},
		{"unknown variant before the command", "", []string{"--variant", "polish-ish", "perft", "--depth", "1"},
			`--variant "polish-ish": unknown variant; choose english, russian or international`},
		{"unknown variant after the command", "", []string{"perft", "--variant=frisian", "--depth", "1"},
			`perft: invalid value "frisian" for flag -variant: unknown variant; choose english, russian or international`},
		{"variant without a value", "", []string{"--variant"}, "flag needs an argument: --variant"},
		{"unknown flag before the command", "", []string{"--fast", "perft"}, "unknown flag --fast before the command; run `draughts help`"},
		{"unknown flag of a command", "", []string{"moves", "--depth", "2"}, "moves: flag provided but not defined: -depth"},
		{"stray argument", "", []string{"perft", "--depth", "2", "extra"}, `perft: unexpected argument "extra" (flags start with --)`},
		{"missing depth", "", []string{"perft"}, "--depth 0: give a depth from 1 to 30"},
		{"negative depth", "", []string{"perft", "--depth", "-1"}, "--depth -1: give a depth from 1 to 30"},
		{"depth too deep", "", []string{"perft", "--depth", "31"}, "--depth 31: give a depth from 1 to 30"},
		{"depth not a number", "", []string{"perft", "--depth", "three"}, `perft: invalid value "three" for flag -depth: parse error`},
		{"malformed FEN side", "", []string{"moves", "--fen", "X:W21:B1"},
			`--fen "X:W21:B1": side to move "X" must be W or B (variant english)`},
		{"FEN square off the 8x8 board", "", []string{"perft", "--depth", "1", "--fen", "W:W45:B1"},
			`--fen "W:W45:B1": white piece "45": square 45 is off the board (squares are 1-32) (variant english)`},
		{"FEN without pieces", "", []string{"--variant", "international", "play", "--fen", "W"},
			`--fen "W": no pieces: expected ` + "`:W<squares>:B<squares>`" + ` after the side to move (variant international)`},
		{"unknown notation", "", []string{"moves", "--fen", "B:W21:B1", "--notation", "roman"},
			`moves: invalid value "roman" for flag -notation: choose numeric or algebraic`},
		{"algebraic notation on 10x10", "", []string{"--variant", "international", "moves", "--notation", "algebraic"},
			"--notation algebraic: International draughts is written with square numbers only"},
		{"bad FEN line on standard input", "B:W21:B1\n\nW:W21:B1,1x\n", []string{"moves"},
			`line 3: FEN "W:W21:B1,1x": black piece "1x": "1x" is not a square number (variant english)`},
		{"illegal move in --moves", "", []string{"moves", "--moves", "11-15 11-16"},
			`--moves: move 2: "11-16" is not legal here; legal moves are 21-17, 22-17, 22-18, 23-18, 23-19, 24-19, 24-20`},
		{"not a move in --moves", "", []string{"play", "--fen", "W:W19:B15,6", "--moves", "1. x"},
			`--moves: move 1: "x" is not a move: write the start and end squares, like 19x1`},
		{"square off the board in --moves", "", []string{"--variant", "russian", "perft", "--depth", "1", "--moves", "c3-i4"},
			`--moves: move 1: move "c3-i4": "i4" is not a square (write a number 1-32 or a1-h8)`},
		{"help for an unknown command", "", []string{"help", "solve"}, `unknown command "solve"; commands are perft, moves, play, bestmove, analyze, match, hub, puzzles, help`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCLI(t, tc.stdin, tc.args...)
			if status != 2 {
				t.Errorf("exit status %d, want 2", status)
			}
			if want := "draughts: " + tc.want + "\n"; stderr != want {
				t.Errorf("stderr\n got %q\nwant %q", stderr, want)
			}
			if tc.stdin == "" && stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
		})
	}
}

// TestBadInput_StopsAfterEarlierAnswers checks that a bad FEN on standard
// input stops moves at that line, after answering the lines before it.
func TestBadInput_StopsAfterEarlierAnswers(t *testing.T) {
	stdout, stderr, status := runCLI(t, "B:W21:B1\nnonsense\nB:W21:B5\n", "moves")
	if status != 2 || !strings.HasPrefix(stderr, "draughts: line 2: ") {
		t.Fatalf("status %d, stderr %q; want 2 and line 2", status, stderr)
	}
	if want := "1-5\n1-6\n\n"; stdout != want {
		t.Errorf("stdout %q, want %q (only the first answer)", stdout, want)
	}
}

func TestHelp_PrintsUsageAndExitsZero(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"help"}, "Usage:\n  draughts [--variant english|russian|international] <command> [flags]"},
		{[]string{"-h"}, "Commands:\n  perft "},
		{[]string{"--help"}, "  moves    list the legal moves"},
		{[]string{"--variant", "russian", "help"}, "  play     play a game in the terminal"},
		{[]string{"help", "perft"}, "Usage: draughts [--variant V] perft --depth N"},
		{[]string{"perft", "-h"}, "--divide      for depth N only"},
		{[]string{"moves", "--help"}, `"path":[15],"captures":[18],"promotes":false`},
		{[]string{"play", "-help"}, "undo    take back the last move"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			stdout, stderr, status := runCLI(t, "", tc.args...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q; want 0 and nothing", status, stderr)
			}
			if !strings.Contains(stdout, tc.want) {
				t.Errorf("stdout lacks %q:\n%s", tc.want, stdout)
			}
		})
	}
}

// TestCommandTable_NamesAreUniqueAndDocumented guards the table others
// extend: each command has a unique name, a summary and a run function.
func TestCommandTable_NamesAreUniqueAndDocumented(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commandTable() {
		if c.name == "" || c.summary == "" || c.run == nil {
			t.Errorf("command %+v is incomplete", c)
		}
		if seen[c.name] {
			t.Errorf("command %q appears twice", c.name)
		}
		seen[c.name] = true
	}
}

func TestRecovered_TurnsAPanicIntoOneLineAndStatusTwo(t *testing.T) {
	var stderr bytes.Buffer
	status := recovered(&stderr, func() int { panic("index out of range\n[3]") })
	if status != 2 || stderr.String() != "draughts: internal error: index out of range [3]\n" {
		t.Errorf("status %d, stderr %q", status, stderr.String())
	}
	if status := recovered(&stderr, func() int { return 0 }); status != 0 {
		t.Errorf("status %d without a panic, want 0", status)
	}
}
