package search

import (
	"math"
	"time"

	"mancala/board"
)

// MCTS is a Monte-Carlo tree searcher: UCT over board positions with an MCTS-solver
// that proves wins, losses and draws (reported as mate scores), and loop endings
// judged against the game's history and the path in the tree. Each new leaf is
// valued by the best squashed static evaluation among its moves, and each of its
// children starts with its own squashed evaluation as a prior; random playouts are
// the alternative, measured weaker (see mctsDefaultTuning). The tree lives in a node
// pool of Options.HashMB megabytes, allocated on the first search, and is kept
// between moves when the game goes on through positions it already holds. A full
// pool stops the tree from growing (leaves are then valued but not expanded): 16 MB
// hold about 230,000 nodes, a few tenths of a second of search.
//
// MCTS is single-threaded: Options.Threads and Options.MultiPV are ignored.
// Limits.Nodes counts iterations; Limits.Depth stops the search once the average
// depth of the iterations' leaves reaches it (or the pool is full).
type MCTS struct {
	opts Options
	tune mctsTuning
	tree *mctsTree
}

// Pool sizes: HashMB megabytes, a default when HashMB is not set, and a floor that
// always holds a root and its children.
const (
	mctsDefaultMB = 64
	mctsMinNodes  = 1024
)

// mctsMaxPV bounds the length of the principal variation reported.
const mctsMaxPV = 64

// NewMCTS returns a Monte-Carlo tree searcher with options o.
func NewMCTS(o Options) *MCTS { return &MCTS{opts: o, tune: mctsDefaultTuning} }

// NewGame drops the tree and restarts the random stream, so that a search with a
// node limit after NewGame is reproducible.
func (m *MCTS) NewGame() {
	if m.tree != nil {
		m.tree.reset()
	}
}

// SetOptions applies o; a new pool size drops the tree.
func (m *MCTS) SetOptions(o Options) {
	if mctsPoolNodes(o) != mctsPoolNodes(m.opts) {
		m.tree = nil
	}
	m.opts = o
}

// mctsPoolNodes is the number of tree nodes that options o allow.
func mctsPoolNodes(o Options) int {
	mb := o.HashMB
	if mb <= 0 {
		mb = mctsDefaultMB
	}
	return min(max(mb<<20/mctsNodeBytes, mctsMinNodes), math.MaxInt32)
}

// Search runs MCTS from the last position of req.History until the limits are
// reached or ctl is stopped, and returns the most visited move (a proven win first,
// a proven loss last).
func (m *MCTS) Search(req Request, ctl *Control) Result {
	start := time.Now()
	none := Result{Best: board.NoMove, Ponder: board.NoMove}
	if len(req.History) == 0 {
		return none
	}
	if m.tree == nil {
		m.tree = newMCTSTree(mctsPoolNodes(m.opts), m.tune)
	}
	t := m.tree
	t.prepare(req.History)
	root := &t.nodes[0]
	loopStart := time.Now() // iteration speed is measured from here
	l := req.Limits

	budget, timed := mctsBudget(l, root.pos.SideToMove(), m.opts.MoveOverhead)
	var deadline time.Time
	if timed && !l.Ponder && !l.Infinite {
		deadline = start.Add(budget)
	}
	clock := timed && l.MoveTime == 0 // free to stop early
	lastReport := start
	var iters uint64
	for {
		waiting := l.Infinite || (l.Ponder && deadline.IsZero() && !mctsPonderHit(ctl))
		fresh := root.first == mctsUnexpanded && root.proof == mctsUnproven
		if ctl.Stopped() && !fresh {
			break // but not before the root has its moves
		}
		if root.proof != mctsUnproven && root.count == 0 {
			break // no legal move: nothing to wait for
		}
		if root.proof != mctsUnproven {
			if !waiting {
				break
			}
			time.Sleep(time.Millisecond)
			continue
		}
		if !waiting && l.Nodes > 0 && iters >= l.Nodes {
			break
		}
		t.iterate()
		iters++
		if iters%8 != 0 {
			continue
		}
		now := time.Now()
		if l.Ponder && deadline.IsZero() && timed {
			if at, ok := ctl.PonderHitAt(); ok {
				deadline = at.Add(budget)
			}
		}
		if !waiting {
			if !deadline.IsZero() && !now.Before(deadline) {
				break
			}
			if l.Depth > 0 && (t.depthSum >= uint64(l.Depth)*iters || t.full) {
				break
			}
			if clock && !deadline.IsZero() && m.decided(now, loopStart, deadline, iters) {
				break
			}
		}
		if now.Sub(lastReport) >= mctsReportEvery {
			report(req, m.info(start, now, iters))
			lastReport = now
		}
	}
	if root.count == 0 {
		return none
	}
	info := m.info(start, time.Now(), iters)
	report(req, info)
	res := Result{Best: info.PV[0], Ponder: board.NoMove, Score: info.Score, Nodes: iters}
	if len(info.PV) > 1 {
		res.Ponder = info.PV[1]
	}
	return res
}

// mctsPonderHit reports whether the ponderhit has come.
func mctsPonderHit(ctl *Control) bool {
	_, ok := ctl.PonderHitAt()
	return ok
}

// decided reports whether the rest of the budget cannot change the choice: there is
// a single legal move, or the most visited root move leads the next by more visits
// than the iterations left at the speed measured since start (once a tenth of the
// time has passed, so that the speed is known).
func (m *MCTS) decided(now, start, deadline time.Time, iters uint64) bool {
	t := m.tree
	root := &t.nodes[0]
	if root.count == 1 {
		return true
	}
	elapsed := now.Sub(start)
	if elapsed < deadline.Sub(start)/10 {
		return false
	}
	var first, second uint32
	for c := root.first; c < root.first+int32(root.count); c++ {
		v := t.nodes[c].visits
		if v > first {
			first, second = v, first
		} else if v > second {
			second = v
		}
	}
	left := float64(deadline.Sub(now)) / float64(elapsed) * float64(iters)
	return float64(first-second) > left
}

// info describes the search so far; its PV starts with the move Search returns.
func (m *MCTS) info(start, now time.Time, iters uint64) Info {
	t := m.tree
	elapsed := now.Sub(start)
	info := Info{
		SelDepth: t.maxDepth,
		Score:    m.rootScore(),
		Nodes:    iters,
		Time:     elapsed,
		HashFull: int(int64(t.used) * 1000 / int64(len(t.nodes))),
		PV:       t.pv(),
	}
	if iters > 0 {
		info.Depth = int((t.depthSum + iters/2) / iters)
	}
	if elapsed > 0 {
		info.NPS = uint64(float64(iters) / elapsed.Seconds())
	}
	return info
}

// rootScore is the root's proven result, or the mean reward of its best move mapped
// back to centiseeds.
func (m *MCTS) rootScore() Score {
	t := m.tree
	root := &t.nodes[0]
	switch root.proof {
	case mctsWin:
		return Score{Mate: true, Value: int(root.plies+1) / 2}
	case mctsLoss:
		return Score{Mate: true, Value: -int(root.plies+1) / 2}
	case mctsDraw:
		return Score{}
	}
	b := t.bestChild(root)
	if b < 0 || t.nodes[b].proof == mctsDraw {
		return Score{}
	}
	return Score{Value: t.unsquash(t.nodes[b].mean(t.tune.priorWeight))}
}

// pv is the line of best children from the root, as far as the tree goes.
func (t *mctsTree) pv() []board.Move {
	var line []board.Move
	n := &t.nodes[0]
	for len(line) < mctsMaxPV {
		c := t.bestChild(n)
		if c < 0 || (len(line) > 0 && t.nodes[c].visits == 0) {
			break
		}
		line = append(line, t.nodes[c].move)
		n = &t.nodes[c]
	}
	return line
}
