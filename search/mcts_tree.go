package search

import (
	"math"
	"math/rand/v2"

	"mancala/board"
	"mancala/eval"
)

// The MCTS tree lives in a pool of nodes allocated once and reused: a node links to
// its children by index, and the children of a node are the consecutive nodes
// first .. first+count-1, all created when the node is expanded. A child always has
// a larger index than its parent, which lets the tree be compacted in place when a
// subtree is kept for the next move (see keep).

// mctsProof is a proven outcome for the side to move at a node (MCTS-solver).
type mctsProof uint8

const (
	mctsUnproven mctsProof = iota
	mctsWin
	mctsLoss
	mctsDraw
)

// value is the reward of a proven outcome for the side to move.
func (p mctsProof) value() float64 {
	switch p {
	case mctsWin:
		return 1
	case mctsLoss:
		return 0
	}
	return 0.5
}

// mctsUnexpanded marks a node whose children have not been created.
const mctsUnexpanded = -1

// mctsNode is one position of the tree.
type mctsNode struct {
	pos board.Position
	// sum is the total reward, from the view of the player who moved into this node,
	// of the visits through it, plus priorWeight virtual visits of its prior.
	sum    float64
	visits uint32
	first  int32 // index of the first child, or mctsUnexpanded
	count  uint8 // number of children
	move   board.Move
	proof  mctsProof
	plies  uint16 // plies to the proven end of the game, when proven
}

// mean is the node's average reward for the player who moved into it.
func (n *mctsNode) mean(priorWeight float64) float64 {
	return n.sum / (float64(n.visits) + priorWeight)
}

// mctsLeafMode is how a new leaf is valued.
type mctsLeafMode uint8

const (
	// mctsLeafEval squashes the static evaluations of the leaf's children into win
	// probabilities: each is its child's prior, the best is the leaf's value.
	mctsLeafEval mctsLeafMode = iota
	// mctsLeafPlayout plays random moves to the end of the game (or a length cap).
	mctsLeafPlayout
)

// mctsTuning holds the constants of the tree policy and of leaf valuation.
type mctsTuning struct {
	mode        mctsLeafMode
	explore     float64 // UCT exploration constant
	priorWeight float64 // virtual visits given to each child's prior
	// squashPerSeed sets how evaluations map to rewards: one unit of logit is worth
	// squashPerSeed centiseeds per seed of the game (300 centiseeds in a 48-seed game).
	squashPerSeed float64
	playoutCap    int // plies after which a playout is cut and evaluated
}

// mctsDefaultTuning is the measured default. Each setting won (or tied, where the
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
// TestMCTSLeafModeMatch (MCTS_MATCH=1) replays the last line.
var mctsDefaultTuning = mctsTuning{
	mode:          mctsLeafEval,
	explore:       0.35,
	priorWeight:   8,
	squashPerSeed: 6.25,
	playoutCap:    300,
}

// mctsTree is the search state that survives between iterations and, when the game goes
// on as expected, between searches.
type mctsTree struct {
	nodes []mctsNode // the pool; nodes[0] is the root
	used  int        // nodes in use
	full  bool       // an expansion failed for lack of room since the last reset

	tune mctsTuning
	rng  *rand.Rand

	// history is the game before and including the root, for loop detection;
	// histSet holds its hashes in an open-addressing table (0 = empty slot).
	history []board.Position
	histSet []uint64

	// Scratch buffers, allocated once so that iterations do not allocate.
	path    []int32
	cl      board.ChildList
	playPos board.Position // the position of the running playout
	seen    []uint64       // playout loop table, entries valid when stamp matches
	seenAt  []uint32
	stamp   uint32
	forward []int32 // new indexes while compacting

	squashScale float64 // centiseeds per unit of logit in the root's variant

	// Statistics of the current search.
	depthSum uint64
	maxDepth int
}

// Sizes of the fixed scratch tables.
const (
	mctsSeenSize   = 1 << 11 // playout loop table, a power of two
	mctsSeenPath   = 1 << 9  // tree path nodes (the deepest) a playout checks for loops
	mctsMaxPlayout = 1 << 9  // bound on the playout cap, so the loop table never fills
	mctsPathCap    = 1 << 10 // initial capacity of the path buffer
)

// mctsNodeBytes is the memory a pool node takes, used to size the pool.
const mctsNodeBytes = 72

// newMCTSTree returns an empty tree with a pool of size nodes.
func newMCTSTree(size int, tune mctsTuning) *mctsTree {
	t := &mctsTree{
		nodes:   make([]mctsNode, size),
		forward: make([]int32, size),
		path:    make([]int32, 0, mctsPathCap),
		seen:    make([]uint64, mctsSeenSize),
		seenAt:  make([]uint32, mctsSeenSize),
		tune:    tune,
	}
	t.reset()
	return t
}

// reset drops the tree and restarts the random stream, as at the start of a game.
func (t *mctsTree) reset() {
	t.used = 0
	t.full = false
	t.history = t.history[:0]
	t.rng = rand.New(rand.NewPCG(0x6d637473, 0x5eed))
}

// setRoot starts a fresh tree at p.
func (t *mctsTree) setRoot(p board.Position) {
	t.nodes[0] = mctsNode{pos: p, first: mctsUnexpanded, move: board.NoMove}
	t.used = 1
	t.full = false
}

// prepare makes the tree ready to search the last position of history: it keeps the
// subtree of that position if the tree was built for an earlier point of the same
// game and holds it, and starts afresh otherwise. It reports how many nodes it kept.
func (t *mctsTree) prepare(history []board.Position) int {
	kept := 0
	if idx, ok := t.find(history); ok {
		t.keep(idx)
		kept = t.used
	} else {
		t.setRoot(history[len(history)-1])
	}
	if root := &t.nodes[0]; root.proof != mctsUnproven && root.first == mctsUnexpanded {
		// A root judged terminal by a loop ending still has moves to search.
		t.setRoot(root.pos)
		kept = 0
	}
	t.history = append(t.history[:0], history...)
	t.buildHistSet()
	t.squashScale = t.tune.squashPerSeed * float64(t.nodes[0].pos.Variant().Seeds)
	t.depthSum, t.maxDepth = 0, 0
	return kept
}

// find returns the node of the current tree for the last position of history, when
// the previous search's history is a prefix of history and the moves played since
// lead through expanded nodes of the tree.
func (t *mctsTree) find(history []board.Position) (int32, bool) {
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
		if n.first == mctsUnexpanded {
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
func (t *mctsTree) keep(idx int32) {
	if idx == 0 {
		return
	}
	fwd := t.forward
	for i := int(idx); i < t.used; i++ {
		fwd[i] = -1
	}
	fwd[idx] = 0
	for i := int(idx); i < t.used; i++ { // children follow their parents
		if n := &t.nodes[i]; fwd[i] >= 0 && n.first != mctsUnexpanded {
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
		if n.first != mctsUnexpanded {
			n.first = fwd[n.first]
		}
		t.nodes[fwd[i]] = n
	}
	t.nodes[0].move = board.NoMove
	t.used = int(live)
	t.full = false
}

// buildHistSet fills the hash table of the game's positions.
func (t *mctsTree) buildHistSet() {
	size := 16
	for size < 2*len(t.history) {
		size *= 2
	}
	if cap(t.histSet) < size {
		t.histSet = make([]uint64, size)
	}
	t.histSet = t.histSet[:size]
	clear(t.histSet)
	for i := range t.history {
		h := mctsNonZero(t.history[i].Hash())
		j := h & uint64(size-1)
		for t.histSet[j] != 0 && t.histSet[j] != h {
			j = (j + 1) & uint64(size-1)
		}
		t.histSet[j] = h
	}
}

// mctsNonZero maps a hash to a non-zero key (0 marks an empty slot).
func mctsNonZero(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
}

// inHistory reports whether a position with hash h occurred in the game.
func (t *mctsTree) inHistory(h uint64) bool {
	h = mctsNonZero(h)
	mask := uint64(len(t.histSet) - 1)
	for j := h & mask; t.histSet[j] != 0; j = (j + 1) & mask {
		if t.histSet[j] == h {
			return true
		}
	}
	return false
}

// repeats reports whether position p, reached below the nodes of path, already
// occurred in the game or on the path.
func (t *mctsTree) repeats(p *board.Position, path []int32) bool {
	h := p.Hash()
	if t.inHistory(h) {
		return true
	}
	for _, i := range path[1:] { // the root is in the history
		if t.nodes[i].pos.Hash() == h {
			return true
		}
	}
	return false
}

// iterate runs one iteration: select a path to a leaf, expand it, value it, and back
// the value up the path.
func (t *mctsTree) iterate() {
	path := append(t.path[:0], 0)
	idx := int32(0)
	for {
		n := &t.nodes[idx]
		if n.proof != mctsUnproven || n.first == mctsUnexpanded {
			break
		}
		idx = t.selectChild(n)
		path = append(path, idx)
	}
	t.path = path
	depth := len(path) - 1
	t.depthSum += uint64(depth)
	t.maxDepth = max(t.maxDepth, depth)

	leaf := &t.nodes[idx]
	var v float64 // reward for the side to move at the leaf
	if leaf.proof != mctsUnproven {
		v = leaf.proof.value()
	} else {
		v = t.expand(idx, path)
	}
	t.backup(path, v)
}

// selectChild picks the child of n with the highest upper confidence bound. Children
// proven won for their side to move (lost for n's) are never picked: n would be
// proven lost if they were all that is left.
func (t *mctsTree) selectChild(n *mctsNode) int32 {
	w := t.tune.priorWeight
	logN := math.Log(float64(n.visits) + 1)
	best, bestScore := n.first, math.Inf(-1)
	for c := n.first; c < n.first+int32(n.count); c++ {
		ch := &t.nodes[c]
		if ch.proof == mctsWin {
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
func (t *mctsTree) expand(idx int32, path []int32) float64 {
	leaf := &t.nodes[idx]
	leaf.pos.Generate(&t.cl)
	if t.cl.N == 0 {
		leaf.proof = mctsProofOf(leaf.pos.Result(), leaf.pos.SideToMove())
		leaf.plies = 0
		return leaf.proof.value()
	}
	if t.used+t.cl.N > len(t.nodes) {
		t.full = true
		if t.tune.mode == mctsLeafEval {
			best := 0.0
			for i := 0; i < t.cl.N; i++ {
				v, _ := t.judgeChild(&t.cl.Children[i].Pos, path)
				best = max(best, v)
			}
			return best
		}
		return t.playout(&leaf.pos, path)
	}
	first := int32(t.used)
	t.used += t.cl.N
	leaf.first, leaf.count = first, uint8(t.cl.N)
	bestPrior := 0.0
	for i := 0; i < t.cl.N; i++ {
		ch := &t.nodes[first+int32(i)]
		*ch = mctsNode{pos: t.cl.Children[i].Pos, move: t.cl.Children[i].Move, first: mctsUnexpanded}
		prior, proof := t.judgeChild(&ch.pos, path)
		ch.proof = proof
		ch.sum = prior * t.tune.priorWeight
		bestPrior = max(bestPrior, prior)
	}
	if t.prove(leaf) {
		return leaf.proof.value()
	}
	if t.tune.mode == mctsLeafEval {
		return bestPrior
	}
	return t.playout(&leaf.pos, path)
}

// judgeChild values a move's position q below path for the player who made the move:
// exactly when the move ended the game (a loop ending or a decided game), else by the
// squashed evaluation in evaluation mode, else as even. The proof is q's outcome
// for its side to move, when known.
func (t *mctsTree) judgeChild(q *board.Position, path []int32) (float64, mctsProof) {
	proof := mctsUnproven
	if t.repeats(q, path) {
		proof = mctsProofOf(q.LoopResult(), q.SideToMove())
	} else if r, over := q.Decided(); over {
		proof = mctsProofOf(r, q.SideToMove())
	}
	switch {
	case proof != mctsUnproven:
		return 1 - proof.value(), proof
	case t.tune.mode == mctsLeafEval:
		return 1 - t.squash(eval.Evaluate(q)), proof
	}
	return 0.5, proof
}

// playout plays uniformly random moves from p until the game ends (including by a
// loop ending) or the length cap, and returns the reward for p's side to move.
func (t *mctsTree) playout(start *board.Position, path []int32) float64 {
	t.stamp++
	if t.stamp == 0 { // wrapped: forget every old entry
		clear(t.seenAt)
		t.stamp = 1
	}
	for _, i := range path[max(1, len(path)-mctsSeenPath):] {
		t.markSeen(t.nodes[i].pos.Hash())
	}
	side := start.SideToMove()
	p := &t.playPos // kept in the tree: a local would escape through Generate
	*p = *start
	for range min(t.tune.playoutCap, mctsMaxPlayout) {
		p.Generate(&t.cl)
		if t.cl.N == 0 {
			return mctsProofOf(p.Result(), side).value()
		}
		*p = t.cl.Children[t.rng.IntN(t.cl.N)].Pos
		if h := p.Hash(); t.inHistory(h) || t.markSeen(h) {
			return mctsProofOf(p.LoopResult(), side).value()
		}
	}
	v := t.squash(eval.Evaluate(p))
	if p.SideToMove() != side {
		v = 1 - v
	}
	return v
}

// markSeen records hash h in the playout loop table and reports whether it was
// already there.
func (t *mctsTree) markSeen(h uint64) bool {
	mask := uint64(mctsSeenSize - 1)
	for j := h & mask; ; j = (j + 1) & mask {
		if t.seenAt[j] != t.stamp {
			t.seenAt[j], t.seen[j] = t.stamp, h
			return false
		}
		if t.seen[j] == h {
			return true
		}
	}
}

// backup adds the reward v, for the side to move at the last node of path, to every
// node of the path, and carries proofs upwards as far as they go.
func (t *mctsTree) backup(path []int32, v float64) {
	proving := t.nodes[path[len(path)-1]].proof != mctsUnproven
	for i := len(path) - 1; i >= 0; i-- {
		n := &t.nodes[path[i]]
		n.visits++
		n.sum += 1 - v
		v = 1 - v
		if proving && i > 0 {
			proving = t.prove(&t.nodes[path[i-1]])
		}
	}
}

// prove tries to prove n from its children: a child lost for its side to move is a
// win (the quickest is kept); when every child is proven, n gets the best of them.
func (t *mctsTree) prove(n *mctsNode) bool {
	if n.proof != mctsUnproven {
		return true
	}
	allProven, draw := true, false
	winPlies, lossPlies := uint16(math.MaxUint16), uint16(0)
	for c := n.first; c < n.first+int32(n.count); c++ {
		ch := &t.nodes[c]
		switch ch.proof {
		case mctsLoss:
			winPlies = min(winPlies, ch.plies+1)
		case mctsWin:
			lossPlies = max(lossPlies, ch.plies+1)
		case mctsDraw:
			draw = true
		default:
			allProven = false
		}
	}
	switch {
	case winPlies != math.MaxUint16:
		n.proof, n.plies = mctsWin, winPlies
	case !allProven:
		return false
	case draw:
		n.proof, n.plies = mctsDraw, 0
	default:
		n.proof, n.plies = mctsLoss, lossPlies
	}
	return true
}

// mctsProofOf is the outcome of a finished game for side s.
func mctsProofOf(r board.Result, s board.Side) mctsProof {
	w, ok := r.Winner()
	switch {
	case !ok:
		return mctsDraw
	case w == s:
		return mctsWin
	}
	return mctsLoss
}

// squash maps an evaluation in centiseeds to a win probability.
func (t *mctsTree) squash(cp int) float64 {
	return 1 / (1 + math.Exp(-float64(cp)/t.squashScale))
}

// unsquash maps a win probability back to centiseeds.
func (t *mctsTree) unsquash(q float64) int {
	q = min(max(q, 1e-4), 1-1e-4)
	return int(math.Round(t.squashScale * math.Log(q/(1-q))))
}

// bestChild is the move to play at n: a proven win (the quickest), else the most
// visited child not proven lost for n's side, else the slowest loss.
func (t *mctsTree) bestChild(n *mctsNode) int32 {
	if n.first == mctsUnexpanded || n.count == 0 {
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
func (t *mctsTree) prefer(a, b *mctsNode) bool {
	if ra, rb := mctsOutcomeRank(a), mctsOutcomeRank(b); ra != rb {
		return ra > rb
	}
	switch a.proof {
	case mctsLoss: // a win for the chooser: quicker is better
		return a.plies < b.plies
	case mctsWin: // a loss for the chooser: slower is better
		return a.plies > b.plies
	}
	if a.visits != b.visits {
		return a.visits > b.visits
	}
	return a.mean(t.tune.priorWeight) > b.mean(t.tune.priorWeight)
}

// mctsOutcomeRank orders children for the player choosing among them: proven wins first,
// then unproven moves and proven draws, proven losses last.
func mctsOutcomeRank(ch *mctsNode) int {
	switch ch.proof {
	case mctsLoss:
		return 2
	case mctsWin:
		return 0
	}
	return 1
}
