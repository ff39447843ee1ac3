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
		{Mate - 1, Score{Mate: true, Value: 1}},     // the root's move wins
		{Mate - 3, Score{Mate: true, Value: 2}},     // its second move wins
		{-(Mate - 1), Score{Mate: true, Value: -1}}, // its move loses at once
		{-(Mate - 2), Score{Mate: true, Value: -1}}, // the reply wins
		{-(Mate - 4), Score{Mate: true, Value: -2}},
		{0, Score{}},
		{-EvalLimit, Score{Value: -EvalLimit}},
	} {
		if got := ToScore(tc.v); got != tc.want {
			t.Errorf("ToScore(%d) = %+v, want %+v", tc.v, got, tc.want)
		}
	}
}

func TestResultValueSides(t *testing.T) {
	for _, tc := range []struct {
		outcome board.Outcome
		side    board.Side
		want    int
	}{
		{board.SouthWins, board.South, Mate - 4},
		{board.SouthWins, board.North, -(Mate - 4)},
		{board.NorthWins, board.South, -(Mate - 4)},
		{board.NorthWins, board.North, Mate - 4},
		{board.Draw, board.South, 0},
	} {
		if got := ResultValue(board.Result{Outcome: tc.outcome}, tc.side, 4); got != tc.want {
			t.Errorf("%v for %v = %d, want %d", tc.outcome, tc.side, got, tc.want)
		}
	}
}

func TestClampEvalStaysClearOfMates(t *testing.T) {
	for _, v := range []int{-1 << 40, -EvalLimit - 1, 0, EvalLimit + 1, 1 << 40} {
		if c := ClampEval(v); IsMate(c) || c < -EvalLimit || c > EvalLimit {
			t.Errorf("ClampEval(%d) = %d", v, c)
		}
	}
}
