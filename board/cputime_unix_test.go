//go:build unix

package board_test

import (
	"syscall"
	"time"
)

// processCPUTime returns the CPU time (user and system) the test process has used
// so far; benchmarks divide by it so that their rates do not depend on how busy a
// shared machine is.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
