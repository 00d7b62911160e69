//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time used by the process so far (user and
// system, all threads), or 0 when it cannot be read.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
