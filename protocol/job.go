package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"mancala/board"
	"mancala/search"
)

// job is a running search or perft. Its goroutine sends the result on done; the Run
// loop then prints the bestmove, unless the search was go infinite or go ponder and
// neither stop nor ponderhit has come yet: UCI forbids a bestmove before that, so the
// result is held until then.
type job struct {
	ctl       search.Control
	done      chan search.Result
	perft     bool
	infinite  bool // go infinite: the bestmove waits for stop
	pondering bool // go ponder before ponderhit: the bestmove waits for ponderhit or stop
	held      *search.Result
	root      board.Position
	showWDL   bool // info lines carry wdl (UCI_ShowWDL)
	over      bool // the game was already over: bestmove (none)
	notation  notation
	start     time.Time
	// Written by the search's info callback, read by the Run loop after done.
	mu          sync.Mutex
	best        search.Info // the last line 1 (MultiPV 1) printed
	printed     bool        // best is set
	lastWasBest bool        // the last info line printed was best
}

// jobDone is the channel the running job reports on, or nil when idle.
func (e *Engine) jobDone() chan search.Result {
	if e.job == nil {
		return nil
	}
	return e.job.done
}

// jobEnded takes a job's result: hold it, or print it and go idle.
func (e *Engine) jobEnded(res search.Result) {
	j := e.job
	if !j.ctl.Stopped() && (j.infinite || j.pondering) {
		j.held = &res
		return
	}
	e.finish(res)
}

// finish prints the bestmove of a search and makes the engine idle.
func (e *Engine) finish(res search.Result) {
	j := e.job
	e.job = nil
	if !j.perft {
		e.out.lines(j.bestMoveLines(res)...)
	}
}

// stopJob asks the running job, if any, to stop; a held result is printed at once.
func (e *Engine) stopJob() {
	if e.job == nil {
		return
	}
	e.job.ctl.Stop()
	if e.job.held != nil {
		e.finish(*e.job.held)
	}
}

// ponderHit switches a pondering search to normal time limits.
func (e *Engine) ponderHit(args []string) (func(), error) {
	if len(args) > 0 {
		return nil, fmt.Errorf("ponderhit takes no arguments, got %q", clip(strings.Join(args, " ")))
	}
	if e.job == nil || !e.job.pondering {
		return nil, fmt.Errorf("ponderhit without a go ponder search running")
	}
	return func() {
		j := e.job
		j.pondering = false
		j.ctl.PonderHit()
		if j.held != nil && !j.infinite {
			e.finish(*j.held)
		}
	}, nil
}

// goCommand parses the limits and starts a search, or a perft.
func (e *Engine) goCommand(args []string) (func(), error) {
	if len(args) > 0 && args[0] == "perft" {
		if len(args) != 2 {
			return nil, fmt.Errorf("go perft needs exactly one depth: go perft <depth>")
		}
		depth, err := number("perft", args[1], 1, board.MaxPerftDepth)
		if err != nil {
			return nil, err
		}
		return func() { e.startPerft(int(depth)) }, nil
	}
	l, err := parseLimits(args)
	if err != nil {
		return nil, err
	}
	return func() { e.startSearch(l) }, nil
}

// maxMillis bounds time values so that they fit a time.Duration (about 31 years).
const maxMillis = 1_000_000_000_000

// parseLimits reads the go command's parameters. Each may appear once; numbers are
// decimal, from 0 to maxMillis; depth, nodes and movetime must be at least 1. A clock at
// 0 ms means "no time left" and becomes 1 ms, since 0 in search.Limits means no limit.
func parseLimits(args []string) (search.Limits, error) {
	var l search.Limits
	seen := map[string]bool{}
	for i := 0; i < len(args); i++ {
		key := args[i]
		if seen[key] {
			return l, fmt.Errorf("go: %s given twice", clip(key))
		}
		seen[key] = true
		switch key {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		default:
			return l, fmt.Errorf("go: unknown parameter %q", clip(key))
		}
		if i+1 == len(args) {
			return l, fmt.Errorf("go: %s needs a value", key)
		}
		i++
		lowest := int64(0)
		switch key {
		case "depth", "nodes", "movetime":
			lowest = 1
		}
		n, err := number(key, args[i], lowest, maxMillis)
		if err != nil {
			return l, err
		}
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "depth":
			l.Depth = int(min(n, 1<<30))
		case "nodes":
			l.Nodes = uint64(n)
		case "movetime":
			l.MoveTime = ms
		case "wtime":
			l.Time[board.South] = max(ms, time.Millisecond)
		case "btime":
			l.Time[board.North] = max(ms, time.Millisecond)
		case "winc":
			l.Inc[board.South] = ms
		case "binc":
			l.Inc[board.North] = ms
		case "movestogo":
			l.MovesToGo = int(min(n, 1<<30))
		}
	}
	return l, nil
}

// number reads a go parameter's value: a decimal number from lowest to highest.
func number(key, s string, lowest, highest int64) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err == nil && n < 0:
		return 0, fmt.Errorf("go: %s must not be negative, got %q", key, clip(s))
	case err == nil && n < lowest:
		return 0, fmt.Errorf("go: %s must be at least %d", key, lowest)
	case err != nil, n > highest:
		return 0, fmt.Errorf("go: %s needs a whole number from %d to %d, not %q", key, lowest, highest, clip(s))
	}
	return n, nil
}

// startSearch starts a search of the current game on a new goroutine.
func (e *Engine) startSearch(l search.Limits) {
	j := &job{done: make(chan search.Result, 1), infinite: l.Infinite, pondering: l.Ponder,
		root: e.game.Position(), showWDL: e.set.showWDL, over: e.game.Result().Over(), start: time.Now(),
		notation: e.set.notation}
	e.job = j
	req := search.Request{History: e.game.Positions(), Limits: l, Info: func(info search.Info) { e.report(j, info) }}
	s := e.searcher
	go func() {
		if j.over {
			j.done <- search.Result{Best: board.NoMove, Ponder: board.NoMove}
			return
		}
		j.done <- s.Search(req, &j.ctl)
	}()
}

// report prints one info line; it runs on the search goroutine.
func (e *Engine) report(j *job, info search.Info) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if info.MultiPV <= 1 {
		info.MultiPV = 1
		info.PV = append([]board.Move(nil), info.PV...) // the searcher may reuse its slice
		j.best, j.printed = info, true
	}
	j.lastWasBest = info.MultiPV == 1
	e.out.lines(j.infoLine(info))
}

// infoLine formats an info line. The searcher's score, in internal values, is reported
// as search.Reported converts it at the root, with its chances of a win, draw and
// loss (search.WDL) when UCI_ShowWDL is on. Time, and nps when missing, come from the
// job's own clock if the searcher leaves them out; seldepth is never shown below depth.
func (j *job) infoLine(info search.Info) string {
	v := j.root.Variant()
	if info.Time <= 0 {
		info.Time = time.Since(j.start)
	}
	if info.NPS == 0 && info.Time > 0 {
		info.NPS = uint64(float64(info.Nodes) / info.Time.Seconds())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d", info.Depth, max(info.SelDepth, info.Depth), info.MultiPV)
	b.WriteString(" score " + j.notation.score(v, search.Reported(info.Score, &j.root)))
	if j.showWDL {
		w, d, l := search.WDL(info.Score, &j.root)
		fmt.Fprintf(&b, " wdl %d %d %d", w, d, l)
	}
	fmt.Fprintf(&b, " nodes %d nps %d time %d hashfull %d", info.Nodes, info.NPS, info.Time.Milliseconds(), info.HashFull)
	if info.TBHits > 0 {
		fmt.Fprintf(&b, " tbhits %d", info.TBHits)
	}
	if len(info.PV) > 0 {
		b.WriteString(" pv " + j.notation.line(v, info.PV))
	}
	return b.String()
}

// bestMoveLines returns the final lines of a search: an info line for the best line
// if the last one printed does not start with the best move (so that the last info
// always carries the line bestmove starts), then the bestmove line. A best move that is
// not legal (a searcher bug) is replaced by the first legal move.
func (j *job) bestMoveLines(res search.Result) []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	v := j.root.Variant()
	if j.over {
		return []string{"bestmove " + j.notation.noMove(v)}
	}
	var cl board.ChildList
	j.root.Generate(&cl)
	next, legal := childAfter(&cl, res.Best)
	if !legal {
		res.Best, next = cl.Children[0].Move, cl.Children[0].Pos
	}
	var replies board.ChildList
	next.Generate(&replies)
	ponder := res.Ponder
	if j.printed && len(j.best.PV) > 1 && j.best.PV[0] == res.Best && ponder == board.NoMove {
		ponder = j.best.PV[1]
	}
	if _, ok := childAfter(&replies, ponder); !ok || next.SideToMove() == j.root.SideToMove() {
		ponder = board.NoMove // nothing of the opponent's to ponder when the mover moves again
	}
	var lines []string
	if !j.printed || len(j.best.PV) == 0 || j.best.PV[0] != res.Best {
		line := search.Info{Depth: j.best.Depth, SelDepth: j.best.SelDepth, MultiPV: 1, Score: res.Score,
			Nodes: max(res.Nodes, j.best.Nodes), HashFull: j.best.HashFull,
			TBHits: max(res.TBHits, j.best.TBHits), PV: []board.Move{res.Best}}
		if ponder != board.NoMove {
			line.PV = append(line.PV, ponder)
		}
		lines = append(lines, j.infoLine(line))
	} else if !j.lastWasBest {
		lines = append(lines, j.infoLine(j.best))
	}
	text := "bestmove " + j.notation.move(v, res.Best)
	if ponder != board.NoMove {
		text += " ponder " + j.notation.move(v, ponder)
	}
	return append(lines, text)
}

// childAfter finds move m among the children.
func childAfter(cl *board.ChildList, m board.Move) (board.Position, bool) {
	for i := 0; i < cl.N; i++ {
		if cl.Children[i].Move == m {
			return cl.Children[i].Pos, true
		}
	}
	return board.Position{}, false
}
