package gui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament"
)

// longBaoRecord is a legal Bao la Kimasai record of 25,000 moves (one JSON line),
// with the game it records. Its history makes a position command of some 75,000
// bytes: the moves after the reserve phase are reversible, so the whole raiding
// phase is sent.
func longBaoRecord(t testing.TB) ([]byte, *board.Game) {
	t.Helper()
	data, err := os.ReadFile("../protocol/client/testdata/bao-25000-moves.txt")
	if err != nil {
		t.Fatal(err)
	}
	v := board.BaoLaKimasai.Get()
	rec := tournament.Record{Game: 1, Round: 1, Pair: 1, Variant: v.Name, South: "a", North: "b",
		Opening: tournament.Opening{FEN: v.Start}, Result: "*"}
	g := board.NewGame(v.StartPosition())
	for _, s := range strings.Fields(string(data)) {
		rec.Moves = append(rec.Moves, tournament.MoveRecord{Move: s})
		m, err := v.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	line, err := json.Marshal(&rec)
	if err != nil {
		t.Fatal(err)
	}
	return line, g
}

// legalLine checks that an analysis line is legal on the shown position.
func legalLine(t *testing.T, shown board.Position, pv []string) {
	t.Helper()
	v := shown.Variant()
	replay := board.NewGame(shown)
	for i, s := range pv {
		if replay.Result().Over() {
			return
		}
		m, err := v.ParseMove(s)
		if err == nil {
			err = replay.Play(m)
		}
		if err != nil {
			t.Fatalf("line %v: move %d (%s) is not legal on the shown board: %v", pv, i+1, s, err)
		}
	}
}

// TestLongRecordIsAnalysedAtItsLastPly: the 25,000-move record is analysed at its
// last ply: the engine accepts the position, reports no error, and the line it
// shows is legal on the shown board.
func TestLongRecordIsAnalysedAtItsLastPly(t *testing.T) {
	skipUnderRace(t, "replays a 25,000-move record in the server and the engine")
	line, g := longBaoRecord(t)
	last := len(g.Moves())

	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	if code, out := ts.post("/api/load", map[string]any{"id": id, "record": string(line)}); code != 200 {
		t.Fatalf("load: %d %v", code, out["error"])
	}
	if code, out := ts.post("/api/goto", map[string]any{"id": id, "ply": last}); code != 200 {
		t.Fatalf("goto: %d %v", code, out["error"])
	}
	ev := ts.listen(id)
	if code, out := ts.post("/api/analyse", map[string]any{"id": id, "on": true, "multipv": 1}); code != 200 {
		t.Fatalf("analyse: %d %v", code, out["error"])
	}
	e := ev.waitFor(t, 60*time.Second, "an analysis line at the last ply, or an error", func(e sseEvent) bool {
		if e.name == "status" && e.data["failed"] == true {
			return true
		}
		lines, _ := e.data["lines"].([]any)
		return e.name == "info" && e.data["ply"] == float64(last) && len(lines) > 0 && lines[0].(map[string]any)["depth"].(float64) > 1
	})
	if e.name == "status" {
		t.Fatalf("analysis failed: %v", e.data["message"])
	}
	var pv []string
	for _, m := range e.data["lines"].([]any)[0].(map[string]any)["pv"].([]any) {
		pv = append(pv, m.(string))
	}
	legalLine(t, g.Position(), pv)
	ts.post("/api/stop", map[string]any{"id": id})
}

// TestRejectedPositionIsNotSearched: an engine that rejects a position (here one of
// more than fakeengine.NarrowMoves moves) is not asked to search: the page says so
// and the game waits, instead of playing a move chosen for the engine's previous
// position.
func TestRejectedPositionIsNotSearched(t *testing.T) {
	ts := newTestServer(t, fakeengine.Narrow, nil)
	id, _ := ts.newGame("je-ki-n-je", "engine", "engine")
	ev := ts.listen(id)
	e := ev.waitFor(t, 60*time.Second, "the rejection reported", func(e sseEvent) bool {
		msg, _ := e.data["message"].(string)
		return e.name == "status" && e.data["failed"] == true && strings.Contains(msg, "rejected the position")
	})
	if msg := e.data["message"].(string); !strings.Contains(msg, "line too long") || !strings.Contains(msg, "not searched") {
		t.Errorf("status %q does not give the engine's reason and the outcome", msg)
	}
	// A state read after the rejection: the game stopped where the engine could no
	// longer follow, with no move chosen for another position.
	code, st := ts.post("/api/pause", map[string]any{"id": id, "on": false})
	if code != 200 {
		t.Fatalf("pause: %d %v", code, st)
	}
	if st["ply"] != float64(fakeengine.NarrowMoves+1) || st["failed"] == true && strings.Contains(st["status"].(string), "not legal") {
		t.Errorf("after the rejection: ply %v, status %q", st["ply"], st["status"])
	}
}

// TestRefusedOptionIsReportedAndTheSearchGoesOn: an option the engine refuses (the
// picky fake refuses all but Variant) is shown on the page, and is not taken for a
// rejected position: the analysis still runs.
func TestRefusedOptionIsReportedAndTheSearchGoesOn(t *testing.T) {
	ts := newTestServer(t, fakeengine.Picky, func(c *Config) { c.EngineOptions = []client.Option{{Name: "Hash", Value: "1"}} })
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	ev := ts.listen(id)
	ts.post("/api/analyse", map[string]any{"id": id, "on": true})
	ev.waitFor(t, 60*time.Second, "the refused option reported", func(e sseEvent) bool {
		msg, _ := e.data["message"].(string)
		return e.name == "status" && strings.HasPrefix(msg, "engine: error") && strings.Contains(msg, "Hash")
	})
	ev.waitFor(t, 60*time.Second, "analysis lines", func(e sseEvent) bool {
		lines, _ := e.data["lines"].([]any)
		return e.name == "info" && len(lines) > 0
	})
	ev.mu.Lock()
	defer ev.mu.Unlock()
	for _, e := range ev.events {
		if msg, _ := e.data["message"].(string); strings.Contains(msg, "rejected the position") {
			t.Errorf("status %q", msg)
		}
	}
}
