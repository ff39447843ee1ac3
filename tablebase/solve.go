package tablebase

import (
	"sync"
	"sync/atomic"

	"mancala/board"
)

// Solving one seed count k, the smaller counts being done, in two steps.
//
// 1. Generate (all workers): every board's moves are generated once. A move that
// captures leads to a smaller count whose bounds are final, so all of them fold into
// one pair of bounds per board, base; a board without moves gets its game-end value
// as base. The moves that capture nothing lead to boards of k seeds: their indexes
// are kept, the graph of non-capturing moves. Each board also keeps its own
// loop-ending value, which is what a move into it scores if it repeats.
//
// 2. Solve (one goroutine): Tarjan's algorithm over the kept graph finds its
// strongly connected components and finishes each one after every component its
// moves lead to, so a component is solved as soon as it is found: its boards'
// moves out of it reach final bounds. Within the component a worklist applies the
// bound inequalities (moves inside it widened by the loop ending, the rest as they
// are), re-evaluating a board only when a move of it leads to a board whose bounds
// moved, until nothing can move. A board alone in its component, without a move to
// itself, takes one evaluation.
//
// The result is the same as the passes over the whole count that the first builder
// made: each update is monotone (tighter child bounds give tighter parent bounds)
// and only ever tightens, so from the trivial bounds every order of updates that
// stops at a fixpoint stops at the same one, the least fixpoint above the trivial
// bounds. The tests check it against that builder byte for byte.

// graph is the non-capturing move graph of one seed count and what each board gets
// from its other moves.
type graph struct {
	k     int
	size  uint64
	nodes []node     // per board
	edges [][]uint32 // per chunk of boards: the non-capturing moves' target indexes
	evals uint64     // evaluations of a board's bounds while solving
}

// node is what the build keeps of one board of the seed count being solved, in 16
// bytes: the component search and the evaluations read a board's entry at a random
// index for every move, and this way one cache line serves both.
type node struct {
	num    uint32 // component search: 0 unvisited, then its index or low link, solved when done; its place in its component while that is solved
	start  uint32 // where its non-capturing moves start in its chunk's edges
	base   uint16 // bounds from capturing moves, or the game-end value
	lo, hi int8   // its bounds
	loop   int8   // its loop-ending value for the side to move
	deg    uint8  // number of non-capturing moves
	inComp bool   // a member of the component being solved
}

// solved is the num of a board whose component is solved: above every index.
const solved = ^uint32(0)

// targets returns the boards of k seeds that board i's non-capturing moves lead to.
func (g *graph) targets(i uint32) []uint32 {
	n := &g.nodes[i]
	return g.edges[i/chunk][n.start : n.start+uint32(n.deg)]
}

// generator is one worker's state while generating moves.
type generator struct {
	t     *Table
	v     *board.Variant
	k     int
	holes []int
	pos   board.Position
	cl    board.ChildList
}

// position returns the board in g.holes with South to move.
func (g *generator) position() board.Position {
	p, err := g.v.PositionFrom(g.holes, board.South, g.v.Seeds-g.k, 0)
	if err != nil {
		panic("tablebase: " + err.Error()) // the cursor makes only valid boards
	}
	return p
}

// chunkOf generates the moves of boards from..to-1 into g, appending the chunk's
// edges to buf.
func (gen *generator) chunkOf(g *graph, from, to uint64, buf []uint32) []uint32 {
	c := newCursor(gen.k, gen.t.holes, from)
	for i := from; i < to; i++ {
		copy(gen.holes, c.counts[:gen.t.holes])
		gen.pos = gen.position()
		p := &gen.pos // a field, so that board's calls do not move it to the heap
		n := &g.nodes[i]
		n.lo, n.hi = int8(-gen.k), int8(gen.k)
		n.loop = int8(loopValue(p))
		n.start = uint32(len(buf))
		p.Generate(&gen.cl)
		if gen.cl.N == 0 {
			t := terminalValue(p)
			n.base = pack(t, t)
		} else {
			lo, hi := -128, -128
			deg := 0
			for j := 0; j < gen.cl.N; j++ {
				ch := &gen.cl.Children[j].Pos
				captured := ch.Store(board.South) - p.Store(board.South)
				k, idx := rank(ch, gen.t.holes)
				if k == gen.k {
					if captured != 0 {
						panic("tablebase: a move kept every seed on the board yet captured")
					}
					buf = append(buf, uint32(idx))
					deg++
					continue
				}
				clo, chi := gen.t.entry(k, idx)
				lo = max(lo, captured-chi)
				hi = max(hi, captured-clo)
			}
			n.base = pack(lo, hi)
			n.deg = uint8(deg)
		}
		if i+1 < to {
			c.next()
		}
	}
	return buf
}

// generate builds the graph of seed count k with the builder's workers.
func (b *builder) generate(k int) *graph {
	size := layerSize(k, b.t.holes)
	g := &graph{k: k, size: size, nodes: make([]node, size), edges: make([][]uint32, (size+chunk-1)/chunk)}
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < b.opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			gen := &generator{t: b.t, v: b.t.variant, k: k, holes: make([]int, b.t.holes)}
			buf := make([]uint32, 0, 4*chunk)
			for {
				from := next.Add(chunk) - chunk
				if from >= size {
					return
				}
				to := min(from+chunk, size)
				buf = gen.chunkOf(g, from, to, buf[:0])
				g.edges[from/chunk] = append([]uint32(nil), buf...)
				b.layerDone.Add(to - from)
			}
		}()
	}
	wg.Wait()
	return g
}

// frame is a board on the depth-first search stack, the next of its moves to
// follow, and whether it is still the root of its component (no move of its
// subtree reached a board visited before it and not yet solved).
type frame struct {
	node uint32
	next uint8
	root bool
}

// solveGraph finds the components of g in the order they finish in a depth-first
// search and solves each at once, then writes the bounds of every board into layer
// (lo, hi). The search is Pearce's single-word form of Tarjan's algorithm: a board's
// num is its depth-first index, lowered to the smallest index its subtree reaches on
// the stack, and solved (above every index) once its component is done.
func (b *builder) solveGraph(g *graph, layer []byte) {
	nodes := g.nodes
	var stack []uint32 // visited boards that are not a component's root, component not found yet
	var dfs []frame
	index := uint32(0)
	done := uint64(0)
	cs := &componentSolver{}
	for root := range uint32(g.size) {
		if nodes[root].num != 0 {
			continue
		}
		index++
		nodes[root].num = index
		dfs = append(dfs, frame{node: root, root: true})
		for len(dfs) > 0 {
			f := &dfs[len(dfs)-1]
			v := f.node
			if ts := g.targets(v); int(f.next) < len(ts) {
				c := ts[f.next]
				f.next++
				switch n := nodes[c].num; {
				case n == 0:
					index++
					nodes[c].num = index
					dfs = append(dfs, frame{node: c, root: true})
				case n < nodes[v].num: // on the stack (a solved board is above every index)
					nodes[v].num = n
					f.root = false
				}
				continue
			}
			isRoot := f.root
			dfs = dfs[:len(dfs)-1]
			if isRoot {
				top := len(stack)
				for top > 0 && nodes[stack[top-1]].num >= nodes[v].num {
					top--
				}
				stack = append(stack, v)
				members := stack[top:]
				g.evals += g.solveComponent(cs, members)
				stack = stack[:top]
				done += uint64(len(members))
				if done >= chunk {
					b.layerDone.Add(done)
					done = 0
				}
			} else {
				stack = append(stack, v)
			}
			if len(dfs) > 0 {
				u := &dfs[len(dfs)-1]
				if n := nodes[v].num; n < nodes[u.node].num {
					nodes[u.node].num = n
					u.root = false
				}
			}
		}
	}
	b.layerDone.Add(done)
	for i := range nodes {
		layer[2*i], layer[2*i+1] = byte(nodes[i].lo), byte(nodes[i].hi)
	}
}

// componentSolver keeps the buffers that solving a component reuses.
type componentSolver struct {
	first []uint32 // per member, where its predecessors start in preds (one more at the end)
	preds []uint32 // members' predecessors inside the component, as places
	queue []uint32 // ring of places whose bounds may move
	inQ   []bool   // per place: in the queue
}

// solveComponent solves members, a component whose moves out of it lead to solved
// boards, and marks them solved. A lone board without a move to itself takes one
// evaluation. Otherwise a worklist, as in retrograde analysis: every member starts
// on it; a member taken off it is evaluated, and if its bounds moved, its
// predecessors inside the component go back on it. When the worklist is empty no
// inequality can tighten a bound. It returns the number of evaluations.
func (g *graph) solveComponent(cs *componentSolver, members []uint32) uint64 {
	nodes := g.nodes
	if len(members) == 1 {
		m := members[0]
		self := false
		for _, c := range g.targets(m) {
			self = self || c == m
		}
		if !self {
			g.update(m)
			nodes[m].num = solved
			return 1
		}
	}
	n := len(members)
	for p, m := range members {
		nodes[m].num = uint32(p)
		nodes[m].inComp = true
	}
	// Predecessors inside the component, counted, then placed.
	cs.first = grow(cs.first, n+1)
	clear(cs.first)
	edges := 0
	for _, m := range members {
		for _, c := range g.targets(m) {
			if nodes[c].inComp {
				cs.first[nodes[c].num+1]++
				edges++
			}
		}
	}
	for p := 1; p <= n; p++ {
		cs.first[p] += cs.first[p-1]
	}
	cs.preds = grow(cs.preds, edges)
	for p, m := range members {
		for _, c := range g.targets(m) {
			if nodes[c].inComp {
				q := nodes[c].num
				cs.preds[cs.first[q]] = uint32(p)
				cs.first[q]++
			}
		}
	}
	for p := n; p > 0; p-- { // first[q] now holds where q's predecessors end
		cs.first[p] = cs.first[p-1]
	}
	cs.first[0] = 0
	// The worklist, members in the order the search finished them first (a board
	// finishes after the boards it moves to, so those are evaluated first).
	cs.queue = grow(cs.queue, n)
	cs.inQ = grow(cs.inQ, n)
	for p := range n {
		cs.queue[p] = uint32(p)
		cs.inQ[p] = true
	}
	head, count := 0, n
	evals := uint64(0)
	for count > 0 {
		p := cs.queue[head]
		head = (head + 1) % n
		count--
		cs.inQ[p] = false
		evals++
		if !g.update(members[p]) {
			continue
		}
		for _, q := range cs.preds[cs.first[p]:cs.first[p+1]] {
			if !cs.inQ[q] {
				cs.inQ[q] = true
				cs.queue[(head+count)%n] = q
				count++
			}
		}
	}
	for _, m := range members {
		nodes[m].num = solved
		nodes[m].inComp = false
	}
	return evals
}

// grow returns s resliced to n elements, reallocated if it is too short.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, max(n, 2*cap(s)))
	}
	return s[:n]
}

// update applies the bound inequalities of the package doc to board i and reports
// whether its bounds moved. A move to a member of the component being solved may
// meet the loop ending.
func (g *graph) update(i uint32) bool {
	n := &g.nodes[i]
	lo, hi := int(n.lo), int(n.hi)
	if lo == hi {
		return false
	}
	nlo, nhi := unpack(n.base)
	for _, c := range g.targets(i) {
		ch := &g.nodes[c]
		clo, chi := int(ch.lo), int(ch.hi)
		if ch.inComp {
			l := int(ch.loop)
			clo, chi = min(clo, l), max(chi, l)
		}
		nlo = max(nlo, -chi)
		nhi = max(nhi, -clo)
	}
	nlo, nhi = max(lo, nlo), min(hi, nhi)
	if nlo == lo && nhi == hi {
		return false
	}
	n.lo, n.hi = int8(nlo), int8(nhi)
	return true
}
