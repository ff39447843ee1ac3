// Package searchtest watches a search running in a goroutine of its own, for the
// engines' tests of stop and ponder: it waits for events (info lines, the answer, the
// search waiting to answer), never for a fixed time.
package searchtest

import (
	"bytes"
	"runtime"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
)

// WaitLimit bounds every wait here: it only turns a hang into a failure and
// measures nothing.
const WaitLimit = time.Minute

// Running is a search in a goroutine of its own.
type Running struct {
	mu        sync.Mutex
	infos     []search.Info
	more      chan struct{} // signalled when an info line arrives
	done      chan search.Result
	goroutine string // "goroutine N [", the search's entry in runtime.Stack
}

// Start starts s on p under l and ctl. Its info lines are kept, never blocking the
// search.
func Start(s search.Searcher, p board.Position, l search.Limits, ctl *search.Control) *Running {
	r := &Running{more: make(chan struct{}, 1), done: make(chan search.Result, 1)}
	started := make(chan struct{})
	req := search.Request{History: []board.Position{p}, Limits: l, Info: func(i search.Info) {
		r.mu.Lock()
		r.infos = append(r.infos, i)
		r.mu.Unlock()
		select {
		case r.more <- struct{}{}:
		default:
		}
	}}
	go func() {
		buf := make([]byte, 64)
		buf = buf[:runtime.Stack(buf, false)]
		r.goroutine = string(buf[:bytes.IndexByte(buf, '[')+1])
		close(started)
		r.done <- s.Search(req, ctl)
	}()
	<-started
	return r
}

// SearchesOn waits for an info line for which reached is true, and returns it. On
// the way the node count never falls, and grows from each depth to the next. It
// fails the test if the search stops first: answers, or ends its work and waits to
// answer.
func (r *Running) SearchesOn(t *testing.T, reached func(search.Info) bool) search.Info {
	t.Helper()
	deadline := time.Now().Add(WaitLimit)
	seen := 0
	var last search.Info
	for {
		r.mu.Lock()
		infos := r.infos[seen:]
		seen = len(r.infos)
		r.mu.Unlock()
		for _, i := range infos {
			if i.Nodes < last.Nodes || i.Depth > last.Depth && last.Depth > 0 && i.Nodes == last.Nodes {
				t.Fatalf("depth %d after %d nodes, then depth %d after %d: the search is not searching on",
					last.Depth, last.Nodes, i.Depth, i.Nodes)
			}
			last = i
			if reached(i) {
				return i
			}
		}
		select {
		case res := <-r.done:
			t.Fatalf("the search answered %v (last line: depth %d, %d nodes) before it was allowed to",
				res.Best, last.Depth, last.Nodes)
		default:
		}
		if r.waiting() {
			t.Fatalf("the search ended its work (last line: depth %d, %d nodes) before it was told to stop",
				last.Depth, last.Nodes)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the search has not got there in %v (last line: depth %d, %d nodes)", WaitLimit, last.Depth, last.Nodes)
		}
		select {
		case <-r.more:
		case <-time.After(time.Millisecond):
		}
	}
}

// WaitsToAnswer waits until the search has ended its work and waits in
// Control.WaitToAnswer. It fails the test if the search answers first.
func (r *Running) WaitsToAnswer(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(WaitLimit)
	for !r.waiting() {
		select {
		case res := <-r.done:
			t.Fatalf("the search answered %v before it was allowed to", res.Best)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the search is not waiting to answer after %v", WaitLimit)
		}
		time.Sleep(time.Millisecond)
	}
}

// waiting reports whether the search's goroutine is held in Control.WaitToAnswer, as
// its stack shows.
func (r *Running) waiting() bool {
	buf := make([]byte, 1<<20)
	stacks := buf[:runtime.Stack(buf, true)]
	i := bytes.Index(stacks, []byte(r.goroutine))
	if i < 0 {
		return false
	}
	own := stacks[i:]
	if end := bytes.Index(own, []byte("\n\n")); end >= 0 {
		own = own[:end]
	}
	return bytes.Contains(own, []byte("search.(*Control).WaitToAnswer"))
}

// Answer waits for the search's result.
func (r *Running) Answer(t *testing.T) search.Result {
	t.Helper()
	select {
	case res := <-r.done:
		return res
	case <-time.After(WaitLimit):
		t.Fatalf("the search did not answer within %v", WaitLimit)
	}
	return search.Result{}
}

// SkipRealTime skips, under -short, a test that waits on the wall clock (a timed
// search or game, a clock running out, a process or server timeout): the everyday
// `go test -short ./...` leaves those to the full run.
func SkipRealTime(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("real-time test (waits on the wall clock): -short")
	}
}
