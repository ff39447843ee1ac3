package tablebase

import (
	"math/bits"
	"slices"
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
// 2. Solve: first the workers sweep the boards in index order, solving each board
// whose moves all lead to solved boards (see peel). Then a depth-first search over
// the rest of the kept graph (Pearce's one-word form of Tarjan's algorithm) finds
// its strongly connected components and finishes each one after every component its
// moves lead to, so a component is solved as soon as it is found: its boards' moves
// out of it reach final bounds. Within the component a worklist applies the bound
// inequalities (moves inside it widened by the loop ending, the rest as they are),
// re-evaluating a board only when a move of it leads to a board whose bounds moved,
// until nothing can move. A board alone in its component, without a move to itself,
// takes one evaluation. The search runs on one goroutine; a large component (in
// practice one per seed count, 12% of Adji Kui I's boards and 64% of Je ki n je's at
// 11 seeds, every other component a lone board) is solved first in rounds shared by
// all the workers, its boards taken in index order, then by the worklist once little
// is left to share.
//
// Everything the search and the evaluations need of a board sits in one 16-byte
// node (and the target of its move, when it has one non-capturing move), since
// nearly all the time goes on reading the node of a random board for each move.
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
	num   uint32    // component search: 0 unvisited, then its index or low link, solved when done; its place in its component while that is solved
	start [1]uint32 // its one non-capturing move's target, or where its moves start in its chunk's edges
	state uint32    // its bounds lo and hi, its loop-ending value, inComp (see packState)
	base  uint16    // bounds from capturing moves, or the game-end value
	deg   uint8     // number of non-capturing moves
}

// inComp marks in a node's state a member of the component being solved.
const inComp = 1 << 24

// packState makes a node's state: lo, hi and the loop-ending value as bytes.
func packState(lo, hi, loop int) uint32 {
	return uint32(uint8(int8(lo))) | uint32(uint8(int8(hi)))<<8 | uint32(uint8(int8(loop)))<<16
}

// stateBounds returns the bounds in a node's state.
func stateBounds(s uint32) (lo, hi int) { return int(int8(uint8(s))), int(int8(uint8(s >> 8))) }

// stateLoop returns the loop-ending value in a node's state.
func stateLoop(s uint32) int { return int(int8(uint8(s >> 16))) }

// solved is the num of a board whose component is solved: above every index.
const solved = ^uint32(0)

// targets returns the boards of k seeds that board i's non-capturing moves lead to.
func (g *graph) targets(i uint32) []uint32 {
	n := &g.nodes[i]
	if n.deg == 1 { // the target is kept in the node, which the search has just read
		return n.start[:]
	}
	return g.edges[i/chunk][n.start[0] : n.start[0]+uint32(n.deg)]
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
	south, north := splitStores(g.v, g.k)
	p, err := g.v.PositionFrom(g.holes, board.South, south, north)
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
		n.state = packState(-gen.k, gen.k, loopValue(p))
		n.start[0] = uint32(len(buf))
		p.Generate(&gen.cl)
		if gen.cl.N == 0 {
			t := terminalValue(p)
			n.base = pack(t, t)
		} else {
			lo, hi := -128, -128
			deg := 0
			for j := 0; j < gen.cl.N; j++ {
				ch := &gen.cl.Children[j].Pos
				banked := gained(p, ch)
				k, idx := rank(ch, gen.t.holes)
				if k == gen.k {
					// Seeds leave the board only into the stores, and an extra turn
					// needs a last seed in a store or a capture: a move within the
					// seed count banks nothing and passes the turn.
					if banked != 0 || ch.SideToMove() == board.South {
						panic("tablebase: a move kept every seed on the board yet banked seeds or kept the turn")
					}
					buf = append(buf, uint32(idx))
					deg++
					continue
				}
				clo, chi := gen.t.entry(k, idx)
				if ch.SideToMove() == board.South { // an extra turn: the child's value is the mover's own
					clo, chi = -chi, -clo
				}
				lo = max(lo, banked-chi)
				hi = max(hi, banked-clo)
			}
			n.base = pack(lo, hi)
			n.deg = uint8(deg)
			if deg == 1 {
				n.start[0] = buf[len(buf)-1]
				buf = buf[:len(buf)-1]
			}
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
	b.peel(g)
	nodes := g.nodes
	var stack []uint32 // visited boards that are not a component's root, component not found yet
	var dfs []frame
	index := uint32(0)
	done := uint64(0)
	cs := &componentSolver{workers: b.opt.Workers}
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
		layer[2*i], layer[2*i+1] = byte(nodes[i].state), byte(nodes[i].state>>8)
	}
}

// peel solves, before the search, the boards whose non-capturing moves all lead to
// solved boards (a board without such moves first): each is a component of its own,
// solved by one evaluation from final bounds, as the search would. The workers share
// sweeps over the boards in index order, reading each node where it lies in memory,
// while a sweep solves at least 1/32 of the boards (in Adji Kui I at 11 seeds the
// first three sweeps solve 32% of them, in Je ki n je the first 3%). A board's num
// is read and written atomically here, and its bounds are written before it is
// marked solved, so a board that sees a move's target solved reads final bounds.
func (b *builder) peel(g *graph) {
	for range 8 {
		var next, peeled atomic.Uint64
		var wg sync.WaitGroup
		for range b.opt.Workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n := uint64(0)
				for {
					from := next.Add(chunk) - chunk
					if from >= g.size {
						break
					}
					for i := uint32(from); i < uint32(min(from+chunk, g.size)); i++ {
						if atomic.LoadUint32(&g.nodes[i].num) == solved {
							continue
						}
						ready := true
						for _, c := range g.targets(i) {
							if atomic.LoadUint32(&g.nodes[c].num) != solved {
								ready = false
								break
							}
						}
						if ready {
							g.update(i, false)
							atomic.StoreUint32(&g.nodes[i].num, solved)
							n++
						}
					}
				}
				peeled.Add(n)
			}()
		}
		wg.Wait()
		p := peeled.Load()
		g.evals += p
		b.layerDone.Add(p)
		if p < g.size/32+1 {
			return
		}
	}
}

// componentSolver keeps the buffers that solving a component reuses.
type componentSolver struct {
	workers int      // goroutines solving a large component
	first   []uint32 // per member, where its predecessors start in preds (one more at the end)
	preds   []uint32 // members' predecessors inside the component, as places
	queue   []uint32 // ring of places whose bounds may move
	inQ     []bool   // per place: in the queue
	marks   []uint32 // large components: per place, a bit set while it waits for the next round
}

// parallelMin is the size from which a component, and a round of its solving, is
// shared between the workers: below it the rounds' start and end cost more than
// they save. A variable so that the tests can send every component through rounds.
var parallelMin = 1 << 13

// solveComponent solves members, a component whose moves out of it lead to solved
// boards, and marks them solved. A lone board without a move to itself takes one
// evaluation. Otherwise a worklist, as in retrograde analysis: every member starts
// on it; a member taken off it is evaluated, and if its bounds moved, its
// predecessors inside the component go back on it. When the worklist is empty no
// inequality can tighten a bound. A large component starts with rounds that the
// workers share (see rounds). It returns the number of evaluations.
func (g *graph) solveComponent(cs *componentSolver, members []uint32) uint64 {
	nodes := g.nodes
	if len(members) == 1 {
		m := members[0]
		self := false
		for _, c := range g.targets(m) {
			self = self || c == m
		}
		if !self {
			g.update(m, false)
			nodes[m].num = solved
			return 1
		}
	}
	n := len(members)
	shared := n >= parallelMin && cs.workers > 1
	if shared {
		// Places in index order: the rounds then read the nodes and their moves in
		// the order they lie in memory.
		slices.Sort(members)
	}
	for p, m := range members {
		nodes[m].num = uint32(p)
		nodes[m].state |= inComp
	}
	// Predecessors inside the component, counted, then placed.
	cs.first = grow(cs.first, n+1)
	clear(cs.first)
	edges := 0
	for _, m := range members {
		for _, c := range g.targets(m) {
			if nodes[c].state&inComp != 0 {
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
			if nodes[c].state&inComp != 0 {
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
	count := n
	evals := uint64(0)
	if shared {
		count, evals = g.rounds(cs, members)
	}
	head := 0
	for count > 0 {
		p := cs.queue[head]
		head = (head + 1) % n
		count--
		cs.inQ[p] = false
		evals++
		if !g.update(members[p], false) {
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
		nodes[m].state &^= inComp
	}
	return evals
}

// rounds solves a large component with the workers while there is enough work to
// share. The places in cs.queue[:len(members)] are all to be evaluated; in a round
// the workers take them in slices and evaluate each, reading and writing bounds
// atomically, and a board whose bounds moved puts its predecessors in the next
// round (by a mark; the next round takes the marked places in order). Bounds read while another worker writes are
// true bounds either way, and a board whose child moves is evaluated again in a
// later round, so stopping anywhere leaves the worklist's invariant: every board
// that might move is queued. When a round has fewer than parallelMin places left,
// they go back to cs.queue (count of them returned, with the evaluations made) for
// the one-goroutine worklist to finish.
func (g *graph) rounds(cs *componentSolver, members []uint32) (count int, evals uint64) {
	n := len(members)
	cs.marks = grow(cs.marks, (n+31)/32)
	clear(cs.marks)
	cur := cs.queue[:n]
	var total atomic.Uint64
	for len(cur) >= parallelMin {
		var next atomic.Uint64
		var wg sync.WaitGroup
		for range cs.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				done := uint64(0)
				for {
					from := next.Add(1024) - 1024
					if from >= uint64(len(cur)) {
						break
					}
					for _, p := range cur[from:min(from+1024, uint64(len(cur)))] {
						done++
						if !g.update(members[p], true) {
							continue
						}
						for _, q := range cs.preds[cs.first[p]:cs.first[p+1]] {
							atomic.OrUint32(&cs.marks[q/32], 1<<(q%32))
						}
					}
				}
				total.Add(done)
			}()
		}
		wg.Wait()
		// The next round's places replace this one's at the front of the queue.
		cur = cs.queue[:0]
		for w, m := range cs.marks {
			for ; m != 0; m &= m - 1 {
				cur = append(cur, uint32(32*w+bits.TrailingZeros32(m)))
			}
			cs.marks[w] = 0
		}
	}
	clear(cs.inQ)
	for _, q := range cur {
		cs.inQ[q] = true
	}
	return len(cur), total.Load()
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
// meet the loop ending. With shared, other workers may be updating the
// component's boards: every state is read and written atomically.
func (g *graph) update(i uint32, shared bool) bool {
	n := &g.nodes[i]
	var s uint32
	if shared {
		s = atomic.LoadUint32(&n.state)
	} else {
		s = n.state
	}
	lo, hi := stateBounds(s)
	if lo == hi {
		return false
	}
	nlo, nhi := unpack(n.base)
	for _, c := range g.targets(i) {
		var cst uint32
		if shared {
			cst = atomic.LoadUint32(&g.nodes[c].state)
		} else {
			cst = g.nodes[c].state
		}
		clo, chi := stateBounds(cst)
		if cst&inComp != 0 {
			l := stateLoop(cst)
			clo, chi = min(clo, l), max(chi, l)
		}
		nlo = max(nlo, -chi)
		nhi = max(nhi, -clo)
	}
	nlo, nhi = max(lo, nlo), min(hi, nhi)
	if nlo == lo && nhi == hi {
		return false
	}
	s = s&^0xffff | uint32(uint8(int8(nlo))) | uint32(uint8(int8(nhi)))<<8
	if shared {
		atomic.StoreUint32(&n.state, s)
	} else {
		n.state = s
	}
	return true
}
