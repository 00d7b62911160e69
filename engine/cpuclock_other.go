//go:build !linux

package engine

import "time"

// ThreadCPUClock returns nil: a per-thread CPU clock is read on Linux only.
func ThreadCPUClock() func() time.Duration { return nil }
