package engine

import (
	"errors"
	"fmt"
	"math/bits"
)

// The endgame database holds the exact value of every English checkers
// position with a few pieces: win, loss or draw for the side to move and,
// for wins and losses, the number of plies to the end of the game with best
// play. It is built at run time by retrograde analysis (egdb_build.go) and
// kept in memory as one byte per position.
//
// Index. Positions are grouped by material class (white men, white kings,
// black men, black kings) and side to move. Inside a class a position has a
// perfect combinatorial index (no holes):
//
//	white men   a set of wm squares among 5..32 (a white man never stands on
//	            its crowning row 1..4), ranked r1 in C(28, wm)
//	black men   a set of bm squares among 1..28 not holding a white man,
//	            ranked r2 in C(28 - (white men on 5..28), bm)
//	men index   off[r1] + r2, where off is the running total of those counts
//	white kings wk squares among the 32 - wm - bm empty squares, r3
//	black kings bk squares among the remaining ones, r4
//	index       ((men*C(32-wm-bm, wk)) + r3) * C(32-wm-bm-wk, bk) + r4
//
// Each set is ranked in the colexicographic order of the positions its
// squares have among the squares still allowed: sum of C(c_i, i) for the
// i-th smallest position c_i (i from 1).
//
// Value byte: 0 is a draw; otherwise it is plies+1. The side to move loses
// in an even number of plies (0 when it has no move) and wins in an odd
// number, so the parity of the plies tells a win from a loss.

// EndgameMaxPieces is the largest number of pieces (both sides together) the
// endgame database covers: NewEndgameDB reads the positions of up to
// EndgameBuildPieces from the table shipped in the binary (egdb4.go) and
// adds the five-piece table (egdb5.go); AddSixPieceTable adds a six-piece
// table of the same kind (package engine/egdb6 ships one). BuildEndgameDB
// can build up to EndgameMaxPieces itself (four pieces: about 3 s and 12
// MB; five: about 100 s and 330 MB; six: see docs/endgame-database.md).
const EndgameMaxPieces = 6

// EndgameBuildPieces is the number of pieces whose values NewEndgameDB
// holds in memory with their distances (12 MB, decompressed from the
// shipped table in about 0.1 s).
const EndgameBuildPieces = 4

// Square-order masks of the English board: bit s-1 stands for square s.
const (
	egWhiteMenOK uint32 = 0xFFFFFFF0 // white men never stand on 1..4
	egBlackMenOK uint32 = 0x0FFFFFFF // black men never stand on 29..32
	egMaxPlies          = 254        // longest distance a value byte holds
)

// egBinom[n][k] is the binomial coefficient C(n, k) for n <= 32 and
// k <= EndgameMaxPieces (a read-only table).
var egBinom = func() (t [33][EndgameMaxPieces + 1]int) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= EndgameMaxPieces && k <= n; k++ {
			t[n][k] = t[n-1][k-1]
			if k <= n-1 {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// egCompress turns an English bitboard (internal layout with ghost bits
// after squares 8, 16 and 24) into a square-order mask.
func egCompress(b uint64) uint32 {
	return uint32(b&0xFF | b>>1&0xFF00 | b>>2&0xFF0000 | b>>3&0xFF000000)
}

// egExpand is the inverse of egCompress.
func egExpand(m uint32) uint64 {
	b := uint64(m)
	return b&0xFF | (b&0xFF00)<<1 | (b&0xFF0000)<<2 | (b&0xFF000000)<<3
}

// combRank returns the colexicographic rank of set among the subsets of
// allowed with as many squares (set must lie inside allowed).
func combRank(set, allowed uint32) int {
	r := 0
	for i := 1; set != 0; i++ {
		low := set & -set
		r += egBinom[bits.OnesCount32(allowed&(low-1))][i]
		set &^= low
	}
	return r
}

// combUnrank is the inverse of combRank: the k-square subset of allowed
// with rank r.
func combUnrank(r, k int, allowed uint32) uint32 {
	var set uint32
	c := bits.OnesCount32(allowed)
	for i := k; i > 1; i-- {
		c--
		for egBinom[c][i] > r {
			c--
		}
		r -= egBinom[c][i]
		set |= selectBit(allowed, c)
	}
	if k > 0 {
		set |= selectBit(allowed, r) // C(c, 1) = c
	}
	return set
}

// egSelect8[b][c] is the position of the c-th (from 0) set bit of byte b.
var egSelect8 = func() (t [256][8]uint8) {
	for b := range t {
		c := 0
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				t[b][c] = uint8(i)
				c++
			}
		}
	}
	return t
}()

// selectBit returns the c-th (from 0) lowest set bit of m, which must have
// more than c set bits.
func selectBit(m uint32, c int) uint32 {
	for shift := 0; shift < 32; shift += 8 {
		b := m >> shift & 0xFF
		n := bits.OnesCount32(b)
		if c < n {
			return 1 << (shift + int(egSelect8[b][c]))
		}
		c -= n
	}
	return 0
}

// egClass is the table of one material class, both sides to move.
type egClass struct {
	v              *Variant // English or Russian
	wm, wk, bm, bk int
	off            []int32 // men index of the first black-men set for each r1
	k3, k4         int     // number of white-king and black-king placements
	n              int     // positions per side to move
	data           []uint8 // value bytes: White to move [0,n), Black to move [n,2n)
	stats          EndgameClass
}

// egKeys is the number of egKey values: a side has at most
// EndgameMaxPieces-1 pieces of a kind.
const egKeys = EndgameMaxPieces * EndgameMaxPieces * EndgameMaxPieces * EndgameMaxPieces

func egKey(wm, wk, bm, bk int) int {
	const b = EndgameMaxPieces
	return wm + b*wk + b*b*bm + b*b*b*bk
}

func newEgClass(v *Variant, wm, wk, bm, bk int) *egClass {
	c := &egClass{v: v, wm: wm, wk: wk, bm: bm, bk: bk,
		stats: EndgameClass{WhiteMen: wm, WhiteKings: wk, BlackMen: bm, BlackKings: bk}}
	nw := egBinom[28][wm]
	c.off = make([]int32, nw+1)
	for r1 := 0; r1 < nw; r1++ {
		w := combUnrank(r1, wm, egWhiteMenOK)
		avail := bits.OnesCount32(egBlackMenOK &^ w)
		c.off[r1+1] = c.off[r1] + int32(egBinom[avail][bm])
	}
	men := wm + bm
	c.k3 = egBinom[32-men][wk]
	c.k4 = egBinom[32-men-wk][bk]
	c.n = int(c.off[nw]) * c.k3 * c.k4
	return c
}

// index returns the index of a position of the class from its square-order
// piece masks.
func (c *egClass) index(wmen, wkings, bmen, bkings uint32) int {
	men := int(c.off[combRank(wmen, egWhiteMenOK)]) + combRank(bmen, egBlackMenOK&^wmen)
	free := ^(wmen | bmen)
	r3 := combRank(wkings, free)
	r4 := combRank(bkings, free&^wkings)
	return (men*c.k3+r3)*c.k4 + r4
}

// unrank is the inverse of index.
func (c *egClass) unrank(idx int) (wmen, wkings, bmen, bkings uint32) {
	r4 := idx % c.k4
	idx /= c.k4
	r3 := idx % c.k3
	men := int32(idx / c.k3)
	lo, hi := 0, len(c.off)-1 // off[lo] <= men < off[hi]
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if c.off[mid] <= men {
			lo = mid
		} else {
			hi = mid
		}
	}
	wmen = combUnrank(lo, c.wm, egWhiteMenOK)
	bmen = combUnrank(int(men-c.off[lo]), c.bm, egBlackMenOK&^wmen)
	free := ^(wmen | bmen)
	wkings = combUnrank(r3, c.wk, free)
	bkings = combUnrank(r4, c.bk, free&^wkings)
	return
}

// position returns the position with index i of the table (i < n: White to
// move, else Black to move).
func (c *egClass) position(i int) Position {
	turn := White
	if i >= c.n {
		turn, i = Black, i-c.n
	}
	wm, wk, bm, bk := c.unrank(i)
	return egPosition(c.v, wm, wk, bm, bk, turn)
}

func egPosition(v *Variant, wm, wk, bm, bk uint32, turn Color) Position {
	return Position{v: v, white: egExpand(wm | wk), black: egExpand(bm | bk),
		kings: egExpand(wk | bk), turn: turn}
}

// EndgameClass describes one material class of an EndgameDB. Counts are
// over both sides to move and values are from the side to move's view.
type EndgameClass struct {
	// WhiteMen, WhiteKings, BlackMen and BlackKings are the material.
	WhiteMen, WhiteKings, BlackMen, BlackKings int
	// Positions is the number of positions of the class (both sides to
	// move); Wins, Draws and Losses split them by value.
	Positions, Wins, Draws, Losses int
	// LongestWin is the greatest distance to the end of the game, in plies,
	// of a won position of the class (0 if none is won), and LongestWinFEN
	// is such a position.
	LongestWin    int
	LongestWinFEN string
}

// Name returns a short name of the material such as "2K v K" or
// "K+M v K": White's pieces first.
func (e EndgameClass) Name() string {
	side := func(men, kings int) string {
		part := func(n int, s string) string {
			if n == 1 {
				return s
			}
			return fmt.Sprintf("%d%s", n, s)
		}
		switch {
		case men == 0:
			return part(kings, "K")
		case kings == 0:
			return part(men, "M")
		}
		return part(kings, "K") + "+" + part(men, "M")
	}
	return side(e.WhiteMen, e.WhiteKings) + " v " + side(e.BlackMen, e.BlackKings)
}

// EndgameDB is an exact win/loss/draw database for English checkers
// positions with few pieces (each side at least one). Build it with
// BuildEndgameDB or NewEndgameDB; once built it is read-only and safe to
// probe from many goroutines. It implements Prober.
//
// Values are those of the game without its draw rules: a position is won
// if the side to move can force the capture or blocking of every enemy
// piece, however long it takes. Threefold repetition and the 40-move rule
// are not part of the value (docs/endgame-database.md gives the longest
// wins).
type EndgameDB struct {
	v         *Variant // English or Russian
	maxPieces int
	classes   [egKeys]*egClass                // by egKey
	order     []*egClass                      // in build order
	tables    [EndgameMaxPieces + 1]*eg5Table // win/loss/draw tables by pieces (5, 6), when not built here
}

// NewEndgameDB returns the database of every position of up to
// EndgameBuildPieces pieces for variant v, English or Russian, read from
// the four-piece table shipped in the binary (the same values as
// BuildEndgameDB's), and adds the variant's five-piece table, so that it
// covers five pieces (English six with AddSixPieceTable).
func NewEndgameDB(v *Variant) (*EndgameDB, error) {
	four, five := endgameFourData, endgameFiveData
	switch v {
	case English:
	case Russian:
		four, five = endgameFourRussianData, endgameFiveRussianData
	default:
		return nil, ErrEndgameVariant
	}
	db, err := loadEg4(v, four)
	if err != nil {
		return nil, err
	}
	if err := db.AddFivePieceTable(five); err != nil {
		return nil, err
	}
	return db, nil
}

// AddFivePieceTable adds a five-piece table (the format of egdb5.go) to a
// database built for 4 pieces, which then covers 5.
func (db *EndgameDB) AddFivePieceTable(file []byte) error { return db.addWLD(file, 5) }

// AddSixPieceTable adds a six-piece table (the format of egdb5.go, for six
// pieces) to a database that covers 5 pieces, which then covers 6. The
// table is not copied: file must stay unchanged.
func (db *EndgameDB) AddSixPieceTable(file []byte) error { return db.addWLD(file, 6) }

// addWLD adds the win/loss/draw table of n pieces to a database that
// covers n-1.
func (db *EndgameDB) addWLD(file []byte, n int) error {
	if db.maxPieces != n-1 {
		return fmt.Errorf("endgame database: a %s-piece table needs the %d-piece database, not %d", egPieceWords[n], n-1, db.maxPieces)
	}
	t, err := loadEgWLD(db.v, file, n)
	if err != nil {
		return err
	}
	db.tables[n], db.maxPieces = t, n
	return nil
}

// ErrEndgameVariant is returned when an endgame database is asked for a
// variant other than English checkers.
var ErrEndgameVariant = errors.New("endgame database: only English checkers and Russian draughts are supported")

// MaxPieces returns the largest number of pieces the database covers.
func (db *EndgameDB) MaxPieces() int { return db.maxPieces }

// Variant returns the rule set of the database.
func (db *EndgameDB) Variant() *Variant { return db.v }

// Classes returns the material classes of the database with their counts
// and longest wins, in build order. A database read from the shipped table
// counts them here, on demand (about 20 ms), not when it is read.
func (db *EndgameDB) Classes() []EndgameClass {
	out := make([]EndgameClass, len(db.order))
	for i, c := range db.order {
		out[i] = c.stats
		if c.stats.Positions == 0 {
			out[i] = c.countStats()
		}
	}
	return out
}

// Bytes returns the size of the value tables in bytes (for a five-piece
// table: its compressed size, not counting the cache of blocks in use).
func (db *EndgameDB) Bytes() int {
	n := 0
	for _, c := range db.order {
		n += len(c.data) + 4*len(c.off)
	}
	for _, t := range db.tables {
		if t != nil {
			n += len(t.data) + 4*len(t.offsets)
		}
	}
	return n
}

// Probe returns the value of p for the side to move and, for a win or a
// loss, the number of plies to the end of the game with best play. ok is
// false for another variant, for more pieces than the database holds, and
// for positions that cannot arise (a man on its crowning row, or the side
// that just moved without pieces). A side to move without pieces has lost:
// Loss in 0 plies. Five-piece wins and losses have plies UnknownPlies,
// except where the side to move must capture. Probe allocates nothing
// except when it reads a five-piece block for the first time.
func (db *EndgameDB) Probe(p *Position) (value WDL, plies int, ok bool) {
	if db == nil || p.v != db.v {
		return DrawWDL, 0, false
	}
	if n := popcount(p.white | p.black); n <= EndgameMaxPieces && db.tables[n] != nil {
		t := db.tables[n]
		wm, wk, bm, bk, lost, valid := egSplit(p.white, p.black, p.kings, p.turn)
		switch {
		case lost:
			return Loss, 0, true
		case !valid:
			return DrawWDL, 0, false
		}
		return db.probeWLD(t, p, wm, wk, bm, bk)
	}
	b, ok := db.raw(p.white, p.black, p.kings, p.turn)
	if !ok {
		return DrawWDL, 0, false
	}
	return egDecode(b)
}

// egSplit returns the square-order masks of the men and kings of a
// position given by its internal bitboards. lost is true when the side to
// move has no piece (it has lost); valid is false when the position cannot
// be in a database: a side without pieces, or a man on its crowning row.
func egSplit(white, black, kings uint64, turn Color) (wm, wk, bm, bk uint32, lost, valid bool) {
	wm, wk = egCompress(white&^kings), egCompress(white&kings)
	bm, bk = egCompress(black&^kings), egCompress(black&kings)
	lost = turn == White && wm|wk == 0 || turn == Black && bm|bk == 0
	valid = wm|wk != 0 && bm|bk != 0 && wm&^egWhiteMenOK == 0 && bm&^egBlackMenOK == 0
	return
}

func egDecode(b uint8) (WDL, int, bool) {
	if b == 0 {
		return DrawWDL, 0, true
	}
	plies := int(b) - 1
	if plies%2 == 1 {
		return Win, plies, true
	}
	return Loss, plies, true
}

// raw returns the value byte of a position given by its internal
// bitboards.
func (db *EndgameDB) raw(white, black, kings uint64, turn Color) (uint8, bool) {
	wm, wk, bm, bk, lost, valid := egSplit(white, black, kings, turn)
	if lost {
		return 1, true // no pieces, no move: lost now
	}
	if !valid || bits.OnesCount32(wm|wk|bm|bk) > db.maxPieces {
		return 0, false
	}
	c := db.classes[egKey(bits.OnesCount32(wm), bits.OnesCount32(wk), bits.OnesCount32(bm), bits.OnesCount32(bk))]
	if c == nil || c.data == nil {
		return 0, false
	}
	i := c.index(wm, wk, bm, bk)
	if turn == Black {
		i += c.n
	}
	return c.data[i], true
}
