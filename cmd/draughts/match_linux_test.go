package main

import (
	"strings"
	"testing"
)

func TestMatch_CPUClock(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "match", "--a", "movetime=20", "--b", "depth=1", "--games", "2", "--workers", "1", "--clock", "cpu")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !strings.Contains(stdout, "think times in CPU time") || !strings.Contains(stdout, "A movetime=20: +") {
		t.Errorf("output %q", stdout)
	}
}
