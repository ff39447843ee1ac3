package words

import (
	"fmt"
	"strconv"
	"strings"
)

// Score is a score from the side to move's point of view. A search gives its
// internal values (search.ToScore); the engine reports their conversion
// (search.Reported), which the client side reads back (ParseScore).
type Score struct {
	Mate  bool  // Value is a proven result in moves: > 0 the side to move wins, < 0 loses
	Value int   // a search's internal value or reported centiseeds, or moves to the end when Mate
	Bound Bound // what a reported centiseed score proves (Estimate for a mate)
}

// Bound says how much a reported score proves.
type Bound uint8

// The bounds of a reported score.
const (
	// Estimate is a score the search expects: in the scoring games the expected final
	// seed margin for the side to move.
	Estimate Bound = iota
	// Exact is a margin the endgame table proves under perfect play by both sides.
	Exact
	// Lower is a proven lower bound on the margin: a win the endgame table proves
	// without its margin is at least one seed (cp 100 lowerbound).
	Lower
	// Upper is a proven upper bound: a loss the table proves, at most -1 seed.
	Upper
)

// boundWords are the words after a centiseed score that say what it proves, indexed
// by Bound ("" for an estimate).
var boundWords = [...]string{Estimate: "", Exact: "exact", Lower: "lowerbound", Upper: "upperbound"}

// String writes the score as the protocol's info line and the game records carry it:
// "cp 35", "cp 400 exact", "cp 100 lowerbound", "cp -100 upperbound" or "mate -3". It
// is the one writer of that text; ParseScore reads it back.
func (s Score) String() string {
	if s.Mate {
		return "mate " + strconv.Itoa(s.Value)
	}
	if s.Bound != Estimate && int(s.Bound) < len(boundWords) {
		return "cp " + strconv.Itoa(s.Value) + " " + boundWords[s.Bound]
	}
	return "cp " + strconv.Itoa(s.Value)
}

// ParseScore reads a score as String writes it (any spacing): the one reader of that
// text, for an engine's info lines, the records and the GUI.
func ParseScore(s string) (Score, error) {
	f := strings.Fields(s)
	if len(f) < 2 || len(f) > 3 || (f[0] != "cp" && f[0] != "mate") {
		return Score{}, fmt.Errorf("score needs cp or mate and a value, not %.60q", s)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return Score{}, fmt.Errorf("score %.60q: not a number", f[1])
	}
	sc := Score{Mate: f[0] == "mate", Value: n}
	if len(f) == 3 {
		b, ok := ParseBound(f[2])
		if !ok || sc.Mate {
			return Score{}, fmt.Errorf("score %.60q: %.20q is not exact, lowerbound or upperbound after cp", s, f[2])
		}
		sc.Bound = b
	}
	return sc, nil
}

// ParseBound reads the word after a centiseed score: exact, lowerbound or
// upperbound. ok is false for any other word.
func ParseBound(word string) (b Bound, ok bool) {
	for i, w := range boundWords {
		if w != "" && w == word {
			return Bound(i), true
		}
	}
	return Estimate, false
}

// Centiseeds maps the score onto one scale: a mate score counts as far beyond any
// evaluation (±100000 less the distance in moves), and a win or loss the endgame table
// proves without its margin (cp 100 lowerbound, cp -100 upperbound) as ±ProvenWin,
// beyond any evaluation but short of every mate.
func (s Score) Centiseeds() int {
	switch {
	case s.Mate && s.Value > 0:
		return 100000 - s.Value
	case s.Mate:
		return -100000 - s.Value
	case s.Bound == Lower && s.Value > 0:
		return ProvenWin
	case s.Bound == Upper && s.Value < 0:
		return -ProvenWin
	}
	return s.Value
}

// ProvenWin is where Centiseeds puts a win the table proves without its margin.
const ProvenWin = 90000
