package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// boardPanelLayout puts a square board and a panel side by side when the
// space is wider than tall (landscape: board left, panel right) and one
// above the other otherwise (portrait: panel under the board). It decides
// on every Layout call, so turning a phone or resizing a window switches
// at once.
type boardPanelLayout struct{}

// NewBoardAndPanel returns a container with the board and the panel laid
// out for the shape of the space it gets: see Landscape.
func NewBoardAndPanel(board, panel fyne.CanvasObject) *fyne.Container {
	return container.New(boardPanelLayout{}, board, panel)
}

// Landscape reports whether a space of this size shows the board and the
// panel side by side.
func Landscape(size fyne.Size) bool { return size.Width > size.Height*1.1 }

// boardShare is the largest part of the long side the board takes.
const boardShare = 0.62

// phoneSide is the side a board may take on a phone held upright even when
// that is more than boardShare of the height: 8 squares of minTouch and a
// thin frame.
const phoneSide = 8*minTouch + 8

// Layout implements fyne.Layout.
func (boardPanelLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	if len(objects) < 2 {
		return
	}
	board, panel := objects[0], objects[1]
	pmin := panel.MinSize()
	if Landscape(size) {
		side := min(size.Height, size.Width*boardShare, size.Width-pmin.Width)
		side = max(side, 0)
		board.Move(fyne.NewPos(0, (size.Height-side)/2))
		board.Resize(fyne.NewSquareSize(side))
		panel.Move(fyne.NewPos(side, 0))
		panel.Resize(fyne.NewSize(size.Width-side, size.Height))
		return
	}
	side := max(min(size.Width, size.Height*boardShare), min(size.Width, phoneSide))
	side = max(min(side, size.Height-pmin.Height), 0)
	board.Move(fyne.NewPos((size.Width-side)/2, 0))
	board.Resize(fyne.NewSquareSize(side))
	panel.Move(fyne.NewPos(0, side))
	panel.Resize(fyne.NewSize(size.Width, size.Height-side))
}

// MinSize implements fyne.Layout: a board of at least 200 points and the
// panel's own minimum, stacked (the narrow, portrait case).
func (boardPanelLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	if len(objects) < 2 {
		return fyne.NewSize(0, 0)
	}
	b, p := objects[0].MinSize(), objects[1].MinSize()
	side := max(b.Width, b.Height, 200)
	return fyne.NewSize(max(side, p.Width), side+p.Height)
}
