//go:build !unix

package main

import "time"

// processCPUTime is not available here; perft's speed is then per wall-clock second.
func processCPUTime() (time.Duration, bool) { return 0, false }
