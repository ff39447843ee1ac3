package protocol

import (
	"fmt"

	"mancala/board"
	"mancala/search"
)

// startPerft runs "go perft depth" on a job goroutine: one "<move>: <count>" line per
// legal move, a blank line and "Nodes searched: <total>", all printed as one block.
// It counts games (board.DivideGame): the game's history counts for the loop ending.
// stop abandons it (printing only "info string perft stopped"), as does quit.
func (e *Engine) startPerft(depth int) {
	j := &job{done: make(chan search.Result, 1), perft: true}
	e.job = j
	history := e.game.Positions()
	over := e.game.Result().Over()
	v := history[len(history)-1].Variant()
	notation := e.set.notation
	go func() {
		defer func() { j.done <- search.Result{} }()
		var entries []board.DivideEntry
		if !over {
			var err error
			stopped := func() bool {
				search.Yield() // under WebAssembly, for the goroutine carrying stop
				return j.ctl.Stopped()
			}
			entries, err = board.DivideGame(history, depth, stopped)
			if err != nil { // board.ErrPerftStopped: "perft stopped"
				e.out.lines("info string " + err.Error())
				return
			}
		}
		lines := make([]string, 0, len(entries)+2)
		var total uint64
		for _, d := range entries {
			total += d.Nodes
			lines = append(lines, fmt.Sprintf("%s: %d", notation.move(v, d.Move), d.Nodes))
		}
		e.out.lines(append(lines, "", fmt.Sprintf("Nodes searched: %d", total))...)
	}()
}
