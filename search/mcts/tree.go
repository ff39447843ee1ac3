package mcts

import (
	"math"
	"math/rand/v2"

	"mancala/board"
	"mancala/search"
)

// The MCTS tree lives in a pool of nodes allocated once and reused: a node links to
// its children by index, and the children of a node are the consecutive nodes
// first .. first+count-1, all created when the node is expanded. A child always has
// a larger index than its parent, which lets the tree be compacted in place when a
// subtree is kept for the next move (see keep).

// outcome is a proven outcome for the side to move at a node (MCTS-solver).
type outcome uint8

const (
	unproven outcome = iota
	proofWin
	proofLoss
	proofDraw
)

// value is the reward of a proven outcome for the side to move.
func (p outcome) value() float64 {
	switch p {
	case proofWin:
		return 1
	case proofLoss:
		return 0
	}
	return 0.5
}

// unexpanded marks a node whose children have not been created.
const unexpanded = -1

// node is one position of the tree.
type node struct {
	pos board.Position
	// sum is the total reward, from the view of the player who moved into this node,
	// of the visits through it, plus priorWeight virtual visits of its prior.
	sum    float64
	visits uint32
	first  int32 // index of the first child, or unexpanded
	count  uint8 // number of children
	move   board.Move
	proof  outcome
	plies  uint16 // plies to the proven end of the game, when proven
	// again is true when the player who moved into this node is to move in it
	// (an extra turn): its rewards and proofs then count for that player as they
	// are, not reversed.
	again bool
}

// flip is the outcome for the other player.
func (p outcome) flip() outcome {
	switch p {
	case proofWin:
		return proofLoss
	case proofLoss:
		return proofWin
	}
	return p
}

// moverProof is the node's proven outcome for the player who moved into it.
func (n *node) moverProof() outcome {
	if n.again {
		return n.proof
	}
	return n.proof.flip()
}

// mean is the node's average reward for the player who moved into it.
func (n *node) mean(priorWeight float64) float64 {
	return n.sum / (float64(n.visits) + priorWeight)
}

// leafMode is how a new leaf is valued.
type leafMode uint8

const (
	// leafEval squashes the static evaluations of the leaf's children into win
	// probabilities: each is its child's prior, the best is the leaf's value.
	leafEval leafMode = iota
	// leafPlayout plays random moves to the end of the game (or a length cap).
	leafPlayout
)

// tuning holds the constants of the tree policy and of leaf valuation.
type tuning struct {
	mode        leafMode
	explore     float64 // UCT exploration constant
	priorWeight float64 // virtual visits given to each child's prior
	// squashPerSeed sets how evaluations map to rewards: one unit of logit is worth
	// squashPerSeed centiseeds per seed of the game (300 centiseeds in a 48-seed game).
	squashPerSeed float64
	playoutCap    int // plies after which a playout is cut and evaluated
}

// defaultTuning is the measured default. Each setting won (or tied, where the
// simpler or cheaper one was kept) its match against the alternative: 10 game pairs
// per variant from random 2-4 ply openings, colours swapped, 50 ms per move, on a
// shared 2-core machine. Scores of A against B in the order je-ki-n-je, adji-kui-1,
// adji-boto, bao-la-kimasai, in the order the experiments ran (the evaluation
// improved meanwhile, so the first line used material only):
//
//	evaluation vs playouts, material-only eval:  65%, 82.5%, 75%, 45%
//	evaluation vs playouts, eval with features:  72.5%, 90%, 90%, 95%
//	leaf = best child's eval vs leaf's own eval: 50%, 57.5%, 97.5%, 60%
//	explore 0.35 vs 0.7:                         60%, 67.5%, 50%, 55%
//	explore 0.35 vs 0.2:                         55%, 50%, 67.5%, 65%
//	squash 300 cs/logit vs 600:                  50%, 57.5%, 32.5%, 50%
//	squash 6.25 cs per seed of the game vs 300:  (same), (same), 57.5%, 75%
//	prior weight 3 visits vs 1:                  50%, 45%, 75%, 55%
//	prior weight 8 visits vs 3:                  47.5%, 50%, 67.5%, 50%
//	prior weight 8 visits vs 20:                 57.5%, -, 47.5%, -
//	expand on first visit vs second, 16 MB pool: 50%, 65%, 62.5%, 65%
//	  the same at 200 ms per move (5 pairs):     40%, -, 70%, -
//	evaluation vs playouts, final settings:      77.5%, 80%, 100%, 100%
//
// TestLeafModeMatch (MCTS_MATCH=1) replays the last line.
var defaultTuning = tuning{
	mode:          leafEval,
	explore:       0.35,
	priorWeight:   8,
	squashPerSeed: 6.25,
	playoutCap:    300,
}

// tree is the search state that survives between iterations and, when the game goes
// on as expected, between searches.
type tree struct {
	nodes []node // the pool; nodes[0] is the root
	used  int    // nodes in use
	full  bool   // an expansion failed for lack of room since the last reset

	tune tuning
	eval search.Evaluator
	rng  *rand.Rand

	// history is the game before and including the root; reps holds it followed by
	// the positions of the running iteration (tree path, then playout), to find loop
	// endings.
	history []board.Position
	reps    search.Path

	// Scratch buffers, allocated once so that iterations do not allocate.
	path    []int32
	cl      board.ChildList
	playPos board.Position // the position of the running playout
	forward []int32        // new indexes while compacting

	squashScale float64 // centiseeds per unit of logit in the root's variant

	// Statistics of the current search. The depth of the search is the average
	// depth of the leaves it expanded: an iteration that ends on a proven node (the
	// end of the game is known there) adds nothing to the tree and is not counted,
	// else a position whose short lines are all proven, say by a long history of
	// loop endings, never reaches a depth limit.
	depthSum uint64 // depths of the expanded leaves
	grown    uint64 // iterations that expanded a leaf
	maxDepth int
}

// Sizes of the scratch buffers.
const (
	maxPlayout = 1 << 9  // bound on the playout cap
	pathCap    = 1 << 10 // initial capacity of the path buffer
)

// nodeBytes is the memory a pool node takes, used to size the pool.
const nodeBytes = 80

// newTree returns an empty tree with a pool of size nodes.
func newTree(size int, tune tuning, eval search.Evaluator) *tree {
	t := &tree{
		nodes:   make([]node, size),
		forward: make([]int32, size),
		path:    make([]int32, 0, pathCap),
		tune:    tune,
		eval:    eval,
	}
	t.reset()
	return t
}

// reset drops the tree and restarts the random stream, as at the start of a game.
func (t *tree) reset() {
	t.used = 0
	t.full = false
	t.history = t.history[:0]
	t.rng = rand.New(rand.NewPCG(0x6d637473, 0x5eed))
}

// setRoot starts a fresh tree at p.
func (t *tree) setRoot(p board.Position) {
	t.nodes[0] = node{pos: p, first: unexpanded, move: board.NoMove}
	t.used = 1
	t.full = false
}

// prepare makes the tree ready to search the last position of history: it keeps the
// subtree of that position if the tree was built for an earlier point of the same
// game and holds it, and starts afresh otherwise. It reports how many nodes it kept.
func (t *tree) prepare(history []board.Position) int {
	kept := 0
	if idx, ok := t.find(history); ok {
		t.keep(idx)
		kept = t.used
	} else {
		t.setRoot(history[len(history)-1])
	}
	if root := &t.nodes[0]; root.proof != unproven && root.first == unexpanded {
		// A root judged terminal by a loop ending still has moves to search.
		t.setRoot(root.pos)
		kept = 0
	}
	t.history = append(t.history[:0], history...)
	t.reps.Reset(t.history)
	t.squashScale = t.tune.squashPerSeed * float64(t.nodes[0].pos.Variant().Seeds)
	t.depthSum, t.grown, t.maxDepth = 0, 0, 0
	return kept
}

// find returns the node of the current tree for the last position of history, when
// the previous search's history is a prefix of history and the moves played since
// lead through expanded nodes of the tree.
func (t *tree) find(history []board.Position) (int32, bool) {
	old := t.history
	if t.used == 0 || len(old) == 0 || len(history) < len(old) {
		return 0, false
	}
	for i := range old {
		if old[i] != history[i] {
			return 0, false
		}
	}
	idx := int32(0)
	for _, p := range history[len(old):] {
		n := &t.nodes[idx]
		if n.first == unexpanded {
			return 0, false
		}
		next := int32(-1)
		for c := n.first; c < n.first+int32(n.count); c++ {
			if t.nodes[c].pos == p {
				next = c
				break
			}
		}
		if next < 0 {
			return 0, false
		}
		idx = next
	}
	return idx, true
}

// keep makes node idx the root, keeping its subtree and dropping everything else.
// Live nodes slide down in index order, so no node is overwritten before it moves.
func (t *tree) keep(idx int32) {
	if idx == 0 {
		return
	}
	fwd := t.forward
	for i := int(idx); i < t.used; i++ {
		fwd[i] = -1
	}
	fwd[idx] = 0
	for i := int(idx); i < t.used; i++ { // children follow their parents
		if n := &t.nodes[i]; fwd[i] >= 0 && n.first != unexpanded {
			for c := n.first; c < n.first+int32(n.count); c++ {
				fwd[c] = 0
			}
		}
	}
	live := int32(0)
	for i := int(idx); i < t.used; i++ {
		if fwd[i] >= 0 {
			fwd[i] = live
			live++
		}
	}
	for i := int(idx); i < t.used; i++ {
		if fwd[i] < 0 {
			continue
		}
		n := t.nodes[i]
		if n.first != unexpanded {
			n.first = fwd[n.first]
		}
		t.nodes[fwd[i]] = n
	}
	t.nodes[0].move = board.NoMove
	t.used = int(live)
	t.full = false
}

// repeats reports whether position p, the newest after the positions on t.reps,
// already occurred in the game or on the path to it.
func (t *tree) repeats(p *board.Position) bool {
	t.reps.Push(p)
	_, rep := t.reps.Repeated()
	t.reps.Pop()
	return rep
}

// iterate runs one iteration: select a path to a leaf, expand it, value it, and back
// the value up the path.
func (t *tree) iterate() {
	base := t.reps.Len() // the game, ending with the root
	path := append(t.path[:0], 0)
	idx := int32(0)
	for {
		n := &t.nodes[idx]
		if n.proof != unproven || n.first == unexpanded {
			break
		}
		idx = t.selectChild(n)
		path = append(path, idx)
		t.reps.Push(&t.nodes[idx].pos)
	}
	t.path = path
	depth := len(path) - 1
	t.maxDepth = max(t.maxDepth, depth)

	leaf := &t.nodes[idx]
	var v float64 // reward for the side to move at the leaf
	if leaf.proof != unproven {
		v = leaf.proof.value()
	} else {
		t.depthSum += uint64(depth)
		t.grown++
		v = t.expand(idx)
	}
	t.reps.Truncate(base)
	t.backup(path, v)
}

// selectChild picks the child of n with the highest upper confidence bound. Children
// proven won for their side to move (lost for n's) are never picked: n would be
// proven lost if they were all that is left.
func (t *tree) selectChild(n *node) int32 {
	w := t.tune.priorWeight
	logN := math.Log(float64(n.visits) + 1)
	best, bestScore := n.first, math.Inf(-1)
	for c := n.first; c < n.first+int32(n.count); c++ {
		ch := &t.nodes[c]
		if ch.moverProof() == proofLoss {
			continue
		}
		visits := float64(ch.visits) + w
		score := ch.sum/visits + t.tune.explore*math.Sqrt(logN/visits)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// expand creates the children of the leaf idx and returns the leaf's value for its
// side to move. A leaf without moves is proven by the game's result. When the pool
// is full the leaf is valued the same way but its children are not kept.
func (t *tree) expand(idx int32) float64 {
	leaf := &t.nodes[idx]
	leaf.pos.Generate(&t.cl)
	if t.cl.N == 0 {
		leaf.proof = outcomeOf(leaf.pos.NoChildResult(), leaf.pos.SideToMove())
		leaf.plies = 0
		return leaf.proof.value()
	}
	if t.used+t.cl.N > len(t.nodes) {
		t.full = true
		if t.tune.mode == leafEval {
			best := 0.0
			for i := 0; i < t.cl.N; i++ {
				v, _ := t.judgeChild(&t.cl.Children[i].Pos, leaf.pos.SideToMove())
				best = max(best, v)
			}
			return best
		}
		return t.playout(&leaf.pos)
	}
	first := int32(t.used)
	t.used += t.cl.N
	leaf.first, leaf.count = first, uint8(t.cl.N)
	bestPrior := 0.0
	for i := 0; i < t.cl.N; i++ {
		ch := &t.nodes[first+int32(i)]
		*ch = node{pos: t.cl.Children[i].Pos, move: t.cl.Children[i].Move, first: unexpanded,
			again: t.cl.Children[i].Pos.SideToMove() == leaf.pos.SideToMove()}
		prior, proof := t.judgeChild(&ch.pos, leaf.pos.SideToMove())
		ch.proof = proof
		ch.sum = prior * t.tune.priorWeight
		bestPrior = max(bestPrior, prior)
	}
	if t.prove(leaf) {
		return leaf.proof.value()
	}
	if t.tune.mode == leafEval {
		return bestPrior
	}
	return t.playout(&leaf.pos)
}

// judgeChild values a move's position q, reached below the positions on t.reps, for
// mover, the player who made the move:
// exactly when the move ended the game (a loop ending or a decided game), else by the
// squashed evaluation in evaluation mode, else as even. The proof is q's outcome
// for its side to move, when known.
func (t *tree) judgeChild(q *board.Position, mover board.Side) (float64, outcome) {
	proof := unproven
	if r, over := q.Ended(t.repeats(q)); over {
		proof = outcomeOf(r, q.SideToMove())
	}
	v := 0.5
	switch {
	case proof != unproven:
		v = proof.value()
	case t.tune.mode == leafEval:
		v = t.squash(t.eval(q))
	default:
		return v, proof
	}
	if q.SideToMove() != mover {
		v = 1 - v
	}
	return v, proof
}

// playout plays uniformly random moves from start, the newest position on t.reps,
// until the game ends (including by a loop ending) or the length cap, and returns
// the reward for start's side to move.
func (t *tree) playout(start *board.Position) float64 {
	base := t.reps.Len()
	defer t.reps.Truncate(base)
	side := start.SideToMove()
	p := &t.playPos // kept in the tree: a local would escape through Generate
	*p = *start
	for range min(t.tune.playoutCap, maxPlayout) {
		p.Generate(&t.cl)
		if t.cl.N == 0 {
			return outcomeOf(p.NoChildResult(), side).value()
		}
		*p = t.cl.Children[t.rng.IntN(t.cl.N)].Pos
		t.reps.Push(p)
		if _, rep := t.reps.Repeated(); rep {
			return outcomeOf(p.LoopResult(), side).value()
		}
	}
	v := t.squash(t.eval(p))
	if p.SideToMove() != side {
		v = 1 - v
	}
	return v
}

// backup adds the reward v, for the side to move at the last node of path, to every
// node of the path (each from the view of the player who moved into it), and carries
// proofs upwards as far as they go.
func (t *tree) backup(path []int32, v float64) {
	proving := t.nodes[path[len(path)-1]].proof != unproven
	for i := len(path) - 1; i >= 0; i-- {
		n := &t.nodes[path[i]]
		n.visits++
		if !n.again {
			v = 1 - v // now for the player who moved into n
		}
		n.sum += v
		if proving && i > 0 {
			proving = t.prove(&t.nodes[path[i-1]])
		}
	}
}

// prove tries to prove n from its children: a child lost for its side to move is a
// win (the quickest is kept); when every child is proven, n gets the best of them.
func (t *tree) prove(n *node) bool {
	if n.proof != unproven {
		return true
	}
	allProven, draw := true, false
	winPlies, lossPlies := uint16(math.MaxUint16), uint16(0)
	for c := n.first; c < n.first+int32(n.count); c++ {
		ch := &t.nodes[c]
		switch ch.moverProof() {
		case proofWin:
			winPlies = min(winPlies, ch.plies+1)
		case proofLoss:
			lossPlies = max(lossPlies, ch.plies+1)
		case proofDraw:
			draw = true
		default:
			allProven = false
		}
	}
	switch {
	case winPlies != math.MaxUint16:
		n.proof, n.plies = proofWin, winPlies
	case !allProven:
		return false
	case draw:
		n.proof, n.plies = proofDraw, 0
	default:
		n.proof, n.plies = proofLoss, lossPlies
	}
	return true
}

// outcomeOf is the outcome of a finished game with result r for side s.
func outcomeOf(r board.Result, s board.Side) outcome {
	switch v := search.ResultValue(r, s, 0); {
	case v > 0:
		return proofWin
	case v < 0:
		return proofLoss
	}
	return proofDraw
}

// squash maps an evaluation in centiseeds to a win probability.
func (t *tree) squash(cp int) float64 {
	return 1 / (1 + math.Exp(-float64(cp)/t.squashScale))
}

// unsquash maps a win probability back to centiseeds.
func (t *tree) unsquash(q float64) int {
	q = min(max(q, 1e-4), 1-1e-4)
	return int(math.Round(t.squashScale * math.Log(q/(1-q))))
}

// bestChild is the move to play at n: a proven win (the quickest), else the most
// visited child not proven lost for n's side, else the slowest loss.
func (t *tree) bestChild(n *node) int32 {
	if n.first == unexpanded || n.count == 0 {
		return -1
	}
	best := n.first
	for c := n.first + 1; c < n.first+int32(n.count); c++ {
		if t.prefer(&t.nodes[c], &t.nodes[best]) {
			best = c
		}
	}
	return best
}

// prefer reports whether the player to move would rather play child a than child b.
func (t *tree) prefer(a, b *node) bool {
	if ra, rb := outcomeRank(a), outcomeRank(b); ra != rb {
		return ra > rb
	}
	switch a.moverProof() {
	case proofWin: // quicker is better
		return a.plies < b.plies
	case proofLoss: // slower is better
		return a.plies > b.plies
	}
	if a.visits != b.visits {
		return a.visits > b.visits
	}
	return a.mean(t.tune.priorWeight) > b.mean(t.tune.priorWeight)
}

// outcomeRank orders children for the player choosing among them: proven wins first,
// then unproven moves and proven draws, proven losses last.
func outcomeRank(ch *node) int {
	switch ch.moverProof() {
	case proofWin:
		return 2
	case proofLoss:
		return 0
	}
	return 1
}
