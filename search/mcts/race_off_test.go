//go:build !race

package mcts

// raceEnabled tells whether the race detector is on. The heavy tests of this package
// are pure computation on one goroutine, which the detector slows about tenfold and
// has nothing to find in: they search less under it and fully without it. The tests
// of stopping and of threads run alike in both.
const raceEnabled = false
