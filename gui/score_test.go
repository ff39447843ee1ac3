package gui

import (
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/search"
)

// TestProvenScoresAreMarked: a margin the endgame table proves, and a win or loss it
// proves without a margin, are marked in the lines shown; an estimate is the bare
// number of seeds.
func TestProvenScoresAreMarked(t *testing.T) {
	srv := &Server{probeDone: make(chan struct{})}
	g := &session{srv: srv, variant: board.Variants()[0], job: &job{tag: 1}, evals: []*int{nil}}
	g.infoTimer = time.AfterFunc(time.Hour, func() {}) // no broadcast in this test
	for _, c := range []struct {
		score search.Score
		want  string
	}{
		{search.Score{Value: 250}, "+2.50"},
		{search.Score{Value: 400, Bound: search.Exact}, "+4.00 (proven)"},
		{search.Score{Value: 100, Bound: search.Lower}, "+1.00 or more (proven win)"},
		{search.Score{Value: -100, Bound: search.Upper}, "-1.00 or less (proven loss)"},
	} {
		g.onInfo(1, client.Info{Depth: 3, MultiPV: 1, HasScore: true, Score: c.score, PV: []string{"a1"}})
		if got := g.lines[0].Score; got != c.want {
			t.Errorf("%v shown as %q, want %q", c.score, got, c.want)
		}
	}
}
