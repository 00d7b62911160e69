package puzzles

import (
	"regexp"
	"strings"
	"testing"

	"github.com/checkerstutor/checkers/engine"
)

// textsIn returns the title, hints and explanation of pz in lang ("en" or
// a translation), as the learner reads them.
func textsIn(pz *Puzzle, lang string) []string {
	t := pz.Texts
	if lang != "en" {
		t = pz.Text[lang]
	}
	return append([]string{t.Title, t.Explanation}, t.Hints...)
}

// numberedSquare finds squares or moves written in numbers: "on 18",
// "auf 18", "op 18", "18x9", "18-15", or any number standing alone.
var numberedSquare = regexp.MustCompile(`\b(on|op|auf|an|aan|tot|bis|to|naar)\s+\d+\b|\b\d+[x:-]\d+\b|\b\d+\b`)

// algebraicMove is a move in Russian notation: "c3-d4", "e3:g5", "c3:e5:g7".
var algebraicMove = regexp.MustCompile(`\b[a-h][1-8]([-:][a-h][1-8])+\b`)

// numericMove is a move in PDN numbers: "22-18", "18x9".
var numericMove = regexp.MustCompile(`\b\d+[x-]\d+\b`)

// TestBundled_RussianTextsNameSquaresAlgebraically checks that the
// generated Russian pack, in every language, names squares and moves as
// Russian players write them (c3, c3-d4, e3:g5) and never in PDN numbers,
// which the board (labelled a-h, 1-8) does not show; and that English and
// International packs keep the numbers.
func TestBundled_RussianTextsNameSquaresAlgebraically(t *testing.T) {
	packs, _ := Bundled()
	seen := map[string]bool{}
	for _, pk := range packs {
		if !generatedPack(pk) {
			continue
		}
		seen[pk.Variant.Name] = true
		for _, pz := range pk.Puzzles {
			for _, lang := range append([]string{"en"}, GeneratedLanguages...) {
				texts := textsIn(pz, lang)
				explanation := texts[1]
				switch pk.Variant {
				case engine.Russian:
					for _, s := range texts {
						if bad := numberedSquare.FindString(s); bad != "" {
							t.Errorf("%s/%s in %s: %q names a square in numbers (%q)", pk.ID, pz.ID, lang, s, bad)
						}
					}
					if !algebraicMove.MatchString(explanation) {
						t.Errorf("%s/%s in %s: explanation %q quotes no move in algebraic notation", pk.ID, pz.ID, lang, explanation)
					}
				default:
					if algebraicMove.MatchString(explanation) || !numericMove.MatchString(explanation) {
						t.Errorf("%s/%s in %s: explanation %q does not quote its moves in numbers", pk.ID, pz.ID, lang, explanation)
					}
				}
			}
		}
	}
	for _, v := range engine.Variants() {
		if !seen[v.Name] {
			t.Errorf("no generated %s pack", v.Name)
		}
	}
}

// TestGeneratedTexts_RussianSquares checks the squares and moves of one
// Russian puzzle word for word. W:W18,20,22,26,30:B7,10,12,13,14,24 with
// 18x9 13x6 20x27 is, on the board, d4:b6 a5:c7 h4:f2 (rules.md: 1 = b8,
// 5 = a7, 29 = a1); its solution stays in PDN numbers.
func TestGeneratedTexts_RussianSquares(t *testing.T) {
	packs, _ := Bundled()
	var pz *Puzzle
	for _, pk := range packs {
		if pk.ID == "russian-tactics" {
			for _, q := range pk.Puzzles {
				if q.ID == "ru-001" {
					pz = q
				}
			}
		}
	}
	if pz == nil {
		t.Fatal("no puzzle ru-001 in russian-tactics")
	}
	if got := strings.Join(pz.Solution, " "); got != "18x9 13x6 20x27" {
		t.Fatalf("ru-001 solution %q: not the puzzle this test knows", got)
	}
	want := map[string][]string{
		"en": {"Two for one on f2", "Look at the man on d4.", "The capture d4:b6", "take back with a5:c7", "Then h4:f2 takes"},
		"nl": {"Twee voor één op f2", "Kijk naar de schijf op d4.", "De slag d4:b6", "terugslaan met a5:c7", "Dan slaat h4:f2"},
		"de": {"Zwei für einen auf f2", "Schau dir den Stein auf d4 an.", "Der Schlag d4:b6", "muss mit a5:c7", "Dann nimmt h4:f2"},
	}
	for lang, parts := range want {
		fresh, err := GeneratedTexts(pz, lang)
		if err != nil {
			t.Fatal(err)
		}
		for name, texts := range map[string][]string{"pack": textsIn(pz, lang),
			"generator": append([]string{fresh.Title, fresh.Explanation}, fresh.Hints...)} {
			all := strings.Join(texts, "\n")
			for _, p := range parts {
				if !strings.Contains(all, p) {
					t.Errorf("%s, %s texts of ru-001: no %q in\n%s", lang, name, p, all)
				}
			}
		}
	}
}
