package alphabeta

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
	"mancala/search"
)

// TestFutilityPruning checks reverse futility pruning in positions of random games of
// every variant: a null-window node whose static evaluation beats beta by the margin
// fails high on it after visiting itself alone; a window one centiseed higher, a
// principal-variation node, or a position where the game may be over is searched.
func TestFutilityPruning(t *testing.T) {
	for _, v := range board.Samples() {
		name := v.Name
		t.Run(name, func(t *testing.T) {
			start := mustPosition(t, name, "")
			margin := start.Variant().Profile.Search.FutilityMargin
			if margin <= 0 {
				t.Skip("no futility pruning in this game")
			}
			th := mainThread(start)
			// nodes searches p from scratch and returns its value and node count.
			nodes := func(p *board.Position, beta, depth int, pvNode bool) (int, uint64) {
				th.run.tt.clear()
				th.path.Reset([]board.Position{*p})
				before := th.nodes
				alpha := beta - 1
				if pvNode {
					alpha = -search.Infinite
				}
				v := th.search(p, alpha, beta, depth, 1, pvNode)
				return v, th.nodes - before
			}
			rng := rand.New(rand.NewPCG(5, uint64(len(name))))
			cut, overSearched := 0, 0
			positions := 100
			if raceEnabled {
				positions = 25
			}
			for i := 0; i < positions; i++ {
				// A random game that cannot go on stops where every move ends it:
				// such positions are the ones where the game may be over.
				g, _ := board.RandomOpening(start, 2+rng.IntN(600), rng)
				p := g.Position()
				var cl board.ChildList
				if p.Generate(&cl); cl.N == 0 {
					continue
				}
				depth := 1 + rng.IntN(futilityDepth)
				ev := search.ClampEval(th.run.eval(&p))
				beta := ev - margin*depth
				if p.MayBeOver() {
					if _, n := nodes(&p, beta, depth, false); n == 1 {
						t.Fatalf("%q: a position where the game may be over was cut", p.String())
					}
					overSearched++
					continue
				}
				if v, n := nodes(&p, beta, depth, false); v != ev || n != 1 {
					t.Fatalf("%q depth %d beta %d: value %d after %d nodes, want the evaluation %d after 1", p.String(), depth, beta, v, n, ev)
				}
				if _, n := nodes(&p, beta+1, depth, false); n == 1 {
					t.Fatalf("%q depth %d: cut with beta one above the margin", p.String(), depth)
				}
				if _, n := nodes(&p, beta, depth, true); n == 1 {
					t.Fatalf("%q depth %d: a principal-variation node was cut", p.String(), depth)
				}
				if _, n := nodes(&p, beta, futilityDepth+1, false); n == 1 {
					t.Fatalf("%q: cut at depth %d", p.String(), futilityDepth+1)
				}
				cut++
			}
			t.Logf("%d cut, %d where the game may be over", cut, overSearched)
			if cut == 0 {
				t.Errorf("no position tested the cut (%d where the game may be over)", overSearched)
			}
		})
	}
}

// TestReductionGrowsWithDepthAndOrder checks the late-move reductions: none for the
// first two moves or below depth 3, never more with less depth or an earlier move, and
// some reductions of 2 plies or more at the depths the search reaches.
func TestReductionGrowsWithDepthAndOrder(t *testing.T) {
	deep := 0
	for d := 1; d < maxPly; d++ {
		for n := 0; n < board.MaxMoves; n++ {
			r := reduction(d, n)
			if (d < 3 || n < 2) && r != 0 {
				t.Fatalf("depth %d move %d: reduced by %d", d, n, r)
			}
			if r < 0 || r >= d {
				t.Fatalf("depth %d move %d: reduction %d", d, n, r)
			}
			if d > 1 && reduction(d-1, n) > r || n > 0 && reduction(d, n-1) > r {
				t.Fatalf("depth %d move %d: reduction %d below a shallower or earlier one", d, n, r)
			}
			if r >= 2 {
				deep++
			}
		}
	}
	if deep == 0 {
		t.Error("no reduction of 2 plies or more")
	}
}

// TestIIRReducesNodesWithoutTableMove checks internal iterative reduction through the
// depth the search stores in the table: a node the table has no move for is searched
// a ply shallower from iirDepth on, and at its full depth once the table has a move
// or below iirDepth.
func TestIIRReducesNodesWithoutTableMove(t *testing.T) {
	for _, v := range board.Samples() {
		name := v.Name
		t.Run(name, func(t *testing.T) {
			start := mustPosition(t, name, "")
			th := mainThread(start)
			// stored searches p at depth as a principal-variation node and returns
			// the depth of the table entry it left.
			stored := func(p *board.Position, depth int) int {
				th.path.Reset([]board.Position{*p})
				th.search(p, -search.Infinite, search.Infinite, depth, 1, true)
				e, ok := th.run.tt.probe(p.Hash())
				if !ok {
					t.Fatalf("%q: no table entry after a search at depth %d", p.String(), depth)
				}
				return int(e.depth)
			}
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			for i := 0; i < 10; i++ {
				g, ok := board.RandomOpening(start, 2+rng.IntN(40), rng)
				if !ok {
					continue
				}
				p := g.Position()
				for _, c := range []struct{ depth, want int }{{iirDepth - 1, iirDepth - 1}, {iirDepth + 1, iirDepth}} {
					th.run.tt.clear()
					if got := stored(&p, c.depth); got != c.want {
						t.Fatalf("%q at depth %d without a table move: stored depth %d, want %d", p.String(), c.depth, got, c.want)
					}
				}
				// The entry just stored gives the node a table move.
				if got := stored(&p, iirDepth+1); got != iirDepth+1 {
					t.Fatalf("%q at depth %d with a table move: stored depth %d", p.String(), iirDepth+1, got)
				}
			}
		})
	}
}

// TestExcludedMoveIsLeftOut checks the search a singular test runs: with a move of the
// node excluded, a depth-1 search returns the best value of the other moves (each
// searched as the node would search it), and stores nothing for the node in the
// table.
func TestExcludedMoveIsLeftOut(t *testing.T) {
	for _, v := range board.Samples() {
		name := v.Name
		t.Run(name, func(t *testing.T) {
			start := mustPosition(t, name, "")
			th := mainThread(start)
			rng := rand.New(rand.NewPCG(9, uint64(len(name))))
			tried := 0
			positions := 40
			if raceEnabled {
				positions = 10
			}
			for i := 0; i < positions; i++ {
				g, ok := board.RandomOpening(start, 2+rng.IntN(60), rng)
				if !ok {
					continue
				}
				p := g.Position()
				var cl board.ChildList
				if p.Generate(&cl); cl.N < 2 {
					continue
				}
				values := make([]int, cl.N)
				for k := 0; k < cl.N; k++ {
					th.path.Reset([]board.Position{p, cl.Children[k].Pos})
					c := &cl.Children[k].Pos
					values[k] = th.search(c, -search.Infinite, search.Infinite, 0, 2, true)
					if c.SideToMove() != p.SideToMove() { // else an extra turn: the mover's own value
						values[k] = -values[k]
					}
				}
				for k := 0; k < cl.N; k++ {
					want := -search.Infinite
					for j, v := range values {
						if j != k {
							want = max(want, v)
						}
					}
					th.run.tt.clear()
					th.path.Reset([]board.Position{p})
					th.stack[1].excluded = cl.Children[k].Move
					got := th.search(&p, -search.Infinite, search.Infinite, 1, 1, true)
					th.stack[1].excluded = board.NoMove
					if got != want {
						t.Fatalf("%q without %v: value %d, want %d (values %v)", p.String(), cl.Children[k].Move, got, want, values)
					}
					if _, ok := th.run.tt.probe(p.Hash()); ok {
						t.Fatalf("%q: a search without %v stored the node", p.String(), cl.Children[k].Move)
					}
				}
				tried++
			}
			if tried == 0 {
				t.Error("no position with two moves or more")
			}
		})
	}
}

// TestSingularExtension checks when singular extends the table's move or cuts the
// node, in Je ki n je positions from random games searched to a modest value: a table
// score far above what any other move reaches makes the move singular; one far below
// does not, and cuts the node at singularBeta when beta is no higher, but not when
// beta is above it; a position's only move always is singular; and an entry that is
// an upper bound, too shallow, a proven result, or at a node below singularDepth is
// not tested at all.
func TestSingularExtension(t *testing.T) {
	start := mustPosition(t, "je-ki-n-je", "")
	th := mainThread(start)
	depth := singularDepth + 2
	// ext plants entry e for p and returns singular's extension with the window's
	// beta set to far above any value, and the nodes it took.
	ext := func(p *board.Position, e ttEntry, depth int) (int, uint64) {
		x, cutAt, n := try(t, th, p, e, depth, search.Infinite)
		if cutAt != noCut {
			t.Fatalf("%q: cut at %d below beta %d", p.String(), cutAt, search.Infinite)
		}
		return x, n
	}
	rng := rand.New(rand.NewPCG(11, 1))
	forced, open := 0, 0
	for i := 0; i < 400 && (forced < 3 || open < 10); i++ {
		g, ok := board.RandomOpening(start, 2+rng.IntN(80), rng)
		if !ok {
			continue
		}
		p := g.Position()
		var cl board.ChildList
		if p.Generate(&cl); cl.N == 0 || p.MayBeOver() {
			continue
		}
		th.run.tt.clear()
		th.path.Reset([]board.Position{p})
		v := th.search(&p, -search.Infinite, search.Infinite, depth, 1, true)
		if v < -1000 || v > 1000 {
			continue // near a proven result: the other moves may reach any score
		}
		m := cl.Children[rng.IntN(cl.N)].Move
		high := ttEntry{score: v + 2000, move: m, depth: depth - 1, bound: boundLower}
		if cl.N == 1 {
			low := high
			low.score = v - 2000
			if x, _ := ext(&p, low, depth); x != 1 {
				t.Fatalf("%q: the only move is not singular", p.String())
			}
			forced++
			continue
		}
		open++
		if x, _ := ext(&p, high, depth); x != 1 {
			t.Fatalf("%q (value %d): %v with a table score of %d is not singular", p.String(), v, m, high.score)
		}
		low := high
		low.score = v - 2000
		if x, _ := ext(&p, low, depth); x != 0 {
			t.Fatalf("%q (value %d): %v with a table score of %d is singular", p.String(), v, m, low.score)
		}
		sBeta := low.score - p.Variant().Profile.Search.SingularMargin*depth
		if x, cutAt, _ := try(t, th, &p, low, depth, sBeta); x != 0 || cutAt != sBeta {
			t.Fatalf("%q (value %d): beta %d at singularBeta gave extension %d and cut %d", p.String(), v, sBeta, x, cutAt)
		}
		if x, cutAt, _ := try(t, th, &p, high, depth, sBeta); x != 1 || cutAt != noCut {
			t.Fatalf("%q (value %d): a singular move gave extension %d and cut %d", p.String(), v, x, cutAt)
		}
		for _, c := range []struct {
			why   string
			e     ttEntry
			depth int
		}{
			{"an upper bound", ttEntry{high.score, m, depth - 1, boundUpper, false}, depth},
			{"a shallow entry", ttEntry{high.score, m, depth - singularSlack - 1, boundLower, false}, depth},
			{"a proven result", ttEntry{toTT(search.Mate-20, 1), m, depth - 1, boundExact, false}, depth},
			{"a shallow node", ttEntry{high.score, m, singularDepth - 2, boundLower, false}, singularDepth - 1},
		} {
			if x, n := ext(&p, c.e, c.depth); x != 0 || n != 0 {
				t.Fatalf("%q: %s gave extension %d after %d nodes", p.String(), c.why, x, n)
			}
		}
	}
	if forced < 3 || open < 10 {
		t.Errorf("%d positions with one move and %d with more, want 3 and 10", forced, open)
	}
}

// noCut is what try reports for a singular test that does not cut the node.
const noCut = -search.Infinite - 1

// try plants table entry e for p and runs th.singular on it at depth with beta, and
// returns the extension, the value the node is cut at (noCut if it is not) and the
// nodes it took. It fails t if the excluded move stays set.
func try(t *testing.T, th *thread, p *board.Position, e ttEntry, depth, beta int) (int, int, uint64) {
	t.Helper()
	th.run.tt.clear()
	th.run.tt.store(p.Hash(), e.score, e.move, e.depth, e.bound)
	th.path.Reset([]board.Position{*p})
	before := th.nodes
	x, v, cut := th.singular(p, e, depth, 1, beta)
	if th.stack[1].excluded != board.NoMove {
		t.Fatalf("%q: the excluded move stayed set", p.String())
	}
	if !cut {
		v = noCut
	}
	return x, v, th.nodes - before
}
