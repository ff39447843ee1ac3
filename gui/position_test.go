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

// TestLongRecordIsAnalysedAtItsLastPly: a legal Bao la Kimasai record of 25,000
// moves, whose history makes a position command of some 75,000 bytes, is analysed
// at its last ply: the engine accepts the position, reports no error, and every line
// it shows is legal on the shown board.
func TestLongRecordIsAnalysedAtItsLastPly(t *testing.T) {
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
	last := len(rec.Moves)

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
	pv := e.data["lines"].([]any)[0].(map[string]any)["pv"].([]any)
	replay := board.NewGame(g.Position())
	for i, s := range pv {
		if replay.Result().Over() {
			break
		}
		m, err := v.ParseMove(s.(string))
		if err == nil {
			err = replay.Play(m)
		}
		if err != nil {
			t.Fatalf("line %v: move %d (%v) is not legal on the shown board: %v", pv, i+1, s, err)
		}
	}
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
