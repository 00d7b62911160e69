package engine

// WDL is a game-theoretic value from the side to move's point of view.
type WDL int8

const (
	// Loss: the side to move loses with best play.
	Loss WDL = -1
	// DrawWDL: the position is drawn with best play.
	DrawWDL WDL = 0
	// Win: the side to move wins with best play.
	Win WDL = 1
)

// Prober answers exact values for positions it knows, such as an endgame
// database. Search calls it on positions with few pieces.
type Prober interface {
	// Probe returns the value of p for the side to move and, for a win or
	// a loss, the number of plies to the end of the game with best play
	// (the winner hurrying, the loser delaying). ok is false when p is not
	// covered.
	Probe(p *Position) (value WDL, plies int, ok bool)
}
