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
	if p.HasCapture() {
		return p.appendCaptures(dst)
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
// generating them. buf is scratch space for captures and may be nil; its
// contents afterwards are not moves.
func (p *Position) CountMoves(buf []Move) int {
	g := p.v.geo
	us, them := p.side(p.turn), p.side(p.turn.Opponent())
	empty := g.valid &^ (p.white | p.black)
	if p.hasCapture(us, them, empty) {
		return p.countCaptures(buf, us, them, empty)
	}
	men := us &^ p.kings
	d0 := p.forward()
	n := bits.OnesCount64(g.step(men, d0)&empty) + bits.OnesCount64(g.step(men, d0+1)&empty)
	if kings := us & p.kings; kings != 0 {
		n += p.kingSteps(kings, empty)
	}
	return n
}

// kingSteps counts the quiet moves of kings to empty squares: one step
// in each direction for short kings, every empty square of each ray for
// flying ones.
func (p *Position) kingSteps(kings, empty uint64) int {
	g := p.v.geo
	n := 0
	for d := 0; d < numDirs; d++ {
		t := g.step(kings, d) & empty
		if !p.v.FlyingKings {
			n += bits.OnesCount64(t)
			continue
		}
		// Every bit of the fill is one (king, distance) pair: a king
		// behind another is blocked by it, so the rays never merge.
		for ; t != 0; t = g.step(t, d) & empty {
			n += bits.OnesCount64(t)
		}
	}
	return n
}

// countCaptures counts the legal captures. A man's jump after which it
// cannot jump again is one move of its own (no other sequence has the same
// single captured piece), so men all of whose jumps end at once are counted
// with bitboards; the other men and the kings go through the full search.
func (p *Position) countCaptures(buf []Move, us, them, empty uint64) int {
	g := p.v.geo
	men, kings := us&^p.kings, us&p.kings
	d0, d1 := p.forward(), p.forward()+2
	if p.v.MenCaptureBackward {
		d0, d1 = 0, numDirs
	}
	crown := g.crownRow(p.turn)
	// can[e]: squares from which a man has a piece of them to jump in
	// direction e. From the landing square of a jump in direction d, the
	// captured piece and the origin lie in the opposite direction, so for
	// every other direction the board of the first jump gives the answer.
	var can [numDirs]uint64
	for e := d0; e < d1; e++ {
		o := opposite(e)
		can[e&3] = g.step(g.step(empty, o)&them, o)
	}
	var slow uint64 // men with a jump after which they can jump again
	n := 0
	for pass := 0; pass < 2; pass++ {
		for d := d0; d < d1; d++ {
			o := opposite(d)
			jumpers := can[d&3] & men &^ slow
			if jumpers == 0 {
				continue
			}
			lands := g.step(g.step(jumpers, d), d)
			var cont uint64
			for e := d0; e < d1; e++ {
				if e != o {
					cont |= can[e&3]
				}
			}
			switch p.v.Promotion {
			case PromoteEndsMove:
				cont &^= crown
			case PromoteAndContinue:
				cont |= crown // crowned mid-capture: let the full search decide
			}
			if pass == 0 {
				slow |= g.step(g.step(lands&cont, o), o)
			} else {
				n += bits.OnesCount64(lands &^ cont)
			}
		}
	}
	if p.v.MajorityRule {
		if slow == 0 && !p.kingsCanCapture(kings, them, empty) {
			return n // every capture takes one piece
		}
		return len(p.captures(buf[:0], true, men, kings))
	}
	if slow|kings != 0 {
		n += len(p.captures(buf[:0], true, slow, kings))
	}
	return n
}

func (p *Position) kingsCanCapture(kings, them, empty uint64) bool {
	for ; kings != 0; kings &= kings - 1 {
		i := lsb(kings)
		if p.kingCanCapture(i, them, empty|bit(i)) {
			return true
		}
	}
	return false
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
		e := opposite(d)
		can |= g.step(g.step(empty, e)&them, e) & men
	}
	return can
}

// kingCanCapture reports whether the king on bit i has a capture.
func (p *Position) kingCanCapture(i int, them, empty uint64) bool {
	g := p.v.geo
	k := bit(i)
	for d := 0; d < numDirs; d++ {
		t := g.step(k, d)
		if p.v.FlyingKings {
			for t&empty != 0 {
				t = g.step(t, d)
			}
		}
		if t&them != 0 && g.step(t, d)&empty != 0 {
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

// capGen holds the state of a capture search from one piece. Squares are
// single-bit masks; see geometry.rot for why one step is a rotation.
type capGen struct {
	dst       []Move
	sqOf      *[64]Square
	rot       [numDirs]int
	start     int // first capture in dst
	best      int // most pieces captured by a move so far (majority rule)
	n         int
	from      Square
	count     bool // only From, To and capMask of dst entries are filled
	flying    bool
	backward  bool // men capture backward
	majority  bool
	promoted  bool // a man was crowned during this capture
	promotion CapturePromotion
	fwd       int // first forward direction of the mover
	crown     uint64
	enemy     uint64 // enemy pieces not captured yet
	empty     uint64 // empty squares; the mover's start square counts as empty
	capMask   uint64
	path      [MaxCaptures]Square
	caps      [MaxCaptures]Square
}

func (p *Position) appendCaptures(dst []Move) []Move {
	us := p.side(p.turn)
	return p.captures(dst, false, us&^p.kings, us&p.kings)
}

// captures appends the legal captures of the given men and kings to dst.
// With count set the entries are filled only as far as needed to tell
// duplicates apart.
func (p *Position) captures(dst []Move, count bool, men, kings uint64) []Move {
	g := p.v.geo
	them := p.side(p.turn.Opponent())
	empty := g.valid &^ (p.white | p.black)
	men = p.menThatCapture(men, them, empty)
	if men == 0 && kings == 0 {
		return dst
	}
	cg := capGen{dst: dst, sqOf: &g.sqOf, rot: g.rot, start: len(dst), count: count,
		flying: p.v.FlyingKings, backward: p.v.MenCaptureBackward, majority: p.v.MajorityRule,
		promotion: p.v.Promotion, fwd: p.forward(), crown: g.crownRow(p.turn)}
	for ; men != 0; men &= men - 1 {
		b := men & -men
		cg.begin(b, them, empty)
		cg.short(b, false)
	}
	for ; kings != 0; kings &= kings - 1 {
		b := kings & -kings
		cg.begin(b, them, empty)
		cg.king(b)
	}
	return cg.dst
}

func (cg *capGen) begin(b, them, empty uint64) {
	cg.from = cg.sq(b)
	cg.enemy = them
	cg.empty = empty | b
	cg.n, cg.capMask, cg.promoted = 0, 0, false
}

func (cg *capGen) sq(b uint64) Square { return cg.sqOf[bits.TrailingZeros64(b)&63] }

func (cg *capGen) king(b uint64) bool {
	if cg.flying {
		return cg.fly(b)
	}
	return cg.short(b, true)
}

// push records the capture of c landing on l.
func (cg *capGen) push(c, l uint64) {
	cg.enemy &^= c
	cg.capMask |= c
	n := cg.n % MaxCaptures
	cg.caps[n] = cg.sq(c)
	cg.path[n] = cg.sq(l)
	cg.n++
}

func (cg *capGen) pop(c uint64) {
	cg.n--
	cg.enemy |= c
	cg.capMask &^= c
}

// short continues a capture with a man or a short-range king on cur and
// reports whether it found at least one further capture.
func (cg *capGen) short(cur uint64, isKing bool) bool {
	d0, d1 := 0, numDirs
	if !isKing && !cg.backward {
		d0, d1 = cg.fwd, cg.fwd+2
	}
	found := false
	for d := d0; d < d1; d++ {
		r := cg.rot[d&3]
		c := bits.RotateLeft64(cur, r) & cg.enemy
		if c == 0 {
			continue
		}
		l := bits.RotateLeft64(c, r) & cg.empty
		if l == 0 {
			continue
		}
		found = true
		cg.push(c, l)
		switch {
		case isKing:
			if !cg.short(l, true) {
				cg.emit(l, false)
			}
		case cg.crown&l == 0:
			if !cg.short(l, false) {
				cg.emit(l, false)
			}
		case cg.promotion == PromoteEndsMove:
			cg.emit(l, true)
		case cg.promotion == PromoteAndContinue:
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

// fly continues a capture with a flying king on cur. Where the king can
// land on several squares behind a captured piece, it must choose one from
// which the capture continues, if there is one.
func (cg *capGen) fly(cur uint64) bool {
	found := false
	for d := 0; d < numDirs; d++ {
		r := cg.rot[d]
		c := bits.RotateLeft64(cur, r)
		for c&cg.empty != 0 {
			c = bits.RotateLeft64(c, r)
		}
		if c&cg.enemy == 0 {
			continue
		}
		l := bits.RotateLeft64(c, r) & cg.empty
		if l == 0 {
			continue
		}
		found = true
		cg.push(c, l)
		last := (cg.n - 1) % MaxCaptures
		cont := false
		for t := l; t&cg.empty != 0; t = bits.RotateLeft64(t, r) {
			cg.path[last] = cg.sq(t)
			if cg.fly(t) {
				cont = true
			}
		}
		if !cont {
			for t := l; t&cg.empty != 0; t = bits.RotateLeft64(t, r) {
				cg.path[last] = cg.sq(t)
				cg.emit(t, false)
			}
		}
		cg.pop(c)
	}
	return found
}

// emit adds the capture that ends on to, unless the majority rule excludes
// it or the same move (same origin, destination and captured set) is
// already in the list.
func (cg *capGen) emit(to uint64, promotes bool) {
	if cg.majority {
		if cg.n < cg.best {
			return
		}
		if cg.n > cg.best {
			cg.dst = cg.dst[:cg.start]
			cg.best = cg.n
		}
	}
	dest := cg.sq(to)
	if cg.n > 1 {
		for i := cg.start; i < len(cg.dst); i++ {
			m := &cg.dst[i]
			if m.capMask == cg.capMask && m.From == cg.from && m.To == dest {
				return
			}
		}
	}
	if cg.count {
		if len(cg.dst) < cap(cg.dst) {
			cg.dst = cg.dst[:len(cg.dst)+1]
		} else {
			cg.dst = append(cg.dst, Move{})
		}
		m := &cg.dst[len(cg.dst)-1]
		m.From, m.To, m.capMask = cg.from, dest, cg.capMask
		return
	}
	cg.dst = append(cg.dst, Move{
		From: cg.from, To: dest, Promotes: promotes || cg.promoted,
		nPath: uint8(cg.n), nCap: uint8(cg.n), path: cg.path, caps: cg.caps, capMask: cg.capMask,
	})
}
