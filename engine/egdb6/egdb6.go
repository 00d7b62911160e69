// Package egdb6 ships the six-piece table of the English checkers endgame
// database: the win, loss or draw value of every position with six pieces
// (White to move, positions without a capture due), in the format of the
// five-piece table of package engine. It is a package of its own so that
// only the programs that want it carry its size (the draughts command line
// does; the app, on phones and in the browser, keeps the five-piece
// database).
//
//	db, err := engine.NewEndgameDB(engine.English) // 2-5 pieces
//	err = db.AddSixPieceTable(egdb6.Table)         // and 6
//
// The table is made by `go test ./engine -run TestEndgameSixWrite -timeout
// 3h -args -egdb6.write`, which builds the database of up to six pieces
// (see docs/endgame-database.md for its time and memory).
package egdb6

import _ "embed"

// Table is the six-piece table. It must not be changed.
//
//go:embed egdb6.bin
var Table []byte
