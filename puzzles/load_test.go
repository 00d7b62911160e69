package puzzles

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

const header = `id = "test"
title = "Test pack"
variant = "english"
`

// one builds a pack file with one puzzle made of the given lines.
func one(lines ...string) string {
	return header + "\n[[puzzle]]\n" + strings.Join(lines, "\n") + "\n"
}

const goodPuzzle = `id = "shot"
title = "Two for one"
fen = "W:W21,28,32:B18,20"
goal = "win"
solution = ["28-24", "20x27", "32x14"]`

func TestLoad_ErrorMessages(t *testing.T) {
	tests := []struct {
		name string
		file string
		want []string
	}{
		{"syntax error names the line", header + "title = \n", []string{
			`test.toml:4: not valid TOML: expected value but found '\n' instead (after key "title")`}},
		{"unknown header key with suggestion", header + "licence = \"x\"\n" + "\n[[puzzle]]\n" + goodPuzzle + "\n", []string{
			`test.toml:4: unknown key "licence" (did you mean "license"?)`}},
		{"unknown puzzle key", one(goodPuzzle, `soluton = ["1-5"]`), []string{
			`test.toml:11: puzzle "shot": unknown key "soluton" (did you mean "solution"?)`}},
		{"unknown translation key", one(goodPuzzle, "[puzzle.text.nl]", `titel = "x"`), []string{
			`test.toml:12: puzzle "shot": unknown key "text.nl.titel" (did you mean "title"?)`}},
		{"wrong type", one(`id = "g"`, `title = "G"`, `fen = "W:W22,23:B18,11"`, `goal = "gain"`, `gain = "two"`, `solution = ["22x15"]`), []string{
			`test.toml:10: puzzle "g": gain must be a whole number, not a string ("two")`}},
		{"illegal solution move", one(`id = "shot-07"`, `title = "T"`, `fen = "W:W22,23:B18,11"`, `goal = "gain"`, `gain = 1`,
			`solution = ["22x13"]`), []string{
			`test.toml:11: puzzle "shot-07": solution move 1 "22x13" is not legal here; legal captures are 22x8, 23x14`}},
		{"illegal move later in the line", one(`id = "s"`, `title = "T"`, `fen = "W:W21,28,32:B18,20"`, `goal = "win"`,
			`solution = ["28-24", "20x27", "32x5"]`), []string{
			`test.toml:10: puzzle "s": solution move 3 "32x5" is not legal here; the only legal capture is 32x14`}},
		{"bad FEN", one(`id = "f"`, `title = "T"`, `fen = "W:W99:B1"`, `goal = "win"`, `solution = ["1-5"]`), []string{
			`test.toml:8: puzzle "f": FEN "W:W99:B1": white piece "99": square 99 is off the board (squares are 1-32)`}},
		{"man on its crowning row", one(`id = "c"`, `title = "T"`, `fen = "W:W1,22:B18"`, `goal = "win"`, `solution = ["22x15"]`), []string{
			`test.toml:8: puzzle "c": the position is not legal: white man on 1 stands on White's crowning row: it would be a king (write K1)`}},
		{"side to move cannot move", one(`id = "m"`, `title = "T"`, `fen = "W:W29:B25,22"`, `goal = "win"`, `solution = ["29-25"]`), []string{
			`test.toml:8: puzzle "m": the position is not legal: white is to move but has no legal move: the game is already over`}},
		{"unknown goal", one(`id = "u"`, `title = "T"`, `fen = "W:W22,23:B18,11"`, `goal = "wim"`, `solution = ["22x15"]`), []string{
			`test.toml:9: puzzle "u": unknown goal "wim": use one of win, gain, capture-all, crown, reach, any-legal, draw`}},
		{"parameter of another goal", one(`id = "p"`, `title = "T"`, `fen = "W:W21,28,32:B18,20"`, `goal = "win"`, `gain = 2`,
			`solution = ["28-24", "20x27", "32x14"]`), []string{
			`test.toml:10: puzzle "p": gain is not used by goal "win"`}},
		{"gain not reached", one(`id = "g2"`, `title = "T"`, `fen = "W:W19,24,25,30,31:B7,17,18"`, `goal = "gain"`, `gain = 2`,
			`solution = ["25-22", "18x25", "30x14"]`), []string{
			`test.toml:11: puzzle "g2": solution wins 1 piece, but the goal is to gain 2`}},
		{"line stops during an exchange", one(`id = "x"`, `title = "T"`, `fen = "W:W22,30:B8,11,18"`, `goal = "gain"`, `gain = 1`,
			`solution = ["22x15"]`), []string{
			`test.toml:11: puzzle "x": solution stops while black can still capture (11x18); continue it until the captures are over`}},
		{"line ends with the opponent", one(`id = "e"`, `title = "T"`, `fen = "W:W21,28,32:B18,20"`, `goal = "win"`,
			`solution = ["28-24", "20x27"]`), []string{
			`test.toml:10: puzzle "e": solution ends with the opponent's move; end it with the learner's move`}},
		{"capture-all misses a capture", one(`id = "d"`, `title = "T"`, `fen = "W:W22,23,27:B18,19"`, `goal = "capture-all"`,
			`solution = ["22x15", "23x14"]`), []string{
			`test.toml:10: puzzle "d": the solution of a "capture-all" puzzle must list every capture; missing: 23x16`}},
		{"crown not reached in time", one(`id = "k"`, `title = "T"`, `fen = "W:W14,27:B3"`, `goal = "crown"`, `moves = 1`,
			`solution = ["14-10", "3-8", "10-6"]`), []string{
			`test.toml:11: puzzle "k": no move of the solution crowns a man within 1 moves`}},
		{"any-legal of the wrong kind", one(`id = "a"`, `title = "T"`, `fen = "W:W21,K18:B3"`, `goal = "any-legal"`, `kind = "king"`,
			`solution = ["21-17"]`), []string{
			`test.toml:11: puzzle "a": solution move 1 "21-17" is not a king move`}},
		{"duplicate id", header + "\n[[puzzle]]\n" + goodPuzzle + "\n\n[[puzzle]]\n" + goodPuzzle + "\n", []string{
			`test.toml:12: puzzle "shot": duplicate puzzle id: puzzle #1 (line 5) has the same id`}},
		{"missing id", one(`title = "T"`, `fen = "W:W21,28,32:B18,20"`, `goal = "win"`, `solution = ["28-24", "20x27", "32x14"]`), []string{
			`test.toml:5: puzzle #1: the puzzle has no id`}},
		{"unknown variant", "id = \"v\"\ntitle = \"V\"\nvariant = \"chess\"\n", []string{
			`test.toml:3: unknown variant "chess": use english, russian or international`}},
		{"text too long", one(goodPuzzle, `explanation = "`+strings.Repeat("a", MaxTextLength+1)+`"`), []string{
			`test.toml:11: puzzle "shot": explanation is 2001 characters long; the limit is 2000`}},
		{"too many hints", one(goodPuzzle, `hints = ["a", "b", "c", "d"]`), []string{
			`test.toml:11: puzzle "shot": hints has 4 texts; the limit is 3 (piece, target, move)`}},
		{"solution too long", one(`id = "l"`, `title = "T"`, `fen = "W:WK32:BK1"`, `goal = "draw"`,
			`solution = [`+strings.Repeat(`"32-28", "1-5", "28-32", "5-1", `, 51)+`"32-28"]`), []string{
			`test.toml:10: puzzle "l": solution has 205 moves; the limit is 200`}},
		{"no puzzles", header, []string{
			`test.toml: the pack has no puzzles: add [[puzzle]] tables`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errs := Load("test.toml", []byte(tt.file))
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.want)
			}
			for _, e := range errs {
				if _, ok := e.(*Error); !ok {
					t.Errorf("error %v is a %T, want *Error", e, e)
				}
			}
		})
	}
}

func TestLoad_FileTooLarge(t *testing.T) {
	data := []byte(header + "# " + strings.Repeat("x", MaxFileSize) + "\n")
	pk, errs := Load("big.toml", data)
	want := fmt.Sprintf("big.toml: the file is %d bytes; the limit is 1048576 bytes (1 MiB)", len(data))
	if pk != nil || len(errs) != 1 || errs[0].Error() != want {
		t.Fatalf("Load = %v, %v; want nil, %q", pk, errs, want)
	}
}

func TestLoad_TooManyPuzzles(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(header)
	for i := 0; i <= MaxPuzzles; i++ {
		sb.WriteString("\n[[puzzle]]\n" + strings.Replace(goodPuzzle, `"shot"`, fmt.Sprintf(`"p%d"`, i), 1) + "\n")
	}
	pk, errs := Load("many.toml", []byte(sb.String()))
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "the pack has 2001 puzzles; the limit is 2000 (the rest are not loaded)") {
		t.Fatalf("errors = %v", errs)
	}
	if len(pk.Puzzles) != MaxPuzzles {
		t.Errorf("loaded %d puzzles, want %d", len(pk.Puzzles), MaxPuzzles)
	}
}

// A bad puzzle never stops the others from loading.
func TestLoad_BadPuzzleDoesNotStopOthers(t *testing.T) {
	file := header + "\n[[puzzle]]\n" + goodPuzzle + "\n\n[[puzzle]]\nid = \"bad\"\ntitle = \"B\"\nfen = \"W:W22:B18\"\ngoal = \"win\"\nsolution = [\"22-17\"]\n" +
		"\n[[puzzle]]\n" + strings.Replace(goodPuzzle, `"shot"`, `"shot-2"`, 1) + "\n"
	pk, errs := Load("mixed.toml", []byte(file))
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `mixed.toml:17: puzzle "bad": solution move 1 "22-17" is not legal here`) {
		t.Fatalf("errors = %v", errs)
	}
	var ids []string
	for _, pz := range pk.Puzzles {
		ids = append(ids, pz.ID)
	}
	if !reflect.DeepEqual(ids, []string{"shot", "shot-2"}) {
		t.Errorf("loaded %v, want [shot shot-2]", ids)
	}
}

// Decoding, encoding and decoding again gives the same pack.
func TestFormat_RoundTrip(t *testing.T) {
	packs, errs := Bundled()
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, pk := range packs {
		data, err := Encode(pk)
		if err != nil {
			t.Fatalf("%s: %v", pk.File, err)
		}
		again, errs := Load(pk.File, data)
		if len(errs) > 0 {
			t.Fatalf("%s: reloading the encoded pack: %v\n%s", pk.File, errs, data)
		}
		if len(again.Puzzles) != len(pk.Puzzles) {
			t.Fatalf("%s: %d puzzles after the round trip, want %d", pk.File, len(again.Puzzles), len(pk.Puzzles))
		}
		for i, pz := range pk.Puzzles {
			got := again.Puzzles[i]
			got.Line, pz.Line = 0, 0
			if !reflect.DeepEqual(got, pz) {
				t.Errorf("%s: puzzle %s changed in the round trip:\n got %+v\nwant %+v", pk.File, pz.ID, got, pz)
			}
		}
		again.Puzzles, pk.Puzzles = nil, nil
		if !reflect.DeepEqual(again, pk) {
			t.Errorf("%s: header changed in the round trip:\n got %+v\nwant %+v", pk.File, again, pk)
		}
	}
}

func TestPuzzle_HintsDerivedFromSolution(t *testing.T) {
	pk, errs := Load("h.toml", []byte(one(goodPuzzle, `hints = ["Look for a sacrifice."]`)))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := pk.Puzzles[0].Hints("en")
	want := []string{"Look for a sacrifice.", "It can go to 24.", "Play 28-24."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Hints = %q, want %q", got, want)
	}
}

func TestPuzzle_TranslationFallsBackToEnglish(t *testing.T) {
	pk, errs := Load("h.toml", []byte(one(goodPuzzle, `explanation = "Two for one."`, "[puzzle.text.nl]", `title = "Twee voor een"`)))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	got := pk.Puzzles[0].Localized("nl")
	if got.Title != "Twee voor een" || got.Explanation != "Two for one." {
		t.Errorf("Localized(nl) = %+v", got)
	}
}

func FuzzLoad(f *testing.F) {
	packs, _ := Bundled()
	for _, pk := range packs {
		data, _ := Encode(pk)
		f.Add(data)
	}
	f.Add([]byte(one(goodPuzzle)))
	f.Add([]byte(one(goodPuzzle, `explanation = """`, `x = 1`, `"""`, "[puzzle.text.nl]", `titel = 1`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		pk, errs := Load("fuzz.toml", data)
		for _, e := range errs {
			if _, ok := e.(*Error); !ok {
				t.Fatalf("error %v is a %T", e, e)
			}
		}
		if pk == nil {
			return
		}
		for _, pz := range pk.Puzzles {
			_ = pz.Hints("en")
			if err := ValidatePosition(&pz.Position, false); err != nil {
				t.Fatalf("loaded puzzle %s has an illegal position: %v", pz.ID, err)
			}
		}
	})
}
