package search

import "testing"

// skipRealTime skips, under -short, a test that waits on the wall clock (a clock
// running out, a timed game): the everyday `go test -short ./...` leaves those to
// the full run.
func skipRealTime(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("real-time test (waits on the wall clock): -short")
	}
}
