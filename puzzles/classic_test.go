package puzzles

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/checkerstutor/checkers/engine"
)

// classicLong runs the solver over every classic problem, the slow ones
// too (minutes).
var classicLong = flag.Bool("classic.long", false, "run the solver over every classic problem of testdata/classic.txt")

// classicReport prints the solver's answer and time for every problem
// that runs.
var classicReport = flag.Bool("classic.report", false, "print the solver's answer and time for each classic problem")

// classicNodes is the engine's node budget of one problem.
var classicNodes = flag.Uint64("classic.nodes", 6_000_000, "engine nodes of the main search of one classic problem")

// classicTimeout bounds one problem.
var classicTimeout = flag.Duration("classic.timeout", 2*time.Minute, "time limit of one classic problem")

// classicProblem is one published problem of testdata/classic.txt.
type classicProblem struct {
	id, fen, goal, source string
	miss                  string
	first, line           []string
	slow                  bool
	lineNo                int
}

func loadClassic(t testing.TB) []classicProblem {
	t.Helper()
	data, err := os.ReadFile("testdata/classic.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []classicProblem
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, ok := strings.Cut(text, ":")
		if !ok {
			t.Fatalf("classic.txt:%d: want key: value, got %q", n, text)
		}
		val = strings.TrimSpace(val)
		if key == "id" {
			out = append(out, classicProblem{id: val, lineNo: n})
			continue
		}
		if len(out) == 0 {
			t.Fatalf("classic.txt:%d: %s before the first id", n, key)
		}
		pr := &out[len(out)-1]
		switch key {
		case "fen":
			pr.fen = val
		case "goal":
			pr.goal = val
		case "first":
			pr.first = strings.Fields(val)
		case "line":
			pr.line = strings.Fields(val)
		case "source":
			pr.source = val
		case "miss":
			pr.miss = val
		case "slow":
			pr.slow = val == "yes"
		default:
			t.Fatalf("classic.txt:%d: unknown key %q", n, key)
		}
	}
	return out
}

// Every classic problem is well formed: a legal position, a known goal,
// published first moves that are legal, and a published line whose every
// move is legal in turn and starts with the first published move.
func TestClassic_PublishedLinesAreLegal(t *testing.T) {
	probs := loadClassic(t)
	if len(probs) < 30 {
		t.Errorf("%d classic problems, want at least 30", len(probs))
	}
	seen := map[string]bool{}
	for _, pr := range probs {
		if seen[pr.id] {
			t.Errorf("classic.txt:%d: id %q twice", pr.lineNo, pr.id)
		}
		seen[pr.id] = true
		p, err := engine.ParseFEN(engine.English, pr.fen)
		if err != nil {
			t.Errorf("%s: %v", pr.id, err)
			continue
		}
		if err := ValidatePosition(&p, false); err != nil {
			t.Errorf("%s: %v", pr.id, err)
		}
		if pr.goal != "win" && pr.goal != "draw" {
			t.Errorf("%s: goal %q, want win or draw", pr.id, pr.goal)
		}
		if pr.source == "" || len(pr.first) == 0 || len(pr.line) == 0 {
			t.Errorf("%s: source, first and line are required", pr.id)
			continue
		}
		for _, f := range pr.first {
			if _, err := p.ParseMove(f); err != nil {
				t.Errorf("%s: first move %s: %v", pr.id, f, err)
			}
		}
		m0, _ := p.ParseMove(pr.first[0])
		m1, _ := p.ParseMove(pr.line[0])
		if !m0.Same(&m1) {
			t.Errorf("%s: the line starts with %s, not the first move %s", pr.id, pr.line[0], pr.first[0])
		}
		q := p
		for k, text := range pr.line {
			m, err := q.ParseMove(text)
			if err != nil {
				t.Errorf("%s: line move %d %s: %v\n%s", pr.id, k+1, text, err, q.Board())
				break
			}
			q.Play(&m)
		}
	}
}

// classicSolve runs the solver the way `draughts puzzles solve` does and
// reports whether it finds the published first move: for win, among the
// winning moves and as the first move of the line; for draw, among the
// moves that hold.
func classicSolve(ctx context.Context, s *SearchSolver, pr classicProblem, opts SolveOptions) (ok bool, msg string, err error) {
	p, err := engine.ParseFEN(engine.English, pr.fen)
	if err != nil {
		return false, "", err
	}
	if pr.goal == "draw" {
		ms, err := s.WinningMoves(ctx, p, Goal{Kind: GoalDraw})
		if err != nil {
			return false, "", err
		}
		got := moveStrings(&p, ms)
		for _, f := range pr.first {
			m, _ := p.ParseMove(f)
			if !containsMove(ms, &m) {
				return false, fmt.Sprintf("holding moves %v miss %s", got, f), nil
			}
		}
		return true, fmt.Sprintf("holding %v", got), nil
	}
	r, err := s.Solve(ctx, p, opts)
	if err != nil {
		return false, "", err
	}
	desc := fmt.Sprintf("winning %v line %v proven %v score %d", r.Winning, r.Line[:min(len(r.Line), 6)], r.Proven, r.Score)
	found := false
	for _, f := range pr.first {
		m, _ := p.ParseMove(f)
		found = found || containsMove(r.WinningMoves, &m)
	}
	if !found {
		return false, desc + ": misses " + strings.Join(pr.first, " or "), nil
	}
	if len(r.LineMoves) == 0 {
		return false, desc + ": no line", nil
	}
	// The line starts with a published move, or with another move that
	// is proven to win as well.
	known := r.Proven && containsMove(r.WinningMoves, &r.LineMoves[0])
	for _, f := range pr.first {
		m, _ := p.ParseMove(f)
		known = known || m.Same(&r.LineMoves[0])
	}
	if !known {
		return false, desc + ": the line does not start with a published or proven move", nil
	}
	return true, desc, nil
}

// The solver finds the published winning first move of the classic
// problems (the fast ones by default, all with -classic.long).
func TestClassic_SolverFindsThePublishedMove(t *testing.T) {
	s := NewSearchSolver(englishDB(t))
	solved, total := 0, 0
	var elapsed time.Duration
	for _, pr := range loadClassic(t) {
		if pr.slow && !*classicLong {
			continue
		}
		t.Run(pr.id, func(t *testing.T) {
			total++
			start := time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), *classicTimeout)
			defer cancel()
			// Node limits make the answers repeatable on a busy machine;
			// 6 M nodes is about what `draughts puzzles solve` searches
			// in its default 5 s on one core.
			opts := SolveOptions{Nodes: *classicNodes, ProveTime: *classicTimeout}
			ok, msg, err := classicSolve(ctx, s, pr, opts)
			d := time.Since(start)
			elapsed += d
			if *classicReport {
				t.Logf("%-28s %-5v %6.1fs %s", pr.id, ok, d.Seconds(), msg)
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case ok && pr.miss != "":
				t.Logf("solved now (drop its miss mark): %s", msg)
			case !ok && pr.miss != "":
				t.Logf("known miss (%s): %s", pr.miss, msg)
				return
			case !ok:
				t.Errorf("%s: %s", pr.fen, msg)
				return
			}
			solved++
		})
	}
	if *classicReport {
		t.Logf("solved %d of %d in %.1fs", solved, total, elapsed.Seconds())
	}
}

// The bundled puzzles the Exhaustive solver cannot judge (beyondSolver)
// pass the search solver with the endgame database, as in `draughts
// puzzles check`.
func TestBundled_BeyondExhaustiveVerifiedBySearch(t *testing.T) {
	packs, errs := Bundled()
	for _, e := range errs {
		t.Error(e)
	}
	s := NewSearchSolver(englishDB(t))
	n := 0
	for _, pk := range packs {
		for _, pz := range pk.Puzzles {
			if _, ok := beyondSolver[pz.ID]; !ok {
				continue
			}
			n++
			if err := VerifyPuzzle(context.Background(), s, pz); err != nil {
				t.Errorf("%s: %v", pz.ID, err)
			} else if len(pz.Winning) == 0 {
				t.Errorf("%s: no winning first move recorded", pz.ID)
			}
		}
	}
	if n != len(beyondSolver) {
		t.Errorf("%d of the %d puzzles of beyondSolver found", n, len(beyondSolver))
	}
}
