package search

import (
	"testing"
	"time"

	"mancala/board"
)

func TestBudgetNeverRisksTheClock(t *testing.T) {
	ms := time.Millisecond
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
			b := budgetFor(l, side, tc.overhead)
			if b.soft <= 0 || b.hard < b.soft {
				t.Errorf("%+v: budget %+v", tc, b)
			}
			limit := max((tc.left-tc.overhead)*3/4, minThinkTime)
			if b.hard > limit {
				t.Errorf("%+v: hard limit %v exceeds %v", tc, b.hard, limit)
			}
		}
	}
}

func TestBudgetKinds(t *testing.T) {
	if b := budgetFor(Limits{Depth: 5}, board.South, 0); b != (timeBudget{}) {
		t.Errorf("no clock: %+v, want no limits", b)
	}
	b := budgetFor(Limits{MoveTime: 100 * time.Millisecond}, board.South, 10*time.Millisecond)
	if b.soft != 0 || b.hard != 90*time.Millisecond {
		t.Errorf("movetime: %+v, want only a hard limit of 90ms", b)
	}
	if b.stopIterating(time.Hour) || !b.expired(90*time.Millisecond) || b.expired(89*time.Millisecond) {
		t.Errorf("movetime budget %+v misjudges elapsed times", b)
	}
}

func TestFastGameKeepsTheClock(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real-time games")
	}
	// A whole game of each variant at 1 s + 10 ms per side, clocks kept by the test.
	for _, v := range board.Variants() {
		overhead := 10 * time.Millisecond
		ab := [2]*AlphaBeta{NewAlphaBeta(Options{HashMB: 4, MoveOverhead: overhead}),
			NewAlphaBeta(Options{HashMB: 4, MoveOverhead: overhead})}
		g := board.NewGame(v.StartPosition())
		clock := [2]time.Duration{time.Second, time.Second}
		inc := [2]time.Duration{10 * time.Millisecond, 10 * time.Millisecond}
		lowest := time.Second
		for ply := 0; ply < 300 && !g.Result().Over(); ply++ {
			p := g.Position()
			side := p.SideToMove()
			var ctl Control
			start := time.Now()
			res := ab[side].Search(Request{History: g.Positions(), Limits: Limits{Time: clock, Inc: inc}}, &ctl)
			clock[side] -= time.Since(start)
			lowest = min(lowest, clock[side])
			if clock[side] <= 0 {
				t.Fatalf("%s ply %d: %v lost on time", v.Name, ply, side)
			}
			clock[side] += inc[side]
			if err := g.Play(res.Best); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: %d plies, lowest clock %v", v.Name, len(g.Moves()), lowest.Round(time.Millisecond))
	}
}
