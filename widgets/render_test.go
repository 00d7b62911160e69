package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

// newBoard shows pos on a board that fills a window of side size, with
// animations off, in a fresh test app.
func newBoard(t *testing.T, pos engine.Position, size float32) (*widgets.Board, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	checkThreads(t)
	b := widgets.NewBoard(pos)
	b.SetAnimations(false)
	w := test.NewTempWindow(t, b)
	w.SetPadded(false)
	w.Resize(fyne.NewSquareSize(size))
	return b, w
}

func mustFEN(t *testing.T, v *engine.Variant, fen string) engine.Position {
	t.Helper()
	p, err := engine.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%s, %q): %v", v.Name, fen, err)
	}
	return p
}

func TestBoard_StartPositionsRender(t *testing.T) {
	tests := []struct {
		name   string
		v      *engine.Variant
		theme  widgets.BoardTheme
		coords widgets.Coordinates
		size   float32
	}{
		{"start_english.png", engine.English, widgets.TournamentTheme(widgets.RedWhite), widgets.NoCoordinates, 400},
		{"start_russian_wood.png", engine.Russian, widgets.WoodTheme(widgets.BlackWhite), widgets.Algebraic, 400},
		{"start_international_numbers.png", engine.International, widgets.TournamentTheme(widgets.BlackWhite), widgets.SquareNumbers, 460},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, w := newBoard(t, tt.v.StartPosition(), tt.size)
			b.SetTheme(tt.theme)
			b.SetCoordinates(tt.coords)
			test.AssertRendersToImage(t, tt.name, w.Canvas())
		})
	}
}

func TestBoard_MarksRender(t *testing.T) {
	v := engine.English
	tests := []struct {
		name  string
		fen   string
		setup func(t *testing.T, b *widgets.Board, w fyne.Window)
	}{
		{
			// The selected man rings yellow; big dot where both captures
			// end, small dots on their first landing squares; the last
			// move is tinted; kings wear crowns; squares are numbered.
			name: "marks_selection.png",
			fen:  "B:W17,18,25,26,K4:B14,K1",
			setup: func(t *testing.T, b *widgets.Board, _ fyne.Window) {
				b.SetCoordinates(widgets.SquareNumbers)
				// The mark needs only the move's squares: White's 21-17.
				b.SetLastMove(mustMove(t, mustFEN(t, v, "W:W21:B1"), "21-17"))
				tapSquares(b, 14)
			},
		},
		{
			// Flipped high-contrast board: the learner picked 9 while 14
			// must capture, so the ring round 14 is drawn strong.
			name: "marks_forced_capture.png",
			fen:  fenForced,
			setup: func(t *testing.T, b *widgets.Board, _ fyne.Window) {
				b.SetTheme(widgets.HighContrastTheme(widgets.RedWhite))
				b.SetFlipped(true)
				b.SetCoordinates(widgets.Algebraic)
				tapSquares(b, 9)
			},
		},
		{
			// A hint arrow along both legs of a capture, the lesson's
			// target square outlined, and the keyboard cursor on 18.
			name: "marks_hint_targets.png",
			fen:  fenDoubleJump,
			setup: func(t *testing.T, b *widgets.Board, w fyne.Window) {
				b.SetTheme(widgets.WoodTheme(widgets.RedWhite))
				b.SetHintMove(mustMove(t, mustFEN(t, v, fenDoubleJump), "14x30"))
				b.SetTargets([]engine.Square{30})
				w.Canvas().Focus(b)
				b.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
				for _, k := range []fyne.KeyName{fyne.KeyUp, fyne.KeyUp, fyne.KeyUp, fyne.KeyRight, fyne.KeyRight, fyne.KeyRight} {
					b.TypedKey(&fyne.KeyEvent{Name: k})
				}
			},
		},
		{
			// Mid-drag: the piece is lifted under the pointer, halfway
			// between 14 and 21; 14's square is tinted as its origin.
			name: "marks_dragging.png",
			fen:  fenDoubleJump,
			setup: func(t *testing.T, b *widgets.Board, _ fyne.Window) {
				a, z := center(b, 14), center(b, 21)
				half := fyne.NewDelta((z.X-a.X)/2, (z.Y-a.Y)/2)
				b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: a.AddXY(half.DX, half.DY)}, Dragged: half})
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, w := newBoard(t, mustFEN(t, v, tt.fen), 400)
			tt.setup(t, b, w)
			test.AssertRendersToImage(t, tt.name, w.Canvas())
		})
	}
}

func mustMove(t *testing.T, p engine.Position, text string) engine.Move {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("ParseMove(%q) on %s: %v", text, p.FEN(), err)
	}
	return m
}
