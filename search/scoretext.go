package search

import (
	"fmt"
	"strconv"
	"strings"
)

// String writes the score as the protocol's info line and the game records carry it:
// "cp 35" or "mate -3". It is the one writer of that text; ParseScore reads it back.
func (s Score) String() string {
	if s.Mate {
		return "mate " + strconv.Itoa(s.Value)
	}
	return "cp " + strconv.Itoa(s.Value)
}

// ParseScore reads a score as String writes it, "cp 35" or "mate -3" (any spacing):
// the one reader of that text, for an engine's info lines, the records and the GUI.
func ParseScore(s string) (Score, error) {
	f := strings.Fields(s)
	if len(f) != 2 || (f[0] != "cp" && f[0] != "mate") {
		return Score{}, fmt.Errorf("score needs cp or mate and a value, not %.60q", s)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return Score{}, fmt.Errorf("score %.60q: not a number", f[1])
	}
	return Score{Mate: f[0] == "mate", Value: n}, nil
}

// Centiseeds maps the score onto one scale: a mate score counts as far beyond any
// evaluation (±100000 less the distance in moves).
func (s Score) Centiseeds() int {
	switch {
	case !s.Mate:
		return s.Value
	case s.Value > 0:
		return 100000 - s.Value
	default:
		return -100000 - s.Value
	}
}
