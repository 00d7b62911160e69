package tutor

import "github.com/checkerstutor/checkers/engine"

// StatusText writes the status of a game in the words' language, from the
// fields of st (Result, Reason, Winner, Turn, MustCapture, DrawRule,
// MovesLeft) and the game's current position p, which gives the variant's
// draw counts, the pieces left and which side hunts a lone king.
// moveLimit is the game's house move limit (GameOptions.MoveLimit, 0 for
// none). In English it is the engine's Status.Text, word for word.
func (w Words) StatusText(st engine.Status, p *engine.Position, moveLimit int) string {
	side := w.Names.Of
	switch st.Result {
	case engine.WhiteWins, engine.BlackWins:
		winner, loser := side(st.Winner), side(st.Winner.Opponent())
		switch st.Reason {
		case engine.NoPieces:
			return w.tr("status.win.no-pieces", "winner", winner, "loser", loser)
		case engine.NoMoves:
			return w.tr("status.win.no-moves", "winner", winner, "loser", loser)
		case engine.Resignation:
			return w.tr("status.win.resigned", "winner", winner, "loser", loser)
		}
		return w.tr("status.win", "winner", winner)
	case engine.Drawn:
		return w.tr("status.draw", "why", w.drawWhy(st.Reason, p, moveLimit))
	}
	text := w.tr("status.to-move", "side", side(st.Turn))
	if st.MustCapture {
		text += " " + w.tr("status.must-capture", "side", side(st.Turn))
	}
	rule, n := st.DrawRule, st.MovesLeft
	if rule == engine.NotOver {
		return text
	}
	if rule == engine.SmallEnding && bareKings(p) {
		return text + " " + w.tr("status.bare-kings", "n", n)
	}
	hunter, lone := loneKingSides(p)
	args := []any{"n", n, "hunter", side(hunter), "lone", side(lone)}
	key := ""
	switch rule {
	case engine.QuietMoves:
		key = "countdown.quiet-moves"
	case engine.KingsOnly:
		key = "countdown.kings-only"
	case engine.PieceCount:
		key = "countdown.piece-count"
	case engine.MoveLimit:
		key = "countdown.move-limit"
	case engine.LongDiagonal:
		key = "countdown.long-diagonal"
	default:
		key = "countdown.lone-king-each"
		if p.Variant().Draw.StrongerSideMoves {
			key = "countdown.lone-king"
		}
	}
	return text + " " + w.tr(key, args...)
}

// drawWhy says why a game was drawn, for "Draw: ...".
func (w Words) drawWhy(r engine.Reason, p *engine.Position, moveLimit int) string {
	d := &p.Variant().Draw
	hunter, lone := loneKingSides(p)
	loneKing := func(n int) string {
		key := "draw.lone-king-each"
		if d.StrongerSideMoves {
			key = "draw.lone-king"
		}
		return w.tr(key, "hunter", w.Names.Of(hunter), "lone", w.Names.Of(lone), "n", n)
	}
	switch r {
	case engine.Agreement:
		return w.tr("draw.agreement")
	case engine.Repetition:
		return w.tr("draw.repetition", "times", w.numberWord(d.Repetition))
	case engine.QuietMoves:
		return w.tr("draw.quiet-moves", "n", d.QuietMoves)
	case engine.MoveLimit:
		return w.tr("draw.move-limit", "n", moveLimit)
	case engine.KingsOnly:
		return w.tr("draw.kings-only", "n", d.KingsOnlyMoves)
	case engine.PieceCount:
		n := pieces(p, engine.White) + pieces(p, engine.Black)
		for _, l := range pieceCountLimits {
			if n <= l.pieces {
				return w.tr("draw.piece-count", "n", l.moves, "pieces", n)
			}
		}
	case engine.ThreeKingsVsKing:
		return loneKing(d.ThreeKingsVsKing)
	case engine.SmallEnding:
		if bareKings(p) {
			return w.tr("draw.bare-kings", "n", d.SmallEnding)
		}
		return loneKing(d.SmallEnding)
	case engine.LongDiagonal:
		return w.tr("draw.long-diagonal", "lone", w.Names.Of(lone), "hunter", w.Names.Of(hunter), "n", d.SmallEnding)
	}
	return w.tr("draw.other")
}

// pieceCountLimits are the Russian rule of FMJD-64 7.2.6 as the engine
// counts it: with this many pieces on the board at most, this many moves
// by each side.
var pieceCountLimits = [...]struct{ pieces, moves int }{{3, 0}, {5, 30}, {7, 60}}

func pieces(p *engine.Position, c engine.Color) int {
	men, kings := p.Count(c)
	return men + kings
}

// bareKings reports whether each side has a single piece left.
func bareKings(p *engine.Position) bool {
	return pieces(p, engine.White) == 1 && pieces(p, engine.Black) == 1
}

// loneKingSides returns the side hunting a lone king and the side of the
// lone king: with a king each, the side to move hunts.
func loneKingSides(p *engine.Position) (hunter, lone engine.Color) {
	isLone := func(c engine.Color) bool {
		men, kings := p.Count(c)
		return men == 0 && kings == 1
	}
	switch {
	case isLone(engine.White) && isLone(engine.Black):
		hunter = p.Turn()
	case isLone(engine.White):
		hunter = engine.Black
	default:
		hunter = engine.White
	}
	return hunter, hunter.Opponent()
}

// GameStatus returns the status of game g (Game.Status) with its Text in
// the words' language.
func (w Words) GameStatus(g *engine.Game) engine.Status {
	st := g.Status()
	if w.lang() != LangEnglish {
		p := g.Position()
		st.Text = w.StatusText(st, &p, g.Options().MoveLimit)
	}
	return st
}
