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
	for _, name := range []string{"je-ki-n-je", "adji-kui-1", "adji-boto", "bao-la-kimasai"} {
		t.Run(name, func(t *testing.T) {
			start := mustPosition(t, name, "")
			margin := futilityMargin[start.Variant().ID]
			if margin == 0 {
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
			for i := 0; i < 100; i++ {
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
	for _, name := range []string{"je-ki-n-je", "adji-kui-1", "adji-boto", "bao-la-kimasai"} {
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
