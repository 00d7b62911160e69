package engine

// Transposition table: buckets of two entries. The first entry of a bucket
// keeps the deepest result (depth-preferred, but an entry from an older
// search may always be replaced); the second is always replaced. A move is
// stored as its origin, destination and captured set, which identify a
// legal move (Move.Same).

const (
	boundExact uint8 = iota + 1
	boundLower       // the score is at least this (fail high)
	boundUpper       // the score is at most this (fail low)
)

type ttEntry struct {
	key     uint64
	capMask uint64
	score   int16
	depth   int8
	bound   uint8
	age     uint8
	from    Square
	to      Square
}

type ttBucket [2]ttEntry

// TT is a transposition table. It is not safe for concurrent use; each
// Searcher owns one.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     uint8
}

// DefaultTTMB is the transposition table size used when none is given.
const DefaultTTMB = 16

// NewTT returns a table of about mb megabytes (at least a few kilobytes),
// rounded down to a power of two buckets.
func NewTT(mb int) *TT {
	if mb <= 0 {
		mb = DefaultTTMB
	}
	const bucketSize = 2 * 32
	n := uint64(mb) << 20 / bucketSize
	size := uint64(1024)
	for size*2 <= n {
		size *= 2
	}
	return &TT{buckets: make([]ttBucket, size), mask: size - 1}
}

// Clear empties the table.
func (t *TT) Clear() {
	clear(t.buckets)
	t.age = 0
}

// newSearch ages the table: entries of earlier searches lose their claim
// to the depth-preferred slot.
func (t *TT) newSearch() { t.age++ }

func (t *TT) probe(key uint64) *ttEntry {
	b := &t.buckets[key&t.mask]
	if b[0].key == key && b[0].bound != 0 {
		return &b[0]
	}
	if b[1].key == key && b[1].bound != 0 {
		return &b[1]
	}
	return nil
}

func (t *TT) store(key uint64, depth int, score int, bound uint8, m *Move) {
	b := &t.buckets[key&t.mask]
	e := &b[1]
	if b[0].key == key || b[0].bound == 0 || b[0].age != t.age || depth >= int(b[0].depth) {
		if b[0].key != key && b[0].bound != 0 && b[0].age == t.age {
			b[1] = b[0] // keep the displaced deep entry in the second slot
		}
		e = &b[0]
	}
	var from, to Square
	var caps uint64
	if m != nil {
		from, to, caps = m.From, m.To, m.capMask
	} else if e.key == key {
		from, to, caps = e.from, e.to, e.capMask // keep the old best move
	}
	*e = ttEntry{key: key, capMask: caps, score: int16(score), depth: int8(depth),
		bound: bound, age: t.age, from: from, to: to}
}

// scoreToTT and scoreFromTT make win scores relative to the node, so that
// a stored "win in n plies" means the same at any depth in the tree.
func scoreToTT(s, ply int) int {
	switch {
	case s > winBound:
		return s + ply
	case s < -winBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > winBound:
		return s - ply
	case s < -winBound:
		return s + ply
	}
	return s
}
