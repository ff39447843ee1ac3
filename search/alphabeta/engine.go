package alphabeta

import (
	"runtime"
	"sync"
	"sync/atomic"

	"mancala/board"
	"mancala/search"
)

// Engine is an iterative-deepening principal-variation searcher with aspiration
// windows, a shared lockless transposition table and lazy SMP: Options.Threads
// goroutines search the same root, sharing what they find through the table; the
// first one reports and decides. Repeated positions (on the search path or in the
// game's history) are loop endings and score as the variant's loop result.
//
// With one thread and a Nodes or Depth limit the search is deterministic: after
// NewGame the same request gives the same best move and node count.
type Engine struct {
	opts    search.Options
	tt      *table
	threads []*thread
	eval    search.Evaluator
	// draws are the draw values the table's entries were found with: a search with
	// others (contempt changed, or the root's side with contempt) empties it first.
	draws search.Draws
	// helpers are the helper threads of the last search, which Search does not
	// wait for: they stop on their own, and everything that touches the threads or
	// the table waits for them first (settle).
	helpers sync.WaitGroup
}

// untimedNodesPerMB is the node bound of a search that nothing else ends, per
// mebibyte of the transposition table: 16 nodes per entry. Chosen, not measured:
// at the default 16 MB it is 16.8 million nodes, some seconds of search, where the
// maximum depth alone (maxDepth) is out of reach in the middle of a game.
const untimedNodesPerMB = 1 << 20

// UntimedNodes is the most nodes a search with options o makes when no limit ends
// it: no depth, and search.Limits.Unbounded (a bare go, go ponder without a clock),
// counted from the go. It ends earlier at the maximum depth.
func UntimedNodes(o search.Options) uint64 {
	return uint64(o.Normalized().HashMB) * untimedNodesPerMB
}

// settle waits until the helper threads of the last search have ended.
func (ab *Engine) settle() { ab.helpers.Wait() }

// New returns an alpha-beta searcher with the given options (see
// search.Options.Normalized for zero fields).
func New(o search.Options) *Engine {
	ab := &Engine{eval: search.DefaultEvaluator}
	ab.SetOptions(o)
	return ab
}

// SetOptions applies new options; a new hash size empties the table.
func (ab *Engine) SetOptions(o search.Options) {
	ab.settle()
	o = o.Normalized()
	if ab.tt == nil || o.HashMB != ab.opts.HashMB {
		ab.tt = newTable(o.HashMB)
	}
	for len(ab.threads) < o.Threads {
		ab.threads = append(ab.threads, &thread{id: len(ab.threads)})
	}
	ab.threads = ab.threads[:o.Threads]
	ab.opts = o
}

// SetEval replaces the static evaluation (search.DefaultEvaluator at first); strength
// experiments use it to pit evaluations against each other.
func (ab *Engine) SetEval(f search.Evaluator) {
	ab.settle()
	ab.eval = f
}

// NewGame empties the transposition table and the move-ordering histories.
func (ab *Engine) NewGame() {
	ab.settle()
	ab.tt.clear()
	for _, t := range ab.threads {
		t.hist = [2][historySlots]int32{}
	}
}

// searchRun is the state one Search shares between its threads.
type searchRun struct {
	req        search.Request
	ctl        *search.Control
	clock      *search.Clock
	stop       atomic.Bool // set when every thread must stop
	maxDepth   int
	nodeLimit  uint64
	multiPV    int
	tt         *table
	eval       search.Evaluator
	threads    []*thread
	endgames   search.Endgames // nil: no endgame table
	draws      search.Draws    // what a draw is worth to each side to move (contempt)
	singleRoot bool            // only one legal move: under a clock, search it briefly (search.ForcedShare)
	yield      bool            // the threads occupy every processor: yield now and then
}

// stopped reports whether the search must stop: a thread hit a limit, the Control
// was stopped or the hard time limit passed. Every thread asks at every node, so
// that a stop is seen by whichever threads the scheduler runs.
func (r *searchRun) stopped() bool {
	return r.stop.Load() || r.ctl.Stopped() || r.clock.Expired()
}

// totalTBHits sums the table hits of all threads, as totalNodes does the nodes.
func (r *searchRun) totalTBHits(self *thread) uint64 {
	n := self.tbHits
	for _, t := range r.threads {
		if t != self {
			n += t.publishedTB.Load()
		}
	}
	return n
}

// totalNodes sums the nodes of all threads (the caller's own count exactly, the
// others' as last published).
func (r *searchRun) totalNodes(self *thread) uint64 {
	n := self.nodes
	for _, t := range r.threads {
		if t != self {
			n += t.published.Load()
		}
	}
	return n
}

// Search runs a search to the request's limits or until ctl.Stop, and returns the
// best move of the main thread's deepest finished iteration (or, stopped before one
// finished, the table's move or the first legal move).
func (ab *Engine) Search(req search.Request, ctl *search.Control) search.Result {
	ab.settle()
	none := search.Result{Best: board.NoMove, Ponder: board.NoMove}
	if len(req.History) == 0 {
		return none
	}
	root := req.History[len(req.History)-1]
	var cl board.ChildList
	root.Generate(&cl)
	if cl.N == 0 {
		return none
	}
	l := req.Limits
	draws := search.NewDraws(root.SideToMove(), ab.opts.Contempt)
	if res, ok := search.TableMove(ab.opts.Endgames, req); ok {
		// The table plays the root perfectly: no search.
		req.Report(search.Info{Depth: 1, Score: res.Score, Nodes: 1, TBHits: 1, PV: []board.Move{res.Best}})
		ctl.WaitToAnswer(l)
		return res
	}
	if draws != ab.draws {
		ab.tt.clear()
		ab.draws = draws
	}
	clock := search.StartClock(l, &root, ab.opts.MoveOverhead, ctl, search.AlphaBeta)
	defer clock.Release()
	run := &searchRun{
		req: req, ctl: ctl, clock: clock,
		maxDepth: maxDepth, nodeLimit: l.Nodes, multiPV: min(ab.opts.MultiPV, cl.N),
		tt: ab.tt, eval: ab.eval, threads: ab.threads, endgames: ab.opts.Endgames, draws: draws, singleRoot: cl.N == 1,
		yield: len(ab.threads) >= runtime.GOMAXPROCS(0),
	}
	if l.Depth > 0 {
		run.maxDepth = min(l.Depth, maxDepth)
	} else if l.Unbounded() {
		run.nodeLimit = UntimedNodes(ab.opts)
	}
	ab.tt.newSearch()
	for _, t := range ab.threads {
		t.prepare(run, &cl)
	}
	for _, t := range ab.threads[1:] {
		ab.helpers.Add(1)
		go func() {
			defer ab.helpers.Done()
			t.iterate()
		}()
	}
	main := ab.threads[0]
	main.iterate()
	run.stop.Store(true)
	// The answer does not wait for the helpers: with more threads than cores some
	// may not run again for a while. They see the stop flag as soon as they do.
	return main.result()
}
