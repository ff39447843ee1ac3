//go:build !race

package search

// raceEnabled tells whether the race detector is on. The property tests of the
// score conversion are pure computation on one goroutine, which the detector slows
// some tenfold and has nothing to find in: they check fewer positions under it and
// all of them without it.
const raceEnabled = false
