package main

import (
	"sort"
	"strings"
	"testing"
)

// TestPlay_ScriptedSession types a game through standard input: moves in
// both notations, an illegal move, the move list, undo, and quit.
func TestPlay_ScriptedSession(t *testing.T) {
	in := strings.Join([]string{
		"11-15", // Black
		"11-16", // no piece there any more
		"23-19", // White
		"moves", // Black's moves
		"15x24", // not a capture here
		"undo",  // takes back 23-19
		"c3-d4", // White, algebraic: 22-18
		"15x22", // Black captures
		"undo",  // takes back 15x22
		"undo",  // takes back 22-18
		"undo",  // takes back 11-15
		"undo",  // nothing left
		"quit",
		"9-13", // never read
	}, "\n")
	stdout, stderr, status := runCLI(t, in, "play")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for _, want := range []string{
		"English checkers. Type moves like ",
		"Black played 11-15.\n",
		`Illegal: "11-16" is not legal here; legal moves are 21-17, 22-17, 22-18, 23-18, 23-19, 24-19, 24-20` + "\n",
		"White played 23-19.\n",
		`Illegal: "15x24" is not legal here; legal moves are`,
		"Took back White's 23-19.\n",
		"White played 22-18.\n",
		"Black played 15x22.\n",
		"Took back Black's 15x22.\n",
		"Took back White's 22-18.\n",
		"Took back Black's 11-15.\n",
		"Nothing to undo.\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks %q:\n%s", want, stdout)
		}
	}
	listed := false
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(strings.TrimPrefix(line, "> ")); len(f) > 1 && f[0] != "Illegal:" && strings.Contains(line, "9-13") {
			sort.Strings(f)
			listed = strings.Join(f, " ") == "10-14 12-16 15-18 7-11 8-11 9-13 9-14"
		}
	}
	if !listed {
		t.Errorf("moves did not list Black's seven moves:\n%s", stdout)
	}
	if strings.Contains(stdout, "Black played 9-13") {
		t.Error("a move after quit was played")
	}
	boards := strings.Count(stdout, "to move.\n")
	if boards != 9 { // start, 3 moves and 4 undos shown
		t.Errorf("%d boards shown, want 9:\n%s", boards, stdout)
	}
	last := stdout[strings.LastIndex(stdout, ". b . b . b . b      1  2  3  4"):]
	if !strings.HasPrefix(last, ". b . b . b . b      1  2  3  4\nb . b . b . b .      5  6  7  8\n. b . b . b . b      9 10 11 12\n- . - . - . - .     13 14 15 16\n") || !strings.Contains(last, "Black to move.") {
		t.Errorf("after undoing every move the board is not the start:\n%s", last)
	}
}

// TestPlay_Sessions types short sessions and checks what they show.
func TestPlay_Sessions(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  []string
	}{
		{"a capture that ends the game; moves refused after it; undo reopens it",
			"19x1\n6-2\nundo\n", []string{"play", "--fen", "W:W19:B15,6"},
			[]string{
				"White played 19x1.\n",
				"Game over: White wins: Black has no pieces left (2-0).\n",
				"The game is over: type undo or quit.\n",
				"Took back White's 19x1.\n",
			}},
		{"a blocked side loses",
			"30-26\n", []string{"play", "--fen", "W:W32,30:B28"},
			[]string{"White played 30-26.\n", "Game over: White wins: Black cannot move (2-0).\n"}},
		{"Russian with algebraic notation: White first, ranks and files around the board",
			"c3-d4\n", []string{"play", "--variant", "russian", "--notation", "algebraic"},
			[]string{
				"Russian draughts. Type moves like ",
				" 8  . b . b . b . b\n",
				" 1  w . w . w . w .\n    a b c d e f g h\n\nWhite to move.\n",
				"White played c3-d4.\n",
				" 4  . - . w . - . -\n",
			}},
		{"--moves are part of the game: undo takes them back",
			"undo\nundo\nundo\n", []string{"play", "--moves", "11-15 23-19"},
			[]string{"Took back White's 23-19.\n", "Took back Black's 11-15.\n", "Nothing to undo.\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCLI(t, tc.stdin, tc.args...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			for _, want := range tc.want {
				if !strings.Contains(stdout, want) {
					t.Errorf("the session lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}
