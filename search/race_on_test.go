//go:build race

package search

// raceEnabled tells whether the race detector is on (see race_off_test.go).
const raceEnabled = true
