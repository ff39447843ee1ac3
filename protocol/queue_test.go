package protocol

import (
	"io"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
)

// longGame returns the moves (in notation) of a legal game of n moves in the named
// variant that has not ended: random moves, avoiding any that would end it.
func longGame(t testing.TB, name string, n int) string {
	t.Helper()
	v, err := board.VariantByName(name)
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed < 100; seed++ {
		r := rand.New(rand.NewSource(seed))
		p := v.StartPosition()
		seen := map[board.Position]bool{p: true}
		var moves []string
		for len(moves) < n {
			var cl board.ChildList
			p.Generate(&cl)
			found := false
			for _, i := range r.Perm(cl.N) {
				c := cl.Children[i]
				if !seen[c.Pos] && !c.Pos.Result().Over() {
					p, seen[c.Pos], found = c.Pos, true, true
					moves = append(moves, v.FormatMove(c.Move))
					break
				}
			}
			if !found {
				break
			}
		}
		if len(moves) == n {
			return strings.Join(moves, " ")
		}
	}
	t.Fatalf("no %s game of %d moves found", name, n)
	return ""
}

// A position command waiting for a search to stop is checked once, not again on every
// pass of the command loop (a long one was parsed again for every line that arrived,
// so isready took seconds).
func TestWaitingCommandIsCheckedOnce(t *testing.T) {
	var checks atomic.Int32
	orig := commands["position"]
	commands["position"] = command{needsIdle: true, prepare: func(e *Engine, args []string) (func(), error) {
		checks.Add(1)
		return orig.prepare(e, args)
	}}
	t.Cleanup(func() { commands["position"] = orig })

	stopSeen, release := make(chan struct{}), make(chan struct{})
	f := newFake(func(f *fake, req search.Request, ctl *search.Control) search.Result {
		m := legalMoves(req)[0]
		req.Info(search.Info{Depth: 1, Nodes: 1, PV: []board.Move{m}})
		for !ctl.Stopped() {
			time.Sleep(100 * time.Microsecond)
		}
		close(stopSeen)
		<-release // a search slow to wind down
		return search.Result{Best: m, Ponder: board.NoMove, Nodes: 1}
	})
	s := newSession(t, f.config())
	s.send("setoption name Variant value bao-la-kimasai", "go infinite")
	s.next() // the search runs
	moves := longGame(t, "bao-la-kimasai", 400)
	s.send("position startpos moves " + moves)
	select {
	case <-stopSeen: // the position was checked and asked the search to stop
	case <-time.After(timeout):
		t.Fatal("the position command did not stop the search")
	}
	s.send("isready", "isready", "d")
	close(release)
	got := s.until("Result:")
	if bestMoves(got) != 1 || got[1] != "readyok" || got[2] != "readyok" {
		t.Errorf("after the search: %q", got)
	}
	if n := checks.Load(); n != 1 {
		t.Errorf("the waiting position command was checked %d times, want once", n)
	}
}

// isready is answered during a search of a position reached by a long move list, and
// after a long position command sent during a search.
func TestIsReadyDuringSearchAfterLongPosition(t *testing.T) {
	moves := longGame(t, "bao-la-kimasai", 400)
	s := newSession(t, realConfig())
	s.send("setoption name Variant value bao-la-kimasai", "position startpos moves "+moves, "go infinite")
	if got := s.exchange(); bestMoves(got) != 0 {
		t.Errorf("bestmove before stop: %q", got)
	}
	s.send("position startpos moves "+moves[:strings.LastIndexByte(moves, ' ')], "isready")
	got := s.until("readyok")
	if bestMoves(got) != 1 {
		t.Errorf("a position during the search: %q, want its bestmove, then readyok", got)
	}
}

// quit waits for the search goroutine to end: Run returns only after it. Under -race
// a quit that does not wait also shows as a data race on finished.
func TestQuitWaitsForTheSearch(t *testing.T) {
	for _, ending := range []string{"quit", "end of input"} {
		finished := false
		f := newFake(func(f *fake, req search.Request, ctl *search.Control) search.Result {
			res := untilStopped(f, req, ctl)
			time.Sleep(50 * time.Millisecond) // winding down after the stop
			finished = true
			return res
		})
		s := newSession(t, f.config())
		s.send("go infinite")
		s.next() // the search runs
		if ending == "quit" {
			s.send("quit")
		} else {
			s.in.Close()
		}
		if err := s.wait(); err != nil {
			t.Errorf("%s: Run: %v", ending, err)
		}
		if !finished {
			t.Errorf("%s: Run returned before the search goroutine ended", ending)
		}
	}
}

// BenchmarkPositionCommand measures checking and carrying out a position command of
// 500 moves (a long Bao la Kimasai game).
func BenchmarkPositionCommand(b *testing.B) {
	moves := strings.Fields("startpos moves " + longGame(b, "bao-la-kimasai", 500))
	e, err := NewEngine(strings.NewReader(""), io.Discard, Config{Variant: "bao-la-kimasai", Algorithms: realAlgorithms()})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		act, err := e.position(moves)
		if err != nil {
			b.Fatal(err)
		}
		act()
	}
}
