package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// AppTheme is the look of the whole app: the tournament board's green and
// buff carried into buttons, headers and backgrounds, light or dark as the
// system asks, with text a little larger than Fyne's default so that
// children and phones read it easily. Everything it does not set comes from
// theme.DefaultTheme().
type AppTheme struct{}

// NewAppTheme returns the app's theme.
func NewAppTheme() fyne.Theme { return AppTheme{} }

// Colours of the app, by variant (light, dark).
var (
	appGreen      = rgb(0x3f7d4e) // the board's dark squares
	appGreenLight = rgb(0x6fb07f)
	appBuff       = rgb(0xf1e2b8) // the board's light squares
	appRed        = rgb(0xc0392b)
	appRedDark    = rgb(0xe06050)
	appSuccess    = rgb(0x2e8b57)
	appWarning    = rgb(0xd68910)
)

// Color implements fyne.Theme.
func (AppTheme) Color(name fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	dark := v == theme.VariantDark
	switch name {
	case theme.ColorNamePrimary, theme.ColorNameHyperlink:
		if dark {
			return appGreenLight
		}
		return appGreen
	case theme.ColorNameForegroundOnPrimary:
		if dark {
			return rgb(0x10251a) // dark text on the light green of dark mode
		}
		return rgb(0xffffff)
	case theme.ColorNameFocus:
		if dark {
			return rgba(0x6fb07f, 0x7f)
		}
		return rgba(0x3f7d4e, 0x66)
	case theme.ColorNameSelection:
		if dark {
			return rgba(0x6fb07f, 0x55)
		}
		return rgba(0x3f7d4e, 0x40)
	case theme.ColorNameBackground:
		if dark {
			return rgb(0x1d2620)
		}
		return rgb(0xfbf6e9)
	case theme.ColorNameHeaderBackground, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground:
		if dark {
			return rgb(0x26332a)
		}
		return rgb(0xf6ecd2)
	case theme.ColorNameButton:
		if dark {
			return rgb(0x2f3f34)
		}
		return appBuff
	case theme.ColorNameInputBackground:
		if dark {
			return rgb(0x2a362d)
		}
		return rgb(0xfffdf6)
	case theme.ColorNameForeground:
		if dark {
			return rgb(0xf0ede4)
		}
		return rgb(0x1f2a22)
	case theme.ColorNameError:
		if dark {
			return appRedDark
		}
		return appRed
	case theme.ColorNameSuccess:
		return appSuccess
	case theme.ColorNameWarning:
		return appWarning
	case theme.ColorNameSeparator:
		if dark {
			return rgb(0x3a4a3f)
		}
		return rgb(0xe2d5b0)
	}
	return theme.DefaultTheme().Color(name, v)
}

// Font implements fyne.Theme.
func (AppTheme) Font(s fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(s) }

// Icon implements fyne.Theme.
func (AppTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size implements fyne.Theme: readable text (16 points instead of 14),
// larger headings, and roomier padding for fingers.
func (AppTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText:
		return 16
	case theme.SizeNameHeadingText:
		return 26
	case theme.SizeNameSubHeadingText:
		return 20
	case theme.SizeNameCaptionText:
		return 13
	case theme.SizeNameInlineIcon:
		return 22
	case theme.SizeNamePadding:
		return 6
	case theme.SizeNameInputRadius, theme.SizeNameSelectionRadius:
		return 8
	}
	return theme.DefaultTheme().Size(n)
}
