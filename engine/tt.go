package engine

import "sync/atomic"

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

// ttEntry is one entry as the search reads it: a copy, decoded.
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

// ttSlot stores an entry in three words that are read and written
// atomically, so that several searches can share a table (Lazy SMP). The
// first word is the key XOR the other two: an entry torn by two writers
// fails that check and reads as empty.
type ttSlot struct {
	check, caps, data atomic.Uint64
}

type ttBucket [2]ttSlot

// TT is a transposition table. It is safe for concurrent use: the searches
// of one Searcher's threads share it.
type TT struct {
	buckets []ttBucket
	mask    uint64
	age     atomic.Uint32
}

// DefaultTTMB is the transposition table size used when none is given.
const DefaultTTMB = 16

// NewTT returns a table of about mb megabytes (at least a few kilobytes),
// rounded down to a power of two buckets.
func NewTT(mb int) *TT {
	if mb <= 0 {
		mb = DefaultTTMB
	}
	const bucketSize = 2 * 24
	n := uint64(mb) << 20 / bucketSize
	size := uint64(1024)
	for size*2 <= n {
		size *= 2
	}
	return &TT{buckets: make([]ttBucket, size), mask: size - 1}
}

// Clear empties the table (no search may be using it).
func (t *TT) Clear() {
	clear(t.buckets)
	t.age.Store(0)
}

// newSearch ages the table: entries of earlier searches lose their claim
// to the depth-preferred slot.
func (t *TT) newSearch() { t.age.Add(1) }

func packTT(score int16, depth int8, bound, age uint8, from, to Square) uint64 {
	return uint64(uint16(score)) | uint64(uint8(depth))<<16 | uint64(bound)<<24 |
		uint64(age)<<32 | uint64(from)<<40 | uint64(to)<<48
}

// load decodes slot s; ok is false for an empty or torn slot.
func (s *ttSlot) load() (e ttEntry, ok bool) {
	data, caps, check := s.data.Load(), s.caps.Load(), s.check.Load()
	if data == 0 {
		return e, false
	}
	e = ttEntry{key: check ^ caps ^ data, capMask: caps, score: int16(uint16(data)),
		depth: int8(uint8(data >> 16)), bound: uint8(data >> 24), age: uint8(data >> 32),
		from: Square(data >> 40), to: Square(data >> 48)}
	return e, e.bound != 0
}

func (s *ttSlot) put(e *ttEntry) {
	data := packTT(e.score, e.depth, e.bound, e.age, e.from, e.to)
	s.data.Store(data)
	s.caps.Store(e.capMask)
	s.check.Store(e.key ^ e.capMask ^ data)
}

// probe copies the entry of key into *e and reports whether there is one.
func (t *TT) probe(key uint64, e *ttEntry) bool {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if x, ok := b[i].load(); ok && x.key == key {
			*e = x
			return true
		}
	}
	return false
}

func (t *TT) store(key uint64, depth int, score int, bound uint8, m *Move) {
	b := &t.buckets[key&t.mask]
	age := uint8(t.age.Load())
	e0, ok0 := b[0].load()
	slot := &b[1]
	old, okOld := b[1].load()
	if !ok0 || e0.key == key || e0.age != age || depth >= int(e0.depth) {
		if ok0 && e0.key != key && e0.age == age {
			b[1].put(&e0) // keep the displaced deep entry in the second slot
		}
		slot, old, okOld = &b[0], e0, ok0
	}
	var from, to Square
	var caps uint64
	if m != nil {
		from, to, caps = m.From, m.To, m.capMask
	} else if okOld && old.key == key {
		from, to, caps = old.from, old.to, old.capMask // keep the old best move
	}
	slot.put(&ttEntry{key: key, capMask: caps, score: int16(score), depth: int8(depth),
		bound: bound, age: age, from: from, to: to})
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
