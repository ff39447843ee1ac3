package search

import (
	"time"

	"mancala/board"
)

// timeBudget is how long one search may take, measured from its start (or from the
// ponderhit when pondering). Zero durations mean no limit of that kind.
type timeBudget struct {
	soft time.Duration // start no new iteration after this
	hard time.Duration // stop the search at once after this
}

// Time-management constants. movesLeft is how many more moves a sudden-death clock
// is spread over; the hard limit is a few soft limits but never more than a fraction
// of the clock, so that a wrong guess cannot lose on time.
const (
	movesLeft     = 30
	hardPerSoft   = 4
	minThinkTime  = time.Millisecond
	iterationStop = 0.55 // fraction of the soft limit after which no iteration starts
)

// budgetFor derives the time budget of a search by side to move from its limits,
// keeping overhead back per move for communication.
func budgetFor(l Limits, side board.Side, overhead time.Duration) timeBudget {
	if l.MoveTime > 0 {
		// A fixed time per move: iterate until it is up.
		return timeBudget{hard: max(l.MoveTime-overhead, l.MoveTime/2, minThinkTime)}
	}
	if l.Time == [2]time.Duration{} && l.Inc == [2]time.Duration{} {
		return timeBudget{}
	}
	left, inc := l.Time[side], l.Inc[side]
	mtg := movesLeft
	if l.MovesToGo > 0 {
		mtg = min(l.MovesToGo, movesLeft)
	}
	usable := left - overhead
	// Never plan to use more than half of what is left (three quarters on the last
	// move before the time control).
	ceiling := usable / 2
	if mtg == 1 {
		ceiling = usable * 3 / 4
	}
	soft := min(left/time.Duration(mtg)+inc*3/4, ceiling)
	hard := min(soft*hardPerSoft, ceiling)
	return timeBudget{soft: max(soft, minThinkTime), hard: max(hard, minThinkTime)}
}

// stopIterating reports whether, elapsed after the start, a new iteration is unlikely
// to finish in time.
func (b timeBudget) stopIterating(elapsed time.Duration) bool {
	return b.soft > 0 && elapsed >= time.Duration(float64(b.soft)*iterationStop)
}

// expired reports whether the hard limit has passed.
func (b timeBudget) expired(elapsed time.Duration) bool {
	return b.hard > 0 && elapsed >= b.hard
}
