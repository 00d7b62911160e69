package engine

// TestPerft checks the move generator against the perft counts in
// testdata/<variant>.perft (format described at the top of
// testdata/english.perft). By default every position is checked at each
// depth whose count is at most -perft.max leaves (10 M). To check every
// figure, including English depth 13 and International depth 11 (a few
// minutes of one core), run
//
//	go test ./engine -run TestPerft -args -perft.long
//
// TestReferencePerft checks the reference generator of refgen_test.go
// against the same files, up to -perft.refmax leaves per count (the
// reference is slow; -perft.long raises its limit to 20 M).

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var (
	perftLong   = flag.Bool("perft.long", false, "check every perft count in testdata, however deep")
	perftMax    = flag.Uint64("perft.max", 10_000_000, "largest perft count checked by default")
	perftRefMax = flag.Uint64("perft.refmax", 100_000, "largest perft count the reference generator checks by default")
)

// perftCase is one position of a .perft file with its known counts.
type perftCase struct {
	id, fen, source string
	counts          []perftCount
}

type perftCount struct {
	depth  int
	leaves uint64
}

// readPerftFile reads a .perft file: blocks of `id`, `source`, `fen` and
// `perft <depth> <leaves>` lines; `#` starts a comment line.
func readPerftFile(path string) ([]perftCase, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, _ := strings.Cut(text, " ")
		val = strings.TrimSpace(val)
		if key != "id" && len(cases) == 0 {
			return nil, fmt.Errorf("%s:%d: %q before the first id line", path, line, key)
		}
		switch key {
		case "id":
			cases = append(cases, perftCase{id: val})
		case "fen":
			cases[len(cases)-1].fen = val
		case "source":
			cases[len(cases)-1].source = val
		case "perft":
			d, n, ok := strings.Cut(val, " ")
			depth, err1 := strconv.Atoi(d)
			leaves, err2 := strconv.ParseUint(strings.TrimSpace(n), 10, 64)
			if !ok || err1 != nil || err2 != nil || depth < 1 {
				return nil, fmt.Errorf("%s:%d: want `perft <depth> <leaves>`, got %q", path, line, text)
			}
			cases[len(cases)-1].counts = append(cases[len(cases)-1].counts, perftCount{depth, leaves})
		default:
			return nil, fmt.Errorf("%s:%d: unknown key %q", path, line, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, c := range cases {
		if c.fen == "" || len(c.counts) == 0 {
			return nil, fmt.Errorf("%s: position %q needs a fen and at least one perft line", path, c.id)
		}
	}
	return cases, nil
}

func loadPerftCases(t *testing.T, v *Variant) []perftCase {
	t.Helper()
	cases, err := readPerftFile(filepath.Join("testdata", v.Name+".perft"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestPerft is the shared table-driven perft runner for every variant.
func TestPerft(t *testing.T) {
	for _, v := range Variants() {
		for _, pc := range loadPerftCases(t, v) {
			t.Run(v.Name+"/"+pc.id, func(t *testing.T) {
				p, err := ParseFEN(v, pc.fen)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range pc.counts {
					if c.leaves > *perftMax && !*perftLong {
						continue
					}
					if got := p.Perft(c.depth); got != c.leaves {
						t.Errorf("%s perft(%d) = %d, want %d (%s)", pc.fen, c.depth, got, c.leaves, pc.source)
					}
				}
			})
		}
	}
}

// TestDivideSumsToPerft checks that the per-move counts of Divide add up
// to Perft and that Divide lists the legal moves in order.
func TestDivideSumsToPerft(t *testing.T) {
	for _, v := range Variants() {
		for _, pc := range loadPerftCases(t, v) {
			p, err := ParseFEN(v, pc.fen)
			if err != nil {
				t.Fatal(err)
			}
			moves, counts := p.Divide(3)
			var sum uint64
			for _, n := range counts {
				sum += n
			}
			if want := p.Perft(3); sum != want {
				t.Errorf("%s %s: divide(3) sums to %d, perft(3) = %d", v.Name, pc.id, sum, want)
			}
			if len(moves) != len(p.LegalMoves()) {
				t.Errorf("%s %s: divide lists %d moves, want %d", v.Name, pc.id, len(moves), len(p.LegalMoves()))
			}
		}
	}
}

// TestReferencePerft checks the reference generator against the same
// tables, so that the differential test compares the engine with something
// known to be right.
func TestReferencePerft(t *testing.T) {
	limit := *perftRefMax
	if *perftLong {
		limit = 20_000_000
	}
	for _, v := range Variants() {
		for _, pc := range loadPerftCases(t, v) {
			if strings.HasPrefix(pc.source, "reference generator") {
				continue // its own counts
			}
			t.Run(v.Name+"/"+pc.id, func(t *testing.T) {
				b, err := refParseFEN(v.Name, pc.fen)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range pc.counts {
					if c.leaves > limit {
						continue
					}
					if got := b.perft(c.depth); got != c.leaves {
						t.Errorf("reference %s perft(%d) = %d, want %d (%s)", pc.fen, c.depth, got, c.leaves, pc.source)
					}
				}
			})
		}
	}
}
