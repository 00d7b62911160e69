package puzzles

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/checkerstutor/checkers/engine"
)

var rewriteTexts = flag.Bool("puzzles.rewrite-texts", false,
	"write the generated texts of packs/*-tactics.toml again with GeneratedTexts (after a change of the templates)")

// TestRewriteGeneratedTexts writes the titles, hints and explanations of
// the generated packs again from today's templates, keeping the comment,
// the positions and the lines: go test ./puzzles -run
// TestRewriteGeneratedTexts -puzzles.rewrite-texts. Format writes a pack
// back byte for byte, so only the texts that changed show in git diff.
func TestRewriteGeneratedTexts(t *testing.T) {
	if !*rewriteTexts {
		t.Skip("-puzzles.rewrite-texts not set")
	}
	files, err := filepath.Glob("packs/*-tactics.toml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated packs: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		pk, errs := Load(filepath.Base(file), data)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if !bytesEqual(Format(pk, packComment(data)), data) {
			t.Fatalf("%s: Format does not give the file back as it is; not rewriting it", file)
		}
		for _, pz := range pk.Puzzles {
			en, err := GeneratedTexts(pz, "en")
			if err != nil {
				t.Fatal(err)
			}
			pz.Texts = en
			for _, lang := range GeneratedLanguages {
				if pz.Text[lang], err = GeneratedTexts(pz, lang); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := os.WriteFile(file, Format(pk, packComment(data)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

// packComment is the comment at the top of a pack file, as Format takes it.
func packComment(data []byte) string {
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "#") {
			break
		}
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(l, "#"), " "))
	}
	return strings.Join(lines, "\n")
}

// titleIn returns the puzzle's title in lang ("en" or a translation).
func titleIn(pz *Puzzle, lang string) string {
	if lang == "en" {
		return pz.Title
	}
	return pz.Text[lang].Title
}

// TestBundled_GeneratedTitlesVaried checks that a learner going through a
// generated pack does not meet the same title again and again: in every
// language, no title names more than 5% of the pack's puzzles (or 3,
// whichever is more).
func TestBundled_GeneratedTitlesVaried(t *testing.T) {
	packs, _ := Bundled()
	n := 0
	for _, pk := range packs {
		if !generatedPack(pk) {
			continue
		}
		n++
		limit := max(3, len(pk.Puzzles)/20)
		for _, lang := range append([]string{"en"}, GeneratedLanguages...) {
			count := map[string]int{}
			for _, pz := range pk.Puzzles {
				count[titleIn(pz, lang)]++
			}
			for title, c := range count {
				if c > limit {
					t.Errorf("%s in %s: %q names %d of %d puzzles, more than %d", pk.ID, lang, title, c, len(pk.Puzzles), limit)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no generated packs")
	}
}

// squareWord finds what may name a square in a text: a number ("27") or
// an algebraic square ("f2").
var squareWord = regexp.MustCompile(`\b[a-j]?\d+\b`)

// TestBundled_GeneratedTitlesKeepTheSolution checks that every generated
// puzzle has a title in each language, different from the English in the
// translations, with every verb filled in, and that no title names the
// square the first move lands on: a title tells the idea, not the move.
func TestBundled_GeneratedTitlesKeepTheSolution(t *testing.T) {
	packs, _ := Bundled()
	for _, pk := range packs {
		if !generatedPack(pk) {
			continue
		}
		for _, pz := range pk.Puzzles {
			first, err := pz.Position.ParseMove(pz.Solution[0])
			if err != nil {
				t.Fatal(err)
			}
			for _, lang := range append([]string{"en"}, GeneratedLanguages...) {
				title := titleIn(pz, lang)
				switch {
				case title == "" || strings.Contains(title, "%!"):
					t.Errorf("%s/%s in %s: title %q", pk.ID, pz.ID, lang, title)
				case lang != "en" && title == pz.Title:
					t.Errorf("%s/%s in %s: title %q is the English one", pk.ID, pz.ID, lang, title)
				}
				landing := squareName(pk.Variant, first.To)
				for _, sq := range squareWord.FindAllString(title, -1) {
					if sq == landing {
						t.Errorf("%s/%s in %s: title %q names %s, where the first move %s lands", pk.ID, pz.ID, lang, title, sq, pz.Solution[0])
					}
				}
			}
		}
	}
}

// TestGenerate_TitlesAreThePacks checks that the generator's describe
// gives each bundled generated puzzle the titles its pack holds: new packs
// and rewritten ones are named by the same function.
func TestGenerate_TitlesAreThePacks(t *testing.T) {
	packs, _ := Bundled()
	for _, pk := range packs {
		if !generatedPack(pk) {
			continue
		}
		for _, pz := range pk.Puzzles {
			p := pz.Position
			line := make([]engine.Move, len(pz.Solution))
			for i, s := range pz.Solution {
				m, err := p.ParseMove(s)
				if err != nil {
					t.Fatal(err)
				}
				line[i] = m
				p.Play(&m)
			}
			fresh := &Puzzle{Position: pz.Position, Goal: pz.Goal}
			describe(fresh, line, len(line))
			for _, lang := range append([]string{"en"}, GeneratedLanguages...) {
				if got, want := titleIn(fresh, lang), titleIn(pz, lang); got != want {
					t.Errorf("%s/%s in %s: the generator names it %q, the pack %q", pk.ID, pz.ID, lang, got, want)
				}
			}
		}
	}
}

// TestGeneratedTitles_SameFormsInEveryLanguage checks that each language
// has exactly the title forms of English, so a puzzle's titles say the
// same thing in every language.
func TestGeneratedTitles_SameFormsInEveryLanguage(t *testing.T) {
	keys := func(tw *titleWords) string {
		var ks []string
		for k := range tw.forms {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return strings.Join(ks, " ")
	}
	want := keys(titleTexts["en"])
	for _, lang := range GeneratedLanguages {
		tw, ok := titleTexts[lang]
		if !ok {
			t.Fatalf("no title forms in %s", lang)
		}
		if got := keys(tw); got != want {
			t.Errorf("title forms in %s:\n%s\nwant those of English:\n%s", lang, got, want)
		}
	}
}

// playLine plays the moves from the FEN and returns the position and the
// line.
func playLine(t *testing.T, v *engine.Variant, fen string, moves ...string) (engine.Position, []engine.Move) {
	t.Helper()
	p, err := engine.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	var line []engine.Move
	q := p
	for _, s := range moves {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		line = append(line, m)
		q.Play(&m)
	}
	return p, line
}

// TestGeneratedTitles_NameTheLine checks which forms fit a line and the
// details they name: the square of the biggest capture, where a man
// crowns (in Russian draughts on the way of a capture, not where it
// ends), and that the same line always hashes the same.
func TestGeneratedTitles_NameTheLine(t *testing.T) {
	for _, c := range []struct {
		name        string
		v           *engine.Variant
		fen         string
		line        []string
		keys        string
		strike, crn engine.Square
	}{
		{"two for one, the second capture lands on 9", engine.English, "W:W18,19,21,23,26:B10,11,13,14,22",
			[]string{"26x17", "13x22", "18x9"}, "trade.on trade.give", 9, 0},
		{"a sacrifice, then four pieces at once, crowning on 2 on the way to 31", engine.Russian, "W:W14,18,20:B7,11,16,21,26",
			[]string{"18-15", "11x9", "20x31"}, "trade.on trade.give trade.shot crown crown.up multi", 31, 2},
		{"a double threat; the man crowns on 30 and captures on to 19", engine.Russian, "B:W13,20,22,25,26,29,31:B1,2,3,4,6,15,17",
			[]string{"17-21", "26-23", "21x19"}, "fork.on fork.take fork.won crown crown.up", 19, 30},
	} {
		p, line := playLine(t, c.v, c.fen, c.line...)
		f := readLine(p, line)
		if got := strings.Join(f.titleKeys(), " "); got != c.keys {
			t.Errorf("%s: forms %s, want %s", c.name, got, c.keys)
		}
		if f.strikeSq != c.strike || f.crownSq != c.crn {
			t.Errorf("%s: capture on %d, crowning on %d; want %d and %d", c.name, f.strikeSq, f.crownSq, c.strike, c.crn)
		}
		if g := readLine(p, line); g.seed != f.seed {
			t.Errorf("%s: the same line hashes to %x and %x", c.name, f.seed, g.seed)
		}
	}
}

// TestGeneratedTitles_WordForWord checks every form of a two for one and
// of a shot that crowns on the way, in each language.
func TestGeneratedTitles_WordForWord(t *testing.T) {
	for _, c := range []struct {
		v    *engine.Variant
		fen  string
		line []string
		gain int
		want map[string][]string
	}{
		{engine.English, "W:W18,19,21,23,26:B10,11,13,14,22", []string{"26x17", "13x22", "18x9"}, 1, map[string][]string{
			"en": {"Two for one on 9", "Give one, take two, land on 9"},
			"nl": {"Twee voor één op 9", "Geef er één, sla er twee, tot 9"},
			"de": {"Zwei für einen auf 9", "Gib einen, schlag zwei, bis 9"},
		}},
		{engine.Russian, "W:W14,18,20:B7,11,16,21,26", []string{"18-15", "11x9", "20x31"}, 2, map[string][]string{
			// Russian squares are algebraic: 31 is e1, 2 is d8.
			"en": {"Four for two on e1", "Give two, take four, land on e1", "A shot to e1: four for two",
				"Break through to a king on d8", "Crown on d8 and win two men", "Take four at once on e1"},
			"nl": {"Vier voor twee op e1", "Geef er twee, sla er vier, tot e1", "Combinatie naar e1: vier voor twee",
				"Doorbraak naar dam op d8", "Naar dam op d8 en win twee schijven", "Vier in één slag, tot e1"},
			"de": {"Vier für zwei auf e1", "Gib zwei, schlag vier, bis e1", "Kombination bis e1: vier für zwei",
				"Durchbruch zur Dame auf d8", "Mach eine Dame auf d8 und gewinne zwei Steine", "Vier auf einen Schlag, bis e1"},
		}},
	} {
		p, line := playLine(t, c.v, c.fen, c.line...)
		f := readLine(p, line)
		for lang, titles := range c.want {
			if len(titles) != len(f.titleKeys()) {
				t.Fatalf("%s: %d forms fit, %d expected", lang, len(f.titleKeys()), len(titles))
			}
			for i, title := range titles {
				f.seed = uint64(i)
				if got := genTexts[lang].title(lang, f, c.gain); got != title {
					t.Errorf("%s form %d: %q, want %q", lang, i, got, title)
				}
			}
		}
	}
}
