package search

import (
	"math/rand/v2"
	"testing"
	"time"

	"mancala/board"
)

const ms = time.Millisecond

// randomGamePositions returns the positions of a few random games of each variant,
// both sides to move and every share of seeds on the board.
func randomGamePositions(t *testing.T) []board.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	var ps []board.Position
	var cl board.ChildList
	for _, v := range board.Variants() {
		for range 4 {
			g := board.NewGame(v.StartPosition())
			for len(g.Moves()) < 600 && !g.Result().Over() {
				p := g.Position()
				ps = append(ps, p)
				p.Generate(&cl)
				if err := g.Play(cl.Children[rng.IntN(cl.N)].Move); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return ps
}

func TestBudgetNeverRisksTheClock(t *testing.T) {
	ps := randomGamePositions(t)
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
		for i := range ps {
			p := &ps[i]
			side := p.SideToMove()
			var l Limits
			l.Time[side], l.Inc[side], l.MovesToGo = tc.left, tc.inc, tc.mtg
			l.Time[side.Other()] = time.Hour // the opponent's clock must not matter
			limit := max((tc.left-tc.overhead)/2, minThinkTime)
			if tc.mtg == 1 {
				limit = max((tc.left-tc.overhead)*3/4, minThinkTime)
			}
			for _, method := range []Method{AlphaBeta, MCTS} {
				b := NewBudget(l, p, tc.overhead, method)
				if b.Target <= 0 || b.Hard < b.Target {
					t.Fatalf("%+v, method %d, %s %q: budget %+v", tc, method, p.Variant().Name, p.String(), b)
				}
				if b.Hard > limit {
					t.Fatalf("%+v, method %d, %s %q: hard limit %v exceeds %v", tc, method, p.Variant().Name, p.String(), b.Hard, limit)
				}
			}
		}
	}
}

// TestBudgetFollowsTheMovesLeft checks the two-row games' budgets at 1 s + 10 ms:
// fewer seeds on the board (fewer moves expected) never give less time per move, a
// clock spread over fewer moves than Bao la Kimasai's 30 gives more, and the hard
// limit stays within half the clock.
func TestBudgetFollowsTheMovesLeft(t *testing.T) {
	for _, c := range []struct{ name, full, half, few string }{
		{"je-ki-n-je", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "2,2,2,2,2,2/2,2,2,2,2,2 S 12 12 -", "1,0,0,0,0,0/0,0,0,0,0,1 S 23 23 -"},
		{"adji-kui-1", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "2,2,2,2,2,2/2,2,2,2,2,2 S 12 12 -", "0,0,0,0,2,2/0,0,0,0,0,2 S 20 22 -"},
	} {
		v, err := board.VariantByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		var prev time.Duration
		for i, text := range []string{c.full, c.half, c.few} {
			p, err := v.ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			l := Limits{Time: [2]time.Duration{time.Second, time.Second}, Inc: [2]time.Duration{10 * ms, 10 * ms}}
			b := NewBudget(l, &p, 10*ms, AlphaBeta)
			flat := time.Second/30 + 10*ms*3/4
			switch {
			case b.Target < prev:
				t.Errorf("%s %q: target %v, less than %v with more seeds on the board", c.name, text, b.Target, prev)
			case b.Target <= flat:
				t.Errorf("%s %q: target %v, no more than a 30-move spread's %v", c.name, text, b.Target, flat)
			case b.Hard > (time.Second-10*ms)/2:
				t.Errorf("%s %q: hard limit %v past half the clock", c.name, text, b.Hard)
			}
			if i == 2 && b.Target <= 2*flat {
				t.Errorf("%s %q: near the end the target is %v, want well over %v", c.name, text, b.Target, flat)
			}
			prev = b.Target
		}
	}
}

// TestBaoBudgetUnchanged keeps Bao la Kimasai's budget as measured (docs/ledger.md):
// the time left over 30 moves plus three quarters of the increment, whatever the
// board, within half the clock.
func TestBaoBudgetUnchanged(t *testing.T) {
	for _, p := range randomGamePositions(t) {
		if p.Variant().ID != board.BaoLaKimasai {
			continue
		}
		for _, left := range []time.Duration{1000 * ms, 300 * ms, 40 * ms} {
			var l Limits
			l.Time[p.SideToMove()], l.Inc[p.SideToMove()] = left, 10*ms
			want := min(left/30+10*ms*3/4, (left-10*ms)/2)
			if b := NewBudget(l, &p, 10*ms, AlphaBeta); b.Target != want || b.Hard != min(4*want, (left-10*ms)/2) {
				t.Fatalf("%q, %v left: budget %+v, want target %v", p.String(), left, b, want)
			}
		}
	}
}

// TestMCTSSpreadsOverFewerMoves: where MCTS takes a smaller share of its target than
// alpha-beta (docs/ledger.md, "MCTS and the clock"), its budget is larger in the
// middle of a game; it is never smaller, and equal in the games where the two
// shares are equal.
func TestMCTSSpreadsOverFewerMoves(t *testing.T) {
	larger := map[board.VariantID]int{}
	for _, p := range randomGamePositions(t) {
		for _, left := range []time.Duration{1000 * ms, 300 * ms, 40 * ms} {
			var l Limits
			l.Time[p.SideToMove()], l.Inc[p.SideToMove()] = left, 10*ms
			ab, mc := NewBudget(l, &p, 10*ms, AlphaBeta), NewBudget(l, &p, 10*ms, MCTS)
			if mc.Target < ab.Target || mc.Hard < ab.Hard {
				t.Fatalf("%s %q, %v left: MCTS budget %+v below alpha-beta's %+v", p.Variant().Name, p.String(), left, mc, ab)
			}
			if mc.Target > ab.Target {
				larger[p.Variant().ID]++
			}
		}
	}
	for _, v := range board.Variants() {
		c := v.Profile.Clock
		less := c.Flat == 0 && c.SpendMCTS < c.SpendAlphaBeta
		if (larger[v.ID] > 0) != less {
			t.Errorf("%s: MCTS given more time than alpha-beta in %d positions; its share is smaller: %v", v.Name, larger[v.ID], less)
		}
	}
}

// TestMovesLeftTables checks the fitted tables: one entry per tenth of the seeds,
// never fewer moves left with more seeds on the board, and, for each search, a
// horizon that follows the table (times that search's spend ratio, at least
// minHorizon): its first entry with no seed on the board, its last with all of them,
// the entry itself at the middle of a tenth, and never fewer moves with more seeds.
func TestMovesLeftTables(t *testing.T) {
	for _, v := range board.Variants() {
		c := v.Profile.Clock
		table := c.MovesLeft
		if c.Flat > 0 {
			continue
		}
		if len(table) != 10 {
			t.Fatalf("%s: %d entries, want 10", v.Name, len(table))
		}
		for i := 1; i < len(table); i++ {
			if table[i] < table[i-1] {
				t.Errorf("%s: %v moves left at %d0%% of the seeds, fewer than %v below", v.Name, table[i], i, table[i-1])
			}
		}
		for _, method := range []Method{AlphaBeta, MCTS} {
			spend := c.SpendAlphaBeta
			if method == MCTS {
				spend = c.SpendMCTS
			}
			if spend <= 0 || spend > 1 {
				t.Errorf("%s, method %d: spend ratio %v, want one in (0, 1]", v.Name, method, spend)
			}
			want := func(moves float64) float64 { return max(spend*moves, minHorizon) }
			prev := 0.0
			for seeds := 0; seeds <= v.Seeds; seeds++ {
				p := positionWithSeeds(t, v, seeds)
				h := horizon(&p, method)
				if h < prev {
					t.Errorf("%s, method %d, %d seeds on the board: horizon %v, less than %v with one seed fewer",
						v.Name, method, seeds, h, prev)
				}
				prev = h
				at := -1 // the table entry that must hold exactly here
				switch {
				case seeds == 0:
					at = 0
				case seeds == v.Seeds:
					at = len(table) - 1
				case 20*seeds%v.Seeds == 0 && 20*seeds/v.Seeds%2 == 1:
					at = 20 * seeds / v.Seeds / 2
				}
				if at >= 0 && h != want(table[at]) {
					t.Errorf("%s, method %d, %d seeds on the board: horizon %v, want %v", v.Name, method, seeds, h, want(table[at]))
				}
			}
		}
	}
}

// positionWithSeeds is a position of v with seeds on the board, the rest in South's store.
func positionWithSeeds(t *testing.T, v *board.Variant, seeds int) board.Position {
	t.Helper()
	holes := make([]int, v.Holes())
	for i := 0; seeds > 0; i = (i + 1) % len(holes) {
		holes[i]++
		seeds--
	}
	p, err := v.PositionFrom(holes, board.South, v.Seeds-sum(holes), 0)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

func TestBudgetWithoutTimeLimits(t *testing.T) {
	start := board.JeKiNJe.Get().StartPosition()
	for _, l := range []Limits{{Depth: 5}, {Nodes: 100}, {Infinite: true}, {}} {
		if b := NewBudget(l, &start, 10*ms, AlphaBeta); b != (Budget{}) {
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
		start := board.AdjiBoto.Get().StartPosition()
		l := Limits{MoveTime: tc.moveTime}
		l.Time = [2]time.Duration{time.Hour, time.Hour} // movetime wins over a clock
		b := NewBudget(l, &start, tc.overhead, AlphaBeta)
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
	start := board.JeKiNJe.Get().StartPosition()
	c := StartClock(Limits{Ponder: true, MoveTime: time.Hour}, &start, 0, &ctl, AlphaBeta)
	defer c.Release()
	if _, timed := c.Elapsed(); timed {
		t.Error("pondering before the ponderhit is timed")
	}
	ctl.PonderHit()
	if _, timed := c.Elapsed(); !timed {
		t.Error("pondering after the ponderhit is not timed")
	}
	inf := StartClock(Limits{Infinite: true}, &start, 0, &ctl, AlphaBeta)
	defer inf.Release()
	if _, timed := inf.Elapsed(); timed || inf.StopIterating() || inf.PastTarget() {
		t.Error("an infinite search is timed")
	}
}

// TestClockExpires checks that the hard limit is kept by the clock's own timer:
// nothing calls Check, yet Expired turns true, and never before the limit has
// passed; a pondering search's limit counts from the ponderhit, not from the start.
func TestClockExpires(t *testing.T) {
	skipRealTime(t)
	const hard = 50 * ms
	var ctl Control
	start := board.JeKiNJe.Get().StartPosition()
	c := StartClock(Limits{MoveTime: hard}, &start, 0, &ctl, AlphaBeta)
	defer c.Release()
	if c.Budget.Hard != hard {
		t.Fatalf("movetime %v gives a hard limit of %v", hard, c.Budget.Hard)
	}
	if e := waitExpired(t, c).Sub(c.Start()); e < hard {
		t.Errorf("expired %v after the start, before the hard limit of %v", e, hard)
	}

	var pctl Control
	p := StartClock(Limits{Ponder: true, MoveTime: hard}, &start, 0, &pctl, AlphaBeta)
	defer p.Release()
	time.Sleep(2 * hard) // pondering past the limit: it does not count yet
	if p.Expired() {
		t.Fatal("a pondering clock expired before the ponderhit")
	}
	pctl.PonderHit()
	hit, _ := pctl.PonderHitAt()
	if e := waitExpired(t, p).Sub(hit); e < hard {
		t.Errorf("expired %v after the ponderhit, before the hard limit of %v", e, hard)
	}
}

// waitExpired waits until c reports Expired and returns when it first saw that. Its
// deadline only turns a clock that never expires into a failure; it measures nothing.
func waitExpired(t *testing.T, c *Clock) time.Time {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !c.Expired() {
		if time.Now().After(deadline) {
			t.Fatalf("the clock has not expired a minute after the start (hard limit %v)", c.Budget.Hard)
		}
		time.Sleep(ms / 2)
	}
	return time.Now()
}

func TestClockCheck(t *testing.T) {
	var ctl Control
	start := board.JeKiNJe.Get().StartPosition()
	c := StartClock(Limits{MoveTime: time.Hour}, &start, 0, &ctl, AlphaBeta)
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
