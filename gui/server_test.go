package gui

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament"
	"mancala/search/searchtest"
)

func TestConfigListsGamesAndEngineStrength(t *testing.T) {
	ts := newTestServer(t, "", nil)
	req, _ := http.NewRequest("GET", ts.http.URL+"/api/config", nil)
	code, out := ts.do(req)
	if code != 200 {
		t.Fatalf("config: %d %v", code, out)
	}
	vs := out["variants"].([]any)
	if len(vs) != len(board.Variants()) {
		t.Fatalf("%d variants, want %d", len(vs), len(board.Variants()))
	}
	bao := vs[3].(map[string]any)
	if bao["rows"].(float64) != 4 || len(bao["grid"].([]any)) != 4 || bao["reserves"] != true {
		t.Errorf("bao shape %v", bao)
	}
	req, _ = http.NewRequest("GET", ts.http.URL+"/api/engine", nil)
	code, e := ts.do(req)
	if code != 200 || e["name"] == "" || e["multipv"].(float64) < 3 {
		t.Errorf("engine %d %v: no name or no MultiPV", code, e)
	}
	// The page offers Level when the engine announces it, else Skill.
	if e["level"] == nil && len(e["skill"].([]any)) == 0 {
		t.Errorf("engine %v: neither Level nor Skill", e)
	}
}

func TestPageAndAssetsServed(t *testing.T) {
	ts := newTestServer(t, "", nil)
	for path, want := range map[string]string{"/": "<script src=\"app.js\">", "/app.js": "EventSource", "/style.css": ".hole"} {
		resp, err := http.Get(ts.http.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %s, %d bytes, lacks %q", path, resp.Status, len(b), want)
		}
	}
}

// TestBadRequestsChangeNothing sends malformed, unknown and illegal actions: each gets
// a 4xx with a message saying what is wrong, and the game stays as it was.
func TestBadRequestsChangeNothing(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, st := ts.newGame("adji-kui-1", "human", "human")
	fen := st["fen"]
	raw := func(path, body string) (int, map[string]any) {
		req, _ := http.NewRequest("POST", ts.http.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return ts.do(req)
	}
	cases := []struct {
		name string
		code int
		want string
		send func() (int, map[string]any)
	}{
		{"broken JSON", 400, "bad JSON", func() (int, map[string]any) { return raw("/api/move", `{"id":"`+id+`","move":`) }},
		{"unknown field", 400, "unknown field", func() (int, map[string]any) { return raw("/api/move", `{"id":"`+id+`","hole":3}`) }},
		{"wrong type", 400, "bad JSON: ply must be a whole number, not string", func() (int, map[string]any) { return raw("/api/goto", `{"id":"`+id+`","ply":"x"}`) }},
		{"ply out of range", 400, "bad JSON: ply must be a whole number, not number 1e20", func() (int, map[string]any) {
			return raw("/api/goto", `{"id":"`+id+`","ply":1e20}`)
		}},
		{"on not a bool", 400, "bad JSON: on must be true or false, not number", func() (int, map[string]any) {
			return raw("/api/analyse", `{"id":"`+id+`","on":1}`)
		}},
		{"moves not a list", 400, "bad JSON: moves must be a list of texts, not string", func() (int, map[string]any) {
			return raw("/api/preview", `{"id":"`+id+`","moves":"a1"}`)
		}},
		{"illegal move", 400, "illegal move a2", func() (int, map[string]any) { return ts.post("/api/move", map[string]any{"id": id, "move": "a2"}) }},
		{"not a move", 400, "is not a move of Adji Kui I", func() (int, map[string]any) { return ts.post("/api/move", map[string]any{"id": id, "move": "z9"}) }},
		{"pass with moves", 400, "illegal move pass", func() (int, map[string]any) { return ts.post("/api/move", map[string]any{"id": id, "move": "pass"}) }},
		{"bad position", 400, "Adji Kui I has 48 seeds in all", func() (int, map[string]any) {
			return ts.post("/api/setup", map[string]any{"id": id, "fen": "4,4,4,4,4,4/4,4,4,4,4,5 S 0 0 -"})
		}},
		{"undo at start", 400, "nothing to undo", func() (int, map[string]any) { return ts.post("/api/undo", map[string]any{"id": id}) }},
		{"goto beyond", 400, "ply must be from 0 to 0", func() (int, map[string]any) { return ts.post("/api/goto", map[string]any{"id": id, "ply": 5}) }},
		{"bad player", 400, "want human or engine", func() (int, map[string]any) {
			return ts.post("/api/players", map[string]any{"id": id, "south": "robot"})
		}},
		{"bad strength", 400, `"godlike": want`, func() (int, map[string]any) {
			return ts.post("/api/players", map[string]any{"id": id, "south": "human", "strength": "godlike"})
		}},
		{"bad record", 400, "not a game record", func() (int, map[string]any) { return ts.post("/api/load", map[string]any{"id": id, "record": "{nope"}) }},
		{"unknown variant", 400, "unknown variant", func() (int, map[string]any) {
			return ts.post("/api/reset", map[string]any{"id": id, "variant": "chess"})
		}},
		{"unknown game", 404, "no such game", func() (int, map[string]any) { return ts.post("/api/move", map[string]any{"id": "nope", "move": "a1"}) }},
		{"unknown action", 404, "unknown action", func() (int, map[string]any) { return ts.post("/api/explode", map[string]any{"id": id}) }},
		{"not JSON", 415, "JSON", func() (int, map[string]any) {
			req, _ := http.NewRequest("POST", ts.http.URL+"/api/move", strings.NewReader("id="+id+"&move=a1"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			return ts.do(req)
		}},
		{"new game bad variant", 400, "unknown variant", func() (int, map[string]any) {
			return ts.post("/api/new", map[string]any{"variant": "chess"})
		}},
		{"too large", 400, "too large", func() (int, map[string]any) {
			return ts.post("/api/load", map[string]any{"id": id, "record": strings.Repeat("x", maxBody)})
		}},
	}
	for _, c := range cases {
		code, out := c.send()
		msg, _ := out["error"].(string)
		if code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("%s: %d %q, want %d with %q", c.name, code, msg, c.code, c.want)
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: message is not one line: %q", c.name, msg)
		}
		if strings.Contains(msg, "Go struct") || strings.Contains(msg, "Request.") {
			t.Errorf("%s: message names the server's Go types: %q", c.name, msg)
		}
	}
	if now := ts.game(id).snapshot(); now.FEN != fen || now.Ply != 0 {
		t.Errorf("bad requests changed the game: %v ply %v", now.FEN, now.Ply)
	}
}

// TestOriginCheck refuses actions and event streams requested by another site's page.
func TestOriginCheck(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	for _, origin := range []string{"http://evil.example", "http://127.0.0.1:1", "null"} {
		b, _ := json.Marshal(map[string]string{"id": id, "move": "a1"})
		req, _ := http.NewRequest("POST", ts.http.URL+"/api/move", bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		code, out := ts.do(req)
		if code != 403 || !strings.Contains(out["error"].(string), "origin") {
			t.Errorf("origin %s: %d %v", origin, code, out)
		}
		req, _ = http.NewRequest("GET", ts.http.URL+"/api/events?id="+id, nil)
		req.Header.Set("Origin", origin)
		if code, _ := ts.do(req); code != 403 {
			t.Errorf("events from origin %s: %d", origin, code)
		}
	}
	// DNS rebinding: another site's name pointed at 127.0.0.1, its page's origin.
	req, _ := http.NewRequest("GET", ts.http.URL+"/api/config", nil)
	req.Host = "evil.example:" + strings.Split(ts.http.URL, ":")[2]
	req.Header.Set("Origin", "http://"+req.Host)
	if code, out := ts.do(req); code != 403 || !strings.Contains(out["error"].(string), "host") {
		t.Errorf("rebound host: %d %v", code, out)
	}
	req, _ = http.NewRequest("GET", ts.http.URL+"/api/config", nil)
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if code, _ := ts.do(req); code != 403 {
		t.Errorf("cross-site fetch: %d", code)
	}
	if st := ts.game(id).snapshot(); st.Ply != 0 {
		t.Errorf("a refused request moved: ply %v", st.Ply)
	}
	code, _ := ts.post("/api/move", map[string]any{"id": id, "move": "a1"})
	if code != 200 {
		t.Errorf("same-origin move: %d", code)
	}
}

// TestMoveUndoRedoGotoAndEvents plays moves and steps through them; the event stream
// sends the states, with the trace of each forward move.
func TestMoveUndoRedoGotoAndEvents(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	ev := ts.listen(id)
	ev.waitFor(t, 5*time.Second, "first state", func(e sseEvent) bool { return e.name == "state" })
	for _, m := range []string{"f1", "a2", "b1"} {
		if code, out := ts.post("/api/move", map[string]any{"id": id, "move": m}); code != 200 {
			t.Fatalf("move %s: %d %v", m, code, out)
		}
	}
	e := ev.waitFor(t, 5*time.Second, "state after three moves", func(e sseEvent) bool {
		return e.name == "state" && e.data["ply"] == 3.0
	})
	anim := e.data["anim"].(map[string]any)
	if anim["move"] != "b1" || len(anim["steps"].([]any)) == 0 {
		t.Errorf("anim %v", anim)
	}
	v, _ := board.VariantByName("je-ki-n-je")
	g := board.NewGame(v.StartPosition())
	for _, m := range []string{"f1", "a2", "b1"} {
		mv, _ := v.ParseMove(m)
		g.Play(mv)
	}
	if e.data["fen"] != g.Position().String() {
		t.Errorf("fen %v, board %s", e.data["fen"], g.Position().String())
	}
	_, st := ts.post("/api/undo", map[string]any{"id": id})
	if st["ply"] != 2.0 || st["fen"] != g.Positions()[2].String() || st["anim"] != nil {
		t.Errorf("undo: ply %v fen %v anim %v", st["ply"], st["fen"], st["anim"])
	}
	_, st = ts.post("/api/goto", map[string]any{"id": id, "ply": 0})
	if st["ply"] != 0.0 || len(st["moves"].([]any)) != 3 {
		t.Errorf("goto 0: %v %v", st["ply"], st["moves"])
	}
	_, st = ts.post("/api/redo", map[string]any{"id": id})
	if st["ply"] != 1.0 || st["anim"].(map[string]any)["move"] != "f1" {
		t.Errorf("redo: %v %v", st["ply"], st["anim"])
	}
	// A different move from ply 1 starts a variation, shown as the line.
	_, st = ts.post("/api/move", map[string]any{"id": id, "move": "b2"})
	if st["ply"] != 2.0 || len(st["moves"].([]any)) != 2 {
		t.Errorf("new branch: %v %v", st["ply"], st["moves"])
	}
}

// TestEngineRepliesAndWatchMode: an engine answers a person's move, and two engines
// play each other until told to pause.
func TestEngineRepliesAndWatchMode(t *testing.T) {
	searchtest.SkipRealTime(t)
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("adji-boto", "human", "engine")
	ev := ts.listen(id)
	ts.post("/api/move", map[string]any{"id": id, "move": "a1"})
	ev.waitFor(t, 30*time.Second, "the engine's reply", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 2.0 })
	ev.waitFor(t, 5*time.Second, "thinking lines", func(e sseEvent) bool {
		return e.name == "info" && e.data["thinking"] == true || e.name == "state" && e.data["ply"] == 2.0
	})
	ts.post("/api/players", map[string]any{"id": id, "south": "engine", "north": "engine", "moveTimeMs": 20})
	ev.waitFor(t, 30*time.Second, "engines playing on", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 6.0 })
	// Paused, the game drops its search (a move in flight is not played): the page
	// is told the engine no longer thinks, and the game stays at the paused ply
	// until the pause ends.
	paused := ev.mark()
	_, st := ts.post("/api/pause", map[string]any{"id": id, "on": true})
	ply := st["ply"].(float64)
	if st["paused"] != true {
		t.Fatalf("pause answered %v", st)
	}
	ev.waitAfter(t, paused, 30*time.Second, "the engine's search dropped", func(e sseEvent) bool {
		return e.name == "info" && e.data["thinking"] == false && e.data["ply"] == ply
	})
	if now := ts.game(id).snapshot(); now.Ply != int(ply) {
		t.Errorf("paused at ply %v, now at %v", ply, now.Ply)
	}
	ts.post("/api/pause", map[string]any{"id": id, "on": false})
	end, _ := ev.waitAfter(t, paused, 30*time.Second, "engines playing on after the pause", func(e sseEvent) bool {
		return e.name == "state" && e.data["ply"] == ply+1
	})
	// The states from the pause to the resume (the stream is in order; states of
	// earlier plies may still arrive before the pause's) all show the paused ply.
	on := false
	for _, e := range ev.between(paused, end) {
		if e.name != "state" {
			continue
		}
		if e.data["paused"] == true {
			on = true
		} else if on {
			break
		}
		if on && e.data["ply"] != ply {
			t.Errorf("paused at ply %v, a state of ply %v followed", ply, e.data["ply"])
		}
	}
	if !on {
		t.Error("no state said the game was paused")
	}
}

// TestAnalysisLinesAndStaleInfo: analysis reports MultiPV lines for the shown
// position; after stepping to another ply only lines of the new search arrive.
func TestAnalysisLinesAndStaleInfo(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	ts.post("/api/move", map[string]any{"id": id, "move": "a1"})
	ev := ts.listen(id)
	on := true
	_, st := ts.post("/api/analyse", map[string]any{"id": id, "on": on, "multipv": 2})
	if st["analysing"] != true {
		t.Fatalf("analysing %v", st["analysing"])
	}
	e := ev.waitFor(t, 30*time.Second, "two analysis lines at ply 1", func(e sseEvent) bool {
		lines, _ := e.data["lines"].([]any)
		return e.name == "info" && e.data["ply"] == 1.0 && len(lines) == 2 && lines[1].(map[string]any)["depth"].(float64) > 0
	})
	tag := e.data["tag"].(float64)
	ts.post("/api/goto", map[string]any{"id": id, "ply": 0})
	e = ev.waitFor(t, 30*time.Second, "lines at ply 0", func(e sseEvent) bool {
		lines, _ := e.data["lines"].([]any)
		return e.name == "info" && e.data["ply"] == 0.0 && len(lines) > 0
	})
	if e.data["tag"].(float64) <= tag {
		t.Errorf("new search tag %v, old %v", e.data["tag"], tag)
	}
	// South to move at ply 0: every first move of a line is a South hole.
	for _, l := range e.data["lines"].([]any) {
		pv := l.(map[string]any)["pv"].([]any)
		if len(pv) > 0 && !strings.HasSuffix(pv[0].(string), "1") {
			t.Errorf("stale line at ply 0: %v", pv)
		}
	}
	if _, st = ts.post("/api/stop", map[string]any{"id": id}); st["analysing"] != false {
		t.Errorf("stop left analysis on")
	}
}

// TestSaveAndLoadRecords: a finished game saved from the page replays with the
// tournament runner's checker, and loading it back gives the same moves.
func TestSaveAndLoadRecords(t *testing.T) {
	ts := newTestServer(t, "", nil)
	v, _ := board.VariantByName("adji-kui-1")
	p, m, _ := lastMoveGame(t, v, 3)
	id, _ := ts.newGame("adji-kui-1", "human", "human")
	if code, out := ts.post("/api/setup", map[string]any{"id": id, "fen": p.String()}); code != 200 {
		t.Fatalf("setup: %v", out)
	}
	if code, out := ts.post("/api/move", map[string]any{"id": id, "move": v.FormatMove(m)}); code != 200 {
		t.Fatalf("move: %v", out)
	}
	rec, line := ts.save(id)
	if _, err := tournament.ReplayGame(&rec); err != nil {
		t.Errorf("the tournament checker rejects the saved game %s: %v", line, err)
	}
	id2, _ := ts.newGame("je-ki-n-je", "human", "human")
	code, st := ts.post("/api/load", map[string]any{"id": id2, "record": "\n" + string(line)})
	if code != 200 || st["variant"] != "adji-kui-1" || st["startFen"] != p.String() || len(st["moves"].([]any)) != 1 {
		t.Errorf("load: %d %v", code, st)
	}
	code, out := ts.post("/api/load", map[string]any{"id": id2, "record": string(line), "game": 9})
	if code != 400 || !strings.Contains(out["error"].(string), "no game number 9") {
		t.Errorf("load of a missing game number: %d %v", code, out)
	}
	rec.Moves[0].Move = "a2"
	bad, _ := json.Marshal(&rec)
	code, out = ts.post("/api/load", map[string]any{"id": id2, "record": string(bad)})
	if code != 400 || !strings.Contains(out["error"].(string), "move 1 (a2)") {
		t.Errorf("load of an illegal record: %d %v", code, out)
	}
}

// TestCrashedEngineRestartsWithoutLosingTheGame: the fake engine that exits during
// its third search is reported and restarted, and the game goes on from where it was.
func TestCrashedEngineRestartsWithoutLosingTheGame(t *testing.T) {
	ts := newTestServer(t, fakeengine.Crash, nil)
	id, _ := ts.newGame("je-ki-n-je", "engine", "engine")
	ev := ts.listen(id)
	ev.waitFor(t, 30*time.Second, "crash reported", func(e sseEvent) bool {
		return e.name == "status" && strings.Contains(e.data["message"].(string), "crashed")
	})
	ev.waitFor(t, 30*time.Second, "game going on after the restart", func(e sseEvent) bool {
		return e.name == "state" && e.data["ply"].(float64) >= 3
	})
}

// TestHungEngineRestarted: an engine that never answers go is killed after its time
// and the grace period, reported, and restarted.
func TestHungEngineRestarted(t *testing.T) {
	searchtest.SkipRealTime(t)
	ts := newTestServer(t, fakeengine.Stall, func(c *Config) { c.HangGrace = 300 * time.Millisecond })
	id, _ := ts.newGame("adji-kui-1", "engine", "human")
	ev := ts.listen(id)
	ev.waitFor(t, 30*time.Second, "hang reported", func(e sseEvent) bool {
		return e.name == "status" && strings.Contains(e.data["message"].(string), "did not answer in time")
	})
	ev.waitFor(t, 30*time.Second, "giving up after three failures", func(e sseEvent) bool {
		return e.name == "status" && strings.Contains(e.data["message"].(string), "three times")
	})
	if st := ts.game(id).snapshot(); st.Ply != 0 || st.FEN != "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -" {
		t.Errorf("the game changed: %v", st.FEN)
	}
}

// TestEngineCapAndPageGone: with one engine process allowed, a second game that
// needs an engine is told so; when the first page goes away its game closes, its
// engine ends, and the second game can have one.
func TestEngineCapAndPageGone(t *testing.T) {
	searchtest.SkipRealTime(t)
	ts := newTestServer(t, "", func(c *Config) { c.MaxEngines = 1; c.GoneAfter = 2 * time.Second })
	id1, _ := ts.newGame("je-ki-n-je", "engine", "engine")
	ev1 := ts.listen(id1)
	ev1.waitFor(t, 30*time.Second, "first game's engine moving", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 1.0 })
	id2, _ := ts.newGame("je-ki-n-je", "human", "human")
	ev2 := ts.listen(id2)
	ts.post("/api/players", map[string]any{"id": id2, "south": "engine", "north": "human"})
	ev2.waitFor(t, 30*time.Second, "cap reported", func(e sseEvent) bool {
		return e.name == "status" && strings.Contains(e.data["message"].(string), "no free engine process: all 1 are in use by other games")
	})
	ev1.cancel() // the first page goes away
	deadline := time.Now().Add(10 * time.Second)
	for (ts.game(id1) != nil || ts.EnginesRunning() > 0) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if ts.game(id1) != nil {
		t.Fatal("the game of a page that went away is still open")
	}
	if n := ts.EnginesRunning(); n != 0 {
		t.Errorf("%d engine processes still running", n)
	}
	ts.post("/api/players", map[string]any{"id": id2, "south": "engine", "north": "human", "moveTimeMs": 50})
	ev2.waitFor(t, 30*time.Second, "second game's engine moving", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 1.0 })
}

// TestPassMove: when passing is the only move the state says so, the pass is
// accepted, and its animation has no steps (an empty list, which the page reads).
func TestPassMove(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("adji-kui-1", "human", "human")
	_, st := ts.post("/api/setup", map[string]any{"id": id, "fen": "0,0,0,0,0,2/1,1,1,0,0,0 S 20 23 -"})
	if st["pass"] != true || len(st["legal"].([]any)) != 0 {
		t.Fatalf("pass %v, legal %v", st["pass"], st["legal"])
	}
	code, st := ts.post("/api/move", map[string]any{"id": id, "move": "pass"})
	if code != 200 || st["side"] != 1.0 {
		t.Fatalf("pass: %d %v", code, st)
	}
	steps, ok := st["anim"].(map[string]any)["steps"].([]any)
	if !ok || len(steps) != 0 {
		t.Errorf("a pass's steps: %v", st["anim"])
	}
}

// TestStopMakesTheEngineMoveNow: with a minute to think, stop makes the engine play
// its move at once.
func TestStopMakesTheEngineMoveNow(t *testing.T) {
	ts := newTestServer(t, "", func(c *Config) { c.MoveTime = time.Minute })
	id, _ := ts.newGame("je-ki-n-je", "engine", "human")
	ev := ts.listen(id)
	ev.waitFor(t, 30*time.Second, "the engine thinking", func(e sseEvent) bool {
		lines, _ := e.data["lines"].([]any)
		return e.name == "info" && e.data["thinking"] == true && len(lines) > 0
	})
	if code, out := ts.post("/api/stop", map[string]any{"id": id}); code != 200 {
		t.Fatalf("stop: %d %v", code, out)
	}
	ev.waitFor(t, 30*time.Second, "the engine's move", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 1.0 })
	if code, out := ts.post("/api/stop", map[string]any{"id": id}); code != 400 || !strings.Contains(out["error"].(string), "not thinking") {
		t.Errorf("stop with nothing to stop: %d %v", code, out)
	}
}

// TestIdleEngineEndsAndReturns: an engine unused for EngineIdle is ended, and the
// next move that needs it starts a new one.
func TestIdleEngineEndsAndReturns(t *testing.T) {
	searchtest.SkipRealTime(t)
	ts := newTestServer(t, "", func(c *Config) { c.EngineIdle = 200 * time.Millisecond })
	id, _ := ts.newGame("adji-kui-1", "human", "engine")
	ev := ts.listen(id)
	ts.post("/api/move", map[string]any{"id": id, "move": "a1"})
	ev.waitFor(t, 30*time.Second, "the engine's reply", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 2.0 })
	ev.waitFor(t, 30*time.Second, "the idle engine ended", func(e sseEvent) bool {
		return e.name == "status" && strings.Contains(e.data["message"].(string), "engine idle")
	})
	if n := ts.EnginesRunning(); n != 0 {
		t.Errorf("%d engine processes after the idle timeout", n)
	}
	_, st := ts.post("/api/move", map[string]any{"id": id, "move": firstLegal(t, ts, id)})
	if st["ply"] != 3.0 {
		t.Fatalf("second move: %v", st)
	}
	ev.waitFor(t, 30*time.Second, "a reply from a new engine", func(e sseEvent) bool { return e.name == "state" && e.data["ply"] == 4.0 })
}

// firstLegal returns the first legal move of a game's shown position.
func firstLegal(t *testing.T, ts *testServer, id string) string {
	t.Helper()
	legal := ts.game(id).snapshot().Legal
	if len(legal) == 0 {
		t.Fatal("no legal move")
	}
	return legal[0].Move
}

// TestLoadLeavesForcedAnswersOutOfTheGraph: a record's depth-1 score that follows a
// deeper search of the same side (an engine answering a forced move) is left out of
// the evaluation graph; the others, a side's first depth-1 score included, stay.
func TestLoadLeavesForcedAnswersOutOfTheGraph(t *testing.T) {
	ts := newTestServer(t, "", nil)
	line := scoredRecord(t)
	id, _ := ts.newGame("je-ki-n-je", "human", "human")
	if code, out := ts.post("/api/load", map[string]any{"id": id, "record": string(line)}); code != 200 {
		t.Fatalf("load: %d %v", code, out)
	}
	back, _ := ts.save(id)
	var got []string
	for _, m := range back.Moves {
		got = append(got, m.Score)
	}
	if want := []string{"cp 300", "cp -80", "cp 100", "", "cp 50"}; !slices.Equal(got, want) { // scoredRecord's
		t.Errorf("graph scores after loading %v, want %v", got, want)
	}
}

// TestServeWarnsWhenOtherMachinesCanConnect: an address on every interface, or on a
// non-loopback one, is announced with a warning and a URL for this machine; a
// loopback address without one.
func TestServeWarnsWhenOtherMachinesCanConnect(t *testing.T) {
	for _, c := range []struct {
		addr    net.Addr
		url     string
		warning string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, "http://127.0.0.1:8080/", ""},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, "http://[::1]:8080/", ""},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "http://127.0.0.1:8080/", "listening on every network interface ([::]:8080)"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "http://127.0.0.1:8080/", "listening on every network interface (0.0.0.0:8080)"},
		{&net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 8080}, "http://192.0.2.7:8080/", "listening on 192.0.2.7:8080, which other machines can reach"},
	} {
		url, warning := announce(c.addr)
		if url != c.url || (c.warning == "") != (warning == "") || !strings.Contains(warning, c.warning) {
			t.Errorf("%v: url %q, warning %q; want %q and a warning containing %q", c.addr, url, warning, c.url, c.warning)
		}
	}
	// Serve itself on every interface (":0"): the warning comes before the URL. It
	// only listens; nothing is sent anywhere.
	ctx, cancel := context.WithCancel(context.Background())
	out := &lockedBuffer{}
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Config{Engine: []string{os.Args[0]}, Log: testLog()}, ":0", out) }()
	for !strings.Contains(out.String(), "open http") {
		select {
		case err := <-done:
			t.Fatalf("Serve ended: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "mancala gui: warning: listening on every network interface") ||
		!strings.HasPrefix(lines[1], "mancala gui: open http://127.0.0.1:") {
		t.Errorf("Serve on :0 printed:\n%s", out.String())
	}
}

// TestAPageThatFellBehindGetsTheLatestState fills a page's event queue so that the
// state of a move is dropped, and checks that the page, once it has read what was
// queued, is given that state: in a game between people no later event would bring it.
func TestAPageThatFellBehindGetsTheLatestState(t *testing.T) {
	ts := newTestServer(t, fakeengine.Random, nil)
	id, _ := ts.newGame("adji-kui-1", "human", "human")
	g := ts.game(id)
	sub := g.subscribe()
	defer g.unsubscribe(sub)
	g.mu.Lock()
	for range cap(sub.ch) {
		g.broadcast([]byte("event: filler\ndata: {}\n\n"))
	}
	g.mu.Unlock()
	if code, out := ts.post("/api/move", map[string]any{"id": id, "move": "c1"}); code != 200 {
		t.Fatalf("move: %d %v", code, out)
	}
	var last []byte
	for len(sub.ch) > 0 {
		last = <-sub.ch
		if msg, ok := g.catchUp(sub); ok {
			last = msg
		}
	}
	if !strings.Contains(string(last), `"ply":1`) || !strings.HasPrefix(string(last), "event: state") {
		t.Fatalf("the last event the page read is %.200q, not the state after the move", last)
	}
}
