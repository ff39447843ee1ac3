//go:build unix

package tournament

import "syscall"

// processRuns reports whether the process pid still exists.
func processRuns(pid int) bool { return syscall.Kill(pid, 0) == nil }
