package widgets_test

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

// The caller plays the moves the board reports and shows the result; the
// board only reports.
func ExampleBoard() {
	test.NewApp()
	pos := engine.English.StartPosition()
	board := widgets.NewBoard(pos)
	board.SetAnimations(false)
	w := test.NewWindow(board)
	defer w.Close()
	w.Resize(fyne.NewSquareSize(400))

	board.OnMove = func(m engine.Move) {
		fmt.Println(board.Theme().PieceName(pos.Turn()), "plays", pos.MoveString(&m, engine.Numeric))
		pos.Play(&m)
		board.SetPositionAnimated(pos, m)
	}
	board.OnIllegal = func(from, to widgets.Cell) {
		fmt.Println("not a move:", from, to)
	}
	tap := func(s engine.Square) {
		test.TapAt(board, board.Geometry().CellCenter(widgets.CellOf(engine.English, s)))
	}
	tap(11)
	tap(15) // Red plays 11-15
	tap(22)
	tap(14) // a man steps one square diagonally: not a move
	tap(18) // 22 is still selected: White plays 22-18
	// Output:
	// Red plays 11-15
	// not a move: {5 2} {3 2}
	// White plays 22-18
}
