package puzzles

import (
	"fmt"
	"strings"

	"github.com/checkerstutor/checkers/engine"
)

// lineFacts is what a solution line does, read move by move.
type lineFacts struct {
	learner      engine.Color
	sacrifices   int  // learner quiet moves the opponent must answer by capturing
	quietSetup   bool // a learner quiet move that forces no capture (a threat)
	fork         bool // a learner quiet move that threatens two captures
	firstCapture bool // the first move is a capture, chosen among several
	maxTaken     int  // most pieces taken by one learner move
	taken, given int  // pieces the learner takes and gives
	kingTaken    bool // a learner capture takes a king
	crowns       bool // a learner move crowns
	inAndOut     bool // a man captures onto the crowning row and the king captures again
	gameOver     bool // the opponent has no move at the end
	pieces       int  // pieces on the board at the start
}

func readLine(p engine.Position, line []engine.Move) lineFacts {
	f := lineFacts{learner: p.Turn()}
	w, b := totals(&p, f.learner)
	f.pieces = w + b
	if line[0].IsCapture() {
		f.firstCapture = true
	}
	crowned := engine.Square(0)
	for k := range line {
		m := line[k]
		mover := p.At(m.From)
		if k%2 == 0 {
			if m.IsCapture() {
				f.taken += m.NumCaptured()
				f.maxTaken = max(f.maxTaken, m.NumCaptured())
				for _, sq := range m.Captured() {
					if p.At(sq).IsKing() {
						f.kingTaken = true
					}
				}
				if crowned != 0 && m.From == crowned {
					f.inAndOut = true
				}
			}
			if m.Promotes {
				f.crowns = true
				if m.IsCapture() {
					crowned = m.To
				}
			}
		} else if m.IsCapture() {
			f.given += m.NumCaptured()
		}
		_ = mover
		p.Play(&m)
		if k%2 == 0 && !m.IsCapture() {
			replies := p.LegalMoves()
			switch {
			case len(replies) > 0 && replies[0].IsCapture():
				f.sacrifices++
			case len(replies) > 0:
				f.quietSetup = true
				if threats(p) >= 2 {
					f.fork = true
				}
			}
		}
	}
	f.gameOver = len(p.LegalMoves()) == 0
	return f
}

// threats counts the opponent's pieces the side that just moved could
// capture if it were to move again in p.
func threats(p engine.Position) int {
	fen := p.FEN()
	turn := "W"
	if p.Turn() == engine.White {
		turn = "B"
	}
	q, err := engine.ParseFEN(p.Variant(), turn+fen[1:])
	if err != nil {
		return 0
	}
	hit := map[engine.Square]bool{}
	for _, m := range q.LegalMoves() {
		for _, sq := range m.Captured() {
			hit[sq] = true
		}
	}
	return len(hit)
}

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight"}

func numberWord(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return fmt.Sprint(n)
}

// themes names what the line does.
func (f *lineFacts) themes(v *engine.Variant) []string {
	var th []string
	if f.given > 0 && f.taken > f.given && f.taken <= 8 {
		th = append(th, numberWord(f.taken)+"-for-"+numberWord(f.given))
	}
	if f.sacrifices > 0 {
		th = append(th, "sacrifice")
		if f.maxTaken >= 2 {
			th = append(th, "shot")
		}
	}
	if f.sacrifices >= 2 {
		th = append(th, "double-sacrifice")
	}
	if f.fork {
		th = append(th, "fork")
		if v == engine.English {
			th = append(th, "breeches")
		}
	}
	if f.quietSetup && !f.fork {
		th = append(th, "quiet-move")
	}
	if f.firstCapture {
		th = append(th, "choose-the-capture")
	}
	if f.maxTaken >= 2 {
		th = append(th, "multi-capture")
	}
	if f.kingTaken {
		th = append(th, "king-capture")
	}
	if f.crowns {
		th = append(th, "crowning")
	}
	if f.inAndOut {
		th = append(th, "in-and-out")
	}
	if f.gameOver {
		th = append(th, "no-moves-left")
	}
	if f.pieces <= 8 {
		th = append(th, "endgame")
	}
	return th
}

// difficulty is 1-5 from the plies of the shortest forced line and how
// hidden the first move is; the rating follows from it.
func (f *lineFacts) difficulty(plies, legal int) (int, int) {
	d := (plies + 1) / 2 // the learner's moves
	if f.quietSetup {
		d++ // a quiet move is harder to find than a sacrifice
	}
	if f.sacrifices >= 2 {
		d++
	}
	if f.firstCapture && d > 1 {
		d--
	}
	d = max(1, min(5, d))
	rating := 500 + 250*d + 15*min(legal, 20) + 40*(plies/2)
	return d, min(rating, 4000)
}

// describe fills in the themes, difficulty, rating and English texts of a
// generated puzzle from its line.
func describe(pz *Puzzle, line []engine.Move, plies int) {
	p := pz.Position
	f := readLine(p, line)
	pz.Themes = f.themes(p.Variant())
	pz.Difficulty, pz.Rating = f.difficulty(plies, len(p.LegalMoves()))
	first := line[0]
	piece := pieceName(p.At(first.From))
	me, you := capitalize(f.learner.String()), capitalize(f.learner.Opponent().String())
	switch {
	case f.inAndOut:
		pz.Title = "In and out"
	case f.fork:
		pz.Title = "Two threats at once"
	case f.given == 1 && f.taken == 2:
		pz.Title = "Two for one"
	case f.given == 1 && f.taken == 3:
		pz.Title = "Three for one"
	case f.given >= 1 && f.taken > f.given:
		pz.Title = fmt.Sprintf("%s for %s", capitalize(numberWord(f.taken)), numberWord(f.given))
	case f.firstCapture:
		pz.Title = "Choose the right capture"
	case f.quietSetup:
		pz.Title = "A quiet move"
	case f.kingTaken:
		pz.Title = "Catch the king"
	default:
		pz.Title = "Win material"
	}
	var hint string
	switch {
	case f.firstCapture:
		hint = "You must capture, but which capture? Look one move further."
	case f.sacrifices > 0 && f.maxTaken >= 2:
		hint = fmt.Sprintf("Give a piece away: %s must take it, and then you jump.", you)
	case f.sacrifices > 0:
		hint = fmt.Sprintf("A sacrifice forces %s's reply.", you)
	case f.fork:
		hint = "Find a move that attacks two pieces at once."
	default:
		hint = fmt.Sprintf("Look for a move that leaves %s without a good answer.", you)
	}
	pz.Texts.Hints = []string{hint, fmt.Sprintf("Look at the %s on %d.", piece, first.From)}
	pz.Explanation = narrate(p, line, f, me, you, pz.Goal.N)
}

// narrate tells the line in short sentences.
func narrate(p engine.Position, line []engine.Move, f lineFacts, me, you string, gain int) string {
	var sb []string
	for k := 0; k < len(line); k += 2 {
		m := line[k]
		ms := p.MoveString(&m, engine.Numeric)
		var s string
		switch {
		case m.IsCapture() && k == 0:
			s = fmt.Sprintf("The capture %s", ms)
		case m.IsCapture():
			s = fmt.Sprintf("Then %s", ms)
		case k == 0:
			s = fmt.Sprintf("Play %s", ms)
		default:
			s = fmt.Sprintf("Now %s", ms)
		}
		if m.IsCapture() {
			s += fmt.Sprintf(" takes %s", piecesWord(m.NumCaptured()))
		}
		if m.Promotes {
			s += " and crowns"
		}
		p.Play(&m)
		if k+1 < len(line) {
			r := line[k+1]
			rs := p.MoveString(&r, engine.Numeric)
			switch {
			case r.IsCapture() && !m.IsCapture():
				s += fmt.Sprintf(": %s must capture, %s", you, rs)
			case r.IsCapture():
				s += fmt.Sprintf(", and %s has to take back with %s", you, rs)
			default:
				s += fmt.Sprintf("; %s answers %s", you, rs)
			}
			p.Play(&r)
		}
		sb = append(sb, s+".")
	}
	end := fmt.Sprintf("%s is %s up.", me, piecesWord(gain))
	if f.gameOver {
		end = fmt.Sprintf("%s has no move left, so %s wins.", you, me)
	}
	return strings.Join(sb, " ") + " " + end
}

func piecesWord(n int) string {
	if n == 1 {
		return "one piece"
	}
	return numberWord(n) + " pieces"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
