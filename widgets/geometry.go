package widgets

import (
	"math"

	"fyne.io/fyne/v2"

	"github.com/checkerstutor/checkers/engine"
)

// Cell is one square of the board, dark or light, by row and column as the
// engine counts them (engine.Variant.RowCol): row 0 is the top row seen from
// White (where White men are crowned), column 0 the left column seen from
// White. Flipping the board changes where a cell is drawn, never its name.
type Cell struct {
	Row, Col int
}

// NoCell stands for "no square", for example the target of an attempt that
// had none.
var NoCell = Cell{Row: -1, Col: -1}

// CellOf returns the cell of playable square s of variant v.
func CellOf(v *engine.Variant, s engine.Square) Cell {
	r, c := v.RowCol(s)
	return Cell{Row: r, Col: c}
}

// Square returns the playable square at c on variant v's board, or 0 when c
// is a light square or off the board.
func (c Cell) Square(v *engine.Variant) engine.Square {
	return v.SquareAt(c.Row, c.Col)
}

// Geometry maps between cells and points of a board drawn square and centred
// in an area: N cells a side, each CellSize wide, with a frame Frame wide
// around them. It is a plain value; NewGeometry computes it from a size.
type Geometry struct {
	// N is the number of cells along a side: 8 or 10.
	N int
	// Flipped draws the board turned round, Black at the bottom.
	Flipped bool
	// Origin is the top-left corner of the top-left cell.
	Origin fyne.Position
	// CellSize is the side of one cell.
	CellSize float32
	// Frame is the width of the frame round the cells.
	Frame float32
}

// NewGeometry lays out an n×n board in an area of the given size: the board
// with its frame (frameRatio cells wide on each side) is the largest square
// that fits, centred in the area.
func NewGeometry(n int, area fyne.Size, flipped bool, frameRatio float32) Geometry {
	side := min(area.Width, area.Height)
	if side < 0 || n <= 0 {
		side = 0
	}
	var cell float32
	if n > 0 {
		cell = side / (float32(n) + 2*frameRatio)
	}
	frame := cell * frameRatio
	return Geometry{
		N:        n,
		Flipped:  flipped,
		Origin:   fyne.NewPos((area.Width-side)/2+frame, (area.Height-side)/2+frame),
		CellSize: cell,
		Frame:    frame,
	}
}

// BoardRect returns the top-left corner and size of the whole board, frame
// included.
func (g Geometry) BoardRect() (fyne.Position, fyne.Size) {
	side := g.CellSize*float32(g.N) + 2*g.Frame
	return g.Origin.SubtractXY(g.Frame, g.Frame), fyne.NewSquareSize(side)
}

// screen converts between board and screen row/column; it is its own
// inverse.
func (g Geometry) screen(row, col int) (int, int) {
	if g.Flipped {
		return g.N - 1 - row, g.N - 1 - col
	}
	return row, col
}

// CellAt returns the cell under point p, and false when p is outside the
// cells (on the frame or beyond).
func (g Geometry) CellAt(p fyne.Position) (Cell, bool) {
	if g.CellSize <= 0 {
		return NoCell, false
	}
	x := math.Floor(float64((p.X - g.Origin.X) / g.CellSize))
	y := math.Floor(float64((p.Y - g.Origin.Y) / g.CellSize))
	if x < 0 || y < 0 || x >= float64(g.N) || y >= float64(g.N) {
		return NoCell, false
	}
	r, c := g.screen(int(y), int(x))
	return Cell{Row: r, Col: c}, true
}

// CellRect returns the top-left corner and size of cell c.
func (g Geometry) CellRect(c Cell) (fyne.Position, fyne.Size) {
	sr, sc := g.screen(c.Row, c.Col)
	return g.Origin.AddXY(float32(sc)*g.CellSize, float32(sr)*g.CellSize), fyne.NewSquareSize(g.CellSize)
}

// CellCenter returns the centre of cell c.
func (g Geometry) CellCenter(c Cell) fyne.Position {
	p, _ := g.CellRect(c)
	return p.AddXY(g.CellSize/2, g.CellSize/2)
}

// ScreenCell returns the cell drawn at screen row sr and column sc (0,0 is
// the top-left cell as drawn).
func (g Geometry) ScreenCell(sr, sc int) Cell {
	r, c := g.screen(sr, sc)
	return Cell{Row: r, Col: c}
}
