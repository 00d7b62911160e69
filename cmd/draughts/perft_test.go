package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// startPerft holds the published counts of rules.md for depths 1-4.
var startPerft = []struct {
	variant string
	fen     string // the start position as the engine writes it
	nodes   []uint64
}{
	{"english", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", []uint64{7, 49, 302, 1469}},
	{"russian", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", []uint64{7, 49, 302, 1469}},
	{"international", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", []uint64{9, 81, 658, 4265}},
}

// TestPerft_OneLinePerDepth checks the text output "depth nodes ms" against
// the published start-position counts, with --variant before and after the
// command.
func TestPerft_OneLinePerDepth(t *testing.T) {
	for _, tc := range startPerft {
		for _, args := range [][]string{
			{"--variant", tc.variant, "perft", "--depth", "4"},
			{"perft", "--depth=4", "--variant=" + tc.variant},
		} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				stdout, stderr, status := runCLI(t, "", args...)
				if status != 0 || stderr != "" {
					t.Fatalf("status %d, stderr %q", status, stderr)
				}
				lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
				if len(lines) != len(tc.nodes) {
					t.Fatalf("%d lines, want %d:\n%s", len(lines), len(tc.nodes), stdout)
				}
				for i, line := range lines {
					f := strings.Fields(line)
					if len(f) != 3 {
						t.Fatalf("line %q: want depth, nodes, milliseconds", line)
					}
					if f[0] != strconv.Itoa(i+1) || f[1] != strconv.FormatUint(tc.nodes[i], 10) {
						t.Errorf("line %q, want depth %d with %d nodes", line, i+1, tc.nodes[i])
					}
					if ms, err := strconv.Atoi(f[2]); err != nil || ms < 0 {
						t.Errorf("line %q: milliseconds %q is not a count", line, f[2])
					}
				}
			})
		}
	}
}

func TestPerft_JSON(t *testing.T) {
	for _, tc := range startPerft {
		t.Run(tc.variant, func(t *testing.T) {
			stdout, _, status := runCLI(t, "", "perft", "--variant", tc.variant, "--depth", "3", "--json")
			if status != 0 {
				t.Fatalf("status %d", status)
			}
			if strings.Count(stdout, "\n") != 1 {
				t.Errorf("want one line of JSON, got %q", stdout)
			}
			var got perftReport
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%v in %q", err, stdout)
			}
			if got.Variant != tc.variant || got.FEN != tc.fen || len(got.Depths) != 3 {
				t.Fatalf("got %+v", got)
			}
			for i, d := range got.Depths {
				if d.Depth != i+1 || d.Nodes != tc.nodes[i] || d.MS < 0 {
					t.Errorf("depths[%d] = %+v, want depth %d with %d nodes", i, d, i+1, tc.nodes[i])
				}
			}
			if !strings.HasPrefix(stdout, `{"variant":"`+tc.variant+`","fen":"`) || !strings.Contains(stdout, `"depths":[{"depth":1,"nodes":`+strconv.FormatUint(tc.nodes[0], 10)+`,"ms":`) {
				t.Errorf("field names or order differ from the documented form: %s", stdout)
			}
		})
	}
}

// TestPerft_FromFEN uses the Woldouby position of rules.md.
func TestPerft_FromFEN(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "--variant", "international", "perft", "--depth", "4",
		"--fen", "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	var nodes []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		nodes = append(nodes, strings.Fields(line)[1])
	}
	if got, want := strings.Join(nodes, " "), "6 12 30 73"; got != want {
		t.Errorf("nodes %s, want %s", got, want)
	}
}

// TestPerft_Divide checks the per-move counts: at depth 2 from the start
// every first move has as many replies as the side to move had moves.
func TestPerft_Divide(t *testing.T) {
	tests := []struct {
		variant string
		depth   string
		moves   int
		each    string // the count below every move, "" if they differ
		total   string
	}{
		{"english", "2", 7, "7", "49"},
		{"international", "2", 9, "9", "81"},
		{"russian", "4", 7, "", "1469"},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			stdout, _, status := runCLI(t, "", "perft", "--divide", "--depth", tc.depth, "--variant", tc.variant)
			if status != 0 {
				t.Fatalf("status %d", status)
			}
			lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			if len(lines) != tc.moves+1 {
				t.Fatalf("%d lines, want %d moves and a total:\n%s", len(lines), tc.moves, stdout)
			}
			var sum uint64
			seen := map[string]bool{}
			for _, line := range lines[:tc.moves] {
				f := strings.Fields(line)
				if len(f) != 2 || !strings.Contains(f[0], "-") || seen[f[0]] {
					t.Fatalf("line %q: want a new move and its count", line)
				}
				seen[f[0]] = true
				if tc.each != "" && f[1] != tc.each {
					t.Errorf("line %q: want %s below the move", line, tc.each)
				}
				n, err := strconv.ParseUint(f[1], 10, 64)
				if err != nil {
					t.Fatal(err)
				}
				sum += n
			}
			if want := "total " + tc.total; lines[tc.moves] != want || strconv.FormatUint(sum, 10) != tc.total {
				t.Errorf("last line %q and sum %d, want %q", lines[tc.moves], sum, want)
			}
		})
	}
}

func TestPerft_DivideJSON(t *testing.T) {
	stdout, _, status := runCLI(t, "", "perft", "--variant", "russian", "--divide", "--depth", "2", "--json", "--notation", "algebraic")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	var got divideReport
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Variant != "russian" || got.Depth != 2 || got.Nodes != 49 || len(got.Divide) != 7 {
		t.Fatalf("got %+v", got)
	}
	for _, d := range got.Divide {
		if d.Nodes != 7 || len(d.Move) != 5 || d.Move[2] != '-' {
			t.Errorf("divide entry %+v: want an algebraic move like c3-d4 with 7 nodes", d)
		}
	}
}

// TestPerft_AfterMoves checks that --moves changes the root: after 11-15
// White has seven replies, as at the start.
func TestPerft_AfterMoves(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "perft", "--depth", "1", "--moves", "11-15", "--json")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	var got perftReport
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if want := "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"; got.FEN != want || got.Depths[0].Nodes != 7 {
		t.Errorf("fen %s with %d moves, want %s with 7", got.FEN, got.Depths[0].Nodes, want)
	}
}
