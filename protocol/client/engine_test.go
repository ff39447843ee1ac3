package client

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/printable"
	"mancala/search/searchtest"
	"mancala/search/words"
)

func TestMain(m *testing.M) { fakeengine.Main(m) }

// fake starts this test binary as a fake engine of the given kind.
func fake(t *testing.T, kind string) *Engine {
	t.Helper()
	e, err := Start(Config{Name: kind, Path: os.Args[0], Env: []string{fakeengine.Env + "=" + kind, "GORACE=atexit_sleep_ms=0"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(time.Second) })
	return e
}

func TestHandshakeReadsIDAndOptions(t *testing.T) {
	e := fake(t, fakeengine.Random)
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if e.IDName != "Fake random" || e.IDAuthor != "the tests" {
		t.Errorf("id = %q / %q", e.IDName, e.IDAuthor)
	}
	if len(e.Declared) != 5 || e.Declared[0].Name != "Variant" || len(e.Declared[0].Vars) != len(board.VariantNames()) ||
		e.Declared[1].Type != "spin" || e.Declared[1].Max != "1024" || e.Declared[2].Name != "VariantPath" || e.Declared[4].Vars[1] != "wild" {
		t.Errorf("declared options = %+v", e.Declared)
	}
	if _, err := e.Sync(context.Background(), 5*time.Second); err != nil {
		t.Fatal(err)
	}
}

func TestHandshakeRefusesAnUndeclaredOrBadOption(t *testing.T) {
	for _, o := range []Option{{Name: "Serch", Value: "mcts"}, {Name: "Hash", Value: "2048"}, {Name: "Style", Value: "mtcs"}, {Name: "Ponder", Value: "yes"}} {
		var sent []string
		e, err := Start(Config{Name: "f", Path: os.Args[0], Env: []string{fakeengine.Env + "=random", "GORACE=atexit_sleep_ms=0"},
			Options: []Option{{Name: "Hash", Value: "64"}, o},
			Log: func(_ string, dir byte, line string) {
				if dir == '>' {
					sent = append(sent, line)
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		err = e.Handshake(context.Background(), 30*time.Second)
		e.Close(time.Second)
		if err == nil || !strings.Contains(err.Error(), "option "+o.Name) {
			t.Errorf("%+v: err = %v", o, err)
		}
		// Checked before anything is sent: not even the good option went out.
		if len(sent) != 1 || sent[0] != "uci" {
			t.Errorf("%+v: sent %q", o, sent)
		}
	}
}

func TestGoReturnsMoveAndScore(t *testing.T) {
	e := fake(t, fakeengine.Optimist)
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(context.Background(), "position startpos", "go depth 1", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Move) != 2 || r.Move[1] != '1' {
		t.Errorf("South's move %q is not a row-1 hole", r.Move)
	}
	if !r.Info.HasScore || r.Info.Score != (words.Score{Value: 1000}) || len(r.Info.PV) != 1 || r.Info.PV[0] != r.Move {
		t.Errorf("info = %+v", r.Info)
	}
}

func TestStallingEngineTimesOutAndIsKilled(t *testing.T) {
	searchtest.SkipRealTime(t)
	e := fake(t, fakeengine.Stall)
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	_, err := e.Go(context.Background(), "position startpos", "go movetime 10", 100*time.Millisecond)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	e.Kill()
	if !e.Exited() || e.ExitError() == "" {
		t.Error("engine still running after Kill")
	}
	if err := e.Send("isready"); err == nil {
		t.Error("Send to a killed engine succeeded")
	}
}

// TestTimedOutSearchUsedItsWholeAllowance: a search that times out reports as spent
// at least the time it was allowed, however long the isready/readyok handshake
// before go took: the deadline and the time spent count from the same instant (a
// runner's overrun, spent less allowed, is then never short of its margin). The
// engine takes fakeengine.LaggardDelay to answer isready.
func TestTimedOutSearchUsedItsWholeAllowance(t *testing.T) {
	searchtest.SkipRealTime(t)
	for range 3 { // a stalled engine is done with: a fresh one each time
		e := fake(t, fakeengine.Laggard)
		if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
			t.Fatal(err)
		}
		const allowed = 30 * time.Millisecond
		r, err := e.Go(context.Background(), "position startpos", "go movetime 10", allowed)
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
		if r.Elapsed < allowed {
			t.Fatalf("timed out after %v of the %v allowed", r.Elapsed, allowed)
		}
	}
}

func TestCrashIsReportedAsExit(t *testing.T) {
	e := fake(t, fakeengine.Crash)
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	var err error
	for i := 0; i < 3 && err == nil; i++ {
		_, err = e.Go(context.Background(), "position startpos", "go depth 1", 5*time.Second)
	}
	if !errors.Is(err, ErrExited) {
		t.Fatalf("err = %v, want ErrExited on the third search", err)
	}
	<-e.exited
	if !strings.Contains(e.ExitError(), "exit status 3") {
		t.Errorf("exit = %q", e.ExitError())
	}
}

func TestSilentEngineHandshakeTimesOut(t *testing.T) {
	searchtest.SkipRealTime(t)
	e := fake(t, fakeengine.Silent)
	err := e.Handshake(context.Background(), 100*time.Millisecond)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
}

func TestGoStopsOnContext(t *testing.T) {
	e := fake(t, fakeengine.Stall)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	_, err := e.Go(ctx, "position startpos", "go infinite", 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestMissingBinary(t *testing.T) {
	_, err := Start(Config{Name: "ghost", Path: "/nonexistent/engine"})
	if err == nil || !strings.Contains(err.Error(), "ghost") {
		t.Fatalf("err = %v, want a start error naming the engine", err)
	}
}

func TestCloseEndsAnEngineThatIgnoresQuit(t *testing.T) {
	searchtest.SkipRealTime(t)
	// A shell that ignores its input and SIGTERM, and never ends by itself, stands in
	// for an engine deaf to quit: only a kill can end it.
	e, err := Start(Config{Name: "deaf", Path: "/bin/sh", Args: []string{"-c", "trap '' TERM; while :; do sleep 1; done"}})
	if err != nil {
		t.Skip("no /bin/sh:", err)
	}
	closed := make(chan struct{})
	go func() {
		e.Close(50 * time.Millisecond)
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(5 * time.Minute): // a guard against hanging, not a speed limit
		e.Kill()
		t.Fatal("Close did not return")
	}
	if !e.Exited() {
		t.Fatal("Close returned with the process alive")
	}
	if got := e.ExitError(); !strings.Contains(got, "killed") {
		t.Errorf("exit = %q, want the process killed", got)
	}
}

func TestOverlongLineIsCut(t *testing.T) {
	e, err := Start(Config{Name: "long", Path: "/bin/sh", Args: []string{"-c", "head -c 200000 /dev/zero | tr '\\0' x; echo; echo after"}})
	if err != nil {
		t.Skip("no /bin/sh:", err)
	}
	defer e.Close(time.Second)
	line, err := e.ReadLine(context.Background(), time.Now().Add(5*time.Second))
	if err != nil || len(line) != MaxLine {
		t.Fatalf("first line: %d bytes, err %v; want %d bytes", len(line), err, MaxLine)
	}
	line, err = e.ReadLine(context.Background(), time.Now().Add(5*time.Second))
	if err != nil || line != "after" {
		t.Fatalf("second line %q, err %v", line, err)
	}
}

// syncBuffer is a bytes.Buffer safe for the process's copying goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestEngineTextArrivesPrintable: whatever bytes an engine prints, on its output or
// its stderr, the client hands on printable lines only: its name, the lines a search
// ignored, the lines logged, and its stderr (a last line without a newline too).
func TestEngineTextArrivesPrintable(t *testing.T) {
	var logged []string
	var mu sync.Mutex
	stderr := &syncBuffer{}
	e, err := Start(Config{Name: "h", Path: os.Args[0], Env: []string{fakeengine.Env + "=" + fakeengine.Hostile, "GORACE=atexit_sleep_ms=0"},
		Stderr: stderr, Log: func(_ string, dir byte, line string) {
			mu.Lock()
			defer mu.Unlock()
			if dir == '<' {
				logged = append(logged, line)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := e.Handshake(ctx, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(ctx, "position startpos", "go depth 1", 30*time.Second)
	if err != nil || r.Move == "" || r.Move == "a1" {
		t.Fatalf("go: %+v, %v", r, err)
	}
	e.Close(5 * time.Second)
	escaped := printable.Line(fakeengine.HostileText)
	if e.IDName != "Fake hostile "+escaped {
		t.Errorf("IDName %q", e.IDName)
	}
	if len(r.Ignored) != 1 || r.Ignored[0] != escaped {
		t.Errorf("ignored lines %q, want [%q]", r.Ignored, escaped)
	}
	mu.Lock()
	defer mu.Unlock()
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != 2 || lines[0] != "stderr "+escaped || lines[1] != escaped {
		t.Errorf("stderr %q", stderr.String())
	}
	for _, l := range append(logged, lines...) {
		if !printable.IsLine(l) {
			t.Errorf("line %q is not printable text", l)
		}
	}
}
