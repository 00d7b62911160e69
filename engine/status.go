package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// ColorNames are the words used for the two sides in sentences, capitalised
// ("White", "Red").
type ColorNames struct {
	White, Black string
}

// DefaultColorNames call the sides White and Black, as rules.md and most
// books do.
var DefaultColorNames = ColorNames{White: "White", Black: "Black"}

// RedAndWhite calls the dark side Red, as many English checkers sets and
// seed 000 do.
var RedAndWhite = ColorNames{White: "White", Black: "Red"}

// Of returns the name of side c; an empty name falls back to White or
// Black.
func (n ColorNames) Of(c Color) string {
	name := n.White
	if c == Black {
		name = n.Black
	}
	if name == "" {
		return DefaultColorNames.Of(c)
	}
	return name
}

// String returns a short name of the reason, such as "threefold
// repetition"; "" for NotOver.
func (r Reason) String() string {
	switch r {
	case NoPieces:
		return "no pieces left"
	case NoMoves:
		return "no legal move"
	case Resignation:
		return "resignation"
	case Agreement:
		return "agreement"
	case Repetition:
		return "repetition"
	case QuietMoves:
		return "40-move rule"
	case MoveLimit:
		return "move limit"
	case KingsOnly:
		return "only kings moved"
	case ThreeKingsVsKing:
		return "lone king against three"
	case SmallEnding:
		return "lone king in a small ending"
	case PieceCount:
		return "no capture or promotion"
	case LongDiagonal:
		return "lone king on the long diagonal"
	case OutOfTime:
		return "out of time"
	}
	return ""
}

// Status describes a game in words a learner understands, with the facts
// behind the words.
type Status struct {
	// Result and Reason are those of Game.Result.
	Result Result
	Reason Reason
	// Winner is the side that won; it means nothing unless Result is
	// WhiteWins or BlackWins.
	Winner Color
	// Turn is the side to move.
	Turn Color
	// MustCapture is true while the game goes on and the side to move has
	// a capture, which it must play.
	MustCapture bool
	// DrawRule is the automatic draw rule nearest to ending a game that
	// goes on, NotOver when no count is running; MovesLeft is how many
	// moves remain before it does (by each side, or by the side hunting a
	// lone king where the variant counts those).
	DrawRule  Reason
	MovesLeft int
	// Text is the status in one or a few short sentences, e.g. "White
	// wins: Black has no pieces left." or "Black to move. Black must
	// capture."
	Text string
}

// Status returns the state of the game in words, naming the sides with the
// game's ColorNames.
func (g *Game) Status() Status {
	names := g.opts.Names
	p := g.Position()
	d := &p.v.Draw
	s := Status{Result: g.result, Reason: g.reason, Turn: p.turn}
	side := func(c Color) string { return names.Of(c) }
	lower := func(c Color) string { return strings.ToLower(names.Of(c)) }
	switch g.result {
	case WhiteWins, BlackWins:
		s.Winner = White
		if g.result == BlackWins {
			s.Winner = Black
		}
		w, l := side(s.Winner), side(s.Winner.Opponent())
		switch g.reason {
		case NoPieces:
			s.Text = fmt.Sprintf("%s wins: %s has no pieces left.", w, l)
		case NoMoves:
			s.Text = fmt.Sprintf("%s wins: %s cannot move — every %s piece is blocked.", w, l, lower(s.Winner.Opponent()))
		case Resignation:
			s.Text = fmt.Sprintf("%s wins: %s resigned.", w, l)
		case OutOfTime:
			s.Text = fmt.Sprintf("%s wins: %s ran out of time.", w, l)
		default:
			s.Text = fmt.Sprintf("%s wins.", w)
		}
		return s
	case Drawn:
		s.Text = "Draw: " + g.drawSentence(&p) + "."
		return s
	}
	s.Text = side(p.turn) + " to move."
	if p.HasCapture() {
		s.MustCapture = true
		s.Text += " " + side(p.turn) + " must capture."
	}
	rule, plies := g.Counters().Next(&p)
	if g.opts.MoveLimit > 0 {
		left := 2*g.opts.MoveLimit - len(g.moves)
		if left <= 2*movesShownForLimit && (rule == NotOver || left < plies) {
			rule, plies = MoveLimit, left
		}
	}
	if rule == NotOver {
		return s
	}
	s.DrawRule = rule
	e := endingOf(&p)
	hunted := (rule == ThreeKingsVsKing || rule == SmallEnding || rule == LongDiagonal) && d.StrongerSideMoves
	if hunted {
		// The hunter's moves left: it moves on odd plies from now when it
		// is to move.
		s.MovesLeft = plies / 2
		if p.turn == e.hunter {
			s.MovesLeft = (plies + 1) / 2
		}
	} else {
		s.MovesLeft = (plies + 1) / 2
	}
	if rule == SmallEnding && bareKings(&p) {
		s.Text += fmt.Sprintf(" A king each: %d more %s and the game is drawn.", s.MovesLeft, plural(s.MovesLeft, "move"))
		return s
	}
	s.Text += " " + countdownSentence(rule, s.MovesLeft, hunted, side(e.hunter), lower(e.hunter.Opponent()))
	return s
}

// movesShownForLimit: the house move limit is mentioned once this few moves
// each remain.
const movesShownForLimit = 10

// drawSentence says why the game was drawn, without "Draw: ".
func (g *Game) drawSentence(p *Position) string {
	d := &p.v.Draw
	names := g.opts.Names
	e := endingOf(p)
	hunter, lone := names.Of(e.hunter), strings.ToLower(names.Of(e.hunter.Opponent()))
	each := " each"
	if d.StrongerSideMoves {
		each = ""
	}
	switch g.reason {
	case Agreement:
		return "the players agreed to a draw"
	case Repetition:
		return fmt.Sprintf("the same position appeared %s times with the same player to move", countWord(d.Repetition))
	case QuietMoves:
		return fmt.Sprintf("%d moves each without a capture or a man moving (the %d-move rule)", d.QuietMoves, d.QuietMoves)
	case MoveLimit:
		return fmt.Sprintf("%d moves each were played", g.opts.MoveLimit)
	case KingsOnly:
		return fmt.Sprintf("%d moves each with only kings moving and no capture", d.KingsOnlyMoves)
	case PieceCount:
		n := bits.OnesCount64(p.white | p.black)
		for _, l := range pieceCountLimits {
			if n <= l.pieces {
				return fmt.Sprintf("%d moves each without a capture or a new king, with %d pieces on the board", l.moves, n)
			}
		}
	case ThreeKingsVsKing:
		return fmt.Sprintf("%s could not capture the lone %s king within %d moves%s", hunter, lone, d.ThreeKingsVsKing, each)
	case SmallEnding:
		if bareKings(p) {
			return fmt.Sprintf("only a king each was left, and neither could win within %d moves", d.SmallEnding)
		}
		return fmt.Sprintf("%s could not capture the lone %s king within %d moves%s", hunter, lone, d.SmallEnding, each)
	case LongDiagonal:
		return fmt.Sprintf("the lone %s king held the long diagonal and %s could not capture it within %d moves", lone, hunter, d.SmallEnding)
	}
	return "the game is drawn"
}

// countdownSentence tells how many moves remain before rule r draws.
func countdownSentence(r Reason, n int, hunted bool, hunter, lone string) string {
	moves := plural(n, "move")
	each := moves + " each"
	switch r {
	case QuietMoves:
		return fmt.Sprintf("%d more %s without a capture or a man moving and the game is drawn.", n, each)
	case KingsOnly:
		return fmt.Sprintf("%d more %s with only kings moving and no capture and the game is drawn.", n, each)
	case PieceCount:
		return fmt.Sprintf("%d more %s without a capture or a new king and the game is drawn.", n, each)
	case MoveLimit:
		return fmt.Sprintf("%d more %s and the game is drawn by the move limit.", n, each)
	case LongDiagonal:
		return fmt.Sprintf("%s has %d more %s to capture the lone %s king on the long diagonal, or the game is drawn.", hunter, n, moves, lone)
	}
	if !hunted {
		return fmt.Sprintf("%d more %s for %s to capture the lone %s king, or the game is drawn.", n, each, hunter, lone)
	}
	return fmt.Sprintf("%s has %d more %s to capture the lone %s king, or the game is drawn.", hunter, n, moves, lone)
}

// countWord writes small counts as words.
func countWord(n int) string {
	words := [...]string{"zero", "one", "two", "three", "four", "five"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// bareKings reports whether each side has a single piece left (a king
// each, in the positions where the lone-king rules apply).
func bareKings(p *Position) bool {
	return p.white&(p.white-1) == 0 && p.black&(p.black-1) == 0
}

// plural adds an s to word unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
