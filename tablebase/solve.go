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
	base  []uint16   // per board: bounds from capturing moves, or the game-end value
	loop  []int8     // per board: its loop-ending value for the side to move
	deg   []uint8    // per board: number of non-capturing moves
	start []uint32   // per board: where its moves start in its chunk's edges
	edges [][]uint32 // per chunk of boards: the non-capturing moves' target indexes
	evals uint64     // evaluations of a board's bounds while solving
}

// targets returns the boards of k seeds that board i's non-capturing moves lead to.
func (g *graph) targets(i uint64) []uint32 {
	s := g.start[i]
	return g.edges[i/chunk][s : s+uint32(g.deg[i])]
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
		g.loop[i] = int8(loopValue(p))
		g.start[i] = uint32(len(buf))
		p.Generate(&gen.cl)
		if gen.cl.N == 0 {
			t := terminalValue(p)
			g.base[i] = pack(t, t)
		} else {
			lo, hi := -128, -128
			n := 0
			for j := 0; j < gen.cl.N; j++ {
				ch := &gen.cl.Children[j].Pos
				captured := ch.Store(board.South) - p.Store(board.South)
				k, idx := rank(ch, gen.t.holes)
				if k == gen.k {
					if captured != 0 {
						panic("tablebase: a move kept every seed on the board yet captured")
					}
					buf = append(buf, uint32(idx))
					n++
					continue
				}
				clo, chi := gen.t.entry(k, idx)
				lo = max(lo, captured-chi)
				hi = max(hi, captured-clo)
			}
			g.base[i] = pack(lo, hi)
			g.deg[i] = uint8(n)
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
	g := &graph{k: k, size: size,
		base: make([]uint16, size), loop: make([]int8, size), deg: make([]uint8, size),
		start: make([]uint32, size), edges: make([][]uint32, (size+chunk-1)/chunk)}
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

// frame is a board on the depth-first search stack and the next of its moves to follow.
type frame struct {
	node uint32
	next uint8
}

// solve finds the components of g in the order Tarjan's algorithm finishes them and
// solves each at once, writing the bounds of every board into layer (lo, hi).
func (b *builder) solveGraph(g *graph, layer []byte) {
	size := g.size
	for i := uint64(0); i < size; i++ {
		layer[2*i], layer[2*i+1] = byte(int8(-g.k)), byte(int8(g.k))
	}
	order := make([]uint32, size) // depth-first number from 1; 0 = not yet visited
	low := make([]uint32, size)   // lowlink while on the stack; component number after
	done := make([]uint64, (size+63)/64)
	var stack []uint32
	var dfs []frame
	counter, comps := uint32(0), uint32(0)
	solved := uint64(0)
	cs := &componentSolver{local: order} // a member's depth-first number is no longer needed
	for root := uint64(0); root < size; root++ {
		if order[root] != 0 {
			continue
		}
		dfs = append(dfs, frame{node: uint32(root)})
		counter++
		order[root], low[root] = counter, counter
		stack = append(stack, uint32(root))
		for len(dfs) > 0 {
			f := &dfs[len(dfs)-1]
			if ts := g.targets(uint64(f.node)); int(f.next) < len(ts) {
				c := ts[f.next]
				f.next++
				switch {
				case order[c] == 0:
					counter++
					order[c], low[c] = counter, counter
					stack = append(stack, c)
					dfs = append(dfs, frame{node: c})
				case done[c/64]&(1<<(c%64)) == 0: // on the stack
					low[f.node] = min(low[f.node], order[c])
				}
				continue
			}
			v := f.node
			dfs = dfs[:len(dfs)-1]
			if len(dfs) > 0 {
				u := dfs[len(dfs)-1].node
				low[u] = min(low[u], low[v])
			}
			if low[v] == order[v] {
				top := len(stack) - 1
				for stack[top] != v {
					top--
				}
				members := stack[top:]
				for _, w := range members {
					done[w/64] |= 1 << (w % 64)
					low[w] = comps
				}
				g.evals += g.solveComponent(cs, members, low, comps, layer)
				stack = stack[:top]
				comps++
				solved += uint64(len(members))
				if solved >= chunk {
					b.layerDone.Add(solved)
					solved = 0
				}
			}
		}
	}
	b.layerDone.Add(solved)
}

// componentSolver keeps the buffers that solving a component reuses.
type componentSolver struct {
	local []uint32 // per board of the count: its place in the component being solved
	first []uint32 // per member, where its predecessors start in preds (one more at the end)
	preds []uint32 // members' predecessors inside the component, as places
	queue []uint32 // ring of places whose bounds may move
	inQ   []bool   // per place: in the queue
}

// solveComponent solves the boards of component id, whose moves out of it lead to
// solved boards; comp[c] is the component of every board c those moves reach. A
// lone board without a move to itself takes one evaluation. Otherwise a worklist,
// as in retrograde analysis: every member starts on it; a member taken off it is
// evaluated, and if its bounds moved, its predecessors inside the component go back
// on it. When the worklist is empty no inequality can tighten a bound. It returns
// the number of evaluations.
func (g *graph) solveComponent(cs *componentSolver, members []uint32, comp []uint32, id uint32, layer []byte) uint64 {
	if len(members) == 1 {
		m := members[0]
		self := false
		for _, c := range g.targets(uint64(m)) {
			self = self || c == m
		}
		if !self {
			g.update(m, comp, id, layer)
			return 1
		}
	}
	n := len(members)
	for p, m := range members {
		cs.local[m] = uint32(p) + 1 // never 0, which would mark an unvisited board
	}
	// Predecessors inside the component, counted, then placed.
	cs.first = grow(cs.first, n+1)
	clear(cs.first)
	edges := 0
	for _, m := range members {
		for _, c := range g.targets(uint64(m)) {
			if comp[c] == id {
				cs.first[cs.local[c]]++
				edges++
			}
		}
	}
	for p := 1; p <= n; p++ {
		cs.first[p] += cs.first[p-1]
	}
	cs.preds = grow(cs.preds, edges)
	for p, m := range members {
		for _, c := range g.targets(uint64(m)) {
			if comp[c] == id {
				q := cs.local[c] - 1
				cs.preds[cs.first[q]] = uint32(p)
				cs.first[q]++
			}
		}
	}
	for p := n; p > 0; p-- { // first[q] now holds where q's predecessors end
		cs.first[p] = cs.first[p-1]
	}
	cs.first[0] = 0
	// The worklist, members in reverse depth-first order first (moves tend to lead
	// to later members, so those are evaluated before the boards that move to them).
	cs.queue = grow(cs.queue, n)
	cs.inQ = grow(cs.inQ, n)
	for p := range n {
		cs.queue[p] = uint32(n - 1 - p)
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
		if !g.update(members[p], comp, id, layer) {
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
// whether its bounds moved. A move inside component id may meet the loop ending.
func (g *graph) update(i uint32, comp []uint32, id uint32, layer []byte) bool {
	lo, hi := int(int8(layer[2*i])), int(int8(layer[2*i+1]))
	if lo == hi {
		return false
	}
	nlo, nhi := unpack(g.base[i])
	for _, c := range g.targets(uint64(i)) {
		clo, chi := int(int8(layer[2*c])), int(int8(layer[2*c+1]))
		if comp[c] == id {
			l := int(g.loop[c])
			clo, chi = min(clo, l), max(chi, l)
		}
		nlo = max(nlo, -chi)
		nhi = max(nhi, -clo)
	}
	nlo, nhi = max(lo, nlo), min(hi, nhi)
	if nlo == lo && nhi == hi {
		return false
	}
	layer[2*i], layer[2*i+1] = byte(int8(nlo)), byte(int8(nhi))
	return true
}
