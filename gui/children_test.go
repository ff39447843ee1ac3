package gui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
)

// drawnChild is a hole the page draws as a child.
type drawnChild struct {
	Coord  string
	Owner  string // data-child: the owner's name
	Letter string // the owner's initial in the corner
	Title  string
	Legal  bool
}

const drawnChildrenJS = `[...document.querySelectorAll('.hole.child')].map(e => ({Coord: e.dataset.coord,
	Owner: e.dataset.child || '', Letter: e.querySelector('.owner').textContent, Title: e.title, Legal: e.classList.contains('legal')}))`

// TestBrowserChildren plays Toguz Kumalak to its first child: after a1 a2 b1 a2,
// North's a2 sows its last seed into a1, the third seed there, and South's a1
// becomes North's child (tuzdik). The page draws a1 as North's child, as board has
// it, and South, to move, cannot play it: a1 holds 3 seeds of South's row, but it
// has no legal ring, and neither a click on it nor its key plays it. Stepping back
// to ply 3 takes the mark away and stepping forward brings it back.
func TestBrowserChildren(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("toguz-kumalak")
	if err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, ts, 1100, 800, "variant=toguz-kumalak&south=human&north=human&stepms=1")
	if kids := eval[[]drawnChild](t, ctx, drawnChildrenJS); len(kids) != 0 {
		t.Fatalf("the start shows children %+v", kids)
	}
	g := board.NewGame(v.StartPosition())
	moves := []string{"a1", "a2", "b1", "a2"}
	for i, mv := range moves {
		clickMove(t, ctx, mv)
		idle(t, ctx, i+1)
		m, err := v.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	pos := g.Position()
	a1 := v.HoleAt(0, 0)
	if s, ok := pos.ChildOf(a1); !ok || s != board.North || pos.Seeds(a1) != 3 || pos.SideToMove() != board.South {
		t.Fatalf("board has %q after %v: this test wants a1, of 3 seeds, North's child and South to move", pos.String(), moves)
	}
	checkDrawn(t, ctx, pos)
	want := []drawnChild{{Coord: "a1", Owner: "North", Letter: "N", Title: "North's child: nobody plays it, and its seeds are North's"}}
	if kids := eval[[]drawnChild](t, ctx, drawnChildrenJS); !slices.Equal(kids, want) {
		t.Errorf("the page draws children %+v, want %+v", kids, want)
	}
	if note := pageText(t, ctx, "phase"); !strings.Contains(note, "marked S or N is that player's child") {
		t.Errorf("the line under the board says %q: want the children's mark explained", note)
	}
	legal := eval[[]string](t, ctx, `[...document.querySelectorAll('.hole.legal')].map(e => e.dataset.coord)`)
	if len(legal) != 8 || slices.Contains(legal, "a1") {
		t.Errorf("legal rings on %v: want South's eight holes but a1", legal)
	}
	// A click on a1 and its key play nothing; b1, played after them, is the fifth move.
	run(t, ctx, chromedp.Click(chromedp.CSS(`.hole[data-coord="a1"]`)), chromedp.KeyEvent("a"))
	clickMove(t, ctx, "b1")
	idle(t, ctx, 5)
	if got := eval[[]string](t, ctx, `st.moves`); !slices.Equal(got, append(moves, "b1")) {
		t.Fatalf("moves %v after clicking a1, pressing a and clicking b1: want %v then b1", got, moves)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 3)
	if kids := eval[[]drawnChild](t, ctx, drawnChildrenJS); len(kids) != 0 {
		t.Errorf("ply 3, before a1 became a child, shows children %+v", kids)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	idle(t, ctx, 4)
	if kids := eval[[]drawnChild](t, ctx, drawnChildrenJS); len(kids) != 1 || kids[0].Coord != "a1" || kids[0].Owner != "North" || kids[0].Legal {
		t.Errorf("ply 4 again shows children %+v, want a1 North's, not legal", kids)
	}
}

// TestBrowserToguzKumalakCounts: Toguz Kumalak's 162 seeds on a 2 x 9 board, with
// a hole of 110 beside a child and then a store of 120 (the game won), draw every
// count inside its hole or store, at 1100 x 800 and 390 x 844, and each child with
// its owner's initial.
func TestBrowserToguzKumalakCounts(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, _ := board.VariantByName("toguz-kumalak")
	fens := []string{
		"1,1,3s,1,1,1,1,1,1/110,3n,1,1,1,1,1,1,1 S 15 16 -",
		"1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1 N 120 24 -",
	}
	for _, size := range [][2]int{{1100, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			ctx := openPage(t, ts, size[0], size[1], "variant=toguz-kumalak&south=human&north=human&stepms=1")
			for _, fen := range fens {
				p, err := v.ParsePosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				if n := totalSeeds(p); n != 162 {
					t.Fatalf("%s holds %d seeds, want Toguz Kumalak's 162", fen, n)
				}
				pastePosition(t, ctx, fen)
				checkDrawn(t, ctx, p)
				eval[bool](t, ctx, `window.scrollTo(0, 0), true`)
				boxes := eval[[]holeBox](t, ctx, holeBoxesJS)
				if len(boxes) != 20 {
					t.Fatalf("%v: %d holes and stores drawn, want 20", size, len(boxes))
				}
				for _, b := range boxes {
					if b.Left < 0 || b.Right > float64(size[0]) || b.Right-b.Left < 20 || !b.Hit || !b.CountFits {
						t.Errorf("%v, %s: %+v: off screen, under 20 px wide, not reached by a click at its middle, or its count outside it", size, fen, b)
					}
				}
				var want []drawnChild
				for h := 0; h < v.Holes(); h++ {
					if s, ok := p.ChildOf(h); ok {
						want = append(want, drawnChild{Coord: v.FormatMove(board.Move(h)), Owner: s.Name(), Letter: s.Name()[:1],
							Title: fmt.Sprintf("%s's child: nobody plays it, and its seeds are %[1]s's", s.Name())})
					}
				}
				got := eval[[]drawnChild](t, ctx, drawnChildrenJS)
				slices.SortFunc(got, func(a, b drawnChild) int { return strings.Compare(a.Coord, b.Coord) })
				slices.SortFunc(want, func(a, b drawnChild) int { return strings.Compare(a.Coord, b.Coord) })
				if !slices.Equal(got, want) {
					t.Errorf("%v, %s: children drawn %+v, want %+v", size, fen, got, want)
				}
				if size[0] == 1100 && strings.Contains(fen, "110") {
					shot(t, ctx, "toguz-kumalak")
				}
			}
		})
	}
}

// TestBrowserChildrenSeedsShowUnderTheStores: in Qelat every capture stays in the
// capturer's child and the stores stay at 0, so each store shows under its count
// the seeds its player's children hold (and says so in its tooltip); a player
// whose children hold nothing shows nothing more. Leaving the children out of the
// note would show a game South leads by 18 seeds as 0 to 0.
func TestBrowserChildrenSeedsShowUnderTheStores(t *testing.T) {
	browserTest(t)
	v, err := board.VariantByName("qelat")
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields("e1 d2 e1 e2 b1 a2 c1 c2 a1 b2 d1 c2 f1 a2 c1 e2 e1 d2 a1 c2 a1 f2 b1 a2 c1 e2 e1")
	g := board.NewGame(v.StartPosition())
	for _, mv := range moves {
		m, err := v.ParseMove(mv)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	pos := g.Position()
	var held [2]int
	for h := 0; h < v.Holes(); h++ {
		if s, ok := pos.ChildOf(h); ok {
			held[s] += pos.Seeds(h)
		}
	}
	if held[board.South] == 0 || held[board.North] != 0 || pos.Store(board.South) != 0 {
		t.Fatalf("after %v the board is %s: this test wants South's children holding seeds, North's none, the stores empty", moves, pos.String())
	}
	ts := newTestServer(t, "", nil)
	ctx := openPlayed(t, ts, "qelat", moves)
	checkDrawn(t, ctx, pos)
	type storeNote struct{ Count, Kids, Title string }
	got := eval[[]storeNote](t, ctx, `[0, 1].map(s => { const el = document.querySelector('.store[data-store="' + s + '"]'); const k = el.querySelector('.kids');
		return {count: el.querySelector('.count').textContent, kids: k.hidden ? '' : k.textContent, title: el.title}; })`)
	want := []storeNote{
		{"0", fmt.Sprintf("+%d in children", held[board.South]), fmt.Sprintf("South store; its children hold %d more", held[board.South])},
		{"0", "", "North store"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("the stores show %+v, want %+v", got, want)
	}
	shot(t, ctx, "children-in-stores")
}

// TestBrowserLockedHoles: in CrossCapt Six (StoneShark's rams, child.lap_locked) a
// hole holding seeds enough to sow round into its own row is locked: the page
// frames it (class locked, its tooltip saying why), draws it as nobody's child, and
// never rings it as legal; the line under the board explains the frame. From
// 4,4,4,4,4,4/4,4,4,4,1,7 S 0 0 - South's e1 makes f1 eight, locked, North to move;
// a board with no locked hole shows none.
func TestBrowserLockedHoles(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 800, "variant=crosscapt-six&south=human&north=human&stepms=1")
	if n := eval[int](t, ctx, `document.querySelectorAll('.hole.locked').length`); n != 0 {
		t.Fatalf("the start shows %d locked holes", n)
	}
	pastePosition(t, ctx, "4,4,4,4,4,4/4,4,4,4,1,7 S 0 0 -")
	clickMove(t, ctx, "e1")
	waitJS(t, ctx, "the move played", `st.fen === "4,4,4,4,4,4/4,4,4,4,0,8r N 0 0 -" && document.body.dataset.animating === "0"`)
	type drawnLock struct {
		Coords     []string
		Title      string
		Kids       int
		LegalOnOne bool
		Note       string
	}
	got := eval[drawnLock](t, ctx, `(() => { const l = [...document.querySelectorAll('.hole.locked')];
		return {Coords: l.map(e => e.dataset.coord), Title: l.length ? l[0].title : '', Kids: document.querySelectorAll('.hole.child').length,
			LegalOnOne: l.some(e => e.classList.contains('legal')), Note: document.getElementById('phase').textContent}; })()`)
	if !slices.Equal(got.Coords, []string{"f1"}) || !strings.HasPrefix(got.Title, "locked: it holds seeds enough to sow round") ||
		got.Kids != 0 || got.LegalOnOne || !strings.Contains(got.Note, "dashed frame is locked") {
		t.Errorf("the page draws %+v: want f1 alone locked, with its tooltip, no child, no legal ring, the frame explained", got)
	}
}
