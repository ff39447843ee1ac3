package search

import (
	"time"

	"mancala/board"
)

// MCTS time use. A search with a clock gets a share of the remaining time: the time
// left over the moves still to play before the next control (a guessed 20 in sudden
// death) plus most of the increment, never more than a third of what is left, and
// always minus the move overhead. A search with MoveTime gets that time minus the
// overhead. Infinite and pondering searches have no budget until they are stopped or,
// for pondering, until the ponderhit, from which the normal budget runs.
const (
	mctsMovesLeftGuess = 20                     // moves still to play in sudden death
	mctsMinBudget      = 2 * time.Millisecond   // never think less than this on a clock
	mctsReportEvery    = 250 * time.Millisecond // interval between periodic info lines
)

// mctsBudget returns how long the side to move may think under l; ok is false when
// the limits set no time bound.
func mctsBudget(l Limits, side board.Side, overhead time.Duration) (budget time.Duration, ok bool) {
	if l.MoveTime > 0 {
		return max(l.MoveTime-overhead, time.Millisecond), true
	}
	left, inc := l.Time[side], l.Inc[side]
	if left <= 0 && inc <= 0 {
		return 0, false
	}
	left -= overhead
	if left <= 0 {
		return mctsMinBudget, true
	}
	moves := l.MovesToGo
	if moves <= 0 || moves > mctsMovesLeftGuess {
		moves = mctsMovesLeftGuess
	}
	budget = left/time.Duration(moves) + inc*3/4
	if moves > 1 {
		budget = min(budget, left/3)
	} else {
		budget = min(budget, left*3/4)
	}
	return max(budget, mctsMinBudget), true
}
