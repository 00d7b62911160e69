package engine

import _ "embed"

// englishPatternData is the English pattern tables (patterns.go), fitted
// with "go test ./engine -run TestPatternFit" (see patterns_tune_test.go).
//
//go:embed patterns_english.bin
var englishPatternData []byte

// withPatterns gives e the pattern tables in data; tables that do not
// decode leave e without (TestPatterns_Bundled checks that they do).
func withPatterns(e *evaluator, data []byte) *evaluator {
	if t, err := decodePatterns(data); err == nil {
		e.pat = t
	}
	return e
}
