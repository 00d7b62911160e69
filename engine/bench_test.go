package engine

// Benchmarks of move generation and perft. The perft figures to compare
// come from
//
//	go test ./engine -run '^$' -bench Perft -benchtime 3x -cpu 1
//
// on an otherwise idle core (the machine is shared: run it a few times and
// keep the best).

import (
	"testing"
	"time"
)

// Middle-game positions for the move generation benchmarks: a mix of men
// and kings with captures and quiet moves for both sides.
var benchMiddleGames = []struct {
	v   *Variant
	fen string
}{
	{English, "B:W14,18,21,22,23,25,27,29,30,K31:B1,2,5,6,8,9,10,12,K26"},
	{Russian, "W:W15,18,21,22,24,25,27,29,K31:B1,2,5,6,8,9,10,12,K26"},
	{International, "W:W23,26,28,31,32,33,34,36,37,38,40,41,43,44,45,K48:B3,4,6,7,9,11,12,13,14,16,17,18,19,20,22,K2"},
}

// BenchmarkLegalMoves measures full legal move generation into a reused
// buffer (no allocation allowed) on fixed middle-game positions.
func BenchmarkLegalMoves(b *testing.B) {
	for _, tc := range benchMiddleGames {
		b.Run(tc.v.Name, func(b *testing.B) {
			p, err := ParseFEN(tc.v, tc.fen)
			if err != nil {
				b.Fatal(err)
			}
			buf := make([]Move, 0, 128)
			if len(p.AppendLegalMoves(buf)) == 0 {
				b.Fatalf("%s: no legal moves", tc.fen)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				buf = p.AppendLegalMoves(buf[:0])
			}
		})
	}
}

// BenchmarkCountMoves measures counting the legal moves without keeping
// them (the last ply of perft).
func BenchmarkCountMoves(b *testing.B) {
	for _, tc := range benchMiddleGames {
		b.Run(tc.v.Name, func(b *testing.B) {
			p, err := ParseFEN(tc.v, tc.fen)
			if err != nil {
				b.Fatal(err)
			}
			buf := make([]Move, 0, 128)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p.CountMoves(buf)
			}
		})
	}
}

// BenchmarkPerft runs perft from each start position with bulk counting at
// the last ply and reports leaves per second.
func BenchmarkPerft(b *testing.B) {
	depths := map[*Variant]int{English: 9, Russian: 9, International: 8}
	for _, v := range Variants() {
		b.Run(v.Name, func(b *testing.B) {
			p := v.StartPosition()
			var nodes uint64
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes += p.Perft(depths[v])
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "leaves/s")
		})
	}
}
