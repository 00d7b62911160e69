package puzzles

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
	"github.com/checkerstutor/checkers/engine"
)

// rawPack and rawPuzzle are the file as TOML sees it. Field names are the
// keys of FORMAT.md.
type rawPack struct {
	ID          string                  `toml:"id"`
	Title       string                  `toml:"title"`
	Variant     string                  `toml:"variant"`
	Description string                  `toml:"description"`
	Author      string                  `toml:"author"`
	License     string                  `toml:"license"`
	Language    string                  `toml:"language"`
	Text        map[string]rawPackTexts `toml:"text,omitempty"`
	Puzzle      []toml.Primitive        `toml:"puzzle"`
}

type rawPackTexts struct {
	Title       string `toml:"title,omitempty"`
	Description string `toml:"description,omitempty"`
}

type rawPuzzle struct {
	ID           string              `toml:"id"`
	Title        string              `toml:"title"`
	FEN          string              `toml:"fen"`
	Goal         string              `toml:"goal"`
	Gain         int                 `toml:"gain,omitempty"`
	Moves        int                 `toml:"moves,omitempty"`
	Square       squareText          `toml:"square,omitempty"`
	Kind         string              `toml:"kind,omitempty"`
	Solution     []string            `toml:"solution"`
	Alternatives [][]string          `toml:"alternatives,omitempty"`
	Hints        []string            `toml:"hints,omitempty"`
	Explanation  string              `toml:"explanation,omitempty"`
	Themes       []string            `toml:"themes,omitempty"`
	Difficulty   int                 `toml:"difficulty,omitempty"`
	Rating       int                 `toml:"rating,omitempty"`
	Text         map[string]rawTexts `toml:"text,omitempty"`
}

type rawTexts struct {
	Title       string   `toml:"title,omitempty"`
	Hints       []string `toml:"hints,omitempty"`
	Explanation string   `toml:"explanation,omitempty"`
}

// squareText is a square written as a number (14) or as text ("14", "c3").
type squareText string

// UnmarshalTOML accepts an integer or a string.
func (s *squareText) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case int64:
		*s = squareText(fmt.Sprint(x))
	case string:
		*s = squareText(x)
	default:
		return fmt.Errorf("square must be a number or a string")
	}
	return nil
}

// MarshalText writes the square as a string.
func (s squareText) MarshalText() ([]byte, error) { return []byte(s), nil }

// The expected TOML type of each key, for messages that say what is wrong
// before the decoder does.
const (
	tString = "a string"
	tInt    = "a whole number"
	tList   = "a list of strings"
	tLines  = "a list of lists of strings"
	tTable  = "a table"
	tSquare = "a square number or name"
)

var headerKeys = map[string]string{
	"id": tString, "title": tString, "variant": tString, "description": tString,
	"author": tString, "license": tString, "language": tString, "text": tTable, "puzzle": "",
}

var puzzleKeys = map[string]string{
	"id": tString, "title": tString, "fen": tString, "goal": tString, "gain": tInt,
	"moves": tInt, "square": tSquare, "kind": tString, "solution": tList,
	"alternatives": tLines, "hints": tList, "explanation": tString, "themes": tList,
	"difficulty": tInt, "rating": tInt, "text": tTable,
}

var textKeys = map[string]string{"title": tString, "hints": tList, "explanation": tString}
var packTextKeys = map[string]string{"title": tString, "description": tString}

// loader holds the state of one Load call.
type loader struct {
	file string
	ix   *lineIndex
	errs []error
}

func (l *loader) errorf(line int, id string, index int, format string, args ...any) {
	l.errs = append(l.errs, &Error{File: l.file, Line: line, PuzzleID: id, Index: index, Msg: fmt.Sprintf(format, args...)})
}

// Load reads a pack file. name is the file name used in messages. It
// returns the pack with every puzzle that passed all checks, and the errors
// found (all of type *Error); a bad puzzle never stops the others from
// loading. The pack is nil only when the file cannot be read at all (too
// large, not TOML, no usable header).
//
// Load checks everything that needs no search: the format, the limits, the
// position, the legality of every line and that each line reaches its goal.
// Verify adds the checks that need a Solver.
func Load(name string, data []byte) (*Pack, []error) {
	l := &loader{file: name}
	if len(data) > MaxFileSize {
		l.errorf(0, "", 0, "the file is %d bytes; the limit is %d bytes (1 MiB)", len(data), MaxFileSize)
		return nil, l.errs
	}
	if !utf8.Valid(data) {
		l.errorf(0, "", 0, "the file is not valid UTF-8 text")
		return nil, l.errs
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := string(data)

	// One generic decode for the types and ids, one typed decode whose
	// metadata tells which keys nothing reads.
	var generic map[string]any
	if _, err := toml.Decode(text, &generic); err != nil {
		l.syntaxError(err)
		return nil, l.errs
	}
	l.ix = indexLines(text)

	var raw rawPack
	md, err := toml.Decode(text, &raw)
	if err != nil {
		// Only the header can fail here: puzzles are decoded one by one.
		l.typeErrors(-1, generic, headerKeys)
		if len(l.errs) == 0 {
			l.syntaxError(err)
		}
		return nil, l.errs
	}
	pk := l.header(&raw, generic)
	if pk == nil {
		return nil, l.errs
	}

	genericPuzzles, _ := generic["puzzle"].([]map[string]any)
	if len(raw.Puzzle) == 0 {
		l.errorf(0, "", 0, "the pack has no puzzles: add [[puzzle]] tables")
	}
	if len(raw.Puzzle) > MaxPuzzles {
		l.errorf(l.ix.puzzleLine(MaxPuzzles), "", 0, "the pack has %d puzzles; the limit is %d (the rest are not loaded)", len(raw.Puzzle), MaxPuzzles)
		raw.Puzzle = raw.Puzzle[:MaxPuzzles]
	}
	bad := map[int]bool{}
	decoded := make([]*rawPuzzle, len(raw.Puzzle))
	for i, prim := range raw.Puzzle {
		var g map[string]any
		if i < len(genericPuzzles) {
			g = genericPuzzles[i]
		}
		n := len(l.errs)
		l.typeErrors(i, g, puzzleKeys)
		if len(l.errs) > n {
			bad[i] = true
			continue
		}
		var rp rawPuzzle
		if err := md.PrimitiveDecode(prim, &rp); err != nil {
			id, _ := g["id"].(string)
			l.errorf(l.ix.puzzleLine(i), id, i+1, "%s", decodeMessage(err))
			bad[i] = true
			continue
		}
		decoded[i] = &rp
	}
	for _, e := range l.unknownKeys(md.Undecoded(), genericPuzzles) {
		if e.puzzle >= 0 {
			bad[e.puzzle] = true
		}
	}

	seen := map[string]int{}
	for i, rp := range decoded {
		if rp == nil || bad[i] {
			continue
		}
		if first, dup := seen[rp.ID]; dup && rp.ID != "" {
			l.errorf(l.ix.puzzleLine(i), rp.ID, i+1, "duplicate puzzle id: puzzle #%d (line %d) has the same id", first+1, l.ix.puzzleLine(first))
			continue
		}
		seen[rp.ID] = i
		if pz := l.puzzle(pk.Variant, i, rp); pz != nil {
			pk.Puzzles = append(pk.Puzzles, pz)
		}
	}
	return pk, l.errs
}

func (l *loader) syntaxError(err error) {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		msg := pe.Message
		if pe.LastKey != "" {
			msg = fmt.Sprintf("%s (after key %q)", msg, pe.LastKey)
		}
		l.errorf(pe.Position.Line, "", 0, "not valid TOML: %s", msg)
		return
	}
	l.errorf(0, "", 0, "not valid TOML: %v", err)
}

// decodeMessage shortens an error of the TOML decoder.
func decodeMessage(err error) string {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return pe.Message
	}
	return strings.TrimPrefix(err.Error(), "toml: ")
}

// typeErrors checks the TOML type of each known key of a table (the
// header when i is -1, else puzzle i).
func (l *loader) typeErrors(i int, g map[string]any, keys map[string]string) {
	if g == nil {
		return
	}
	id := ""
	if i >= 0 {
		id, _ = g["id"].(string)
	}
	prefix := ""
	if i >= 0 {
		prefix = "puzzle."
	}
	names := make([]string, 0, len(g))
	for k := range g {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		want, ok := keys[k]
		if !ok || want == "" {
			continue // unknown keys are reported from the metadata
		}
		line := l.ix.keyLine(i, prefix+k)
		if k == "text" {
			l.textTypeErrors(i, id, line, prefix, g[k], keys)
			continue
		}
		if got := tomlKind(g[k], want); got != "" {
			l.errorf(line, id, i+1, "%s must be %s, not %s", k, want, got)
		}
	}
}

func (l *loader) textTypeErrors(i int, id string, line int, prefix string, v any, keys map[string]string) {
	inner := textKeys
	if i < 0 {
		inner = packTextKeys
	}
	langs, ok := v.(map[string]any)
	if !ok {
		l.errorf(line, id, i+1, "text must be a table of languages, like [%stext.nl]", prefix)
		return
	}
	for lang, tv := range langs {
		t, ok := tv.(map[string]any)
		if !ok {
			l.errorf(line, id, i+1, "text.%s must be a table, like [%stext.%s]", lang, prefix, lang)
			continue
		}
		for k, val := range t {
			want, ok := inner[k]
			if !ok {
				continue
			}
			if got := tomlKind(val, want); got != "" {
				l.errorf(l.ix.keyLine(i, prefix+"text."+lang+"."+k), id, i+1, "text.%s.%s must be %s, not %s", lang, k, want, got)
			}
		}
	}
}

// tomlKind returns "" when v has the wanted type, else a description of
// what it is.
func tomlKind(v any, want string) string {
	got := describeValue(v)
	switch want {
	case tString:
		if _, ok := v.(string); ok {
			return ""
		}
	case tInt:
		if _, ok := v.(int64); ok {
			return ""
		}
	case tSquare:
		switch v.(type) {
		case int64, string:
			return ""
		}
	case tList:
		if isStringList(v) {
			return ""
		}
	case tLines:
		if list, ok := v.([]any); ok {
			for _, x := range list {
				if !isStringList(x) {
					return "a list holding " + describeValue(x)
				}
			}
			return ""
		}
	}
	return got
}

func isStringList(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, x := range list {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

func describeValue(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("a string (%q)", shorten(x))
	case int64:
		return fmt.Sprintf("a number (%d)", x)
	case float64:
		return fmt.Sprintf("a decimal number (%g)", x)
	case bool:
		return fmt.Sprintf("a boolean (%t)", x)
	case []any:
		return "a list"
	case []map[string]any:
		return "a list of tables"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("a %T", v)
}

func shorten(s string) string {
	if utf8.RuneCountInString(s) > 30 {
		r := []rune(s)
		return string(r[:30]) + "…"
	}
	return s
}

type unknownKey struct{ puzzle int }

// unknownKeys reports every key nothing reads (typos), once per place. A key
// whose name is known but that was left undecoded because its puzzle failed
// to decode is not reported again.
func (l *loader) unknownKeys(keys []toml.Key, genericPuzzles []map[string]any) []unknownKey {
	var out []unknownKey
	reported := map[string]bool{}
	for _, k := range keys {
		path := k.String()
		if reported[path] || knownKey(k) {
			continue
		}
		// Report only the outermost unknown key of a table.
		skip := false
		for j := 1; j < len(k); j++ {
			if reported[toml.Key(k[:j]).String()] {
				skip = true
			}
		}
		reported[path] = true
		if skip {
			continue
		}
		occ := l.ix.occurrences(path)
		if len(occ) == 0 {
			occ = []keyLine{{puzzle: -1}}
		}
		for _, o := range occ {
			id := ""
			if o.puzzle >= 0 && o.puzzle < len(genericPuzzles) {
				id, _ = genericPuzzles[o.puzzle]["id"].(string)
			}
			l.errorf(o.line, id, o.puzzle+1, "unknown key %q%s", strings.Join(k[keyStart(k):], "."), suggest(k))
			out = append(out, unknownKey{puzzle: o.puzzle})
		}
	}
	return out
}

// keyStart is the index of the first part of k to show: the key relative
// to its puzzle.
func keyStart(k toml.Key) int {
	if len(k) > 1 && k[0] == "puzzle" {
		return 1
	}
	return 0
}

func knownKey(k toml.Key) bool {
	switch {
	case len(k) == 1:
		_, ok := headerKeys[k[0]]
		return ok
	case k[0] == "text":
		return len(k) == 2 || len(k) == 3 && packTextKeys[k[2]] != ""
	case k[0] != "puzzle":
		return false
	case len(k) == 2:
		return puzzleKeys[k[1]] != ""
	case k[1] == "text":
		return len(k) == 3 || len(k) == 4 && textKeys[k[3]] != ""
	}
	return false
}

// suggest names the known key closest to an unknown one.
func suggest(k toml.Key) string {
	var keys map[string]string
	last := k[len(k)-1]
	switch {
	case len(k) == 1:
		keys = headerKeys
	case k[0] == "text" && len(k) == 3:
		keys = packTextKeys
	case k[0] == "puzzle" && len(k) == 2:
		keys = puzzleKeys
	case k[0] == "puzzle" && len(k) == 4 && k[1] == "text":
		keys = textKeys
	default:
		return ""
	}
	best, bestD := "", 3
	for name := range keys {
		if name == "puzzle" {
			continue
		}
		if d := editDistance(last, name); d < bestD || d == bestD && name < best {
			best, bestD = name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// header checks the pack header; nil when no puzzle can be read without it.
func (l *loader) header(raw *rawPack, generic map[string]any) *Pack {
	n := len(l.errs)
	l.typeErrors(-1, generic, headerKeys)
	if len(l.errs) > n {
		return nil
	}
	pk := &Pack{File: l.file, ID: raw.ID, Title: raw.Title, Description: raw.Description,
		Author: raw.Author, License: raw.License, Language: raw.Language}
	line := func(k string) int { return l.ix.keyLine(-1, k) }
	if raw.ID == "" {
		l.errorf(0, "", 0, "the pack has no id: add `id = \"my-pack\"` at the top")
	} else if !validID(raw.ID) {
		l.errorf(line("id"), "", 0, "pack id %q must be letters, digits, '-', '_' or '.' (at most %d)", shorten(raw.ID), MaxIDLength)
	}
	if raw.Title == "" {
		l.errorf(0, "", 0, "the pack has no title")
	}
	if raw.Variant == "" {
		l.errorf(0, "", 0, "the pack has no variant: add `variant = \"english\"` (or russian, international)")
		return nil
	}
	v, ok := engine.VariantByName(raw.Variant)
	if !ok {
		l.errorf(line("variant"), "", 0, "unknown variant %q: use english, russian or international", shorten(raw.Variant))
		return nil
	}
	pk.Variant = v
	if pk.Language == "" {
		pk.Language = "en"
	}
	l.textLimit(line("title"), "", 0, "title", raw.Title)
	l.textLimit(line("description"), "", 0, "description", raw.Description)
	for _, k := range []struct{ name, value string }{{"author", raw.Author}, {"license", raw.License}, {"language", raw.Language}} {
		l.textLimit(line(k.name), "", 0, k.name, k.value)
	}
	if len(raw.Text) > 0 {
		pk.Text = map[string]PackTexts{}
		for lang, t := range raw.Text {
			l.textLimit(line("text."+lang+".title"), "", 0, "text."+lang+".title", t.Title)
			l.textLimit(line("text."+lang+".description"), "", 0, "text."+lang+".description", t.Description)
			pk.Text[lang] = PackTexts(t)
		}
	}
	return pk
}

// textLimit reports a text longer than MaxTextLength; it returns false
// when it did.
func (l *loader) textLimit(line int, id string, index int, key, s string) bool {
	if n := utf8.RuneCountInString(s); n > MaxTextLength {
		l.errorf(line, id, index, "%s is %d characters long; the limit is %d", key, n, MaxTextLength)
		return false
	}
	return true
}
