//go:build unix

package search

import (
	"syscall"
	"time"
)

// ProcessCPUTime returns the CPU time (user and system) the process has used so
// far; ok is false where the system does not tell it.
func ProcessCPUTime() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
