package engine

// MaxCaptures is the greatest number of pieces one move can capture (all 20
// pieces of a side on a 10x10 board).
const MaxCaptures = 20

// Move is one legal move: a step, or a whole capture sequence. Moves are
// plain values without pointers; generating them allocates nothing.
type Move struct {
	// From is the square the piece starts on; To is where it ends.
	From, To Square
	// Promotes is true when the move crowns a man.
	Promotes bool

	nPath, nCap uint8
	path        [MaxCaptures]Square // landing squares of a capture, To last
	caps        [MaxCaptures]Square // captured squares, in capture order
	capMask     uint64              // captured squares as bit indexes
}

// IsCapture reports whether the move captures.
func (m *Move) IsCapture() bool { return m.nCap > 0 }

// NumCaptured returns how many pieces the move captures.
func (m *Move) NumCaptured() int { return int(m.nCap) }

// Captured returns the captured squares in the order they are jumped.
func (m *Move) Captured() []Square { return m.caps[:m.nCap:m.nCap] }

// Path returns the squares the piece lands on after From, To last. A quiet
// move's path is just To.
func (m *Move) Path() []Square {
	if m.nPath == 0 {
		return []Square{m.To}
	}
	return m.path[:m.nPath:m.nPath]
}

// Same reports whether two moves are the same move: same origin,
// destination and set of captured pieces (the order of capture and the
// landing squares on the way do not matter, as in published perft counts).
func (m *Move) Same(o *Move) bool {
	return m.From == o.From && m.To == o.To && m.capMask == o.capMask
}
