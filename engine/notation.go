package engine

import (
	"strconv"
	"strings"
)

// Notation chooses how squares are written.
type Notation uint8

const (
	// Numeric writes squares as numbers: 11-15, 22x15.
	Numeric Notation = iota
	// AlgebraicNotation writes squares as a1..h8, captures with a colon:
	// c3-d4, c3:e5 (as Russian players do).
	AlgebraicNotation
)

// MoveString returns m in PDN: `11-15` for a step, `22x15` for a capture,
// and the full path `22x15x8` only when another legal move of p has the same
// origin and destination. With AlgebraicNotation: `c3-d4`, `c3:e5`.
func (p *Position) MoveString(m *Move, n Notation) string {
	full := false
	if m.IsCapture() {
		var buf [64]Move
		for _, o := range p.AppendLegalMoves(buf[:0]) {
			if o.From == m.From && o.To == m.To && !o.Same(m) {
				full = true
				break
			}
		}
	}
	return p.v.formatMove(m, n, full)
}

// LongMoveString returns m with every landing square: `22x15x8`.
func (p *Position) LongMoveString(m *Move, n Notation) string {
	return p.v.formatMove(m, n, true)
}

func (v *Variant) formatMove(m *Move, n Notation, full bool) string {
	sq := func(s Square) string {
		if n == AlgebraicNotation {
			return v.AlgebraicSquare(s)
		}
		return strconv.Itoa(int(s))
	}
	sep := "-"
	if m.IsCapture() {
		sep = "x"
		if n == AlgebraicNotation {
			sep = ":"
		}
	}
	var sb strings.Builder
	sb.WriteString(sq(m.From))
	if full && m.IsCapture() {
		for _, s := range m.Path() {
			sb.WriteString(sep)
			sb.WriteString(sq(s))
		}
		return sb.String()
	}
	sb.WriteString(sep)
	sb.WriteString(sq(m.To))
	return sb.String()
}
