package mcts

import (
	"math"
	"slices"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// Engine is a Monte-Carlo tree searcher: UCT over board positions with an MCTS-solver
// that proves wins, losses and draws (reported as mate scores), and loop endings
// judged against the game's history and the path in the tree. Each new leaf is
// valued by the best squashed static evaluation among its moves, and each of its
// children starts with its own squashed evaluation as a prior; random playouts are
// the alternative, measured weaker (see defaultTuning). The tree lives in a node
// pool of Options.HashMB megabytes, allocated on the first search, and is kept
// between moves when the game goes on through positions it already holds. A full
// pool stops the tree from growing (leaves are then valued but not expanded): 16 MB
// hold about 230,000 nodes, a few tenths of a second of search.
//
// MCTS is single-threaded: Options.Threads is ignored. With Options.MultiPV above 1
// the info lines give the root's most visited moves with their lines. Limits.Nodes
// counts iterations; Limits.Depth stops the search once the average depth of the
// leaves it expanded reaches it. A search with neither a time nor a node limit, and
// not infinite (a bare go, go depth N, go ponder without a clock), also ends when
// the pool is full or after UntimedIterations.
type Engine struct {
	opts search.Options
	tune tuning
	eval search.Evaluator
	tree *tree
}

// untimedPlayouts bounds a search without a time or node limit (a bare go, or go
// depth N with a depth the tree does not reach) at this many iterations per node of
// the pool. A tree that grows fills its pool within one iteration per node (each
// iteration expands a leaf into at least one child), so the bound is met only where
// iterations have stopped adding to the tree: the lines UCT keeps choosing all end
// on proven nodes (a draw by the loop ending, a finished game), while the depth
// that would end the search lies beyond them. Chosen, not measured: at 16 MB about
// 3.7 million iterations, a fraction of a second where they end on proven nodes.
const untimedPlayouts = 16

// minNodes is the floor of the pool size: it always holds a root and its children.
const minNodes = 1024

// trendFrom is the playout count from which each doubling is recorded as an iteration
// of the clock's trend (search.Trend); chosen, not measured.
const trendFrom = 256

// reportEvery is the interval between periodic info lines; chosen, not measured.
const reportEvery = 250 * time.Millisecond

// maxPV bounds the length of the principal variation reported.
const maxPV = 64

// New returns a Monte-Carlo tree searcher with options o.
func New(o search.Options) *Engine {
	return &Engine{opts: o.Normalized(), tune: defaultTuning, eval: search.DefaultEvaluator}
}

// SetEval replaces the static evaluation that values leaves and priors
// (search.DefaultEvaluator at first); it drops the tree.
func (m *Engine) SetEval(f search.Evaluator) {
	m.eval = f
	m.tree = nil
}

// NewGame drops the tree and restarts the random stream, so that a search with a
// node limit after NewGame is reproducible.
func (m *Engine) NewGame() {
	if m.tree != nil {
		m.tree.reset()
	}
}

// SetOptions applies o; a new pool size drops the tree.
func (m *Engine) SetOptions(o search.Options) {
	o = o.Normalized()
	if poolNodes(o) != poolNodes(m.opts) {
		m.tree = nil
	}
	m.opts = o
}

// poolNodes is the number of tree nodes that options o allow.
func poolNodes(o search.Options) int {
	return min(max(o.Normalized().HashMB<<20/nodeBytes, minNodes), math.MaxInt32)
}

// Search runs MCTS from the last position of req.History until the limits are
// reached or ctl is stopped, and returns the most visited move (a proven win first,
// a proven loss last).
func (m *Engine) Search(req search.Request, ctl *search.Control) search.Result {
	none := search.Result{Best: board.NoMove, Ponder: board.NoMove}
	if len(req.History) == 0 {
		return none
	}
	if res, ok := search.TableMove(m.opts.Endgames, req); ok {
		// The endgame table plays the root perfectly; inside the tree MCTS does not
		// probe it.
		req.Report(search.Info{Depth: 1, Score: res.Score, Nodes: 1, TBHits: 1, PV: []board.Move{res.Best}})
		ctl.WaitToAnswer(req.Limits)
		return res
	}
	if m.tree == nil {
		m.tree = newTree(poolNodes(m.opts), m.tune, m.eval)
	}
	t := m.tree
	t.prepare(req.History)
	root := &t.nodes[0]
	l := req.Limits
	clock := search.StartClock(l, &root.pos, m.opts.MoveOverhead, ctl, search.MCTS)
	defer clock.Release()
	start := clock.Start()
	lastReport := start
	var iters uint64
	untimed := untimedLimit(l, m.opts)
	for {
		fresh := root.first == unexpanded && root.proof == unproven
		if (ctl.Stopped() || clock.Expired()) && !fresh {
			break // but not before the root has its moves
		}
		if root.proof != unproven || (l.Nodes > 0 && iters >= l.Nodes) {
			break
		}
		t.iterate()
		iters++
		if iters%8 != 0 {
			continue
		}
		if clock.Check() {
			break
		}
		if l.Depth > 0 && (t.full || (t.grown > 0 && t.depthSum >= uint64(l.Depth)*t.grown)) {
			break
		}
		if untimed > 0 && (t.full || iters >= untimed) {
			break
		}
		if iters >= trendFrom && iters&(iters-1) == 0 { // an "iteration": the playouts doubled
			if c := t.bestChild(root); c >= 0 {
				clock.Record(t.nodes[c].move, t.lineValue(c))
			}
		}
		if clock.PastTarget() || m.decided(clock, iters) {
			break
		}
		if now := time.Now(); now.Sub(lastReport) >= reportEvery {
			m.report(req, start, now, iters)
			lastReport = now
		}
	}
	if root.first == unexpanded || root.count == 0 {
		return none // no legal move
	}
	if !ctl.Stopped() && !clock.Expired() {
		ctl.WaitToAnswer(l) // go infinite and go ponder answer only when allowed
	}
	best := m.report(req, start, time.Now(), iters)
	res := search.Result{Best: best.PV[0], Ponder: board.NoMove, Score: best.Score, Nodes: iters}
	if len(best.PV) > 1 {
		res.Ponder = best.PV[1]
	}
	return res
}

// UntimedIterations is the most iterations a search with options o makes when no
// limit but a depth ends it (search.Limits.Unbounded: a bare go, go depth N, go
// ponder without a clock), counted from the go. Such a search also ends when its
// pool is full.
func UntimedIterations(o search.Options) uint64 {
	return uint64(poolNodes(o)) * untimedPlayouts
}

// untimedLimit is the iteration bound of a search under l with options o (see
// UntimedIterations), or 0 when a time or node limit or stop ends it.
func untimedLimit(l search.Limits, o search.Options) uint64 {
	if !l.Unbounded() {
		return 0
	}
	return UntimedIterations(o)
}

// decided reports whether the rest of a clock search's target time cannot change
// the choice: there is a single legal move (searched for search.ForcedShare of the
// target, for its score), or the most visited root move leads the next by more
// visits than the iterations left at the speed measured so far (once a tenth of the
// target has passed, so that the speed is known).
func (m *Engine) decided(clock *search.Clock, iters uint64) bool {
	target := clock.Budget.Target
	elapsed, timed := clock.Elapsed()
	if !timed || target <= 0 {
		return false
	}
	t := m.tree
	root := &t.nodes[0]
	if root.count == 1 {
		return clock.ForcedDone()
	}
	if elapsed < target/10 {
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
	speed := float64(iters) / float64(time.Since(clock.Start()))
	left := float64(target-elapsed) * speed
	return float64(first-second) > left
}

// report sends the info lines of the search so far, one per line of MultiPV, and
// returns the first: its PV starts with the move Search returns.
func (m *Engine) report(req search.Request, start, now time.Time, iters uint64) search.Info {
	t := m.tree
	root := &t.nodes[0]
	elapsed := now.Sub(start)
	base := search.Info{
		SelDepth: t.maxDepth,
		Nodes:    iters,
		Time:     elapsed,
		HashFull: int(int64(t.used) * 1000 / int64(len(t.nodes))),
	}
	if t.grown > 0 {
		base.Depth = int((t.depthSum + t.grown/2) / t.grown)
	}
	if elapsed > 0 {
		base.NPS = uint64(float64(iters) / elapsed.Seconds())
	}
	var first search.Info
	for i, c := range t.ranked(root, m.opts.MultiPV) {
		info := base
		info.MultiPV = i + 1
		info.Score = t.lineScore(c)
		info.PV = t.pv(c)
		if t.grown == 0 {
			// No leaf grown in this search (a root proven by the last one): the depth
			// is the line's, not 0.
			info.Depth = len(info.PV)
			info.SelDepth = max(info.SelDepth, info.Depth)
		}
		if i == 0 {
			first = info
		}
		req.Report(info)
	}
	return first
}

// ranked returns up to n children of the expanded node parent, the one to play first,
// then in the order the player to move prefers them.
func (t *tree) ranked(parent *node, n int) []int32 {
	children := make([]int32, 0, parent.count)
	for c := parent.first; c < parent.first+int32(parent.count); c++ {
		children = append(children, c)
	}
	slices.SortStableFunc(children, func(a, b int32) int {
		switch {
		case t.prefer(&t.nodes[a], &t.nodes[b]):
			return -1
		case t.prefer(&t.nodes[b], &t.nodes[a]):
			return 1
		}
		return 0
	})
	return children[:min(n, len(children))]
}

// lineScore is the score, for the player choosing it, of the root's child c: its
// proven result, or its mean reward mapped back to centiseeds.
func (t *tree) lineScore(c int32) words.Score { return search.ToScore(t.lineValue(c)) }

// lineValue is the score of root child c in internal units (see lineScore).
func (t *tree) lineValue(c int32) int {
	ch := &t.nodes[c]
	plies := int(ch.plies) + 1 // from the root
	switch ch.moverProof() {
	case proofWin:
		return search.Mate - plies
	case proofLoss:
		return -(search.Mate - plies)
	case proofDraw:
		return 0
	}
	return t.unsquash(ch.mean(t.tune.priorWeight))
}

// pv is the line that starts with the root's child c and follows the best children
// as far as the tree goes.
func (t *tree) pv(c int32) []board.Move {
	line := []board.Move{t.nodes[c].move}
	n := &t.nodes[c]
	for len(line) < maxPV {
		c := t.bestChild(n)
		if c < 0 || t.nodes[c].visits == 0 {
			break
		}
		line = append(line, t.nodes[c].move)
		n = &t.nodes[c]
	}
	return line
}
