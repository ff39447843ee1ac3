package gui

import (
	"testing"

	"mancala/board"
	"mancala/search"
)

// TestProvenScoresAreMarked: a margin the endgame table proves, and a win or loss it
// proves without a margin, are marked in the lines shown (from South's view); an
// estimate is the bare number of seeds.
func TestProvenScoresAreMarked(t *testing.T) {
	for _, c := range []struct {
		score search.Score
		side  board.Side
		want  string
	}{
		{search.Score{Value: 250}, board.South, "+2.50"},
		{search.Score{Value: 250}, board.North, "-2.50"},
		{search.Score{Value: 400, Bound: search.Exact}, board.South, "+4.00 (proven)"},
		{search.Score{Value: 400, Bound: search.Exact}, board.North, "-4.00 (proven)"},
		{search.Score{Value: 100, Bound: search.Lower}, board.North, "North wins (proven)"},
		{search.Score{Value: -100, Bound: search.Upper}, board.North, "South wins (proven)"},
	} {
		if got := southScore(c.score, c.side); got != c.want {
			t.Errorf("%+v with %s to move shown as %q, want %q", c.score, c.side.Name(), got, c.want)
		}
	}
}
