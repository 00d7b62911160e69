package engine

import _ "embed"

// endgameFiveData is the five-piece table (egdb5.go), made with
// "go test ./engine -run TestEndgameFiveWrite -timeout 30m -args -egdb5.write".
//
//go:embed egdb5.bin
var endgameFiveData []byte

// endgameFiveRussianData is the Russian five-piece table, made with
// "go test ./engine -run TestRussianEndgameFiveWrite -timeout 30m -args -egdb5ru.write".
//
//go:embed egdb5ru.bin
var endgameFiveRussianData []byte
