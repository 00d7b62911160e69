package widgets_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

func TestBoardTheme_PieceNames(t *testing.T) {
	tests := []struct {
		set          widgets.PieceSet
		black, white string
	}{
		{widgets.RedWhite, "Red", "White"},
		{widgets.BlackWhite, "Black", "White"},
	}
	for _, tt := range tests {
		for _, th := range widgets.Themes(tt.set) {
			if got := th.PieceName(engine.Black); got != tt.black {
				t.Errorf("%s: PieceName(Black) = %q, want %q", th.Name, got, tt.black)
			}
			if got := th.PieceName(engine.White); got != tt.white {
				t.Errorf("%s: PieceName(White) = %q, want %q", th.Name, got, tt.white)
			}
		}
	}
}

func TestBoardTheme_ByName(t *testing.T) {
	for _, name := range []string{"tournament", "wood", "high-contrast"} {
		th, err := widgets.ThemeByName(name, widgets.RedWhite)
		if err != nil || th.Name != name {
			t.Errorf("ThemeByName(%q) = %q, %v", name, th.Name, err)
		}
	}
	if _, err := widgets.ThemeByName("marble", widgets.RedWhite); err == nil {
		t.Error("ThemeByName(\"marble\") gave no error")
	}
}

// luminance is the relative luminance of WCAG 2.
func luminance(c color.NRGBA) float64 {
	ch := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(c.R) + 0.7152*ch(c.G) + 0.0722*ch(c.B)
}

func contrast(a, b color.NRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// The board must stand out from light and dark application backgrounds,
// its squares from each other, pieces from the dark squares they stand on
// (by body or rim), and coordinates from the frame.
func TestBoardTheme_ColoursReadWell(t *testing.T) {
	light, dark := color.NRGBA{0xff, 0xff, 0xff, 0xff}, color.NRGBA{0x17, 0x17, 0x18, 0xff}
	for _, set := range []widgets.PieceSet{widgets.RedWhite, widgets.BlackWhite} {
		for _, th := range widgets.Themes(set) {
			check := func(what string, a, b color.NRGBA, least float64) {
				if c := contrast(a, b); c < least {
					t.Errorf("%s/%d: %s contrast %.2f, want at least %.1f", th.Name, set, what, c, least)
				}
			}
			// The frame or the board's edge squares stand out on both
			// backgrounds.
			if max(contrast(th.Frame, light), contrast(th.LightSquare, light)) < 3 {
				t.Errorf("%s: board lost on a light background", th.Name)
			}
			if max(contrast(th.Frame, dark), contrast(th.LightSquare, dark)) < 3 {
				t.Errorf("%s: board lost on a dark background", th.Name)
			}
			check("light against dark squares", th.LightSquare, th.DarkSquare, 2.5)
			check("labels on the frame", th.Label, th.Frame, 4.5)
			for _, c := range []engine.Color{engine.Black, engine.White} {
				p := th.Pieces(c)
				if max(contrast(p.Fill, th.DarkSquare), contrast(p.Edge, th.DarkSquare)) < 1.8 {
					t.Errorf("%s/%d: %s pieces hard to see on dark squares", th.Name, set, p.Name)
				}
				check(p.Name+" crown on its piece", p.Crown, p.Fill, 1.3)
			}
			check("red/black against white pieces", th.Black.Fill, th.White.Fill, 3)
		}
	}
}
