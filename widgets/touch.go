package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// touchTheme is the app's theme with room for a finger inside radio
// buttons, check boxes, drop-downs and sliders when roomy: their rows are
// then at least minTouch high. It asks the app's theme of the moment for
// everything else, so it follows a switch between light and dark.
type touchTheme struct{ roomy bool }

// touchInnerPadding is the inner padding that makes a row of a radio
// group, a check box and a drop-down at least minTouch high with 16-point
// text.
const touchInnerPadding = 12

func (*touchTheme) base() fyne.Theme {
	if app := fyne.CurrentApp(); app != nil && app.Settings().Theme() != nil {
		return app.Settings().Theme()
	}
	return theme.DefaultTheme()
}

func (t *touchTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base().Color(n, v)
}

func (t *touchTheme) Font(s fyne.TextStyle) fyne.Resource { return t.base().Font(s) }

func (t *touchTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base().Icon(n) }

func (t *touchTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.base().Size(n)
	if n == theme.SizeNameInnerPadding && t.roomy {
		return max(s, touchInnerPadding)
	}
	return s
}

// touchWidth is the width below which a form of choices gets rows a
// finger can hit (a phone held upright); on a phone or tablet it always
// has them.
const touchWidth = 600

// withTouchRows shows o (a form of choices) in a touchTheme that is roomy
// on a phone or tablet and in a narrow window.
func withTouchRows(o fyne.CanvasObject) fyne.CanvasObject {
	mobile := false
	if app := fyne.CurrentApp(); app != nil {
		mobile = app.Driver().Device().IsMobile()
	}
	th := &touchTheme{roomy: mobile}
	over := container.NewThemeOverride(o, th)
	return container.New(&touchLayout{th: th, over: over, mobile: mobile}, over)
}

// touchLayout makes its touchTheme roomy or not for the width it gets.
type touchLayout struct {
	th     *touchTheme
	over   *container.ThemeOverride
	mobile bool
}

func (l *touchLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if roomy := l.mobile || size.Width < touchWidth; roomy != l.th.roomy {
		l.th.roomy = roomy
		l.over.Refresh()
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *touchLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// showConfirm asks a yes-or-no question in a dialog over win, with
// buttons a finger can hit (Enter presses the focused one), and passes the
// answer to answer. Escape closes it without an answer (the shell).
func showConfirm(title, message string, answer func(bool), win fyne.Window) {
	var d *dialog.CustomDialog
	reply := func(ok bool) func() {
		return func() {
			d.Hide()
			answer(ok)
		}
	}
	no := newActionButton(lang.L("No"), theme.CancelIcon(), reply(false), nil)
	yes := newActionButton(lang.L("Yes"), theme.ConfirmIcon(), reply(true), nil)
	yes.Importance = widget.HighImportance
	text := widget.NewLabel(message)
	text.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(text, container.NewGridWithColumns(2, touchable(no), touchable(yes)))
	d = dialog.NewCustomWithoutButtons(title, body, win)
	if win != nil {
		width := min(420, win.Canvas().Size().Width-2*theme.Padding())
		d.Resize(fyne.NewSize(width, d.MinSize().Height))
	}
	d.Show()
}
