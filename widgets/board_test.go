package widgets_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/checkerstutor/checkers/engine"
	"github.com/checkerstutor/checkers/widgets"
)

// recorder keeps what a board reports.
type recorder struct {
	moves   []engine.Move
	illegal [][2]widgets.Cell
}

func record(b *widgets.Board) *recorder {
	r := &recorder{}
	b.OnMove = func(m engine.Move) { r.moves = append(r.moves, m) }
	b.OnIllegal = func(from, to widgets.Cell) { r.illegal = append(r.illegal, [2]widgets.Cell{from, to}) }
	return r
}

// center is the point (in the board's coordinates) at the middle of
// square s.
func center(b *widgets.Board, s engine.Square) fyne.Position {
	p := b.GamePosition()
	return b.Geometry().CellCenter(widgets.CellOf(p.Variant(), s))
}

func tapSquares(b *widgets.Board, squares ...engine.Square) {
	for _, s := range squares {
		test.TapAt(b, center(b, s))
	}
}

// drag drags from the centre of square from to the centre of square to, as
// one movement.
func drag(w fyne.Window, b *widgets.Board, from, to engine.Square) {
	a, z := center(b, from), center(b, to)
	test.Drag(w.Canvas(), z, z.X-a.X, z.Y-a.Y)
}

// wantMoves checks that the board reported exactly the moves given in
// long notation, on position p.
func wantMoves(t *testing.T, p engine.Position, r *recorder, want ...string) {
	t.Helper()
	if len(r.moves) != len(want) {
		got := make([]string, len(r.moves))
		for i := range r.moves {
			got[i] = p.LongMoveString(&r.moves[i], engine.Numeric)
		}
		t.Fatalf("moves reported: %q, want %q", got, want)
	}
	for i, text := range want {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v", text, err)
		}
		if got := r.moves[i]; !got.Same(&m) || p.LongMoveString(&got, engine.Numeric) != p.LongMoveString(&m, engine.Numeric) {
			t.Errorf("move %d = %s, want %s", i, p.LongMoveString(&got, engine.Numeric), p.LongMoveString(&m, engine.Numeric))
		}
	}
}

func wantIllegal(t *testing.T, r *recorder, want ...[2]widgets.Cell) {
	t.Helper()
	if len(r.illegal) != len(want) {
		t.Fatalf("illegal attempts reported: %v, want %v", r.illegal, want)
	}
	for i := range want {
		if r.illegal[i] != want[i] {
			t.Errorf("illegal attempt %d = %v, want %v", i, r.illegal[i], want[i])
		}
	}
}

// Positions used below (English checkers, Black to move, Black moving down
// the board).
const (
	// 14 takes 17 and 25 on the only way: 14x21x30.
	fenDoubleJump = "B:W17,25:B14"
	// 14 reaches 30 over 17 and 25 or over 18 and 26: two captures with
	// the same origin and destination.
	fenTwoWays = "B:W17,18,25,26:B14"
	// 14 must take 18; 9 may not move.
	fenForced = "B:W18,29:B9,14"
)

func TestBoard_TapEntersMoves(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		taps []engine.Square
		want []string
	}{
		{"QuietMove", engine.English.StartFEN, []engine.Square{11, 15}, []string{"11-15"}},
		{"SingleCapture", "B:W18:B14", []engine.Square{14, 23}, []string{"14x23"}},
		{"MultiCaptureByFinalSquare", fenDoubleJump, []engine.Square{14, 30}, []string{"14x21x30"}},
		{"MultiCaptureStepByStep", fenDoubleJump, []engine.Square{14, 21, 30}, []string{"14x21x30"}},
		{"AmbiguousCaptureNeedsTheWay", fenTwoWays, []engine.Square{14, 30}, nil},
		{"AmbiguousCaptureFinalThenWay", fenTwoWays, []engine.Square{14, 30, 23}, []string{"14x23x30"}},
		{"AmbiguousCaptureWayFirst", fenTwoWays, []engine.Square{14, 21, 30}, []string{"14x21x30"}},
		{"TapStartSquareDuringStepsStartsAgain", fenDoubleJump, []engine.Square{14, 21, 14, 30}, []string{"14x21x30"}},
		{"ReselectOtherPiece", engine.English.StartFEN, []engine.Square{10, 11, 16}, []string{"11-16"}},
		{"TapSelectedPieceAgainDeselects", engine.English.StartFEN, []engine.Square{11, 11, 15}, nil},
		{"EmptySquareWithoutSelectionDoesNothing", engine.English.StartFEN, []engine.Square{15, 16}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, engine.English, tt.fen)
			b, _ := newBoard(t, p, 400)
			r := record(b)
			tapSquares(b, tt.taps...)
			wantMoves(t, p, r, tt.want...)
			wantIllegal(t, r)
		})
	}
}

func TestBoard_DragEntersMoves(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		from, to engine.Square
		thenTap  []engine.Square
		want     []string
	}{
		{"QuietMove", engine.English.StartFEN, 11, 15, nil, []string{"11-15"}},
		{"SingleCapture", "B:W18:B14", 14, 23, nil, []string{"14x23"}},
		{"MultiCaptureByFinalSquare", fenDoubleJump, 14, 30, nil, []string{"14x21x30"}},
		{"MultiCaptureToIntermediateThenTap", fenDoubleJump, 14, 21, []engine.Square{30}, []string{"14x21x30"}},
		{"AmbiguousCaptureThenTapTheWay", fenTwoWays, 14, 30, []engine.Square{21}, []string{"14x21x30"}},
		{"DropOnStartKeepsSelection", engine.English.StartFEN, 11, 11, []engine.Square{16}, []string{"11-16"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, engine.English, tt.fen)
			b, w := newBoard(t, p, 400)
			r := record(b)
			drag(w, b, tt.from, tt.to)
			tapSquares(b, tt.thenTap...)
			wantMoves(t, p, r, tt.want...)
			wantIllegal(t, r)
		})
	}
}

func TestBoard_IllegalAttemptsAreReported(t *testing.T) {
	v := engine.English
	cell := func(s engine.Square) widgets.Cell { return widgets.CellOf(v, s) }
	tests := []struct {
		name string
		fen  string
		taps []engine.Square
		drag [2]engine.Square // zero: no drag
		cell *widgets.Cell    // a light cell tapped after the taps
		want [][2]widgets.Cell
	}{
		{name: "TooFar", fen: v.StartFEN, taps: []engine.Square{11, 18}, want: [][2]widgets.Cell{{cell(11), cell(18)}}},
		{name: "Backward", fen: "B:W30:B14", taps: []engine.Square{14, 10}, want: [][2]widgets.Cell{{cell(14), cell(10)}}},
		{name: "IgnoringForcedCapture", fen: fenForced, taps: []engine.Square{9, 13}, want: [][2]widgets.Cell{{cell(9), cell(13)}}},
		{name: "OpponentsPiece", fen: v.StartFEN, taps: []engine.Square{22}, want: [][2]widgets.Cell{{cell(22), widgets.NoCell}}},
		{name: "WrongWayOfCapture", fen: fenDoubleJump, taps: []engine.Square{14, 22}, want: [][2]widgets.Cell{{cell(14), cell(22)}}},
		{name: "DragTooFar", fen: v.StartFEN, drag: [2]engine.Square{11, 18}, want: [][2]widgets.Cell{{cell(11), cell(18)}}},
		{name: "DragOpponentsPiece", fen: v.StartFEN, drag: [2]engine.Square{22, 18}, want: [][2]widgets.Cell{{cell(22), cell(18)}}},
		{name: "LightSquare", fen: v.StartFEN, taps: []engine.Square{11}, cell: &widgets.Cell{Row: 3, Col: 5}, want: [][2]widgets.Cell{{cell(11), {Row: 3, Col: 5}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustFEN(t, v, tt.fen)
			b, w := newBoard(t, p, 400)
			r := record(b)
			tapSquares(b, tt.taps...)
			if tt.drag[0] != 0 {
				drag(w, b, tt.drag[0], tt.drag[1])
			}
			if tt.cell != nil {
				test.TapAt(b, b.Geometry().CellCenter(*tt.cell))
			}
			wantIllegal(t, r, tt.want...)
			wantMoves(t, p, r)
		})
	}
}

func TestBoard_FlippedBoardTapsTheSameSquares(t *testing.T) {
	p := engine.English.StartPosition()
	b, _ := newBoard(t, p, 400)
	b.SetFlipped(true)
	r := record(b)
	// Flipped, square 11 is drawn in the lower half of the board.
	if c := center(b, 11); c.Y < 200 {
		t.Fatalf("square 11 drawn at %v on a flipped board, want the lower half", c)
	}
	tapSquares(b, 11, 15)
	wantMoves(t, p, r, "11-15")
}

func TestBoard_KeyboardEntersMoves(t *testing.T) {
	p := engine.English.StartPosition()
	b, w := newBoard(t, p, 400)
	r := record(b)
	w.Canvas().Focus(b)
	press := func(keys ...fyne.KeyName) {
		for _, k := range keys {
			b.TypedKey(&fyne.KeyEvent{Name: k})
		}
	}
	// The first arrow shows the cursor on the bottom-left square (29).
	press(fyne.KeyUp)
	if got, want := b.Cursor(), widgets.CellOf(engine.English, 29); got != want {
		t.Fatalf("cursor at %v, want %v (square 29)", got, want)
	}
	// Up five rows and right five columns is square 11.
	press(fyne.KeyUp, fyne.KeyUp, fyne.KeyUp, fyne.KeyUp, fyne.KeyUp)
	press(fyne.KeyRight, fyne.KeyRight, fyne.KeyRight, fyne.KeyRight, fyne.KeyRight)
	press(fyne.KeySpace)
	if c, ok := b.Selected(); !ok || c != widgets.CellOf(engine.English, 11) {
		t.Fatalf("Selected() = %v, %v after Space on 11", c, ok)
	}
	press(fyne.KeyEscape)
	if c, ok := b.Selected(); ok {
		t.Fatalf("Selected() = %v after Escape, want nothing", c)
	}
	press(fyne.KeyReturn, fyne.KeyDown, fyne.KeyLeft, fyne.KeyReturn)
	wantMoves(t, p, r, "11-15")
	// The cursor stops at the edge.
	for range 12 {
		press(fyne.KeyLeft)
	}
	if got := b.Cursor(); got.Col != 0 {
		t.Errorf("cursor at %v after moving far left, want column 0", got)
	}
}

func TestBoard_NotInteractiveTakesNoInput(t *testing.T) {
	p := engine.English.StartPosition()
	b, _ := newBoard(t, p, 400)
	b.SetInteractive(false)
	r := record(b)
	tapSquares(b, 11, 15, 22)
	wantMoves(t, p, r)
	wantIllegal(t, r)
}

func TestBoard_AnimatedMoveEndsAsSetPosition(t *testing.T) {
	// The test driver runs an animation to its end at once, so the picture
	// after SetPositionAnimated must be the one of SetPosition plus
	// SetLastMove.
	p := mustFEN(t, engine.English, fenDoubleJump)
	m, err := p.ParseMove("14x30")
	if err != nil {
		t.Fatal(err)
	}
	next := p
	next.Play(&m)

	b, w := newBoard(t, p, 300)
	b.SetAnimations(true)
	b.SetPositionAnimated(next, m)
	animated := w.Canvas().Capture()
	if got := b.GamePosition(); !got.Equal(&next) {
		t.Fatalf("GamePosition() = %s, want %s", got.FEN(), next.FEN())
	}

	b2, w2 := newBoard(t, p, 300)
	b2.SetPosition(next)
	b2.SetLastMove(m)
	test.AssertImageMatches(t, "after_double_jump.png", animated)
	test.AssertImageMatches(t, "after_double_jump.png", w2.Canvas().Capture())
}
