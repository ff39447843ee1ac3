package alphabeta

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/searchtest"
	"mancala/search/solve"
	"mancala/search/words"
)

// mustPosition parses a position of the named game or fails the test.
func mustPosition(t testing.TB, variant, s string) board.Position {
	t.Helper()
	v, err := board.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	p := v.StartPosition()
	if s != "" {
		if p, err = v.ParsePosition(s); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// isLegal reports whether m is a legal move of p.
func isLegal(p board.Position, m board.Move) bool {
	var ml board.MoveList
	p.LegalMoves(&ml)
	return slices.Contains(ml.Slice(), m)
}

// searchInfos runs one search and returns its result and info lines.
func searchInfos(ab *Engine, history []board.Position, l search.Limits) (search.Result, []search.Info) {
	var infos []search.Info
	var ctl search.Control
	res := ab.Search(search.Request{History: history, Limits: l, Info: func(i search.Info) { infos = append(infos, i) }}, &ctl)
	return res, infos
}

// mainThread returns the main thread of a new engine (1 MB table) after a depth-1
// search of start, ready for its search functions to be called directly: the search
// set its run up, and the stop flag it left is cleared.
func mainThread(start board.Position) *thread {
	ab := New(search.Options{HashMB: 1})
	searchInfos(ab, []board.Position{start}, search.Limits{Depth: 1})
	th := ab.threads[0]
	th.run.stop.Store(false)
	return th
}

// A Bao la Kimasai raiding-phase position where South's a2 captures North's only
// inner cow (a2 lands on b2, captures b3 and sows on): a win in one move.
const baoWinInOne = "4,4,4,4,4,4,3,3/0,1,0,0,0,0,0,0/1,1,0,0,0,0,0,0/4,4,4,4,4,4,4,3 S 0 0 -"

func TestFindsWinInOne(t *testing.T) {
	p := mustPosition(t, "bao-la-kimasai", baoWinInOne)
	for _, depth := range []int{1, 4} {
		ab := New(search.Options{HashMB: 1})
		res, infos := searchInfos(ab, []board.Position{p}, search.Limits{Depth: depth})
		if res.Score != (words.Score{Mate: true, Value: 1}) {
			t.Errorf("depth %d: score %+v, want mate 1", depth, res.Score)
		}
		next, err := p.Play(res.Best)
		if err != nil {
			t.Fatalf("depth %d: best move: %v", depth, err)
		}
		if r := next.Result(); r.Outcome != board.SouthWins {
			t.Errorf("depth %d: after %v the result is %v, want a South win", depth, res.Best, r)
		}
		last := infos[len(infos)-1]
		if last.Depth != depth || last.PV[0] != res.Best || last.Score != res.Score {
			t.Errorf("depth %d: last info %+v does not match the result %+v", depth, last, res)
		}
	}
}

// minimaxResult is a plain negamax of p to depth that knows only finished games
// (mate scores) and scores every unfinished leaf 0; it ignores loop endings, which
// do not arise within its depth in the positions it is used on.
func minimaxResult(p board.Position, depth int) int {
	var rec func(p *board.Position, depth, ply int) int
	rec = func(p *board.Position, depth, ply int) int {
		var cl board.ChildList
		p.Generate(&cl)
		if cl.N == 0 {
			return search.ResultValue(p.Result(), p.SideToMove(), ply)
		}
		if depth == 0 {
			return 0
		}
		best := -search.Infinite
		for i := 0; i < cl.N; i++ {
			c := &cl.Children[i].Pos
			v := rec(c, depth-1, ply+1)
			if c.SideToMove() != p.SideToMove() { // else an extra turn: the mover's own value
				v = -v
			}
			best = max(best, v)
		}
		return best
	}
	return rec(&p, depth, 0)
}

// TestProvenResultsAgreeWithTheSolver searches positions of small Kalah boards (both
// capture rules: extra turns on nearly every other move) to the end of the game and
// checks that the result the search proves, win, loss or draw, is the one the exact
// solver (package solve) proves, and that its best move keeps the solver's value.
func TestProvenResultsAgreeWithTheSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	checked, extra, draws, exactDraws := 0, 0, 0, 0
	perGame, least := 10, 30
	if raceEnabled {
		perGame, least = 4, 12
	}
	for _, name := range []string{"kalah-3-2", "kalah-3-3", "kalah-4-2-standard", "kalah-3-3-standard"} {
		for range perGame {
			g, ok := board.RandomOpening(mustPosition(t, name, ""), rng.IntN(6), rng)
			if !ok {
				continue
			}
			p := g.Position()
			want, _, _ := solve.New(4).Solve(nil, p, 0, nil)
			ab := New(search.Options{HashMB: 4})
			res, _ := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 60})
			if got := res.Score; !got.Mate && want != 0 || got.Mate && (got.Value > 0) != (want > 0) ||
				got.Bound == words.Exact && got.Value != 0 {
				t.Fatalf("%s %q: score %+v, the solver's margin %d", name, p.String(), got, want)
			}
			switch {
			case want == 0 && res.Score.Bound == words.Exact:
				exactDraws++
			case want == 0:
				draws++
			}
			q, err := p.Play(res.Best)
			if err != nil {
				t.Fatal(err)
			}
			after, _, _ := solve.New(4).Solve([]board.Position{p}, q, 0, nil)
			if q.SideToMove() != p.SideToMove() {
				after = -after
			} else {
				extra++
			}
			if (after > 0) != (want > 0) || (after < 0) != (want < 0) {
				t.Fatalf("%s %q: best move %s leads to margin %d, the position's is %d", name, p.String(),
					p.Variant().FormatMove(res.Best), after, want)
			}
			checked++
		}
	}
	t.Logf("%d positions, %d best moves with an extra turn, %d draws proven exact, %d estimated", checked, extra, exactDraws, draws)
	if exactDraws == 0 {
		t.Errorf("no proven draw reported exact (%d estimated)", draws)
	}
	if checked < least || extra == 0 {
		t.Fatalf("%d positions, %d best moves with an extra turn: too few to test", checked, extra)
	}
}

func TestMateScoresAgreeWithMinimax(t *testing.T) {
	// Endgames small enough to search exhaustively at a modest depth: the alpha-beta
	// search (with its table, windows and ordering) must find exactly the same
	// proven results as plain minimax, whenever minimax proves one.
	positions := []struct{ variant, pos string }{
		{"je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 20 22 -"},
		{"adji-kui-1", "0,0,2,0,1,0/1,0,2,0,0,1 S 20 21 -"},
		{"bao-la-kimasai", baoWinInOne},
	}
	maxDepth := 5
	if raceEnabled {
		maxDepth = 4
	}
	for _, tc := range positions {
		p := mustPosition(t, tc.variant, tc.pos)
		for depth := 1; depth <= maxDepth; depth++ {
			want := minimaxResult(p, depth)
			ab := New(search.Options{HashMB: 1})
			res, _ := searchInfos(ab, []board.Position{p}, search.Limits{Depth: depth})
			if (search.IsMate(want) || res.Score.Mate) && res.Score != search.ToScore(want) {
				t.Errorf("%s %q depth %d: score %+v, minimax %+v", tc.variant, tc.pos, depth, res.Score, search.ToScore(want))
			}
		}
	}
}

func TestLoopEndingScoresTheVariantsLoopResult(t *testing.T) {
	// A game history that already holds the position after a1 makes a1 a loop
	// ending. In Je ki n je each player then takes their own seeds; from the start,
	// a1 sows South's seeds into North's row, so the loop ending loses for South:
	// a proven loss in one move, not a draw.
	start := mustPosition(t, "je-ki-n-je", "")
	a1, _ := start.Variant().ParseMove("a1")
	afterA1, err := start.Play(a1)
	if err != nil {
		t.Fatal(err)
	}
	if r := afterA1.LoopResult(); r.Outcome != board.NorthWins {
		t.Fatalf("loop result after a1 is %v; the test expects a North win", r)
	}
	ab := New(search.Options{HashMB: 1, MultiPV: board.MaxMoves})
	_, infos := searchInfos(ab, []board.Position{afterA1, start}, search.Limits{Depth: 3})
	found := false
	for _, info := range infos {
		if info.Depth == 3 && info.PV[0] == a1 {
			found = true
			if info.Score != (words.Score{Mate: true, Value: -1}) {
				t.Errorf("a1 scores %+v, want mate -1 (loop ending lost)", info.Score)
			}
		}
	}
	if !found {
		t.Fatal("no depth-3 line for a1")
	}

	// In Bao la Kimasai a loop ending is a draw: exactly 0 (a draw the rules end
	// the line with, reported exact), even where the evaluation of the position is not.
	// (Reserves and captures never come back, so the repeated position must be
	// from the raiding phase, like the root.)
	bao := mustPosition(t, "bao-la-kimasai", "0,4,1,3,4,0,2,1/1,0,1,3,6,1,1,1/5,1,6,1,1,1,2,0/2,1,1,0,5,1,0,8 S 0 0 -")
	var cl board.ChildList
	bao.Generate(&cl)
	child := cl.Children[0]
	ab = New(search.Options{HashMB: 1, MultiPV: board.MaxMoves})
	_, infos = searchInfos(ab, []board.Position{child.Pos, bao}, search.Limits{Depth: 3})
	found = false
	for _, info := range infos {
		if info.Depth == 3 && info.PV[0] == child.Move {
			found = true
			if info.Score != (words.Score{Bound: words.Exact}) {
				t.Errorf("Bao loop ending scores %+v, want an exact draw", info.Score)
			}
		}
	}
	if !found {
		t.Fatal("no depth-3 line for the Bao loop move")
	}
	if ev := search.ClampEval(ab.eval(&child.Pos)); ev == 0 {
		t.Errorf("the repeated Bao position evaluates to 0; pick one that does not")
	}
}

func TestSameResultAfterNewGame(t *testing.T) {
	for _, v := range board.Samples() {
		p := v.StartPosition()
		ab := New(search.Options{HashMB: 2})
		l, fill := search.Limits{Nodes: 20000}, search.Limits{Depth: 5}
		if raceEnabled {
			l, fill = search.Limits{Nodes: 4000}, search.Limits{Depth: 4}
		}
		first, _ := searchInfos(ab, []board.Position{p}, l)
		// Fill the table and histories with another search, then start over.
		searchInfos(ab, []board.Position{p}, fill)
		ab.NewGame()
		second, _ := searchInfos(ab, []board.Position{p}, l)
		if first != second {
			t.Errorf("%s: %+v after NewGame, %+v before", v.Name, second, first)
		}
		if first.Nodes != l.Nodes {
			t.Errorf("%s: searched %d nodes under a limit of %d", v.Name, first.Nodes, l.Nodes)
		}
	}
}

func TestNoMoveOnlyWhenGameOver(t *testing.T) {
	// North's inner row is empty: South has won, nobody moves.
	over := mustPosition(t, "bao-la-kimasai", "4,4,4,4,4,4,3,3/0,0,0,0,0,0,0,0/1,1,1,0,0,0,0,0/4,4,4,4,4,4,4,3 N 0 0 -")
	ab := New(search.Options{HashMB: 1})
	res, _ := searchInfos(ab, []board.Position{over}, search.Limits{Depth: 3})
	if res.Best != board.NoMove || res.Ponder != board.NoMove {
		t.Errorf("finished game: best %v ponder %v, want none", res.Best, res.Ponder)
	}
	if res, _ := searchInfos(ab, nil, search.Limits{Depth: 3}); res.Best != board.NoMove {
		t.Errorf("empty history: best %v, want none", res.Best)
	}
}

func TestStoppedAtOnceStillMoves(t *testing.T) {
	notFirst := 0
	for _, v := range board.Samples() {
		p := v.StartPosition()
		ab := New(search.Options{HashMB: 1, Threads: 2})
		var ctl search.Control
		ctl.Stop()
		var infos []search.Info
		res := ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Infinite: true},
			Info: func(i search.Info) { infos = append(infos, i) }}, &ctl)
		if !isLegal(p, res.Best) {
			t.Errorf("%s: stopped search returned %v, not a legal move", v.Name, res.Best)
		}
		if len(infos) == 0 || infos[len(infos)-1].PV[0] != res.Best {
			t.Errorf("%s: the last info does not start with the best move", v.Name)
		}
		// After a real search the table's move is preferred. A helper thread may
		// still store the root after the main thread answers, so the move expected
		// is the one the table holds once the helpers are done, not the answer.
		searchInfos(ab, []board.Position{p}, search.Limits{Depth: 6})
		ab.settle()
		e, ok := ab.tt.probe(p.Hash())
		if !ok {
			t.Fatalf("%s: the depth-6 search left no root entry", v.Name)
		}
		res = ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Infinite: true}}, &ctl)
		if res.Best != e.move {
			t.Errorf("%s: stopped search returned %v, the table holds %v", v.Name, res.Best, e.move)
		}
		var cl board.ChildList
		p.Generate(&cl)
		if e.move != cl.Children[0].Move {
			notFirst++
		}
	}
	if notFirst == 0 {
		t.Error("every table move is the first legal move: the test cannot tell the table's move from it")
	}
}

// TestStopEndsInfiniteSearchWithThreads: an infinite search on three threads, seen
// searching, ends on Stop with a legal move.
func TestStopEndsInfiniteSearchWithThreads(t *testing.T) {
	p := mustPosition(t, "bao-la-kimasai", "0,4,1,3,4,0,2,1/1,0,1,3,6,1,1,1/5,1,6,1,1,1,2,0/2,1,1,0,5,1,0,8 S 0 0 -")
	ab := New(search.Options{HashMB: 4, Threads: 3})
	var ctl search.Control
	s := searchtest.Start(ab, p, search.Limits{Infinite: true}, &ctl)
	s.SearchesOn(t, func(i search.Info) bool { return i.Depth >= 2 })
	ctl.Stop()
	if res := s.Answer(t); !isLegal(p, res.Best) {
		t.Errorf("best move %v is not legal", res.Best)
	}
}

// TestPonderWaitsForPonderHit: a pondering search on a clock far too short for a
// timed search keeps searching deeper, its node count growing, without answering,
// until the ponderhit; then it answers at once.
func TestPonderWaitsForPonderHit(t *testing.T) {
	searchtest.SkipRealTime(t)
	p := mustPosition(t, "adji-kui-1", "")
	ab := New(search.Options{HashMB: 1})
	var ctl search.Control
	// Timed, this clock allows a millisecond; pondering, the search reaches depth 14.
	clock := search.Limits{Ponder: true, Time: [2]time.Duration{10 * time.Millisecond, 10 * time.Millisecond}}
	s := searchtest.Start(ab, p, clock, &ctl)
	last := s.SearchesOn(t, func(i search.Info) bool { return i.Depth >= 14 })
	ctl.PonderHit()
	res := s.Answer(t)
	if !isLegal(p, res.Best) || res.Nodes < last.Nodes {
		t.Errorf("best move %v after %d nodes, the last line before the ponderhit had %d", res.Best, res.Nodes, last.Nodes)
	}
}

// TestPonderSearchDoneWaitsForPonderHit: a pondering search that has reached its
// depth limit waits for the ponderhit (parked in WaitToAnswer) before it answers.
func TestPonderSearchDoneWaitsForPonderHit(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "")
	ab := New(search.Options{HashMB: 1})
	var ctl search.Control
	s := searchtest.Start(ab, p, search.Limits{Ponder: true, Depth: 2, Time: [2]time.Duration{time.Second, time.Second}}, &ctl)
	s.WaitsToAnswer(t)
	ctl.PonderHit()
	if res := s.Answer(t); !isLegal(p, res.Best) {
		t.Errorf("best move %v is not legal", res.Best)
	}
}

func TestMultiPV(t *testing.T) {
	p := mustPosition(t, "je-ki-n-je", "")
	ab := New(search.Options{HashMB: 1, MultiPV: 3})
	res, infos := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 6})
	var last []search.Info
	for _, info := range infos {
		if info.Depth == 6 {
			last = append(last, info)
		}
	}
	if len(last) != 3 {
		t.Fatalf("%d lines at depth 6, want 3", len(last))
	}
	seen := map[board.Move]bool{}
	for i, info := range last {
		if info.MultiPV != i+1 {
			t.Errorf("line %d has MultiPV %d", i+1, info.MultiPV)
		}
		if seen[info.PV[0]] {
			t.Errorf("line %d repeats move %v", i+1, info.PV[0])
		}
		seen[info.PV[0]] = true
		if i > 0 && info.Score.Value > last[i-1].Score.Value {
			t.Errorf("line %d scores %v, more than line %d", i+1, info.Score, i)
		}
	}
	if last[0].PV[0] != res.Best || last[0].Score != res.Score {
		t.Errorf("first line %+v does not match result %+v", last[0], res)
	}
}

func TestPVIsLegalAndPonderIsItsSecondMove(t *testing.T) {
	for _, v := range board.Samples() {
		p := v.StartPosition()
		ab := New(search.Options{HashMB: 1})
		res, infos := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 7})
		last := infos[len(infos)-1]
		if last.PV[0] != res.Best {
			t.Errorf("%s: last PV starts %v, best is %v", v.Name, last.PV[0], res.Best)
		}
		if len(last.PV) > 1 && res.Ponder != last.PV[1] {
			t.Errorf("%s: ponder %v, PV's second move %v", v.Name, res.Ponder, last.PV[1])
		}
		q := p
		for i, m := range last.PV {
			next, err := q.Play(m)
			if err != nil {
				t.Fatalf("%s: PV move %d: %v", v.Name, i+1, err)
			}
			q = next
		}
		if last.Nodes == 0 || last.Depth != 7 || last.SelDepth < 7 {
			t.Errorf("%s: info %+v lacks nodes or depths", v.Name, last)
		}
	}
}

func TestThreadsAgreeOnProvenResult(t *testing.T) {
	p := mustPosition(t, "bao-la-kimasai", baoWinInOne)
	ab := New(search.Options{HashMB: 2, Threads: 4})
	res, _ := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 5})
	if res.Score != (words.Score{Mate: true, Value: 1}) {
		t.Errorf("score %+v with 4 threads, want mate 1", res.Score)
	}
}

func TestNodeSearchDoesNotAllocate(t *testing.T) {
	p := mustPosition(t, "je-ki-n-je", "")
	th := mainThread(p)
	nodes := th.nodes
	allocs := testing.AllocsPerRun(5, func() {
		th.search(&p, -search.Infinite, search.Infinite, 6, 0, true)
	})
	if th.stopped || th.nodes-nodes < 100 {
		t.Fatalf("the node search did not run: stopped %v, %d nodes", th.stopped, th.nodes-nodes)
	}
	if allocs != 0 {
		t.Errorf("the node search allocates %.1f times per call", allocs)
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, v := range board.Samples() {
		b.Run(v.Name, func(b *testing.B) {
			p := v.StartPosition()
			ab := New(search.Options{HashMB: 4})
			var nodes uint64
			for b.Loop() {
				ab.NewGame()
				var ctl search.Control
				nodes += ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Nodes: 200000}}, &ctl).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

func TestFastGameKeepsTheClock(t *testing.T) {
	searchtest.SkipRealTime(t)
	// A whole game of each variant at 1 s + 10 ms per side, on the driver's clock,
	// charged with CPU time so that busy neighbours do not make it lose.
	for _, v := range board.Samples() {
		o := search.Options{HashMB: 4, MoveOverhead: 10 * time.Millisecond}
		g := board.NewGame(v.StartPosition())
		plies := 300
		if raceEnabled {
			plies = 10
		}
		rep, err := search.PlayGame(g, [2]search.Searcher{New(o), New(o)},
			search.GameConfig{Time: time.Second, Inc: 10 * time.Millisecond, ChargeCPU: true, MaxPlies: plies})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Flagged {
			t.Fatalf("%s ply %d: lost on time", v.Name, len(g.Moves()))
		}
		t.Logf("%s: %d plies, lowest clock %v", v.Name, len(g.Moves()), rep.LowestClock.Round(time.Millisecond))
	}
}

// jkjOneMove is a Je ki n je position where South has a single legal move.
const jkjOneMove = "3,3,3,3,3,3/0,0,5,0,0,0 S 13 12 -"

func TestASingleLegalMoveIsSearchedForItsScore(t *testing.T) {
	searchtest.SkipRealTime(t)
	p := mustPosition(t, "je-ki-n-je", jkjOneMove)
	only := onlyMove(t, &p)
	ab := New(search.Options{HashMB: 1})
	clock := search.Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}}
	res, infos := searchInfos(ab, []board.Position{p}, clock)
	if res.Best != only || len(infos) == 0 {
		t.Fatalf("best %v after %d infos, want %v", res.Best, len(infos), only)
	}
	// Answered at depth 1, the score would be the static evaluation's.
	if last := infos[len(infos)-1]; last.Depth < 2 {
		t.Errorf("the only move was answered at depth %d: %+v", last.Depth, last)
	}
}

// onlyMove returns the single legal move of p, failing the test if it has another.
func onlyMove(t *testing.T, p *board.Position) board.Move {
	t.Helper()
	var cl board.ChildList
	if p.Generate(&cl); cl.N != 1 {
		t.Fatalf("%q has %d legal moves, want 1", p.String(), cl.N)
	}
	return cl.Children[0].Move
}

// TestUnboundedSearchEnds: a bare go searched until its maximum depth, which in the
// middle of a game is out of reach (issue 23 asks every go form to end). It now
// ends at UntimedNodes, here the 1 MB table's million nodes, with a legal move; a
// ponder without a clock ends the same way once pondered on. The watchdog only
// turns a search that does not end into a failure.
//
// Under the race detector it checks the bound alone: a million nodes on one
// goroutine take some forty times longer there, and a search ending on its node
// limit, the one path of this test with more than one goroutine, is raced by every
// search under a node limit (TestMultiPVStoppedMidIteration, for one).
func TestUnboundedSearchEnds(t *testing.T) {
	o := search.Options{HashMB: 1}
	bound := UntimedNodes(o)
	if bound != 1<<20 {
		t.Errorf("bound %d at 1 MB, want 16 nodes per entry of the table (%d)", bound, 1<<20)
	}
	if raceEnabled {
		t.Skip("the unbounded searches run without -race (go test ./search/alphabeta)")
	}
	start := board.AdjiBoto.Get().StartPosition()
	for _, l := range []search.Limits{{}, {Ponder: true}} {
		var ctl search.Control
		done := make(chan search.Result, 1)
		go func() { done <- New(o).Search(search.Request{History: []board.Position{start}, Limits: l}, &ctl) }()
		if l.Ponder {
			ctl.PonderHit()
		}
		var res search.Result
		select {
		case res = <-done:
		case <-time.After(2 * time.Minute):
			ctl.Stop()
			res = <-done
			t.Fatalf("%+v: no answer within 2 minutes (%d nodes when stopped)", l, res.Nodes)
		}
		if res.Nodes > bound || res.Nodes < bound/2 || !isLegal(start, res.Best) {
			t.Errorf("%+v: %d nodes, best %v; want a legal move after at most %d nodes (and more than half of them)",
				l, res.Nodes, res.Best, bound)
		}
	}
}

// TestMultiPVStoppedMidIteration: a search stopped inside an iteration (a node limit)
// reports its lines once more; a line not searched again since the last completed
// iteration keeps that iteration's depth and score (not the 0 of a move not yet
// searched), and a line searched again is labelled with its deeper depth. Node limits
// across the Adji Kui I position of issue 24 give stops at every point of the
// iteration.
func TestMultiPVStoppedMidIteration(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "8,3,7,0,1,6/1,7,0,6,6,0 S 0 3 -")
	checked := 0
	step := uint64(1500)
	if raceEnabled {
		step = 4 * 1500 // a quarter of the stops, still spread over the iterations
	}
	for nodes := uint64(2000); nodes <= 60000; nodes += step {
		ab := New(search.Options{HashMB: 1, MultiPV: 3})
		_, infos := searchInfos(ab, []board.Position{p}, search.Limits{Nodes: nodes})
		if len(infos) < 6 {
			continue
		}
		final := infos[len(infos)-3:]
		if final[0].MultiPV != 1 || final[2].MultiPV != 3 {
			continue // the last iteration completed: no extra report
		}
		// The last completed iteration: the latest full set of three lines before the final one.
		done := map[board.Move]search.Info{}
		depth := 0
		for _, in := range infos[:len(infos)-3] {
			if in.Depth > depth {
				depth, done = in.Depth, map[board.Move]search.Info{}
			}
			done[in.PV[0]] = in
		}
		for _, in := range final {
			prev, ok := done[in.PV[0]]
			switch {
			case in.Depth == prev.Depth && ok && in.Score != prev.Score:
				t.Errorf("%d nodes: line %d (%v) reports depth %d score %v; that depth scored it %v", nodes, in.MultiPV, in.PV[0], in.Depth, in.Score, prev.Score)
			case in.Depth < depth:
				t.Errorf("%d nodes: line %d at depth %d, below the completed %d", nodes, in.MultiPV, in.Depth, depth)
			}
			if in.Depth == depth {
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no search stopped with a line left from the completed iteration: the test checks nothing")
	}
}

// TestProvenDrawIsExact: a root move whose line is a proven draw (every branch of
// its search ended by the rules, no static evaluation) is reported as an exact
// margin of 0, contempt or not, not as the margin the evaluation's model reads into
// a value of 0 (Adi::No_Rounds, 16 to 24 in the stores: the model read a draw as
// about -4.3 seeds). In the first ending e1 draws 24-24 at once and f1 loses; in
// the second a1 draws at once while the other move's lines still end at the
// horizon, so the iteration as a whole proves nothing and only the line's proof
// makes the score exact: the second line stays an estimate. At the start, whose
// lines all end at the horizon at depth 1, the score is an estimate.
func TestProvenDrawIsExact(t *testing.T) {
	v, err := board.VariantByName("adi-no-rounds")
	if err != nil {
		t.Skip("no adi-no-rounds:", err)
	}
	exact := words.Score{Value: 0, Bound: words.Exact}
	p := mustPosition(t, v.Name, "0,0,1,2,0,1/0,0,0,0,1,3 S 16 24 -")
	for _, contempt := range []int{0, 50} {
		for _, depth := range []int{1, 40} {
			ab := New(search.Options{HashMB: 1, Contempt: contempt})
			res, infos := searchInfos(ab, []board.Position{p}, search.Limits{Depth: depth})
			if res.Score != exact || infos[len(infos)-1].Score != exact {
				t.Errorf("contempt %d, depth %d: score %+v (last info %+v), want %+v", contempt, depth, res.Score,
					infos[len(infos)-1].Score, exact)
			}
			if m := v.FormatMove(res.Best); m != "e1" {
				t.Errorf("contempt %d, depth %d: best move %s, want e1", contempt, depth, m)
			}
		}
	}
	q := mustPosition(t, v.Name, "0,1,0,0,1,0/1,3,0,1,1,0 S 16 24 -")
	ab := New(search.Options{HashMB: 1, MultiPV: 2})
	_, infos := searchInfos(ab, []board.Position{q}, search.Limits{Depth: 12})
	last := map[int]search.Info{}
	for _, in := range infos {
		last[in.MultiPV] = in
	}
	if in := last[1]; in.Score != exact || v.FormatMove(in.PV[0]) != "a1" {
		t.Errorf("line 1 at depth 12: %v %+v, want a1 %+v", in.PV, in.Score, exact)
	}
	if in := last[2]; len(in.PV) == 0 || in.Score.Bound != words.Estimate || in.Score.Mate {
		t.Errorf("line 2 at depth 12: %v %+v, want an estimate (this test wants the iteration unproven)", in.PV, in.Score)
	}
	start := v.StartPosition()
	if res, _ := searchInfos(New(search.Options{HashMB: 1}), []board.Position{start}, search.Limits{Depth: 1}); res.Score.Bound != words.Estimate {
		t.Errorf("the start at depth 1: %+v, want an estimate", res.Score)
	}
}
