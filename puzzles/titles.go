package puzzles

import (
	"fmt"
	"hash/fnv"

	"github.com/checkerstutor/checkers/engine"
)

// The titles of generated puzzles. A line is named by its main idea (a
// trade such as two for one, a double threat, a quiet move, the choice of
// a capture, a caught king) and by what it adds (a king made, a king
// taken, the opponent left without a move, three pieces or more at one
// capture). Each idea has several forms, most naming a concrete detail: the
// square the decisive capture lands on, the pieces won, the learner's
// moves. The form is picked by a hash of the position and the line, so a
// puzzle keeps its title and the same form is used in every language.
//
// Forms never name the first move's landing square: a title must not give
// the solution away.

// titleWords are the forms of the titles in one language, by key (see
// titleKeys). Format verbs: %[1]s the trade ("Two for one"), %[2]s the
// square of the biggest capture, %[3]s the pieces won ("two men"), %[4]s
// the learner's moves, %[5]s the opponent, %[6]s the square of the king
// taken, %[7]s the square of crowning, %[8]s the pieces taken, %[9]s the
// pieces given, %[10]s the pieces of the biggest capture. Squares are
// named as the variant's players write them (squareName): "27" or "e1".
type titleWords struct {
	forms map[string]string
	// won writes the pieces won as the object of "win": "a man", "two
	// pieces"; men when no king is on the board or taken.
	won func(w *genWords, n int, men bool) string
	// given writes the pieces given as the object of "give".
	given func(w *genWords, n int) string
}

var titleTexts = map[string]*titleWords{
	"en": {
		forms: map[string]string{
			"trade.on":     "%[1]s on %[2]s",
			"trade.give":   "Give %[9]s, take %[8]s, land on %[2]s",
			"trade.moves":  "%[1]s in %[4]s moves",
			"trade.shot":   "A shot to %[2]s: %[8]s for %[9]s",
			"fork.win":     "A double threat wins %[3]s in %[4]s moves",
			"fork.on":      "Two threats, one strike on %[2]s",
			"fork.take":    "Threaten twice, take on %[2]s",
			"choose.win":   "The right capture wins %[3]s in %[4]s moves",
			"choose.on":    "Choose the capture, then strike on %[2]s",
			"choose.which": "Which capture? Think of %[2]s",
			"quiet.on":     "A quiet move, then the strike on %[2]s",
			"quiet.prep":   "Prepare the capture on %[2]s",
			"quiet.win":    "A quiet move wins %[3]s in %[4]s moves",
			"king.on":      "Catch the king on %[6]s",
			"king.moves":   "Catch the king in %[4]s moves",
			"win.on":       "Win %[3]s on %[2]s",
			"win.moves":    "Win %[3]s in %[4]s moves",
			"inout.on":     "In and out, ending on %[2]s",
			"inout.moves":  "In and out wins %[3]s in %[4]s moves",
			"crown":        "Break through to a king on %[7]s",
			"crown.up":     "Crown on %[7]s and win %[3]s",
			"king.falls":   "The king on %[6]s falls",
			"blocked":      "Block %[5]s in %[4]s moves",
			"multi":        "Take %[10]s at once on %[2]s",
			"fork.won":     "A double threat wins %[3]s on %[2]s",
			"quiet.won":    "A quiet move wins %[3]s on %[2]s",
			"choose.won":   "The right capture wins %[3]s on %[2]s",
		},
		won: func(w *genWords, n int, men bool) string {
			switch {
			case n == 1 && men:
				return "a man"
			case n == 1:
				return "a piece"
			case men:
				return w.number(n) + " men"
			}
			return w.number(n) + " pieces"
		},
		given: func(w *genWords, n int) string { return w.number(n) },
	},
	"nl": {
		forms: map[string]string{
			"trade.on":     "%[1]s op %[2]s",
			"trade.give":   "Geef er %[9]s, sla er %[8]s, tot %[2]s",
			"trade.moves":  "%[1]s in %[4]s zetten",
			"trade.shot":   "Combinatie naar %[2]s: %[8]s voor %[9]s",
			"fork.win":     "Een dubbele dreiging wint %[3]s in %[4]s zetten",
			"fork.on":      "Twee dreigingen, één slag op %[2]s",
			"fork.take":    "Dreig dubbel, sla op %[2]s",
			"choose.win":   "De goede slag wint %[3]s in %[4]s zetten",
			"choose.on":    "Kies de goede slag, sla dan op %[2]s",
			"choose.which": "Welke slag? Denk aan %[2]s",
			"quiet.on":     "Een stille zet, dan de slag op %[2]s",
			"quiet.prep":   "Bereid de slag op %[2]s voor",
			"quiet.win":    "Een stille zet wint %[3]s in %[4]s zetten",
			"king.on":      "Vang de dam op %[6]s",
			"king.moves":   "Vang de dam in %[4]s zetten",
			"win.on":       "Win %[3]s op %[2]s",
			"win.moves":    "Win %[3]s in %[4]s zetten",
			"inout.on":     "Erin en eruit, tot %[2]s",
			"inout.moves":  "Erin en eruit wint %[3]s in %[4]s zetten",
			"crown":        "Doorbraak naar dam op %[7]s",
			"crown.up":     "Naar dam op %[7]s en win %[3]s",
			"king.falls":   "De dam op %[6]s valt",
			"blocked":      "Zet %[5]s vast in %[4]s zetten",
			"multi":        "%[10]s in één slag, tot %[2]s",
			"fork.won":     "Een dubbele dreiging wint %[3]s op %[2]s",
			"quiet.won":    "Een stille zet wint %[3]s op %[2]s",
			"choose.won":   "De goede slag wint %[3]s op %[2]s",
		},
		won: func(w *genWords, n int, men bool) string {
			switch {
			case n == 1 && men:
				return "een schijf"
			case n == 1:
				return "een stuk"
			case men:
				return w.number(n) + " schijven"
			}
			return w.number(n) + " stukken"
		},
		given: func(w *genWords, n int) string { return w.number(n) },
	},
	"de": {
		forms: map[string]string{
			"trade.on":     "%[1]s auf %[2]s",
			"trade.give":   "Gib %[9]s, schlag %[8]s, bis %[2]s",
			"trade.moves":  "%[1]s in %[4]s Zügen",
			"trade.shot":   "Kombination bis %[2]s: %[8]s für %[9]s",
			"fork.win":     "Eine Doppeldrohung gewinnt %[3]s in %[4]s Zügen",
			"fork.on":      "Zwei Drohungen, ein Schlag auf %[2]s",
			"fork.take":    "Droh doppelt, schlag auf %[2]s",
			"choose.win":   "Der richtige Schlag gewinnt %[3]s in %[4]s Zügen",
			"choose.on":    "Wähle den Schlag, dann schlag auf %[2]s",
			"choose.which": "Welcher Schlag? Denk an %[2]s",
			"quiet.on":     "Ein stiller Zug, dann der Schlag auf %[2]s",
			"quiet.prep":   "Bereite den Schlag auf %[2]s vor",
			"quiet.win":    "Ein stiller Zug gewinnt %[3]s in %[4]s Zügen",
			"king.on":      "Fang die Dame auf %[6]s",
			"king.moves":   "Fang die Dame in %[4]s Zügen",
			"win.on":       "Gewinne %[3]s auf %[2]s",
			"win.moves":    "Gewinne %[3]s in %[4]s Zügen",
			"inout.on":     "Hinein und hinaus, bis %[2]s",
			"inout.moves":  "Hinein und hinaus gewinnt %[3]s in %[4]s Zügen",
			"crown":        "Durchbruch zur Dame auf %[7]s",
			"crown.up":     "Mach eine Dame auf %[7]s und gewinne %[3]s",
			"king.falls":   "Die Dame auf %[6]s fällt",
			"blocked":      "Blockiere %[5]s in %[4]s Zügen",
			"multi":        "%[10]s auf einen Schlag, bis %[2]s",
			"fork.won":     "Eine Doppeldrohung gewinnt %[3]s auf %[2]s",
			"quiet.won":    "Ein stiller Zug gewinnt %[3]s auf %[2]s",
			"choose.won":   "Der richtige Schlag gewinnt %[3]s auf %[2]s",
		},
		won: func(w *genWords, n int, men bool) string {
			if n == 1 {
				return "einen Stein"
			}
			return w.number(n) + " Steine"
		},
		given: func(w *genWords, n int) string {
			if n == 1 {
				return "einen"
			}
			return w.number(n)
		},
	},
}

// titleKeys are the forms of titleWords that fit the line, main idea
// first.
func (f *lineFacts) titleKeys() []string {
	var keys []string
	add := func(ok bool, k ...string) {
		if ok {
			keys = append(keys, k...)
		}
	}
	strike := f.strikeSq != 0 && !f.strikeNow
	// "In two moves" tells little and would name many puzzles: the
	// learner's moves are named when the line is longer or there is no
	// square to name; for trades, which are the most common and often
	// three moves long, when it is longer still.
	long := f.moves >= 3 || !strike
	caught := false
	switch {
	case f.inAndOut:
		add(strike, "inout.on")
		add(long, "inout.moves")
	case f.fork:
		add(long, "fork.win")
		add(strike, "fork.on", "fork.take", "fork.won")
	case f.trade():
		add(strike, "trade.on", "trade.give")
		add(f.moves >= 4 || !strike, "trade.moves")
		add(strike && f.sacrifices > 0 && f.maxTaken >= 2, "trade.shot")
	case f.firstCapture:
		add(long, "choose.win")
		add(strike, "choose.on", "choose.which", "choose.won")
	case f.quietSetup:
		add(strike, "quiet.on", "quiet.prep", "quiet.won")
		add(long, "quiet.win")
	case f.kingTaken:
		caught = true
		add(true, "king.on", "king.moves")
	default:
		add(strike, "win.on")
		add(true, "win.moves")
	}
	add(f.crowns && !f.crownNow, "crown", "crown.up")
	add(f.kingTaken && !caught, "king.falls")
	add(f.gameOver, "blocked")
	add(strike && f.maxTaken >= 3, "multi")
	return keys
}

// trade reports whether the learner takes more pieces than it gives, and
// gives some.
func (f *lineFacts) trade() bool { return f.given >= 1 && f.taken > f.given }

// title names the line in language lang, winning gain pieces.
func (w *genWords) title(lang string, f lineFacts, gain int) string {
	tw := titleTexts[lang]
	keys := f.titleKeys()
	key := keys[f.seed%uint64(len(keys))]
	trade := ""
	if f.trade() {
		trade = w.nForM(w, f.taken, f.given)
	}
	s := fmt.Sprintf(tw.forms[key], trade, squareName(f.variant, f.strikeSq), tw.won(w, gain, !f.kings),
		w.number(f.moves), w.side(f.learner.Opponent()), squareName(f.variant, f.kingSq),
		squareName(f.variant, f.crownSq), w.number(f.taken), tw.given(w, f.given),
		w.number(f.maxTaken))
	return capitalize(s)
}

// lineSeed hashes the position and the line: the same puzzle always gets
// the same words. It hashes the line in numbers whatever the texts'
// notation, so naming squares differently keeps each puzzle's form.
func lineSeed(p engine.Position, line []engine.Move) uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, p.FEN())
	for _, s := range lineStrings(p, line, engine.Numeric) {
		fmt.Fprint(h, " ", s)
	}
	return h.Sum64()
}
