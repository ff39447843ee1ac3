//go:build !race

package board_test

// raceEnabled tells whether the race detector is on. The heavy tests of this package
// are pure computation on one goroutine: the race detector, which slows them about
// tenfold, has nothing to find in them, so they run a fraction of their games under
// it and the full count without it.
const raceEnabled = false
