package widgets

// Test access to the puzzle screens, for package widgets_test.

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// AddPackData adds a pack file to a puzzles screen as "Add your own
// pack…" does once the file is read.
func AddPackData(o fyne.CanvasObject, name string, data []byte) {
	o.(*puzzlesScreen).addPack(name, data, nil)
}

// PackProblems returns the report on the last pack added to a puzzles
// screen: the summary sentence and the problems listed.
func PackProblems(o fyne.CanvasObject) (string, []string) {
	p := o.(*puzzlesScreen)
	return p.added, p.problemTexts
}

// PackButton returns the button that opens pack id on a puzzles screen.
func PackButton(o fyne.CanvasObject, id string) *widget.Button {
	if b := o.(*puzzlesScreen).packRows[id]; b != nil {
		return &b.Button
	}
	return nil
}

// ReviewButton returns the review button of a puzzles screen.
func ReviewButton(o fyne.CanvasObject) *widget.Button {
	if b := o.(*puzzlesScreen).review; b != nil {
		return &b.Button
	}
	return nil
}

// PuzzleTexts returns the title, goal and status line of a puzzle view.
func PuzzleTexts(o fyne.CanvasObject) (title, goal, status string) {
	v := o.(*puzzleView)
	return v.title.Text, v.goal.Text, v.status.Text
}

// ButtonOf returns the button o is (a plain button or one of the screens'
// own), or nil.
func ButtonOf(o fyne.CanvasObject) *widget.Button {
	switch b := o.(type) {
	case *widget.Button:
		return b
	case *actionButton:
		return &b.Button
	}
	return nil
}
