package engine

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The six-piece table of package engine/egdb6 is made here by building the
// whole database of up to six pieces (see docs/endgame-database.md for its
// time and memory): -egdb6.write writes engine/egdb6/egdb6.bin.
var egdb6Write = flag.Bool("egdb6.write", false, "build the six-piece database and write engine/egdb6/egdb6.bin")

func TestEndgameSixWrite(t *testing.T) {
	if !*egdb6Write {
		t.Skip("-egdb6.write builds the six-piece database and writes engine/egdb6/egdb6.bin")
	}
	db := buildDB(t, 6)
	longest := 0
	for _, c := range db.Classes() {
		if c.WhiteMen+c.WhiteKings+c.BlackMen+c.BlackKings == 6 {
			longest = max(longest, c.LongestWin)
			t.Logf("%s: %+v", c.Name(), c)
		}
	}
	t.Logf("longest six-piece win: %d plies", longest)
	start := time.Now()
	file, err := encodeEgWLD(db, 6)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join("egdb6", "egdb6.bin")
	if err := os.MkdirAll("egdb6", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, file, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes, encoded in %.1f s", out, len(file), time.Since(start).Seconds())
}
