package engine

import "math/bits"

// Move generation. Capturing is compulsory in every variant, so the
// generator first looks for captures and only generates quiet moves when
// there are none; the majority rule is a filter applied while captures are
// collected. Captured pieces stay on the board until the move ends (the
// Turkish strike rule): they block their squares and cannot be jumped twice.

// LegalMoves returns the legal moves of the position. It allocates; use
// AppendLegalMoves with a reused buffer in loops.
func (p *Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, 32))
}

// AppendLegalMoves appends the legal moves of the position to dst and
// returns the extended slice. It allocates nothing when dst has room.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	start := len(dst)
	dst = p.appendCaptures(dst)
	if len(dst) > start {
		return dst
	}
	return p.appendQuiet(dst)
}

// HasCapture reports whether the side to move must capture.
func (p *Position) HasCapture() bool {
	g := p.v.geo
	us, them := p.side(p.turn), p.side(p.turn.Opponent())
	return p.hasCapture(us, them, g.valid&^(p.white|p.black))
}

// hasCapture reports whether a piece of us can capture a piece of them.
func (p *Position) hasCapture(us, them, empty uint64) bool {
	if p.menThatCapture(us&^p.kings, them, empty) != 0 {
		return true
	}
	for k := us & p.kings; k != 0; k &= k - 1 {
		if p.kingCanCapture(lsb(k), them, empty|bit(lsb(k))) {
			return true
		}
	}
	return false
}

// CountMoves returns the number of legal moves; it is faster than
// generating them when there is no capture. buf is scratch space for
// captures and may be nil.
func (p *Position) CountMoves(buf []Move) int {
	buf = p.appendCaptures(buf[:0])
	if len(buf) > 0 {
		return len(buf)
	}
	g := p.v.geo
	us := p.side(p.turn)
	empty := g.valid &^ (p.white | p.black)
	men := us &^ p.kings
	n := 0
	d0 := p.forward()
	for d := d0; d < d0+2; d++ {
		n += bits.OnesCount64(g.shiftDir(men, d) & empty)
	}
	kings := us & p.kings
	if kings == 0 {
		return n
	}
	if !p.v.FlyingKings {
		for d := 0; d < numDirs; d++ {
			n += bits.OnesCount64(g.shiftDir(kings, d) & empty)
		}
		return n
	}
	for ; kings != 0; kings &= kings - 1 {
		i := lsb(kings)
		for d := 0; d < numDirs; d++ {
			for t := g.next[d][i]; t >= 0 && empty&bit(int(t)) != 0; t = g.next[d][t] {
				n++
			}
		}
	}
	return n
}

// forward returns the first of the two forward directions of the side to
// move (the second is the next one).
func (p *Position) forward() int {
	if p.turn == White {
		return dirUpLeft
	}
	return dirDownLeft
}

// menThatCapture returns the men of `men` that have at least one capture.
func (p *Position) menThatCapture(men, them, empty uint64) uint64 {
	if men == 0 {
		return 0
	}
	g := p.v.geo
	d0, d1 := p.forward(), p.forward()+2
	if p.v.MenCaptureBackward {
		d0, d1 = 0, numDirs
	}
	var can uint64
	for d := d0; d < d1; d++ {
		can |= g.back(g.back(empty, d)&them, d) & men
	}
	return can
}

// kingCanCapture reports whether the king on bit i has a capture.
func (p *Position) kingCanCapture(i int, them, empty uint64) bool {
	g := p.v.geo
	for d := 0; d < numDirs; d++ {
		s := int(g.next[d][i])
		if p.v.FlyingKings {
			for s >= 0 && empty&bit(s) != 0 {
				s = int(g.next[d][s])
			}
		}
		if s < 0 || them&bit(s) == 0 {
			continue
		}
		if l := int(g.next[d][s]); l >= 0 && empty&bit(l) != 0 {
			return true
		}
	}
	return false
}

func (p *Position) appendQuiet(dst []Move) []Move {
	g := p.v.geo
	us := p.side(p.turn)
	empty := g.valid &^ (p.white | p.black)
	crown := g.crownRow(p.turn)
	for pieces := us; pieces != 0; pieces &= pieces - 1 {
		i := lsb(pieces)
		from := g.sqOf[i]
		if p.kings&bit(i) == 0 {
			d0 := p.forward()
			for d := d0; d < d0+2; d++ {
				if t := int(g.next[d][i]); t >= 0 && empty&bit(t) != 0 {
					dst = append(dst, Move{From: from, To: g.sqOf[t], Promotes: crown&bit(t) != 0})
				}
			}
			continue
		}
		for d := 0; d < numDirs; d++ {
			for t := int(g.next[d][i]); t >= 0 && empty&bit(t) != 0; t = int(g.next[d][t]) {
				dst = append(dst, Move{From: from, To: g.sqOf[t]})
				if !p.v.FlyingKings {
					break
				}
			}
		}
	}
	return dst
}

// capGen holds the state of a capture search from one piece.
type capGen struct {
	g        *geometry
	v        *Variant
	dst      []Move
	start    int // first capture in dst
	best     int // most pieces captured by a move so far (majority rule)
	from     Square
	crown    uint64
	enemy    uint64 // enemy pieces not captured yet
	empty    uint64 // empty squares; the mover's start square counts as empty
	backward bool   // men capture backward
	fwd      int    // first forward direction of the mover
	promoted bool   // a man was crowned during this capture
	n        int
	capMask  uint64
	path     [MaxCaptures]Square
	caps     [MaxCaptures]Square
}

func (p *Position) appendCaptures(dst []Move) []Move {
	g := p.v.geo
	us, them := p.side(p.turn), p.side(p.turn.Opponent())
	empty := g.valid &^ (p.white | p.black)
	men := p.menThatCapture(us&^p.kings, them, empty)
	kings := us & p.kings
	if men == 0 && kings == 0 {
		return dst
	}
	cg := capGen{g: g, v: p.v, dst: dst, start: len(dst), crown: g.crownRow(p.turn),
		backward: p.v.MenCaptureBackward, fwd: p.forward()}
	for ; men != 0; men &= men - 1 {
		i := lsb(men)
		cg.begin(i, them, empty)
		cg.short(i, false)
	}
	for ; kings != 0; kings &= kings - 1 {
		i := lsb(kings)
		cg.begin(i, them, empty)
		cg.king(i)
	}
	return cg.dst
}

func (cg *capGen) begin(i int, them, empty uint64) {
	cg.from = cg.g.sqOf[i]
	cg.enemy = them
	cg.empty = empty | bit(i)
	cg.n, cg.capMask, cg.promoted = 0, 0, false
}

func (cg *capGen) king(i int) bool {
	if cg.v.FlyingKings {
		return cg.fly(i)
	}
	return cg.short(i, true)
}

// push records the capture of bit c landing on bit l.
func (cg *capGen) push(c, l int) {
	cg.enemy &^= bit(c)
	cg.capMask |= bit(c)
	cg.caps[cg.n] = cg.g.sqOf[c]
	cg.path[cg.n] = cg.g.sqOf[l]
	cg.n++
}

func (cg *capGen) pop(c int) {
	cg.n--
	cg.enemy |= bit(c)
	cg.capMask &^= bit(c)
}

// short continues a capture with a man or a short-range king on bit cur and
// reports whether it found at least one further capture.
func (cg *capGen) short(cur int, isKing bool) bool {
	g := cg.g
	d0, d1 := 0, numDirs
	if !isKing && !cg.backward {
		d0, d1 = cg.fwd, cg.fwd+2
	}
	found := false
	for d := d0; d < d1; d++ {
		c := int(g.next[d][cur])
		if c < 0 || cg.enemy&bit(c) == 0 {
			continue
		}
		l := int(g.next[d][c])
		if l < 0 || cg.empty&bit(l) == 0 {
			continue
		}
		found = true
		cg.push(c, l)
		switch {
		case isKing:
			if !cg.short(l, true) {
				cg.emit(l, false)
			}
		case cg.crown&bit(l) == 0:
			if !cg.short(l, false) {
				cg.emit(l, false)
			}
		case cg.v.Promotion == PromoteEndsMove:
			cg.emit(l, true)
		case cg.v.Promotion == PromoteAndContinue:
			cg.promoted = true
			if !cg.king(l) {
				cg.emit(l, true)
			}
			cg.promoted = false
		default: // PromoteOnlyAtEnd: pass the row as a man
			if !cg.short(l, false) {
				cg.emit(l, true)
			}
		}
		cg.pop(c)
	}
	return found
}

// fly continues a capture with a flying king on bit cur. Where the king can
// land on several squares behind a captured piece, it must choose one from
// which the capture continues, if there is one.
func (cg *capGen) fly(cur int) bool {
	g := cg.g
	found := false
	for d := 0; d < numDirs; d++ {
		c := int(g.next[d][cur])
		for c >= 0 && cg.empty&bit(c) != 0 {
			c = int(g.next[d][c])
		}
		if c < 0 || cg.enemy&bit(c) == 0 {
			continue
		}
		l := int(g.next[d][c])
		if l < 0 || cg.empty&bit(l) == 0 {
			continue
		}
		found = true
		cg.push(c, l)
		cont := false
		for t := l; t >= 0 && cg.empty&bit(t) != 0; t = int(g.next[d][t]) {
			cg.path[cg.n-1] = g.sqOf[t]
			if cg.fly(t) {
				cont = true
			}
		}
		if !cont {
			for t := l; t >= 0 && cg.empty&bit(t) != 0; t = int(g.next[d][t]) {
				cg.path[cg.n-1] = g.sqOf[t]
				cg.emit(t, false)
			}
		}
		cg.pop(c)
	}
	return found
}

// emit adds the capture that ends on bit to, unless the majority rule
// excludes it or the same move (same origin, destination and captured set)
// is already in the list.
func (cg *capGen) emit(to int, promotes bool) {
	if cg.v.MajorityRule {
		if cg.n < cg.best {
			return
		}
		if cg.n > cg.best {
			cg.dst = cg.dst[:cg.start]
			cg.best = cg.n
		}
	}
	dest := cg.g.sqOf[to]
	if cg.n > 1 {
		for i := cg.start; i < len(cg.dst); i++ {
			m := &cg.dst[i]
			if m.capMask == cg.capMask && m.From == cg.from && m.To == dest {
				return
			}
		}
	}
	cg.dst = append(cg.dst, Move{
		From: cg.from, To: dest, Promotes: promotes || cg.promoted,
		nPath: uint8(cg.n), nCap: uint8(cg.n), path: cg.path, caps: cg.caps, capMask: cg.capMask,
	})
}
