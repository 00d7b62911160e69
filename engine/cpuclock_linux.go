package engine

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTime = 3

// ThreadCPUClock returns a clock of the calling thread's CPU time for
// Limits.Clock and MatchConfig.Clock, or nil when the system does not give
// one. Readings belong together only on one thread: a search given it as
// its clock locks itself to its thread, and other callers must do the same
// (runtime.LockOSThread).
func ThreadCPUClock() func() time.Duration {
	if _, ok := threadCPUTime(); !ok {
		return nil
	}
	return func() time.Duration {
		d, _ := threadCPUTime()
		return d
	}
}

// threadCPUTime reads the calling thread's CPU time.
func threadCPUTime() (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
