package search

import (
	"sync/atomic"
	"time"

	"mancala/board"
)

// Budget is how long one search may take, measured from its start (from the
// ponderhit when pondering). Zero durations mean no limit of that kind.
type Budget struct {
	// Target is the time the move should take under a clock: alpha-beta starts no
	// iteration after IterationStop of it, MCTS stops at it (or before, once more
	// search cannot change its choice).
	Target time.Duration
	// Hard is when the search stops at once, wherever it is.
	Hard time.Duration
}

// Time-management constants. The hard limit is a few targets but never more than a
// fraction of the clock, so that a wrong guess cannot lose on time. hardPerTarget and
// minThinkTime have no measurement behind them: they are common choices, kept because
// games at 1 s + 10 ms do not lose on time with them (TestFastGameKeepsTheClock in
// search/alphabeta).
const (
	hardPerTarget = 4
	minThinkTime  = time.Millisecond
	// IterationStop is the fraction of the target after which alpha-beta starts no new
	// iteration, expecting it to take longer than all before it together. Unmeasured.
	IterationStop = 0.55
	// ForcedShare is the share of the target a search with a single legal move takes:
	// a few iterations on the table the last search filled, so that the score it
	// reports is a search's and not a static evaluation's (for a viewer's evaluation
	// graph and for score adjudication; Stockfish caps such a search at 500 ms "for
	// a better viewer experience"), at little cost to the clock. Unmeasured.
	ForcedShare = 0.1
)

// Trend constants: how the target grows when the best move changes or the score
// drops, and shrinks while the best move stays. The forms follow Stockfish's time
// manager (best-move instability, falling evaluation); the values are not measured
// here, only kept within [minScale, maxScale] so that the hard limit always governs.
const (
	changeWeight = 1.0  // target per (decayed) best-move change
	dropWeight   = 0.01 // target per centiseed the score fell since the last iteration
	minFalling   = 0.8  // bounds of the falling-score factor
	maxFalling   = 1.6
	stableAfter  = 3   // iterations with the same best move before the target shrinks
	stableScale  = 0.7 // the target of a stable best move
	minScale     = 0.5
	maxScale     = 2.5
)

// Trend follows the best move and score from one iteration of a search to the next
// (alpha-beta's depths, MCTS's doublings of the playouts) and scales the target time
// by them: more time while the best move changes or the score falls, less while the
// best move stays. Its zero value scales by 1.
type Trend struct {
	seen    bool
	best    board.Move
	score   int
	changes float64 // best-move changes, each halved at every later iteration
	stable  int     // iterations since the best move last changed
	scale   float64
}

// Record takes the best move and score (internal units, the side to move's view) of
// an iteration that just finished and returns the new scale of the target.
func (tr *Trend) Record(best board.Move, score int) float64 {
	if !tr.seen {
		tr.seen, tr.best, tr.score, tr.scale = true, best, score, 1
		return tr.scale
	}
	tr.changes /= 2
	if best != tr.best {
		tr.changes++
		tr.stable = 0
	} else {
		tr.stable++
	}
	falling := 1.0
	if !IsMate(score) && !IsMate(tr.score) {
		falling = min(max(1+dropWeight*float64(tr.score-score), minFalling), maxFalling)
	}
	steady := 1.0
	if tr.stable >= stableAfter {
		steady = stableScale
	}
	tr.best, tr.score = best, score
	tr.scale = min(max((1+changeWeight*tr.changes)*falling*steady, minScale), maxScale)
	return tr.scale
}

// Scale is the factor of the target time, 1 until an iteration is recorded.
func (tr *Trend) Scale() float64 {
	if !tr.seen {
		return 1
	}
	return tr.scale
}

// Method is the kind of search a budget is for. The two take different shares of
// their target on average (alpha-beta starts no iteration after IterationStop of it;
// MCTS stops once more playouts cannot change its move), so the time manager
// spreads the clock over a different number of moves for each (horizon.go).
type Method uint8

// The searches the time manager knows.
const (
	AlphaBeta Method = iota
	MCTS
)

// NewBudget derives the time budget of a search of p by method m from its limits,
// keeping overhead back per move for communication.
//
// With a fixed time per move (go movetime N) the rule is: bestmove is sent no later
// than N after go. The search stops at N minus the move overhead (at least 1 ms), and
// the overhead is what stopping and answering may take. A clock (wtime, btime, ...)
// gives a target of the time left of the side to move spread over horizon(p, m) moves
// (or the moves to go, if fewer) plus three quarters of the increment, and a hard
// limit of hardPerTarget targets; neither is ever more than half of the time left
// minus the overhead (three quarters on the last move before the time control).
// Without a clock or movetime the budget sets no limit.
func NewBudget(l Limits, p *board.Position, overhead time.Duration, m Method) Budget {
	if l.MoveTime > 0 {
		return Budget{Hard: max(l.MoveTime-overhead, minThinkTime)}
	}
	if l.Time == [2]time.Duration{} && l.Inc == [2]time.Duration{} {
		return Budget{}
	}
	side := p.SideToMove()
	left, inc := l.Time[side], l.Inc[side]
	spread := horizon(p, m)
	if l.MovesToGo > 0 {
		spread = min(float64(l.MovesToGo), spread)
	}
	usable := left - overhead
	ceiling := usable / 2
	if l.MovesToGo == 1 {
		ceiling = usable * 3 / 4
	}
	target := min(time.Duration(float64(left)/spread)+inc*3/4, ceiling)
	hard := min(target*hardPerTarget, ceiling)
	return Budget{Target: max(target, minThinkTime), Hard: max(hard, minThinkTime)}
}

// Clock times one search against its budget. The hard limit is kept twice: by a timer
// of its own, so that a thread that the operating system or the Go scheduler does not
// run for a while still sees Expired as soon as it runs again, and by the searching
// threads calling Check now and then, since on a busy machine a running thread sees
// the time pass sooner than a sleeping timer is woken. Call Release when the search
// ends.
type Clock struct {
	Budget  Budget
	start   time.Time
	limits  Limits
	ctl     *Control
	expired atomic.Bool
	quit    chan struct{}
	trend   Trend // the main searching goroutine's only
}

// StartClock starts timing a search of p by method m under l, with ctl its Control.
func StartClock(l Limits, p *board.Position, overhead time.Duration, ctl *Control, m Method) *Clock {
	c := &Clock{Budget: NewBudget(l, p, overhead, m), start: time.Now(), limits: l, ctl: ctl,
		quit: make(chan struct{})}
	if c.Budget.Hard > 0 && !l.Infinite {
		go c.watch(c.Budget.Hard)
	}
	return c
}

// watch sets expired when hard has passed (counted from the ponderhit when
// pondering), unless the search ends first.
func (c *Clock) watch(hard time.Duration) {
	from := c.start
	if c.limits.Ponder {
		select {
		case <-c.ctl.ponderHitC():
			from, _ = c.ctl.PonderHitAt()
		case <-c.ctl.Done():
			return
		case <-c.quit:
			return
		}
	}
	t := time.NewTimer(time.Until(from.Add(hard)))
	defer t.Stop()
	select {
	case <-t.C:
		c.expired.Store(true)
	case <-c.ctl.Done():
	case <-c.quit:
	}
}

// Release ends the clock's timer; the search calls it when it ends.
func (c *Clock) Release() { close(c.quit) }

// Start is when the search started.
func (c *Clock) Start() time.Time { return c.start }

// Elapsed returns the time that counts against the budget, and false while no time
// limit applies (infinite search, or pondering before the ponderhit).
func (c *Clock) Elapsed() (time.Duration, bool) {
	switch {
	case c.limits.Infinite:
		return 0, false
	case c.limits.Ponder:
		at, hit := c.ctl.PonderHitAt()
		if !hit {
			return 0, false
		}
		return time.Since(at), true
	}
	return time.Since(c.start), true
}

// Expired reports whether the hard limit has passed, as far as the timer or a Check
// has found. It is one atomic load.
func (c *Clock) Expired() bool { return c.expired.Load() }

// Check looks at the time and reports whether the hard limit has passed. Searches
// call it now and then, so it also yields (Yield) where nothing else would.
func (c *Clock) Check() bool {
	Yield()
	if c.expired.Load() {
		return true
	}
	if c.Budget.Hard <= 0 {
		return false
	}
	if e, timed := c.Elapsed(); timed && e >= c.Budget.Hard {
		c.expired.Store(true)
		return true
	}
	return false
}

// Record notes the best move and score of a finished iteration (see Trend); the
// targets of StopIterating and PastTarget follow. Only the goroutine that decides
// when to stop calls it.
func (c *Clock) Record(best board.Move, score int) { c.trend.Record(best, score) }

// target is the budget's target scaled by the trend, never beyond the hard limit.
func (c *Clock) target() time.Duration {
	t := time.Duration(float64(c.Budget.Target) * c.trend.Scale())
	if c.Budget.Hard > 0 {
		t = min(t, c.Budget.Hard)
	}
	return t
}

// StopIterating reports whether a new alpha-beta iteration is unlikely to finish within
// the (scaled) target.
func (c *Clock) StopIterating() bool {
	e, timed := c.Elapsed()
	return timed && c.Budget.Target > 0 && e >= time.Duration(float64(c.target())*IterationStop)
}

// ForcedDone reports whether a clock search with a single legal move has used its
// share of the target (ForcedShare of the unscaled target).
func (c *Clock) ForcedDone() bool {
	e, timed := c.Elapsed()
	return timed && c.Budget.Target > 0 && e >= time.Duration(float64(c.Budget.Target)*ForcedShare)
}

// PastTarget reports whether the (scaled) target time of a clock search has passed.
func (c *Clock) PastTarget() bool {
	e, timed := c.Elapsed()
	return timed && c.Budget.Target > 0 && e >= c.target()
}
