//go:build race

package engine

// raceEnabled is true under the race detector, where single-goroutine
// tests that only compute (long self-play, large samples) run shorter or
// not at all: the race run is for the code that shares memory.
const raceEnabled = true
