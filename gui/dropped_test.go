package gui

import (
	"strings"
	"testing"

	"mancala/board"
)

// TestADroppedSearchTellsThePageTheEngineIsIdle: when the driver drops the search
// the page shows (the engine rejected the position, or failed to start three times),
// the session tells its pages at once, with an info event that no longer says
// "analysing" (issue 33, item 16: the engine field stayed "analysing").
func TestADroppedSearchTellsThePageTheEngineIsIdle(t *testing.T) {
	v := board.Variants()[0]
	g := &session{srv: &Server{probeDone: make(chan struct{})}, variant: v, job: &job{tag: 7},
		line: newGameLine(v.StartPosition()), subs: map[*subscriber]bool{}}
	s := &subscriber{ch: make(chan []byte, 8)}
	g.subs[s] = true
	g.onDropped(7)
	if g.job != nil {
		t.Fatal("the dropped job is still the session's")
	}
	select {
	case msg := <-s.ch:
		if text := string(msg); !strings.Contains(text, "info") || strings.Contains(text, `"analysing":true`) {
			t.Errorf("the page was told %s", text)
		}
	default:
		t.Fatal("the page was not told that the search was dropped")
	}
	g.onDropped(3) // another search's tag: nothing to say
	if len(s.ch) != 0 {
		t.Error("a stale drop was broadcast")
	}
}
