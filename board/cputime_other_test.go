//go:build !unix

package board_test

import "time"

// processCPUTime is not available here; benchmarks then report wall-clock rates only.
func processCPUTime() (time.Duration, bool) { return 0, false }
