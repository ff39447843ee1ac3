package protocol

import (
	"bufio"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
	"mancala/search/words"
)

// timeout bounds every wait in these tests, so a broken engine fails a test instead
// of hanging it. It is generous because -race slows everything down.
const timeout = 10 * time.Second

// session runs an Engine in-process over pipes.
type session struct {
	t     testing.TB
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

// newSession starts an engine with the given config; it is shut down at test end.
func newSession(t testing.TB, cfg Config) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e, err := NewEngine(inR, outW, cfg)
	if err != nil {
		t.Fatalf("NewEngine: %v", err)
	}
	s := &session{t: t, in: inW, lines: make(chan string, 1<<16), done: make(chan error, 1)}
	go func() {
		err := e.Run()
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR) // let a finishing engine write
		select {
		case <-s.done:
		case <-time.After(timeout):
			t.Errorf("engine did not exit at the end of input")
		}
	})
	return s
}

// send writes lines to the engine, failing the test if the engine stops reading.
func (s *session) send(lines ...string) {
	s.t.Helper()
	written := make(chan error, 1)
	go func() {
		_, err := io.WriteString(s.in, strings.Join(lines, "\n")+"\n")
		written <- err
	}()
	select {
	case err := <-written:
		if err != nil {
			s.t.Fatalf("sending %q: %v", lines, err)
		}
	case <-time.After(timeout):
		s.t.Fatalf("engine does not read input (sending %q)", lines)
	}
}

// next returns the next output line.
func (s *session) next() string {
	s.t.Helper()
	select {
	case l, ok := <-s.lines:
		if !ok {
			s.t.Fatalf("engine output ended")
		}
		return l
	case <-time.After(timeout):
		s.t.Fatalf("no output within %v", timeout)
	}
	return ""
}

// until returns the output lines up to and including the first that starts with prefix.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var got []string
	for {
		l := s.next()
		got = append(got, l)
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
}

// exchange sends lines followed by isready and returns the output before readyok.
func (s *session) exchange(lines ...string) []string {
	s.t.Helper()
	s.send(append(lines, "isready")...)
	got := s.until("readyok")
	return got[:len(got)-1]
}

// wait waits for Run to return and gives its error.
func (s *session) wait() error {
	s.t.Helper()
	select {
	case err := <-s.done:
		s.done <- err // for the cleanup
		return err
	case <-time.After(timeout):
		s.t.Fatalf("engine did not exit")
	}
	return nil
}

// fake is a scriptable searcher that records what the engine asks of it. The same
// realAlgorithms are the engines as cmd/mancala wires them in.
func realAlgorithms() []Algorithm {
	return []Algorithm{
		{Name: "alphabeta", New: func(o search.Options) search.Searcher { return alphabeta.New(o) }},
		{Name: "mcts", New: func(o search.Options) search.Searcher { return mcts.New(o) }},
	}
}

// realConfig is the engine's configuration with the real searchers.
func realConfig() Config { return Config{Algorithms: realAlgorithms()} }

// fake is returned by its factory for every algorithm and skill.
type fake struct {
	behave func(f *fake, req search.Request, ctl *search.Control) search.Result

	mu       sync.Mutex
	built    []string // "algorithm/skill" per factory call
	options  []search.Options
	requests []search.Request
	newGames int
	multiPV  int
}

func newFake(behave func(f *fake, req search.Request, ctl *search.Control) search.Result) *fake {
	return &fake{behave: behave, multiPV: 1}
}

// config returns an engine config that builds this fake.
func (f *fake) config() Config {
	return Config{Algorithms: realAlgorithms(), NewSearcher: func(algorithm, skill string, o search.Options) (search.Searcher, error) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.built = append(f.built, algorithm+"/"+skill)
		f.multiPV = o.MultiPV
		return f, nil
	}}
}

func (f *fake) Search(req search.Request, ctl *search.Control) search.Result {
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.mu.Unlock()
	return f.behave(f, req, ctl)
}

func (f *fake) NewGame() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.newGames++
}

func (f *fake) SetOptions(o search.Options) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.options = append(f.options, o)
	f.multiPV = o.MultiPV
}

// record returns a copy of what the fake has seen so far.
func (f *fake) record() (built []string, options []search.Options, requests []search.Request, newGames int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.built...), append([]search.Options(nil), f.options...),
		append([]search.Request(nil), f.requests...), f.newGames
}

// legalMoves lists the legal moves of the request's root.
func legalMoves(req search.Request) []board.Move {
	var ml board.MoveList
	root := req.History[len(req.History)-1]
	root.LegalMoves(&ml)
	return append([]board.Move(nil), ml.Slice()...)
}

// quick reports one line and plays the first legal move at once.
func quick(_ *fake, req search.Request, _ *search.Control) search.Result {
	m := legalMoves(req)[0]
	req.Info(search.Info{Depth: 1, Nodes: 1, Score: words.Score{Value: 50}, PV: []board.Move{m}})
	return search.Result{Best: m, Ponder: board.NoMove, Nodes: 1}
}

// untilStopped reports one line, then searches until stopped, or, when pondering,
// until ponderhit; it plays the first legal move.
func untilStopped(_ *fake, req search.Request, ctl *search.Control) search.Result {
	m := legalMoves(req)[0]
	req.Info(search.Info{Depth: 1, Nodes: 1, PV: []board.Move{m}})
	for !ctl.Stopped() {
		if _, hit := ctl.PonderHitAt(); hit && req.Limits.Ponder {
			break
		}
		time.Sleep(100 * time.Microsecond)
	}
	return search.Result{Best: m, Ponder: board.NoMove, Nodes: 1}
}
