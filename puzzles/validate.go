package puzzles

import (
	"fmt"

	"github.com/checkerstutor/checkers/engine"
)

// ValidatePosition reports why p cannot occur in a game of its variant, or
// nil: a man standing on its own side's crowning row (it would have been
// crowned), more pieces than a side starts with, a side without pieces, or
// (unless allowNoMove) a side to move that has no legal move, which would be
// a finished game.
func ValidatePosition(p *engine.Position, allowNoMove bool) error {
	v := p.Variant()
	for _, c := range []engine.Color{engine.White, engine.Black} {
		men, kings := p.Count(c)
		if men+kings == 0 {
			return fmt.Errorf("%s has no pieces: the game is already over", c)
		}
		if men+kings > v.MaxPieces() {
			return fmt.Errorf("%s has %d pieces; a side has at most %d", c, men+kings, v.MaxPieces())
		}
	}
	for _, sq := range p.Squares(engine.WhiteMan) {
		if row, _ := v.RowCol(sq); row == 0 {
			return fmt.Errorf("white man on %d stands on White's crowning row: it would be a king (write K%d)", sq, sq)
		}
	}
	for _, sq := range p.Squares(engine.BlackMan) {
		if row, _ := v.RowCol(sq); row == v.Size-1 {
			return fmt.Errorf("black man on %d stands on Black's crowning row: it would be a king (write K%d)", sq, sq)
		}
	}
	if !allowNoMove {
		var buf [64]engine.Move
		if len(p.AppendLegalMoves(buf[:0])) == 0 {
			return fmt.Errorf("%s is to move but has no legal move: the game is already over", p.Turn())
		}
	}
	return nil
}

// balance is the piece count of c minus the opponent's (a king counts as one
// piece, as in "win two pieces").
func balance(p *engine.Position, c engine.Color) int {
	m1, k1 := p.Count(c)
	m2, k2 := p.Count(c.Opponent())
	return m1 + k1 - m2 - k2
}
