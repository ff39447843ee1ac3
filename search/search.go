// Package search finds good moves: alpha-beta (iterative-deepening principal-variation
// search with a shared transposition table and lazy SMP) and Monte-Carlo tree search,
// behind one interface that the protocol drives.
package search

import (
	"fmt"
	"sync/atomic"
	"time"

	"mancala/board"
)

// Limits are the constraints of one search, as given by the protocol's go command.
// Zero values mean "no limit of this kind".
type Limits struct {
	Depth     int              // plies
	Nodes     uint64           // nodes (alpha-beta) or playouts/iterations (MCTS)
	MoveTime  time.Duration    // exact time for this move
	Time      [2]time.Duration // remaining clock time, indexed by board.Side
	Inc       [2]time.Duration // increment per move, indexed by board.Side
	MovesToGo int              // moves to the next time control (0: sudden death)
	Infinite  bool             // search until stopped
	Ponder    bool             // pondering: no time limit until Control.PonderHit
}

// Score is an evaluation from the side to move's point of view.
type Score struct {
	Mate  bool // Value is a proven result in moves: > 0 the side to move wins, < 0 loses
	Value int  // centiseeds (100 = one seed), or moves to the end when Mate
}

// Info is one progress report, printed by the protocol as an info line.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based line number when MultiPV > 1, else 1
	Score    Score
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	HashFull int // per mille
	PV       []board.Move
}

// Request is one search: the game so far (for loop detection; the last position is
// the root) and the limits. Info, if not nil, is called from the search goroutine.
type Request struct {
	History []board.Position
	Limits  Limits
	Info    func(Info)
}

// Result is the outcome of a search: the move to play (board.NoMove when the root has
// no legal move) and, if known, the expected reply to ponder on.
type Result struct {
	Best   board.Move
	Ponder board.Move
	Score  Score
	Nodes  uint64
}

// Control lets another goroutine stop a running search or end its pondering. A zero
// Control is ready to use; Reset it before each search.
type Control struct {
	stopped   atomic.Bool
	ponderHit atomic.Int64 // unix nanoseconds of the ponderhit, 0 if none yet
}

// Stop asks the search to finish as soon as possible (it still returns a best move).
func (c *Control) Stop() { c.stopped.Store(true) }

// Stopped reports whether Stop was called.
func (c *Control) Stopped() bool { return c.stopped.Load() }

// PonderHit tells a pondering search that the opponent played the expected move:
// from now on it runs under its normal time limits.
func (c *Control) PonderHit() { c.ponderHit.Store(time.Now().UnixNano()) }

// PonderHitAt returns when PonderHit was called, and whether it was.
func (c *Control) PonderHitAt() (time.Time, bool) {
	ns := c.ponderHit.Load()
	return time.Unix(0, ns), ns != 0
}

// Reset makes the Control ready for a new search.
func (c *Control) Reset() {
	c.stopped.Store(false)
	c.ponderHit.Store(0)
}

// Options configure a Searcher; the protocol's setoption maps onto them.
type Options struct {
	HashMB       int           // transposition table size
	Threads      int           // search threads (lazy SMP for alpha-beta)
	MultiPV      int           // lines to report (alpha-beta)
	MoveOverhead time.Duration // time kept back per move for communication
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

// Skill levels: Full is the real search; Greedy plays the move with the best static
// evaluation one ply ahead; Random plays a uniformly random legal move. The weak
// levels serve as baselines for strength measurements.
const (
	SkillFull   = "full"
	SkillGreedy = "greedy"
	SkillRandom = "random"
)

// Algorithm names accepted by New.
const (
	AlphaBetaName = "alphabeta"
	MCTSName      = "mcts"
)

// New returns a searcher for the named algorithm and skill level.
func New(algorithm, skill string, o Options) (Searcher, error) {
	switch skill {
	case SkillRandom:
		return newRandomMover(), nil
	case SkillGreedy:
		return newGreedy(), nil
	case SkillFull:
	default:
		return nil, fmt.Errorf("unknown skill %q (full, greedy or random)", skill)
	}
	switch algorithm {
	case AlphaBetaName:
		return NewAlphaBeta(o), nil
	case MCTSName:
		return NewMCTS(o), nil
	}
	return nil, fmt.Errorf("unknown search %q (alphabeta or mcts)", algorithm)
}
