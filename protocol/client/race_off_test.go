//go:build !race

package client

// raceEnabled tells whether the race detector is on. Replaying the 25,000-move
// record is one goroutine's work, which the detector slows some tenfold and has
// nothing to find in: TestPositionCommandCutsALongHistoryAtTheLastIrreversibleMove
// skips under it and runs without it.
const raceEnabled = false
