package main

import (
	"strings"
	"testing"
)

func TestThreadCPUClock_GrowsWithWork(t *testing.T) {
	clock := threadCPUClock()
	if clock == nil {
		t.Fatal("no thread CPU clock on Linux")
	}
	start := clock()
	x := 0
	for i := 0; i < 20_000_000; i++ {
		x += i ^ (x >> 3)
	}
	if d := clock() - start; d <= 0 {
		t.Errorf("the clock did not advance over a busy loop (%v, %d)", d, x)
	}
}

func TestMatch_CPUClock(t *testing.T) {
	stdout, stderr, status := runCLI(t, "", "match", "--a", "movetime=20", "--b", "depth=1", "--games", "2", "--workers", "1", "--clock", "cpu")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !strings.Contains(stdout, "think times in CPU time") || !strings.Contains(stdout, "A movetime=20: +") {
		t.Errorf("output %q", stdout)
	}
}
