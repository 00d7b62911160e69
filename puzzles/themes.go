package puzzles

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/checkerstutor/checkers/engine"
)

// lineFacts is what a solution line does, read move by move.
type lineFacts struct {
	variant      *engine.Variant
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

	// What a title may name (titles.go).
	moves     int           // the learner's moves
	strikeSq  engine.Square // where the learner's biggest capture lands (the last of equals)
	strikeNow bool          // it lands where the first move does: naming it would give the move away
	kingSq    engine.Square // where the first king the learner takes stood
	crownSq   engine.Square // where the learner's man first reaches the crowning row
	crownNow  bool          // the first move crowns, or lands there
	kings     bool          // a king is on the board at the start or taken on the line
	seed      uint64        // a hash of the position and the line, to vary the words
}

func readLine(p engine.Position, line []engine.Move) lineFacts {
	f := lineFacts{variant: p.Variant(), learner: p.Turn(), moves: (len(line) + 1) / 2, seed: lineSeed(p, line)}
	w, b := totals(&p, f.learner)
	f.pieces = w + b
	if len(p.Squares(engine.WhiteKing))+len(p.Squares(engine.BlackKing)) > 0 {
		f.kings = true
	}
	if line[0].IsCapture() {
		f.firstCapture = true
	}
	crowned := engine.Square(0)
	for k := range line {
		m := line[k]
		for _, sq := range m.Captured() {
			if p.At(sq).IsKing() {
				f.kings = true
			}
		}
		if k%2 == 0 {
			if m.IsCapture() {
				f.taken += m.NumCaptured()
				if m.NumCaptured() >= f.maxTaken {
					f.strikeSq, f.strikeNow = m.To, m.To == line[0].To
				}
				f.maxTaken = max(f.maxTaken, m.NumCaptured())
				for _, sq := range m.Captured() {
					if p.At(sq).IsKing() && !f.kingTaken {
						f.kingTaken, f.kingSq = true, sq
					}
				}
				if crowned != 0 && m.From == crowned {
					f.inAndOut = true
				}
			}
			if m.Promotes {
				if !f.crowns {
					f.crownSq = crowningSquare(p.Variant(), f.learner, &m)
					f.crownNow = k == 0 || f.crownSq == line[0].To
				}
				f.crowns = true
				if m.IsCapture() {
					crowned = m.To
				}
			}
		} else if m.IsCapture() {
			f.given += m.NumCaptured()
		}
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

// crowningSquare is where the man of colour c moving m reaches its
// crowning row: the end of the move, or in Russian draughts a square on
// the way where the new king goes on capturing.
func crowningSquare(v *engine.Variant, c engine.Color, m *engine.Move) engine.Square {
	row := 0
	if c == engine.Black {
		row = v.Size - 1
	}
	for _, sq := range m.Path() {
		if r, _ := v.RowCol(sq); r == row {
			return sq
		}
	}
	return m.To
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

// describe fills in the themes, difficulty, rating and texts of a
// generated puzzle from its line: English, and the translations of
// GeneratedLanguages.
func describe(pz *Puzzle, line []engine.Move, plies int) {
	p := pz.Position
	f := readLine(p, line)
	pz.Themes = f.themes(p.Variant())
	pz.Difficulty, pz.Rating = f.difficulty(plies, len(p.LegalMoves()))
	pz.Texts = genTexts["en"].texts("en", p, line, f, pz.Goal.N)
	pz.Text = map[string]Texts{}
	for _, lang := range GeneratedLanguages {
		pz.Text[lang] = genTexts[lang].texts(lang, p, line, f, pz.Goal.N)
	}
}

// GeneratedLanguages are the languages, besides English, in which the
// generator writes each puzzle's title, hints and explanation.
var GeneratedLanguages = []string{"de", "nl"}

// GeneratedTexts returns the title, hints and explanation the generator
// writes for a gain puzzle in language lang ("en" or one of
// GeneratedLanguages), read from the puzzle's solution line. It lets the
// texts of a generated pack be written again in new words or languages
// without generating it again: go test ./puzzles -run
// TestRewriteGeneratedTexts -puzzles.rewrite-texts writes them into
// packs/*-tactics.toml.
func GeneratedTexts(pz *Puzzle, lang string) (Texts, error) {
	w, ok := genTexts[lang]
	if !ok {
		return Texts{}, fmt.Errorf("puzzle %q: no generated texts in language %q", pz.ID, lang)
	}
	if len(pz.Solution) == 0 {
		return Texts{}, fmt.Errorf("puzzle %q: no solution line to describe", pz.ID)
	}
	p := pz.Position
	line := make([]engine.Move, 0, len(pz.Solution))
	for i, s := range pz.Solution {
		m, err := p.ParseMove(s)
		if err != nil {
			return Texts{}, fmt.Errorf("puzzle %q: solution move %d %q: %w", pz.ID, i+1, s, err)
		}
		line = append(line, m)
		p.Play(&m)
	}
	return w.texts(lang, pz.Position, line, readLine(pz.Position, line), pz.Goal.N), nil
}

// genWords are the words of the generated texts in one language. Format
// verbs: %[1]s is a move or a side, %[2]s a side, a move or pieces.
type genWords struct {
	numbers      []string
	white, black string
	// pieces writes "one piece", "two pieces" (as the object of
	// "takes").
	pieces func(w *genWords, n int) string
	// nForM is the title of N pieces taken for M given.
	nForM func(w *genWords, taken, given int) string

	hintChoose, hintShot, hintSacrifice, hintFork, hintOther string
	lookMan, lookKing                                        string

	firstCapture, laterCapture, firstQuiet, laterQuiet, crowns string
	replyCapture, replyTakeBack, replyQuiet                    string
	up, noMoves                                                string
}

func (w *genWords) number(n int) string {
	if n >= 0 && n < len(w.numbers) {
		return w.numbers[n]
	}
	return fmt.Sprint(n)
}

func (w *genWords) side(c engine.Color) string {
	if c == engine.White {
		return w.white
	}
	return w.black
}

var genTexts = map[string]*genWords{
	"en": {
		numbers: numberWords, white: "White", black: "Black",
		pieces: func(w *genWords, n int) string {
			if n == 1 {
				return "one piece"
			}
			return w.number(n) + " pieces"
		},
		nForM: func(w *genWords, taken, given int) string {
			return fmt.Sprintf("%s for %s", capitalize(w.number(taken)), w.number(given))
		},
		hintChoose:    "You must capture, but which capture? Look one move further.",
		hintShot:      "Give a piece away: %s must take it, and then you jump.",
		hintSacrifice: "A sacrifice forces %s's reply.",
		hintFork:      "Find a move that attacks two pieces at once.",
		hintOther:     "Look for a move that leaves %s without a good answer.",
		lookMan:       "Look at the man on %s.", lookKing: "Look at the king on %s.",
		firstCapture: "The capture %[1]s takes %[2]s", laterCapture: "Then %[1]s takes %[2]s",
		firstQuiet: "Play %s", laterQuiet: "Now %s", crowns: " and crowns",
		replyCapture: ": %[1]s must capture, %[2]s", replyTakeBack: ", and %[1]s has to take back with %[2]s",
		replyQuiet: "; %[1]s answers %[2]s",
		up:         "%[1]s is %[2]s up.", noMoves: "%[1]s has no move left, so %[2]s wins.",
	},
	"nl": {
		numbers: []string{"nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht"},
		white:   "Wit", black: "Zwart",
		pieces: func(w *genWords, n int) string {
			if n == 1 {
				return "één stuk"
			}
			return w.number(n) + " stukken"
		},
		nForM: func(w *genWords, taken, given int) string {
			return fmt.Sprintf("%s voor %s", capitalize(w.number(taken)), w.number(given))
		},
		hintChoose:    "Je moet slaan, maar welke slag? Kijk een zet verder.",
		hintShot:      "Geef een stuk weg: %s moet slaan, en dan sla jij.",
		hintSacrifice: "Met een offer dwing je het antwoord van %s af.",
		hintFork:      "Zoek een zet die twee stukken tegelijk aanvalt.",
		hintOther:     "Zoek een zet waarop %s geen goed antwoord heeft.",
		lookMan:       "Kijk naar de schijf op %s.", lookKing: "Kijk naar de dam op %s.",
		firstCapture: "De slag %[1]s slaat %[2]s", laterCapture: "Dan slaat %[1]s %[2]s",
		firstQuiet: "Speel %s", laterQuiet: "Speel dan %s", crowns: ", en de schijf wordt dam",
		replyCapture: ": %[1]s moet slaan, %[2]s", replyTakeBack: ", en %[1]s moet terugslaan met %[2]s",
		replyQuiet: "; %[1]s antwoordt %[2]s",
		up:         "%[1]s staat %[2]s voor.", noMoves: "%[1]s kan niet meer zetten, dus %[2]s wint.",
	},
	"de": {
		numbers: []string{"null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht"},
		white:   "Weiß", black: "Schwarz",
		pieces: func(w *genWords, n int) string {
			if n == 1 {
				return "einen Stein"
			}
			return w.number(n) + " Steine"
		},
		nForM: func(w *genWords, taken, given int) string {
			g := w.number(given)
			if given == 1 {
				g = "einen"
			}
			return fmt.Sprintf("%s für %s", capitalize(w.number(taken)), g)
		},
		hintChoose:    "Du musst schlagen, aber welchen Schlag? Schau einen Zug weiter.",
		hintShot:      "Gib einen Stein her: %s muss schlagen, und dann schlägst du.",
		hintSacrifice: "Mit einem Opfer erzwingst du die Antwort von %s.",
		hintFork:      "Finde einen Zug, der zwei Steine auf einmal angreift.",
		hintOther:     "Suche einen Zug, auf den %s keine gute Antwort hat.",
		lookMan:       "Schau dir den Stein auf %s an.", lookKing: "Schau dir die Dame auf %s an.",
		firstCapture: "Der Schlag %[1]s nimmt %[2]s", laterCapture: "Dann nimmt %[1]s %[2]s",
		firstQuiet: "Spiele %s", laterQuiet: "Spiele dann %s", crowns: ", und der Stein wird Dame",
		replyCapture: ": %[1]s muss schlagen, %[2]s", replyTakeBack: ", und %[1]s muss mit %[2]s zurückschlagen",
		replyQuiet: "; %[1]s antwortet %[2]s",
		up:         "%[1]s hat %[2]s mehr.", noMoves: "%[1]s kann nicht mehr ziehen, also gewinnt %[2]s.",
	},
}

// texts writes the title, hints and explanation in language lang of a
// puzzle whose solution is line, from position p.
func (w *genWords) texts(lang string, p engine.Position, line []engine.Move, f lineFacts, gain int) Texts {
	t := Texts{Title: w.title(lang, f, gain)}
	me, you := w.side(f.learner), w.side(f.learner.Opponent())
	var hint string
	switch {
	case f.firstCapture:
		hint = w.hintChoose
	case f.sacrifices > 0 && f.maxTaken >= 2:
		hint = fmt.Sprintf(w.hintShot, you)
	case f.sacrifices > 0:
		hint = fmt.Sprintf(w.hintSacrifice, you)
	case f.fork:
		hint = w.hintFork
	default:
		hint = fmt.Sprintf(w.hintOther, you)
	}
	first := line[0]
	look := w.lookMan
	if p.At(first.From).IsKing() {
		look = w.lookKing
	}
	t.Hints = []string{hint, fmt.Sprintf(look, squareName(p.Variant(), first.From))}
	t.Explanation = w.narrate(p, line, f, me, you, gain)
	return t
}

// narrate tells the line in short sentences.
func (w *genWords) narrate(p engine.Position, line []engine.Move, f lineFacts, me, you string, gain int) string {
	var sb []string
	for k := 0; k < len(line); k += 2 {
		m := line[k]
		ms := p.MoveString(&m, textNotation(p.Variant()))
		var s string
		switch {
		case m.IsCapture() && k == 0:
			s = fmt.Sprintf(w.firstCapture, ms, w.pieces(w, m.NumCaptured()))
		case m.IsCapture():
			s = fmt.Sprintf(w.laterCapture, ms, w.pieces(w, m.NumCaptured()))
		case k == 0:
			s = fmt.Sprintf(w.firstQuiet, ms)
		default:
			s = fmt.Sprintf(w.laterQuiet, ms)
		}
		if m.Promotes {
			s += w.crowns
		}
		p.Play(&m)
		if k+1 < len(line) {
			r := line[k+1]
			rs := p.MoveString(&r, textNotation(p.Variant()))
			switch {
			case r.IsCapture() && !m.IsCapture():
				s += fmt.Sprintf(w.replyCapture, you, rs)
			case r.IsCapture():
				s += fmt.Sprintf(w.replyTakeBack, you, rs)
			default:
				s += fmt.Sprintf(w.replyQuiet, you, rs)
			}
			p.Play(&r)
		}
		sb = append(sb, s+".")
	}
	end := fmt.Sprintf(w.up, me, w.pieces(w, gain))
	if f.gameOver {
		end = fmt.Sprintf(w.noMoves, you, me)
	}
	return strings.Join(sb, " ") + " " + end
}

// textNotation is how the generated texts of variant v write squares and
// moves: as its players do, algebraic in Russian draughts ("c3", "c3-d4",
// "e3:g5"), numbers in the others ("22", "22-18", "22x15"). The solution
// lines of a pack stay in the PDN numbers of the format.
func textNotation(v *engine.Variant) engine.Notation {
	if v.Algebraic && v.Size == 8 {
		return engine.AlgebraicNotation
	}
	return engine.Numeric
}

// squareName names square sq of variant v in the generated texts, in
// textNotation(v): "c3" or "22".
func squareName(v *engine.Variant, sq engine.Square) string {
	if textNotation(v) == engine.AlgebraicNotation {
		return v.AlgebraicSquare(sq)
	}
	return fmt.Sprint(int(sq))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// generatedPackTexts are the translated title and description of the
// generated pack of variant v.
func generatedPackTexts(v *engine.Variant) map[string]PackTexts {
	titles := map[string]map[string]string{
		"nl": {"english": "Tactiek in Engels dammen", "russian": "Tactiek in Russisch dammen",
			"international": "Tactiek in internationaal dammen"},
		"de": {"english": "Checkers-Taktik", "russian": "Taktik der Russischen Dame",
			"international": "Taktik der Internationalen Dame"},
	}
	desc := map[string]string{
		"nl": "Stellingen uit computerpartijen waarin één zet met dwang materiaal wint.",
		"de": "Stellungen aus Computerpartien, in denen ein Zug zwingend Material gewinnt.",
	}
	out := map[string]PackTexts{}
	for _, lang := range GeneratedLanguages {
		if t, ok := titles[lang][v.Name]; ok {
			out[lang] = PackTexts{Title: t, Description: desc[lang]}
		}
	}
	return out
}
