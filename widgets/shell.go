package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Shell is the frame of the app's window: the home screen at the bottom
// and a stack of screens pushed above it, each shown under a title bar
// with a back button and a home button. It implements Navigator. Escape
// and Alt+Left go back one screen, Alt+Home goes home; a screen's onLeave
// runs whenever it is left (by going back or home), so that work it
// started (an AI search) is cancelled.
//
// Its methods must be called from the Fyne goroutine.
type Shell struct {
	win   fyne.Window
	home  fyne.CanvasObject
	pages []page
	root  *fyne.Container

	title   *widget.Label
	back    *widget.Button
	homeBtn *widget.Button
	bar     fyne.CanvasObject
	barBg   *canvas.Rectangle
	barLine *canvas.Rectangle
	// barWidth is the width the title bar was last given.
	barWidth float32

	// OnHome is called each time the home screen is shown again (to
	// refresh what it says).
	OnHome func()
}

type page struct {
	title   string
	content fyne.CanvasObject
	onLeave func()
	view    fyne.CanvasObject
}

var _ Navigator = (*Shell)(nil)

// NewShell returns a shell showing home in win (it sets the window's
// content) and takes the window's keyboard shortcuts for navigation.
func NewShell(win fyne.Window, home fyne.CanvasObject) *Shell {
	s := &Shell{win: win, home: home, root: container.NewStack(home)}
	s.title = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.title.Truncation = fyne.TextTruncateEllipsis
	s.back = widget.NewButtonWithIcon(lang.L("Back"), theme.NavigateBackIcon(), s.Back)
	s.homeBtn = widget.NewButtonWithIcon("", theme.HomeIcon(), s.Home)
	s.back.Importance = widget.LowImportance
	s.homeBtn.Importance = widget.LowImportance
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameHeaderBackground))
	line := canvas.NewRectangle(theme.Color(theme.ColorNameSeparator))
	line.SetMinSize(fyne.NewSize(1, 1))
	bar := container.NewBorder(nil, nil, touchable(s.back), touchable(s.homeBtn), s.title)
	bar = container.New(barLayout{s}, bar)
	s.bar = container.NewBorder(nil, line, nil, nil, container.NewStack(bg, container.NewPadded(bar)))
	s.barBg, s.barLine = bg, line
	// The screens keep their own margins; a board takes the whole width
	// of a phone.
	win.SetPadded(false)
	win.SetContent(s.root)
	s.installKeys()
	return s
}

func (s *Shell) installKeys() {
	c := s.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name != fyne.KeyEscape {
			return
		}
		// Escape closes a dialog first (as its No or Cancel would), then
		// goes back.
		if top := c.Overlays().Top(); top != nil {
			top.Hide()
			return
		}
		s.Back()
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyLeft, Modifier: fyne.KeyModifierAlt}, func(fyne.Shortcut) { s.Back() })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyHome, Modifier: fyne.KeyModifierAlt}, func(fyne.Shortcut) { s.Home() })
}

// Push shows content above the current screen under a title bar.
func (s *Shell) Push(title string, content fyne.CanvasObject, onLeave func()) {
	p := page{title: title, content: content, onLeave: onLeave}
	p.view = container.NewBorder(s.bar, nil, nil, nil, content)
	s.pages = append(s.pages, p)
	s.show()
}

// Replace swaps the top screen for a new one (its onLeave runs), or pushes
// the new one when only home is shown. A game started from the setup
// screen replaces nothing; a rematch replaces the finished game.
func (s *Shell) Replace(title string, content fyne.CanvasObject, onLeave func()) {
	if n := len(s.pages); n > 0 {
		top := s.pages[n-1]
		s.pages = s.pages[:n-1]
		leave(top)
	}
	s.Push(title, content, onLeave)
}

// SetHome puts home in the place of the home screen and writes the title
// bar's words again (after a change of language).
func (s *Shell) SetHome(home fyne.CanvasObject) {
	s.home = home
	s.back.SetText("")
	s.fitBack(s.barWidth)
	if len(s.pages) == 0 {
		s.root.Objects = []fyne.CanvasObject{s.home}
		s.root.Refresh()
	}
}

// Back leaves the top screen; on the home screen it does nothing.
func (s *Shell) Back() {
	n := len(s.pages)
	if n == 0 {
		return
	}
	top := s.pages[n-1]
	s.pages = s.pages[:n-1]
	leave(top)
	s.show()
}

// Home leaves every pushed screen, the top one first, and shows home.
func (s *Shell) Home() {
	if len(s.pages) == 0 {
		return
	}
	for len(s.pages) > 0 {
		n := len(s.pages)
		top := s.pages[n-1]
		s.pages = s.pages[:n-1]
		leave(top)
	}
	s.show()
}

func leave(p page) {
	if p.onLeave != nil {
		p.onLeave()
	}
}

// Depth returns the number of screens pushed above home.
func (s *Shell) Depth() int { return len(s.pages) }

// Title returns the title of the screen shown ("" on the home screen).
func (s *Shell) Title() string {
	if len(s.pages) == 0 {
		return ""
	}
	return s.pages[len(s.pages)-1].title
}

// Current returns the content of the screen shown.
func (s *Shell) Current() fyne.CanvasObject {
	if len(s.pages) == 0 {
		return s.home
	}
	return s.pages[len(s.pages)-1].content
}

func (s *Shell) show() {
	s.win.Canvas().Unfocus()
	if len(s.pages) == 0 {
		s.root.Objects = []fyne.CanvasObject{s.home}
		s.root.Refresh()
		if s.OnHome != nil {
			s.OnHome()
		}
		return
	}
	top := s.pages[len(s.pages)-1]
	s.barBg.FillColor = theme.Color(theme.ColorNameHeaderBackground)
	s.barLine.FillColor = theme.Color(theme.ColorNameSeparator)
	s.title.SetText(top.title)
	s.root.Objects = []fyne.CanvasObject{top.view}
	s.root.Refresh()
}

// narrowBar is the width below which the back button shows only its
// arrow, leaving the room to the screen's title.
const narrowBar = 480

// fitBack writes "Back" on the back button when the bar is wide enough.
func (s *Shell) fitBack(width float32) {
	s.barWidth = width
	text := lang.L("Back")
	if width < narrowBar {
		text = ""
	}
	if s.back.Text != text {
		s.back.SetText(text)
	}
}

// barLayout gives the title bar its whole space, and drops the word of the
// back button when the bar is narrow.
type barLayout struct{ s *Shell }

func (l barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.s.fitBack(size.Width)
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l barLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
