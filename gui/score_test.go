package gui

import (
	"fmt"
	"testing"

	"mancala/board"
	"mancala/search/words"
)

// TestProvenScoresAreMarked: a margin the endgame table proves, and a win or loss it
// proves without a margin, are marked in the lines shown (from South's view); an
// estimate is the bare number of seeds.
func TestProvenScoresAreMarked(t *testing.T) {
	for _, c := range []struct {
		score words.Score
		side  board.Side
		want  string
	}{
		{words.Score{Value: 250}, board.South, "+2.50"},
		{words.Score{Value: 250}, board.North, "-2.50"},
		{words.Score{Value: 400, Bound: words.Exact}, board.South, "+4.00 (proven)"},
		{words.Score{Value: 400, Bound: words.Exact}, board.North, "-4.00 (proven)"},
		{words.Score{Value: 0, Bound: words.Exact}, board.North, "+0.00 (proven)"}, // a draw alpha-beta proves
		{words.Score{Value: 100, Bound: words.Lower}, board.North, "North wins (proven)"},
		{words.Score{Value: -100, Bound: words.Upper}, board.North, "South wins (proven)"},
	} {
		if got := southScore(c.score, c.side); got != c.want {
			t.Errorf("%+v with %s to move shown as %q, want %q", c.score, c.side.Name(), got, c.want)
		}
	}
}

// TestMateLinesShowTheirEnd: a proven line that runs to the end of a scoring game
// shows the count it ends with; one that stops short, or Bao la Kimasai's, shows
// none.
func TestMateLinesShowTheirEnd(t *testing.T) {
	v := board.AdjiKui1.Get()
	root, err := v.ParsePosition("0,0,0,0,2,0/0,3,0,0,0,0 S 20 23 -")
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(root)
	var pv []string
	for !g.Result().Over() {
		var ml board.MoveList
		p := g.Position()
		p.LegalMoves(&ml)
		m := ml.Moves[0]
		pv = append(pv, v.FormatMove(m))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	r := g.Result()
	want := fmt.Sprintf(", %d-%d at the line's end", r.South, r.North)
	if got := lineEnd(root, pv); got != want {
		t.Errorf("line %v from %v ends %q, want %q", pv, root, got, want)
	}
	if got := lineEnd(root, pv[:len(pv)-1]); got != "" {
		t.Errorf("a line one move short ends %q, want nothing", got)
	}
	bao := board.BaoLaKimasai.Get().StartPosition()
	if got := lineEnd(bao, nil); got != "" {
		t.Errorf("Bao la Kimasai's line ends %q", got)
	}
}
