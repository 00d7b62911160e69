package widgets

import (
	"fmt"
	"image/color"

	"github.com/checkerstutor/checkers/engine"
)

// PieceStyle is how one side's pieces look and are called.
type PieceStyle struct {
	// Name is the colour's name in texts: "Red", "White", "Black".
	Name string
	// Fill is the body of the piece; Edge its rim and the groove drawn on
	// it.
	Fill, Edge color.NRGBA
	// Crown is the colour of the crown drawn on a king.
	Crown color.NRGBA
}

// PieceSet chooses the colours of the pieces of a board theme.
type PieceSet uint8

const (
	// RedWhite gives the dark side (engine.Black) red pieces, as most
	// checkers sets do.
	RedWhite PieceSet = iota
	// BlackWhite gives the dark side black pieces, as draughts sets do.
	BlackWhite
)

// BoardTheme is the look of a board: square, frame and piece colours and the
// colours of the marks drawn over them. It is a value; the constructors
// TournamentTheme, WoodTheme and HighContrastTheme give the built-in ones.
// The board draws its own frame, so a theme reads the same on light and
// dark application themes.
type BoardTheme struct {
	// Name identifies the theme in settings: "tournament", "wood",
	// "high-contrast".
	Name string
	// Title is the theme's name shown to people.
	Title string
	// LightSquare and DarkSquare colour the squares; play is on the dark
	// ones.
	LightSquare, DarkSquare color.NRGBA
	// Frame is the border round the squares; Label the coordinates written
	// on it.
	Frame, Label color.NRGBA
	// Number is the colour of square numbers written on the dark squares.
	Number color.NRGBA
	// Black and White are the pieces of engine.Black and engine.White.
	Black, White PieceStyle
	// LastMove tints the squares of the last move.
	LastMove color.NRGBA
	// Selection rings the selected piece and tints the squares entered so
	// far of a capture given step by step.
	Selection color.NRGBA
	// Dot marks the squares the selected piece can go to.
	Dot color.NRGBA
	// MustCapture rings the pieces that have to capture.
	MustCapture color.NRGBA
	// Hint rings the piece of a hint and draws its arrow.
	Hint color.NRGBA
	// Target outlines the target squares of a lesson step.
	Target color.NRGBA
	// Cursor outlines the square of the keyboard cursor.
	Cursor color.NRGBA
}

// Pieces returns the style of colour c's pieces.
func (t BoardTheme) Pieces(c engine.Color) PieceStyle {
	if c == engine.Black {
		return t.Black
	}
	return t.White
}

// PieceName returns the name of colour c's pieces for texts ("Red",
// "White", "Black").
func (t BoardTheme) PieceName(c engine.Color) string { return t.Pieces(c).Name }

// WithPieces returns the theme with the pieces of set ps.
func (t BoardTheme) WithPieces(ps PieceSet) BoardTheme {
	t.Black, t.White = pieceSet(ps)
	return t
}

func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

func rgba(hex uint32, a uint8) color.NRGBA {
	c := rgb(hex)
	c.A = a
	return c
}

func pieceSet(ps PieceSet) (black, white PieceStyle) {
	white = PieceStyle{Name: "White", Fill: rgb(0xf6f1e4), Edge: rgb(0x8c8270), Crown: rgb(0xd99a00)}
	if ps == BlackWhite {
		black = PieceStyle{Name: "Black", Fill: rgb(0x2b2b2b), Edge: rgb(0x8a8a8a), Crown: rgb(0xffc928)}
	} else {
		black = PieceStyle{Name: "Red", Fill: rgb(0xd32f2f), Edge: rgb(0x7a1212), Crown: rgb(0xffd54f)}
	}
	return black, white
}

// marks are the mark colours shared by the ordinary themes.
func (t BoardTheme) withMarks() BoardTheme {
	t.LastMove = rgba(0xffe14d, 0xa0)
	t.Selection = rgb(0xffe600)
	t.Dot = rgba(0xffffff, 0xc8)
	t.MustCapture = rgb(0xff8a00)
	t.Hint = rgb(0x2f7bff)
	t.Target = rgb(0x00d8ff)
	t.Cursor = rgb(0xff3d9a)
	return t
}

// TournamentTheme is the green and buff board of tournament play: dark
// squares green, light squares buff.
func TournamentTheme(ps PieceSet) BoardTheme {
	t := BoardTheme{
		Name:        "tournament",
		Title:       "Tournament green and buff",
		LightSquare: rgb(0xf1e2b8),
		DarkSquare:  rgb(0x3f7d4e),
		Frame:       rgb(0x24442c),
		Label:       rgb(0xf1e2b8),
		Number:      rgba(0xf1e2b8, 0xd0),
	}
	return t.withMarks().WithPieces(ps)
}

// WoodTheme is a wooden board: maple light squares, walnut dark ones.
func WoodTheme(ps PieceSet) BoardTheme {
	t := BoardTheme{
		Name:        "wood",
		Title:       "Wooden board",
		LightSquare: rgb(0xeccb98),
		DarkSquare:  rgb(0x9a6034),
		Frame:       rgb(0x5a3518),
		Label:       rgb(0xf5deb8),
		Number:      rgba(0xf5deb8, 0xd0),
	}
	return t.withMarks().WithPieces(ps)
}

// HighContrastTheme is for weak sight and bright light: white and dark grey
// squares, pieces with bold rims, and strong marks.
func HighContrastTheme(ps PieceSet) BoardTheme {
	t := BoardTheme{
		Name:        "high-contrast",
		Title:       "High contrast",
		LightSquare: rgb(0xffffff),
		DarkSquare:  rgb(0x4a4a4a),
		Frame:       rgb(0x000000),
		Label:       rgb(0xffffff),
		Number:      rgb(0xffffff),
		LastMove:    rgba(0xffe600, 0xa0),
		Selection:   rgb(0xffe600),
		Dot:         rgb(0x00e5ff),
		MustCapture: rgb(0xff6d00),
		Hint:        rgb(0x00b0ff),
		Target:      rgb(0x00e5ff),
		Cursor:      rgb(0xff00c8),
	}
	t = t.WithPieces(ps)
	t.White.Edge = rgb(0x000000)
	t.Black.Edge = rgb(0xffffff)
	if ps == BlackWhite {
		t.Black.Fill = rgb(0x000000)
	}
	return t
}

// Themes returns the built-in themes with pieces of set ps, the default
// (tournament) first.
func Themes(ps PieceSet) []BoardTheme {
	return []BoardTheme{TournamentTheme(ps), WoodTheme(ps), HighContrastTheme(ps)}
}

// ThemeByName returns the built-in theme called name with pieces of set ps.
func ThemeByName(name string, ps PieceSet) (BoardTheme, error) {
	for _, t := range Themes(ps) {
		if t.Name == name {
			return t, nil
		}
	}
	return BoardTheme{}, fmt.Errorf("no board theme %q (there are tournament, wood and high-contrast)", name)
}

func hexColor(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// crownSVG draws a crown in fill with an outline in edge, for the kings of
// one side.
func crownSVG(fill, edge color.NRGBA) []byte {
	f, e := hexColor(fill), hexColor(edge)
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">`+
		`<g fill="%[1]s" stroke="%[2]s" stroke-width="1.1" stroke-linejoin="round">`+
		`<path d="M3.5 16.5 L2.5 7.5 L7.8 11.5 L12 4.8 L16.2 11.5 L21.5 7.5 L20.5 16.5 Z"/>`+
		`<rect x="3.5" y="17.6" width="17" height="2.8" rx="0.9"/>`+
		`<circle cx="2.5" cy="7" r="1.5"/><circle cx="12" cy="4" r="1.5"/><circle cx="21.5" cy="7" r="1.5"/>`+
		`</g></svg>`, f, e)
}
