package widgets

import (
	"fmt"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/tutor"
)

// HomeActions are what the home screen's buttons do. A nil action shows
// its button disabled.
type HomeActions struct {
	// Continue resumes the unfinished game, or else the current lesson
	// step; ContinueText says what it will resume ("" hides the line).
	Continue     func()
	ContinueText func() string
	Lessons      func()
	Puzzles      func()
	Play         func()
	Settings     func()
}

// Home is the first screen: the app's name and icon, "Continue where you
// left off" first, then big buttons for Lessons, Puzzles, Play and
// Settings, and the learner's stars, puzzle rating and streak at a glance.
type Home struct {
	widget.BaseWidget

	s       *Services
	actions HomeActions

	// Continue, Lessons, Puzzles, Play and Settings are the buttons.
	Continue, Lessons, Puzzles, Play, Settings *widget.Button

	continueText *widget.Label
	stats        *widget.Label
	content      fyne.CanvasObject
}

// NewHome returns the home screen.
func NewHome(s *Services, a HomeActions) *Home {
	h := &Home{s: s, actions: a}
	h.ExtendBaseWidget(h)
	run := func(f func()) func() {
		return func() {
			if f != nil {
				f()
			}
		}
	}
	h.Continue = widget.NewButtonWithIcon(lang.L("Continue where you left off"), theme.MediaPlayIcon(), run(a.Continue))
	h.Continue.Importance = widget.HighImportance
	h.Lessons = widget.NewButtonWithIcon(lang.L("Lessons"), theme.DocumentIcon(), run(a.Lessons))
	h.Puzzles = widget.NewButtonWithIcon(lang.L("Puzzles"), theme.QuestionIcon(), run(a.Puzzles))
	h.Play = widget.NewButtonWithIcon(lang.L("Play"), theme.ComputerIcon(), run(a.Play))
	h.Settings = widget.NewButtonWithIcon(lang.L("Settings"), theme.SettingsIcon(), run(a.Settings))
	for _, b := range []struct {
		btn *widget.Button
		f   func()
	}{{h.Continue, a.Continue}, {h.Lessons, a.Lessons}, {h.Puzzles, a.Puzzles}, {h.Play, a.Play}, {h.Settings, a.Settings}} {
		if b.f == nil {
			b.btn.Disable()
		}
	}
	h.continueText = widget.NewLabel("")
	h.continueText.Alignment = fyne.TextAlignCenter
	h.continueText.Wrapping = fyne.TextWrapWord
	h.stats = widget.NewLabel("")
	h.stats.Alignment = fyne.TextAlignCenter
	h.stats.Wrapping = fyne.TextWrapWord

	title := widget.NewRichText(&widget.TextSegment{Text: lang.L("Checkers Tutor"),
		Style: widget.RichTextStyle{Alignment: fyne.TextAlignCenter, SizeName: theme.SizeNameHeadingText, TextStyle: fyne.TextStyle{Bold: true}}})
	tagline := widget.NewLabelWithStyle(lang.L("Learn the game step by step, solve puzzles, and play."), fyne.TextAlignCenter, fyne.TextStyle{})
	tagline.Wrapping = fyne.TextWrapWord

	var head []fyne.CanvasObject
	if s != nil && s.App != nil && s.App.Icon() != nil {
		img := canvas.NewImageFromResource(s.App.Icon())
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSquareSize(96))
		head = append(head, container.NewCenter(img))
	}
	head = append(head, title, tagline)

	tall := func(b *widget.Button) fyne.CanvasObject {
		return container.New(&minHeight{h: 64}, b)
	}
	grid := container.NewGridWithColumns(2, tall(h.Lessons), tall(h.Puzzles), tall(h.Play), tall(h.Settings))
	col := container.NewVBox(append(head,
		container.New(&minHeight{h: 72}, h.Continue),
		h.continueText,
		grid,
		widget.NewSeparator(),
		h.stats,
	)...)
	h.content = container.NewVScroll(container.NewPadded(container.New(&column{w: 560}, col)))
	h.Update()
	return h
}

// CreateRenderer implements fyne.Widget.
func (h *Home) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(h.content) }

// Update refreshes what the screen says: what Continue resumes and the
// learner's figures. The shell calls it each time home is shown again.
func (h *Home) Update() {
	label := lang.L("Continue where you left off")
	if h.fresh() {
		label = lang.L("Start the first lesson")
	}
	if h.Continue.Text != label {
		h.Continue.SetText(label)
	}
	text := ""
	if h.actions.ContinueText != nil {
		text = h.actions.ContinueText()
	}
	h.continueText.SetText(text)
	if text == "" {
		h.continueText.Hide()
	} else {
		h.continueText.Show()
	}
	h.stats.SetText(h.Figures())
}

// fresh reports whether the learner has done nothing yet: no lesson
// step, puzzle or game. Continue then starts the first lesson.
func (h *Home) fresh() bool {
	if h.s == nil || h.s.Progress == nil {
		return false
	}
	p := h.s.Progress
	if _, ok := p.SavedGame(); ok {
		return false
	}
	for _, c := range bundledCourses() {
		for _, l := range c.Lessons {
			if rec := p.Lesson(c.ID, l.ID); rec.Done || started(rec) {
				return false
			}
		}
	}
	for _, v := range engine.Variants() {
		if st := p.Puzzles(v); st.Solved+st.Failed > 0 || len(p.Games(v)) > 0 {
			return false
		}
	}
	return true
}

// ContinueText returns what Continue says it will resume ("" for
// nothing).
func (h *Home) ContinueText() string { return h.continueText.Text }

// Figures returns the line of the learner's figures: stars earned in
// lessons, puzzle rating and streak in the chosen variant.
func (h *Home) Figures() string {
	if h.s == nil || h.s.Progress == nil {
		return ""
	}
	p := h.s.Progress
	v := settingsVariant(p.Settings())
	stars := 0
	if courses := bundledCourses(); courses != nil {
		for _, c := range courses {
			for _, l := range c.Lessons {
				stars += p.Lesson(c.ID, l.ID).Stars()
			}
		}
	}
	ps := p.Puzzles(v)
	return fmt.Sprintf("%s   ·   %s   ·   %s",
		lang.N("{{.Stars}} stars", stars, map[string]any{"Stars": stars}),
		lang.L("Puzzle rating {{.Rating}}", map[string]any{"Rating": int(ps.Rating.R + 0.5)}),
		lang.L("Streak {{.Streak}}", map[string]any{"Streak": ps.Streak}))
}

var (
	coursesOnce sync.Once
	coursesList []*tutor.Course
)

// bundledCourses loads the courses once (the errors are the tutor
// package's tests' business: a course that fails to load counts no stars).
func bundledCourses() []*tutor.Course {
	coursesOnce.Do(func() { coursesList, _ = tutor.Courses() })
	return coursesList
}

// settingsVariant is the variant of the settings, English when unknown.
func settingsVariant(st tutor.Settings) *engine.Variant {
	if v, ok := engine.VariantByName(st.Variant); ok {
		return v
	}
	return engine.English
}

// minHeight is a layout that gives its objects at least height h.
type minHeight struct{ h float32 }

func (l *minHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *minHeight) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	s.Height = max(s.Height, l.h)
	return s
}

// column is a layout that centres its objects in a column as wide as the
// space, up to w (wide windows keep a readable column in the middle), and
// as high as they need, in the middle of the height.
type column struct{ w float32 }

func (l *column) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		m := o.MinSize()
		w := max(min(size.Width, l.w), m.Width)
		// Wrapped texts need more height in a narrower column: give the
		// width first, then ask again.
		o.Resize(fyne.NewSize(w, m.Height))
		m = o.MinSize()
		h := min(size.Height, m.Height)
		o.Move(fyne.NewPos((size.Width-w)/2, max(0, (size.Height-m.Height)/2)))
		o.Resize(fyne.NewSize(w, max(h, m.Height)))
	}
}

func (l *column) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
