package engine

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// OpeningMargin is the balance of a match opening: Openings leaves out the
// positions whose opening score (OpeningScore) is this many centi-men or
// more for one side.
const OpeningMargin = 60

// OpeningNodes is the node budget of OpeningScore's search.
const OpeningNodes = 300_000

// AllOpenings returns every candidate match opening of variant v: on 8x8
// boards every distinct position after three plies from the start (the
// idea of the tournament "3-move" ballots), on 10x10 every distinct
// position after two plies, in the order the moves are generated.
func AllOpenings(v *Variant) []Position {
	plies := 3
	if v.Size == 10 {
		plies = 2
	}
	var out []Position
	seen := map[uint64]bool{}
	var walk func(p Position, depth int)
	walk = func(p Position, depth int) {
		if depth == 0 {
			if !seen[p.hash] {
				seen[p.hash] = true
				out = append(out, p)
			}
			return
		}
		for _, m := range p.LegalMoves() {
			q := p
			q.Play(&m)
			walk(q, depth-1)
		}
	}
	walk(v.StartPosition(), plies)
	return out
}

// Openings returns the match openings of variant v: the positions of
// AllOpenings, in its order, that are balanced, whose opening score is
// within OpeningMargin of level. Three random plies often leave a man
// hanging (of the 216 Russian positions, 61 are a man or more up for one
// side), and such an opening is won by whichever player gets the better
// side, so it only adds noise to a match. The scores are stored in
// openings.txt, written by
//
//	go test ./engine -run TestOpeningsWrite -args -openings.write
func Openings(v *Variant) []Position {
	scores := openingScores()
	var out []Position
	for _, p := range AllOpenings(v) {
		if s, ok := scores[v.Name][p.FEN()]; !ok || balancedOpening(s) {
			out = append(out, p)
		}
	}
	return out
}

// balancedOpening reports whether an opening score is within
// OpeningMargin of level.
func balancedOpening(score int) bool {
	return score < OpeningMargin && score > -OpeningMargin
}

// OpeningScore is the score of opening p from the side to move's view, in
// centi-men: the forced moves played, then a one-thread search of
// OpeningNodes nodes without endgame databases.
func OpeningScore(p Position) int {
	g := NewGameFrom(p, GameOptions{})
	sign := 1
	for !g.Over() {
		q := g.Position()
		moves := q.LegalMoves()
		if len(moves) != 1 {
			break
		}
		if err := g.Play(moves[0]); err != nil {
			break
		}
		sign = -sign
	}
	if g.Over() {
		// A forced line to the end of the game: score it as the search
		// would.
		end := g.Position()
		switch r, _ := g.Result(); {
		case r == Drawn:
			return 0
		case (r == WhiteWins) == (end.Turn() == White):
			return sign * WinScore
		default:
			return -sign * WinScore
		}
	}
	r := NewSearcher(0).Search(context.Background(), g, Limits{Nodes: OpeningNodes})
	return sign * r.Score
}

//go:embed openings.txt
var openingsText string

var (
	openingScoresOnce sync.Once
	openingScoresMap  map[string]map[string]int
)

// openingScores returns the stored opening scores by variant name and FEN.
// The file is checked by the tests; a line it cannot read is skipped, so a
// position without a score is simply kept (Openings).
func openingScores() map[string]map[string]int {
	openingScoresOnce.Do(func() {
		m, _ := parseOpeningScores(openingsText)
		openingScoresMap = m
	})
	return openingScoresMap
}

// parseOpeningScores reads openings.txt: lines "variant FEN score", and
// comments from '#'. It returns what it could read and the first error.
func parseOpeningScores(text string) (map[string]map[string]int, error) {
	m := map[string]map[string]int{}
	var first error
	for i, line := range strings.Split(text, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		var err error
		if len(f) != 3 {
			err = fmt.Errorf("openings.txt line %d: %q: want variant, FEN and score", i+1, line)
		} else if n, e := strconv.Atoi(f[2]); e != nil {
			err = fmt.Errorf("openings.txt line %d: score %q is not a number", i+1, f[2])
		} else {
			if m[f[0]] == nil {
				m[f[0]] = map[string]int{}
			}
			m[f[0]][f[1]] = n
		}
		if err != nil && first == nil {
			first = err
		}
	}
	return m, first
}
