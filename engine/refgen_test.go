package engine

// A second, deliberately simple move generator used only by the tests. It is
// written from /work/shared/rules.md alone and shares nothing with the
// engine's generator: a mailbox board indexed by row and column, its own FEN
// reader, and plain recursion for capture sequences. It is slow and obvious;
// the differential test compares the engine against it move by move.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// refRules are the rules of one variant as the reference generator reads
// them from rules.md.
type refRules struct {
	size         int
	menBackward  bool // men capture backward too
	flying       bool // kings move and capture at any distance
	majority     bool // the longest capture is compulsory
	crownEnds    bool // English: reaching the far row ends the move
	crownOnlyEnd bool // International: crowned only if the move ends there
}

// refRulesFor maps the variant names to their rules (rules.md sections).
var refRulesFor = map[string]refRules{
	"english":       {size: 8, crownEnds: true},
	"russian":       {size: 8, menBackward: true, flying: true},
	"international": {size: 10, menBackward: true, flying: true, majority: true, crownOnlyEnd: true},
}

// Reference piece codes.
const (
	refEmpty int8 = iota
	refWhiteMan
	refWhiteKing
	refBlackMan
	refBlackKing
)

type refBoard struct {
	rules refRules
	cell  [10][10]int8 // [row][col], row 0 at the top (White crowns there)
	white bool         // White to move
}

type refMove struct {
	from, to int   // square numbers
	path     []int // landing squares, to last
	caps     []int // captured squares in order
	promotes bool
}

// key identifies a move the way rules.md counts them: origin, destination
// and the set of captured squares.
func (m refMove) key() string {
	c := append([]int(nil), m.caps...)
	sort.Ints(c)
	return fmt.Sprintf("%d-%d%v", m.from, m.to, c)
}

func (b *refBoard) w() int { return b.rules.size / 2 }

// rc returns the row and column of square s (1 = top-left dark square).
func (b *refBoard) rc(s int) (int, int) {
	r := (s - 1) / b.w()
	c := 2 * ((s - 1) % b.w())
	if r%2 == 0 {
		c++
	}
	return r, c
}

func (b *refBoard) sq(r, c int) int { return r*b.w() + c/2 + 1 }

func (b *refBoard) on(r, c int) bool {
	return r >= 0 && c >= 0 && r < b.rules.size && c < b.rules.size
}

func refIsWhite(p int8) bool { return p == refWhiteMan || p == refWhiteKing }
func refIsKing(p int8) bool  { return p == refWhiteKing || p == refBlackKing }

// refParseFEN reads `W:W21-32,K5:B1-12` (numeric squares, K for kings,
// ranges, optional trailing dot).
func refParseFEN(name, fen string) (*refBoard, error) {
	rules, ok := refRulesFor[name]
	if !ok {
		return nil, fmt.Errorf("unknown variant %q", name)
	}
	b := &refBoard{rules: rules}
	fen = strings.TrimSuffix(strings.TrimSpace(fen), ".")
	parts := strings.Split(fen, ":")
	switch parts[0] {
	case "W":
		b.white = true
	case "B":
	default:
		return nil, fmt.Errorf("bad side %q", parts[0])
	}
	n := b.w() * rules.size
	for _, part := range parts[1:] {
		if part == "" {
			continue
		}
		white := part[0] == 'W'
		if !white && part[0] != 'B' {
			return nil, fmt.Errorf("bad field %q", part)
		}
		for _, tok := range strings.Split(part[1:], ",") {
			if tok == "" {
				continue
			}
			king := tok[0] == 'K'
			if king {
				tok = tok[1:]
			}
			lo, hi := tok, tok
			if i := strings.IndexByte(tok, '-'); i >= 0 {
				lo, hi = tok[:i], tok[i+1:]
			}
			a, err1 := strconv.Atoi(lo)
			z, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 1 || z > n || a > z {
				return nil, fmt.Errorf("bad square %q", tok)
			}
			for s := a; s <= z; s++ {
				pc := refWhiteMan
				if !white {
					pc = refBlackMan
				}
				if king {
					pc++
				}
				r, c := b.rc(s)
				if b.cell[r][c] != refEmpty {
					return nil, fmt.Errorf("square %d twice", s)
				}
				b.cell[r][c] = pc
			}
		}
	}
	return b, nil
}

// fen writes the board as `W:W..:B..` with ascending squares.
func (b *refBoard) fen() string {
	var ws, bs []string
	for s := 1; s <= b.w()*b.rules.size; s++ {
		r, c := b.rc(s)
		p := b.cell[r][c]
		if p == refEmpty {
			continue
		}
		t := strconv.Itoa(s)
		if refIsKing(p) {
			t = "K" + t
		}
		if refIsWhite(p) {
			ws = append(ws, t)
		} else {
			bs = append(bs, t)
		}
	}
	side := "B"
	if b.white {
		side = "W"
	}
	return side + ":W" + strings.Join(ws, ",") + ":B" + strings.Join(bs, ",")
}

var refDirs = [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}

func (b *refBoard) mine(p int8) bool {
	return p != refEmpty && refIsWhite(p) == b.white
}

func (b *refBoard) theirs(p int8) bool {
	return p != refEmpty && refIsWhite(p) != b.white
}

// forward is the row step of a man of the side to move.
func (b *refBoard) forward() int {
	if b.white {
		return -1
	}
	return 1
}

func (b *refBoard) crownRow() int {
	if b.white {
		return 0
	}
	return b.rules.size - 1
}

// capState is one partial capture sequence.
type capState struct {
	r, c     int
	king     bool
	crowned  bool // crowned on the way (Russian)
	path     []int
	caps     []int
	captured map[[2]int]bool
}

// moves returns the legal moves, duplicates merged. When two sequences
// merge, the first one found is kept; alts (if not nil) receives every
// variant of path, capture order and promotion for each key.
func (b *refBoard) moves(alts map[string][]refMove) []refMove {
	var caps []refMove
	for r := 0; r < b.rules.size; r++ {
		for c := 0; c < b.rules.size; c++ {
			if b.mine(b.cell[r][c]) {
				caps = append(caps, b.capturesFrom(r, c)...)
			}
		}
	}
	var all []refMove
	if len(caps) > 0 {
		if b.rules.majority {
			most := 0
			for _, m := range caps {
				most = max(most, len(m.caps))
			}
			var kept []refMove
			for _, m := range caps {
				if len(m.caps) == most {
					kept = append(kept, m)
				}
			}
			caps = kept
		}
		all = caps
	} else {
		all = b.quietMoves()
	}
	seen := map[string]bool{}
	var out []refMove
	for _, m := range all {
		k := m.key()
		if alts != nil {
			alts[k] = append(alts[k], m)
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

func (b *refBoard) quietMoves() []refMove {
	var out []refMove
	for r := 0; r < b.rules.size; r++ {
		for c := 0; c < b.rules.size; c++ {
			p := b.cell[r][c]
			if !b.mine(p) {
				continue
			}
			from := b.sq(r, c)
			for _, d := range refDirs {
				if !refIsKing(p) && d[0] != b.forward() {
					continue
				}
				for k := 1; ; k++ {
					rr, cc := r+k*d[0], c+k*d[1]
					if !b.on(rr, cc) || b.cell[rr][cc] != refEmpty {
						break
					}
					to := b.sq(rr, cc)
					out = append(out, refMove{from: from, to: to, path: []int{to},
						promotes: !refIsKing(p) && rr == b.crownRow()})
					if !refIsKing(p) || !b.rules.flying {
						break
					}
				}
			}
		}
	}
	return out
}

// capturesFrom returns every complete capture sequence of the piece on
// (r, c). The piece is lifted off its square first: its origin counts as
// empty. Captured pieces stay on the board (Turkish strike) and are marked.
func (b *refBoard) capturesFrom(r, c int) []refMove {
	p := b.cell[r][c]
	b.cell[r][c] = refEmpty
	defer func() { b.cell[r][c] = p }()
	st := capState{r: r, c: c, king: refIsKing(p), captured: map[[2]int]bool{}}
	var out []refMove
	for _, s := range b.extend(st) {
		m := refMove{from: b.sq(r, c), to: s.path[len(s.path)-1], path: s.path, caps: s.caps}
		switch {
		case refIsKing(p):
		case b.rules.crownOnlyEnd:
			m.promotes = s.r == b.crownRow()
		default:
			m.promotes = s.crowned
		}
		out = append(out, m)
	}
	return out
}

// extend returns the complete sequences that continue st by at least one
// more capture; nil if st cannot capture again.
func (b *refBoard) extend(st capState) []capState {
	if st.crowned && b.rules.crownEnds {
		return nil
	}
	var out []capState
	for _, d := range refDirs {
		if !st.king && !b.rules.menBackward && d[0] != b.forward() {
			continue
		}
		// Find the piece to jump.
		k := 1
		if st.king && b.rules.flying {
			for b.on(st.r+k*d[0], st.c+k*d[1]) && b.cell[st.r+k*d[0]][st.c+k*d[1]] == refEmpty {
				k++
			}
		}
		vr, vc := st.r+k*d[0], st.c+k*d[1]
		if !b.on(vr, vc) || !b.theirs(b.cell[vr][vc]) || st.captured[[2]int{vr, vc}] {
			continue
		}
		// Landing squares beyond it.
		var lands [][2]int
		for j := 1; ; j++ {
			lr, lc := vr+j*d[0], vc+j*d[1]
			if !b.on(lr, lc) || b.cell[lr][lc] != refEmpty {
				break
			}
			lands = append(lands, [2]int{lr, lc})
			if !st.king || !b.rules.flying {
				break
			}
		}
		var cont, stop []capState
		for _, l := range lands {
			next := capState{r: l[0], c: l[1], king: st.king, crowned: st.crowned,
				path:     append(append([]int(nil), st.path...), b.sq(l[0], l[1])),
				caps:     append(append([]int(nil), st.caps...), b.sq(vr, vc)),
				captured: map[[2]int]bool{{vr, vc}: true}}
			for x := range st.captured {
				next.captured[x] = true
			}
			if !st.king && l[0] == b.crownRow() && !b.rules.crownOnlyEnd {
				next.crowned = true
				next.king = true
			}
			if more := b.extend(next); len(more) > 0 {
				cont = append(cont, more...)
			} else {
				stop = append(stop, next)
			}
		}
		if len(cont) > 0 {
			out = append(out, cont...) // must land where the capture goes on
		} else {
			out = append(out, stop...)
		}
	}
	return out
}

// play returns the board after m (a move from moves).
func (b *refBoard) play(m refMove) *refBoard {
	n := *b
	fr, fc := n.rc(m.from)
	p := n.cell[fr][fc]
	n.cell[fr][fc] = refEmpty
	for _, s := range m.caps {
		r, c := n.rc(s)
		n.cell[r][c] = refEmpty
	}
	if m.promotes {
		p++
	}
	tr, tc := n.rc(m.to)
	n.cell[tr][tc] = p
	n.white = !n.white
	return &n
}

func (b *refBoard) perft(depth int) uint64 {
	ms := b.moves(nil)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += b.play(m).perft(depth - 1)
	}
	return n
}
