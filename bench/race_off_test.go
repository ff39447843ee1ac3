//go:build !race

package bench

// raceEnabled tells whether the race detector is on: the heavy tests of this package
// are pure computation on one goroutine, which the detector slows about tenfold and
// has nothing to find in, so they do less under it and everything without it.
const raceEnabled = false
