package search_test

import (
	"fmt"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/baseline"
	"mancala/search/mcts"
)

// engines builds every searcher the protocol can run, with o.
func engines(o search.Options) map[string]search.Searcher {
	return map[string]search.Searcher{
		"alphabeta": alphabeta.New(o),
		"mcts":      mcts.New(o),
		"greedy":    baseline.NewGreedy(),
		"random":    baseline.NewRandom(),
	}
}

// TestStopEndsEverySearch stops searches that would otherwise never end (go
// infinite, go ponder without ponderhit, a movetime of an hour) of every engine,
// with more threads than cores too, and checks that each returns a legal move. Run
// under -race it checks the stop path for data races. The timeout only turns a hang
// into a failure; it measures nothing.
func TestStopEndsEverySearch(t *testing.T) {
	p := board.AdjiBoto.Get().StartPosition()
	history := []board.Position{p}
	for _, threads := range []int{1, 3, 64} {
		for name, s := range engines(search.Options{HashMB: 1, Threads: threads}) {
			for _, l := range []search.Limits{{Infinite: true}, {Ponder: true, MoveTime: time.Hour}, {MoveTime: time.Hour}} {
				what := fmt.Sprintf("%s, %d threads, %+v", name, threads, l)
				var ctl search.Control
				started := make(chan struct{}, 1)
				done := make(chan search.Result, 1)
				req := search.Request{History: history, Limits: l, Info: func(search.Info) {
					select {
					case started <- struct{}{}:
					default:
					}
				}}
				go func() { done <- s.Search(req, &ctl) }()
				select { // a first info line, the answer of a player that does not search, or a while
				case <-started:
				case res := <-done:
					done <- res
				case <-time.After(20 * time.Millisecond):
				}
				ctl.Stop()
				stopAt := time.Now()
				select {
				case res := <-done:
					t.Logf("%s: answered %v after Stop", what, time.Since(stopAt))
					if _, err := p.Play(res.Best); err != nil {
						t.Errorf("%s: best move: %v", what, err)
					}
				case <-time.After(time.Minute):
					t.Fatalf("%s: the search did not end after Stop", what)
				}
			}
		}
	}
}
