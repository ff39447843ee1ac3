package gui

import (
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// drawnOwned is a hole the page draws as owned by the player of the other row.
type drawnOwned struct {
	Coord  string
	Owner  string // data-owned: the owner's name
	Letter string // the owner's initial in the corner
	Title  string
	Legal  bool
}

const drawnOwnedJS = `[...document.querySelectorAll('.hole.owned')].map(e => ({Coord: e.dataset.coord,
	Owner: e.dataset.owned || '', Letter: e.querySelector('.owner').textContent, Title: e.title, Legal: e.classList.contains('legal')}))`

// TestBrowserTerritoryOwners: in a game of territory (NumNum), a round where North
// owns a1 and b1 of South's row: the page frames exactly those two as North's,
// with North's initial and tooltip, explains the mark under the board, and offers
// South (to move) its four other holes only; after South's c1 North may play a1 and
// b1 too, and the start position shows no owned hole.
func TestBrowserTerritoryOwners(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("numnum")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 new-round,north-owns:2"
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, ts, 1100, 800, "variant=numnum&south=human&north=human&stepms=1")
	if got := eval[[]drawnOwned](t, ctx, drawnOwnedJS); len(got) != 0 {
		t.Fatalf("the start shows owned holes %+v", got)
	}
	pastePosition(t, ctx, fen)
	checkDrawn(t, ctx, p)
	const title = "North's this round: North plays it, and its seeds are North's"
	want := []drawnOwned{{Coord: "a1", Owner: "North", Letter: "N", Title: title}, {Coord: "b1", Owner: "North", Letter: "N", Title: title}}
	got := eval[[]drawnOwned](t, ctx, drawnOwnedJS)
	slices.SortFunc(got, func(a, b drawnOwned) int { return strings.Compare(a.Coord, b.Coord) })
	if !slices.Equal(got, want) {
		t.Errorf("the page draws owned holes %+v, want %+v", got, want)
	}
	if note := pageText(t, ctx, "phase"); !strings.Contains(note, "is that player's this round") {
		t.Errorf("the line under the board says %q: want the owners' mark explained", note)
	}
	legal := eval[[]string](t, ctx, `[...document.querySelectorAll('.hole.legal')].map(e => e.dataset.coord)`)
	slices.Sort(legal)
	if !slices.Equal(legal, []string{"c1", "d1", "e1", "f1"}) {
		t.Errorf("South's legal rings on %v: want c1 to f1, not North's a1 and b1", legal)
	}
	clickMove(t, ctx, "c1")
	idle(t, ctx, 1)
	legal = eval[[]string](t, ctx, `[...document.querySelectorAll('.hole.legal')].map(e => e.dataset.coord)`)
	if !slices.Contains(legal, "a1") || !slices.Contains(legal, "b1") || slices.Contains(legal, "c1") {
		t.Errorf("North's legal rings after c1 on %v: want a1 and b1 among them, not c1", legal)
	}
	shot(t, ctx, "numnum-territory")
}
