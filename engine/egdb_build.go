package engine

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
)

// Building the endgame database: classes are solved one at a time, fewest
// pieces first and, among classes with as many pieces, fewest men first, so
// that every capture and every crowning leads into a class that is already
// solved. Inside a class only quiet moves that do not crown stay in the
// class; those are undone by the predecessor generator (unmove) below.
//
// One class, both sides to move, is solved in three steps:
//
//  1. Every position is generated once with the ordinary move generator.
//     Moves that leave the class (captures, crownings) are looked up in the
//     solved classes; moves that stay in it are only counted.
//  2. Values are fixed level by level, in increasing distance n: a position
//     whose own exits or a successor lost at n-1 give a win is won at n; a
//     position whose last undecided successor turns out won at n-1, with no
//     exit that draws or wins, is lost at max(n, longest exit loss).
//     Fixing a position at level n walks its predecessors in the class:
//     a loss makes each of them a win at n+1, a win takes one from their
//     count of undecided successors.
//  3. Whatever is left undecided is a draw.

const egBlocked = 255 // exitLoss: an exit draws or wins, so no loss

// BuildEndgameDB builds the database of every English checkers position with
// 2 to maxPieces pieces (maxPieces at most EndgameMaxPieces). It checks ctx
// between batches of positions and returns ctx.Err() when it is cancelled.
func BuildEndgameDB(ctx context.Context, v *Variant, maxPieces int) (*EndgameDB, error) {
	if v != English && v != Russian {
		return nil, ErrEndgameVariant
	}
	if maxPieces < 2 || maxPieces > EndgameMaxPieces {
		return nil, fmt.Errorf("endgame database: %d pieces asked, but it is built for 2 to %d pieces", maxPieces, EndgameMaxPieces)
	}
	db := &EndgameDB{v: v, maxPieces: maxPieces}
	b := &egBuilder{db: db, ctx: ctx, moves: make([]Move, 0, 64)}
	if err := db.addClasses(b.solve); err != nil {
		return nil, err
	}
	return db, nil
}

// addClasses makes the classes of 2 to db.maxPieces pieces in solving order
// and adds each to db once fill has given it its values.
func (db *EndgameDB) addClasses(fill func(c *egClass) error) error {
	for total := 2; total <= db.maxPieces; total++ {
		for _, k := range egClassOrder(total) {
			c := newEgClass(db.v, k[0], k[1], k[2], k[3])
			if err := fill(c); err != nil {
				return err
			}
			db.classes[egKey(k[0], k[1], k[2], k[3])] = c
			db.order = append(db.order, c)
		}
	}
	return nil
}

// egClassOrder lists the material classes (white men, white kings, black
// men, black kings) of total pieces, each side with at least one, in the
// order they are solved: fewer men first, so that a crowning leads into a
// class already solved.
func egClassOrder(total int) [][4]int {
	var out [][4]int
	for men := 0; men <= total; men++ {
		for white := 1; white < total; white++ {
			for wm := 0; wm <= white && wm <= men; wm++ {
				wk, bm := white-wm, men-wm
				bk := total - white - bm
				if bm > total-white || bk < 0 {
					continue
				}
				out = append(out, [4]int{wm, wk, bm, bk})
			}
		}
	}
	return out
}

type egBuilder struct {
	db       *EndgameDB
	ctx      context.Context
	c        *egClass
	cnt      []uint8 // in-class successors not yet known to be won
	exitLoss []uint8 // longest loss through an exit (plies+1), or egBlocked
	top      int     // greatest value byte set so far in the class
	moves    []Move  // captures of the position being classified
	steps    int
}

// tick checks for cancellation every few thousand positions.
func (b *egBuilder) tick() error {
	b.steps++
	if b.steps&0x3FFF == 0 {
		return b.ctx.Err()
	}
	return nil
}

// set gives position i the value byte v (plies+1): final if v is the level
// being processed, otherwise a candidate that can still become a shorter
// win.
func (b *egBuilder) set(i, v int) error {
	if v-1 > egMaxPlies {
		p := b.c.position(i)
		return fmt.Errorf("endgame database: %s ends in over %d plies", p.FEN(), egMaxPlies)
	}
	b.c.data[i] = uint8(v)
	b.top = max(b.top, v)
	return nil
}

func (b *egBuilder) solve(c *egClass) error {
	if err := b.ctx.Err(); err != nil {
		return err
	}
	b.c = c
	total := 2 * c.n
	c.data = make([]uint8, total)
	if cap(b.cnt) < total {
		b.cnt = make([]uint8, total)
		b.exitLoss = make([]uint8, total)
	}
	b.cnt, b.exitLoss = b.cnt[:total], b.exitLoss[:total]
	b.top = 0
	for i := 0; i < total; i += c.k4 {
		if err := b.tick(); err != nil {
			return err
		}
		// The black kings vary fastest: unrank the rest once per block.
		turn, j := White, i
		if i >= c.n {
			turn, j = Black, i-c.n
		}
		wm, wk, bm, _ := c.unrank(j)
		free := ^(wm | bm | wk)
		for r4 := 0; r4 < c.k4; r4++ {
			p := egPosition(c.v, wm, wk, bm, combUnrank(r4, c.bk, free), turn)
			if err := b.classify(i+r4, &p); err != nil {
				return err
			}
		}
	}
	// Level n fixes the positions whose value byte is n+1; what they give
	// their predecessors is at least n+2, so one scan per level is enough.
	for n := 0; n+1 <= b.top; n++ {
		level := byte(n + 1)
		for k := 0; ; k++ {
			off := bytes.IndexByte(c.data[k:], level)
			if off < 0 {
				break
			}
			k += off
			if err := b.tick(); err != nil {
				return err
			}
			if err := b.unmoves(k, n); err != nil {
				return err
			}
		}
	}
	c.stats = c.countStats()
	return nil
}

// egExits gathers what the moves leaving a class give.
type egExits struct {
	win     int  // shortest win through an exit (plies), 0 if none
	loss    int  // longest loss through an exit (plies)
	blocked bool // an exit wins or draws, so the position is not lost
	n       int  // number of exits
}

// add records the move to q, a position of a solved class.
func (e *egExits) add(db *EndgameDB, q *Position) bool {
	raw, ok := db.raw(q.white, q.black, q.kings, q.turn)
	if !ok {
		return false
	}
	e.n++
	if raw == 0 {
		e.blocked = true
		return true
	}
	d := int(raw) - 1
	if d%2 == 0 { // the opponent loses in d
		if e.win == 0 || d+1 < e.win {
			e.win = d + 1
		}
		e.blocked = true
	} else if d+1 > e.loss {
		e.loss = d + 1
	}
	return true
}

// classify looks at the moves of position i: it counts the moves that stay
// in the class, looks up those that leave it, and records what they give.
func (b *egBuilder) classify(i int, p *Position) error {
	var e egExits
	inside := 0
	if egMustCapture(p) {
		// Every move is a capture and leaves the class.
		b.moves = p.AppendLegalMoves(b.moves[:0])
		for k := range b.moves {
			q := *p
			q.Play(&b.moves[k])
			if !e.add(b.db, &q) {
				return fmt.Errorf("endgame database: move %s of %s leaves the solved classes", p.MoveString(&b.moves[k], Numeric), p.FEN())
			}
		}
	} else {
		// Quiet moves, counted with shifts; only crownings leave the class.
		g := p.v.geo
		us := p.side(p.turn)
		empty := g.valid &^ (p.white | p.black)
		men, kings := us&^p.kings, us&p.kings
		crown := g.crownRow(p.turn)
		inside += p.kingSteps(kings, empty)
		d0 := p.forward()
		for d := d0; d < d0+2; d++ {
			to := g.shiftDir(men, d) & empty
			inside += bits.OnesCount64(to &^ crown)
			for t := to & crown; t != 0; t &= t - 1 {
				q := *p
				move := t&-t | g.back(t&-t, d)
				if q.turn == White {
					q.white ^= move
				} else {
					q.black ^= move
				}
				q.kings |= t & -t
				q.turn = q.turn.Opponent()
				if !e.add(b.db, &q) {
					return fmt.Errorf("endgame database: a crowning of %s leaves the solved classes", p.FEN())
				}
			}
		}
	}
	if inside+e.n == 0 {
		return b.set(i, 1) // no move: lost now
	}
	if e.loss > egMaxPlies {
		return fmt.Errorf("endgame database: %s is lost in over %d plies", p.FEN(), egMaxPlies)
	}
	b.cnt[i] = uint8(inside)
	b.exitLoss[i] = uint8(e.loss)
	switch {
	case e.win > 0:
		b.exitLoss[i] = egBlocked
		return b.set(i, e.win+1)
	case e.blocked:
		b.exitLoss[i] = egBlocked
	case inside == 0:
		return b.set(i, e.loss+1)
	}
	return nil
}

// unmoves visits the in-class predecessors of position i, just fixed at
// level n: the positions of the class with the other side to move from which
// a quiet, non-crowning move leads to i.
func (b *egBuilder) unmoves(i, n int) error {
	c := b.c
	p := c.position(i)
	g := p.v.geo
	mover := p.turn.Opponent()
	empty := g.valid &^ (p.white | p.black)
	own := p.side(mover)
	d0 := dirDownLeft // white men came up from below
	if mover == Black {
		d0 = dirUpLeft
	}
	for pieces := own; pieces != 0; pieces &= pieces - 1 {
		to := lsb(pieces)
		king := p.kings&bit(to) != 0
		for d := 0; d < numDirs; d++ {
			if !king && d != d0 && d != d0+1 {
				continue
			}
			// a flying king came from any empty square along the ray
			for from := int(g.next[d][to]); from >= 0 && empty&bit(from) != 0; from = int(g.next[d][from]) {
				if err := b.unmove(p, mover, to, from, king, n); err != nil {
					return err
				}
				if !king || !p.v.FlyingKings {
					break
				}
			}
		}
	}
	return nil
}

// unmove handles one predecessor of position p (just fixed at level n): the
// position before mover's piece went from bit from to bit to.
func (b *egBuilder) unmove(p Position, mover Color, to, from int, king bool, n int) error {
	c := b.c
	q := p
	q.turn = mover
	move := bit(to) | bit(from)
	if mover == White {
		q.white ^= move
	} else {
		q.black ^= move
	}
	if king {
		q.kings ^= move
	}
	if egMustCapture(&q) {
		return nil // the capture was compulsory: this move was not legal
	}
	j := c.index(egCompress(q.white&^q.kings), egCompress(q.white&q.kings),
		egCompress(q.black&^q.kings), egCompress(q.black&q.kings))
	if mover == Black {
		j += c.n
	}
	v := int(c.data[j])
	if n%2 == 0 { // i is lost: j wins by moving to it
		// Any value byte over n+2 is a longer candidate win.
		if v == 0 || v > n+2 {
			if err := b.set(j, n+2); err != nil {
				return err
			}
		}
		return nil
	}
	if v != 0 {
		return nil
	}
	b.cnt[j]--
	if b.cnt[j] == 0 && b.exitLoss[j] != egBlocked {
		if err := b.set(j, max(n+1, int(b.exitLoss[j]))+1); err != nil {
			return err
		}
	}
	return nil
}

// countStats counts the values of a solved class and finds its longest win.
func (c *egClass) countStats() EndgameClass {
	s := c.stats
	s.Positions = len(c.data)
	longest := -1
	for i, v := range c.data {
		switch {
		case v == 0:
			s.Draws++
		case v%2 == 0: // plies odd
			s.Wins++
			if int(v) > longest {
				longest = int(v)
				p := c.position(i)
				s.LongestWin, s.LongestWinFEN = int(v)-1, p.FEN()
			}
		default:
			s.Losses++
		}
	}
	return s
}

// egMustCapture reports whether the side to move must capture.
func egMustCapture(p *Position) bool {
	if p.v == English {
		return egCanCapture(p)
	}
	return p.HasCapture()
}

// egCanCapture reports whether the side to move of an English position
// must capture: HasCapture with one shift per direction for all pieces.
func egCanCapture(p *Position) bool {
	g := English.geo
	us, them := p.side(p.turn), p.side(p.turn.Opponent())
	empty := g.valid &^ (p.white | p.black)
	kings := us & p.kings
	d0 := p.forward()
	for d := 0; d < numDirs; d++ {
		movers := kings
		if d == d0 || d == d0+1 {
			movers = us
		}
		if g.back(g.back(empty, d)&them, d)&movers != 0 {
			return true
		}
	}
	return false
}
