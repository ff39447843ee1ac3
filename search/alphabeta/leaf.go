package alphabeta

import (
	"mancala/board"
	"mancala/search"
)

// quiesceDepth is how many plies of captures the quiescence search follows below the
// horizon in p's game (its profile's Search.QuiesceDepth); 0 scores the horizon by
// the evaluation alone.
func quiesceDepth(p *board.Position) int {
	return max(p.Variant().Profile.Search.QuiesceDepth, 0)
}

// quiesce scores a node at the horizon. The side to move may stand on the static
// evaluation or play a move that captures (board's Captured), and the opponent may
// answer the same way, for at most qdepth plies: a line that stops in the middle of
// an exchange is not judged by the evaluation alone. Captures only add to stores in
// the scoring games, so no line of captures returns to an earlier position; in Bao
// la Kimasai one could, after at least two captures each way, and is then scored
// like any other leaf (not a loop ending; unmeasured, believed rare).
func (t *thread) quiesce(p *board.Position, alpha, beta, ply, qdepth int) int {
	fr := &t.stack[ply]
	fr.pvLen = 0
	if qdepth <= 0 || ply >= maxPly-1 {
		return t.leaf(p, fr, ply)
	}
	// The moves are generated only when needed: to see whether the game is over
	// (where MayBeOver cannot rule it out), and to look for captures once standing
	// pat does not already refute the node.
	cl := &fr.children
	generated := p.MayBeOver()
	if generated {
		p.Generate(cl)
		if cl.N == 0 {
			return t.run.draws.Result(p.NoChildResult(), p.SideToMove(), ply)
		}
	}
	best := search.ClampEval(t.run.eval(p))
	t.estimates++
	if best >= beta {
		return best
	}
	alpha = max(alpha, best)
	if !generated {
		p.Generate(cl)
	}
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i]
		if p.Captured(&c.Pos) <= 0 {
			continue
		}
		if t.poll() {
			return 0
		}
		t.selDepth = max(t.selDepth, ply+1)
		var v int
		if c.Pos.SideToMove() == p.SideToMove() { // an extra turn
			v = t.quiesce(&c.Pos, alpha, beta, ply+1, qdepth-1)
		} else {
			v = -t.quiesce(&c.Pos, -beta, -alpha, ply+1, qdepth-1)
		}
		if t.stopped {
			return 0
		}
		if v > best {
			best = v
			if v >= beta {
				break
			}
			alpha = max(alpha, v)
		}
	}
	return best
}

// leaf scores a node where the quiescence search stops: exactly if the game is over
// there, else by the static evaluation. Generating the moves of every such node
// would cost more than the rest of the search, so a cheap test first rules out the
// game being over in nearly every position.
func (t *thread) leaf(p *board.Position, fr *frame, ply int) int {
	if p.MayBeOver() {
		p.Generate(&fr.children)
		if fr.children.N == 0 {
			return t.run.draws.Result(p.NoChildResult(), p.SideToMove(), ply)
		}
	}
	t.estimates++
	return search.ClampEval(t.run.eval(p))
}
