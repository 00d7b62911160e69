package puzzles

import "strings"

// The TOML decoder does not tell where each key of an array of tables is
// (its positions are keyed by name, and every [[puzzle]] shares the names),
// so the loader finds lines itself: lineIndex is a light scan of the raw
// text that records every table header and every `key =` line with the
// puzzle it belongs to. It skips multi-line strings and comments; it is only
// used to point at lines, never to read values.

type keyLine struct {
	path   string // full dotted path: "puzzle.solution", "puzzle.text.nl.title"
	puzzle int    // index of the puzzle (0-based), -1 outside puzzles
	line   int    // 1-based
}

type lineIndex struct {
	puzzles  []int // line of each [[puzzle]] header
	keys     []keyLine
	byPuzzle map[int][]keyLine    // the keys of each puzzle (-1: outside puzzles)
	byPrefix map[string][]keyLine // keys by their path and every prefix of it
}

func (ix *lineIndex) add(k keyLine) {
	ix.keys = append(ix.keys, k)
	ix.byPuzzle[k.puzzle] = append(ix.byPuzzle[k.puzzle], k)
	p := k.path
	for {
		ix.byPrefix[p] = append(ix.byPrefix[p], k)
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
}

func indexLines(text string) *lineIndex {
	ix := &lineIndex{byPuzzle: map[int][]keyLine{}, byPrefix: map[string][]keyLine{}}
	table := ""
	puzzle := -1
	inMulti := "" // the closing quote of the multi-line string we are in
	for n, raw := range strings.Split(text, "\n") {
		line := n + 1
		s := raw
		if inMulti != "" {
			i := strings.Index(s, inMulti)
			if i < 0 {
				continue
			}
			s = s[i+3:]
			inMulti = ""
			inMulti = openMulti(s)
			continue
		}
		t := strings.TrimSpace(s)
		switch {
		case t == "" || t[0] == '#':
			continue
		case strings.HasPrefix(t, "[["):
			name := normKey(strings.TrimSuffix(cutComment(t[2:]), "]]"))
			table = name
			if name == "puzzle" {
				ix.puzzles = append(ix.puzzles, line)
				puzzle = len(ix.puzzles) - 1
			} else if !strings.HasPrefix(name, "puzzle.") {
				puzzle = -1
			}
			ix.add(keyLine{path: name, puzzle: puzzle, line: line})
			continue
		case t[0] == '[':
			name := normKey(strings.TrimSuffix(cutComment(t[1:]), "]"))
			table = name
			if !strings.HasPrefix(name, "puzzle.") {
				puzzle = -1
			}
			ix.add(keyLine{path: name, puzzle: puzzle, line: line})
			continue
		}
		eq := keyEnd(t)
		if eq < 0 {
			inMulti = openMulti(t)
			continue
		}
		key := normKey(t[:eq])
		path := key
		if table != "" {
			path = table + "." + key
		}
		ix.add(keyLine{path: path, puzzle: puzzle, line: line})
		inMulti = openMulti(t[eq+1:])
	}
	return ix
}

// keyEnd returns the index of the `=` that ends the key of a key/value
// line, or -1 when the line is not one (a continuation of an array).
func keyEnd(t string) int {
	inQuote := byte(0)
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case inQuote != 0:
			if c == inQuote {
				inQuote = 0
			}
		case c == '"' || c == '\'':
			inQuote = c
		case c == '=':
			return i
		case c == '[' || c == ']' || c == ',' || c == '{' || c == '#':
			return -1
		}
	}
	return -1
}

// openMulti reports whether the value text s leaves a multi-line string
// open, and returns its closing delimiter.
func openMulti(s string) string {
	for _, q := range []string{`"""`, `'''`} {
		if i := strings.Index(s, q); i >= 0 {
			rest := s[i+3:]
			if !strings.Contains(rest, q) {
				return q
			}
		}
	}
	return ""
}

func cutComment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// normKey removes spaces and quotes from a dotted key: ` "text" . nl ` is
// "text.nl".
func normKey(s string) string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		p = strings.Trim(p, `"'`)
		parts[i] = p
	}
	return strings.Join(parts, ".")
}

// puzzleLine returns the line of the i-th [[puzzle]] header, 0 if unknown.
func (ix *lineIndex) puzzleLine(i int) int {
	if i >= 0 && i < len(ix.puzzles) {
		return ix.puzzles[i]
	}
	return 0
}

// keyLine returns the line where key path is set in puzzle i (-1 for the
// header), falling back to the puzzle's header line.
func (ix *lineIndex) keyLine(i int, path string) int {
	for _, k := range ix.byPuzzle[i] {
		if k.path == path || strings.HasPrefix(k.path, path+".") {
			return k.line
		}
	}
	if i >= 0 {
		return ix.puzzleLine(i)
	}
	return 0
}

// occurrences returns the puzzles (or -1) and lines where path is set.
func (ix *lineIndex) occurrences(path string) []keyLine {
	var out []keyLine
	last := -2
	for _, k := range ix.byPrefix[path] {
		{
			if k.puzzle == last && k.puzzle >= 0 {
				continue // one report per puzzle
			}
			last = k.puzzle
			out = append(out, k)
		}
	}
	return out
}
