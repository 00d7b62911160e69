// Package puzzles reads, checks and serves the positions that lessons and the
// puzzle trainer are built from. Puzzles are written in TOML (see FORMAT.md):
// a pack has a header and a list of puzzles, each a position, a goal and the
// solution line in PDN. Loading is strict and every error names the file,
// the line and the puzzle; every position and every solution is checked by
// the engine, and Check tells a learner whether a move is the stored one,
// another move that also reaches the goal, or wrong (with the reply that
// shows why).
package puzzles
