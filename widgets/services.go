package widgets

import (
	"fyne.io/fyne/v2"

	"github.com/checkerstutor/checkers/tutor"
)

// Services are what every screen of the app shares: the window, the
// learner's progress and settings, the shared endgame database, and the
// navigation between screens. cmd/checkers builds one at start-up.
type Services struct {
	// App is the running Fyne app (preferences, settings, storage).
	App fyne.App
	// Window is the main window (dialogs, keyboard focus, clipboard).
	Window fyne.Window
	// Progress is the learner's saved progress, including Settings.
	Progress *tutor.Progress
	// Endgames is the endgame database (English, Russian), read once in the
	// background and shared by every game and puzzle.
	Endgames *tutor.Endgames
	// Nav switches screens.
	Nav Navigator
	// Sounds plays the short feedback sounds (nil: silent).
	Sounds SoundPlayer
	// Do runs f on the Fyne goroutine: every answer that work in the
	// background (the computer's moves, the tutor's verdicts, pauses
	// between shown moves) has for the screens goes through it. Nil means
	// fyne.Do. Headless tests, whose fyne.Do runs f at once on the calling
	// goroutine, pass a queue they drain on the test's goroutine.
	Do func(f func())
}

// do runs f on the Fyne goroutine through s.Do.
func (s *Services) do(f func()) {
	if s.Do != nil {
		s.Do(f)
		return
	}
	fyne.Do(f)
}

// Navigator switches between the app's screens. Screens never create
// windows of their own: they ask the navigator to show a screen.
type Navigator interface {
	// Push shows a new screen above the current one, with a title and a
	// back button; onLeave (may be nil) runs when it is left (cancel AI
	// searches there).
	Push(title string, content fyne.CanvasObject, onLeave func())
	// Back returns to the previous screen.
	Back()
	// Home returns to the home screen, leaving every pushed screen.
	Home()
}

// Sound names one of the short feedback sounds.
type Sound uint8

const (
	// SoundMove is a quiet move.
	SoundMove Sound = iota
	// SoundCapture is a capture.
	SoundCapture
	// SoundCrown is a man being crowned.
	SoundCrown
	// SoundSuccess is a step or puzzle solved.
	SoundSuccess
	// SoundMistake is a wrong or illegal move.
	SoundMistake
)

// SoundPlayer plays feedback sounds without blocking the caller.
type SoundPlayer interface {
	Play(s Sound)
}
