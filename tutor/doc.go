// Package tutor holds what the app teaches with, without any drawing:
// courses of lessons (TOML under courses/, see COURSES.md), the lesson,
// puzzle and game sessions that a screen drives, and the learner's saved
// progress.
//
// Threading: every session type is safe for use from several goroutines;
// the app calls its methods from the UI goroutine. Work that takes time
// (the AI thinking, a hint, a review, the endgame database build) runs in
// a goroutine of the session with a cancellable context and reports
// through callbacks, which are called from that goroutine and never while
// the session's lock is held, so a callback may call the session back. The
// app wraps its callbacks in fyne.Do.
package tutor
