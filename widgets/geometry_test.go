package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

func TestGeometry_SquareAndCentred(t *testing.T) {
	tests := []struct {
		name       string
		n          int
		area       fyne.Size
		frame      float32
		wantCell   float32
		wantOrigin fyne.Position
	}{
		{"SquareArea", 8, fyne.NewSize(400, 400), 0, 50, fyne.NewPos(0, 0)},
		{"WideAreaCentresHorizontally", 8, fyne.NewSize(600, 400), 0, 50, fyne.NewPos(100, 0)},
		{"TallAreaCentresVertically", 10, fyne.NewSize(300, 500), 0, 30, fyne.NewPos(0, 100)},
		{"FrameTakesItsShare", 8, fyne.NewSize(450, 450), 0.5, 50, fyne.NewPos(25, 25)},
		{"FrameInWideArea", 10, fyne.NewSize(700, 550), 0.25, 52.380955, fyne.NewPos(88.09524, 13.095238)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := widgets.NewGeometry(tt.n, tt.area, false, tt.frame)
			if !near(g.CellSize, tt.wantCell) || !near(g.Origin.X, tt.wantOrigin.X) || !near(g.Origin.Y, tt.wantOrigin.Y) {
				t.Fatalf("cell %v origin %v, want cell %v origin %v", g.CellSize, g.Origin, tt.wantCell, tt.wantOrigin)
			}
			p, s := g.BoardRect()
			if !near(s.Width, s.Height) || s.Width > min(tt.area.Width, tt.area.Height)+0.01 {
				t.Errorf("board %v does not fit %v as a square", s, tt.area)
			}
			// Centred: equal space on both sides.
			if !near(p.X, tt.area.Width-p.X-s.Width) || !near(p.Y, tt.area.Height-p.Y-s.Height) {
				t.Errorf("board at %v size %v is not centred in %v", p, s, tt.area)
			}
		})
	}
}

func TestGeometry_PointToCell(t *testing.T) {
	g := widgets.NewGeometry(8, fyne.NewSize(500, 400), false, 0) // cells 50, origin (50,0)
	flipped := g
	flipped.Flipped = true
	tests := []struct {
		name string
		g    widgets.Geometry
		p    fyne.Position
		want widgets.Cell
		ok   bool
	}{
		{"TopLeftCell", g, fyne.NewPos(51, 1), widgets.Cell{Row: 0, Col: 0}, true},
		{"BottomRightCell", g, fyne.NewPos(449, 399), widgets.Cell{Row: 7, Col: 7}, true},
		{"CellEdgeBelongsToNextCell", g, fyne.NewPos(100, 50), widgets.Cell{Row: 1, Col: 1}, true},
		{"LeftMarginIsOutside", g, fyne.NewPos(49, 10), widgets.NoCell, false},
		{"RightMarginIsOutside", g, fyne.NewPos(451, 10), widgets.NoCell, false},
		{"BelowIsOutside", g, fyne.NewPos(60, 401), widgets.NoCell, false},
		{"FlippedTopLeftIsBottomRight", flipped, fyne.NewPos(51, 1), widgets.Cell{Row: 7, Col: 7}, true},
		{"FlippedSecondRowThirdColumn", flipped, fyne.NewPos(160, 60), widgets.Cell{Row: 6, Col: 5}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.g.CellAt(tt.p)
			if got != tt.want || ok != tt.ok {
				t.Errorf("CellAt(%v) = %v, %v, want %v, %v", tt.p, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestGeometry_CellRectRoundTrips(t *testing.T) {
	for _, n := range []int{8, 10} {
		for _, flip := range []bool{false, true} {
			g := widgets.NewGeometry(n, fyne.NewSize(333, 517), flip, 0.3)
			for row := range n {
				for col := range n {
					c := widgets.Cell{Row: row, Col: col}
					p, s := g.CellRect(c)
					if !near(s.Width, g.CellSize) || !near(s.Height, g.CellSize) {
						t.Fatalf("n=%d flip=%v: CellRect(%v) size %v, want %v", n, flip, c, s, g.CellSize)
					}
					for _, q := range []fyne.Position{g.CellCenter(c), p.AddXY(0.5, 0.5), p.AddXY(s.Width-0.5, s.Height-0.5)} {
						if got, ok := g.CellAt(q); !ok || got != c {
							t.Fatalf("n=%d flip=%v: CellAt(%v) = %v, %v, want %v", n, flip, q, got, ok, c)
						}
					}
				}
			}
		}
	}
}

func TestGeometry_FlippingMirrorsTheBoard(t *testing.T) {
	g := widgets.NewGeometry(10, fyne.NewSize(400, 400), false, 0)
	f := g
	f.Flipped = true
	c := widgets.Cell{Row: 2, Col: 7}
	a, b := g.CellCenter(c), f.CellCenter(c)
	if !near(a.X+b.X, 400) || !near(a.Y+b.Y, 400) {
		t.Errorf("cell %v at %v, flipped at %v: not mirrored through the centre", c, a, b)
	}
	if got := f.ScreenCell(0, 0); got != (widgets.Cell{Row: 9, Col: 9}) {
		t.Errorf("flipped ScreenCell(0,0) = %v, want {9 9}", got)
	}
}

func TestCell_SquareNumbering(t *testing.T) {
	tests := []struct {
		v    *engine.Variant
		s    engine.Square
		want widgets.Cell
	}{
		{engine.English, 1, widgets.Cell{Row: 0, Col: 1}},  // b8
		{engine.English, 29, widgets.Cell{Row: 7, Col: 0}}, // a1
		{engine.English, 32, widgets.Cell{Row: 7, Col: 6}}, // g1
		{engine.International, 5, widgets.Cell{Row: 0, Col: 9}},
		{engine.International, 46, widgets.Cell{Row: 9, Col: 0}},
	}
	for _, tt := range tests {
		if got := widgets.CellOf(tt.v, tt.s); got != tt.want {
			t.Errorf("%s: CellOf(%d) = %v, want %v", tt.v.Name, tt.s, got, tt.want)
		}
		if got := tt.want.Square(tt.v); got != tt.s {
			t.Errorf("%s: %v.Square() = %d, want %d", tt.v.Name, tt.want, got, tt.s)
		}
	}
	if got := (widgets.Cell{Row: 0, Col: 0}).Square(engine.English); got != 0 {
		t.Errorf("light cell {0 0} is square %d, want 0", got)
	}
}

func near(a, b float32) bool { return a-b < 0.01 && b-a < 0.01 }
