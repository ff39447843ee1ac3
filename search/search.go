// Package search is what the search engines share: the API the protocol drives
// (Limits, Request, Result, Info, Control, Options, Searcher), the option defaults and
// ranges, one time manager, one repetition tracker, one conversion of game results and
// values into scores and of the searches' internal scores into the reported ones
// (Reported, WDL), the evaluation seam and a game driver. The score type and its text
// are package search/words, which the client side imports without the search. The
// engines themselves live in search/alphabeta and search/mcts, the baseline players in
// search/baseline; cmd/mancala wires them into the protocol.
package search

import (
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
	"mancala/eval"
	"mancala/search/words"
)

// Limits are the constraints of one search, as given by the protocol's go command.
// Zero values mean "no limit of this kind".
type Limits struct {
	Depth     int              // plies (MCTS: the average depth of the leaves it adds)
	Nodes     uint64           // nodes (alpha-beta) or playouts/iterations (MCTS)
	MoveTime  time.Duration    // answer within this time of the start (see NewBudget)
	Time      [2]time.Duration // remaining clock time, indexed by board.Side
	Inc       [2]time.Duration // increment per move, indexed by board.Side
	MovesToGo int              // moves to the next time control (0: sudden death)
	Infinite  bool             // search until stopped
	Ponder    bool             // pondering: no time limit until Control.PonderHit
}

// Unbounded reports whether no limit of l but the depth ends a search by itself:
// no time (movetime, a clock), no node count, and not infinite (which ends by stop).
// A bare go, go depth N and go ponder without a clock are such searches; each
// engine bounds them in its own way (see UntimedNodes in search/alphabeta and
// UntimedIterations in search/mcts).
func (l Limits) Unbounded() bool {
	return l.MoveTime == 0 && l.Time == [2]time.Duration{} && l.Inc == [2]time.Duration{} &&
		l.Nodes == 0 && !l.Infinite
}

// Info is one progress report, printed by the protocol as an info line.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based line number when MultiPV > 1, else 1
	Score    words.Score
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int    // per mille
	TBHits   uint64 // endgame table probes that found the position
	PV       []board.Move
}

// Request is one search: the game so far (for loop detection; the last position is
// the root) and the limits. Info, if not nil, is called from the search goroutine.
type Request struct {
	History []board.Position
	Limits  Limits
	Info    func(Info)
}

// Report sends info to the request's Info callback, if any, numbering a line without
// a MultiPV rank as line 1.
func (r *Request) Report(info Info) {
	if info.MultiPV == 0 {
		info.MultiPV = 1
	}
	if r.Info != nil {
		r.Info(info)
	}
}

// Result is the outcome of a search: the move to play (board.NoMove when the root has
// no legal move) and, if known, the expected reply to ponder on.
type Result struct {
	Best   board.Move
	Ponder board.Move
	Score  words.Score
	Nodes  uint64
	TBHits uint64 // endgame table probes that found the position
}

// Control lets another goroutine stop a running search or end its pondering. A zero
// Control is ready to use; Reset it before each search.
type Control struct {
	stopped   atomic.Bool
	ponderHit atomic.Int64 // unix nanoseconds of the ponderhit, 0 if none yet

	mu   sync.Mutex
	done chan struct{} // closed by Stop
	hit  chan struct{} // closed by PonderHit
}

// channels returns the Control's channels, making them on first use.
func (c *Control) channels() (done, hit chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done, c.hit = make(chan struct{}), make(chan struct{})
	}
	return c.done, c.hit
}

// Stop asks the search to finish as soon as possible (it still returns a best move).
func (c *Control) Stop() {
	done, _ := c.channels()
	if !c.stopped.Swap(true) {
		close(done)
	}
}

// Stopped reports whether Stop was called. It is one atomic load: engines call it at
// every node.
func (c *Control) Stopped() bool { return c.stopped.Load() }

// Done returns a channel that is closed when Stop is called.
func (c *Control) Done() <-chan struct{} {
	done, _ := c.channels()
	return done
}

// PonderHit tells a pondering search that the opponent played the expected move:
// from now on it runs under its normal time limits.
func (c *Control) PonderHit() {
	_, hit := c.channels()
	if c.ponderHit.CompareAndSwap(0, time.Now().UnixNano()) {
		close(hit)
	}
}

// PonderHitAt returns when PonderHit was called, and whether it was.
func (c *Control) PonderHitAt() (time.Time, bool) {
	ns := c.ponderHit.Load()
	return time.Unix(0, ns), ns != 0
}

// ponderHitC returns a channel that is closed when PonderHit is called.
func (c *Control) ponderHitC() <-chan struct{} {
	_, hit := c.channels()
	return hit
}

// Reset makes the Control ready for a new search.
func (c *Control) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopped.Store(false)
	c.ponderHit.Store(0)
	c.done, c.hit = nil, nil
}

// WaitToAnswer blocks while the limits forbid a search that has finished its work to
// answer: a go infinite search waits for Stop, a pondering one for Stop or PonderHit.
// Every engine ends its search with it.
func (c *Control) WaitToAnswer(l Limits) {
	switch {
	case l.Infinite:
		<-c.Done()
	case l.Ponder:
		select {
		case <-c.Done():
		case <-c.ponderHitC():
		}
	}
}

// Options configure a Searcher; the protocol's setoption maps onto them. Zero fields
// mean the defaults, except Contempt, where 0 is itself a value (no contempt);
// Normalized brings every field into its range.
type Options struct {
	HashMB       int           // transposition table (alpha-beta) or tree pool (MCTS) size
	Threads      int           // search threads (lazy SMP for alpha-beta; MCTS uses one)
	MultiPV      int           // lines to report
	MoveOverhead time.Duration // time kept back per move for communication
	Contempt     int           // internal centiseeds a draw is worth below 0 to the root's side (alpha-beta; see Draws)
	Endgames     Endgames      // endgame table of the variant played, or nil
}

// Defaults and ranges of the options: the protocol declares its spin options with
// them. The defaults are the common choices of UCI engines, not measured here.
const (
	DefaultHashMB       = 16
	MinHashMB           = 1
	MaxHashMB           = 4096
	DefaultThreads      = 1
	MaxThreads          = 64
	DefaultMultiPV      = 1
	MaxMultiPV          = board.MaxMoves
	DefaultMoveOverhead = 10 * time.Millisecond
	MaxMoveOverhead     = 5000 * time.Millisecond
	// DefaultContempt is the protocol's default Contempt; see docs/ledger.md,
	// "Contempt", for the matches behind it.
	DefaultContempt = 0
	MaxContempt     = 1000 // ten seeds: the option's range is ±MaxContempt
)

// Normalized returns o with zero fields set to their defaults and every field clamped
// into its range.
func (o Options) Normalized() Options {
	if o.HashMB == 0 {
		o.HashMB = DefaultHashMB
	}
	if o.Threads == 0 {
		o.Threads = DefaultThreads
	}
	if o.MultiPV == 0 {
		o.MultiPV = DefaultMultiPV
	}
	o.HashMB = min(max(o.HashMB, MinHashMB), MaxHashMB)
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	o.MultiPV = min(max(o.MultiPV, 1), MaxMultiPV)
	o.MoveOverhead = min(max(o.MoveOverhead, 0), MaxMoveOverhead)
	o.Contempt = min(max(o.Contempt, -MaxContempt), MaxContempt)
	return o
}

// Searcher is a search algorithm. Search blocks until the limits are reached or
// ctl.Stop is called, and is never called concurrently with itself.
type Searcher interface {
	Search(req Request, ctl *Control) Result
	// NewGame forgets everything learned (hash table, histories, MCTS tree).
	NewGame()
	// SetOptions applies new options between searches.
	SetOptions(o Options)
}

// Evaluator is a static evaluation: the value of a position for its side to move, in
// centiseeds. It is the seam through which experiments give an engine another
// evaluation (see SetEval of the engines); DefaultEvaluator is eval.Evaluate.
type Evaluator func(*board.Position) int

// DefaultEvaluator is the evaluation every engine starts with.
var DefaultEvaluator Evaluator = eval.Evaluate
