package alphabeta

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// historySlots indexes the history table: hole indexes 0..31, the same sown
// clockwise by choice (32..63), then pass.
const historySlots = 2*board.MaxHoles + 1

// pollInterval is how many nodes a thread searches between publishing its node count
// (the stop flags it checks at every node).
const pollInterval = 64

// aspirationDelta is the first half-width of the aspiration window, in centiseeds.
const aspirationDelta = 50

// rootMove is one legal move at the root with its latest score and line.
type rootMove struct {
	move      board.Move
	pos       board.Position
	score     int  // this iteration's score, -search.Infinite until searched
	prevScore int  // the previous iteration's score
	depth     int  // the depth score comes from
	proven    bool // score came from a search of the move that no static evaluation entered
	pvLen     int
	pv        [maxPly]board.Move
}

// reportScore is the move's score as the API reports it; a move not yet searched
// scores 0. A draw scored by a search of the move whose every line ended by the
// rules or in the endgame table (no static evaluation), or in the iteration at
// provenDepth, which no static evaluation entered, is a proven draw: exactly no
// seeds of margin, whatever the contempt (draw, the value of a draw at the root),
// not the margin the evaluation's model would read into a value of 0.
func (rm *rootMove) reportScore(provenDepth, draw int) words.Score {
	switch {
	case rm.score == -search.Infinite:
		return words.Score{}
	case (rm.proven || rm.depth == provenDepth) && rm.score == draw:
		return words.Score{Value: 0, Bound: words.Exact}
	}
	return search.ToScore(rm.score)
}

// frame is a search thread's per-ply workspace.
type frame struct {
	children board.ChildList
	order    [board.MaxMoves]uint8 // children indexes, best first once picked
	keys     [board.MaxMoves]int32 // ordering keys of order's entries
	ttMove   board.Move            // the table's move for the node, or NoMove
	excluded board.Move            // the move a singular search leaves out, or NoMove
	ttIdx    int                   // children index of ttMove, -1 if it is not legal
	staged   bool                  // children holds only ttMove, the rest not generated yet
	ordered  bool                  // orderMoves has keyed the children still to try
	pvLen    int
	pv       [maxPly]board.Move
}

// thread is one searching goroutine's state. Nothing in it is shared except
// published, which other threads read.
type thread struct {
	id          int
	run         *searchRun
	nodes       uint64
	published   atomic.Uint64 // nodes, as last published for the other threads
	tbHits      uint64        // endgame table probes that found the position
	publishedTB atomic.Uint64 // tbHits, as last published
	stopped     bool
	selDepth    int
	loopFloor   int    // lowest path index a loop in the current subtree returned to
	depthDone   int    // deepest finished iteration
	estimates   uint64 // values that rested on a static evaluation, counted as they are returned
	provenDepth int    // the last finished iteration, if no value in it rested on an evaluation; else 0
	path        search.Path
	hist        [2][historySlots]int32
	stack       [maxPly + 1]frame
	rootBuf     [board.MaxMoves]rootMove
	rootMoves   []rootMove
	reported    board.Move // first move of the last reported line
	reportedN   uint64     // t.nodes at the last report
	finished    finished   // the best line of the deepest finished iteration
}

// finished is a thread's best line at the end of its deepest finished iteration,
// kept under a lock for the main thread, which reads the helpers' lines when it
// answers while they may still be searching.
type finished struct {
	mu    sync.Mutex
	depth int // 0: no iteration finished
	score int
	pvLen int
	pv    [maxPly]board.Move
}

// prepare readies t for run, whose root has the children cl.
func (t *thread) prepare(run *searchRun, cl *board.ChildList) {
	t.run = run
	t.nodes = 0
	t.published.Store(0)
	t.tbHits = 0
	t.publishedTB.Store(0)
	t.stopped = false
	t.selDepth = 0
	for i := range t.stack {
		t.stack[i].excluded = board.NoMove
	}
	t.loopFloor = maxInt
	t.depthDone, t.provenDepth = 0, 0
	t.reported = board.NoMove
	t.reportedN = 0
	t.finished.mu.Lock()
	t.finished.depth = 0
	t.finished.mu.Unlock()
	hist := run.req.History
	t.path.Reset(hist)
	for s := range t.hist {
		for m := range t.hist[s] {
			t.hist[s][m] /= 2
		}
	}
	ttMove := board.NoMove
	if e, ok := run.tt.probe(hist[len(hist)-1].Hash()); ok {
		ttMove = e.move
	}
	t.rootMoves = t.rootBuf[:cl.N]
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i]
		t.rootMoves[i] = rootMove{move: c.Move, pos: c.Pos, score: -search.Infinite,
			prevScore: -search.Infinite, pvLen: 1}
		t.rootMoves[i].pv[0] = c.Move
	}
	// The table's move goes first: it is the best guess should the search be
	// stopped before the first iteration ends.
	for i := range t.rootMoves {
		if t.rootMoves[i].move == ttMove {
			rm := t.rootMoves[i]
			copy(t.rootMoves[1:i+1], t.rootMoves[:i])
			t.rootMoves[0] = rm
			break
		}
	}
}

const maxInt = int(^uint(0) >> 1)

// iterate is iterative deepening: searches of growing depth, each seeded by the
// table entries and move order the previous one left. Odd-numbered helper threads
// search their odd iterations one ply deeper (depths 2, 2, 4, 4, ...), so that they
// are one ply ahead of the main thread every other iteration and level with it in
// between. Measured as time to a fixed depth with two threads (docs/strength.md,
// "Threads"): 1.17x the speed of one thread in Adji-Boto, against 1.03x when the
// helper was one ply ahead at every iteration.
func (t *thread) iterate() {
	r := t.run
	for depth := 1; depth <= r.maxDepth && !t.stopped; depth++ {
		d := depth
		if t.id%2 == 1 && depth%2 == 1 {
			d = min(depth+1, r.maxDepth)
		}
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
		}
		estimates := t.estimates
		for pvIdx := 0; pvIdx < r.multiPV && !t.stopped; pvIdx++ {
			t.aspiration(d, pvIdx)
		}
		if t.stopped {
			break
		}
		t.provenDepth = 0
		if t.estimates == estimates {
			t.provenDepth = d
		}
		// A later line can score above an earlier one (the pruning and the table
		// make scores depend on the window): the lines are reported best first.
		slices.SortStableFunc(t.rootMoves[:r.multiPV], func(a, b rootMove) int { return b.score - a.score })
		t.depthDone = d
		t.finish(d)
		// The root's best move goes into the table (the move only: the root's score
		// depends on the game's history), for a search that is stopped at once.
		root := &r.req.History[len(r.req.History)-1]
		r.tt.store(root.Hash(), 0, t.rootMoves[0].move, d, boundNone)
		if t.id != 0 {
			continue
		}
		t.report()
		r.clock.Record(t.rootMoves[0].move, t.rootMoves[0].score)
		if r.clock.StopIterating() || (r.singleRoot && r.clock.ForcedDone()) {
			break
		}
	}
	if t.id != 0 {
		t.published.Store(t.nodes)
		t.publishedTB.Store(t.tbHits)
		return
	}
	// Pondering or infinite searches that ran out of work wait for ponderhit or stop
	// before answering.
	if !r.stop.Load() {
		r.ctl.WaitToAnswer(r.req.Limits)
	}
	// A search stopped in the middle of an iteration reports once more, so that the
	// last info line gives the nodes and time of the whole search.
	if t.rootMoves[0].move != t.reported || t.nodes != t.reportedN {
		t.report()
	}
}

// aspiration searches line pvIdx at depth with a window around its previous score,
// widening it on failure.
func (t *thread) aspiration(depth, pvIdx int) {
	prev := t.rootMoves[pvIdx].prevScore
	alpha, beta := -search.Infinite, search.Infinite
	delta := aspirationDelta
	if depth >= 4 && !search.IsMate(prev) && prev > -search.Infinite {
		alpha, beta = max(prev-delta, -search.Infinite), min(prev+delta, search.Infinite)
	}
	for {
		v, done := t.rootSearch(depth, alpha, beta, pvIdx)
		if done > 0 {
			slices.SortStableFunc(t.rootMoves[pvIdx:], func(a, b rootMove) int { return b.score - a.score })
		}
		if t.stopped {
			return
		}
		switch {
		case v <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -search.Infinite)
		case v >= beta:
			beta = min(v+delta, search.Infinite)
		default:
			return
		}
		delta *= 2
	}
}

// rootSearch searches the root moves from pvIdx on (the earlier ones are the lines
// already chosen this iteration) in the window (alpha, beta). It returns the best
// score and how many moves it finished before a stop.
func (t *thread) rootSearch(depth, alpha, beta, pvIdx int) (best, done int) {
	best = -search.Infinite
	root := &t.run.req.History[len(t.run.req.History)-1]
	var saved [board.MaxMoves]int
	for i := pvIdx; i < len(t.rootMoves); i++ {
		saved[i] = t.rootMoves[i].score
		t.rootMoves[i].score = -search.Infinite
	}
	for i := pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		t.path.Push(&rm.pos)
		t.loopFloor = maxInt
		estimates := t.estimates
		var v int
		if i == pvIdx {
			v = t.child(root, &rm.pos, alpha, beta, depth-1, 0, true)
		} else {
			v = t.child(root, &rm.pos, alpha, alpha+1, depth-1, 0, false)
			if v > alpha && v < beta && !t.stopped {
				v = t.child(root, &rm.pos, alpha, beta, depth-1, 0, true)
			}
		}
		t.path.Pop()
		if t.stopped {
			if done == 0 { // nothing new learned: keep the previous scores
				for j := pvIdx; j < len(t.rootMoves); j++ {
					t.rootMoves[j].score = saved[j]
				}
			}
			return best, done
		}
		done++
		if i == pvIdx || v > alpha {
			rm.score, rm.depth, rm.proven = v, depth, t.estimates == estimates
			// A failed-low child brings no line back: the move keeps the line
			// of its last exact search, which still names a reply to ponder.
			if child := &t.stack[1]; child.pvLen > 0 || rm.pvLen == 0 {
				rm.pv[0] = rm.move
				rm.pvLen = 1 + copy(rm.pv[1:], child.pv[:child.pvLen])
			}
		}
		best = max(best, v)
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return best, done
}

// report sends one info line per principal variation (main thread only). After a
// stop inside an iteration, a line searched again in it is labelled with that
// iteration's depth, and one not searched again keeps the completed iteration's
// score.
func (t *thread) report() {
	t.reported, t.reportedN = t.rootMoves[0].move, t.nodes
	for i := 0; i < t.run.multiPV; i++ {
		rm := &t.rootMoves[i]
		depth, score := t.depthDone, rm.reportScore(t.provenDepth, t.rootDraw())
		switch {
		case rm.score == -search.Infinite && rm.prevScore != -search.Infinite:
			score = search.ToScore(rm.prevScore)
		case rm.score != -search.Infinite && rm.depth > depth:
			depth = rm.depth
		}
		t.sendInfo(depth, i+1, score, rm.pv[:rm.pvLen])
	}
}

// sendInfo sends one info line: line multiPV at depth, with the search's counts.
func (t *thread) sendInfo(depth, multiPV int, score words.Score, pv []board.Move) {
	r := t.run
	if r.req.Info == nil {
		return
	}
	elapsed := time.Since(r.clock.Start())
	nodes := r.totalNodes(t)
	nps := uint64(0)
	if elapsed > 0 {
		nps = uint64(float64(nodes) / elapsed.Seconds())
	}
	r.req.Info(search.Info{Depth: depth, SelDepth: t.selDepth, MultiPV: multiPV,
		Score: score, Nodes: nodes, NPS: nps, Time: elapsed, HashFull: r.tt.hashFull(),
		TBHits: r.totalTBHits(t), PV: slices.Clone(pv)})
}

// rootDraw is the value of a draw to the side to move at the root.
func (t *thread) rootDraw() int {
	h := t.run.req.History
	return t.run.draws[h[len(h)-1].SideToMove()]
}

// finish keeps the best line of the iteration just finished at depth d.
func (t *thread) finish(d int) {
	rm := &t.rootMoves[0]
	f := &t.finished
	f.mu.Lock()
	f.depth, f.score, f.pvLen = d, rm.score, copy(f.pv[:], rm.pv[:rm.pvLen])
	f.mu.Unlock()
}

// result is the answer of the search: the main thread's best line, or a helper's
// when the helper finished a deeper iteration (helpers search one ply ahead, and
// their deeper answer is the better informed; with MultiPV the main thread's lines
// are kept). A helper's line is reported in one more info line, so that the last
// line a front-end sees matches the answer. Nodes and table hits are all threads'.
func (t *thread) result() search.Result {
	rm := &t.rootMoves[0]
	best, score, pv := rm.move, rm.reportScore(t.provenDepth, t.rootDraw()), rm.pv[:rm.pvLen]
	if r := t.run; r.multiPV == 1 {
		var line finished
		for _, h := range r.threads[1:] {
			h.finished.mu.Lock()
			if h.finished.depth > max(t.depthDone, line.depth) {
				line.depth, line.score, line.pvLen = h.finished.depth, h.finished.score, h.finished.pvLen
				copy(line.pv[:], h.finished.pv[:h.finished.pvLen])
			}
			h.finished.mu.Unlock()
		}
		if line.depth > 0 {
			best, score, pv = line.pv[0], search.ToScore(line.score), line.pv[:line.pvLen]
			t.sendInfo(line.depth, 1, score, pv)
		}
	}
	res := search.Result{Best: best, Ponder: board.NoMove, Score: score, Nodes: t.run.totalNodes(t),
		TBHits: t.run.totalTBHits(t)}
	if len(pv) > 1 {
		res.Ponder = pv[1]
	}
	return res
}

// poll counts a node and reports whether the search must stop. The main thread also
// watches the node limit; every pollInterval nodes a thread publishes its count, looks
// at the clock and,
// when the threads leave no processor free, yields: else the goroutines that carry a
// stop to the search and its answer to the protocol wait behind every search thread
// for the Go scheduler's 10 ms time slices (a stop took over a second with 64 threads
// on 2 cores).
func (t *thread) poll() bool {
	t.nodes++
	r := t.run
	if r.stopped() {
		t.stopped = true
		return true
	}
	if t.nodes%pollInterval == 0 {
		t.published.Store(t.nodes)
		t.publishedTB.Store(t.tbHits)
		if r.clock.Check() {
			t.stopped = true
			return true
		}
		if r.yield {
			runtime.Gosched()
		}
	}
	if t.id == 0 && r.nodeLimit > 0 && r.totalNodes(t) >= r.nodeLimit {
		t.stopped = true
		r.stop.Store(true)
		return true
	}
	return false
}
