package gui

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// docsGameText is the example of docs/gui.md, "Game text, links and files".
const docsGameText = `[Game "adji-kui-1"]
[South "human"]
[North "engine"]
[Date "2026-12-01"]
[Start "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"]
[Result "*"]

1. c1 b2 {+1.25} (1... f2 2. b1 {-0.50}) 2. a1 e2 *
`

// gameTextOf fetches a game's text as the page's "copy game" does.
func (ts *testServer) gameTextOf(id string) string {
	ts.t.Helper()
	resp, err := http.Get(ts.http.URL + "/api/text?id=" + id)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestImportedHeadersAreKept: the headers of an imported game text (players, date,
// result) are written back as they were by copy game, the docs' example reading
// back to itself, also after the seats change (the headers name who played the
// game); a new game forgets them.
func TestImportedHeadersAreKept(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("adji-kui-1", "human", "human")
	if code, out := ts.post("/api/import", map[string]any{"id": id, "text": docsGameText}); code != 200 {
		t.Fatalf("import: %d %v", code, out)
	}
	if got := ts.gameTextOf(id); got != docsGameText {
		t.Errorf("copy game after importing the docs' example:\n%s\nwant it unchanged:\n%s", got, docsGameText)
	}
	if code, out := ts.post("/api/players", map[string]any{"id": id, "south": "human", "north": "human"}); code != 200 {
		t.Fatalf("players: %d %v", code, out)
	}
	if got := ts.gameTextOf(id); got != docsGameText {
		t.Errorf("after the seats change:\n%s\nwant the imported headers kept", got)
	}
	if code, out := ts.post("/api/reset", map[string]any{"id": id}); code != 200 {
		t.Fatalf("reset: %d %v", code, out)
	}
	if got := ts.gameTextOf(id); strings.Contains(got, "2026-12-01") {
		t.Errorf("a new game keeps the imported date:\n%s", got)
	}
}

// TestGotoALine: goto with moves shows the line through the tree they name (here a
// variation) at the ply asked for; a line not in the game, or a ply beyond it, is
// refused and changes nothing.
func TestGotoALine(t *testing.T) {
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame("adji-kui-1", "human", "human")
	if code, out := ts.post("/api/import", map[string]any{"id": id, "text": docsGameText}); code != 200 {
		t.Fatalf("import: %d %v", code, out)
	}
	code, st := ts.post("/api/goto", map[string]any{"id": id, "moves": []string{"c1", "f2"}, "ply": 1})
	if code != 200 || fmt.Sprint(st["moves"]) != "[c1 f2 b1]" || st["ply"] != 1.0 {
		t.Fatalf("goto the variation c1 f2 at ply 1: %d moves %v ply %v", code, st["moves"], st["ply"])
	}
	for _, bad := range []map[string]any{{"moves": []string{"c1", "e2"}}, {"moves": []string{"c1", "zz"}}, {"moves": []string{"c1"}, "ply": 2}} {
		bad["id"] = id
		code, out := ts.post("/api/goto", bad)
		if code != 400 || strings.Contains(fmt.Sprint(out["error"]), "\n") {
			t.Errorf("goto %v: %d %v, want a one-line refusal", bad, code, out)
		}
		_, after := ts.post("/api/goto", map[string]any{"id": id, "ply": 1})
		if fmt.Sprint(after["moves"]) != "[c1 f2 b1]" {
			t.Errorf("goto %v changed the line to %v", bad, after["moves"])
		}
	}
}
