package widgets

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/puzzles"
	"github.com/checkerstutor/checkers/tutor"
)

// minTouch is the smallest height of anything a learner taps.
const minTouch = 44

// fixedHeight gives its objects height h, whatever their own minimum:
// a slim progress bar.
type fixedHeight struct{ h float32 }

func (l *fixedHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, (size.Height-l.h)/2))
		o.Resize(fyne.NewSize(size.Width, l.h))
	}
}

func (l *fixedHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, l.h)
}

// touchable gives o (a button) at least the height of a finger.
func touchable(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(&minHeight{h: minTouch}, o)
}

// pauseScale stretches the pauses between the moves the screens show one
// after another (replies, refutations); 0 shows them at once (tests).
var pauseScale = 1.0

// feedbackKind is the colour of a feedback banner.
type feedbackKind uint8

const (
	feedbackNone feedbackKind = iota
	// feedbackSuccess is green: a good move, a solved step.
	feedbackSuccess
	// feedbackMistake is red: a wrong move or one that breaks a rule.
	feedbackMistake
	// feedbackInfo is neutral: hints, the AI thinking, "go on".
	feedbackInfo
)

func (k feedbackKind) String() string {
	return [...]string{"none", "success", "mistake", "info"}[k]
}

// feedbackBanner is the coloured box that tells the learner how a move
// went, in the tutor's words, with the stars of a solved step.
type feedbackBanner struct {
	widget.BaseWidget
	kind  feedbackKind
	text  string
	stars int // 0: no stars shown

	bg    *canvas.Rectangle
	icon  *widget.Icon
	label *widget.Label
	row   *starRow
	box   *fyne.Container
	// changed runs after the banner was shown, hidden or given a new text,
	// so that the screen lays itself out again.
	changed func()
}

func newFeedbackBanner() *feedbackBanner {
	b := &feedbackBanner{bg: canvas.NewRectangle(color.Transparent), icon: widget.NewIcon(nil),
		label: widget.NewLabel(""), row: newStarRow(24)}
	b.bg.CornerRadius = theme.InputRadiusSize()
	b.bg.StrokeWidth = 2
	b.label.Wrapping = fyne.TextWrapWord
	b.label.TextStyle.Bold = true
	b.box = container.NewStack(b.bg, container.NewPadded(container.NewBorder(nil, nil, container.NewVBox(b.icon), nil,
		container.NewVBox(b.label, container.NewHBox(b.row)))))
	b.ExtendBaseWidget(b)
	b.Hide()
	return b
}

// set shows the banner with a sentence; kind feedbackNone hides it.
func (b *feedbackBanner) set(kind feedbackKind, text string, stars int) {
	b.kind, b.text, b.stars = kind, text, stars
	if kind == feedbackNone {
		b.Hide()
	} else {
		b.Show()
		b.Refresh()
	}
	if b.changed != nil {
		b.changed()
	}
}

func (b *feedbackBanner) clear() { b.set(feedbackNone, "", 0) }

// CreateRenderer is part of fyne.Widget.
func (b *feedbackBanner) CreateRenderer() fyne.WidgetRenderer {
	b.apply()
	return widget.NewSimpleRenderer(b.box)
}

// Refresh re-reads the state and the theme's colours.
func (b *feedbackBanner) Refresh() {
	b.apply()
	b.BaseWidget.Refresh()
}

func (b *feedbackBanner) apply() {
	name, icon := theme.ColorNamePrimary, theme.InfoIcon()
	switch b.kind {
	case feedbackSuccess:
		name, icon = theme.ColorNameSuccess, theme.ConfirmIcon()
	case feedbackMistake:
		name, icon = theme.ColorNameError, theme.CancelIcon()
	}
	c := color.NRGBAModel.Convert(theme.Color(name)).(color.NRGBA)
	b.bg.StrokeColor = c
	b.bg.FillColor = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 0x38}
	b.icon.SetResource(theme.NewColoredResource(icon, name))
	b.label.SetText(b.text)
	b.row.set(b.stars, 3)
	if b.stars > 0 {
		b.row.Show()
	} else {
		b.row.Hide()
	}
	b.bg.Refresh()
}

// starRow draws earned and missing stars.
type starRow struct {
	widget.BaseWidget
	size      float32
	n, out    int
	box       *fyne.Container
	imgs      []*canvas.Image
	full, off fyne.Resource
}

func newStarRow(size float32) *starRow {
	r := &starRow{size: size, box: container.New(starsLayout{size}), full: starResource(true), off: starResource(false)}
	r.ExtendBaseWidget(r)
	return r
}

func (r *starRow) set(n, out int) {
	r.n, r.out = n, out
	for len(r.imgs) < out {
		img := canvas.NewImageFromResource(r.off)
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSquareSize(r.size))
		r.imgs = append(r.imgs, img)
		r.box.Add(img)
	}
	for i, img := range r.imgs {
		img.Hidden = i >= out
		res := r.off
		if i < n {
			res = r.full
		}
		if img.Resource != res {
			img.Resource = res
			img.Refresh()
		}
	}
	r.box.Refresh()
}

// starsLayout puts square images of a fixed side in a row, centred
// vertically.
type starsLayout struct{ side float32 }

func (l starsLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	x, gap := float32(0), l.side/6
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		o.Resize(fyne.NewSquareSize(l.side))
		o.Move(fyne.NewPos(x, (size.Height-l.side)/2))
		x += l.side + gap
	}
}

func (l starsLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	n := 0
	for _, o := range objects {
		if o.Visible() {
			n++
		}
	}
	if n == 0 {
		return fyne.NewSize(0, 0)
	}
	return fyne.NewSize(float32(n)*l.side+float32(n-1)*l.side/6, l.side)
}

// CreateRenderer is part of fyne.Widget.
func (r *starRow) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(r.box) }

// starResource is a five-pointed star, gold when earned and a grey
// outline when not.
func starResource(earned bool) fyne.Resource {
	fill, stroke, name := "#f2b01e", "#a86f00", "star-full.svg"
	if !earned {
		fill, stroke, name = "none", "#8a8a8a", "star-empty.svg"
	}
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M12 1.8l3.1 6.6 7.1.8-5.3 4.9 1.5 7.1L12 17.6l-6.4 3.6 1.5-7.1L1.8 9.2l7.1-.8z" fill="%s" stroke="%s" stroke-width="1.6" stroke-linejoin="round"/></svg>`, fill, stroke)
	return fyne.NewStaticResource(name, []byte(svg))
}

// lockResource is a closed padlock.
var lockResource = fyne.NewStaticResource("lock.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="#000" stroke-width="2.2"/><rect x="4.5" y="10" width="15" height="11" rx="2" fill="#000"/></svg>`))

// actionButton is a button at least minTouch high that also answers Enter
// and hands the screen's one-key commands (H, R, N) to keys while it has
// the keyboard focus.
type actionButton struct {
	widget.Button
	keys func(r rune)
}

func newActionButton(label string, icon fyne.Resource, tapped func(), keys func(rune)) *actionButton {
	b := &actionButton{keys: keys}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

// MinSize keeps the button large enough for a finger.
func (b *actionButton) MinSize() fyne.Size {
	s := b.Button.MinSize()
	return fyne.NewSize(s.Width, max(s.Height, minTouch))
}

// TypedKey presses the button on Enter as well as Space; Escape goes to
// the window (back).
func (b *actionButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter:
		if !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
		return
	case fyne.KeyEscape:
		passKeyOn(b, ev)
		return
	}
	b.Button.TypedKey(ev)
}

// TypedRune passes letters to the screen.
func (b *actionButton) TypedRune(r rune) {
	if b.keys != nil {
		b.keys(r)
	}
}

// relayout lays a screen's containers out again after texts or banners
// changed size (the canvas does it on its own only while drawing frames).
// Twice: a wrapping label knows its height only once it has its width.
func relayout(root fyne.CanvasObject) {
	if c, ok := root.(*fyne.Container); ok {
		c.Refresh()
		c.Refresh()
	}
}

// wrapped returns a label that wraps its text at word boundaries.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// heading returns a bold label, wrapped.
func heading(text string) *widget.Label {
	l := wrapped(text)
	l.TextStyle.Bold = true
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

// settingsOf returns the learner's settings (the defaults without a
// progress file).
func settingsOf(s *Services) tutor.Settings {
	if s.Progress == nil {
		return tutor.DefaultSettings()
	}
	return s.Progress.Settings()
}

// newTrainingBoard returns a board for lessons and puzzles in the learner's
// theme, with the squares written the way the texts name them.
func newTrainingBoard(s *Services, pos engine.Position) *Board {
	st := settingsOf(s)
	b := NewBoard(pos)
	if t, err := ThemeByName(st.Theme, BlackWhite); err == nil {
		b.SetTheme(t)
	} else {
		b.SetTheme(TournamentTheme(BlackWhite))
	}
	if st.Notation == "algebraic" || (st.Notation == "" && tutor.NotationFor(pos.Variant()) == engine.AlgebraicNotation) {
		b.SetCoordinates(Algebraic)
	} else {
		b.SetCoordinates(SquareNumbers)
	}
	b.SetAnimations(st.Animations)
	return b
}

// trainingWords names the sides after the board's pieces, in the
// learner's language and notation.
func trainingWords(s *Services, b *Board) tutor.Words {
	return wordsFor(settingsOf(s), b.Theme())
}

// solverOf is the puzzle solver of lessons and puzzles: the engine's
// search with the shared endgame database (nil without one: the tutor then
// uses its exhaustive solver, which tests use).
func solverOf(s *Services) puzzles.Solver {
	if s.Endgames == nil {
		return nil
	}
	return s.Endgames.Solver()
}

// languageOf is the language of the learner's texts: the one chosen in
// the settings, or the system's.
func languageOf(s *Services) string { return AppLanguage(settingsOf(s).Language) }

// sound plays a feedback sound when the learner wants sounds.
func sound(s *Services, snd Sound) {
	if s.Sounds != nil && settingsOf(s).Sound {
		s.Sounds.Play(snd)
	}
}

// moveSound is the sound of a move: a capture, a crowning or a step.
func moveSound(m *engine.Move) Sound {
	switch {
	case m.Promotes:
		return SoundCrown
	case m.IsCapture():
		return SoundCapture
	}
	return SoundMove
}

// beat is one thing shown on the board, and how long to let it be seen
// before the next.
type beat struct {
	do   func()
	wait time.Duration
}

// sequence shows beats one after another on the Fyne goroutine. Starting
// another sequence, or stop, drops what is left of the running one.
type sequence struct {
	gen int
	// do brings the next beat to the Fyne goroutine (Services.do).
	do func(func())
}

func (q *sequence) stop() { q.gen++ }

func (q *sequence) play(beats []beat) {
	q.gen++
	q.next(q.gen, beats)
}

func (q *sequence) next(gen int, beats []beat) {
	for len(beats) > 0 {
		if gen != q.gen {
			return
		}
		b := beats[0]
		beats = beats[1:]
		b.do()
		wait := time.Duration(float64(b.wait) * pauseScale)
		if wait > 0 && len(beats) > 0 {
			time.AfterFunc(wait, func() { q.do(func() { q.next(gen, beats) }) })
			return
		}
	}
}

// moveTime is how long a move takes on the board, plus a moment to see
// it.
func moveTime(m *engine.Move) time.Duration {
	return time.Duration(len(m.Path()))*legDuration + 450*time.Millisecond
}

// answerBeats shows the answer to the learner's move m, played on before
// and already shown: the automatic reply, or the refutation of a wrong
// move followed by the board going back; final is where the board ends
// (the session's position). done runs last.
func answerBeats(b *Board, before engine.Position, m engine.Move, fb tutor.Feedback, final engine.Position, done func()) []beat {
	after := before
	after.Play(&m)
	var beats []beat
	switch {
	case fb.Kind == tutor.FeedbackWrong && len(fb.Refutation) > 0:
		beats = append(beats, beat{func() {}, moveTime(&m)})
		p := after
		for i := range fb.Refutation {
			r := fb.Refutation[i]
			p.Play(&r)
			q := p
			beats = append(beats, beat{func() { b.SetPositionAnimated(q, r) }, moveTime(&r)})
		}
		beats = append(beats, beat{func() { b.SetPosition(final) }, 0})
	case fb.Reply != nil:
		r := *fb.Reply
		beats = append(beats, beat{func() {}, moveTime(&m)},
			beat{func() { b.SetPositionAnimated(final, r) }, 0})
	case !final.Equal(&after):
		beats = append(beats, beat{func() {}, moveTime(&m) + 300*time.Millisecond},
			beat{func() { b.SetPosition(final) }, 0})
	}
	return append(beats, beat{done, 0})
}

// starsText says how many stars were earned, for screen readers and the
// summary.
func starsText(n, out int) string {
	return lang.L("{{.N}} of {{.Out}} stars", map[string]any{"N": n, "Out": out})
}

// joinLines joins non-empty texts with blank lines between them.
func joinLines(texts ...string) string {
	var out []string
	for _, t := range texts {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n\n")
}
