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
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		n := p.CountMoves(bufs[0])
		return uint64(n)
	}
	moves := p.AppendLegalMoves(bufs[depth][:0])
	bufs[depth] = moves[:0]
	var total uint64
	for i := range moves {
		child := *p
		child.Play(&moves[i])
		total += child.perft(depth-1, bufs)
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
