package engine

import "math/bits"

// Evaluation. Scores are in hundredths of a man ("centi-men") from the
// point of view of the side to move. Each variant has one EvalWeights
// value; the tables below are built from it once.

// EvalWeights are the terms of the evaluation of one variant, in
// centi-men. The values used:
//
//	term           English   Russian   International   what it rewards
//	Man              100       100         100          a man
//	King             150       300         300          a king (short kings ~1.5 men, flying ~3)
//	Advance         0..31    -9..66      -11..48        a man by rows advanced (table per row)
//	Centre             3         3           7          a man on the central squares
//	KingCentre         5         4           3          a king on the central squares
//	LongDiagonal       0        12          10          a flying king on the long diagonal
//	BackRank          26        24          17          a back-rank guard square held (English: the bridge 1,3 / 30,32) while the opponent has no king
//	Runaway           14        77         174          a man with a free path to crowning (less RunawayStep per row still to go)
//	RunawayStep        6        22          35
//	Mobility           1         6           5          per step move available (men and kings, one square)
//	TrappedKing        5       104          30          penalty: a king with no empty neighbour
//	SoleKing           0         0           0          the only side with kings
//	Exchange          24        24          20          when ahead, percent of the lead added as pieces come off the board
//	KingChase          6         6           6          kings-only endings: per square the strong kings close in on a lone king
//	Edge              10        10          10          kings-only endings: per step the lone king is pushed from the centre
//	ManSquare     -21..42        0           0          a man on a given square (a table, on top of Advance and Centre)
//	KingSquare         0         0           0          a king on a given square (a table)
//
// The men's terms (Advance, Centre, BackRank, Runaway, RunawayStep,
// Mobility), TrappedKing in English and Russian, KingCentre and the men's
// square table in English are fitted to the results of self-play games
// (TestTuneWeights in tune_test.go, King held at its value; the square
// tables in Russian did not beat the row terms, see the README): English
// 6,000 games at 6,000 nodes a move, 556,502 quiet positions (the kings'
// table and SoleKing held at 0); Russian 16,000 games at 8,000
// nodes, 763,000 positions; International 6,000 games at 6,000 nodes,
// 586,000 positions. The others are set by hand.
//
// English and Russian add the pattern tables of patterns.go: the
// formations of the pieces in nine 4x4 windows of the board, fitted to
// self-play games of the variant on top of these terms.
//
// Endgame knowledge on top of the terms: with kings only, a material
// edge that is not enough to win is scaled down (English: a lone king in a
// double corner against two kings is scaled to 3/4; Russian: 1 or 2 kings
// against a lone king is a draw, and 3 against one on the long diagonal;
// International: up to 3 kings against a lone king on the long diagonal is
// a draw, 3 against one off it is scaled to half). The score is clamped
// well inside the win range so that an evaluation is never read as a
// mate score.
type EvalWeights struct {
	Man, King            int
	Advance              [10]int
	Centre, KingCentre   int
	LongDiagonal         int
	BackRank             int
	Runaway, RunawayStep int
	Mobility             int
	TrappedKing          int
	SoleKing             int
	Exchange             int
	KingChase, Edge      int
	// ManSquare and KingSquare add a value per square to the tables
	// above, indexed by square number - 1 as the owner sees the board:
	// White's squares as numbered, Black's turned half a turn (square s
	// of Black's counts as square Squares()+1-s).
	ManSquare, KingSquare [50]int
}

// EnglishWeights are the evaluation weights of English checkers.
var EnglishWeights = EvalWeights{
	Man: 100, King: 150,
	Advance: [10]int{0, 28, 19, 17, 18, 24, 31},
	Centre:  3, KingCentre: 5,
	BackRank: 26, Runaway: 14, RunawayStep: 6,
	Mobility: 1, TrappedKing: 5, Exchange: 24, KingChase: 6, Edge: 10,
	// White's squares 1-32 (Black's turned half a turn), on top of the rows
	ManSquare: [50]int{
		0, 0, 0, 0, -21, 6, 7, 8,
		-4, -3, 4, 2, 2, -3, 1, 0,
		-4, 1, -1, 4, 0, -3, 3, 0,
		-9, 15, 6, -12, 9, 36, 42, 30,
	},
}

// RussianWeights are the evaluation weights of Russian draughts.
var RussianWeights = EvalWeights{
	Man: 100, King: 300,
	Advance: [10]int{0, 3, -9, -2, 6, 35, 66},
	Centre:  3, KingCentre: 4, LongDiagonal: 12,
	BackRank: 24, Runaway: 77, RunawayStep: 22,
	Mobility: 6, TrappedKing: 104, Exchange: 24, KingChase: 6, Edge: 10,
}

// InternationalWeights are the evaluation weights of International
// draughts.
var InternationalWeights = EvalWeights{
	Man: 100, King: 300,
	Advance: [10]int{0, 4, -7, -8, -11, -8, -9, 1, 48},
	Centre:  7, KingCentre: 3, LongDiagonal: 10,
	BackRank: 17, Runaway: 174, RunawayStep: 35,
	Mobility: 5, TrappedKing: 30, Exchange: 20, KingChase: 6, Edge: 10,
}

// WeightsFor returns the evaluation weights of variant v.
func WeightsFor(v *Variant) EvalWeights {
	return evaluatorFor(v).w
}

// evaluator holds the tables built from a variant's weights.
type evaluator struct {
	w       EvalWeights
	v       *Variant
	maxMen  int
	manPST  [2][64]int16   // man of colour c on bit i: advancement + centre
	kingPST [2][64]int16   // king: centre (+ long diagonal)
	ahead   [2][64]uint64  // squares a runaway man must find free of enemies
	togo    [2][64]int8    // rows a man still has to go
	guard   [2]uint64      // back-rank squares worth keeping
	centre  int8           // distance scale for the lone-king edge term
	dist    [64][64]int8   // king steps between two bits (no blocking)
	edge    [64]int8       // distance of a bit from the board's centre
	dcorner uint64         // the two double corners
	pat     *patternTables // the men's formations (8x8 boards), or nil
}

var (
	englishEval       = withPatterns(newEvaluator(English, EnglishWeights), englishPatternData)
	russianEval       = withPatterns(newEvaluator(Russian, RussianWeights), russianPatternData)
	internationalEval = newEvaluator(International, InternationalWeights)
)

// materialEval is the evaluation of Limits.Material for v: the variant's
// men and kings, no positional term.
func materialEval(v *Variant) *evaluator {
	w := WeightsFor(v)
	return newEvaluator(v, EvalWeights{Man: w.Man, King: w.King})
}

var (
	englishMaterial       = materialEval(English)
	russianMaterial       = materialEval(Russian)
	internationalMaterial = materialEval(International)
)

func materialEvalFor(v *Variant) *evaluator {
	switch v {
	case English:
		return englishMaterial
	case Russian:
		return russianMaterial
	}
	return internationalMaterial
}

func evaluatorFor(v *Variant) *evaluator {
	switch v {
	case English:
		return englishEval
	case Russian:
		return russianEval
	}
	return internationalEval
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func newEvaluator(v *Variant, w EvalWeights) *evaluator {
	g := v.geo
	e := &evaluator{w: w, v: v, maxMen: v.MaxPieces()}
	n := g.size
	for i := 0; i < 64; i++ {
		if g.sqOf[i] == 0 {
			continue
		}
		r, c := int(g.row[i]), int(g.col[i])
		// distance from the centre, 0 in the middle rows/columns
		dr := abs(2*r - (n - 1))
		dc := abs(2*c - (n - 1))
		central := dr <= n/4*2-1+1 && dc <= n/4*2-1+1 // the middle half of the board
		e.edge[i] = int8(max(dr, dc) / 2)
		for col := White; col <= Black; col++ {
			adv := n - 1 - r // rows from White's back row
			if col == Black {
				adv = r
			}
			m := w.Advance[adv]
			if central {
				m += w.Centre
			}
			own := int(g.sqOf[i])
			if col == Black {
				own = v.Squares() + 1 - own
			}
			m += w.ManSquare[own-1]
			e.manPST[col][i] = int16(m)
			k := w.KingSquare[own-1]
			if central {
				k += w.KingCentre
			}
			if v.FlyingKings && g.longDia&bit(i) != 0 {
				k += w.LongDiagonal
			}
			e.kingPST[col][i] = int16(k)
			e.togo[col][i] = int8(n - 1 - adv)
			// squares ahead that an enemy could use to stop the man
			for j := 0; j < 64; j++ {
				if g.sqOf[j] == 0 {
					continue
				}
				rj, cj := int(g.row[j]), int(g.col[j])
				ahead := r - rj
				if col == Black {
					ahead = rj - r
				}
				if ahead > 0 && abs(cj-c) <= ahead+1 {
					e.ahead[col][i] |= bit(j)
				}
			}
		}
		for j := 0; j < 64; j++ {
			if g.sqOf[j] != 0 {
				e.dist[i][j] = int8(max(abs(r-int(g.row[j])), abs(c-int(g.col[j]))))
			}
		}
	}
	var guards [2][]Square
	switch v {
	case English:
		guards = [2][]Square{{30, 32}, {1, 3}}
	case Russian:
		guards = [2][]Square{{30, 31}, {2, 3}} // c1, e1 / d8, f8
	default:
		guards = [2][]Square{{47, 48, 49}, {2, 3, 4}}
	}
	for c, list := range guards {
		for _, s := range list {
			e.guard[c] |= bit(int(g.idxOf[s]))
		}
	}
	// double corners: the corner at each player's right hand, two
	// squares (English 1 and 5, 28 and 32; a half turn takes one to the
	// other)
	e.dcorner = bit(int(g.idxOf[1])) | bit(int(g.idxOf[Square(1+g.w)])) |
		bit(int(g.idxOf[Square(g.n)])) | bit(int(g.idxOf[Square(g.n-g.w)]))
	return e
}

const evalLimit = winBound - 2000

// Evaluate returns the static evaluation of p in centi-men from the side
// to move's point of view. It does not look at captures: search only calls
// it in quiet positions.
func Evaluate(p *Position) int {
	return evaluatorFor(p.v).eval(p)
}

func (e *evaluator) eval(p *Position) int {
	s := e.white(p)
	if p.turn == Black {
		s = -s
	}
	return max(-evalLimit, min(evalLimit, s))
}

// white returns the evaluation from White's point of view.
func (e *evaluator) white(p *Position) int {
	w := &e.w
	wm, wk := p.white&^p.kings, p.white&p.kings
	bm, bk := p.black&^p.kings, p.black&p.kings
	nwm, nwk := bits.OnesCount64(wm), bits.OnesCount64(wk)
	nbm, nbk := bits.OnesCount64(bm), bits.OnesCount64(bk)
	if nwm+nbm == 0 {
		return e.kingsOnly(p, nwk, nbk)
	}
	mat := w.Man*(nwm-nbm) + w.King*(nwk-nbk)
	s := mat
	for b := wm; b != 0; b &= b - 1 {
		i := lsb(b)
		s += int(e.manPST[White][i])
		if nbk == 0 && e.ahead[White][i]&p.black == 0 {
			s += w.Runaway - w.RunawayStep*int(e.togo[White][i])
		}
	}
	for b := bm; b != 0; b &= b - 1 {
		i := lsb(b)
		s -= int(e.manPST[Black][i])
		if nwk == 0 && e.ahead[Black][i]&p.white == 0 {
			s -= w.Runaway - w.RunawayStep*int(e.togo[Black][i])
		}
	}
	g := p.v.geo
	empty := g.valid &^ (p.white | p.black)
	if wk|bk != 0 {
		for b := wk; b != 0; b &= b - 1 {
			i := lsb(b)
			s += int(e.kingPST[White][i])
			if e.trapped(i, empty) {
				s -= w.TrappedKing
			}
		}
		for b := bk; b != 0; b &= b - 1 {
			i := lsb(b)
			s -= int(e.kingPST[Black][i])
			if e.trapped(i, empty) {
				s -= -w.TrappedKing
			}
		}
	}
	if nbk == 0 {
		s += w.BackRank * bits.OnesCount64(wm&e.guard[White])
	}
	if nwk == 0 {
		s -= w.BackRank * bits.OnesCount64(bm&e.guard[Black])
	}
	switch {
	case nwk > 0 && nbk == 0:
		s += w.SoleKing
	case nbk > 0 && nwk == 0:
		s -= w.SoleKing
	}
	if e.pat != nil {
		s += e.pat.value(p.white, p.black)
	}
	// mobility: one-square steps of men (forward) and kings (all ways)
	mw := bits.OnesCount64(g.shiftDir(wm|wk, dirUpLeft)&empty) + bits.OnesCount64(g.shiftDir(wm|wk, dirUpRight)&empty) +
		bits.OnesCount64(g.shiftDir(wk, dirDownLeft)&empty) + bits.OnesCount64(g.shiftDir(wk, dirDownRight)&empty)
	mb := bits.OnesCount64(g.shiftDir(bm|bk, dirDownLeft)&empty) + bits.OnesCount64(g.shiftDir(bm|bk, dirDownRight)&empty) +
		bits.OnesCount64(g.shiftDir(bk, dirUpLeft)&empty) + bits.OnesCount64(g.shiftDir(bk, dirUpRight)&empty)
	s += w.Mobility * (mw - mb)
	// trading down when ahead
	if mat != 0 {
		off := 2*e.maxMen - (nwm + nwk + nbm + nbk)
		s += mat * w.Exchange * off / (100 * 2 * e.maxMen)
	}
	// a flying king against a side with few pieces is hard to beat
	if e.v.FlyingKings {
		if s > 0 && nbk > 0 && nwm+nwk-nbm-nbk <= 1 {
			s /= 2
		} else if s < 0 && nwk > 0 && nbm+nbk-nwm-nwk <= 1 {
			s /= 2
		}
	}
	return s
}

func (e *evaluator) trapped(i int, empty uint64) bool {
	g := e.v.geo
	for d := 0; d < numDirs; d++ {
		if t := g.next[d][i]; t >= 0 && empty&bit(int(t)) != 0 {
			return false
		}
	}
	return true
}

// kingsOnly evaluates a position without men, from White's side.
func (e *evaluator) kingsOnly(p *Position, nw, nb int) int {
	if nw == nb {
		return 0
	}
	strong, weak := p.white, p.black
	ns, nw2 := nw, nb
	sign := 1
	if nb > nw {
		strong, weak = p.black, p.white
		ns, nw2 = nb, nw
		sign = -1
	}
	w := &e.w
	material := w.King * (ns - nw2)
	// drive the weak kings to the edge, bring the strong ones close: a
	// lone king is chased by every strong king; against several kings the
	// mean distance counts, and the whole term stays within half the
	// material edge, so it never outweighs a king more
	pos := 0
	for b := weak; b != 0; b &= b - 1 {
		i := lsb(b)
		pos += w.Edge * int(e.edge[i])
		chase := 0
		for k := strong; k != 0; k &= k - 1 {
			chase += w.KingChase * int(e.dist[i][lsb(k)])
		}
		if nw2 > 1 {
			chase /= ns
		}
		pos -= chase
	}
	if nw2 > 1 {
		pos = max(-material/2, min(material/2, pos))
	}
	s := material + pos
	g := p.v.geo
	switch {
	case !e.v.FlyingKings:
		if nw2 == 1 && weak&e.dcorner != 0 && ns <= 2 {
			s = s * 3 / 4
		}
	case nw2 == 1 && e.v == Russian:
		if ns < 3 || (ns == 3 && weak&g.longDia != 0) {
			s /= 16
		}
	case nw2 == 1:
		if ns < 3 || (ns == 3 && weak&g.longDia != 0) {
			s /= 16
		} else if ns == 3 {
			s /= 2
		}
	default:
		if ns-nw2 < 3 {
			s /= 4
		}
	}
	return sign * s
}
