//go:build !race

package tablebase

// raceEnabled tells whether the race detector is on: the checks against the
// reference builder and the exhaustive solver are mostly computation on one
// goroutine, which the detector slows about tenfold, so under it they build smaller
// tables, solve a sample of the exhaustive solver's positions (the builder's
// workers still share components of several thousand boards), and everything
// without it.
const raceEnabled = false
