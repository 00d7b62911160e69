package engine

import _ "embed"

// endgameFourData is the four-piece table (egdb4.go), made with
// "go test ./engine -run TestEndgameFourWrite -args -egdb4.write".
//
//go:embed egdb4.bin
var endgameFourData []byte

// endgameFourRussianData is the Russian four-piece table, made with
// "go test ./engine -run TestEndgameFourWrite -args -egdb4.write".
//
//go:embed egdb4ru.bin
var endgameFourRussianData []byte
