package engine

import (
	"runtime"
	"testing"
)

func TestThreadCPUClock_GrowsWithWork(t *testing.T) {
	runtime.LockOSThread() // the clock is the calling thread's
	defer runtime.UnlockOSThread()
	clock := ThreadCPUClock()
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
