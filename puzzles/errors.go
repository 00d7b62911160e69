package puzzles

import "fmt"

// Limits on what a pack file may hold. A pack a user adds is read with the
// same limits as the bundled ones; each limit has its own message.
const (
	// MaxFileSize is the largest pack file read, in bytes (1 MiB).
	MaxFileSize = 1 << 20
	// MaxPuzzles is the largest number of puzzles in one pack.
	MaxPuzzles = 2000
	// MaxTextLength is the longest text (title, hint, explanation,
	// description), in characters.
	MaxTextLength = 2000
	// MaxLineLength is the longest solution line, in moves of both sides.
	MaxLineLength = 200
	// MaxLines is the largest number of alternative lines of one puzzle.
	MaxLines = 20
	// MaxHints is the number of progressive hints: piece, target, move.
	MaxHints = 3
	// MaxThemes is the largest number of themes of one puzzle.
	MaxThemes = 16
	// MaxIDLength is the longest pack or puzzle id.
	MaxIDLength = 64
	// MaxGoalMoves is the largest N of the crown and reach goals.
	MaxGoalMoves = 20
	// MaxTranslations is the largest number of languages of one puzzle.
	MaxTranslations = 32
)

// Error is one problem found in a pack file. It names the file, the line
// (0 when unknown) and the puzzle (empty for the pack header), and says
// what is wrong.
type Error struct {
	File string
	Line int
	// PuzzleID is the id of the puzzle, empty for header errors. When the
	// puzzle has no usable id, Index is its number in the file (from 1).
	PuzzleID string
	Index    int
	Msg      string
	// Err is the cause, when there is one (Verify wraps the solver's
	// errors, such as ErrTooHard).
	Err error
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Error returns `file:line: puzzle "id": message`.
func (e *Error) Error() string {
	s := e.File
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	s += ": "
	switch {
	case e.PuzzleID != "":
		s += fmt.Sprintf("puzzle %q: ", e.PuzzleID)
	case e.Index > 0:
		s += fmt.Sprintf("puzzle #%d: ", e.Index)
	}
	return s + e.Msg
}
