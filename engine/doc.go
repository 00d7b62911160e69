// Package engine implements the rules of English checkers, Russian draughts
// and International draughts: positions, legal moves, notation, games and
// their results, and the search that plays them. It uses the standard
// library only, so every other layer of the product (puzzles, tutor, the
// app and the command-line tool) can build on it.
package engine
