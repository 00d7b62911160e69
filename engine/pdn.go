package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Tag is one tag pair of a PDN game: [Name "Value"].
type Tag struct {
	Name, Value string
}

// PDNGame is one game read from or written to Portable Draughts Notation:
// its tag pairs, rule set, start position, moves and result. Tags holds the
// tags as read; Variant, Start and Result are what they mean.
type PDNGame struct {
	Tags    []Tag
	Variant *Variant
	Start   Position
	Moves   []Move
	Result  Result
}

// Tag returns the value of the first tag named name (case does not matter)
// and whether there is one.
func (g *PDNGame) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// PDN GameType numbers of the supported rule sets.
const (
	gameTypeInternational = 20
	gameTypeEnglish       = 21
	gameTypeRussian       = 25
)

// GameType returns the PDN GameType number of v: 20 (International), 21
// (English) or 25 (Russian).
func (v *Variant) GameType() int {
	switch v {
	case International:
		return gameTypeInternational
	case Russian:
		return gameTypeRussian
	}
	return gameTypeEnglish
}

// variantOfGameType reads a GameType tag value: a type number, optionally
// followed by the start colour, board width and height, notation and invert
// flag ("20,W,10,10,N2,0").
func variantOfGameType(value string) (*Variant, error) {
	fields := strings.Split(value, ",")
	n, err := strconv.Atoi(strings.TrimSpace(fields[0]))
	if err != nil {
		return nil, fmt.Errorf("GameType %q: expected a number such as 20 (International), 21 (English) or 25 (Russian)", value)
	}
	var v *Variant
	switch n {
	case gameTypeInternational:
		v = International
	case gameTypeEnglish:
		v = English
	case gameTypeRussian:
		v = Russian
	default:
		return nil, fmt.Errorf("GameType %d is not supported: only 20 (International), 21 (English) and 25 (Russian) are", n)
	}
	if len(fields) >= 4 {
		w, errW := strconv.Atoi(strings.TrimSpace(fields[2]))
		h, errH := strconv.Atoi(strings.TrimSpace(fields[3]))
		if errW == nil && errH == nil && (w != v.Size || h != v.Size) {
			return nil, fmt.Errorf("GameType %q: %s is played on %dx%d, not %dx%d", value, v.Title, v.Size, v.Size, w, h)
		}
	}
	return v, nil
}

// resultToken returns how a result is written in PDN for variant v:
// International draughts counts 2 points a game (2-0, 0-2, 1-1), English and
// Russian 1 (1-0, 0-1, 1/2-1/2).
func resultToken(v *Variant, r Result) string {
	if v == International {
		return r.String()
	}
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Drawn:
		return "1/2-1/2"
	}
	return "*"
}

// parseResult reads a PDN result token in either scoring. "0-0" (no
// result, or both sides lost by default) reads as Ongoing.
func parseResult(s string) (Result, bool) {
	switch s {
	case "2-0", "1-0":
		return WhiteWins, true
	case "0-2", "0-1":
		return BlackWins, true
	case "1-1", "1/2-1/2":
		return Drawn, true
	case "*", "0-0":
		return Ongoing, true
	}
	return Ongoing, false
}

// ParsePDN reads every game of a PDN text. Tag pairs give the rule set
// (GameType 20, 21 or 25, possibly in the long form "20,W,10,10,N2,0", or a
// Variant tag with a name VariantByName knows; otherwise defaultVariant,
// and English when that is nil) and the start position (FEN). The movetext
// may hold move numbers (`1.`, `1...`), moves in any notation ParsePDNMove
// accepts, a result token (2-0 0-2 1-1 0-0 * 1-0 0-1 1/2-1/2), comments in
// braces or after `;`, variations in parentheses (nested, skipped), NAGs
// (`$3`) and `!`/`?` marks. A multi-capture may also be written as its
// single jumps (`11x18 18x25`). Every move is checked; the error names the
// game, the move number, the token and why it is wrong.
func ParsePDN(text string, defaultVariant *Variant) ([]PDNGame, error) {
	if defaultVariant == nil {
		defaultVariant = English
	}
	r := pdnReader{src: text, line: 1, def: defaultVariant}
	return r.read()
}

type pdnReader struct {
	src   string
	pos   int
	line  int
	def   *Variant
	games []PDNGame

	// the game being read
	cur     *PDNGame
	pos0    Position // current position of the game being read
	inMoves bool     // movetext has begun
}

func (r *pdnReader) errf(format string, args ...any) error {
	return fmt.Errorf("game %d, line %d: %s", len(r.games)+1, r.line, fmt.Sprintf(format, args...))
}

func (r *pdnReader) read() ([]PDNGame, error) {
	depth := 0 // variation nesting
	for {
		r.skipSpace()
		if r.pos >= len(r.src) {
			break
		}
		c := r.src[r.pos]
		switch {
		case c == '{':
			end := strings.IndexByte(r.src[r.pos:], '}')
			if end < 0 {
				return nil, r.errf("comment { is never closed")
			}
			r.line += strings.Count(r.src[r.pos:r.pos+end], "\n")
			r.pos += end + 1
		case c == ';':
			end := strings.IndexByte(r.src[r.pos:], '\n')
			if end < 0 {
				end = len(r.src) - r.pos
			}
			r.pos += end
		case c == '%' && (r.pos == 0 || r.src[r.pos-1] == '\n'):
			// escape line
			end := strings.IndexByte(r.src[r.pos:], '\n')
			if end < 0 {
				end = len(r.src) - r.pos
			}
			r.pos += end
		case c == '(':
			depth++
			r.pos++
		case c == ')':
			if depth == 0 {
				return nil, r.errf("unexpected ) without an open variation")
			}
			depth--
			r.pos++
		case depth > 0:
			if c == '[' {
				return nil, r.errf("variation ( is never closed before the next tag")
			}
			r.token() // skip the token inside the variation
		case c == '[':
			if err := r.tag(); err != nil {
				return nil, err
			}
		default:
			if err := r.movetext(r.token()); err != nil {
				return nil, err
			}
		}
	}
	if depth > 0 {
		return nil, r.errf("variation ( is never closed")
	}
	if r.cur != nil {
		if err := r.finish(); err != nil {
			return nil, err
		}
	}
	return r.games, nil
}

func (r *pdnReader) skipSpace() {
	for r.pos < len(r.src) {
		switch r.src[r.pos] {
		case '\n':
			r.line++
		case ' ', '\t', '\r', '\f', '\v':
		default:
			if r.src[r.pos] == 0xEF && strings.HasPrefix(r.src[r.pos:], "\uFEFF") {
				r.pos += 3
				continue
			}
			return
		}
		r.pos++
	}
}

// token reads a run of characters up to a space or a delimiter.
func (r *pdnReader) token() string {
	start := r.pos
	for r.pos < len(r.src) {
		switch r.src[r.pos] {
		case ' ', '\t', '\r', '\n', '\f', '\v', '{', '}', '(', ')', '[', ']', ';':
			if r.pos == start { // a stray delimiter such as } or ]
				r.pos++
			}
			return r.src[start:r.pos]
		}
		r.pos++
	}
	return r.src[start:r.pos]
}

// begin starts a new game if none is being read.
func (r *pdnReader) begin() {
	if r.cur == nil {
		r.cur = &PDNGame{}
		r.inMoves = false
	}
}

// tag reads [Name "Value"].
func (r *pdnReader) tag() error {
	if r.cur != nil && r.inMoves {
		if err := r.finish(); err != nil {
			return err
		}
	}
	r.begin()
	line := r.line
	errf := func(format string, args ...any) error {
		return fmt.Errorf("game %d, line %d: %s", len(r.games)+1, line, fmt.Sprintf(format, args...))
	}
	r.pos++ // [
	r.skipSpace()
	start := r.pos
	for r.pos < len(r.src) && isSymbolByte(r.src[r.pos]) {
		r.pos++
	}
	name := r.src[start:r.pos]
	if name == "" {
		return errf("a tag must start with a name, like [Event \"...\"]")
	}
	r.skipSpace()
	if r.pos >= len(r.src) || r.src[r.pos] != '"' {
		return errf("tag %s: the value must be in double quotes", name)
	}
	r.pos++
	var sb strings.Builder
	for {
		if r.pos >= len(r.src) || r.src[r.pos] == '\n' {
			return errf("tag %s: the value's closing quote is missing", name)
		}
		c := r.src[r.pos]
		r.pos++
		if c == '"' {
			break
		}
		if c == '\\' && r.pos < len(r.src) && (r.src[r.pos] == '"' || r.src[r.pos] == '\\') {
			c = r.src[r.pos]
			r.pos++
		}
		sb.WriteByte(c)
	}
	r.skipSpace()
	if r.pos >= len(r.src) || r.src[r.pos] != ']' {
		return errf("tag %s: ] is missing after the value", name)
	}
	r.pos++
	r.cur.Tags = append(r.cur.Tags, Tag{Name: name, Value: sb.String()})
	return nil
}

func isSymbolByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// setup fixes the variant and start position from the tags when the first
// movetext token arrives.
func (r *pdnReader) setup() error {
	g := r.cur
	v := r.def
	if val, ok := g.Tag("GameType"); ok {
		gv, err := variantOfGameType(val)
		if err != nil {
			return r.errf("%v", err)
		}
		v = gv
	} else if val, ok := g.Tag("Variant"); ok {
		if gv, ok := VariantByName(val); ok {
			v = gv
		}
	}
	g.Variant = v
	g.Start = v.StartPosition()
	if val, ok := g.Tag("FEN"); ok {
		p, err := ParseFEN(v, val)
		if err != nil {
			return r.errf("%v", err)
		}
		g.Start = p
	}
	if val, ok := g.Tag("Result"); ok {
		if res, ok := parseResult(strings.TrimSpace(val)); ok {
			g.Result = res
		}
	}
	r.pos0 = g.Start
	r.inMoves = true
	return nil
}

// finish closes the game being read.
func (r *pdnReader) finish() error {
	if r.cur.Variant == nil { // a game of tags only
		if err := r.setup(); err != nil {
			return err
		}
	}
	r.games = append(r.games, *r.cur)
	r.cur = nil
	return nil
}

// movetext handles one token of movetext.
func (r *pdnReader) movetext(tok string) error {
	if tok == "" || tok == "}" || tok == "]" {
		if tok != "" {
			return r.errf("unexpected %q", tok)
		}
		return nil
	}
	r.begin()
	if !r.inMoves {
		if err := r.setup(); err != nil {
			return err
		}
	}
	if res, ok := parseResult(tok); ok {
		r.cur.Result = res
		return r.finish()
	}
	// move numbers, possibly glued to the move: "12.", "12...", "12.11-15"
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i > 0 && i < len(tok) && tok[i] == '.' {
		for i < len(tok) && tok[i] == '.' {
			i++
		}
		tok = tok[i:]
		if tok == "" {
			return nil
		}
	}
	if tok[0] == '$' {
		return nil // NAG
	}
	move := strings.TrimRight(tok, "!?")
	if move == "" {
		return nil // an annotation mark on its own
	}
	return r.play(move)
}

// play checks a move token and makes it.
func (r *pdnReader) play(tok string) error {
	p := &r.pos0
	m, err := p.ParsePDNMove(tok)
	if err != nil {
		// a multi-capture written as single jumps: 11x18 18x25
		if m2, ok := r.jumps(tok); ok {
			m, err = m2, nil
		}
	}
	if err != nil {
		return fmt.Errorf("game %d, move %s %q: %w", len(r.games)+1, r.moveNumber(), tok, err)
	}
	p.Play(&m)
	r.cur.Moves = append(r.cur.Moves, m)
	return nil
}

// jumps joins a capture written as its single jumps: when tok is the start
// of a legal capture that goes on, the following tokens that start where
// the previous one ended are appended to it.
func (r *pdnReader) jumps(tok string) (Move, bool) {
	p := &r.pos0
	path := tok
	save, saveLine := r.pos, r.line
	for {
		if !p.capturePrefix(path) {
			break
		}
		r.skipSpace()
		next := r.token()
		next = strings.TrimRight(next, "!?")
		last := path[strings.LastIndexAny(path, "x:X-")+1:]
		sep := strings.IndexAny(next, "x:X")
		if sep <= 0 || next[:sep] != last {
			break
		}
		path += next[sep:]
		if m, err := p.ParsePDNMove(path); err == nil {
			return m, true
		}
	}
	r.pos, r.line = save, saveLine
	return Move{}, false
}

// capturePrefix reports whether s (squares joined by x or :) is the start of
// a legal capture that does not end there.
func (p *Position) capturePrefix(s string) bool {
	fields := strings.FieldsFunc(s, func(c rune) bool { return c == 'x' || c == 'X' || c == ':' })
	if len(fields) < 2 {
		return false
	}
	sq := make([]Square, len(fields))
	for i, f := range fields {
		x, err := p.v.ParseSquare(f)
		if err != nil {
			return false
		}
		sq[i] = x
	}
	var buf [64]Move
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		if m.From != sq[0] || !m.IsCapture() {
			continue
		}
		path := m.Path()
		for k := 0; k+1 < len(path); k++ {
			if path[k] == sq[len(sq)-1] && p.followsPath(&m, sq[1:len(sq)-1]) {
				return true
			}
		}
	}
	return false
}

// moveNumber names the move about to be played: "12" for the first
// player's move, "12..." for the second's.
func (r *pdnReader) moveNumber() string {
	return moveNumber(r.cur.Variant, r.cur.Start.Turn(), len(r.cur.Moves))
}

// moveNumber numbers ply i of a game that started with side first to move:
// moves are numbered in pairs, the variant's first player's move first.
func moveNumber(v *Variant, first Color, ply int) string {
	if first != v.FirstToMove {
		ply++
	}
	n := strconv.Itoa(ply/2 + 1)
	if ply%2 == 1 {
		return n + "..."
	}
	return n
}

// Game replays the game with Game's rules and returns it; a result that the
// moves alone do not produce (a resignation, a draw agreed or adjudicated)
// is applied at the end.
func (g *PDNGame) Game(opts GameOptions) (*Game, error) {
	if g.Variant == nil {
		return nil, fmt.Errorf("the game has no variant")
	}
	if g.Start.v != g.Variant {
		return nil, fmt.Errorf("the start position is not a %s position", g.Variant.Title)
	}
	game := NewGameFrom(g.Start, opts)
	for i, m := range g.Moves {
		if err := game.Play(m); err != nil {
			return nil, fmt.Errorf("move %s: %v", moveNumber(g.Variant, g.Start.Turn(), i), err)
		}
	}
	if !game.Over() {
		switch g.Result {
		case WhiteWins:
			game.Resign(Black)
		case BlackWins:
			game.Resign(White)
		case Drawn:
			game.AgreeDraw()
		}
	}
	return game, nil
}

// GameToPDN writes a game in PDN with the given tags (Event, Date, White,
// Black and any others; GameType, FEN and Result are taken from the game).
func GameToPDN(game *Game, tags []Tag) string {
	res, _ := game.Result()
	g := PDNGame{Tags: tags, Variant: game.Variant(), Start: game.Start(), Moves: game.Moves(), Result: res}
	return g.String()
}

// generatedTags are written from the game's fields, not copied from Tags.
var generatedTags = map[string]bool{"result": true, "gametype": true, "fen": true, "setup": true}

// String writes the game in PDN: the tags Event, Date, White and Black when
// present, Result, GameType, FEN when the game does not start from the
// variant's start position, the other tags, then the numbered moves wrapped
// at 80 columns and the result. Moves are written in PDN numbers, with the
// full path only where two legal moves need it.
func (g *PDNGame) String() string {
	v := g.Variant
	if v == nil {
		v = English
	}
	var sb strings.Builder
	writeTag := func(name, value string) {
		value = strings.ReplaceAll(value, `\`, `\\`)
		value = strings.ReplaceAll(value, `"`, `\"`)
		value = strings.ReplaceAll(value, "\n", " ")
		fmt.Fprintf(&sb, "[%s \"%s\"]\n", name, value)
	}
	main := []string{"Event", "Date", "White", "Black"}
	for _, name := range main {
		if val, ok := g.Tag(name); ok {
			writeTag(name, val)
		}
	}
	res := resultToken(v, g.Result)
	writeTag("Result", res)
	writeTag("GameType", strconv.Itoa(v.GameType()))
	start := v.StartPosition()
	if g.Start.v == v && !g.Start.Equal(&start) {
		writeTag("FEN", g.Start.FEN())
	}
	for _, t := range g.Tags {
		k := strings.ToLower(t.Name)
		if generatedTags[k] || k == "event" || k == "date" || k == "white" || k == "black" || !validTagName(t.Name) {
			continue
		}
		writeTag(t.Name, t.Value)
	}
	sb.WriteByte('\n')

	col := 0
	word := func(w string) {
		if col > 0 && col+1+len(w) > 80 {
			sb.WriteByte('\n')
			col = 0
		}
		if col > 0 {
			sb.WriteByte(' ')
			col++
		}
		sb.WriteString(w)
		col += len(w)
	}
	p := g.Start
	if p.v != v {
		p = start
	}
	for i := range g.Moves {
		num := moveNumber(v, g.Start.Turn(), i)
		switch {
		case !strings.HasSuffix(num, "..."):
			num += "."
		case i > 0:
			num = ""
		}
		m := &g.Moves[i]
		s := p.MoveString(m, Numeric)
		if num != "" {
			s = num + " " + s
			if col > 0 && col+1+len(s) > 80 {
				sb.WriteByte('\n')
				col = 0
			}
		}
		word(s)
		p.Play(m)
	}
	word(res)
	sb.WriteByte('\n')
	return sb.String()
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isSymbolByte(s[i]) {
			return false
		}
	}
	return true
}
