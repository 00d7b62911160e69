package engine

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
)

// Pattern tables: the evaluation of the formations of the pieces on an 8x8
// board.
//
// The board is covered by overlapping windows of 4x4 squares (each holds
// eight playable squares: two in each of four rows): nine of them, at the
// corners, the edges' middles and the centre (the tables shipped for
// English and Russian), or fifteen, one every row. The contents of a window - each
// square empty, White's or Black's (a king counts as its side's piece,
// like a man) - make an index of 3^8 = 6561, and a table gives each index
// a value in centi-men for White, one table for the opening (24 pieces on
// the board) and one for the ending (none), mixed by the number of pieces.
// The tables are fitted to the results of self-play games
// (patterns_tune_test.go) and are symmetric: a window's value for White is
// minus the value, for Black, of the same formation turned half a turn
// with the colours swapped. Positions with kings only are left to the
// evaluation's own rules.

const (
	patMaxWindows = 15   // windows on every row (3 across, 5 down)
	patIndices    = 6561 // 3^8
	patMen        = 24   // men at the start of an 8x8 game
)

// patternTables holds the two tables of every window. The tables come in
// two layouts: nine windows (a window every second row, step 2: the
// corners, the edges' middles and the centre) or fifteen (one every row,
// step 1).
type patternTables struct {
	n               int // windows: 9 or 15
	opening, ending [patMaxWindows][patIndices]int16
	// packed holds both: opening<<16 + ending, so that one load fetches
	// both and the windows add up without the halves spilling (each
	// half's sum stays well inside 16 bits)
	packed [patMaxWindows][patIndices]int32
	// shift[w] is the shift that brings window w's first square to bit 0
	// of the compressed board (see value)
	shift [patMaxWindows]uint8
}

// newPatternTables returns empty tables of n windows (9 or 15).
func newPatternTables(n int) *patternTables {
	t := &patternTables{n: n}
	for w := range n {
		// the window's first square, on the board without its ghost bits
		t.shift[w] = uint8(bits.TrailingZeros32(egCompress(1 << patBase(patStepOf(n), w, 0))))
	}
	return t
}

// patStepOf is the step between rows of windows of the n-window layout.
func patStepOf(n int) int {
	if n == patMaxWindows {
		return 1
	}
	return 2
}

// pack fills t.packed from the two tables.
func (t *patternTables) pack() {
	for w := range t.n {
		for i := range patIndices {
			t.packed[w][i] = int32(t.opening[w][i])<<16 + int32(t.ending[w][i])
		}
	}
}

// patBase returns the bit index of the first of the two squares of window
// w in its row r, in the layout with the given step (English geometry:
// four squares a row, a ghost bit after every second row). Window w covers
// rows step*(w/3) .. step*(w/3)+3 and the squares w%3, w%3+1 of each row.
func patBase(step, w, r int) uint8 {
	row := step*(w/3) + r
	return uint8(row*4 + row/2 + w%3)
}

// patTern[x] is the 8-bit set x read as a base-3 number of 0s and 1s.
var patTern = func() (t [256]uint16) {
	for x := range 256 {
		v, p := 0, 1
		for j := range 8 {
			if x>>j&1 != 0 {
				v += p
			}
			p *= 3
		}
		t[x] = uint16(v)
	}
	return
}()

// patBits gathers the eight squares of window w (layout step) from the
// set b.
func patBits(b uint64, step, w int) uint {
	return uint(b>>patBase(step, w, 0)&3 | (b>>patBase(step, w, 1)&3)<<2 |
		(b>>patBase(step, w, 2)&3)<<4 | (b>>patBase(step, w, 3)&3)<<6)
}

// patIndex is the index of window w (layout step): White's pieces count 1,
// Black's 2.
func patIndex(wm, bm uint64, step, w int) int {
	return int(patTern[patBits(wm, step, w)]) + 2*int(patTern[patBits(bm, step, w)])
}

// value returns the tables' sum for White; white and black are the sides'
// pieces.
func (t *patternTables) value(white, black uint64) int {
	// White's pieces in the low half of z, Black's in the high half, in
	// square order: row r is bits 4r..4r+3 of each half
	z := uint64(egCompress(white)) | uint64(egCompress(black))<<32
	var sum int32
	for w := range t.n {
		x := z >> t.shift[w] & 0x3333_0000_3333 // two squares of each of four rows
		x = (x | x>>2) & 0x0F0F_0000_0F0F
		x = (x | x>>4) & 0x00FF_0000_00FF
		sum += t.packed[w][int(patTern[x&0xFF])+2*int(patTern[x>>32&0xFF])]
	}
	e := int(int16(sum))
	o := int((sum - int32(e)) >> 16)
	n := bits.OnesCount64(white | black)
	return (o*n + e*(patMen-n)) / patMen
}

// patTurned maps an index to the index of the same window contents turned
// half a turn with the colours swapped (the eight squares in reverse
// order, 1 and 2 exchanged); the window it then describes is n-1-w of n.
func patTurned(i int) int {
	out := 0
	for range 8 {
		d := i % 3
		i /= 3
		if d != 0 {
			d = 3 - d
		}
		out = out*3 + d
	}
	return out
}

// encodePatterns writes the tables as zlib-compressed little-endian int16s:
// the opening tables of the windows in order, then the ending tables (the
// number of windows follows from the size).
func encodePatterns(t *patternTables) []byte {
	var raw bytes.Buffer
	binary.Write(&raw, binary.LittleEndian, t.opening[:t.n])
	binary.Write(&raw, binary.LittleEndian, t.ending[:t.n])
	var out bytes.Buffer
	z, _ := zlib.NewWriterLevel(&out, zlib.BestCompression)
	z.Write(raw.Bytes())
	z.Close()
	return out.Bytes()
}

// decodePatterns reads what encodePatterns wrote.
func decodePatterns(b []byte) (*patternTables, error) {
	z, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("pattern tables: %w", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		return nil, fmt.Errorf("pattern tables: %w", err)
	}
	per := 2 * 2 * patIndices // bytes a window: two tables of int16s
	n := len(raw) / per
	if len(raw)%per != 0 || (n != 9 && n != patMaxWindows) {
		return nil, fmt.Errorf("pattern tables: %d bytes, want %d (9 windows) or %d (15)", len(raw), 9*per, patMaxWindows*per)
	}
	t := newPatternTables(n)
	r := bytes.NewReader(raw)
	binary.Read(r, binary.LittleEndian, t.opening[:n])
	binary.Read(r, binary.LittleEndian, t.ending[:n])
	for w := range n {
		for i := range patIndices {
			if abs(int(t.opening[w][i])) > 2000 || abs(int(t.ending[w][i])) > 2000 {
				return nil, fmt.Errorf("pattern tables: value out of range in window %d", w)
			}
		}
	}
	t.pack()
	return t, nil
}
