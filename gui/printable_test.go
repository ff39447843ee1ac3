package gui

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/protocol/client/fakeengine"
	"mancala/protocol/printable"
	"mancala/protocol/tournament"
)

// lockedBuffer collects the server's log, written by several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// checkTexts fails the test for every string in v (decoded JSON) that is not one
// printable line.
func checkTexts(t *testing.T, what string, v any) {
	t.Helper()
	switch v := v.(type) {
	case string:
		if !printable.IsLine(v) {
			t.Errorf("%s: text %q is not printable", what, v)
		}
	case []any:
		for _, x := range v {
			checkTexts(t, what, x)
		}
	case map[string]any:
		for k, x := range v {
			checkTexts(t, what+"."+k, x)
		}
	}
}

// TestHostileEngineTextShownPrintable: an engine whose name, info strings, other
// lines and stderr are hostile text reaches the page (every event) and the server's
// log as printable text only.
func TestHostileEngineTextShownPrintable(t *testing.T) {
	var log lockedBuffer
	ts := newTestServer(t, fakeengine.Hostile, func(c *Config) { c.Log = &log })
	id, _ := ts.newGame("adji-kui-1", "engine", "human")
	ev := ts.listen(id)
	escaped := printable.Line(fakeengine.HostileText)
	ev.waitFor(t, 30*time.Second, "the engine's error shown", func(e sseEvent) bool {
		return e.name == "status" && e.data["message"] == "engine: error "+escaped
	})
	ev.waitFor(t, 30*time.Second, "the engine's move", func(e sseEvent) bool {
		return e.name == "state" && e.data["ply"].(float64) >= 1
	})
	ts.Close() // ends the engine: its last line of stderr reaches the log
	ev.mu.Lock()
	defer ev.mu.Unlock()
	ready := false
	for _, e := range ev.events {
		checkTexts(t, e.name, e.data)
		ready = ready || e.name == "status" && e.data["message"] == "engine ready: Fake hostile "+escaped
	}
	if !ready {
		t.Error("no status naming the engine")
	}
	if !strings.Contains(log.String(), "stderr "+escaped+"\n") {
		t.Errorf("the engine's stderr is not in the log:\n%s", log.String())
	}
	for _, l := range strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n") {
		if !printable.IsLine(l) {
			t.Errorf("log line %q is not printable", l)
		}
	}
}

// TestHostileRecordShownPrintable: a loaded record with hostile names is shown, and
// one with a hostile move is refused, in printable text only.
func TestHostileRecordShownPrintable(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	const hostile = "\x1b[2J\rbestmove a1\n\x00\u0085\u202e\tend"
	var rec tournament.Record
	if err := json.Unmarshal(scoredRecord(t), &rec); err != nil {
		t.Fatal(err)
	}
	rec.South, rec.North, rec.Reason = hostile, hostile, hostile
	line, _ := json.Marshal(&rec)
	code, st := ts.post("/api/load", map[string]any{"id": id, "record": string(line)})
	checkTexts(t, "state", st)
	if code != 200 || !strings.Contains(st["status"].(string), printable.Line(hostile)+" vs ") {
		t.Errorf("load: %d %v", code, st)
	}
	rec.Moves[1].Move = hostile
	line, _ = json.Marshal(&rec)
	code, out := ts.post("/api/load", map[string]any{"id": id, "record": string(line)})
	checkTexts(t, "error", out)
	if code != 400 || !strings.Contains(out["error"].(string), "move 2") {
		t.Errorf("load of a hostile move: %d %v", code, out)
	}
}
