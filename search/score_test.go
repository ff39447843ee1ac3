package search

import (
	"testing"

	"mancala/board"
)

func TestMateScoresInMoves(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want Score
	}{
		{scoreMate - 1, Score{Mate: true, Value: 1}},     // the root's move wins
		{scoreMate - 3, Score{Mate: true, Value: 2}},     // its second move wins
		{-(scoreMate - 1), Score{Mate: true, Value: -1}}, // its move loses at once
		{-(scoreMate - 2), Score{Mate: true, Value: -1}}, // the reply wins
		{-(scoreMate - 4), Score{Mate: true, Value: -2}},
		{0, Score{}},
		{-evalLimit, Score{Value: -evalLimit}},
	} {
		if got := toScore(tc.v); got != tc.want {
			t.Errorf("toScore(%d) = %+v, want %+v", tc.v, got, tc.want)
		}
	}
}

func TestTableScoresAreRelativeToTheNode(t *testing.T) {
	for _, v := range []int{scoreMate - 7, -(scoreMate - 9), 123, -evalLimit} {
		for _, ply := range []int{0, 3, 20} {
			if got := fromTT(toTT(v, ply), ply); got != v {
				t.Errorf("round trip of %d at ply %d gives %d", v, ply, got)
			}
		}
	}
	// A win 5 plies below a node at ply 3 is a win in 5 from the node itself.
	if got := toTT(scoreMate-8, 3); got != scoreMate-5 {
		t.Errorf("toTT = %d, want %d", got, scoreMate-5)
	}
}

func TestResultScoreSides(t *testing.T) {
	p := mustPosition(t, "bao-la-kimasai", baoWinInOne) // South to move
	win := board.Result{Outcome: board.SouthWins}
	if got := resultScore(win, &p, 4); got != scoreMate-4 {
		t.Errorf("South win for South to move = %d", got)
	}
	if got := resultScore(board.Result{Outcome: board.NorthWins}, &p, 4); got != -(scoreMate - 4) {
		t.Errorf("North win for South to move = %d", got)
	}
	if got := resultScore(board.Result{Outcome: board.Draw}, &p, 4); got != 0 {
		t.Errorf("draw = %d", got)
	}
}
