package gui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// drawnBlockedJS lists the holes the page crosses out as blocked for the round, by
// coordinate, with their tooltips and whether any is offered as a move.
const drawnBlockedJS = `[...document.querySelectorAll('.hole.blocked')].map(e => ({Coord: e.dataset.coord,
	Title: e.title, Legal: e.classList.contains('legal')}))`

// drawnBlocked is a hole the page draws as blocked.
type drawnBlocked struct {
	Coord, Title string
	Legal        bool
}

// TestBrowserBlockedHoles: in a game in rounds (Dakon), a round that begins with
// North's f2 and g2 unfilled has them blocked; the page crosses out exactly those,
// says why in their tooltips and under the board, offers neither as a move, and
// after South's g1, whose seeds pass over them, shows the position board plays to,
// still with the two crossed out.
func TestBrowserBlockedHoles(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("dakon")
	if err != nil {
		t.Fatal(err)
	}
	const fen = "7,7,7,7,7,0,0/7,7,7,7,7,7,7 S 11 3 new-round,blocked:f2.g2"
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, ts, 1100, 800, "variant=dakon&south=human&north=human&stepms=1")
	if got := eval[[]drawnBlocked](t, ctx, drawnBlockedJS); len(got) != 0 {
		t.Fatalf("the start shows blocked holes %+v", got)
	}
	pastePosition(t, ctx, fen)
	check := func(p board.Position) {
		t.Helper()
		checkDrawn(t, ctx, p)
		var want []string
		for h := 0; h < v.Holes(); h++ {
			if p.Blocked(h) {
				want = append(want, v.FormatMove(board.Move(h)))
			}
		}
		var got []string
		for _, b := range eval[[]drawnBlocked](t, ctx, drawnBlockedJS) {
			got = append(got, b.Coord)
			if b.Legal || b.Title != "blocked for this round: sowing passes over it" {
				t.Errorf("%s: blocked hole %+v offered as a move or without its tooltip", p.String(), b)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || len(want) != 2 {
			t.Errorf("%s: page crosses out %v, board blocks %v (want two)", p.String(), got, want)
		}
		if note := eval[string](t, ctx, `document.getElementById('phase').textContent`); !strings.Contains(note, "blocked for this round") || strings.Contains(note, "not yet played") {
			t.Errorf("the line under the board does not explain the crossed-out holes, or speaks of an opening: %q", note)
		}
	}
	check(p)
	shot(t, ctx, "dakon-blocked")
	clickMove(t, ctx, "g1")
	g := board.NewGame(p)
	m, err := v.ParseMove("g1")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	after := g.Position()
	waitJS(t, ctx, "g1 played", fmt.Sprintf(`st.fen === %q && document.body.dataset.animating === "0"`, after.String()))
	check(after)
}

// TestClosedHolesAreBlockedNotLocked: in Deka a hole closed during play
// (sow.close_at, both child masks) is listed as blocked, crossed out on the page,
// and not as locked (a ram's frame).
func TestClosedHolesAreBlockedNotLocked(t *testing.T) {
	v, err := board.VariantByName("deka")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("1,1,0x,2,2,2/0,0,0,0x,0,1 N 15 0 -")
	if err != nil {
		t.Fatal(err)
	}
	c2, d1 := v.HoleAt(1, 2), v.HoleAt(0, 3)
	want := []int{min(c2, d1), max(c2, d1)}
	if got := blocked(p); !slices.Equal(got, want) {
		t.Errorf("blocked %v, want %v (d1 and c2)", got, want)
	}
	if got := locked(p); len(got) != 0 {
		t.Errorf("locked %v, want none", got)
	}
}

// TestBrowserClosedHoles: Deka's holes closed during play (a game not in rounds)
// are crossed out like blocked ones, but their tooltip and the line under the board
// say they are closed for the rest of the game, not for a round.
func TestBrowserClosedHoles(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 800, "variant=deka&south=human&north=human&stepms=1")
	pastePosition(t, ctx, "1,1,0x,2,2,2/0,0,0,0x,0,1 N 15 0 -")
	type drawnClosed struct {
		Coords []string
		Kinds  []string
		Title  string
		Note   string
	}
	got := eval[drawnClosed](t, ctx, `(() => { const l = [...document.querySelectorAll('.hole.blocked')];
		return {Coords: l.map(e => e.dataset.coord).sort(), Kinds: l.map(e => e.dataset.blocked), Title: l.length ? l[0].title : '',
			Note: document.getElementById('phase').textContent}; })()`)
	if !slices.Equal(got.Coords, []string{"c2", "d1"}) || !slices.Equal(got.Kinds, []string{"game", "game"}) ||
		got.Title != "closed for the rest of the game: sowing passes over it" || !strings.Contains(got.Note, "closed for the rest of the game") {
		t.Errorf("the page draws %+v: want c2 and d1 crossed out as closed for the rest of the game", got)
	}
}

// TestLocksUntilPlayedAreNotYetPlayed: Adji-boto's holes locked until played
// (sow.each_hole_first, both child masks) are circled as not yet played, not
// framed as a ram's locked holes.
func TestLocksUntilPlayedAreNotYetPlayed(t *testing.T) {
	v, err := board.VariantByName("adji-boto-stoneshark")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("10r,10r,10r,10r,10r/10r,10r,10r,10r,10 N 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	e1 := v.HoleAt(0, 4)
	var want []int
	for h := 0; h < v.Holes(); h++ {
		if h != e1 {
			want = append(want, h)
		}
	}
	if got := notYetPlayed(p); !slices.Equal(got, want) {
		t.Errorf("not yet played %v, want %v (all but e1)", got, want)
	}
	if got := locked(p); len(got) != 0 {
		t.Errorf("locked %v, want none", got)
	}
}
