package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/widgets"
)

func TestBoardAndPanel_SwitchesWithTheShapeOfTheSpace(t *testing.T) {
	test.NewTempApp(t)
	board := canvas.NewRectangle(nil)
	panel := canvas.NewRectangle(nil)
	panel.SetMinSize(fyne.NewSize(100, 120))
	c := widgets.NewBoardAndPanel(board, panel)

	c.Resize(fyne.NewSize(1000, 600)) // landscape: board left, panel right
	if board.Size() != fyne.NewSquareSize(600) || board.Position().X != 0 {
		t.Fatalf("landscape board at %v size %v, want 600x600 at the left", board.Position(), board.Size())
	}
	if panel.Position().X != 600 || panel.Size().Width != 400 {
		t.Fatalf("landscape panel at %v size %v, want the right 400 points", panel.Position(), panel.Size())
	}

	c.Resize(fyne.NewSize(360, 640)) // portrait phone: panel under the board
	if board.Size() != fyne.NewSquareSize(360) || board.Position().Y != 0 {
		t.Fatalf("portrait board at %v size %v, want 360x360 at the top", board.Position(), board.Size())
	}
	if panel.Position().Y != 360 || panel.Size().Height != 280 {
		t.Fatalf("portrait panel at %v size %v, want the bottom 280 points", panel.Position(), panel.Size())
	}

	c.Resize(fyne.NewSize(400, 420)) // nearly square: the panel keeps its minimum height
	if got := panel.Size().Height; got < 120 {
		t.Fatalf("panel squeezed to %v high, below its minimum 120", got)
	}
}
