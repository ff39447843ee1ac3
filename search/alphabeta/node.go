package alphabeta

import (
	"mancala/board"
	"mancala/search"
)

// Move ordering: the table's move first (searched before the rest are generated),
// then the rest by how well the mover's static evaluation likes the position after
// the move, plus their history score (within ±historyMax). Measured on the bench
// suite this halved the nodes of the two-row games against killer moves and history
// alone.
const (
	evalWeight = 16 // ordering-key units per centiseed of evaluation
	historyMax = 1 << 14
)

// search is the principal-variation search of the node p at ply plies below the
// root, depth plies from the horizon, in the window (alpha, beta); pvNode is true on
// the principal variation (open window), false in null-window searches. p is the
// newest position on t.path. The result is meaningless if t.stopped is set.
//
// Loop endings make scores depend on the path: a line that returns to a position of
// the game or the path ends there. The search tracks in t.loopFloor the lowest path
// index such a loop returned to; a node whose subtree looped back above itself stores
// only its best move in the table, never the score. A score stored without loops may
// still be reused on another path where a loop would have ended a line earlier
// (the graph-history interaction every engine with a table accepts).
func (t *thread) search(p *board.Position, alpha, beta, depth, ply int, pvNode bool) int {
	if t.poll() {
		return 0
	}
	t.selDepth = max(t.selDepth, ply)
	fr := &t.stack[ply]
	fr.pvLen = 0
	self := t.path.Len() - 1
	estimates := t.estimates
	if j, ok := t.path.Repeated(); ok {
		t.loopFloor = min(t.loopFloor, j)
		return t.run.draws.Result(p.LoopResult(), p.SideToMove(), ply)
	}
	// The endgame table's bounds hold for a position that is not a repetition, on
	// any path: a result they prove ends the line here (but not the value of the
	// moves other than an excluded one).
	if eg := t.run.endgames; eg != nil && fr.excluded == board.NoMove {
		if lo, hi, ok := eg.Probe(p); ok {
			t.tbHits++
			if v, cut := search.TableCut(p, lo, hi, ply, alpha, beta, t.run.draws[p.SideToMove()]); cut {
				return v
			}
		}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return t.quiesce(p, alpha, beta, ply, quiesceDepth(p))
	}

	key := p.Hash()
	ttMove := board.NoMove
	e, ttHit := t.run.tt.probe(key)
	if ttHit {
		ttMove = e.move
		if !pvNode && e.depth >= depth && fr.excluded == board.NoMove {
			v := fromTT(e.score, ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				if !e.proven {
					t.estimates++
				}
				return v
			}
		}
	}

	if !pvNode && fr.excluded == board.NoMove {
		if v, ok := t.futile(p, beta, depth); ok {
			t.estimates++
			return v
		}
	}
	// Internal iterative reduction: a node the table knows no move for is searched
	// one ply shallower; its best move then seeds the deeper search of a later
	// iteration, at a fraction of the cost of a full-depth search ordered blind.
	if ttMove == board.NoMove && depth >= iirDepth {
		depth--
	}

	ext := 0
	if ttHit && fr.excluded == board.NoMove {
		x, v, cut := t.singular(p, e, depth, ply, beta)
		if t.stopped {
			return 0
		}
		if cut {
			t.estimates++ // the table's score less a margin
			return v
		}
		ext = x
	}
	if ttMove == fr.excluded {
		ttMove = board.NoMove // the singular search tries every other move
	}

	// The table's move is made and searched alone first: it cuts off often enough
	// that generating and ordering the other moves before it is mostly wasted.
	cl := &fr.children
	fr.ttMove, fr.ordered = ttMove, false
	if p.PlayInto(ttMove, &cl.Children[0].Pos) {
		cl.Children[0].Move = ttMove
		cl.N, fr.ttIdx, fr.staged = 1, 0, true
		if depth >= 2 {
			t.run.tt.prefetch(cl.Children[0].Pos.Hash())
		}
	} else {
		t.generate(p, fr, depth)
		if cl.N == 0 {
			return t.run.draws.Result(p.NoChildResult(), p.SideToMove(), ply)
		}
	}

	outerFloor := t.loopFloor
	t.loopFloor = maxInt
	alphaOrig := alpha
	best, bestMove := -search.Infinite, board.NoMove
	next := &t.stack[ply+1]
	for n := 0; ; n++ {
		c := t.nextChild(p, fr, n, depth)
		if c == nil {
			break
		}
		if c.Move == fr.excluded {
			continue
		}
		t.path.Push(&c.Pos)
		var v int
		if n == 0 {
			d := depth - 1
			if c.Move == ttMove {
				d += ext
			}
			v = t.child(p, &c.Pos, alpha, beta, d, ply, pvNode)
		} else {
			// Late-move reductions: later moves, which ordering expects to be
			// worse, get a shallower null-window search first and a full one
			// only if they beat alpha.
			r := reduction(depth, n)
			v = t.child(p, &c.Pos, alpha, alpha+1, depth-1-r, ply, false)
			if r > 0 && v > alpha && !t.stopped {
				v = t.child(p, &c.Pos, alpha, alpha+1, depth-1, ply, false)
			}
			if pvNode && v > alpha && v < beta && !t.stopped {
				v = t.child(p, &c.Pos, alpha, beta, depth-1, ply, true)
			}
		}
		t.path.Pop()
		if t.stopped {
			return 0
		}
		if v <= best {
			continue
		}
		best = v
		if v <= alpha {
			continue
		}
		bestMove = c.Move
		if pvNode {
			fr.pv[0] = c.Move
			fr.pvLen = 1 + copy(fr.pv[1:], next.pv[:next.pvLen])
		}
		if v >= beta {
			t.rewardCutoff(fr, p.SideToMove(), c.Move, depth, n)
			break
		}
		alpha = v
	}

	floor := t.loopFloor
	t.loopFloor = min(outerFloor, floor)
	bound := boundExact
	switch {
	case floor < self:
		bound = boundNone
	case best >= beta:
		bound = boundLower
	case best <= alphaOrig:
		bound = boundUpper
	}
	if t.estimates == estimates {
		bound |= provenFlag
	}
	if fr.excluded == board.NoMove { // else the value of some moves only
		t.run.tt.store(key, toTT(best, ply), bestMove, depth, bound)
	}
	return best
}

// child searches c, a child of p (the node at ply), in p's window (alpha, beta) and
// returns its value for p's side to move: the child's own value negated when the
// move passed the turn, as it is when the mover moves again (an extra turn).
func (t *thread) child(p, c *board.Position, alpha, beta, depth, ply int, pvNode bool) int {
	if c.SideToMove() == p.SideToMove() {
		return t.search(c, alpha, beta, depth, ply+1, pvNode)
	}
	return -t.search(c, -beta, -alpha, depth, ply+1, pvNode)
}

// generate fills fr.children with every child of p and orders them for nextChild:
// the table's move (fr.ttMove) first, then the others in the order Generate lists
// them, for orderMoves to key.
func (t *thread) generate(p *board.Position, fr *frame, depth int) {
	cl := &fr.children
	p.Generate(cl)
	fr.staged = false
	if depth >= 2 { // children at depth 1 or more probe the table
		for i := 0; i < cl.N; i++ {
			t.run.tt.prefetch(cl.Children[i].Pos.Hash())
		}
	}
	fr.ttIdx = -1
	for i := 0; i < cl.N; i++ {
		fr.order[i] = uint8(i)
		if cl.Children[i].Move == fr.ttMove {
			fr.ttIdx = i
		}
	}
	if fr.ttIdx > 0 {
		fr.order[0], fr.order[fr.ttIdx] = fr.order[fr.ttIdx], fr.order[0]
	}
}

// nextChild returns the n-th child of p to search, or nil when all were tried: the
// table's move first, then the others best-keyed first. The others are generated
// only once the table's move, searched alone, has not cut off, and keyed only when
// first needed.
func (t *thread) nextChild(p *board.Position, fr *frame, n, depth int) *board.Child {
	if n == 1 && fr.staged {
		t.generate(p, fr, depth)
	}
	cl := &fr.children
	switch {
	case n >= cl.N:
		return nil
	case n == 0 && fr.ttIdx >= 0:
		return &cl.Children[fr.ttIdx]
	}
	if !fr.ordered {
		t.orderMoves(fr, p.SideToMove(), n)
		fr.ordered = true
	}
	return &cl.Children[t.pick(fr, n, cl.N)]
}

// historyIndex maps a move to its slot in the history table: a hole, a hole sown
// clockwise by the mover's choice (board.Clockwise), or the pass.
func historyIndex(m board.Move) int {
	if m == board.Pass {
		return 2 * board.MaxHoles
	}
	return int(m)
}

// orderMoves gives the children fr.order[from:] their ordering keys.
func (t *thread) orderMoves(fr *frame, side board.Side, from int) {
	cl := &fr.children
	h := &t.hist[side]
	for k := from; k < cl.N; k++ {
		c := &cl.Children[fr.order[k]]
		// The child's evaluation is from its side to move's point of view: the
		// opponent's, unless the mover moves again.
		e := int32(search.ClampEval(t.run.eval(&c.Pos)))
		if c.Pos.SideToMove() != side {
			e = -e
		}
		fr.keys[k] = h[historyIndex(c.Move)] + evalWeight*e
	}
}

// pick moves the best-keyed of the children n..count-1 to place n of the order and
// returns its child index (selection sort: cut-offs usually come early).
func (t *thread) pick(fr *frame, n, count int) int {
	best := n
	for i := n + 1; i < count; i++ {
		if fr.keys[i] > fr.keys[best] {
			best = i
		}
	}
	fr.keys[n], fr.keys[best] = fr.keys[best], fr.keys[n]
	fr.order[n], fr.order[best] = fr.order[best], fr.order[n]
	return int(fr.order[n])
}

// rewardCutoff updates the history after move m, the n-th tried, refuted the node:
// m gains, the moves tried before it lose.
func (t *thread) rewardCutoff(fr *frame, side board.Side, m board.Move, depth, n int) {
	bonus := int32(min(depth*depth, 400))
	h := &t.hist[side]
	update := func(i int, b int32) {
		h[i] += b - h[i]*max(b, -b)/historyMax
	}
	update(historyIndex(m), bonus)
	for k := 0; k < n; k++ {
		update(historyIndex(fr.children.Children[fr.order[k]].Move), -bonus)
	}
}
