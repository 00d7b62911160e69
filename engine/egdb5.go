package engine

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"
	"sync/atomic"
)

// The five-piece table: the win/loss/draw value of every English position
// with five pieces, made once by BuildEndgameDB (about 100 s and 330 MB) and
// shipped compressed in the binary (egdb5_data.go), because building it at
// run time would take too long. It has no distances: a five-piece win or
// loss is probed with UnknownPlies. A six-piece table (package
// engine/egdb6) has the same layout, with the magic "CTEG6\x01".
//
// Only White-to-move positions are stored: Black to move is the same
// position turned round (square s becomes 33-s) with the colours swapped.
// Positions where White must capture are not stored either: their value is
// that of the best capture, which leads into the four-piece database, so
// the table holds a copy of the value before them ("don't care"), which
// compresses well.
//
// File layout (little endian):
//
//	magic    "CTEG5\x01"
//	classes  uint32 K, then K times: wm, wk, bm, bk (one byte each) and
//	         uint32 n, the number of White-to-move positions of the class
//	blocks   uint32 B, then B+1 uint32 offsets into the data that follows
//	data     B blocks, each the raw DEFLATE stream of eg5Block two-bit codes
//	         (fewer for a class's last block), four to a byte, lowest bits
//	         first: 0 draw, 1 win, 2 loss for White
//
// Every class starts a new block. A block is decompressed on first use and
// kept in a cache of at most eg5CacheBytes (eg6CacheBytes for six
// pieces), emptied when full.

// UnknownPlies is the distance a Prober gives for a win or a loss whose
// length it does not know (five- and six-piece positions of the endgame
// database).
const UnknownPlies = -1

const (
	eg5Block       = 1 << 16  // positions per block
	eg5CacheBytes  = 8 << 20  // decompressed blocks kept at most
	eg6CacheBytes  = 32 << 20 // the same, six pieces
	eg5CodeDraw    = 0
	eg5CodeWin     = 1
	eg5CodeLoss    = 2
	eg5BlockBytes  = eg5Block / 4
	eg5MaxFileSize = 256 << 20
)

// egWLDMagic is the magic of the table of n pieces of variant v
// ("CTEG5\x01" English, "CTRU5\x01" Russian); the four-piece tables use
// it too.
func egWLDMagic(v *Variant, n int) string {
	if v == Russian {
		return fmt.Sprintf("CTRU%d\x01", n)
	}
	return fmt.Sprintf("CTEG%d\x01", n)
}

// eg5Table is the decoded header of a five- or six-piece table and its
// block cache.
type eg5Table struct {
	pieces   int
	cacheMax int64             // bytes of decompressed blocks kept at most
	classes  [egKeys]*eg5Class // by egKey
	offsets  []uint32          // block b is data[offsets[b]:offsets[b+1]]
	data     []byte
	cache    []atomic.Pointer[[]byte]
	cached   atomic.Int64 // bytes held by the cache
	wipe     sync.Mutex
	readers  sync.Pool // flate readers
}

type eg5Class struct {
	*egClass     // the index (its data is not used)
	first    int // number of the class's first block
}

var egPieceWords = [...]string{5: "five", 6: "six"}

// errEgWLD prefixes what is wrong with a table of n pieces.
func errEgWLD(n int, format string, a ...any) error {
	return fmt.Errorf("endgame database: "+egPieceWords[n]+"-piece table: "+format, a...)
}

// loadEgWLD decodes the header of a win/loss/draw table of n pieces (5 or
// 6) of variant v; the blocks are read on demand.
func loadEgWLD(v *Variant, file []byte, n int) (*eg5Table, error) {
	errEg5 := func(format string, a ...any) error { return errEgWLD(n, format, a...) }
	if len(file) > eg5MaxFileSize {
		return nil, errEg5("%d bytes, more than %d", len(file), eg5MaxFileSize)
	}
	magic := egWLDMagic(v, n)
	if !bytes.HasPrefix(file, []byte(magic)) {
		return nil, errEg5("not a %s-piece table of %s (bad magic)", egPieceWords[n], v.Title)
	}
	r := file[len(magic):]
	u32 := func() (int, error) {
		if len(r) < 4 {
			return 0, errEg5("truncated header")
		}
		v := binary.LittleEndian.Uint32(r)
		r = r[4:]
		return int(v), nil
	}
	k, err := u32()
	if err != nil {
		return nil, err
	}
	if k != len(egClassOrder(n)) {
		return nil, errEg5("%d classes, want %d", k, len(egClassOrder(n)))
	}
	t := &eg5Table{pieces: n, cacheMax: eg5CacheBytes}
	if n == 6 {
		t.cacheMax = eg6CacheBytes
	}
	blocks := 0
	for _, want := range egClassOrder(n) {
		if len(r) < 4 {
			return nil, errEg5("truncated header")
		}
		wm, wk, bm, bk := int(r[0]), int(r[1]), int(r[2]), int(r[3])
		r = r[4:]
		if [4]int{wm, wk, bm, bk} != want {
			return nil, errEg5("class %d %d %d %d out of order, want %v", wm, wk, bm, bk, want)
		}
		size, err := u32()
		if err != nil {
			return nil, err
		}
		c := newEgClass(v, wm, wk, bm, bk)
		if size != c.n {
			return nil, errEg5("class %s has %d positions, want %d", c.stats.Name(), size, c.n)
		}
		t.classes[egKey(wm, wk, bm, bk)] = &eg5Class{egClass: c, first: blocks}
		blocks += (size + eg5Block - 1) / eg5Block
	}
	nb, err := u32()
	if err != nil {
		return nil, err
	}
	if nb != blocks {
		return nil, errEg5("%d blocks, want %d", nb, blocks)
	}
	t.offsets = make([]uint32, nb+1)
	for i := range t.offsets {
		v, err := u32()
		if err != nil {
			return nil, err
		}
		t.offsets[i] = uint32(v)
		if i > 0 && t.offsets[i] < t.offsets[i-1] {
			return nil, errEg5("block offsets out of order")
		}
	}
	if int(t.offsets[nb]) != len(r) || t.offsets[0] != 0 {
		return nil, errEg5("blocks take %d bytes, but %d follow the header", t.offsets[nb], len(r))
	}
	t.data = r
	t.cache = make([]atomic.Pointer[[]byte], nb)
	return t, nil
}

// block returns the decompressed codes of block b.
func (t *eg5Table) block(b int) ([]byte, error) {
	if p := t.cache[b].Load(); p != nil {
		return *p, nil
	}
	src := bytes.NewReader(t.data[t.offsets[b]:t.offsets[b+1]])
	var fr io.ReadCloser
	if v := t.readers.Get(); v != nil {
		fr = v.(io.ReadCloser)
		if err := fr.(flate.Resetter).Reset(src, nil); err != nil {
			return nil, errEgWLD(t.pieces, "block %d: %v", b, err)
		}
	} else {
		fr = flate.NewReader(src)
	}
	out := make([]byte, eg5BlockBytes)
	n, err := io.ReadFull(fr, out)
	t.readers.Put(fr)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, errEgWLD(t.pieces, "block %d: %v", b, err)
	}
	out = out[:n]
	if t.cached.Add(int64(n)) > t.cacheMax {
		t.wipe.Lock()
		if t.cached.Load() > t.cacheMax {
			for i := range t.cache {
				t.cache[i].Store(nil)
			}
			t.cached.Store(int64(n))
		}
		t.wipe.Unlock()
	}
	t.cache[b].Store(&out)
	return out, nil
}

// code returns the stored code of the White-to-move position with the
// given square-order masks (t.pieces pieces, no capture for White).
func (t *eg5Table) code(wm, wk, bm, bk uint32) (byte, bool) {
	c := t.classes[egKey(bits.OnesCount32(wm), bits.OnesCount32(wk), bits.OnesCount32(bm), bits.OnesCount32(bk))]
	if c == nil {
		return 0, false
	}
	i := c.index(wm, wk, bm, bk)
	blk, err := t.block(c.first + i/eg5Block)
	if err != nil {
		return 0, false
	}
	j := i % eg5Block
	if j/4 >= len(blk) {
		return 0, false
	}
	return blk[j/4] >> (2 * (j % 4)) & 3, true
}

// probeWLD answers a position of table t (p has t.pieces pieces, each side
// at least one, no man on its crowning row).
func (db *EndgameDB) probeWLD(t *eg5Table, p *Position, wm, wk, bm, bk uint32) (WDL, int, bool) {
	if p.HasCapture() {
		return db.probeCaptures(p)
	}
	if p.turn == Black {
		wm, wk, bm, bk = bits.Reverse32(bm), bits.Reverse32(bk), bits.Reverse32(wm), bits.Reverse32(wk)
	}
	code, ok := t.code(wm, wk, bm, bk)
	if !ok {
		return DrawWDL, 0, false
	}
	switch code {
	case eg5CodeWin:
		return Win, UnknownPlies, true
	case eg5CodeLoss:
		return Loss, UnknownPlies, true
	case eg5CodeDraw:
		return DrawWDL, 0, true
	}
	return DrawWDL, 0, false
}

// eg5Moves holds move buffers for probeCaptures (a local array would
// escape to the heap).
var eg5Moves = sync.Pool{New: func() any { b := make([]Move, 0, 32); return &b }}

// probeCaptures answers a position whose side to move must capture from
// the values after each capture, which have fewer pieces: with their
// distance when they have at most EndgameBuildPieces (a five-piece
// capture position has one), else UnknownPlies.
func (db *EndgameDB) probeCaptures(p *Position) (WDL, int, bool) {
	buf := eg5Moves.Get().(*[]Move)
	defer eg5Moves.Put(buf)
	moves := p.AppendLegalMoves((*buf)[:0])
	*buf = moves
	const unknown = 1 << 20 // UnknownPlies ranks as the longest
	best, bestPlies := Loss, 0
	for i := range moves {
		q := *p
		q.Play(&moves[i])
		v, plies, ok := db.Probe(&q)
		if !ok {
			return DrawWDL, 0, false
		}
		v = -v
		if plies == UnknownPlies {
			plies = unknown
		} else {
			plies++
		}
		switch {
		case v > best:
			best, bestPlies = v, plies
		case v < best:
		case v == Win && plies < bestPlies:
			bestPlies = plies // the quicker win
		case v == Loss && plies > bestPlies:
			bestPlies = plies // the slower loss
		}
	}
	switch {
	case best == DrawWDL:
		bestPlies = 0
	case bestPlies == unknown:
		bestPlies = UnknownPlies
	}
	return best, bestPlies, true
}

// encodeEg5 writes the five-piece table of db, which must hold the solved
// five-piece classes (BuildEndgameDB with 5 pieces).
func encodeEg5(db *EndgameDB) ([]byte, error) { return encodeEgWLD(db, 5) }

// encodeEgWLD writes the table of n pieces of db, which must hold the
// solved classes of n pieces (BuildEndgameDB with n pieces).
func encodeEgWLD(db *EndgameDB, n int) ([]byte, error) {
	var head, body bytes.Buffer
	head.WriteString(egWLDMagic(db.v, n))
	u32 := func(w *bytes.Buffer, v int) {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(v))
		w.Write(b[:])
	}
	order := egClassOrder(n)
	u32(&head, len(order))
	offsets := []int{0}
	fw, err := flate.NewWriter(&body, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	packed := make([]byte, 0, eg5BlockBytes)
	for _, k := range order {
		c := db.classes[egKey(k[0], k[1], k[2], k[3])]
		if c == nil || c.data == nil {
			return nil, errEgWLD(n, "class %v is not built", k)
		}
		head.Write([]byte{byte(k[0]), byte(k[1]), byte(k[2]), byte(k[3])})
		u32(&head, c.n)
		prev := byte(eg5CodeDraw)
		for s := 0; s < c.n; s += eg5Block {
			packed = packed[:0]
			var acc byte
			e := min(s+eg5Block, c.n)
			for i := s; i < e; i++ {
				code := prev
				wm, wk, bm, bk := c.unrank(i)
				if p := egPosition(db.v, wm, wk, bm, bk, White); !egMustCapture(&p) {
					code = eg5CodeDraw
					if v := c.data[i]; v != 0 {
						code = eg5CodeLoss
						if (v-1)%2 == 1 {
							code = eg5CodeWin
						}
					}
				}
				prev = code
				acc |= code << (2 * ((i - s) % 4))
				if (i-s)%4 == 3 || i == e-1 {
					packed = append(packed, acc)
					acc = 0
				}
			}
			fw.Reset(&body)
			if _, err := fw.Write(packed); err != nil {
				return nil, err
			}
			if err := fw.Close(); err != nil {
				return nil, err
			}
			offsets = append(offsets, body.Len())
		}
	}
	u32(&head, len(offsets)-1)
	for _, o := range offsets {
		u32(&head, o)
	}
	head.Write(body.Bytes())
	return head.Bytes(), nil
}
