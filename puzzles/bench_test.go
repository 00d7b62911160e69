package puzzles

import (
	"context"
	"testing"
)

func BenchmarkLoadBundled(b *testing.B) {
	packs, _ := Bundled()
	var data [][]byte
	for _, pk := range packs {
		d, _ := Encode(pk)
		data = append(data, d)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range data {
			if _, errs := Load("x.toml", d); len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	}
}

func BenchmarkWinningMovesShot(b *testing.B) {
	pz := bundledPuzzle(b, "shot-02")
	s := NewExhaustive()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.WinningMoves(context.Background(), pz.Position, pz.Goal); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExactFirstPosition(b *testing.B) {
	pz := bundledPuzzle(b, "first-position")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewExhaustive().WinningMoves(context.Background(), pz.Position, pz.Goal); err != nil {
			b.Fatal(err)
		}
	}
}
