//go:build !unix

package search

import "time"

// processCPUTime is not available here: the driver falls back to wall time.
func processCPUTime() (time.Duration, bool) { return 0, false }
