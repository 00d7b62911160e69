// Package widgets holds the Fyne views of Checkers Tutor. Its centre piece
// is Board, a checkers/draughts board for 8x8 and 10x10 positions of the
// engine package: it draws a position with the marks a lesson needs (last
// move, forced captures, legal targets, hints, lesson targets), takes moves
// by tapping, dragging or the keyboard, and hands them to its caller, which
// decides what happens next. The pure geometry helpers (Geometry, Cell) map
// between points and squares.
package widgets
