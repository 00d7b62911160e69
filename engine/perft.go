package engine

// Perft counts the leaf nodes of the legal-move tree of the given depth
// (the standard test of a move generator). Moves that reach the same square
// from the same origin capturing the same set of pieces count once.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	return perft(*p, depth, bufs)
}

// perft counts the leaves below p (depth >= 1). The position is passed by
// value so that the children stay on the stack. The last ply is counted in
// bulk with CountMoves; where the side to move has no capture, the quiet
// moves are made straight from the bitboards without building Move values.
// bufs[d] is the move buffer of depth d.
func perft(p Position, depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves(bufs[0]))
	}
	g := p.v.geo
	us, them := p.side(p.turn), p.side(p.turn.Opponent())
	empty := g.valid &^ (p.white | p.black)
	var total uint64
	if !p.hasCapture(us, them, empty) {
		men, kings := us&^p.kings, us&p.kings
		crown := g.crownRow(p.turn)
		d0 := p.forward()
		for d := d0; d < d0+2; d++ {
			for t := g.step(men, d) & empty; t != 0; t &= t - 1 {
				to := lsb(t)
				child := p
				child.playStep(to-g.shift[d], to, crown&bit(to) != 0)
				total += perft(child, depth-1, bufs)
			}
		}
		for ; kings != 0; kings &= kings - 1 {
			from := lsb(kings)
			for d := 0; d < numDirs; d++ {
				for t := int(g.next[d][from]); t >= 0 && empty&bit(t) != 0; t = int(g.next[d][t]) {
					child := p
					child.playStep(from, t, false)
					total += perft(child, depth-1, bufs)
					if !p.v.FlyingKings {
						break
					}
				}
			}
		}
		return total
	}
	moves := p.appendCaptures(bufs[depth][:0])
	bufs[depth] = moves[:0]
	for i := range moves {
		child := p
		child.Play(&moves[i])
		total += perft(child, depth-1, bufs)
	}
	return total
}

// Divide returns the perft count below each legal move, in move order.
func (p *Position) Divide(depth int) ([]Move, []uint64) {
	moves := p.LegalMoves()
	counts := make([]uint64, len(moves))
	for i := range moves {
		child := *p
		child.Play(&moves[i])
		counts[i] = child.Perft(depth - 1)
	}
	return moves, counts
}
