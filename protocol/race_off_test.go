//go:build !race

package protocol

// raceEnabled tells whether the race detector is on: the property test of
// goends_test.go searches fewer positions under it, which slows the searches about
// tenfold.
const raceEnabled = false
