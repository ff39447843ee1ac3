package gui

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament"
)

// testServer is a GUI server on 127.0.0.1 whose engine is this test binary running
// the real engine (kind "") or a fake engine of the given kind.
type testServer struct {
	*Server
	http *httptest.Server
	t    *testing.T
}

func newTestServer(t *testing.T, kind string, tweak func(*Config)) *testServer {
	t.Helper()
	env := []string{realEngineEnv + "=1"}
	if kind != "" {
		env = []string{fakeengine.Env + "=" + kind}
	}
	cfg := Config{Engine: []string{os.Args[0]}, EngineEnv: append(env, "GORACE=atexit_sleep_ms=0"), Log: testLog(),
		MoveTime: 100 * time.Millisecond}
	if kind == "" {
		// A small hash: ucinewgame clears it, and a race-instrumented engine clears
		// the default 16 MB slowly.
		cfg.EngineOptions = []client.Option{{Name: "Hash", Value: "1"}}
	}
	if tweak != nil {
		tweak(&cfg)
	}
	s := NewServer(cfg)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() {
		s.Close()
		hs.CloseClientConnections()
		hs.Close()
	})
	return &testServer{Server: s, http: hs, t: t}
}

// post sends a JSON action from the page's own origin and returns the status and
// decoded answer.
func (ts *testServer) post(path string, body any) (int, map[string]any) {
	ts.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", ts.http.URL+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", ts.http.URL)
	return ts.do(req)
}

func (ts *testServer) do(req *http.Request) (int, map[string]any) {
	ts.t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		out = map[string]any{"raw": string(data)}
	}
	return resp.StatusCode, out
}

// scoredRecord returns a record (one JSON line) of five Je ki n je moves whose
// scores are "cp 300" at depth 1, "cp -80" at 12, "cp 100" at 10, "cp 700" at 1 (a
// forced answer: North searched deeper before) and "cp 50" at 9.
func scoredRecord(t *testing.T) []byte {
	t.Helper()
	v, _ := board.VariantByName("je-ki-n-je")
	p := v.StartPosition()
	rec := tournament.Record{Game: 1, Round: 1, Pair: 1, Variant: v.Name, South: "a", North: "b",
		Opening: tournament.Opening{FEN: p.String()}, Result: "*"}
	for _, sc := range []struct {
		score string
		depth int
	}{{"cp 300", 1}, {"cp -80", 12}, {"cp 100", 10}, {"cp 700", 1}, {"cp 50", 9}} {
		var cl board.ChildList
		if p.Generate(&cl); cl.N == 0 {
			t.Fatalf("no move at %q", p.String())
		}
		rec.Moves = append(rec.Moves, tournament.MoveRecord{Move: v.FormatMove(cl.Children[0].Move), Score: sc.score, Depth: sc.depth})
		p = cl.Children[0].Pos
	}
	line, err := json.Marshal(&rec)
	if err != nil {
		t.Fatal(err)
	}
	return line
}

// save fetches a game as the page's "save game" does: its record and the line.
func (ts *testServer) save(id string) (tournament.Record, []byte) {
	ts.t.Helper()
	resp, err := http.Get(ts.http.URL + "/api/save?id=" + id)
	if err != nil {
		ts.t.Fatal(err)
	}
	line, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var rec tournament.Record
	if err := json.Unmarshal(line, &rec); err != nil {
		ts.t.Fatalf("saved %q: %v", line, err)
	}
	return rec, line
}

// newGame starts a game and returns its id and first state.
func (ts *testServer) newGame(variant, south, north string) (string, map[string]any) {
	ts.t.Helper()
	code, out := ts.post("/api/new", map[string]string{"variant": variant, "south": south, "north": north})
	if code != 200 {
		ts.t.Fatalf("new game: %d %v", code, out)
	}
	return out["id"].(string), out["state"].(map[string]any)
}

// sse reads a game's event stream, collecting events by name.
type sse struct {
	mu     sync.Mutex
	events []sseEvent
	cancel context.CancelFunc
}

type sseEvent struct {
	name string
	data map[string]any
}

func (ts *testServer) listen(id string) *sse {
	ts.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.http.URL+"/api/events?id="+id, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	if resp.StatusCode != 200 {
		ts.t.Fatalf("events: %s", resp.Status)
	}
	s := &sse{cancel: cancel}
	ts.t.Cleanup(cancel)
	go func() {
		defer resp.Body.Close()
		buf := make([]byte, 0, 1<<20)
		chunk := make([]byte, 1<<16)
		for {
			n, err := resp.Body.Read(chunk)
			buf = append(buf, chunk[:n]...)
			for {
				i := bytes.Index(buf, []byte("\n\n"))
				if i < 0 {
					break
				}
				s.add(string(buf[:i]))
				buf = buf[i+2:]
			}
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *sse) add(block string) {
	var ev sseEvent
	for _, l := range strings.Split(block, "\n") {
		switch {
		case strings.HasPrefix(l, "event: "):
			ev.name = l[7:]
		case strings.HasPrefix(l, "data: "):
			json.Unmarshal([]byte(l[6:]), &ev.data)
		}
	}
	if ev.name != "" {
		s.mu.Lock()
		s.events = append(s.events, ev)
		s.mu.Unlock()
	}
}

// waitFor waits until an event satisfies match, failing the test after the timeout.
func (s *sse) waitFor(t *testing.T, timeout time.Duration, what string, match func(sseEvent) bool) sseEvent {
	t.Helper()
	_, ev := s.waitAfter(t, 0, timeout, what, match)
	return ev
}

// mark is the number of events received so far: a place in the stream for
// waitAfter and between.
func (s *sse) mark() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.events)
}

// between returns the events from mark from up to, not including, mark to.
func (s *sse) between(from, to int) []sseEvent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sseEvent(nil), s.events[from:to]...)
}

// waitAfter waits until an event received after mark satisfies match, failing the
// test after the timeout; it returns the event and the mark just past it.
func (s *sse) waitAfter(t *testing.T, mark int, timeout time.Duration, what string, match func(sseEvent) bool) (int, sseEvent) {
	t.Helper()
	end := time.Now().Add(timeout)
	seen := mark
	for time.Now().Before(end) {
		s.mu.Lock()
		evs := s.events[seen:]
		s.mu.Unlock()
		for i, ev := range evs {
			if match(ev) {
				return seen + i + 1, ev
			}
		}
		seen += len(evs)
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no event: %s", what)
	return 0, sseEvent{}
}

// testLog is where servers under test log: stderr with GUI_TEST_LOG=1, else nowhere.
func testLog() io.Writer {
	if os.Getenv("GUI_TEST_LOG") == "1" {
		return os.Stderr
	}
	return nil
}
