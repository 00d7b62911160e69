package puzzles

import (
	"os"
	"strings"
	"testing"
)

// The example of FORMAT.md loads without errors.
func TestFormat_ExampleLoads(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(doc)
	i := strings.Index(s, "```toml\n")
	j := strings.LastIndex(s, "```")
	if i < 0 || j <= i {
		t.Fatal("FORMAT.md has no toml example")
	}
	pk, errs := Load("example.toml", []byte(s[i+len("```toml\n"):j]))
	for _, e := range errs {
		t.Error(e)
	}
	if pk == nil || len(pk.Puzzles) != 1 || len(pk.Puzzles[0].Alternatives) != 1 {
		t.Fatalf("example pack: %+v", pk)
	}
}
