package widgets

import (
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/checkerstutor/checkers/engine"
)

const (
	maxN       = 10           // the largest board
	maxSquares = 50           // playable squares of the largest board
	pieceRatio = float32(0.8) // a piece's diameter, in cells
	minCell    = 28           // the smallest cell the board asks for
)

// pieceView is the canvas objects of one piece.
type pieceView struct {
	shadow, body, groove, ring *canvas.Circle
	crown                      *canvas.Image
}

func newPieceView() pieceView {
	return pieceView{
		shadow: canvas.NewCircle(color.NRGBA{A: 0x50}),
		body:   canvas.NewCircle(color.Transparent),
		groove: canvas.NewCircle(color.Transparent),
		ring:   canvas.NewCircle(color.Transparent),
		crown:  &canvas.Image{FillMode: canvas.ImageFillContain},
	}
}

func (v *pieceView) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{v.ring, v.shadow, v.body, v.groove, v.crown}
}

func (v *pieceView) hide() {
	for _, o := range v.objects() {
		o.Hide()
	}
}

// pieceLook is what one piece shows.
type pieceLook struct {
	piece  engine.Piece
	faded  bool        // jumped in the move being shown: it goes when the move ends
	ring   color.NRGBA // zero: no ring
	strong float32     // 0..1: how much the ring is thickened (pulse)
	lifted bool        // carried by a drag
}

// boardRenderer draws a Board. It creates every object once, for the
// largest board, and hides what a smaller board does not use.
type boardRenderer struct {
	b *Board

	frame    *canvas.Rectangle
	inside   bool                           // algebraic labels are written inside the squares
	cells    [maxN * maxN]*canvas.Rectangle // by row*maxN+col
	tints    [maxSquares]*canvas.Rectangle  // by square-1
	outlines [maxSquares]*canvas.Rectangle
	files    [maxN]*canvas.Text // by screen column
	ranks    [maxN]*canvas.Text // by screen row
	numbers  [maxSquares]*canvas.Text
	badges   [maxSquares]*canvas.Rectangle // behind the numbers
	pieces   [maxSquares]pieceView
	dots     [maxSquares]*canvas.Circle
	arrow    [engine.MaxCaptures + 2]*canvas.Line // legs, then the two strokes of the head
	floating pieceView                            // the piece being moved or carried
	cursor   *canvas.Rectangle

	crowns map[[2]color.NRGBA]fyne.Resource

	// scene, worked out by Refresh and placed by Layout
	looks      [maxSquares]pieceLook
	floatLook  pieceLook
	floatAt    fyne.Position // centre of the floating piece
	floatShown bool
	dotSize    [maxSquares]float32 // 0: no dot; else diameter in cells
	arrowPts   []fyne.Position

	objects []fyne.CanvasObject
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b, crowns: map[[2]color.NRGBA]fyne.Resource{}}
	r.frame = canvas.NewRectangle(color.Transparent)
	r.objects = append(r.objects, r.frame)
	for i := range r.cells {
		r.cells[i] = canvas.NewRectangle(color.Transparent)
		r.objects = append(r.objects, r.cells[i])
	}
	for i := range r.tints {
		r.tints[i] = canvas.NewRectangle(color.Transparent)
		r.outlines[i] = canvas.NewRectangle(color.Transparent)
		r.objects = append(r.objects, r.tints[i], r.outlines[i])
	}
	for i := range r.files {
		r.files[i] = canvas.NewText("", color.Transparent)
		r.ranks[i] = canvas.NewText("", color.Transparent)
		r.objects = append(r.objects, r.files[i], r.ranks[i])
	}
	for i := range r.pieces {
		r.pieces[i] = newPieceView()
		r.objects = append(r.objects, r.pieces[i].objects()...)
	}
	// Square numbers go over the pieces, each on a small badge.
	for i := range r.numbers {
		r.badges[i] = canvas.NewRectangle(color.Transparent)
		r.numbers[i] = canvas.NewText(strconv.Itoa(i+1), color.Transparent)
		r.numbers[i].TextStyle.Bold = true
		r.objects = append(r.objects, r.badges[i], r.numbers[i])
	}
	for i := range r.dots {
		r.dots[i] = canvas.NewCircle(color.Transparent)
		r.objects = append(r.objects, r.dots[i])
	}
	for i := range r.arrow {
		r.arrow[i] = canvas.NewLine(color.Transparent)
		r.objects = append(r.objects, r.arrow[i])
	}
	r.floating = newPieceView()
	r.objects = append(r.objects, r.floating.objects()...)
	r.cursor = canvas.NewRectangle(color.Transparent)
	r.objects = append(r.objects, r.cursor)
	r.Refresh()
	return r
}

// Destroy is part of fyne.WidgetRenderer.
func (r *boardRenderer) Destroy() {}

// Objects is part of fyne.WidgetRenderer.
func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

// MinSize is part of fyne.WidgetRenderer.
func (r *boardRenderer) MinSize() fyne.Size {
	return fyne.NewSquareSize(float32(r.b.size()) * minCell)
}

// Refresh is part of fyne.WidgetRenderer: it reads the board's state and
// theme and draws them.
func (r *boardRenderer) Refresh() {
	r.scene()
	r.colour()
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

// shown returns the position on the board now: the one before the move
// while a move is animated.
func (b *Board) shown() *engine.Position {
	if b.anim != nil {
		return &b.anim.before
	}
	return &b.pos
}

// scene works out what each square shows.
func (r *boardRenderer) scene() {
	b := r.b
	pos := b.shown()
	v := pos.Variant()
	r.looks = [maxSquares]pieceLook{}
	r.dotSize = [maxSquares]float32{}
	r.floatShown = false
	r.arrowPts = r.arrowPts[:0]
	if v == nil {
		return
	}
	g := b.geometry(b.Size())
	for s := engine.Square(1); int(s) <= v.Squares(); s++ {
		r.looks[s-1].piece = pos.At(s)
	}
	center := func(s engine.Square) fyne.Position { return g.CellCenter(CellOf(v, s)) }

	if b.interactive && b.anim == nil && b.pos.HasCapture() {
		for _, m := range b.legal {
			r.looks[m.From-1].ring = b.theme.MustCapture
			r.looks[m.From-1].strong = b.pulse
		}
	}
	if b.hintFrom != 0 && b.anim == nil {
		r.looks[b.hintFrom-1].ring = b.theme.Hint
		r.looks[b.hintFrom-1].strong = 0
	}
	if b.hintMove != nil && b.anim == nil {
		r.arrowPts = append(r.arrowPts, center(b.hintMove.From))
		for _, s := range b.hintMove.Path() {
			r.arrowPts = append(r.arrowPts, center(s))
		}
	}

	switch {
	case b.anim != nil:
		m := &b.anim.move
		path := m.Path()
		legs := float64(len(path))
		t := float64(b.anim.t) * legs
		leg := min(int(t), len(path)-1)
		within := float32(t - float64(leg))
		within = fyne.AnimationEaseInOut(within)
		from := m.From
		if leg > 0 {
			from = path[leg-1]
		}
		a, z := center(from), center(path[leg])
		r.floatAt = fyne.NewPos(a.X+(z.X-a.X)*within, a.Y+(z.Y-a.Y)*within)
		r.floatLook = pieceLook{piece: r.looks[m.From-1].piece}
		r.floatShown = true
		r.looks[m.From-1].piece = engine.Empty
		// A piece is faded once the moving piece has passed it.
		for i, c := range m.Captured() {
			if i < leg || (i == leg && within >= 0.5) {
				r.looks[c-1].faded = true
			}
		}
	case b.sel.from != 0:
		at := b.sel.at()
		look := pieceLook{piece: pos.At(b.sel.from), ring: b.theme.Selection}
		if len(b.sel.path) > 0 || b.drag.piece {
			r.looks[b.sel.from-1].piece = engine.Empty
			r.floatLook = look
			r.floatAt = center(at)
			r.floatShown = true
			if b.drag.piece {
				r.floatAt = b.drag.point
				r.floatLook.lifted = true
			}
		} else {
			r.looks[b.sel.from-1] = look
		}
		cands := b.candidates()
		if k := len(b.sel.path); k > 0 && len(cands) > 0 {
			for _, c := range cands[0].Captured()[:k] {
				r.looks[c-1].faded = true
			}
		}
		r.markTargets(cands)
	}
}

// markTargets puts a big dot where a candidate move ends and a small one
// where it lands next on its way.
func (r *boardRenderer) markTargets(cands []engine.Move) {
	k := len(r.b.sel.path)
	for _, m := range cands {
		p := m.Path()
		if len(p) > k+1 {
			if s := p[k]; r.dotSize[s-1] == 0 {
				r.dotSize[s-1] = 0.22
			}
		}
		r.dotSize[m.To-1] = 0.4
	}
}

// colour sets the colours, texts and visibility of every object.
func (r *boardRenderer) colour() {
	b, t := r.b, r.b.theme
	pos := b.shown()
	v := pos.Variant()
	n := b.size()

	r.frame.FillColor = t.Frame
	for row := range maxN {
		for col := range maxN {
			o := r.cells[row*maxN+col]
			if row >= n || col >= n {
				o.Hide()
				continue
			}
			o.Show()
			if (row+col)%2 == 1 {
				o.FillColor = t.DarkSquare
			} else {
				o.FillColor = t.LightSquare
			}
		}
	}

	selected := map[engine.Square]bool{}
	if b.sel.from != 0 {
		selected[b.sel.from] = true
		for _, s := range b.sel.path {
			selected[s] = true
		}
	}
	last := map[engine.Square]bool{}
	if b.lastMove != nil && b.anim == nil {
		last[b.lastMove.From], last[b.lastMove.To] = true, true
	}
	targets := map[engine.Square]bool{}
	for _, s := range b.targets {
		targets[s] = true
	}
	squares := 0
	if v != nil {
		squares = v.Squares()
	}
	for i := range maxSquares {
		s := engine.Square(i + 1)
		tint, outline, dot := r.tints[i], r.outlines[i], r.dots[i]
		if i >= squares {
			tint.Hide()
			outline.Hide()
			dot.Hide()
			r.numbers[i].Hide()
			r.badges[i].Hide()
			r.pieces[i].hide()
			continue
		}
		switch {
		case selected[s]:
			tint.FillColor = withAlpha(t.Selection, 0x66)
			tint.Show()
		case last[s]:
			tint.FillColor = t.LastMove
			tint.Show()
		default:
			tint.Hide()
		}
		outline.FillColor = color.Transparent
		outline.StrokeColor = t.Target
		outline.Hidden = !targets[s]
		dot.FillColor = t.Dot
		dot.StrokeColor = withAlpha(color.NRGBA{}, 0x90)
		dot.Hidden = r.dotSize[i] == 0
		setText(r.numbers[i], strconv.Itoa(i+1), t.Number, b.coords == SquareNumbers)
		r.badges[i].FillColor = withAlpha(t.DarkSquare, 0xc0)
		r.badges[i].Hidden = b.coords != SquareNumbers
		r.stylePiece(&r.pieces[i], r.looks[i])
	}
	g := b.geometry(b.Size())
	for i := range maxN {
		shown := b.coords == Algebraic && i < n
		var file, rank string
		if shown {
			file = string(rune('a' + g.ScreenCell(0, i).Col))
			rank = strconv.Itoa(n - g.ScreenCell(i, 0).Row)
		}
		fileColor, rankColor := t.Label, t.Label
		if shown && insideLabels(g) {
			fileColor = labelColor(t, v, g.ScreenCell(n-1, i))
			rankColor = labelColor(t, v, g.ScreenCell(i, 0))
		}
		setText(r.files[i], file, fileColor, shown)
		setText(r.ranks[i], rank, rankColor, shown)
	}
	if r.floatShown {
		r.stylePiece(&r.floating, r.floatLook)
	} else {
		r.floating.hide()
	}
	for i, l := range r.arrow {
		l.StrokeColor = withAlpha(t.Hint, 0xd8)
		l.Hidden = len(r.arrowPts) < 2 || (i < len(r.arrow)-2 && i >= len(r.arrowPts)-1)
	}
	r.cursor.FillColor = color.Transparent
	r.cursor.StrokeColor = t.Cursor
	r.cursor.Hidden = !(b.focused && b.cursorShown)
}

func (r *boardRenderer) stylePiece(pv *pieceView, l pieceLook) {
	if l.piece == engine.Empty {
		pv.hide()
		return
	}
	st := r.b.theme.Pieces(l.piece.Color())
	fill, edge, mark := st.Fill, st.Edge, st.Edge
	if l.piece.IsKing() {
		mark = st.Crown
	}
	if l.faded {
		fill, edge, mark = withAlpha(fill, 0x70), withAlpha(edge, 0x70), withAlpha(mark, 0x70)
	}
	pv.body.FillColor, pv.body.StrokeColor = fill, edge
	pv.groove.FillColor, pv.groove.StrokeColor = color.Transparent, mark
	pv.ring.FillColor, pv.ring.StrokeColor = color.Transparent, l.ring
	pv.body.Show()
	pv.groove.Show()
	pv.shadow.Hidden = l.faded
	pv.ring.Hidden = l.ring.A == 0
	if l.piece.IsKing() {
		res := r.crown(st.Crown, st.Edge)
		if pv.crown.Resource != res {
			pv.crown.Resource = res
			pv.crown.Refresh()
		}
		if pv.crown.Translucency = 0; l.faded {
			pv.crown.Translucency = 0.55
		}
		pv.crown.Show()
	} else {
		pv.crown.Hide()
	}
}

// crown returns the crown image for the given colours, made once.
func (r *boardRenderer) crown(fill, edge color.NRGBA) fyne.Resource {
	key := [2]color.NRGBA{fill, edge}
	res, ok := r.crowns[key]
	if !ok {
		name := "crown-" + hexColor(fill)[1:] + "-" + hexColor(edge)[1:] + ".svg"
		res = fyne.NewStaticResource(name, crownSVG(fill, edge))
		r.crowns[key] = res
	}
	return res
}

// Layout is part of fyne.WidgetRenderer: it places every object for the
// given size.
func (r *boardRenderer) Layout(size fyne.Size) {
	b := r.b
	g := b.geometry(size)
	n, cs := g.N, g.CellSize
	bp, bs := g.BoardRect()
	r.frame.Move(bp)
	r.frame.Resize(bs)
	for row := range n {
		for col := range n {
			p, s := g.CellRect(Cell{Row: row, Col: col})
			r.cells[row*maxN+col].Move(p)
			r.cells[row*maxN+col].Resize(s)
		}
	}
	pos := b.shown()
	v := pos.Variant()
	if v == nil {
		return
	}
	for i := range v.Squares() {
		c := CellOf(v, engine.Square(i+1))
		p, s := g.CellRect(c)
		r.tints[i].Move(p)
		r.tints[i].Resize(s)
		w := cs * 0.07
		r.outlines[i].StrokeWidth = w
		r.outlines[i].Move(p.AddXY(w/2, w/2))
		r.outlines[i].Resize(s.SubtractWidthHeight(w, w))
		center := g.CellCenter(c)
		d := cs * r.dotSize[i]
		r.dots[i].StrokeWidth = max(1, cs*0.02)
		r.dots[i].Move(center.SubtractXY(d/2, d/2))
		r.dots[i].Resize(fyne.NewSquareSize(d))
		placeText(r.numbers[i], cs*0.22, p.AddXY(cs*0.04, cs*0.01), false)
		ns := r.numbers[i].Size()
		r.badges[i].CornerRadius = cs * 0.06
		r.badges[i].Move(p)
		r.badges[i].Resize(fyne.NewSize(ns.Width+cs*0.08, ns.Height+cs*0.02))
		r.placePiece(&r.pieces[i], center, cs, r.looks[i])
	}
	inside := insideLabels(g)
	if inside != r.inside && b.coords == Algebraic {
		r.inside = inside
		r.colour() // the labels' colours depend on where they stand
	}
	for i := range n {
		fp, _ := g.CellRect(g.ScreenCell(n-1, i))
		rp, _ := g.CellRect(g.ScreenCell(i, 0))
		if inside {
			// Files in the bottom-right corner of the bottom squares,
			// ranks in the top-left corner of the left ones.
			placeText(r.files[i], cs*0.22, fp, false)
			fs := r.files[i].Size()
			r.files[i].Move(fp.AddXY(cs*0.96-fs.Width, cs-fs.Height))
			placeText(r.ranks[i], cs*0.22, rp.AddXY(cs*0.04, cs*0.01), false)
			continue
		}
		size := g.Frame * 0.62
		placeText(r.files[i], size, fp.AddXY(cs/2, cs+g.Frame/2), true)
		placeText(r.ranks[i], size, rp.AddXY(-g.Frame/2, cs/2), true)
	}
	if r.floatShown {
		r.placePiece(&r.floating, r.floatAt, cs, r.floatLook)
	}
	r.layoutArrow(cs)
	cp, csz := g.CellRect(b.cursor)
	w := cs * 0.08
	r.cursor.StrokeWidth = w
	r.cursor.Move(cp.AddXY(w/2, w/2))
	r.cursor.Resize(csz.SubtractWidthHeight(w, w))
}

func (r *boardRenderer) placePiece(pv *pieceView, center fyne.Position, cs float32, l pieceLook) {
	d := cs * pieceRatio
	if l.lifted {
		d *= 1.08
	}
	put := func(o fyne.CanvasObject, size float32, dx, dy float32) {
		o.Resize(fyne.NewSquareSize(size))
		o.Move(center.AddXY(dx-size/2, dy-size/2))
	}
	shadowOff := d * 0.06
	if l.lifted {
		shadowOff = d * 0.14
	}
	put(pv.shadow, d, shadowOff*0.7, shadowOff)
	put(pv.body, d, 0, 0)
	pv.body.StrokeWidth = d * 0.06
	put(pv.groove, d*0.64, 0, 0)
	pv.groove.StrokeWidth = d * 0.045
	if l.piece.IsKing() {
		pv.groove.StrokeWidth = d * 0.07
	}
	put(pv.crown, d*0.5, 0, -d*0.02)
	ring := d + cs*0.14
	put(pv.ring, ring, 0, 0)
	pv.ring.StrokeWidth = cs * (0.07 + 0.06*l.strong)
}

func (r *boardRenderer) layoutArrow(cs float32) {
	pts := r.arrowPts
	if len(pts) < 2 {
		return
	}
	w := cs * 0.11
	for i := 0; i+1 < len(pts); i++ {
		l := r.arrow[i]
		l.StrokeWidth = w
		l.Position1, l.Position2 = pts[i], pts[i+1]
	}
	// The head: two strokes back from the tip.
	tip, prev := pts[len(pts)-1], pts[len(pts)-2]
	angle := math.Atan2(float64(tip.Y-prev.Y), float64(tip.X-prev.X))
	head := float64(cs * 0.34)
	for k, turn := range []float64{math.Pi * 0.8, -math.Pi * 0.8} {
		l := r.arrow[len(r.arrow)-2+k]
		l.StrokeWidth = w
		l.Position1 = tip
		l.Position2 = tip.AddXY(float32(head*math.Cos(angle+turn)), float32(head*math.Sin(angle+turn)))
	}
}

// setText changes a text only when it differs, so unchanged texts keep
// their rendered image.
func setText(t *canvas.Text, s string, c color.NRGBA, shown bool) {
	if t.Text != s || t.Color != c {
		t.Text, t.Color = s, c
		t.Refresh()
	}
	t.Hidden = !shown
}

// placeText sizes t and puts it at p: its centre there when centred, its
// top-left corner otherwise.
func placeText(t *canvas.Text, size float32, p fyne.Position, centred bool) {
	if t.TextSize != size {
		t.TextSize = size
		t.Refresh()
	}
	ms := t.MinSize()
	t.Resize(ms)
	if centred {
		p = p.SubtractXY(ms.Width/2, ms.Height/2)
	}
	t.Move(p)
}

// labelColor is the colour of a coordinate written inside cell c: the
// square numbers' colour on a dark square, the dark squares' on a light
// one.
func labelColor(t BoardTheme, v *engine.Variant, c Cell) color.NRGBA {
	if v != nil && c.Square(v) != 0 {
		return t.Number
	}
	return t.DarkSquare
}

func withAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = uint8(uint16(c.A) * uint16(a) / 0xff)
	return c
}
