package engine

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"testing"
)

var egdb4Write = flag.Bool("egdb4.write", false, "build the four-piece databases and write engine/egdb4.bin and engine/egdb4ru.bin")

func TestEndgameFourWrite(t *testing.T) {
	if !*egdb4Write {
		t.Skip("-egdb4.write writes engine/egdb4.bin and engine/egdb4ru.bin")
	}
	for v, name := range map[*Variant]string{English: "egdb4.bin", Russian: "egdb4ru.bin"} {
		db, err := BuildEndgameDB(context.Background(), v, 4)
		if err != nil {
			t.Fatal(err)
		}
		file, err := encodeEg4(db)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, file, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", name, len(file))
	}
}

// The shipped four-piece table is the database the build makes, value for
// value and class for class, with the same counts and longest wins.
func TestEndgameFourShippedMatchesBuild(t *testing.T) {
	built := fullDB(t)
	shipped, err := loadEg4(English, endgameFourData)
	if err != nil {
		t.Fatalf("shipped table: %v (regenerate it with -egdb4.write)", err)
	}
	if len(shipped.order) != len(built.order) {
		t.Fatalf("%d classes shipped, %d built", len(shipped.order), len(built.order))
	}
	shippedStats := shipped.Classes()
	for i, c := range built.order {
		s := shipped.order[i]
		if shippedStats[i] != c.stats {
			t.Errorf("class %s: shipped %+v, built %+v", c.stats.Name(), shippedStats[i], c.stats)
		}
		if !bytes.Equal(s.data, c.data) {
			t.Errorf("class %s: the shipped values differ from the build (regenerate with -egdb4.write)", c.stats.Name())
		}
	}
	db, err := NewEndgameDB(English)
	if err != nil {
		t.Fatal(err)
	}
	if db.MaxPieces() != 5 { // six with AddSixPieceTable
		t.Errorf("NewEndgameDB covers %d pieces, want 5", db.MaxPieces())
	}
	p, _ := ParseFEN(English, "W:WK15,20:B12,K28") // First Position
	if v, plies, ok := db.Probe(&p); !ok || v != Win || plies != 81 {
		t.Errorf("First Position: %v in %d (ok %v), want a win in 81", v, plies, ok)
	}
}

// A damaged table is refused with a message that says what is wrong.
func TestEndgameFour_BadTables(t *testing.T) {
	good := endgameFourData
	flip := bytes.Clone(good)
	flip[len(flip)/2] ^= 0x40
	sum := bytes.Clone(good)
	sum[len(eg4Magic(English))+4] ^= 1
	size := bytes.Clone(good)
	size[len(eg4Magic(English))] ^= 1
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, `it does not start with "CTEG4\x01"`},
		{"other magic", append([]byte("CTEG5\x01"), good[6:]...), `it does not start with`},
		{"wrong size", size, "values, the classes of 2-4 pieces have"},
		{"truncated", good[:len(good)/2], "unexpected EOF"},
		{"wrong checksum", sum, "checksum"},
		{"damaged stream", flip, ""},
	}
	for _, tt := range tests {
		_, err := loadEg4(English, tt.file)
		if err == nil || !errors.Is(err, errEg4) || !bytes.Contains([]byte(err.Error()), []byte(tt.want)) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func BenchmarkEndgameFourLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadEg4(English, endgameFourData); err != nil {
			b.Fatal(err)
		}
	}
}
