package search

import (
	"testing"
	"time"

	"mancala/board"
)

const ms = time.Millisecond

func TestBudgetNeverRisksTheClock(t *testing.T) {
	for _, tc := range []struct {
		left, inc, overhead time.Duration
		mtg                 int
	}{
		{1000 * ms, 10 * ms, 10 * ms, 0},
		{60 * ms, 10 * ms, 10 * ms, 0},
		{15 * ms, 10 * ms, 10 * ms, 0},
		{5 * ms, 0, 10 * ms, 0},
		{2000 * ms, 0, 30 * ms, 1},
		{300000 * ms, 2000 * ms, 10 * ms, 40},
	} {
		for _, side := range []board.Side{board.South, board.North} {
			var l Limits
			l.Time[side], l.Inc[side], l.MovesToGo = tc.left, tc.inc, tc.mtg
			l.Time[side.Other()] = time.Hour // the opponent's clock must not matter
			b := NewBudget(l, side, tc.overhead)
			if b.Target <= 0 || b.Hard < b.Target {
				t.Errorf("%+v: budget %+v", tc, b)
			}
			limit := max((tc.left-tc.overhead)*3/4, minThinkTime)
			if b.Hard > limit {
				t.Errorf("%+v: hard limit %v exceeds %v", tc, b.Hard, limit)
			}
		}
	}
}

func TestBudgetWithoutTimeLimits(t *testing.T) {
	for _, l := range []Limits{{Depth: 5}, {Nodes: 100}, {Infinite: true}, {}} {
		if b := NewBudget(l, board.South, 10*ms); b != (Budget{}) {
			t.Errorf("%+v: budget %+v, want no limits", l, b)
		}
	}
}

// TestMoveTimeRule checks the documented rule for go movetime N: the search stops at
// N minus the move overhead, at least 1 ms, so that the bestmove can follow within N.
// The old rule, max(N-overhead, N/2), gave 50 ms for overheads of 50 and 200 ms alike
// and ran past N whenever the overhead exceeded N/2.
func TestMoveTimeRule(t *testing.T) {
	for _, tc := range []struct {
		moveTime, overhead, want time.Duration
	}{
		{100 * ms, 0, 100 * ms},
		{100 * ms, 10 * ms, 90 * ms},
		{100 * ms, 50 * ms, 50 * ms},
		{100 * ms, 60 * ms, 40 * ms},
		{100 * ms, 99 * ms, 1 * ms},
		{100 * ms, 100 * ms, 1 * ms},
		{100 * ms, 200 * ms, 1 * ms},
		{1 * ms, 10 * ms, 1 * ms},
	} {
		l := Limits{MoveTime: tc.moveTime}
		l.Time = [2]time.Duration{time.Hour, time.Hour} // movetime wins over a clock
		b := NewBudget(l, board.North, tc.overhead)
		if b != (Budget{Hard: tc.want}) {
			t.Errorf("movetime %v, overhead %v: budget %+v, want only a hard limit of %v",
				tc.moveTime, tc.overhead, b, tc.want)
		}
		if tc.overhead < tc.moveTime && b.Hard+tc.overhead > tc.moveTime {
			t.Errorf("movetime %v, overhead %v: search stops at %v, leaving less than the overhead",
				tc.moveTime, tc.overhead, b.Hard)
		}
	}
}

func TestClockElapsedOnlyWhenTimed(t *testing.T) {
	var ctl Control
	c := StartClock(Limits{Ponder: true, MoveTime: time.Hour}, board.South, 0, &ctl)
	defer c.Release()
	if _, timed := c.Elapsed(); timed {
		t.Error("pondering before the ponderhit is timed")
	}
	ctl.PonderHit()
	if _, timed := c.Elapsed(); !timed {
		t.Error("pondering after the ponderhit is not timed")
	}
	inf := StartClock(Limits{Infinite: true}, board.South, 0, &ctl)
	defer inf.Release()
	if _, timed := inf.Elapsed(); timed || inf.StopIterating() || inf.PastTarget() {
		t.Error("an infinite search is timed")
	}
}

// TestClockExpires checks that the hard limit is kept by the clock itself: nothing
// polls it, yet Expired turns true (the test waits for that, it does not time it).
func TestClockExpires(t *testing.T) {
	var ctl Control
	c := StartClock(Limits{MoveTime: 2 * ms}, board.South, 0, &ctl)
	defer c.Release()
	for !c.Expired() {
		time.Sleep(ms)
	}
}

func TestClockCheck(t *testing.T) {
	var ctl Control
	c := StartClock(Limits{MoveTime: time.Hour}, board.South, 0, &ctl)
	defer c.Release()
	if c.Check() || c.Expired() {
		t.Error("an hour is up at once")
	}
	c.Budget.Hard = time.Nanosecond // as if the hour had passed
	if !c.Check() || !c.Expired() {
		t.Error("Check does not see the hard limit pass")
	}
}

func TestControlDoneAndPonderHit(t *testing.T) {
	var ctl Control
	waited := make(chan struct{})
	go func() {
		ctl.WaitToAnswer(Limits{Ponder: true})
		close(waited)
	}()
	ctl.PonderHit()
	ctl.PonderHit() // a second ponderhit changes nothing
	<-waited
	select {
	case <-ctl.Done():
		t.Fatal("Done closed before Stop")
	default:
	}
	ctl.Stop()
	ctl.Stop()
	<-ctl.Done()
	ctl.WaitToAnswer(Limits{Infinite: true}) // returns at once after Stop
	ctl.Reset()
	if ctl.Stopped() {
		t.Error("Reset did not clear Stop")
	}
	if _, hit := ctl.PonderHitAt(); hit {
		t.Error("Reset did not clear PonderHit")
	}
}

func TestOptionsNormalized(t *testing.T) {
	for _, tc := range []struct{ in, want Options }{
		{Options{}, Options{HashMB: DefaultHashMB, Threads: DefaultThreads, MultiPV: DefaultMultiPV}},
		{Options{HashMB: 1 << 16, Threads: 1000, MultiPV: 99, MoveOverhead: time.Hour},
			Options{HashMB: MaxHashMB, Threads: MaxThreads, MultiPV: MaxMultiPV, MoveOverhead: MaxMoveOverhead}},
		{Options{HashMB: -5, Threads: -1, MultiPV: -1, MoveOverhead: -ms},
			Options{HashMB: MinHashMB, Threads: 1, MultiPV: 1}},
		{Options{HashMB: 7, Threads: 3, MultiPV: 2, MoveOverhead: 50 * ms},
			Options{HashMB: 7, Threads: 3, MultiPV: 2, MoveOverhead: 50 * ms}},
	} {
		if got := tc.in.Normalized(); got != tc.want {
			t.Errorf("%+v normalized to %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestTrendScalesTheTarget(t *testing.T) {
	var tr Trend
	if tr.Scale() != 1 || tr.Record(3, 100) != 1 {
		t.Fatal("the first iteration must leave the target as it is")
	}
	// The best move changes: more time.
	changed := tr.Record(4, 100)
	if changed <= 1 {
		t.Errorf("best move changed: scale %v, want > 1", changed)
	}
	// The same move again: the change fades.
	if again := tr.Record(4, 100); again >= changed {
		t.Errorf("change fading: scale %v after %v", again, changed)
	}
	// Stable for stableAfter iterations: less than the plain target.
	var st Trend
	st.Record(5, 0)
	for range stableAfter {
		st.Record(5, 0)
	}
	if s := st.Scale(); s >= 1 {
		t.Errorf("stable best move: scale %v, want < 1", s)
	}
}

func TestTrendFallingScoreAndMates(t *testing.T) {
	fall := func(from, to int) float64 {
		var tr Trend
		tr.Record(1, from)
		return tr.Record(1, to)
	}
	if s := fall(0, -50); s <= 1 {
		t.Errorf("score fell 50: scale %v, want > 1", s)
	}
	if s := fall(0, 50); s >= 1 || s < minFalling {
		t.Errorf("score rose 50: scale %v, want in [%v, 1)", s, minFalling)
	}
	if s := fall(0, -100000); s > maxFalling {
		t.Errorf("huge drop: scale %v beyond %v", s, maxFalling)
	}
	// A mate score is not a drop in evaluation.
	if s := fall(Mate-5, 0); s != 1 {
		t.Errorf("from a mate score: scale %v, want 1", s)
	}
}

func TestTrendNeverPassesTheHardLimit(t *testing.T) {
	c := &Clock{Budget: Budget{Target: 40 * ms, Hard: 60 * ms}}
	for i := range 20 {
		c.Record(board.Move(i%4), -100*i) // changing and falling every time
		if tgt := c.target(); tgt > c.Budget.Hard || tgt < c.Budget.Target/2 {
			t.Fatalf("iteration %d: target %v outside [%v, %v]", i, tgt, c.Budget.Target/2, c.Budget.Hard)
		}
	}
	if c.trend.Scale() != maxScale {
		t.Errorf("scale %v after 20 changes and drops, want the cap %v", c.trend.Scale(), maxScale)
	}
}
