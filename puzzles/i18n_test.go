package puzzles

import (
	"reflect"
	"strings"
	"testing"
)

// TestBundled_EveryPuzzleInDutchAndGerman checks that every bundled pack
// and puzzle has its own Dutch and German texts: the pack's title and
// description, and each puzzle's title, and its hints and explanation
// where the English has them, with as many hints as the English.
func TestBundled_EveryPuzzleInDutchAndGerman(t *testing.T) {
	packs, errs := Bundled()
	for _, e := range errs {
		t.Error(e)
	}
	if len(packs) == 0 {
		t.Fatal("no bundled packs")
	}
	for _, pk := range packs {
		for _, lang := range []string{"nl", "de"} {
			pt, ok := pk.Text[lang]
			if !ok || pt.Title == "" || pt.Title == pk.Title || (pk.Description != "" && pt.Description == "") {
				t.Errorf("%s: no %s title and description (%+v)", pk.ID, lang, pt)
			}
			for _, pz := range pk.Puzzles {
				tr, ok := pz.Text[lang]
				switch {
				case !ok || tr.Title == "":
					t.Errorf("%s/%s: no %s title", pk.ID, pz.ID, lang)
				case pz.Explanation != "" && (tr.Explanation == "" || tr.Explanation == pz.Explanation):
					t.Errorf("%s/%s: no %s explanation", pk.ID, pz.ID, lang)
				case len(tr.Hints) != len(pz.Texts.Hints):
					t.Errorf("%s/%s: %d %s hints for %d English ones", pk.ID, pz.ID, len(tr.Hints), lang, len(pz.Texts.Hints))
				}
			}
		}
	}
}

// TestBundled_GeneratedTextsFollowTheTemplates checks that the texts of
// the generated packs, English and translated, are what GeneratedTexts
// writes from each solution line today: a change of the templates must
// be written into the packs (with GeneratedTexts, without generating
// them again).
func TestBundled_GeneratedTextsFollowTheTemplates(t *testing.T) {
	packs, _ := Bundled()
	n := 0
	for _, pk := range packs {
		if !generatedPack(pk) {
			continue
		}
		for _, pz := range pk.Puzzles {
			n++
			for _, lang := range append([]string{"en"}, GeneratedLanguages...) {
				want, err := GeneratedTexts(pz, lang)
				if err != nil {
					t.Fatal(err)
				}
				got := pz.Texts
				if lang != "en" {
					got = pz.Text[lang]
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s/%s in %s:\n got %+v\nwant %+v", pk.ID, pz.ID, lang, got, want)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no generated puzzles")
	}
}

// TestGeneratedTexts_SpeakEachLanguage checks a two-for-one shot's texts
// in each language, word for word.
func TestGeneratedTexts_SpeakEachLanguage(t *testing.T) {
	pk, errs := Load("t.toml", []byte(`id = "t"
title = "t"
variant = "english"

[[puzzle]]
id = "a"
title = "a"
fen = "W:W18,19,21,23,26:B10,11,13,14,22"
goal = "gain"
gain = 1
solution = ["26x17", "13x22", "18x9"]
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	pz := pk.Puzzles[0]
	for _, c := range []struct{ lang, title, look, end string }{
		{"en", "Two for one on 9", "Look at the man on 26.", "White is one piece up."},
		{"nl", "Twee voor één op 9", "Kijk naar de schijf op 26.", "Wit staat één stuk voor."},
		{"de", "Zwei für einen auf 9", "Schau dir den Stein auf 26 an.", "Weiß hat einen Stein mehr."},
	} {
		tx, err := GeneratedTexts(pz, c.lang)
		if err != nil {
			t.Fatal(err)
		}
		if tx.Title != c.title || len(tx.Hints) != 2 || tx.Hints[1] != c.look || !strings.HasSuffix(tx.Explanation, c.end) {
			t.Errorf("%s: %+v", c.lang, tx)
		}
	}
	if _, err := GeneratedTexts(pz, "fr"); err == nil {
		t.Error("GeneratedTexts in French gave no error")
	}
}
