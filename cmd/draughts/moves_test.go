package main

import (
	"bufio"
	"encoding/json"
	"io"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// sortedLines returns the lines of s in sorted order, so that tests do not
// depend on the order the engine generates moves in.
func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	sort.Strings(lines)
	return lines
}

// TestMoves_TextIsShortPDN checks the text answer: one move per line, the
// full path only when two captures share their start and end squares.
func TestMoves_TextIsShortPDN(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string // sorted
	}{
		{"english start", []string{"moves", "--fen", "B:W21-32:B1-12"},
			[]string{"10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"}},
		{"capturing is compulsory", []string{"moves", "--fen", "B:W18,21:B14,9"},
			[]string{"14x23"}},
		{"full path only for captures with the same ends", []string{"moves", "--fen", "W:WK16,K17:BK9,10,11,18,19,K21"},
			[]string{"16x16", "16x23x14x5", "16x7x14x5"}},
		{"russian algebraic, free choice of capture", []string{"--variant", "russian", "moves", "--notation", "algebraic", "--fen", "W:W8,K13:B9,16,K17,K18"},
			[]string{"a5:c3:f6:h4", "a5:d8:h4", "a5:h6"}},
		{"international majority rule", []string{"moves", "--variant", "international", "--fen", "W:W28:B22,23,13"},
			[]string{"28x8"}},
		{"no legal move", []string{"moves", "--fen", "W:W29:B25,22"}, []string{""}},
		{"after moves from the start", []string{"moves", "--moves", "1. 11-15 22-18"},
			[]string{"15x22"}},
		{"after moves from a FEN, with commas", []string{"moves", "--fen", "W:W19:B15,6,3", "--moves", "19x1,3-7"},
			[]string{"1-5", "1-6"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCLI(t, "", tc.args...)
			if status != 0 {
				t.Fatalf("status %d: %s", status, stderr)
			}
			if got := sortedLines(stdout); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("moves %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMoves_JSONDescribesEachMove checks the exact fields of multi-captures.
func TestMoves_JSONDescribesEachMove(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"a quiet move's path is its destination", []string{"moves", "--json", "--fen", "W:W27:B2"},
			`{"fen":"W:W27:B2","moves":[` +
				`{"notation":"27-23","from":27,"to":23,"path":[23],"captures":[],"promotes":false},` +
				`{"notation":"27-24","from":27,"to":24,"path":[24],"captures":[],"promotes":false}]}`},
		{"a double jump that crowns", []string{"moves", "--json", "--fen", "W:W19:B15,6"},
			`{"fen":"W:W19:B6,15","moves":[{"notation":"19x1","from":19,"to":1,"path":[10,1],"captures":[15,6],"promotes":true}]}`},
		{"algebraic notation keeps numeric squares", []string{"moves", "--json", "--notation", "algebraic", "--fen", "W:W19:B15,6"},
			`{"fen":"W:W19:B6,15","moves":[{"notation":"f4:b8","from":19,"to":1,"path":[10,1],"captures":[15,6],"promotes":true}]}`},
		{"no legal move", []string{"moves", "--json", "--fen", "W:W29:B25,22"},
			`{"fen":"W:W29:B22,25","moves":[]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := runCLI(t, "", tc.args...)
			if status != 0 {
				t.Fatalf("status %d: %s", status, stderr)
			}
			if stdout != tc.want+"\n" {
				t.Errorf("got\n%s\nwant\n%s", stdout, tc.want)
			}
		})
	}
}

// TestMoves_JSONMultiCaptureWithSharedEnds checks path and captures of the
// three king captures of one position, two of which share their ends.
func TestMoves_JSONMultiCaptureWithSharedEnds(t *testing.T) {
	stdout, _, status := runCLI(t, "", "moves", "--json", "--fen", "W:WK16,K17:BK9,10,11,18,19,K21")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var got jsonMoves
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]jsonMove{
		"16x7x14x5":  {"16x7x14x5", 16, 5, []int{7, 14, 5}, []int{11, 10, 9}, false},
		"16x23x14x5": {"16x23x14x5", 16, 5, []int{23, 14, 5}, []int{19, 18, 9}, false},
		"16x16":      {"16x16", 16, 16, []int{7, 14, 23, 16}, []int{11, 10, 18, 19}, false},
	}
	if len(got.Moves) != len(want) {
		t.Fatalf("%d moves, want %d: %s", len(got.Moves), len(want), stdout)
	}
	for _, m := range got.Moves {
		w, ok := want[m.Notation]
		if !ok {
			t.Errorf("unexpected move %+v", m)
			continue
		}
		// A circular capture may run either way round; compare its set.
		if m.Notation == "16x16" {
			sort.Ints(m.Captures)
			sort.Ints(w.Captures)
			m.Path, w.Path = nil, nil
		}
		if !reflect.DeepEqual(m, w) {
			t.Errorf("move %+v, want %+v", m, w)
		}
	}
}

// TestMoves_StreamsStandardInput checks that moves answers every FEN of
// standard input in order, skipping blank lines.
func TestMoves_StreamsStandardInput(t *testing.T) {
	in := "B:W21-32:B1-12\n\n  W:W19:B15,6  \nW:W29:B25,22\nW:W27:B2\n"
	t.Run("text", func(t *testing.T) {
		stdout, stderr, status := runCLI(t, in, "moves")
		if status != 0 {
			t.Fatalf("status %d: %s", status, stderr)
		}
		want := "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n\n19x1\n\n\n27-23\n27-24\n\n"
		if gotBlocks, wantBlocks := strings.Split(stdout, "\n\n"), strings.Split(want, "\n\n"); len(gotBlocks) != len(wantBlocks) {
			t.Fatalf("got %q, want %q", stdout, want)
		}
		blocks := strings.Split(stdout, "\n\n")
		for i, w := range strings.Split(want, "\n\n") {
			if !reflect.DeepEqual(sortedLines(blocks[i]), sortedLines(w)) {
				t.Errorf("answer %d: %q, want %q", i+1, blocks[i], w)
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		stdout, _, status := runCLI(t, in, "moves", "--json")
		if status != 0 {
			t.Fatalf("status %d", status)
		}
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		wantFENs := []string{"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", "W:W19:B6,15", "W:W29:B22,25", "W:W27:B2"}
		wantCounts := []int{7, 1, 0, 2}
		if len(lines) != len(wantFENs) {
			t.Fatalf("%d answers, want %d: %s", len(lines), len(wantFENs), stdout)
		}
		for i, line := range lines {
			var got jsonMoves
			if err := json.Unmarshal([]byte(line), &got); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if got.FEN != wantFENs[i] || len(got.Moves) != wantCounts[i] {
				t.Errorf("answer %d: fen %s with %d moves, want %s with %d", i+1, got.FEN, len(got.Moves), wantFENs[i], wantCounts[i])
			}
		}
	})
}

// TestMoves_AnswersEachLineBeforeReadingTheNext drives moves through pipes
// the way an interactive program would: it writes one FEN and waits for the
// answer before writing the next. Without a flush per answer this blocks.
func TestMoves_AnswersEachLineBeforeReadingTheNext(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"moves", "--json"}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	for _, fen := range []string{"W:W27:B2", "W:W19:B15,6", "B:W21-32:B1-12"} {
		if _, err := io.WriteString(inW, fen+"\n"); err != nil {
			t.Fatal(err)
		}
		line := make(chan string, 1)
		go func() {
			s, _ := answers.ReadString('\n')
			line <- s
		}()
		select {
		case s := <-line:
			if !strings.HasPrefix(s, `{"fen":"`) {
				t.Fatalf("answer to %s: %q", fen, s)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %s while standard input stays open", fen)
		}
	}
	inW.Close()
	if status := <-done; status != 0 {
		t.Errorf("status %d after the end of input", status)
	}
}

// FuzzMoves checks that no standard input makes moves panic: it answers or
// stops with status 2 and one line on stderr.
func FuzzMoves(f *testing.F) {
	for _, s := range []string{"B:W21-32:B1-12", "W:WK16,K17:BK9,10,11,18,19,K21\n\n", "W:W1-50:B", "B:W,:B-,K", "\"W:Wa1,c3:B.\"", "W:W32-21:B1"} {
		f.Add(s, "english")
		f.Add(s, "international")
	}
	f.Fuzz(func(t *testing.T, stdin, variant string) {
		var stderr strings.Builder
		status := run([]string{"--variant", variant, "moves", "--json"}, strings.NewReader(stdin), io.Discard, &stderr)
		if status != 0 && status != 2 {
			t.Fatalf("status %d", status)
		}
		if strings.Contains(stderr.String(), "internal error") || strings.Count(stderr.String(), "\n") > 1 {
			t.Fatalf("stderr %q", stderr.String())
		}
	})
}
