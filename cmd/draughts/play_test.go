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

// TestPlay_GameOver plays a capture that ends the game, checks that moves
// are refused afterwards, and that undo reopens the game.
func TestPlay_GameOver(t *testing.T) {
	stdout, _, status := runCLI(t, "19x1\n6-2\nundo\nmoves\n", "play", "--fen", "W:W19:B15,6")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{
		"White played 19x1.\n",
		"Game over: White wins: Black has no pieces left (2-0).\n",
		"The game is over: type undo or quit.\n",
		"Took back White's 19x1.\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks %q:\n%s", want, stdout)
		}
	}
}

// TestPlay_AlgebraicBoard checks the board key for algebraic notation in
// Russian draughts, where White moves first.
func TestPlay_AlgebraicBoard(t *testing.T) {
	stdout, _, status := runCLI(t, "c3-d4\n", "play", "--variant", "russian", "--notation", "algebraic")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{
		"Russian draughts. Type moves like ",
		" 8  . b . b . b . b\n",
		" 1  w . w . w . w .\n    a b c d e f g h\n\nWhite to move.\n",
		"White played c3-d4.\n",
		" 4  . - . w . - . -\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks %q:\n%s", want, stdout)
		}
	}
}

// TestPlay_StartsAfterMoves checks that --moves are part of the game: undo
// takes them back.
func TestPlay_StartsAfterMoves(t *testing.T) {
	stdout, _, status := runCLI(t, "undo\nundo\nundo\n", "play", "--moves", "11-15 23-19")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{"Took back White's 23-19.\n", "Took back Black's 11-15.\n", "Nothing to undo.\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the session lacks %q:\n%s", want, stdout)
		}
	}
}
