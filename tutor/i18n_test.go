package tutor

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
)

var translated = []string{LangDutch, LangGerman}

// TestCatalogues_EveryKeyIsTranslatedWithTheSamePlaceholders fails when a
// key of the English catalogue lacks a Dutch or German message, when a
// translation has a key English does not, when the placeholders differ
// from the English ones, or when a plural form is missing.
func TestCatalogues_EveryKeyIsTranslatedWithTheSamePlaceholders(t *testing.T) {
	en := catalogues[LangEnglish]
	if len(en) < 100 {
		t.Fatalf("the English catalogue has %d keys", len(en))
	}
	for _, lang := range translated {
		cat := catalogues[lang]
		for key, m := range en {
			tr, ok := cat[key]
			if !ok || tr.other == "" {
				t.Errorf("%s: no %s message", key, lang)
				continue
			}
			want := placeholders(m.other)
			if got := placeholders(tr.other); !slices.Equal(got, want) {
				t.Errorf("%s (%s): placeholders %v, English has %v", key, lang, got, want)
			}
			if (m.one == "") != (tr.one == "") {
				t.Errorf("%s (%s): the singular form is given in one language only", key, lang)
			}
			if tr.one != "" {
				if got, want := placeholders(tr.one), placeholders(m.one); !slices.Equal(got, want) {
					t.Errorf("%s (%s): singular placeholders %v, English has %v", key, lang, got, want)
				}
			}
		}
		for key := range cat {
			if _, ok := en[key]; !ok {
				t.Errorf("%s: the %s catalogue has a key English does not", key, lang)
			}
		}
	}
}

// numbersIn are the square names and numbers a text mentions.
var numbersIn = regexp.MustCompile(`\b([a-h][1-8]|\d+)\b`)

func mentioned(s string) []string {
	out := numbersIn.FindAllString(s, -1)
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCourses_EveryTextHasDutchAndGerman fails when a course, lesson or
// step text (or an exercise's own hints) has no Dutch or German
// translation, or when a translation names other squares or numbers than
// the English text.
func TestCourses_EveryTextHasDutchAndGerman(t *testing.T) {
	texts := 0
	check := func(where, field, en string, tr map[string]string) {
		if en == "" {
			return
		}
		texts++
		for _, lang := range translated {
			got := tr[lang]
			switch {
			case got == "":
				t.Errorf("%s: %s has no %s translation", where, field, lang)
			case got == en && len(en) > 12:
				t.Errorf("%s: %s in %s is the English text", where, field, lang)
			case !slices.Equal(mentioned(got), mentioned(en)):
				t.Errorf("%s: %s in %s mentions %v, English %v", where, field, lang, mentioned(got), mentioned(en))
			}
		}
	}
	for _, c := range loadCourses(t) {
		pick := func(f func(CourseTexts) string) map[string]string {
			m := map[string]string{}
			for l, tx := range c.Text {
				m[l] = f(tx)
			}
			return m
		}
		check(c.ID, "title", c.Title, pick(func(x CourseTexts) string { return x.Title }))
		check(c.ID, "description", c.Description, pick(func(x CourseTexts) string { return x.Description }))
		for _, l := range c.Lessons {
			where := c.ID + "/" + l.ID
			lt := func(f func(LessonTexts) string) map[string]string {
				m := map[string]string{}
				for lang, tx := range l.Text {
					m[lang] = f(tx)
				}
				return m
			}
			check(where, "title", l.Title, lt(func(x LessonTexts) string { return x.Title }))
			check(where, "intro", l.Intro, lt(func(x LessonTexts) string { return x.Intro }))
			check(where, "outro", l.Outro, lt(func(x LessonTexts) string { return x.Outro }))
			for i, st := range l.Steps {
				at := where + " step " + string(rune('1'+i))
				sf := func(f func(StepTexts) string) map[string]string {
					m := map[string]string{}
					for lang, tx := range st.Text {
						m[lang] = f(tx)
					}
					return m
				}
				check(at, "title", st.Title, sf(func(x StepTexts) string { return x.Title }))
				check(at, "explain", st.Explain, sf(func(x StepTexts) string { return x.Explain }))
				check(at, "done", st.Done, sf(func(x StepTexts) string { return x.Done }))
				if st.Exercise == nil {
					continue
				}
				en := st.Exercise.Localized(LangEnglish).Hints
				for h := range en {
					hs := map[string]string{}
					for _, lang := range translated {
						if tr := st.Exercise.Localized(lang).Hints; len(tr) == len(en) && tr[h] != en[h] {
							hs[lang] = tr[h]
						}
					}
					check(at, "hint", en[h], hs)
				}
			}
		}
	}
	if texts < 150 {
		t.Errorf("only %d course texts checked", texts)
	}
}

func TestMessage_PluralsFallbacksAndPlaceholders(t *testing.T) {
	for _, c := range []struct {
		lang, key string
		args      []any
		want      string
	}{
		{"nl", "goal.gain", []any{"n", 1}, "Win een stuk."},
		{"nl", "goal.gain", []any{"n", 3}, "Win 3 stukken."},
		{"de", "goal.crown", []any{"n", 1}, "Mach in 1 Zug eine Dame."},
		{"de", "goal.crown", []any{"n", 2}, "Mach in höchstens 2 Zügen eine Dame."},
		{"en", "goal.reach", []any{"square", "c3", "n", 1}, "Bring a piece to c3 within 1 move."},
		{"nl-BE", "feedback.solved", nil, "Opgelost!"},
		{"de_DE.UTF-8", "feedback.solved", nil, "Gelöst!"},
		{"fr", "feedback.solved", nil, "Solved!"},
		{"", "feedback.solved", nil, "Solved!"},
		{"nl", "no.such.key", nil, "no.such.key"},
		{"en", "status.win.no-moves", []any{"winner", "Red", "loser", "White"}, "Red wins: White cannot move — every white piece is blocked."},
		{"nl", "illegal.no-piece", nil, "Op {square} staat geen stuk."},
	} {
		if got := Message(c.lang, c.key, c.args...); got != c.want {
			t.Errorf("Message(%q, %q, %v) = %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
}

func TestColorNamesIn_TranslatesTheUsualNamesOnly(t *testing.T) {
	for _, c := range []struct {
		lang  string
		names engine.ColorNames
		want  engine.ColorNames
	}{
		{"nl", engine.RedAndWhite, engine.ColorNames{White: "Wit", Black: "Rood"}},
		{"nl", engine.DefaultColorNames, engine.ColorNames{White: "Wit", Black: "Zwart"}},
		{"de", engine.RedAndWhite, engine.ColorNames{White: "Weiß", Black: "Rot"}},
		{"de", engine.ColorNames{}, engine.ColorNames{White: "Weiß", Black: "Schwarz"}},
		{"de", engine.ColorNames{White: "Buff", Black: "green"}, engine.ColorNames{White: "Buff", Black: "green"}},
		{"en", engine.ColorNames{White: "white", Black: "red"}, engine.RedAndWhite},
	} {
		if got := ColorNamesIn(c.lang, c.names); got != c.want {
			t.Errorf("ColorNamesIn(%q, %v) = %v, want %v", c.lang, c.names, got, c.want)
		}
	}
	if got := VariantTitle("nl", engine.English); got != "Engels dammen" {
		t.Errorf("VariantTitle nl = %q", got)
	}
	if got := VariantTitle("de", engine.Russian); got != "Russische Dame" {
		t.Errorf("VariantTitle de = %q", got)
	}
	for _, lang := range Languages() {
		for r := engine.NoPieces; r <= engine.LongDiagonal; r++ {
			if ReasonName(lang, r) == "" || ReasonName(LangEnglish, r) != r.String() {
				t.Errorf("ReasonName(%s, %s) = %q", lang, r, ReasonName(lang, r))
			}
		}
		for id := range achievementTitles {
			if AchievementTitleIn(lang, id) == "" || AchievementTitleIn(LangEnglish, id) != AchievementTitle(id) {
				t.Errorf("AchievementTitleIn(%s, %s) = %q", lang, id, AchievementTitleIn(lang, id))
			}
		}
	}
}

// TestLesson_DutchLearnerGetsDutchFeedback opens lessons in Dutch (and a
// few in German) and checks the exact sentence for each kind of mistake.
func TestLesson_DutchLearnerGetsDutchFeedback(t *testing.T) {
	courses := loadCourses(t)
	course := func(v *engine.Variant) *Course {
		for _, c := range courses {
			if c.Variant == v {
				return c
			}
		}
		t.Fatalf("no %s course", v.Name)
		return nil
	}
	for _, tc := range []struct {
		rule, lang string
		v          *engine.Variant
		lesson     string
		step       int
		squares    []string
		names      engine.ColorNames
		want       string
	}{
		{"slagplicht", "nl", engine.English, "compulsory", 0, []string{"31", "27"}, engine.DefaultColorNames, "Je kunt slaan op 22: slaan is verplicht (slagplicht)."},
		{"men move forward", "nl", engine.English, "moving", 0, []string{"22", "26"}, engine.DefaultColorNames, "Een schijf gaat alleen vooruit, en 26 ligt erachter: alleen een dam mag terug."},
		{"one square at a time", "nl", engine.English, "moving", 0, []string{"22", "13"}, engine.DefaultColorNames, "Een schijf zet één veld per keer, of springt over een stuk dat ernaast staat."},
		{"a multi-capture must be completed", "nl", engine.English, "multi-jumps", 0, []string{"27", "18"}, engine.DefaultColorNames, "De slag is nog niet klaar: de schijf moet verder slaan, naar 9."},
		{"crowning ends the move", "nl", engine.English, "crowning", 1, []string{"10", "3", "12"}, engine.DefaultColorNames, "De schijf wordt dam op 3 en daar is de zet voorbij."},
		{"not your piece", "nl", engine.English, "board", 0, []string{"22", "18"}, engine.RedAndWhite, "Het stuk op 22 is van Wit, en Rood is aan zet."},
		{"on the diagonals", "nl", engine.English, "moving", 0, []string{"22", "23"}, engine.DefaultColorNames, "Stukken gaan alleen schuin over de diagonalen, en 23 ligt vanaf daar niet op een diagonaal."},
		{"de meeste stukken slaan", "nl", engine.International, "majority", 0, []string{"34", "23"}, engine.DefaultColorNames, "Je moet de meeste stukken slaan: er kunnen er 2 af, en deze slag neemt er maar 1."},
		{"a king lands where it captures again", "nl", engine.Russian, "kings", 2, []string{"a1", "f6"}, engine.DefaultColorNames, "De dam moet landen waar hij opnieuw kan slaan: op e5."},
		{"Schlagzwang", "de", engine.English, "compulsory", 0, []string{"31", "27"}, engine.DefaultColorNames, "Auf 22 kannst du schlagen: es gilt Schlagzwang."},
		{"Mehrheitsregel", "de", engine.International, "majority", 0, []string{"34", "23"}, engine.DefaultColorNames, "Du musst die meisten Steine schlagen: 2 sind möglich, und dieser Schlag nimmt nur 1."},
		{"not your piece (German)", "de", engine.English, "board", 0, []string{"22", "18"}, engine.RedAndWhite, "Der Stein auf 22 gehört Weiß, und Rot ist am Zug."},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			words := Words{Names: ColorNamesIn(tc.lang, tc.names), Notation: NotationFor(tc.v)}
			s := openStep(t, course(tc.v), tc.lesson, tc.step, LessonOptions{Language: tc.lang, Words: words})
			cells := make([]engine.Coord, len(tc.squares))
			for i, name := range tc.squares {
				sq, err := tc.v.ParseSquare(name)
				must(t, err)
				cells[i] = tc.v.CoordOf(sq)
			}
			fb := s.Explain(cells[0], cells[len(cells)-1], cells[1:len(cells)-1]...)
			if fb.Kind != FeedbackIllegal || fb.Text != tc.want {
				t.Errorf("got %v %q\nwant %q", fb.Kind, fb.Text, tc.want)
			}
		})
	}

	en := englishCourse(t)
	nl := func(lesson string, step int) *LessonSession {
		return openStep(t, en, lesson, step, LessonOptions{Language: "nl",
			Words: Words{Names: ColorNamesIn("nl", engine.DefaultColorNames)}})
	}
	play := func(s *LessonSession, move string) Feedback {
		t.Helper()
		p := s.View().Position
		m, err := p.ParseMove(move)
		must(t, err)
		fb, err := s.Play(t.Context(), m)
		must(t, err)
		return fb
	}
	t.Run("the view, goal and step texts", func(t *testing.T) {
		v := nl("crowning", 0).View()
		if v.Goal != "Haal een dam binnen 2 zetten." || v.Title != "Haal een dam" {
			t.Errorf("view: goal %q, title %q", v.Goal, v.Title)
		}
		if g := nl("practice", 0).View().Goal; g != "Speel een partij tegen de computer (niveau 1)." {
			t.Errorf("practice goal %q", g)
		}
	})
	t.Run("a move that loses is refuted", func(t *testing.T) {
		fb := play(nl("tactics", 0), "24-20")
		want := "Dan speelt Zwart 17-21 en is de winst weg. Probeer het nog eens."
		if fb.Kind != FeedbackWrong || fb.Text != want {
			t.Errorf("got %v %q, want %q", fb.Kind, fb.Text, want)
		}
	})
	t.Run("another winning move, then the step's own words", func(t *testing.T) {
		s := nl("crowning", 0)
		fb := play(s, "10-7")
		if fb.Kind != FeedbackAlternative || fb.Text != "Nog een winnende zet: ook goed!" {
			t.Fatalf("feedback %+v", fb)
		}
		fb = play(s, "7-3")
		if !fb.Solved || fb.Text != "Nog een winnende zet: ook goed! Dam! Je schijf is nu een dam." {
			t.Errorf("solved: %+v", fb)
		}
	})
	t.Run("a wrong kind of move", func(t *testing.T) {
		fb := play(nl("compulsory", 0), "22x15")
		if !fb.Solved {
			t.Fatalf("the capture: %+v", fb)
		}
		s := nl("draws", 1)
		p := s.View().Position
		for _, m := range p.LegalMoves() {
			if !p.At(m.From).IsKing() {
				t.Fatalf("the 40-move step has a man to move")
			}
		}
	})
	t.Run("capture-all counts in Dutch", func(t *testing.T) {
		s := nl("capturing", 1)
		fb := play(s, "22x15")
		if fb.Text != "Ja! Dat is 1 van de 3." {
			t.Errorf("first capture: %q", fb.Text)
		}
		fb = play(s, "22x15")
		if fb.Kind != FeedbackRepeated || fb.Text != "22x15 had je al gevonden. Zoek een andere." {
			t.Errorf("the same capture again: %+v", fb)
		}
	})
	t.Run("hints from piece to move", func(t *testing.T) {
		s := nl("moving", 0)
		want := []string{"Kijk eens naar de schijf op 22.", "Hij gaat naar 18.", "Speel 22-18."}
		for i, w := range want {
			h, err := s.Hint(t.Context())
			must(t, err)
			if h.Text != w {
				t.Errorf("hint %d: %q, want %q", i+1, h.Text, w)
			}
		}
		h, err := nl("board", 0).Hint(t.Context())
		must(t, err)
		if h.Text != "Alleen de schijven op de voorste rij kunnen zetten: 9, 10, 11 en 12." {
			t.Errorf("the exercise's own hint: %q", h.Text)
		}
	})
}

// TestWords_WrongKindOfMoveIsExplainedInEachLanguage checks the sentence
// for a legal move of the wrong kind (a step that asks for a capture).
func TestWords_WrongKindOfMoveIsExplainedInEachLanguage(t *testing.T) {
	pz := &puzzles.Puzzle{Goal: puzzles.Goal{Kind: puzzles.GoalAnyLegal, Move: puzzles.KindKing}}
	p := engine.English.StartPosition()
	for lang, want := range map[string]string{
		"en": "That move is allowed, but this step asks for a king move.",
		"nl": "Die zet mag, maar deze stap vraagt om een zet met een dam.",
		"de": "Der Zug ist erlaubt, aber hier sollst du einen Zug mit einer Dame machen.",
	} {
		if got := (Words{Language: lang}).wrongText(pz, &p, nil, &p, nil); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// TestStatusText_EnglishIsTheEnginesSentence plays seeded random games in
// every variant and checks at every position, and at the end, that the
// tutor's English status sentence is the engine's.
func TestStatusText_EnglishIsTheEnginesSentence(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, v := range engine.Variants() {
		for game := 0; game < 12; game++ {
			names := engine.DefaultColorNames
			if game%2 == 1 {
				names = engine.RedAndWhite
			}
			limit := []int{0, 30, 100}[game%3]
			g := engine.NewGame(v, engine.GameOptions{MoveLimit: limit, Names: names})
			w := Words{Names: names}
			for ply := 0; ; ply++ {
				st := g.Status()
				p := g.Position()
				if got := w.StatusText(st, &p, limit); got != st.Text {
					t.Fatalf("%s game %d ply %d (%s): %q, engine %q", v.Name, game, ply, p.FEN(), got, st.Text)
				}
				if g.Over() || ply == 300 {
					break
				}
				switch r := rng.IntN(400); {
				case r == 0:
					g.Resign(p.Turn())
				case r == 1:
					g.AgreeDraw()
				default:
					ms := p.LegalMoves()
					must(t, g.Play(ms[rng.IntN(len(ms))]))
				}
			}
		}
	}
}

// TestStatusText_EveryReasonInEveryLanguage builds the status sentence
// of each way a game ends, and of the draw countdowns, from Status fields.
func TestStatusText_EveryReasonInEveryLanguage(t *testing.T) {
	pos := func(v *engine.Variant, fen string) engine.Position {
		p, err := engine.ParseFEN(v, fen)
		must(t, err)
		return p
	}
	type want struct{ en, nl, de string }
	for _, c := range []struct {
		name  string
		p     engine.Position
		st    engine.Status
		limit int
		want  want
	}{
		{"no pieces", pos(engine.English, "B:W15:B"), engine.Status{Result: engine.WhiteWins, Reason: engine.NoPieces, Winner: engine.White},
			0, want{"White wins: Black has no pieces left.", "Wit wint: Zwart heeft geen stukken meer.", "Weiß gewinnt: Schwarz hat keine Steine mehr."}},
		{"no moves", pos(engine.English, "B:W16,19:B12"), engine.Status{Result: engine.WhiteWins, Reason: engine.NoMoves, Winner: engine.White},
			0, want{"White wins: Black cannot move — every black piece is blocked.", "Wit wint: Zwart kan niet meer zetten, alle stukken van Zwart zitten vast.", "Weiß gewinnt: Schwarz kann nicht mehr ziehen, alle Steine von Schwarz sind blockiert."}},
		{"resignation", pos(engine.English, engine.English.StartFEN), engine.Status{Result: engine.BlackWins, Reason: engine.Resignation, Winner: engine.Black},
			0, want{"Black wins: White resigned.", "Zwart wint: Wit heeft opgegeven.", "Schwarz gewinnt: Weiß hat aufgegeben."}},
		{"agreement", pos(engine.English, engine.English.StartFEN), engine.Status{Result: engine.Drawn, Reason: engine.Agreement},
			0, want{"Draw: the players agreed to a draw.", "Remise: de spelers hebben remise afgesproken.", "Remis: die Spieler haben sich auf Remis geeinigt."}},
		{"repetition", pos(engine.English, "B:WK18:BK3"), engine.Status{Result: engine.Drawn, Reason: engine.Repetition},
			0, want{"Draw: the same position appeared three times with the same player to move.", "Remise: dezelfde stand kwam drie keer voor, met dezelfde speler aan zet.", "Remis: dieselbe Stellung kam drei Mal vor, mit demselben Spieler am Zug."}},
		{"40-move rule", pos(engine.English, "B:WK25,K32:BK1,K5"), engine.Status{Result: engine.Drawn, Reason: engine.QuietMoves},
			0, want{"Draw: 40 moves each without a capture or a man moving (the 40-move rule).", "Remise: 40 zetten per speler zonder slag of schijfzet (de 40-zettenregel).", "Remis: 40 Züge je Spieler ohne Schlag und ohne Zug mit einem Stein (die 40-Züge-Regel)."}},
		{"move limit", pos(engine.English, engine.English.StartFEN), engine.Status{Result: engine.Drawn, Reason: engine.MoveLimit},
			100, want{"Draw: 100 moves each were played.", "Remise: er zijn 100 zetten per speler gespeeld.", "Remis: es wurden 100 Züge je Spieler gespielt."}},
		{"kings only", pos(engine.International, "W:WK46,K50:BK1,K5"), engine.Status{Result: engine.Drawn, Reason: engine.KingsOnly},
			0, want{"Draw: 25 moves each with only kings moving and no capture.", "Remise: 25 zetten per speler met alleen dammen en zonder slag.", "Remis: 25 Züge je Spieler nur mit Damen und ohne Schlag."}},
		{"three kings against one (Russian)", pos(engine.Russian, "B:WK29,K31,K32:BK1"), engine.Status{Result: engine.Drawn, Reason: engine.ThreeKingsVsKing},
			0, want{"Draw: White could not capture the lone black king within 15 moves.", "Remise: Wit kon de losse dam van Zwart niet slaan binnen 15 zetten.", "Remis: Weiß konnte die einzelne Dame von Schwarz nicht innerhalb von 15 Zügen schlagen."}},
		{"three pieces against one (International)", pos(engine.International, "B:WK46,K47,K48:BK3"), engine.Status{Result: engine.Drawn, Reason: engine.ThreeKingsVsKing},
			0, want{"Draw: White could not capture the lone black king within 16 moves each.", "Remise: Wit kon de losse dam van Zwart niet slaan binnen 16 zetten per speler.", "Remis: Weiß konnte die einzelne Dame von Schwarz nicht innerhalb von 16 Zügen je Spieler schlagen."}},
		{"small ending", pos(engine.Russian, "W:WK29,K31:BK1"), engine.Status{Result: engine.Drawn, Reason: engine.SmallEnding},
			0, want{"Draw: White could not capture the lone black king within 5 moves.", "Remise: Wit kon de losse dam van Zwart niet slaan binnen 5 zetten.", "Remis: Weiß konnte die einzelne Dame von Schwarz nicht innerhalb von 5 Zügen schlagen."}},
		{"a king each", pos(engine.Russian, "W:WK29:BK1"), engine.Status{Result: engine.Drawn, Reason: engine.SmallEnding},
			0, want{"Draw: only a king each was left, and neither could win within 5 moves.", "Remise: er bleef ieder maar één dam over, en niemand kon winnen binnen 5 zetten.", "Remis: jeder hatte nur noch eine Dame, und keiner konnte innerhalb von 5 Zügen gewinnen."}},
		{"piece count", pos(engine.Russian, "W:WK30,21:BK3,12"), engine.Status{Result: engine.Drawn, Reason: engine.PieceCount},
			0, want{"Draw: 30 moves each without a capture or a new king, with 4 pieces on the board.", "Remise: 30 zetten per speler zonder slag of nieuwe dam, met 4 stukken op het bord.", "Remis: 30 Züge je Spieler ohne Schlag und ohne neue Dame, mit 4 Steinen auf dem Brett."}},
		{"long diagonal", pos(engine.Russian, "B:WK31,K32,30:BK11"), engine.Status{Result: engine.Drawn, Reason: engine.LongDiagonal},
			0, want{"Draw: the lone black king held the long diagonal and White could not capture it within 5 moves.", "Remise: de losse dam van Zwart hield de lange diagonaal, en Wit kon hem niet slaan binnen 5 zetten.", "Remis: die einzelne Dame von Schwarz hielt die lange Diagonale, und Weiß konnte sie nicht innerhalb von 5 Zügen schlagen."}},
		{"to move, must capture", pos(engine.English, "W:W22:B18,3"), engine.Status{Turn: engine.White, MustCapture: true},
			0, want{"White to move. White must capture.", "Wit is aan zet. Wit moet slaan.", "Weiß ist am Zug. Weiß muss schlagen."}},
		{"quiet countdown", pos(engine.English, "W:WK25,K32:BK1,K5"), engine.Status{Turn: engine.White, DrawRule: engine.QuietMoves, MovesLeft: 1},
			0, want{"White to move. 1 more move each without a capture or a man moving and the game is drawn.", "Wit is aan zet. Nog 1 zet per speler zonder slag of schijfzet en het is remise.", "Weiß ist am Zug. Noch 1 Zug je Spieler ohne Schlag und ohne Zug mit einem Stein, dann ist es Remis."}},
		{"move limit countdown", pos(engine.English, engine.English.StartFEN), engine.Status{Turn: engine.Black, DrawRule: engine.MoveLimit, MovesLeft: 3},
			100, want{"Black to move. 3 more moves each and the game is drawn by the move limit.", "Zwart is aan zet. Nog 3 zetten per speler en het is remise door de zettenlimiet.", "Schwarz ist am Zug. Noch 3 Züge je Spieler, dann ist es Remis wegen der Zuggrenze."}},
		{"hunter's countdown", pos(engine.Russian, "W:WK29,K31,K32:BK1"), engine.Status{Turn: engine.White, DrawRule: engine.ThreeKingsVsKing, MovesLeft: 2},
			0, want{"White to move. White has 2 more moves to capture the lone black king, or the game is drawn.", "Wit is aan zet. Wit heeft nog 2 zetten om de losse dam van Zwart te slaan, anders is het remise.", "Weiß ist am Zug. Weiß hat noch 2 Züge, um die einzelne Dame von Schwarz zu schlagen, sonst ist es Remis."}},
		{"countdown for each side", pos(engine.International, "B:WK46,36:BK3"), engine.Status{Turn: engine.Black, DrawRule: engine.SmallEnding, MovesLeft: 1},
			0, want{"Black to move. 1 more move each for White to capture the lone black king, or the game is drawn.", "Zwart is aan zet. Nog 1 zet per speler voor Wit om de losse dam van Zwart te slaan, anders is het remise.", "Schwarz ist am Zug. Noch 1 Zug je Spieler für Weiß, um die einzelne Dame von Schwarz zu schlagen, sonst ist es Remis."}},
		{"a king each countdown", pos(engine.Russian, "W:WK29:BK1"), engine.Status{Turn: engine.White, DrawRule: engine.SmallEnding, MovesLeft: 1},
			0, want{"White to move. A king each: 1 more move and the game is drawn.", "Wit is aan zet. Ieder één dam: nog 1 zet en het is remise.", "Weiß ist am Zug. Jeder hat eine Dame: noch 1 Zug, dann ist es Remis."}},
		{"long diagonal countdown", pos(engine.Russian, "W:WK31,K32,30:BK11"), engine.Status{Turn: engine.White, DrawRule: engine.LongDiagonal, MovesLeft: 4},
			0, want{"White to move. White has 4 more moves to capture the lone black king on the long diagonal, or the game is drawn.", "Wit is aan zet. Wit heeft nog 4 zetten om de losse dam van Zwart op de lange diagonaal te slaan, anders is het remise.", "Weiß ist am Zug. Weiß hat noch 4 Züge, um die einzelne Dame von Schwarz auf der langen Diagonale zu schlagen, sonst ist es Remis."}},
		{"kings-only countdown", pos(engine.Russian, "W:WK29,K31:BK2,K4"), engine.Status{Turn: engine.White, DrawRule: engine.KingsOnly, MovesLeft: 2},
			0, want{"White to move. 2 more moves each with only kings moving and no capture and the game is drawn.", "Wit is aan zet. Nog 2 zetten per speler met alleen dammen en zonder slag en het is remise.", "Weiß ist am Zug. Noch 2 Züge je Spieler nur mit Damen und ohne Schlag, dann ist es Remis."}},
		{"piece-count countdown", pos(engine.Russian, "W:WK30,21:BK3,12"), engine.Status{Turn: engine.White, DrawRule: engine.PieceCount, MovesLeft: 1},
			0, want{"White to move. 1 more move each without a capture or a new king and the game is drawn.", "Wit is aan zet. Nog 1 zet per speler zonder slag of nieuwe dam en het is remise.", "Weiß ist am Zug. Noch 1 Zug je Spieler ohne Schlag und ohne neue Dame, dann ist es Remis."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for lang, w := range map[string]string{"en": c.want.en, "nl": c.want.nl, "de": c.want.de} {
				words := Words{Names: ColorNamesIn(lang, engine.DefaultColorNames), Language: lang}
				if got := words.StatusText(c.st, &c.p, c.limit); got != w {
					t.Errorf("%s: %q\nwant %q", lang, got, w)
				}
			}
		})
	}
}

// TestGameSession_StatusInTheLearnersLanguage checks that a game's view
// and its end are reported in Words.Language, and that a saved game keeps
// its language.
func TestGameSession_StatusInTheLearnersLanguage(t *testing.T) {
	words := Words{Names: ColorNamesIn("de", engine.RedAndWhite), Language: "de"}
	var over engine.Status
	g, err := NewGameSession(GameConfig{Mode: TwoPlayers, Words: words},
		GameCallbacks{OnGameOver: func(st engine.Status) { over = st }}, GameDeps{})
	must(t, err)
	defer g.Close()
	if got := g.View().Status.Text; got != "Rot ist am Zug." {
		t.Errorf("view: %q", got)
	}
	r, err := ResumeGame(g.Save(), GameCallbacks{}, GameDeps{})
	must(t, err)
	defer r.Close()
	if got := r.Status().Text; got != "Rot ist am Zug." {
		t.Errorf("resumed: %q", got)
	}
	must(t, g.Resign())
	if over.Text != "Weiß gewinnt: Rot hat aufgegeben." {
		t.Errorf("game over: %q", over.Text)
	}
	if !strings.Contains(g.PDN("", ""), "Player 1") {
		t.Errorf("PDN without the players' names")
	}
}
