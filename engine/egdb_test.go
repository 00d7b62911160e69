package engine

import (
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"
)

// The full 4-piece database takes a few seconds to build; it is built once
// per test binary. -egdb.full checks every 4-piece class against the
// reference solver and every position for consistency (about a minute);
// -egdb.report prints the figures of docs/endgame-database.md.
var (
	egdbFull   = flag.Bool("egdb.full", false, "check the whole 4-piece endgame database against the reference solver")
	egdbReport = flag.Bool("egdb.report", false, "print endgame database figures (classes, longest wins, quiet runs)")
)

var testDB = sync.OnceValues(func() (*EndgameDB, error) {
	return BuildEndgameDB(context.Background(), English, EndgameBuildPieces)
})

func fullDB(t testing.TB) *EndgameDB {
	t.Helper()
	db, err := testDB()
	if err != nil {
		t.Fatalf("BuildEndgameDB: %v", err)
	}
	return db
}

func TestEndgameDBKnownEndings(t *testing.T) {
	db := fullDB(t)
	tests := []struct {
		name  string
		fen   string
		want  WDL
		plies int // -1: any distance
	}{
		{"first position, white to move wins", "W:WK15,20:B12,K28", Win, -1},
		{"two kings beat a king in the open", "W:WK22,K23:BK14", Win, -1},
		{"two kings beat a king in the double corner", "W:WK18,K19:BK32", Win, -1},
		{"two kings beat a king in the double corner, defender to move", "B:WK18,K19:BK28", Loss, -1},
		{"two kings beat a king at the other double corner", "W:WK14,K15:BK1", Win, -1},
		{"king and man beat a king", "W:WK10,26:BK3", Win, -1},
		{"king and man beat a king, defender to move", "B:WK10,26:BK3", Loss, -1},
		{"three kings beat a king", "W:WK6,K7,K16:BK11", Win, -1},
		{"two kings against two kings in the double corners draw", "W:WK1,K5:BK28,K32", DrawWDL, 0},
		{"a blocked man has no move and has lost", "W:W29:B22,25", Loss, 0},
		{"a king that takes the last piece wins at once", "W:WK14:BK10", Win, 1},
		{"the side to move takes first", "B:WK14:BK10", Win, 1},
		{"a king takes the last man", "W:WK5:B9", Win, 1},
		{"a man takes the last king", "B:WK18:B14", Win, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, English, tc.fen)
			v, plies, ok := db.Probe(&p)
			if !ok {
				t.Fatalf("Probe(%s) not covered", tc.fen)
			}
			if v != tc.want || (tc.plies >= 0 && plies != tc.plies) {
				t.Fatalf("Probe(%s) = %v in %d plies, want %v (plies %d)", tc.fen, v, plies, tc.want, tc.plies)
			}
		})
	}
}

// TestEndgameDBWinIsPlayable follows the database from First Position: the
// winner always picks a move to a position lost in one ply less, the loser
// one that keeps the longest loss, and the game must end with the loser
// unable to move after exactly the promised number of plies.
func TestEndgameDBWinIsPlayable(t *testing.T) {
	db := fullDB(t)
	for _, fen := range []string{"W:WK15,20:B12,K28", "W:WK22,K23:BK14", "W:WK1,29:BK10", "W:W13,25:B3,4"} {
		p := mustFEN(t, English, fen)
		v, plies, _ := db.Probe(&p)
		if v != Win {
			t.Fatalf("%s: %v, want a win", fen, v)
		}
		for ply := 0; ply < plies; ply++ {
			moves := p.LegalMoves()
			var next Position
			found := false
			for i := range moves {
				q := p
				q.Play(&moves[i])
				qv, qd, ok := db.Probe(&q)
				if ok && qv == -v && qd == plies-ply-1 {
					next, found = q, true
					break
				}
			}
			if !found {
				t.Fatalf("%s: after %d plies no move of %s keeps the %v in %d", fen, ply, p.FEN(), v, plies-ply)
			}
			p, v = next, -v
		}
		if n := len(p.LegalMoves()); n != 0 || v != Loss {
			t.Fatalf("%s: game not over after %d plies: %s has %d moves", fen, plies, p.FEN(), n)
		}
	}
}

func TestEndgameDBNotCovered(t *testing.T) {
	db := fullDB(t)
	tests := []struct {
		name   string
		v      *Variant
		turn   Color
		pieces map[Square]Piece
	}{
		{"russian position", Russian, White, map[Square]Piece{15: WhiteKing, 20: WhiteMan, 12: BlackMan, 28: BlackKing}},
		{"international position", International, White, map[Square]Piece{31: WhiteMan, 20: BlackMan}},
		{"five pieces (the built part)", English, White, map[Square]Piece{22: WhiteKing, 23: WhiteKing, 24: WhiteKing, 31: BlackKing, 32: BlackKing}},
		{"white man on its crowning row", English, White, map[Square]Piece{1: WhiteMan, 20: BlackKing}},
		{"black man on its crowning row", English, Black, map[Square]Piece{20: WhiteKing, 30: BlackMan}},
		{"side that just moved has no pieces", English, White, map[Square]Piece{20: WhiteKing}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewPosition(tc.v, tc.turn, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			if v, d, ok := db.Probe(&p); ok {
				t.Fatalf("Probe(%s) = %v %d, want not covered", p.FEN(), v, d)
			}
		})
	}
	p, err := NewPosition(English, Black, map[Square]Piece{20: WhiteKing})
	if err != nil {
		t.Fatal(err)
	}
	if v, d, ok := db.Probe(&p); !ok || v != Loss || d != 0 {
		t.Fatalf("side to move without pieces: Probe = %v %d %v, want a loss in 0", v, d, ok)
	}
}

func TestBuildEndgameDBRejectsBadRequests(t *testing.T) {
	tests := []struct {
		name      string
		v         *Variant
		maxPieces int
	}{
		{"russian, seven pieces", Russian, 7},
		{"international", International, 3},
		{"one piece", English, 1},
		{"seven pieces", English, 7},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if db, err := BuildEndgameDB(context.Background(), tc.v, tc.maxPieces); err == nil || db != nil {
				t.Fatalf("BuildEndgameDB(%s, %d) = %v, %v; want an error", tc.v.Name, tc.maxPieces, db, err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildEndgameDB(ctx, English, 4); !errors.Is(err, context.Canceled) {
		t.Fatalf("BuildEndgameDB with a cancelled context: %v, want context.Canceled", err)
	}
}

// TestEndgameDBSmallerBuildAgrees: a database built for 3 pieces holds the
// same values as the 4-piece one and does not cover 4 pieces.
func TestEndgameDBSmallerBuildAgrees(t *testing.T) {
	db := fullDB(t)
	small, err := BuildEndgameDB(context.Background(), English, 3)
	if err != nil {
		t.Fatal(err)
	}
	if small.MaxPieces() != 3 || len(small.Classes()) != 16 {
		t.Fatalf("3-piece database: MaxPieces %d, %d classes; want 3 and 16", small.MaxPieces(), len(small.Classes()))
	}
	for _, c := range small.order {
		for i := range c.data {
			if c.data[i] != db.classes[egKey(c.wm, c.wk, c.bm, c.bk)].data[i] {
				p := c.position(i)
				t.Fatalf("%s: 3-piece build %d, 4-piece build %d", p.FEN(), c.data[i], db.classes[egKey(c.wm, c.wk, c.bm, c.bk)].data[i])
			}
		}
	}
	p := mustFEN(t, English, "W:WK15,20:B12,K28")
	if _, _, ok := small.Probe(&p); ok {
		t.Fatal("3-piece database covers a 4-piece position")
	}
}

func TestEndgameIndexRoundTrip(t *testing.T) {
	for i := 0; i < 32; i++ {
		s := Square(i + 1)
		b := bit(int(English.geo.idxOf[s]))
		if egCompress(b) != 1<<i || egExpand(1<<i) != b {
			t.Fatalf("square %d: compress %#x, expand %#x", s, egCompress(b), egExpand(1<<i))
		}
	}
	db := fullDB(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range db.order {
		step := 1
		if c.n > 20000 {
			step = c.n / 20000
		}
		for i := rng.IntN(step); i < c.n; i += step {
			wm, wk, bm, bk := c.unrank(i)
			if j := c.index(wm, wk, bm, bk); j != i {
				t.Fatalf("%s: unrank(%d) indexes back as %d", c.stats.Name(), i, j)
			}
			counts := [4]int{onesCount(wm), onesCount(wk), onesCount(bm), onesCount(bk)}
			if counts != [4]int{c.wm, c.wk, c.bm, c.bk} || (wm|wk)&(bm|bk) != 0 || wm&wk != 0 || bm&bk != 0 ||
				wm&^egWhiteMenOK != 0 || bm&^egBlackMenOK != 0 {
				t.Fatalf("%s: unrank(%d) gives an impossible placement %x %x %x %x", c.stats.Name(), i, wm, wk, bm, bk)
			}
		}
	}
}

func TestEndgameCaptureCheckMatchesHasCapture(t *testing.T) {
	db := fullDB(t)
	rng := rand.New(rand.NewPCG(3, 5))
	for _, c := range db.order {
		for k := 0; k < 2000; k++ {
			p := c.position(rng.IntN(len(c.data)))
			if got, want := egCanCapture(&p), p.HasCapture(); got != want {
				t.Fatalf("%s: egCanCapture %v, HasCapture %v", p.FEN(), got, want)
			}
		}
	}
}

func onesCount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// Reference solver. It shares nothing with the database but the move
// generator: positions are named by a sorted list of (square, piece) codes,
// found by binary search, successors come from LegalMoves and Play, and
// values come from plain value iteration: in sweep t a position is won if a
// successor was found lost in an earlier sweep, lost if every successor was
// found won in an earlier sweep; sweep t finds exactly the positions whose
// distance is t. Whatever is never found is drawn.

type refClass struct {
	keys []uint64 // sorted
	vals []int16  // plies, or -1 for a draw
}

type refSolver struct {
	classes map[[4]int]*refClass
}

func refKey(p *Position) ([4]int, uint64) {
	var cls [4]int
	var key uint64
	for b := p.white | p.black; b != 0; b &= b - 1 {
		s := English.geo.sqOf[lsb(b)]
		pc := p.At(s)
		cls[pc-1]++
		key = key<<8 | uint64(s)<<2 | uint64(pc-1)
	}
	return cls, key<<1 | uint64(p.turn)
}

func refPosition(key uint64) Position {
	p := Position{v: English, turn: Color(key & 1)}
	for key >>= 1; key != 0; key >>= 8 {
		s, pc := Square(key&0xFF>>2), Piece(key&3+1)
		b := bit(int(English.geo.idxOf[s]))
		if pc.Color() == White {
			p.white |= b
		} else {
			p.black |= b
		}
		if pc.IsKing() {
			p.kings |= b
		}
	}
	return p
}

// refEnumerate lists every position of a material class, both sides to
// move, by placing the pieces square by square.
func refEnumerate(cls [4]int) []uint64 {
	var keys []uint64
	var place func(s int, left [4]int, p Position)
	place = func(s int, left [4]int, p Position) {
		if left == [4]int{} {
			for _, turn := range []Color{White, Black} {
				p.turn = turn
				_, k := refKey(&p)
				keys = append(keys, k)
			}
			return
		}
		if s > 32 {
			return
		}
		place(s+1, left, p)
		b := bit(int(English.geo.idxOf[s]))
		for pc := WhiteMan; pc <= BlackKing; pc++ {
			if left[pc-1] == 0 || (pc == WhiteMan && s <= 4) || (pc == BlackMan && s >= 29) {
				continue
			}
			q := p
			if pc.Color() == White {
				q.white |= b
			} else {
				q.black |= b
			}
			if pc.IsKing() {
				q.kings |= b
			}
			l := left
			l[pc-1]--
			place(s+1, l, q)
		}
	}
	place(1, cls, Position{v: English})
	slices.Sort(keys)
	return keys
}

// refSolve solves the classes in the given order; every capture or crowning
// must lead to a class solved before (or to a side without pieces).
func (r *refSolver) solve(t testing.TB, cls [4]int) {
	keys := refEnumerate(cls)
	n := len(keys)
	start := make([]int32, n+1)
	var edges []int32 // >= 0: a position of the class; < 0: -1-exit value (0 draw, else plies+1)
	maxExit := 0
	buf := make([]Move, 0, 64)
	for i, k := range keys {
		p := refPosition(k)
		buf = p.AppendLegalMoves(buf[:0])
		for m := range buf {
			q := p
			q.Play(&buf[m])
			qc, qk := refKey(&q)
			if (q.turn == White && qc[0]+qc[1] == 0) || (q.turn == Black && qc[2]+qc[3] == 0) {
				edges = append(edges, -2) // lost in 0
				continue
			}
			if qc == cls {
				j, found := slices.BinarySearch(keys, qk)
				if !found {
					t.Fatalf("reference: %s not enumerated", q.FEN())
				}
				edges = append(edges, int32(j))
				continue
			}
			rc := r.classes[qc]
			if rc == nil {
				t.Fatalf("reference: %s leads to unsolved class %v", p.FEN(), qc)
			}
			j, found := slices.BinarySearch(rc.keys, qk)
			if !found {
				t.Fatalf("reference: %s not enumerated", q.FEN())
			}
			v := rc.vals[j]
			edges = append(edges, int32(-2-v))
			maxExit = max(maxExit, int(v))
		}
		start[i+1] = int32(len(edges))
	}
	vals := make([]int16, n)
	for i := range vals {
		vals[i] = -1
	}
	for sweep := 0; ; sweep++ {
		changed := false
		for i := range n {
			if vals[i] >= 0 {
				continue
			}
			winAt, lossAt, open := -1, -1, false
			for _, e := range edges[start[i]:start[i+1]] {
				d := -1 // distance of the successor, if found before this sweep
				if e >= 0 {
					if v := vals[e]; v >= 0 && int(v) < sweep {
						d = int(v)
					}
				} else if v := int(-2 - e); v >= 0 && v < sweep {
					d = v
				}
				switch {
				case d < 0:
					open = true
				case d%2 == 0:
					if winAt < 0 || d+1 < winAt {
						winAt = d + 1
					}
				default:
					lossAt = max(lossAt, d+1)
				}
			}
			switch {
			case winAt >= 0:
				vals[i] = int16(winAt)
			case !open:
				vals[i] = int16(max(lossAt, 0))
			default:
				continue
			}
			if int(vals[i]) != sweep {
				p := refPosition(keys[i])
				t.Fatalf("reference: %s found at sweep %d with distance %d", p.FEN(), sweep, vals[i])
			}
			changed = true
		}
		if !changed && sweep > maxExit+1 {
			break
		}
	}
	r.classes[cls] = &refClass{keys: keys, vals: vals}
}

// refOrder lists the material classes of 2..maxPieces pieces, fewest
// pieces first, then fewest men, as the solver needs them.
func refOrder(maxPieces int) [][4]int {
	var out [][4]int
	for total := 2; total <= maxPieces; total++ {
		for a := 0; a <= total; a++ {
			for b := 0; a+b <= total; b++ {
				for c := 0; a+b+c <= total; c++ {
					d := total - a - b - c
					if a+b > 0 && c+d > 0 {
						out = append(out, [4]int{a, b, c, d})
					}
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ti, tj := out[i][0]+out[i][1]+out[i][2]+out[i][3], out[j][0]+out[j][1]+out[j][2]+out[j][3]
		if ti != tj {
			return ti < tj
		}
		return out[i][0]+out[i][2] < out[j][0]+out[j][2]
	})
	return out
}

// TestEndgameDBMatchesReferenceSolver compares every position of every
// class of up to 3 pieces, and of two kings against two kings, with the
// reference solver: same value and same distance. With -egdb.full every
// 4-piece class is compared.
func TestEndgameDBMatchesReferenceSolver(t *testing.T) {
	db := fullDB(t)
	ref := &refSolver{classes: map[[4]int]*refClass{}}
	checked := 0
	for _, cls := range refOrder(4) {
		total := cls[0] + cls[1] + cls[2] + cls[3]
		if total == 4 && !*egdbFull && cls != [4]int{0, 2, 0, 2} {
			continue
		}
		ref.solve(t, cls)
		rc := ref.classes[cls]
		dc := db.classes[egKey(cls[0], cls[1], cls[2], cls[3])]
		if dc == nil || len(dc.data) != len(rc.keys) {
			t.Fatalf("class %v: the reference enumerates %d positions, the database indexes %d", cls, len(rc.keys), len(dc.data))
		}
		for i, k := range rc.keys {
			p := refPosition(k)
			v, d, ok := db.Probe(&p)
			want, wantD := DrawWDL, 0
			if rv := int(rc.vals[i]); rv >= 0 {
				want, wantD = Loss, rv
				if rv%2 == 1 {
					want = Win
				}
			}
			if !ok || v != want || d != wantD {
				t.Fatalf("%s: database %v in %d (ok %v), reference %v in %d", p.FEN(), v, d, ok, want, wantD)
			}
			checked++
		}
	}
	t.Logf("%d positions agree with the reference solver", checked)
}

// checkAgainstMoves verifies the value of p from the values of the
// positions its legal moves lead to: a win in d has a move to a loss in
// d-1 and none to a shorter loss, a loss in d has only moves to wins, the
// longest in d-1, and a draw has no move to a loss and one to a draw.
func checkAgainstMoves(db *EndgameDB, p *Position, buf []Move) error {
	v, d, ok := db.Probe(p)
	if !ok {
		return fmt.Errorf("%s not covered", p.FEN())
	}
	winIn, lossIn, draw := -1, 0, false
	buf = p.AppendLegalMoves(buf[:0])
	for i := range buf {
		q := *p
		q.Play(&buf[i])
		qv, qd, ok := db.Probe(&q)
		if !ok {
			return fmt.Errorf("%s: successor %s not covered", p.FEN(), q.FEN())
		}
		switch qv {
		case Loss:
			if winIn < 0 || qd+1 < winIn {
				winIn = qd + 1
			}
		case DrawWDL:
			draw = true
		default:
			lossIn = max(lossIn, qd+1)
		}
	}
	want, wantD := Loss, lossIn
	switch {
	case winIn >= 0:
		want, wantD = Win, winIn
	case draw:
		want, wantD = DrawWDL, 0
	}
	if v != want || d != wantD {
		return fmt.Errorf("%s: database %v in %d, its moves give %v in %d", p.FEN(), v, d, want, wantD)
	}
	return nil
}

// TestEndgameDBConsistentWithMoves checks a seeded sample of positions of
// every class (every position with -egdb.full) against their moves. Checked
// on every position, together with the reference solver on the smaller
// classes, this proves the database right by induction on the distance.
func TestEndgameDBConsistentWithMoves(t *testing.T) {
	db := fullDB(t)
	rng := rand.New(rand.NewPCG(4, 32))
	buf := make([]Move, 0, 64)
	checked := 0
	for _, c := range db.order {
		samples := min(len(c.data), 3000)
		if *egdbFull {
			samples = len(c.data)
		}
		for k := 0; k < samples; k++ {
			i := k
			if samples < len(c.data) {
				i = rng.IntN(len(c.data))
			}
			p := c.position(i)
			if err := checkAgainstMoves(db, &p, buf); err != nil {
				t.Fatal(err)
			}
			checked++
		}
	}
	t.Logf("%d positions consistent with their moves", checked)
}

// flipColours turns the board round and swaps the colours: the same game
// with the roles exchanged.
func flipColours(p *Position) Position {
	q, _ := NewPosition(p.v, p.turn.Opponent(), nil)
	for s := Square(1); s <= 32; s++ {
		pc := p.At(s)
		if pc == Empty {
			continue
		}
		if err := q.put(33-s, MakePiece(pc.Color().Opponent(), pc.IsKing())); err != nil {
			panic(err)
		}
	}
	return q
}

func TestEndgameDBColourSymmetry(t *testing.T) {
	db := fullDB(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for _, c := range db.order {
		for k := 0; k < 500; k++ {
			p := c.position(rng.IntN(len(c.data)))
			q := flipColours(&p)
			pv, pd, _ := db.Probe(&p)
			qv, qd, ok := db.Probe(&q)
			if !ok || pv != qv || pd != qd {
				t.Fatalf("%s is %v in %d but its mirror %s is %v in %d", p.FEN(), pv, pd, q.FEN(), qv, qd)
			}
		}
	}
}

func TestEndgameDBConcurrentProbe(t *testing.T) {
	db := fullDB(t)
	c := db.classes[egKey(1, 1, 1, 1)]
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for g := range 4 {
		wg.Go(func() {
			buf := make([]Move, 0, 64)
			for i := g; i < len(c.data); i += 997 {
				p := c.position(i)
				if err := checkAgainstMoves(db, &p, buf); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

func TestEndgameClassName(t *testing.T) {
	tests := []struct {
		c    EndgameClass
		want string
	}{
		{EndgameClass{WhiteKings: 2, BlackKings: 1}, "2K v K"},
		{EndgameClass{WhiteMen: 1, WhiteKings: 1, BlackKings: 1}, "K+M v K"},
		{EndgameClass{WhiteMen: 2, BlackMen: 1, BlackKings: 1}, "2M v K+M"},
	}
	for _, tc := range tests {
		if got := tc.c.Name(); got != tc.want {
			t.Errorf("Name() = %q, want %q", got, tc.want)
		}
	}
}

// quietRuns returns, for each class, the longest run of plies without a man
// move or a capture when the winner plays moves that keep the shortest win
// (among them the one whose run is shortest) and the loser plays any move.
func quietRuns(db *EndgameDB) map[*egClass]int {
	out := map[*egClass]int{}
	buf := make([]Move, 0, 64)
	for _, c := range db.order {
		run := make([]uint8, len(c.data))
		byDist := make([][]int32, 256)
		for i, v := range c.data {
			if v != 0 {
				byDist[v] = append(byDist[v], int32(i))
			}
		}
		longest := 0
		for v := range byDist {
			for _, i := range byDist[v] {
				p := c.position(int(i))
				won := v%2 == 0
				best := -1
				buf = p.AppendLegalMoves(buf[:0])
				for k := range buf {
					m := &buf[k]
					q := p
					q.Play(m)
					qv, qd, _ := db.Probe(&q)
					if won && (qv != Loss || qd != v-2) {
						continue
					}
					r := 0
					from := bit(int(English.geo.idxOf[m.From]))
					if !m.IsCapture() && p.kings&from != 0 {
						r = 1 + int(run[c.index(egCompress(q.white&^q.kings), egCompress(q.white&q.kings),
							egCompress(q.black&^q.kings), egCompress(q.black&q.kings))+int(q.turn)*c.n])
					}
					if best < 0 || (won && r < best) || (!won && r > best) {
						best = r
					}
				}
				run[i] = uint8(max(best, 0))
				longest = max(longest, int(run[i]))
			}
		}
		out[c] = longest
	}
	return out
}

func TestEndgameDBReport(t *testing.T) {
	if !*egdbReport {
		t.Skip("figures for the docs: run with -egdb.report")
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	db, err := BuildEndgameDB(context.Background(), English, EndgameBuildPieces)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	runtime.GC()
	var kept runtime.MemStats
	runtime.ReadMemStats(&kept)
	var raw bytes.Buffer
	for _, c := range db.order {
		raw.Write(c.data)
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(raw.Bytes())
	w.Close()
	t.Logf("build %v, tables %d bytes, heap kept %d bytes, allocated %d bytes while building, peak heap %d bytes, deflate %d bytes",
		elapsed, db.Bytes(), kept.HeapAlloc-before.HeapAlloc, after.TotalAlloc-before.TotalAlloc, after.HeapSys, z.Len())
	runs := quietRuns(db)
	total := 0
	for _, c := range db.order {
		s := c.stats
		total += s.Positions
		t.Logf("| %s | %d | %d | %d | %d | %d | `%s` | %d |", s.Name(), s.Positions, s.Wins, s.Draws, s.Losses, s.LongestWin, s.LongestWinFEN, runs[c])
	}
	t.Logf("%d positions", total)
}

func BenchmarkBuildEndgameDB(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BuildEndgameDB(context.Background(), English, EndgameBuildPieces); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEndgameDBProbe(b *testing.B) {
	db := fullDB(b)
	var ps []Position
	for _, fen := range []string{"W:WK15,20:B12,K28", "B:WK22,K23:BK14", "W:W13,25:B3,4", "W:WK1,K5:BK28,K32", "B:WK10:B3"} {
		ps = append(ps, mustFEN(b, English, fen))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, _, ok := db.Probe(&ps[i%len(ps)]); !ok {
			b.Fatal("not covered")
		}
	}
}
