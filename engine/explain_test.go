package engine

import (
	"fmt"
	"math/rand"
	"testing"
)

type explainCase struct {
	name     string
	fen      string
	from, to Square
	via      []Square
	fromCell *Coord // a cell that is not a dark square, instead of from
	toCell   *Coord
	want     Verdict
	squares  []Square
	count    int // VerdictMustTakeMost: Count and Taken
	taken    int
}

func cell(r, c int) *Coord { return &Coord{r, c} }

// explainCases lists, for each variant, an attempt for every verdict that
// can occur in it, with the squares expected.
var explainCases = map[*Variant][]explainCase{
	English: {
		{name: "legal step", fen: "B:W21-32:B1-12", from: 11, to: 15, want: VerdictLegal},
		{name: "legal full path", fen: "W:W26:B22,23,14,15", from: 26, to: 10, via: []Square{17}, want: VerdictLegal},
		{name: "from off board", fen: "B:W21-32:B1-12", fromCell: cell(8, 0), to: 15, want: VerdictOffBoard},
		{name: "to off board", fen: "B:W21-32:B1-12", from: 11, toCell: cell(-1, 3), want: VerdictOffBoard},
		{name: "light square", fen: "B:W21-32:B1-12", fromCell: cell(0, 0), to: 15, want: VerdictLightSquare},
		{name: "no piece", fen: "B:W21-32:B1-12", from: 13, to: 17, want: VerdictNoPiece, squares: []Square{13}},
		{name: "not your piece", fen: "B:W21-32:B1-12", from: 22, to: 18, want: VerdictNotYourPiece, squares: []Square{22}},
		{name: "same square", fen: "B:W21-32:B1-12", from: 11, to: 11, want: VerdictSameSquare, squares: []Square{11}},
		{name: "not diagonal", fen: "B:W21-32:B1-12", from: 11, to: 19, want: VerdictNotDiagonal, squares: []Square{19}},
		{name: "occupied", fen: "B:W21-32:B1-12", from: 11, to: 7, want: VerdictOccupied, squares: []Square{7}},
		{name: "man backward", fen: "B:W30:B14", from: 14, to: 9, want: VerdictManBackward, squares: []Square{9}},
		{name: "man too far", fen: "B:W30:B14", from: 14, to: 23, want: VerdictTooFar, squares: []Square{23}},
		{name: "short king too far", fen: "B:W30:BK14", from: 14, to: 5, want: VerdictTooFar, squares: []Square{5}},
		{name: "jump own piece", fen: "B:W30:B14,18", from: 14, to: 23, want: VerdictJumpOwnPiece, squares: []Square{18}},
		{name: "must capture", fen: "B:W18,30:B1,14", from: 1, to: 5, want: VerdictMustCapture, squares: []Square{14}},
		{name: "must continue", fen: "B:W18,27,30:B14", from: 14, to: 23, want: VerdictMustContinue, squares: []Square{32}},
		{name: "must continue from a later landing", fen: "W:W31:B27,19,10", from: 31, to: 15, want: VerdictMustContinue, squares: []Square{6}},
		{name: "king jumps a piece twice", fen: "B:W18,30:BK14", from: 14, to: 14, via: []Square{23}, want: VerdictJumpedTwice, squares: []Square{18}},
		{name: "man captures backward", fen: "B:W10,30:B14", from: 14, to: 7, want: VerdictManCaptureBackward, squares: []Square{10}},
		{name: "crowning ends the move", fen: "W:W11:B6,7", from: 11, to: 9, via: []Square{2}, want: VerdictCrowningEndsMove, squares: []Square{2}},
		{name: "step after a capture", fen: "B:W18,30:B14", from: 14, to: 27, via: []Square{23}, want: VerdictNotCapturing, squares: []Square{27}},
	},
	Russian: {
		{name: "legal step", fen: "W:W21-32:B1-12", from: 22, to: 18, want: VerdictLegal},
		{name: "legal circular capture", fen: "W:W26:B22,23,14,15", from: 26, to: 26, want: VerdictLegal},
		{name: "off board", fen: "W:W21-32:B1-12", from: 22, toCell: cell(0, 8), want: VerdictOffBoard},
		{name: "light square", fen: "W:W21-32:B1-12", from: 22, toCell: cell(7, 7), want: VerdictLightSquare},
		{name: "no piece", fen: "W:W21-32:B1-12", from: 18, to: 14, want: VerdictNoPiece, squares: []Square{18}},
		{name: "not your piece", fen: "W:W21-32:B1-12", from: 11, to: 15, want: VerdictNotYourPiece, squares: []Square{11}},
		{name: "same square", fen: "W:W21-32:B1-12", from: 22, to: 22, want: VerdictSameSquare, squares: []Square{22}},
		{name: "not diagonal", fen: "W:W21-32:B1-12", from: 22, to: 14, want: VerdictNotDiagonal, squares: []Square{14}},
		{name: "occupied", fen: "W:W21-32:B1-12", from: 22, to: 26, want: VerdictOccupied, squares: []Square{26}},
		{name: "man backward", fen: "W:W18:B1", from: 18, to: 23, want: VerdictManBackward, squares: []Square{23}},
		{name: "man too far", fen: "W:W18:B1", from: 18, to: 11, want: VerdictTooFar, squares: []Square{11}},
		{name: "king path blocked", fen: "W:WK29:B25,22", from: 29, to: 18, want: VerdictPathBlocked, squares: []Square{25, 22}},
		{name: "jump own piece", fen: "W:W23,27:B1", from: 27, to: 18, want: VerdictJumpOwnPiece, squares: []Square{23}},
		{name: "must capture", fen: "W:W18,30:B1,15", from: 30, to: 26, want: VerdictMustCapture, squares: []Square{18}},
		{name: "must continue", fen: "W:W22:B1,11,18", from: 22, to: 15, want: VerdictMustContinue, squares: []Square{8}},
		{name: "man jumps a piece twice", fen: "W:W22:B1,18", from: 22, to: 22, via: []Square{15}, want: VerdictJumpedTwice, squares: []Square{18}},
		{name: "king must land where the capture continues", fen: "W:WK29:B19,25", from: 29, to: 18, want: VerdictKingMustLand, squares: []Square{15}},
		{name: "step after a capture", fen: "W:W22:B1,18", from: 22, to: 10, via: []Square{15}, want: VerdictNotCapturing, squares: []Square{10}},
	},
	International: {
		{name: "legal step", fen: "W:W31-50:B1-20", from: 32, to: 28, want: VerdictLegal},
		{name: "off board", fen: "W:W31-50:B1-20", fromCell: cell(10, 3), to: 28, want: VerdictOffBoard},
		{name: "light square", fen: "W:W31-50:B1-20", from: 32, toCell: cell(0, 0), want: VerdictLightSquare},
		{name: "no piece", fen: "W:W31-50:B1-20", from: 28, to: 23, want: VerdictNoPiece, squares: []Square{28}},
		{name: "not your piece", fen: "W:W31-50:B1-20", from: 19, to: 23, want: VerdictNotYourPiece, squares: []Square{19}},
		{name: "same square", fen: "W:W31-50:B1-20", from: 32, to: 32, want: VerdictSameSquare, squares: []Square{32}},
		{name: "not diagonal", fen: "W:W31-50:B1-20", from: 32, to: 22, want: VerdictNotDiagonal, squares: []Square{22}},
		{name: "occupied", fen: "W:W31-50:B1-20", from: 32, to: 37, want: VerdictOccupied, squares: []Square{37}},
		{name: "man backward", fen: "W:W28:B1", from: 28, to: 33, want: VerdictManBackward, squares: []Square{33}},
		{name: "man too far", fen: "W:W28:B1", from: 28, to: 17, want: VerdictTooFar, squares: []Square{17}},
		{name: "king path blocked", fen: "W:WK46,50:B37,41", from: 46, to: 28, want: VerdictPathBlocked, squares: []Square{41, 37}},
		{name: "jump own piece", fen: "W:W28,33:B1", from: 33, to: 22, want: VerdictJumpOwnPiece, squares: []Square{28}},
		{name: "must capture", fen: "W:W28,48:B1,23", from: 48, to: 43, want: VerdictMustCapture, squares: []Square{28}},
		{name: "must continue", fen: "W:W33:B1,18,28", from: 33, to: 22, want: VerdictMustContinue, squares: []Square{13}},
		{name: "must take most", fen: "W:W33,48:B18,28,43", from: 48, to: 39, want: VerdictMustTakeMost, squares: []Square{33}, count: 2, taken: 1},
		{name: "man jumps a piece twice", fen: "W:W33:B1,28", from: 33, to: 33, via: []Square{22}, want: VerdictJumpedTwice, squares: []Square{28}},
		{name: "king must land where the capture continues", fen: "W:WK46:B33,41", from: 46, to: 23, want: VerdictKingMustLand, squares: []Square{28}},
		{name: "step after a capture", fen: "W:W33:B1,28", from: 33, to: 17, via: []Square{22}, want: VerdictNotCapturing, squares: []Square{17}},
	},
}

func TestExplain_EveryVerdict(t *testing.T) {
	for _, v := range Variants() {
		for _, tc := range explainCases[v] {
			t.Run(v.Name+"/"+tc.name, func(t *testing.T) {
				p := mustFEN(t, v, tc.fen)
				from, to := v.CoordOf(tc.from), v.CoordOf(tc.to)
				if tc.fromCell != nil {
					from = *tc.fromCell
				}
				if tc.toCell != nil {
					to = *tc.toCell
				}
				var via []Coord
				for _, s := range tc.via {
					via = append(via, v.CoordOf(s))
				}
				e := p.Explain(from, to, via...)
				if e.Verdict != tc.want {
					t.Fatalf("Explain = %v %v, want %v %v\n%s", e.Verdict, e.Squares, tc.want, tc.squares, p.Board())
				}
				if fmt.Sprint(e.Squares) != fmt.Sprint(tc.squares) && !(len(e.Squares) == 0 && len(tc.squares) == 0) {
					t.Errorf("squares %v, want %v", e.Squares, tc.squares)
				}
				if e.Count != tc.count || e.Taken != tc.taken {
					t.Errorf("Count, Taken = %d, %d, want %d, %d", e.Count, e.Taken, tc.count, tc.taken)
				}
				switch tc.want {
				case VerdictOffBoard, VerdictLightSquare:
					want := from
					if tc.fromCell == nil {
						want = to
					}
					if e.Cell != want {
						t.Errorf("Cell %v, want %v", e.Cell, want)
					}
				case VerdictLegal:
					if len(e.Moves) != 1 || e.Moves[0].From != tc.from || e.Moves[0].To != tc.to {
						t.Errorf("Moves %v", e.Moves)
					}
				case VerdictMustCapture, VerdictMustTakeMost:
					if len(e.Moves) == 0 || !e.Moves[0].IsCapture() {
						t.Errorf("Moves %v, want the legal captures", e.Moves)
					}
				case VerdictMustContinue, VerdictKingMustLand:
					if len(e.Moves) == 0 {
						t.Errorf("no legal moves that go on from the attempt")
					}
					for _, m := range e.Moves {
						if m.From != tc.from {
							t.Errorf("move %v does not start on %d", m, tc.from)
						}
					}
				}
			})
		}
	}
}

func TestExplain_LegalExactlyWhenALegalMoveMatches(t *testing.T) {
	for _, v := range Variants() {
		for _, p := range randomPositions(v, 3, 2, 40) {
			legal := p.LegalMoves()
			for from := Square(1); int(from) <= v.Squares(); from++ {
				if p.At(from) == Empty || p.At(from).Color() != p.Turn() {
					continue
				}
				for to := Square(1); int(to) <= v.Squares(); to++ {
					e := p.Explain(v.CoordOf(from), v.CoordOf(to))
					want := false
					for i := range legal {
						if legal[i].From == from && legal[i].To == to {
							want = true
						}
					}
					if (e.Verdict == VerdictLegal) != want {
						t.Fatalf("%s %s: %d-%d is %v", v.Name, p.FEN(), from, to, e.Verdict)
					}
					if e.Verdict == VerdictOtherIllegal {
						t.Fatalf("%s %s: %d-%d has no specific verdict", v.Name, p.FEN(), from, to)
					}
				}
			}
		}
	}
}

func TestExplain_CapturePathsAndTheirBeginnings(t *testing.T) {
	for _, v := range Variants() {
		for _, p := range randomPositions(v, 5, 20, 100) {
			legal := p.LegalMoves()
			for i := range legal {
				m := &legal[i]
				if !m.IsCapture() {
					continue
				}
				path := m.Path()
				var via []Coord
				for _, s := range path[:len(path)-1] {
					via = append(via, v.CoordOf(s))
				}
				if e := p.Explain(v.CoordOf(m.From), v.CoordOf(m.To), via...); e.Verdict != VerdictLegal {
					t.Fatalf("%s %s: full path of %s is %v", v.Name, p.FEN(), p.LongMoveString(m, Numeric), e.Verdict)
				}
				for k := 0; k+1 < len(path); k++ {
					if path[k] == m.To {
						continue // the path passes its own end: a partial path names the move
					}
					e := p.Explain(v.CoordOf(m.From), v.CoordOf(path[k]), via[:k]...)
					if e.Verdict != VerdictMustContinue || !contains(e.Squares, path[k+1]) && !v.FlyingKings {
						t.Fatalf("%s %s: start of %s up to %d is %v %v", v.Name, p.FEN(), p.LongMoveString(m, Numeric), path[k], e.Verdict, e.Squares)
					}
				}
			}
		}
	}
}

func TestVerdict_String(t *testing.T) {
	seen := map[string]bool{}
	for v := VerdictLegal; v < numVerdicts; v++ {
		s := v.String()
		if s == "" || seen[s] {
			t.Errorf("verdict %d has name %q", v, s)
		}
		seen[s] = true
	}
	if got := Verdict(200).String(); got != "Verdict(200)" {
		t.Errorf("unknown verdict String() = %q", got)
	}
}

// FuzzExplain checks that Explain never panics, whatever the position and
// the cells, on or off the board.
func FuzzExplain(f *testing.F) {
	for _, v := range Variants() {
		for _, tc := range explainCases[v] {
			f.Add(uint8(v.Size), tc.fen, int8(1), int8(2), int8(3), int8(4), int8(-1), int8(0), int64(0))
		}
	}
	f.Fuzz(func(t *testing.T, size uint8, fen string, fr, fc, tr, tc, vr, vc int8, seed int64) {
		v := Variants()[int(size)%3]
		p, err := ParseFEN(v, fen)
		if err != nil {
			// a random position of the variant instead
			rng := rand.New(rand.NewSource(seed))
			p = v.StartPosition()
			for i := rng.Intn(60); i > 0; i-- {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				p.Play(&moves[rng.Intn(len(moves))])
			}
		}
		var via []Coord
		if vr >= 0 {
			via = append(via, Coord{int(vr), int(vc)})
		}
		e := p.Explain(Coord{int(fr), int(fc)}, Coord{int(tr), int(tc)}, via...)
		if e.Verdict >= numVerdicts {
			t.Fatalf("verdict %d", e.Verdict)
		}
		if e.Verdict == VerdictOtherIllegal {
			t.Fatalf("%s %s: %v-%v via %v has no specific verdict", v.Name, p.FEN(), Coord{int(fr), int(fc)}, Coord{int(tr), int(tc)}, via)
		}
		if len(via) > 0 || e.From == 0 || e.To == 0 {
			return
		}
		want := false
		for _, m := range p.LegalMoves() {
			if m.From == e.From && m.To == e.To {
				want = true
			}
		}
		if (e.Verdict == VerdictLegal) != want {
			t.Fatalf("%s %s: %d-%d is %v", v.Name, p.FEN(), e.From, e.To, e.Verdict)
		}
	})
}

func BenchmarkExplain(b *testing.B) {
	p := mustFEN(b, International, "W:W33,48:B18,28,43")
	from, to := International.CoordOf(48), International.CoordOf(39)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if e := p.Explain(from, to); e.Verdict != VerdictMustTakeMost {
			b.Fatal(e.Verdict)
		}
	}
}
