package puzzles

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Format writes a pack in the layout of the hand-written packs: comment
// lines first (each line of comment prefixed with "# "), then the header
// and one [[puzzle]] table per puzzle with the keys in FORMAT.md's order.
// Loading the result gives back the same pack.
func Format(pk *Pack, comment string) []byte {
	var b bytes.Buffer
	if comment != "" {
		for _, l := range strings.Split(strings.TrimRight(comment, "\n"), "\n") {
			b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
	}
	kv := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s = %s\n", k, tomlString(v))
		}
	}
	kv("id", pk.ID)
	kv("title", pk.Title)
	if pk.Variant != nil {
		kv("variant", pk.Variant.Name)
	}
	kv("description", pk.Description)
	kv("author", pk.Author)
	kv("license", pk.License)
	kv("language", pk.Language)
	for _, lang := range sortedKeys(pk.Text) {
		t := pk.Text[lang]
		fmt.Fprintf(&b, "\n[text.%s]\n", lang)
		kv("title", t.Title)
		kv("description", t.Description)
	}
	for _, pz := range pk.Puzzles {
		b.WriteString("\n[[puzzle]]\n")
		kv("id", pz.ID)
		kv("title", pz.Title)
		kv("fen", pz.FEN)
		kv("goal", pz.Goal.Kind.String())
		switch pz.Goal.Kind {
		case GoalGain:
			fmt.Fprintf(&b, "gain = %d\n", pz.Goal.N)
		case GoalCrown:
			fmt.Fprintf(&b, "moves = %d\n", pz.Goal.N)
		case GoalReach:
			fmt.Fprintf(&b, "square = %d\nmoves = %d\n", pz.Goal.Square, pz.Goal.N)
		case GoalAnyLegal:
			if pz.Goal.Move != KindAny {
				kv("kind", string(pz.Goal.Move))
			}
		}
		fmt.Fprintf(&b, "solution = %s\n", tomlList(pz.Solution))
		if len(pz.Alternatives) > 0 {
			var alts []string
			for _, a := range pz.Alternatives {
				alts = append(alts, tomlList(a))
			}
			fmt.Fprintf(&b, "alternatives = [%s]\n", strings.Join(alts, ", "))
		}
		if len(pz.Texts.Hints) > 0 {
			fmt.Fprintf(&b, "hints = %s\n", tomlList(pz.Texts.Hints))
		}
		kv("explanation", pz.Explanation)
		if len(pz.Themes) > 0 {
			fmt.Fprintf(&b, "themes = %s\n", tomlList(pz.Themes))
		}
		if pz.Difficulty > 0 {
			fmt.Fprintf(&b, "difficulty = %d\n", pz.Difficulty)
		}
		if pz.Rating > 0 {
			fmt.Fprintf(&b, "rating = %d\n", pz.Rating)
		}
		for _, lang := range sortedKeys(pz.Text) {
			t := pz.Text[lang]
			fmt.Fprintf(&b, "\n[puzzle.text.%s]\n", lang)
			kv("title", t.Title)
			if len(t.Hints) > 0 {
				fmt.Fprintf(&b, "hints = %s\n", tomlList(t.Hints))
			}
			kv("explanation", t.Explanation)
		}
	}
	return b.Bytes()
}

func sortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func tomlList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = tomlString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
