package search

import (
	"testing"

	"mancala/board"
	"mancala/search/words"
)

func TestMateScoresInMoves(t *testing.T) {
	for _, tc := range []struct {
		v    int
		want words.Score
	}{
		{Mate - 1, words.Score{Mate: true, Value: 1}},     // the root's move wins
		{Mate - 3, words.Score{Mate: true, Value: 2}},     // its second move wins
		{-(Mate - 1), words.Score{Mate: true, Value: -1}}, // its move loses at once
		{-(Mate - 2), words.Score{Mate: true, Value: -1}}, // the reply wins
		{-(Mate - 4), words.Score{Mate: true, Value: -2}},
		{0, words.Score{}},
		{-EvalLimit, words.Score{Value: -EvalLimit}},
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

// TestDrawsByContempt: with contempt the root's side values a draw at -contempt and
// its opponent at +contempt; wins and losses keep their proven values, and the zero
// Draws is ResultValue.
func TestDrawsByContempt(t *testing.T) {
	draw, southWins := board.Result{Outcome: board.Draw}, board.Result{Outcome: board.SouthWins}
	for _, root := range []board.Side{board.South, board.North} {
		d := NewDraws(root, 30)
		if got := d.Result(draw, root, 5); got != -30 {
			t.Errorf("root %v: a draw for the root's side = %d, want -30", root, got)
		}
		if got := d.Result(draw, root.Other(), 6); got != 30 {
			t.Errorf("root %v: a draw for the opponent = %d, want 30", root, got)
		}
		for _, side := range []board.Side{board.South, board.North} {
			if got, want := d.Result(southWins, side, 3), ResultValue(southWins, side, 3); got != want {
				t.Errorf("root %v: South's win for %v = %d, want %d", root, side, got, want)
			}
		}
	}
	if got := (Draws{}).Result(draw, board.North, 2); got != ResultValue(draw, board.North, 2) {
		t.Errorf("the zero Draws values a draw at %d", got)
	}
}
