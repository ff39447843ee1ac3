package gui

import (
	"testing"

	"mancala/board"
)

// TestNewGameDrawsItsStart: a new game of a game that draws its start (Mangala I)
// begins from a start drawn for it, shown as the position and the game's start, not
// the fixed one; new games differ, and so does a reset's.
func TestNewGameDrawsItsStart(t *testing.T) {
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("mangala-i")
	if err != nil || !v.DrawsStart() {
		t.Fatalf("mangala-i: %v", err)
	}
	starts := map[string]bool{}
	check := func(st map[string]any) {
		t.Helper()
		fen, _ := st["fen"].(string)
		if _, err := v.ParsePosition(fen); err != nil || fen != st["startFen"] || fen == v.Start {
			t.Fatalf("shown %q, start %v: %v; want a drawn start", fen, st["startFen"], err)
		}
		starts[fen] = true
	}
	var id string
	for range 4 {
		var st map[string]any
		id, st = ts.newGame("mangala-i", "human", "human")
		check(st)
	}
	code, st := ts.post("/api/reset", map[string]any{"id": id})
	if code != 200 {
		t.Fatalf("reset: %d %v", code, st)
	}
	check(st)
	if len(starts) < 4 {
		t.Errorf("5 new games began from %d starts", len(starts))
	}
}
