package engine

import _ "embed"

// englishPatternData is the English pattern tables (patterns.go), fitted
// with "go test ./engine -run TestPatternFit" (see patterns_tune_test.go).
//
//go:embed patterns_english.bin
var englishPatternData []byte

// russianPatternData is the Russian pattern tables, fitted the same way
// to Russian self-play games.
//
//go:embed patterns_russian.bin
var russianPatternData []byte

// withPatterns gives e the pattern tables in data; tables that do not
// decode leave e without (TestPatterns_Bundled checks that they do).
func withPatterns(e *evaluator, data []byte) *evaluator {
	if t, err := decodePatterns(data); err == nil {
		e.pat = t
	}
	return e
}
