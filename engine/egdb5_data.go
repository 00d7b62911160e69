package engine

import _ "embed"

// endgameFiveData is the five-piece table (egdb5.go), made with
// "go test ./engine -run TestEndgameFiveWrite -timeout 30m -args -egdb5.write".
//
//go:embed egdb5.bin
var endgameFiveData []byte
