//go:build race

package gui

// raceEnabled tells whether the race detector is on: see skipUnderRace.
const raceEnabled = true
