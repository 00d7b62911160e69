//go:build !race

package engine

// raceEnabled is true under the race detector (race_on_test.go).
const raceEnabled = false
