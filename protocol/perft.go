package protocol

import (
	"fmt"

	"mancala/board"
	"mancala/search"
)

// startPerft runs "go perft depth" on a job goroutine: one "<move>: <count>" line per
// legal move, a blank line and "Nodes searched: <total>", all printed as one block.
// stop abandons it (printing only "info string perft stopped"), as does quit.
func (e *Engine) startPerft(depth int) {
	j := &job{done: make(chan search.Result, 1), perft: true}
	e.job = j
	root := e.game.Position()
	over := e.game.Result().Over() // a loop ending has no moves either
	go func() {
		defer func() { j.done <- search.Result{} }()
		var cl board.ChildList
		if !over {
			root.Generate(&cl)
		}
		v := root.Variant()
		lines := make([]string, 0, cl.N+2)
		var total uint64
		for i := 0; i < cl.N; i++ {
			n, ok := perft(&cl.Children[i].Pos, depth-1, &j.ctl)
			if !ok {
				e.out.lines("info string perft stopped")
				return
			}
			total += n
			lines = append(lines, fmt.Sprintf("%s: %d", v.FormatMove(cl.Children[i].Move), n))
		}
		e.out.lines(append(lines, "", fmt.Sprintf("Nodes searched: %d", total))...)
	}()
}

// stopCheckDepth is the remaining depth at and above which perft looks at the stop
// flag: often enough to stop within milliseconds, too rarely to cost time.
const stopCheckDepth = 3

// perft counts the leaves of the game tree below p, depth plies deep, like
// board.Perft, but gives up (ok false) once ctl is stopped.
func perft(p *board.Position, depth int, ctl *search.Control) (n uint64, ok bool) {
	if depth < stopCheckDepth {
		return board.Perft(p, depth), true
	}
	if ctl.Stopped() {
		return 0, false
	}
	var cl board.ChildList
	p.Generate(&cl)
	for i := 0; i < cl.N; i++ {
		c, ok := perft(&cl.Children[i].Pos, depth-1, ctl)
		if !ok {
			return 0, false
		}
		n += c
	}
	return n, true
}
