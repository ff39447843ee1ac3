//go:build !unix

package search

import "time"

// ProcessCPUTime is not available here (ok false): callers fall back to wall time.
func ProcessCPUTime() (d time.Duration, ok bool) { return 0, false }
