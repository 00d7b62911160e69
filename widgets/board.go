package widgets

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
)

// Coordinates chooses what the board writes beside or on its squares.
type Coordinates uint8

const (
	// NoCoordinates writes nothing.
	NoCoordinates Coordinates = iota
	// Algebraic writes files a–h (a–j) below the board and ranks 1–8
	// (1–10) at its left.
	Algebraic
	// SquareNumbers writes the number of each dark square in its corner.
	SquareNumbers
)

// legDuration is how long one leg of a move takes when animated.
const legDuration = 260 * time.Millisecond

// Board is a checkers/draughts board showing an engine.Position (8x8 or
// 10x10, from the position's variant). The learner enters moves by tapping
// a piece and then its target, by dragging the piece, or with the keyboard
// (arrow keys, Enter or Space, Escape). A multi-capture is entered by its
// final square when that names one move, and square by square otherwise.
//
// The board never plays a move itself: a legal move goes to OnMove, any
// other attempt to OnIllegal, and the caller sets the next position with
// SetPosition or SetPositionAnimated. Create it with NewBoard; change it
// with its setters, from the Fyne goroutine (fyne.Do).
type Board struct {
	widget.BaseWidget

	// OnMove is called with each legal move the learner enters.
	OnMove func(engine.Move)
	// OnIllegal is called when the learner tries a move that is not legal:
	// from is the piece's cell, to the cell it was sent to. An opponent's
	// piece tapped with nothing selected gives to == NoCell.
	OnIllegal func(from, to Cell)
	// OnTypedRune, when set, receives the characters typed while the board
	// has the keyboard focus: the screen's one-key commands (H for a hint).
	OnTypedRune func(rune)

	pos   engine.Position
	legal []engine.Move

	theme       BoardTheme
	coords      Coordinates
	flipped     bool
	interactive bool
	animations  bool

	lastMove *engine.Move
	targets  []engine.Square
	hintFrom engine.Square
	hintMove *engine.Move

	sel selection

	// pulse (0..1) strengthens the forced-capture rings after the learner
	// picked a piece that may not move.
	pulse     float32
	pulseAnim *fyne.Animation

	anim *moveAnimation
	drag dragState

	focused     bool
	cursorShown bool
	cursor      Cell
}

// selection is the move being entered: the piece, the landing squares given
// so far, and the final square when it named more than one capture.
type selection struct {
	from engine.Square
	path []engine.Square
	to   engine.Square
}

// at is where the selected piece stands while its move is entered.
func (s *selection) at() engine.Square {
	if len(s.path) > 0 {
		return s.path[len(s.path)-1]
	}
	return s.from
}

type dragState struct {
	active  bool // a drag is under way (from the first Dragged to DragEnd)
	piece   bool // it carries a piece of the side to move
	from    Cell
	foreign bool // it carries an opponent's piece
	point   fyne.Position
}

// moveAnimation shows a move on the position before it.
type moveAnimation struct {
	before engine.Position
	move   engine.Move
	t      float32 // 0..1 over the whole move
	a      *fyne.Animation
}

// NewBoard returns a board showing pos, with the tournament theme, red and
// white pieces, no coordinates, White at the bottom, and animations on.
func NewBoard(pos engine.Position) *Board {
	b := &Board{
		theme:       TournamentTheme(RedWhite),
		interactive: true,
		animations:  true,
		cursor:      NoCell,
	}
	b.setPosition(pos)
	b.ExtendBaseWidget(b)
	return b
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	return newBoardRenderer(b)
}

func (b *Board) size() int {
	if v := b.pos.Variant(); v != nil {
		return v.Size
	}
	return 8
}

// GamePosition returns the position the board shows (or, while a move is
// animated, the position the move leads to). (Position is taken by
// fyne.CanvasObject.)
func (b *Board) GamePosition() engine.Position { return b.pos }

// SetPosition shows pos at once. It drops the selection and every mark that
// described the previous position: last move, hint and lesson targets.
func (b *Board) SetPosition(pos engine.Position) {
	b.stopAnimation()
	b.setPosition(pos)
	b.lastMove = nil
	b.Refresh()
}

// SetPositionAnimated shows pos, reached by playing m on the position shown
// now: the piece travels leg by leg, the pieces it takes stay on the board
// (faded once jumped) until the move ends, and m becomes the last move.
// Hint and lesson targets are dropped. Without animations it is
// SetPosition followed by SetLastMove.
func (b *Board) SetPositionAnimated(pos engine.Position, m engine.Move) {
	b.stopAnimation()
	before := b.pos
	b.setPosition(pos)
	b.lastMove = &m
	if b.animate() && before.Variant() == pos.Variant() && before.At(m.From) != engine.Empty {
		ma := &moveAnimation{before: before, move: m}
		legs := len(m.Path())
		ma.a = fyne.NewAnimation(time.Duration(legs)*legDuration, func(t float32) {
			if b.anim != ma {
				return
			}
			ma.t = t
			if t >= 1 {
				b.anim = nil
			}
			b.Refresh()
		})
		ma.a.Curve = fyne.AnimationLinear
		b.anim = ma
		b.Refresh()
		ma.a.Start()
		return
	}
	b.Refresh()
}

func (b *Board) setPosition(pos engine.Position) {
	b.pos = pos
	b.legal = nil
	if pos.Variant() != nil {
		b.legal = pos.LegalMoves()
	}
	b.sel = selection{}
	b.drag = dragState{}
	b.targets = nil
	b.hintFrom, b.hintMove = 0, nil
	b.stopPulse()
	if n := b.size(); b.cursor.Row < 0 || b.cursor.Row >= n || b.cursor.Col < 0 || b.cursor.Col >= n {
		b.cursor = Cell{Row: n - 1, Col: 0}
	}
}

func (b *Board) stopAnimation() {
	if b.anim != nil {
		b.anim.a.Stop()
		b.anim = nil
	}
}

// animate reports whether moves and marks are animated: they are unless
// switched off here or in the application's settings.
func (b *Board) animate() bool {
	if !b.animations {
		return false
	}
	if app := fyne.CurrentApp(); app != nil {
		return app.Settings().ShowAnimations()
	}
	return true
}

// SetLastMove marks m, a move that led to the position shown, as the last
// move.
func (b *Board) SetLastMove(m engine.Move) {
	b.lastMove = &m
	b.Refresh()
}

// ClearLastMove removes the last-move mark.
func (b *Board) ClearLastMove() {
	b.lastMove = nil
	b.Refresh()
}

// SetTargets outlines squares, the targets of a lesson step; nil clears
// them.
func (b *Board) SetTargets(squares []engine.Square) {
	b.targets = append([]engine.Square(nil), squares...)
	b.Refresh()
}

// SetHintPiece rings the piece on square s: the first hint, "move this
// piece".
func (b *Board) SetHintPiece(s engine.Square) {
	b.hintFrom, b.hintMove = s, nil
	b.Refresh()
}

// SetHintMove rings m's piece and draws an arrow along its path: the full
// hint.
func (b *Board) SetHintMove(m engine.Move) {
	b.hintFrom, b.hintMove = m.From, &m
	b.Refresh()
}

// ClearHint removes the hint marks.
func (b *Board) ClearHint() {
	b.hintFrom, b.hintMove = 0, nil
	b.Refresh()
}

// SetTheme changes the board's colours.
func (b *Board) SetTheme(t BoardTheme) {
	b.theme = t
	b.Refresh()
}

// Theme returns the board's theme, for texts that name the pieces
// (Theme().PieceName).
func (b *Board) Theme() BoardTheme { return b.theme }

// SetCoordinates chooses what is written beside or on the squares.
func (b *Board) SetCoordinates(c Coordinates) {
	b.coords = c
	b.Refresh()
}

// SetFlipped turns the board round (Black at the bottom) or back.
func (b *Board) SetFlipped(flipped bool) {
	b.flipped = flipped
	b.Refresh()
}

// Flipped reports whether Black is at the bottom.
func (b *Board) Flipped() bool { return b.flipped }

// SetInteractive switches input on or off (off while the computer thinks or
// a lesson talks). Switching it off drops the selection and hides the
// forced-capture rings, which are for the learner.
func (b *Board) SetInteractive(on bool) {
	b.interactive = on
	if !on {
		b.sel = selection{}
		b.drag = dragState{}
	}
	b.Refresh()
}

// SetAnimations switches the animation of moves and marks on or off.
func (b *Board) SetAnimations(on bool) {
	b.animations = on
	if !on {
		b.stopAnimation()
		if b.pulseAnim != nil {
			b.pulseAnim.Stop()
			b.pulseAnim = nil
		}
	}
	b.Refresh()
}

// Selected returns the cell of the selected piece, if any.
func (b *Board) Selected() (Cell, bool) {
	if b.sel.from == 0 {
		return NoCell, false
	}
	return CellOf(b.pos.Variant(), b.sel.from), true
}

// Cursor returns the cell of the keyboard cursor.
func (b *Board) Cursor() Cell { return b.cursor }

// Geometry returns where the board draws its cells at its current size.
func (b *Board) Geometry() Geometry { return b.geometry(b.Size()) }

// thinFrame is the narrowest frame round the squares, in points.
const thinFrame = 2

// geometry lays the board out in size. When the squares would be smaller
// than a finger (a phone held upright), the frame gets thinner, down to
// thinFrame, so that the squares take the width: on 360 points an 8x8
// board's squares are 44 points (a 10x10 board's stay smaller, as large
// as they can be). The letters of algebraic coordinates then move into
// the squares at the edge.
func (b *Board) geometry(size fyne.Size) Geometry {
	ratio := float32(0.18)
	if b.coords == Algebraic {
		ratio = 0.5
	}
	n := b.size()
	g := NewGeometry(n, size, b.flipped, ratio)
	if g.CellSize >= minTouch || n == 0 {
		return g
	}
	side := min(size.Width, size.Height)
	frame := max((side-float32(n)*minTouch)/2, thinFrame)
	if cell := (side - 2*frame) / float32(n); cell > 0 {
		ratio = min(ratio, frame/cell)
	}
	return NewGeometry(n, size, b.flipped, ratio)
}

// insideLabels reports whether algebraic coordinates are written inside
// the edge squares, the frame being too thin for them.
func insideLabels(g Geometry) bool { return g.Frame < g.CellSize*0.3 }

// Tapped is part of fyne.Tappable: a tap selects a piece or sends the
// selected one to the tapped square.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	if !b.ready() {
		return
	}
	c, ok := b.geometry(b.Size()).CellAt(ev.Position)
	if !ok {
		b.cancel()
		return
	}
	b.cursor = c
	b.tapCell(c)
}

// Dragged is part of fyne.Draggable: dragging a piece carries it.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if !b.ready() {
		return
	}
	if !b.drag.active {
		start := ev.Position.SubtractXY(ev.Dragged.DX, ev.Dragged.DY)
		b.drag = dragState{active: true}
		c, ok := b.geometry(b.Size()).CellAt(start)
		if ok {
			b.startDrag(c)
		}
	}
	b.drag.point = ev.Position
	if b.drag.piece {
		b.Refresh()
	}
}

func (b *Board) startDrag(c Cell) {
	v := b.pos.Variant()
	s := c.Square(v)
	switch {
	case s != 0 && b.sel.from != 0 && s == b.sel.at():
		// The piece being moved, where it stands now.
		b.drag.piece, b.drag.from = true, c
	case s != 0 && b.pos.At(s) != engine.Empty && b.pos.At(s).Color() == b.pos.Turn():
		b.selectPiece(s)
		b.drag.piece, b.drag.from = true, c
	case s != 0 && b.pos.At(s) != engine.Empty:
		b.drag.foreign, b.drag.from = true, c
	}
}

// DragEnd is part of fyne.Draggable: dropping a piece on a square is the
// same as tapping that square.
func (b *Board) DragEnd() {
	d := b.drag
	b.drag = dragState{}
	if !d.active || !b.ready() {
		return
	}
	to, ok := b.geometry(b.Size()).CellAt(d.point)
	switch {
	case d.foreign:
		if !ok {
			to = NoCell
		}
		b.illegal(d.from, to)
	case !d.piece:
		return
	case !ok || to == d.from:
		// Dropped off the board or where it started: it stays selected.
	default:
		b.cursor = to
		b.target(to)
	}
	b.Refresh()
}

// FocusGained is part of fyne.Focusable.
func (b *Board) FocusGained() {
	b.focused = true
	b.Refresh()
}

// FocusLost is part of fyne.Focusable.
func (b *Board) FocusLost() {
	b.focused = false
	b.cursorShown = false
	b.Refresh()
}

// TypedRune is part of fyne.Focusable; the board takes keys, not text, and
// passes characters on to OnTypedRune.
func (b *Board) TypedRune(r rune) {
	if b.OnTypedRune != nil {
		b.OnTypedRune(r)
	}
}

// TypedKey is part of fyne.Focusable: arrow keys move the cursor, Enter or
// Space select (as a tap on the cursor's square), Escape drops the
// selection. Escape with nothing selected goes to the window, where it
// means "back", as it does when nothing has the keyboard.
func (b *Board) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if b.sel.from != 0 && b.interactive {
			b.cancel()
			return
		}
		passKeyOn(b, ev)
		return
	}
	if !b.ready() {
		return
	}
	g := b.geometry(b.Size())
	sr, sc := g.screen(b.cursor.Row, b.cursor.Col)
	switch ev.Name {
	case fyne.KeyUp:
		sr--
	case fyne.KeyDown:
		sr++
	case fyne.KeyLeft:
		sc--
	case fyne.KeyRight:
		sc++
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		b.cursorShown = true
		b.tapCell(b.cursor)
		return
	default:
		return
	}
	n := b.size()
	if b.cursorShown {
		b.cursor = g.ScreenCell(min(max(sr, 0), n-1), min(max(sc, 0), n-1))
	}
	b.cursorShown = true
	b.Refresh()
}

// ready reports whether input is taken; a running animation is finished
// first so the learner never waits for it.
func (b *Board) ready() bool {
	if !b.interactive || b.pos.Variant() == nil {
		return false
	}
	if b.anim != nil {
		b.stopAnimation()
		b.Refresh()
	}
	return true
}

// passKeyOn hands a key that focused object o does not use to its
// window's own key handler (the shell's: Escape goes back).
func passKeyOn(o fyne.CanvasObject, ev *fyne.KeyEvent) {
	app := fyne.CurrentApp()
	if app == nil || len(app.Driver().AllWindows()) == 0 {
		return
	}
	if c := app.Driver().CanvasForObject(o); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(ev)
	}
}

func (b *Board) cancel() {
	b.sel = selection{}
	b.stopPulse()
	b.Refresh()
}

func (b *Board) illegal(from, to Cell) {
	if b.OnIllegal != nil {
		b.OnIllegal(from, to)
	}
}

// tapCell handles a tap (or Enter) on cell c.
func (b *Board) tapCell(c Cell) {
	defer b.Refresh()
	v := b.pos.Variant()
	s := c.Square(v)
	if b.sel.from == 0 {
		b.tapUnselected(c, s)
		return
	}
	if s != 0 && s == b.sel.at() {
		// The piece where it stands: finish a move ending there, or let
		// go of it.
		if m, ok := b.endingHere(); ok {
			b.play(m)
		} else {
			b.sel = selection{}
			b.stopPulse()
		}
		return
	}
	if s != 0 && s == b.sel.from && !b.landsOn(s) {
		// Back to the start square in the middle of a capture: start the
		// way again.
		b.sel.path, b.sel.to = nil, 0
		return
	}
	if s != 0 && s != b.sel.from && b.pos.At(s) != engine.Empty && b.pos.At(s).Color() == b.pos.Turn() {
		b.selectPiece(s)
		return
	}
	b.target(c)
}

func (b *Board) tapUnselected(c Cell, s engine.Square) {
	if s == 0 || b.pos.At(s) == engine.Empty {
		return // nothing selected and nothing to select: not a move
	}
	if b.pos.At(s).Color() != b.pos.Turn() {
		b.illegal(c, NoCell)
		return
	}
	b.selectPiece(s)
}

// selectPiece selects the piece on s (of the side to move). Picking a piece
// that may not move while captures are forced pulses the capture rings.
func (b *Board) selectPiece(s engine.Square) {
	b.sel = selection{from: s}
	b.stopPulse()
	if !b.hasMoveFrom(s) && b.pos.HasCapture() {
		b.startPulse()
	}
}

func (b *Board) hasMoveFrom(s engine.Square) bool {
	for i := range b.legal {
		if b.legal[i].From == s {
			return true
		}
	}
	return false
}

// candidates returns the legal moves that agree with the selection so far.
func (b *Board) candidates() []engine.Move {
	var out []engine.Move
	for _, m := range b.legal {
		if m.From != b.sel.from || (b.sel.to != 0 && m.To != b.sel.to) {
			continue
		}
		p := m.Path()
		if len(p) < len(b.sel.path) {
			continue
		}
		same := true
		for i, s := range b.sel.path {
			if p[i] != s {
				same = false
				break
			}
		}
		if same {
			out = append(out, m)
		}
	}
	return out
}

// landsOn reports whether a candidate move lands on s next or ends there.
func (b *Board) landsOn(s engine.Square) bool {
	k := len(b.sel.path)
	for _, m := range b.candidates() {
		if p := m.Path(); m.To == s || (len(p) > k && p[k] == s) {
			return true
		}
	}
	return false
}

// endingHere returns the one candidate move that ends where the selected
// piece stands now (after the landing squares given so far).
func (b *Board) endingHere() (engine.Move, bool) {
	if len(b.sel.path) == 0 {
		return engine.Move{}, false
	}
	var found []engine.Move
	for _, m := range b.candidates() {
		if len(m.Path()) == len(b.sel.path) {
			found = append(found, m)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return engine.Move{}, false
}

// target sends the selected piece to cell c: it plays the move c names,
// takes c as the next landing square of a capture, or reports the attempt
// as illegal.
func (b *Board) target(c Cell) {
	v := b.pos.Variant()
	s := c.Square(v)
	from := CellOf(v, b.sel.from)
	if s == 0 {
		b.illegal(from, c)
		b.sel.path, b.sel.to = nil, 0
		return
	}
	k := len(b.sel.path)
	var final []engine.Move // moves ending on s
	through := 0            // moves landing on s next and going on
	for _, m := range b.candidates() {
		p := m.Path()
		if m.To == s {
			final = append(final, m)
		} else if len(p) > k+1 && p[k] == s {
			through++
		}
	}
	switch {
	case len(final) == 1 && through == 0:
		b.play(final[0])
	case through > 0:
		b.sel.path = append(b.sel.path, s)
		if cands := b.candidates(); len(cands) == 1 && b.sel.to != 0 {
			b.play(cands[0])
		}
	case len(final) > 1:
		// Several captures end here: the learner gives the way, square by
		// square.
		b.sel.to = s
	default:
		b.illegal(from, c)
		b.sel.path, b.sel.to = nil, 0
	}
}

func (b *Board) play(m engine.Move) {
	b.sel = selection{}
	b.stopPulse()
	if b.OnMove != nil {
		b.OnMove(m)
	}
}

func (b *Board) startPulse() {
	b.pulse = 1
	if !b.animate() {
		return // the rings stay strong until the next choice
	}
	a := fyne.NewAnimation(220*time.Millisecond, nil)
	a.Tick = func(t float32) {
		if b.pulseAnim != a {
			return
		}
		b.pulse = t
		b.Refresh()
	}
	a.AutoReverse = true
	a.RepeatCount = 1
	b.pulseAnim = a
	a.Start()
}

func (b *Board) stopPulse() {
	if b.pulseAnim != nil {
		b.pulseAnim.Stop()
		b.pulseAnim = nil
	}
	b.pulse = 0
}
