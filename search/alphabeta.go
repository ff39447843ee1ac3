package search

import (
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
	"mancala/eval"
)

// AlphaBeta is an iterative-deepening principal-variation searcher with aspiration
// windows, a shared lockless transposition table and lazy SMP: Options.Threads
// goroutines search the same root, sharing what they find through the table; the
// first one reports and decides. Repeated positions (on the search path or in the
// game's history) are loop endings and score as the variant's loop result.
//
// With one thread and a Nodes or Depth limit the search is deterministic: after
// NewGame the same request gives the same best move and node count.
type AlphaBeta struct {
	opts    Options
	tt      *table
	threads []*thread
	eval    func(*board.Position) int
}

// Option defaults used where Options leaves a zero.
const (
	DefaultHashMB = 16
	maxHashMB     = 1 << 16
)

// NewAlphaBeta returns an alpha-beta searcher with the given options; zero fields take
// defaults (DefaultHashMB, one thread, one line).
func NewAlphaBeta(o Options) *AlphaBeta {
	ab := &AlphaBeta{eval: eval.Evaluate}
	ab.SetOptions(o)
	return ab
}

// SetOptions applies new options; a new hash size empties the table.
func (ab *AlphaBeta) SetOptions(o Options) {
	if o.HashMB <= 0 {
		o.HashMB = DefaultHashMB
	}
	o.HashMB = min(o.HashMB, maxHashMB)
	o.Threads = max(o.Threads, 1)
	o.MultiPV = max(o.MultiPV, 1)
	o.MoveOverhead = max(o.MoveOverhead, 0)
	if ab.tt == nil || o.HashMB != ab.opts.HashMB {
		ab.tt = newTable(o.HashMB)
	}
	for len(ab.threads) < o.Threads {
		ab.threads = append(ab.threads, &thread{id: len(ab.threads)})
	}
	ab.threads = ab.threads[:o.Threads]
	ab.opts = o
}

// SetEval replaces the static evaluation (eval.Evaluate by default); strength
// experiments use it to pit evaluations against each other.
func (ab *AlphaBeta) SetEval(f func(*board.Position) int) { ab.eval = f }

// NewGame empties the transposition table and the move-ordering histories.
func (ab *AlphaBeta) NewGame() {
	ab.tt.clear()
	for _, t := range ab.threads {
		t.hist = [2][historySlots]int32{}
	}
}

// searchRun is the state one Search shares between its threads.
type searchRun struct {
	req        Request
	ctl        *Control
	stop       atomic.Bool // set when every thread must stop
	start      time.Time
	budget     timeBudget
	maxDepth   int
	nodeLimit  uint64
	multiPV    int
	tt         *table
	eval       func(*board.Position) int
	threads    []*thread
	singleRoot bool // only one legal move: under a clock, play it at once
}

// clockElapsed returns the time that counts against the budget, and false while no
// time limit applies (infinite search, or pondering before the ponderhit).
func (r *searchRun) clockElapsed() (time.Duration, bool) {
	switch {
	case r.req.Limits.Infinite:
		return 0, false
	case r.req.Limits.Ponder:
		at, hit := r.ctl.PonderHitAt()
		if !hit {
			return 0, false
		}
		return time.Since(at), true
	}
	return time.Since(r.start), true
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
func (ab *AlphaBeta) Search(req Request, ctl *Control) Result {
	none := Result{Best: board.NoMove, Ponder: board.NoMove}
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
	run := &searchRun{
		req: req, ctl: ctl, start: time.Now(),
		budget:   budgetFor(l, root.SideToMove(), ab.opts.MoveOverhead),
		maxDepth: maxDepth, nodeLimit: l.Nodes, multiPV: min(ab.opts.MultiPV, cl.N),
		tt: ab.tt, eval: ab.eval, threads: ab.threads, singleRoot: cl.N == 1,
	}
	if l.Depth > 0 {
		run.maxDepth = min(l.Depth, maxDepth)
	}
	ab.tt.newSearch()
	for _, t := range ab.threads {
		t.prepare(run, &cl)
	}
	var wg sync.WaitGroup
	for _, t := range ab.threads[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.iterate()
		}()
	}
	main := ab.threads[0]
	main.iterate()
	run.stop.Store(true)
	wg.Wait()
	return main.result()
}
