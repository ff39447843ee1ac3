package mcts

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"mancala/board"
	"mancala/search"
	"mancala/search/searchtest"
	"mancala/search/solve"
	"mancala/search/words"
)

// pos parses a position of the named variant or fails the test.
func pos(t testing.TB, variant, fen string) board.Position {
	t.Helper()
	v, err := board.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// search runs a node-limited search of history on a fresh searcher.
func searchNodes(t testing.TB, history []board.Position, nodes uint64) (search.Result, []search.Info) {
	t.Helper()
	m := New(search.Options{HashMB: 16})
	var infos []search.Info
	var ctl search.Control
	res := m.Search(search.Request{History: history, Limits: search.Limits{Nodes: nodes},
		Info: func(i search.Info) { infos = append(infos, i) }}, &ctl)
	return res, infos
}

// winsAtOnce reports whether the side that just moved into q has won the game.
func winsAtOnce(q *board.Position) bool {
	r := q.Result()
	w, ok := r.Winner()
	return ok && w == q.SideToMove().Other()
}

// opponentWinsAtOnce reports whether the side to move at q wins with its next move
// (or has already won).
func opponentWinsAtOnce(q *board.Position) bool {
	var cl board.ChildList
	if q.Generate(&cl); cl.N == 0 {
		w, ok := q.Result().Winner()
		return ok && w == q.SideToMove()
	}
	for i := 0; i < cl.N; i++ {
		if winsAtOnce(&cl.Children[i].Pos) {
			return true
		}
	}
	return false
}

func TestFindsWinningMove(t *testing.T) {
	for _, tc := range []struct{ variant, fen, win string }{
		{"adji-boto", "1,0,0,0,0/9,2,2,0,2 S 50 34 -", "a1"},
		{"adji-boto", "5,1,1,0,0/3,6,2,4,4 S 40 34 -", "b1"},
		{"bao-la-kimasai", "0,1,0,1,0,2,7,2/0,0,1,5,0,2,2,6/7,0,2,2,5,1,3,1/9,0,2,2,0,0,1,0 N 0 0 -", "d3"},
		{"bao-la-kimasai", "1,0,0,0,0,1,8,0/1,3,1,0,2,2,5,0/2,1,1,10,2,6,4,1/0,1,0,1,1,2,1,7 S 0 0 -", "h2"},
	} {
		p := pos(t, tc.variant, tc.fen)
		var cl board.ChildList
		p.Generate(&cl)
		winners := 0
		for i := 0; i < cl.N; i++ {
			if winsAtOnce(&cl.Children[i].Pos) {
				winners++
				if got := p.Variant().FormatMove(cl.Children[i].Move); got != tc.win {
					t.Fatalf("%s: %s also wins at once", tc.fen, got)
				}
			}
		}
		if winners != 1 || cl.N < 4 {
			t.Fatalf("%s: want one winning move among several, got %d of %d", tc.fen, winners, cl.N)
		}
		res, _ := searchNodes(t, []board.Position{p}, 3000)
		if got := p.Variant().FormatMove(res.Best); got != tc.win {
			t.Errorf("%s: best %s, want the winning %s", tc.fen, got, tc.win)
		}
		if res.Score != (words.Score{Mate: true, Value: 1}) {
			t.Errorf("%s: score %+v, want mate 1", tc.fen, res.Score)
		}
	}
}

func TestAvoidsImmediateLoss(t *testing.T) {
	for _, tc := range []struct{ variant, fen, safe string }{
		{"bao-la-kimasai", "0,1,0,0,2,1,1,1/0,0,0,0,0,1,0,0/2,1,3,1,8,6,0,1/9,3,1,7,7,0,2,6 N 0 0 -", "g4"},
		{"bao-la-kimasai", "0,0,0,0,0,2,1,0/0,0,0,0,0,2,3,2/1,5,1,7,1,3,5,2/5,1,4,7,2,1,8,1 N 0 0 -", "f3"},
	} {
		p := pos(t, tc.variant, tc.fen)
		var cl board.ChildList
		p.Generate(&cl)
		safe := 0
		for i := 0; i < cl.N; i++ {
			q := &cl.Children[i].Pos
			if !winsAtOnce(q) && !opponentWinsAtOnce(q) {
				safe++
				if got := p.Variant().FormatMove(cl.Children[i].Move); got != tc.safe {
					t.Fatalf("%s: %s is safe too", tc.fen, got)
				}
			}
		}
		if safe != 1 || cl.N < 4 {
			t.Fatalf("%s: want one safe move among several, got %d of %d", tc.fen, safe, cl.N)
		}
		res, _ := searchNodes(t, []board.Position{p}, 3000)
		if got := p.Variant().FormatMove(res.Best); got != tc.safe {
			t.Errorf("%s: best %s, want the only safe move %s", tc.fen, got, tc.safe)
		}
	}
}

func TestTakesBigCapture(t *testing.T) {
	for _, tc := range []struct{ variant, fen, capture string }{
		{"je-ki-n-je", "4,1,10,6,0,0/1,8,0,1,0,3 S 9 5 -", "b1"},
		{"adji-kui-1", "3,16,0,1,4,2/1,2,2,0,3,4 N 8 2 -", "a2"},
	} {
		p := pos(t, tc.variant, tc.fen)
		me := p.SideToMove()
		var cl board.ChildList
		p.Generate(&cl)
		for i := 0; i < cl.N; i++ {
			q := &cl.Children[i].Pos
			gain := q.Store(me) - p.Store(me)
			isCapture := p.Variant().FormatMove(cl.Children[i].Move) == tc.capture
			if isCapture != (gain > 0) {
				t.Fatalf("%s: move %d gains %d; want only %s to capture", tc.fen, i, gain, tc.capture)
			}
			if !isCapture {
				continue
			}
			// The capture stays ahead after any reply.
			var replies board.ChildList
			q.Generate(&replies)
			for j := 0; j < replies.N; j++ {
				if back := replies.Children[j].Pos.Store(me.Other()) - q.Store(me.Other()); back >= gain {
					t.Fatalf("%s: a reply wins back %d of %d", tc.fen, back, gain)
				}
			}
		}
		res, _ := searchNodes(t, []board.Position{p}, 5000)
		if got := p.Variant().FormatMove(res.Best); got != tc.capture {
			t.Errorf("%s: best %s, want the capture %s", tc.fen, got, tc.capture)
		}
	}
}

func TestNoLegalMove(t *testing.T) {
	p := pos(t, "bao-la-kimasai", "1,0,0,0,0,1,8,0/1,3,1,0,2,2,5,0/2,1,1,10,2,6,4,1/0,1,0,1,1,2,1,7 S 0 0 -")
	mv, _ := p.Variant().ParseMove("h2")
	over, err := p.Play(mv)
	if err != nil {
		t.Fatal(err)
	}
	if !over.Result().Over() {
		t.Fatal("the position after h2 should be over")
	}
	var ctl search.Control
	res := New(search.Options{HashMB: 1}).Search(search.Request{History: []board.Position{p, over},
		Limits: search.Limits{Infinite: true}}, &ctl)
	if res.Best != board.NoMove || res.Ponder != board.NoMove {
		t.Errorf("finished game: best %v ponder %v, want NoMove", res.Best, res.Ponder)
	}
	if res := New(search.Options{HashMB: 1}).Search(search.Request{}, &ctl); res.Best != board.NoMove {
		t.Errorf("empty history: best %v, want NoMove", res.Best)
	}
}

// TestLoopEnding builds a history that contains a child of the root: that move
// ends the game by a loop ending, valued by the variant's loop rule.
func TestLoopEnding(t *testing.T) {
	t.Run("scoring game", func(t *testing.T) {
		// South to move holds far more seeds on its own side, so a loop ending (each
		// side takes its own seeds) after a quiet move wins for South.
		p := pos(t, "je-ki-n-je", "0,0,0,1,1,1/9,9,9,9,0,1 S 4 4 -")
		loopMove, child := findChild(t, p, func(q *board.Position) bool {
			w, ok := q.LoopResult().Winner()
			return ok && w == board.South && !q.Result().Over()
		})
		res, _ := searchNodes(t, []board.Position{child, p}, 2000)
		if res.Best != loopMove || res.Score != (words.Score{Mate: true, Value: 1}) {
			t.Errorf("best %v score %+v, want the loop-ending move %v as mate 1", res.Best, res.Score, loopMove)
		}
		// Without the repetition in the history the same move wins nothing at once.
		res, _ = searchNodes(t, []board.Position{p}, 2000)
		if res.Score.Mate {
			t.Errorf("without the repetition: score %+v, want no mate", res.Score)
		}
	})
	t.Run("bao draw", func(t *testing.T) {
		p := pos(t, "bao-la-kimasai", "0,1,0,0,2,1,1,1/0,0,0,0,0,1,0,0/2,1,3,1,8,6,0,1/9,3,1,7,7,0,2,6 N 0 0 -")
		g4, _ := p.Variant().ParseMove("g4")
		child, err := p.Play(g4) // the only move that does not lose at once
		if err != nil {
			t.Fatal(err)
		}
		m := New(search.Options{HashMB: 16})
		var ctl search.Control
		res := m.Search(search.Request{History: []board.Position{child, p}, Limits: search.Limits{Nodes: 2000}}, &ctl)
		if res.Best != g4 || res.Score != (words.Score{}) {
			t.Errorf("best %v score %+v, want g4 as a proven draw (score 0)", res.Best, res.Score)
		}
		root := &m.tree.nodes[0]
		for c := root.first; c < root.first+int32(root.count); c++ {
			if ch := &m.tree.nodes[c]; ch.move == g4 && ch.proof != proofDraw {
				t.Errorf("g4 node proof %v, want a draw by the loop ending", ch.proof)
			}
		}
	})
}

// findChild returns the first legal move of p whose position satisfies ok.
func findChild(t *testing.T, p board.Position, ok func(*board.Position) bool) (board.Move, board.Position) {
	t.Helper()
	var cl board.ChildList
	p.Generate(&cl)
	for i := 0; i < cl.N; i++ {
		if ok(&cl.Children[i].Pos) {
			return cl.Children[i].Move, cl.Children[i].Pos
		}
	}
	t.Fatalf("%s: no move fits", p)
	return board.NoMove, p
}

// checkTree verifies the tree below node i: children are exactly the legal moves
// of their parent, in order, and an expanded unproven node has one visit more than
// its children together. It returns the number of nodes in the subtree.
func checkTree(t *testing.T, tr *tree, i int32) int {
	t.Helper()
	n := &tr.nodes[i]
	if n.first == unexpanded {
		return 1
	}
	var cl board.ChildList
	n.pos.Generate(&cl)
	if cl.N != int(n.count) {
		t.Fatalf("node %d: %d children, %d legal moves", i, n.count, cl.N)
	}
	size, visits := 1, uint32(0)
	for k := 0; k < cl.N; k++ {
		c := n.first + int32(k)
		ch := &tr.nodes[c]
		if ch.pos != cl.Children[k].Pos || ch.move != cl.Children[k].Move {
			t.Fatalf("node %d: child %d is not the move %v", i, k, cl.Children[k].Move)
		}
		visits += ch.visits
		size += checkTree(t, tr, c)
	}
	if n.proof == unproven && n.visits != visits+1 { // +1: the visit that expanded it
		t.Fatalf("node %d: %d visits, children %d", i, n.visits, visits)
	}
	return size
}

func TestTreeReuse(t *testing.T) {
	v, _ := board.VariantByName("je-ki-n-je")
	start := v.StartPosition()
	m := New(search.Options{HashMB: 16})
	var ctl search.Control
	res := m.Search(search.Request{History: []board.Position{start}, Limits: search.Limits{Nodes: 4000}}, &ctl)
	if res.Ponder == board.NoMove {
		t.Fatal("no expected reply after 4000 iterations")
	}
	p1, err := start.Play(res.Best)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := p1.Play(res.Ponder)
	if err != nil {
		t.Fatal(err)
	}
	history := []board.Position{start, p1, p2}
	idx, ok := m.tree.find(history)
	if !ok {
		t.Fatal("the position after the expected moves is not in the tree")
	}
	want := checkTree(t, m.tree, idx)
	if want <= 1 {
		t.Fatalf("subtree of %d nodes: search too small to test reuse", want)
	}
	visits := m.tree.nodes[idx].visits
	if kept := m.tree.prepare(history); kept != want {
		t.Errorf("kept %d nodes, want the %d of the subtree", kept, want)
	}
	if root := &m.tree.nodes[0]; root.pos != p2 || root.visits != visits {
		t.Fatalf("kept root: %s with %d visits, want %s with %d", root.pos, root.visits, p2, visits)
	}
	if got := checkTree(t, m.tree, 0); got != want {
		t.Errorf("kept tree has %d nodes, want %d", got, want)
	}
	res = m.Search(search.Request{History: history, Limits: search.Limits{Nodes: 2000}}, &ctl)
	if _, err := p2.Play(res.Best); err != nil {
		t.Errorf("after reuse: %v", err)
	}
	checkTree(t, m.tree, 0)
	if m.tree.nodes[0].visits <= 2000 {
		t.Errorf("root has %d visits after 2000 more iterations: the kept ones are lost", m.tree.nodes[0].visits)
	}

	// A different game (not extending the searched history) starts afresh.
	other := pos(t, "je-ki-n-je", "0,0,0,1,1,1/9,9,9,9,0,1 S 4 4 -")
	if kept := m.tree.prepare([]board.Position{other}); kept != 0 {
		t.Errorf("unrelated position: kept %d nodes, want 0", kept)
	}
	// NewGame drops the tree.
	m.Search(search.Request{History: []board.Position{start}, Limits: search.Limits{Nodes: 500}}, &ctl)
	m.NewGame()
	if kept := m.tree.prepare([]board.Position{start}); kept != 0 {
		t.Errorf("after NewGame: kept %d nodes, want 0", kept)
	}
}

func TestDeterministic(t *testing.T) {
	for _, mode := range []leafMode{leafEval, leafPlayout} {
		for _, v := range board.Samples() {
			m := New(search.Options{HashMB: 1})
			m.tune.mode = mode
			history := []board.Position{v.StartPosition()}
			nodes := uint64(500)
			if raceEnabled {
				nodes = 100
			}
			var runs [2]search.Info
			for i := range runs {
				m.NewGame()
				var ctl search.Control
				res := m.Search(search.Request{History: history, Limits: search.Limits{Nodes: nodes},
					Info: func(info search.Info) { runs[i] = info }}, &ctl)
				if res.Nodes != nodes || res.Best != runs[i].PV[0] {
					t.Fatalf("%s: nodes %d best %v, want %d and the PV's first move %v",
						v.Name, res.Nodes, res.Best, nodes, runs[i].PV[0])
				}
			}
			a, b := runs[0], runs[1]
			if a.Score != b.Score || a.Nodes != b.Nodes || a.SelDepth != b.SelDepth || !equalMoves(a.PV, b.PV) {
				t.Errorf("%s mode %d: two runs differ: %+v vs %+v", v.Name, mode, a, b)
			}
		}
	}
}

// equalMoves reports whether two move lists are the same.
func equalMoves(a, b []board.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestStop: an infinite search and a pondering one on an hour's movetime, seen
// searching, answer a legal move on Stop; so does a search stopped before it starts.
func TestStop(t *testing.T) {
	v, _ := board.VariantByName("bao-la-kimasai")
	start := v.StartPosition()
	var ml board.MoveList
	start.LegalMoves(&ml)
	for _, limits := range []search.Limits{{Infinite: true}, {Ponder: true, MoveTime: time.Hour}} {
		m := New(search.Options{HashMB: 16})
		var ctl search.Control
		s := searchtest.Start(m, start, limits, &ctl)
		s.SearchesOn(t, func(search.Info) bool { return true })
		ctl.Stop()
		if res := s.Answer(t); !slices.Contains(ml.Slice(), res.Best) {
			t.Errorf("%+v: best %v is not legal", limits, res.Best)
		}
	}
	// Stopped before it starts: still a legal move.
	var ctl search.Control
	ctl.Stop()
	if res := New(search.Options{HashMB: 1}).Search(search.Request{History: []board.Position{start}, Limits: search.Limits{Infinite: true}}, &ctl); !slices.Contains(ml.Slice(), res.Best) {
		t.Errorf("pre-stopped search: best %v is not legal", res.Best)
	}
}

// TestPonderHit: a pondering search on a clock that, timed, would allow a few
// milliseconds keeps searching, its playouts growing from one info line to the next,
// without answering, until the ponderhit; then it answers.
func TestPonderHit(t *testing.T) {
	searchtest.SkipRealTime(t)
	v, _ := board.VariantByName("adji-kui-1")
	start := v.StartPosition()
	m := New(search.Options{HashMB: 16})
	var ctl search.Control
	limits := search.Limits{Ponder: true, Time: [2]time.Duration{200 * time.Millisecond, 200 * time.Millisecond}}
	s := searchtest.Start(m, start, limits, &ctl)
	lines := 0
	var prev uint64
	last := s.SearchesOn(t, func(i search.Info) bool {
		if lines > 0 && i.Nodes <= prev {
			t.Fatalf("%d playouts after %d: the pondering search is not searching on", i.Nodes, prev)
		}
		lines, prev = lines+1, i.Nodes
		return lines == 3
	})
	ctl.PonderHit()
	res := s.Answer(t)
	if _, err := start.Play(res.Best); err != nil || res.Nodes < last.Nodes {
		t.Errorf("best %v (%v) after %d playouts, the last line before the ponderhit had %d", res.Best, err, res.Nodes, last.Nodes)
	}
}

func TestInfoAndDepthLimit(t *testing.T) {
	v, _ := board.VariantByName("adji-boto")
	m := New(search.Options{HashMB: 16})
	var ctl search.Control
	var last search.Info
	res := m.Search(search.Request{History: []board.Position{v.StartPosition()}, Limits: search.Limits{Depth: 4},
		Info: func(i search.Info) { last = i }}, &ctl)
	if last.Depth < 4 || last.SelDepth < last.Depth || last.MultiPV != 1 {
		t.Errorf("depth %d seldepth %d multipv %d: want depth >= 4 <= seldepth, multipv 1",
			last.Depth, last.SelDepth, last.MultiPV)
	}
	if len(last.PV) == 0 || last.PV[0] != res.Best || last.Nodes != res.Nodes || res.Nodes == 0 {
		t.Errorf("last info pv %v nodes %d; result best %v nodes %d", last.PV, last.Nodes, res.Best, res.Nodes)
	}
	// The PV is a legal line.
	p := v.StartPosition()
	for _, mv := range last.PV {
		var err error
		if p, err = p.Play(mv); err != nil {
			t.Fatalf("pv %v: %v", last.PV, err)
		}
	}
}

func TestIterateDoesNotAllocate(t *testing.T) {
	for _, mode := range []leafMode{leafEval, leafPlayout} {
		for _, v := range board.Samples() {
			tune := defaultTuning
			tune.mode = mode
			tr := newTree(1<<16, tune, search.DefaultEvaluator)
			tr.prepare([]board.Position{v.StartPosition()})
			warm, runs := 300, 50
			if raceEnabled {
				warm, runs = 100, 10
			}
			for range warm {
				tr.iterate()
			}
			if a := testing.AllocsPerRun(runs, tr.iterate); a != 0 {
				t.Errorf("%s mode %d: %.1f allocations per iteration", v.Name, mode, a)
			}
		}
	}
}

func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got != nodeBytes {
		t.Errorf("node takes %d bytes, the pool is sized for %d", got, nodeBytes)
	}
}

func BenchmarkIterate(b *testing.B) {
	for _, mode := range []leafMode{leafEval, leafPlayout} {
		name := map[leafMode]string{leafEval: "eval", leafPlayout: "playout"}[mode]
		for _, v := range board.Samples() {
			b.Run(name+"/"+v.Name, func(b *testing.B) {
				tune := defaultTuning
				tune.mode = mode
				tr := newTree(1<<20, tune, search.DefaultEvaluator)
				history := []board.Position{v.StartPosition()}
				tr.prepare(history)
				for b.Loop() {
					if tr.used+board.MaxMoves > len(tr.nodes) {
						b.StopTimer()
						tr.reset()
						tr.prepare(history)
						b.StartTimer()
					}
					tr.iterate()
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "iters/s")
			})
		}
	}
}

// TestKeepsTimeAtOneSecond plays a game at 1 s + 10 ms per side on the driver's
// clock, which charges each search's CPU time to the mover (busy neighbours must not
// make it lose).
func TestKeepsTimeAtOneSecond(t *testing.T) {
	searchtest.SkipRealTime(t)
	o := search.Options{HashMB: 16, MoveOverhead: 5 * time.Millisecond}
	g := board.NewGame(board.JeKiNJe.Get().StartPosition())
	plies := 60
	if raceEnabled {
		plies = 20 // the clock over 60 plies is the plain run's check
	}
	rep, err := search.PlayGame(g, [2]search.Searcher{New(o), New(o)},
		search.GameConfig{Time: time.Second, Inc: 10 * time.Millisecond, ChargeCPU: true, MaxPlies: plies})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Flagged {
		t.Fatalf("ply %d: lost on time", len(g.Moves()))
	}
}

// TestFullPool runs a tree far past its pool: leaves are still valued, nothing
// is written outside the pool, and the tree stays consistent.
func TestFullPool(t *testing.T) {
	for _, mode := range []leafMode{leafEval, leafPlayout} {
		tune := defaultTuning
		tune.mode = mode
		tr := newTree(64, tune, search.DefaultEvaluator)
		v, _ := board.VariantByName("adji-kui-1")
		tr.prepare([]board.Position{v.StartPosition()})
		iters := 3000
		if raceEnabled {
			iters = 1000
		}
		for range iters {
			tr.iterate()
		}
		if !tr.full || tr.used > len(tr.nodes) {
			t.Fatalf("mode %d: full %v with %d of %d nodes used", mode, tr.full, tr.used, len(tr.nodes))
		}
		checkTree(t, tr, 0)
		if root := &tr.nodes[0]; root.visits != uint32(iters) {
			t.Errorf("mode %d: root has %d visits after %d iterations", mode, root.visits, iters)
		}
		if a := testing.AllocsPerRun(50, tr.iterate); a != 0 {
			t.Errorf("mode %d: %.1f allocations per iteration with a full pool", mode, a)
		}
	}
}

// longJeKiNJeGame is the game of a tournament that was lost on time: after its 53
// moves every short line of the root ends in a proven draw by the loop ending.
func longJeKiNJeGame(t *testing.T) *board.Game {
	t.Helper()
	v := board.JeKiNJe.Get()
	g := board.NewGame(v.StartPosition())
	for _, s := range strings.Fields("a1 b2 b1 b2 a1 e2 e1 d2 a1 a2 f1 b2 f1 f2 b1 b2 c1 a2 b1 e2 c1 d2 d1 d2 " +
		"b1 a2 a1 b2 d1 e2 f1 c2 d1 a2 b1 b2 e1 a2 c1 d2 f1 f2 d1 c2 e1 b2 f1 a2 a1 d2 b1 f2 c1") {
		m, err := v.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestDepthLimitEndsAfterLongHistory: go depth 3 never returned after the history
// of longJeKiNJeGame, since the iterations that end on proven nodes kept the average
// depth below 3. The node cap only bounds the test: the depth limit must end the
// search well before it.
func TestDepthLimitEndsAfterLongHistory(t *testing.T) {
	g := longJeKiNJeGame(t)
	const nodeCap = 1_000_000
	for _, depth := range []int{3, 6} {
		var last search.Info
		res := New(search.Options{HashMB: 1}).Search(search.Request{History: g.Positions(),
			Limits: search.Limits{Depth: depth, Nodes: nodeCap}, Info: func(i search.Info) { last = i }}, &search.Control{})
		if res.Nodes >= nodeCap || last.Depth < depth {
			t.Errorf("go depth %d: %d iterations, last info depth %d: the depth limit did not end the search",
				depth, res.Nodes, last.Depth)
		}
	}
}

// watchdog bounds a search that must end by itself: far beyond the time any
// search of these tests takes, even under the race detector. It stops the
// search, so that a failing test ends.
const watchdog = 2 * time.Minute

// searchEnds runs m on req and fails the test unless the search ends by itself
// (within the watchdog) with a legal move, having made at most maxIters iterations.
func searchEnds(t *testing.T, name string, m *Engine, req search.Request, maxIters uint64) search.Result {
	t.Helper()
	var ctl search.Control
	done := make(chan search.Result, 1)
	go func() { done <- m.Search(req, &ctl) }()
	var res search.Result
	select {
	case res = <-done:
	case <-time.After(watchdog):
		ctl.Stop()
		res = <-done
		t.Errorf("%s: no answer within %v (%d iterations when stopped)", name, watchdog, res.Nodes)
		return res
	}
	if res.Nodes > maxIters {
		t.Errorf("%s: %d iterations, want at most %d", name, res.Nodes, maxIters)
	}
	root := req.History[len(req.History)-1]
	if _, err := root.Play(res.Best); err != nil {
		t.Errorf("%s: best move %v: %v", name, res.Best, err)
	}
	return res
}

// TestUntimedSearchEnds reproduces the two reports of issue 23: go depth 2 and 3 in
// this Adji Kui I position never answered (UCT kept choosing the root move that
// ends in a proven draw, whose iterations add nothing to the tree, and the other
// move, valued far worse, was never tried: the average depth stayed at 1.5), nor
// did go depth 20 or a bare go after the history of longJeKiNJeGame. Each now ends
// within the bound of an untimed search.
func TestUntimedSearchEnds(t *testing.T) {
	const hash = 1 // any size: the tree stops growing long before it fills
	bound := UntimedIterations(search.Options{HashMB: hash})
	adji := []board.Position{pos(t, "adji-kui-1", "0,0,0,1,1,1/1,0,0,2,0,3 S 15 24 -")}
	long := longJeKiNJeGame(t).Positions()
	for _, tc := range []struct {
		name    string
		history []board.Position
		limits  search.Limits
	}{
		{"adji-kui-1 go depth 2", adji, search.Limits{Depth: 2}},
		{"adji-kui-1 go depth 3", adji, search.Limits{Depth: 3}},
		{"adji-kui-1 go", adji, search.Limits{}},
		{"je-ki-n-je after 53 moves, go depth 20", long, search.Limits{Depth: 20}},
		{"je-ki-n-je after 53 moves, go", long, search.Limits{}},
	} {
		m := New(search.Options{HashMB: hash})
		searchEnds(t, tc.name, m, search.Request{History: tc.history, Limits: tc.limits}, bound)
	}
}

// TestMultiPV: with MultiPV 3 every report gives three lines, ranked 1 to 3, with
// different legal first moves ordered by visits, line 1 starting with the move played.
// MCTS used to ignore MultiPV and print one line.
func TestMultiPV(t *testing.T) {
	p := board.AdjiKui1.Get().StartPosition()
	m := New(search.Options{HashMB: 1, MultiPV: 3})
	var infos []search.Info
	res := m.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Nodes: 3000},
		Info: func(i search.Info) { infos = append(infos, i) }}, &search.Control{})
	if len(infos) < 3 {
		t.Fatalf("%d info lines, want three per report", len(infos))
	}
	last := infos[len(infos)-3:]
	visits := map[board.Move]uint32{}
	root := &m.tree.nodes[0]
	for c := root.first; c < root.first+int32(root.count); c++ {
		visits[m.tree.nodes[c].move] = m.tree.nodes[c].visits
	}
	for i, info := range last {
		if info.MultiPV != i+1 || len(info.PV) == 0 {
			t.Fatalf("line %d: multipv %d, pv %v", i+1, info.MultiPV, info.PV)
		}
		q := p
		for _, mv := range info.PV {
			var err error
			if q, err = q.Play(mv); err != nil {
				t.Fatalf("line %d: pv %v: %v", i+1, info.PV, err)
			}
		}
		if i > 0 && visits[info.PV[0]] > visits[last[i-1].PV[0]] {
			t.Errorf("line %d (%d visits) outranks line %d (%d visits)",
				i, visits[last[i-1].PV[0]], i+1, visits[info.PV[0]])
		}
		if i > 0 && info.PV[0] == last[i-1].PV[0] {
			t.Errorf("lines %d and %d start with the same move", i, i+1)
		}
	}
	if last[0].PV[0] != res.Best {
		t.Errorf("line 1 starts with %v, the search played %v", last[0].PV[0], res.Best)
	}
}

func TestASingleLegalMoveIsSearchedForItsScore(t *testing.T) {
	searchtest.SkipRealTime(t)
	// South has a single legal move in this Je ki n je position.
	p := pos(t, "je-ki-n-je", "3,3,3,3,3,3/0,0,5,0,0,0 S 13 12 -")
	var cl board.ChildList
	if p.Generate(&cl); cl.N != 1 {
		t.Fatalf("%d legal moves, want 1", cl.N)
	}
	only := cl.Children[0].Move
	m := New(search.Options{HashMB: 16})
	var ctl search.Control
	clock := search.Limits{Time: [2]time.Duration{10 * time.Second, 10 * time.Second}}
	res := m.Search(search.Request{History: []board.Position{p}, Limits: clock}, &ctl)
	// Stopped at once, the answer would rest on a playout or two.
	if res.Best != only || res.Nodes < 100 {
		t.Errorf("best %v after %d playouts, want %v after at least 100", res.Best, res.Nodes, only)
	}
}

// TestProvesTheSolversResultsWithExtraTurns lets MCTS prove positions of small Kalah
// boards (extra turns on nearly every other move: rewards and proofs must not be
// reversed there) and checks each proven result, win, loss or draw, against the exact
// solver's margin, and that the move chosen keeps it.
func TestProvesTheSolversResultsWithExtraTurns(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 3))
	proven := 0
	for _, name := range []string{"kalah-2-3", "kalah-3-2", "kalah-3-2-standard"} {
		for range 8 {
			v, err := board.VariantByName(name)
			if err != nil {
				t.Fatal(err)
			}
			g, ok := board.RandomOpening(v.StartPosition(), rng.IntN(5), rng)
			if !ok {
				continue
			}
			p := g.Position()
			want, _, _ := solve.New(4).Solve(nil, p, 0, nil)
			res, _ := searchNodes(t, []board.Position{p}, 400000)
			if !res.Score.Mate && res.Score.Value != 0 {
				continue // not proven within the budget
			}
			if res.Score.Mate && (res.Score.Value > 0) != (want > 0) || !res.Score.Mate && want != 0 {
				t.Fatalf("%s %q: MCTS proves %+v, the solver's margin is %d", name, p.String(), res.Score, want)
			}
			q, _ := p.Play(res.Best)
			after, _, _ := solve.New(4).Solve([]board.Position{p}, q, 0, nil)
			if q.SideToMove() != p.SideToMove() {
				after = -after
			}
			if (after > 0) != (want > 0) || (after < 0) != (want < 0) {
				t.Fatalf("%s %q: best move %s leads to margin %d, the position's is %d", name, p.String(),
					p.Variant().FormatMove(res.Best), after, want)
			}
			proven++
		}
	}
	if proven < 15 {
		t.Fatalf("only %d positions proven: too few to test", proven)
	}
}

// TestProvenRootKeepsItsDepth: a root the previous search proved is answered again
// without an iteration; its info lines still carry a depth (the proven line's
// length), not depth 0 (issue 33: depth 0 on every search after the first).
func TestProvenRootKeepsItsDepth(t *testing.T) {
	p := pos(t, "je-ki-n-je", "0,0,0,0,1,0/0,0,0,1,0,0 S 23 23 -")
	m := New(search.Options{HashMB: 16})
	for i := range 3 {
		var ctl search.Control
		var infos []search.Info
		res := m.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Nodes: 1000},
			Info: func(in search.Info) { infos = append(infos, in) }}, &ctl)
		if !res.Score.Mate || len(infos) == 0 {
			t.Fatalf("search %d: score %v, %d info lines; want a proven result reported", i+1, res.Score, len(infos))
		}
		for _, in := range infos {
			if in.Depth < 1 || in.SelDepth < in.Depth || in.Depth > len(in.PV) {
				t.Errorf("search %d: depth %d seldepth %d for a line of %d moves", i+1, in.Depth, in.SelDepth, len(in.PV))
			}
		}
	}
}
