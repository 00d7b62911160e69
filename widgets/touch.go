package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// touchTheme is the app's theme with room for a finger inside radio
// buttons, check boxes, drop-downs and sliders: their rows are at least
// minTouch high. It asks the app's theme of the moment for everything
// else, so it follows a switch between light and dark.
type touchTheme struct{}

// touchInnerPadding is the inner padding that makes a row of a radio
// group, a check box and a drop-down at least minTouch high with 16-point
// text.
const touchInnerPadding = 12

func (touchTheme) base() fyne.Theme {
	if app := fyne.CurrentApp(); app != nil && app.Settings().Theme() != nil {
		return app.Settings().Theme()
	}
	return theme.DefaultTheme()
}

func (t touchTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.base().Color(n, v)
}

func (t touchTheme) Font(s fyne.TextStyle) fyne.Resource { return t.base().Font(s) }

func (t touchTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base().Icon(n) }

func (t touchTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.base().Size(n)
	if n == theme.SizeNameInnerPadding {
		return max(s, touchInnerPadding)
	}
	return s
}

// withTouchRows shows o (a form of choices) in touchTheme.
func withTouchRows(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewThemeOverride(o, touchTheme{})
}
