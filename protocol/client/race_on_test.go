//go:build race

package client

// raceEnabled tells whether the race detector is on (see race_off_test.go).
const raceEnabled = true
