package gui

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
	"mancala/protocol/client"
)

// testRules is the folder of this package's rule files (the 2 x 15 wide-kalah).
const testRules = "testdata/rules"

var loadRules = sync.OnceValue(func() error {
	_, err := board.LoadRuleFile(testRules)
	return err
})

// ruleFileServer is a test server whose games include those of testRules, which its
// engines are given as their VariantPath option (as mancala gui --variants does).
func ruleFileServer(t *testing.T) *testServer {
	t.Helper()
	if err := loadRules(); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(testRules)
	if err != nil {
		t.Fatal(err)
	}
	return newTestServer(t, "", func(c *Config) {
		c.EngineOptions = append(c.EngineOptions, client.Option{Name: "VariantPath", Value: abs})
	})
}

// pageText is the text of a page element.
func pageText(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return eval[string](t, ctx, `document.getElementById(`+fmt.Sprintf("%q", id)+`).textContent`)
}

// TestBrowserExtraTurn: in Kalah(6,4), c1's last seed falls in South's store: the
// animation drops it into the store, the page says South moves again, and South's
// next move f1 is listed as South's second move of the same turn; undo, redo and
// stepping back show the extra turn again, the counts and stores as board has them.
func TestBrowserExtraTurn(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, _ := board.VariantByName("kalah-6-4")
	ctx := openPage(t, ts, 1100, 800, "variant=kalah-6-4&south=human&north=human&stepms=150")
	g := board.NewGame(v.StartPosition())
	// The store's count goes up while the animation runs: the seed is dropped there.
	// An observer notes each count the store shows and whether a move was being
	// animated then (a poll could miss the step's 150 ms on a busy machine).
	eval[bool](t, ctx, `(() => { window.storeCounts = [];
		new MutationObserver(() => window.storeCounts.push(document.body.dataset.animating + ':' +
			document.querySelector('.store[data-store="0"]').dataset.count))
		.observe(document.querySelector('.store[data-store="0"]'), {attributes: true, attributeFilter: ['data-count']}); return true; })()`)
	clickMove(t, ctx, "c1")
	idle(t, ctx, 1)
	if counts := eval[[]string](t, ctx, `window.storeCounts`); !slices.Contains(counts, "1:1") {
		t.Errorf("South's store showed %v (animating:count): want 1 while the move was animated", counts)
	}
	for _, mv := range []string{"c1", "f1"} {
		m, _ := v.ParseMove(mv)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	again := func(ply int) {
		t.Helper()
		idle(t, ctx, ply)
		checkDrawn(t, ctx, g.Positions()[ply])
		turn := pageText(t, ctx, "turn")
		if want := ply == 1; strings.Contains(turn, "South again") != want || want && !strings.Contains(turn, "to move") {
			t.Errorf("ply %d: turn %q (want \"South again\" %v)", ply, turn, want)
		}
	}
	again(1)
	if g.Positions()[1].SideToMove() != board.South {
		t.Fatal("c1 in Kalah(6,4) should give South another turn")
	}
	// The last seed's mark is on South's store, not on a hole.
	if marked := eval[string](t, ctx, `[...document.querySelectorAll('#board .last')].map(e => e.dataset.coord || 'store ' + e.dataset.store).join()`); marked != "store 0" {
		t.Errorf("after c1 the last seed is marked on %q, want South's store", marked)
	}
	run(t, ctx, chromedp.KeyEvent("f")) // South's extra move, by its column key
	again(2)
	type listed struct {
		Items int
		Sides []string
		Again []bool
	}
	want := listed{Items: 1, Sides: []string{"0", "0"}, Again: []bool{false, true}}
	got := eval[listed](t, ctx, `({Items: document.querySelectorAll('#moves li').length,
		Sides: [...document.querySelectorAll('#moves li > span')].map(e => e.classList.contains('north') ? '1' : e.classList.contains('south') ? '0' : '?'),
		Again: [...document.querySelectorAll('#moves li > span')].map(e => e.classList.contains('again'))})`)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("move list %+v, want South's two moves in one turn %+v", got, want)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#undo")))
	again(1)
	run(t, ctx, chromedp.Click(chromedp.CSS("#redo")))
	again(2)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	again(1)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	again(0)
	resp, err := http.Get(ts.http.URL + "/api/text?id=" + eval[string](t, ctx, `st.id`))
	if err != nil {
		t.Fatal(err)
	}
	text, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(text), "\n1. c1 f1 *") {
		t.Errorf("game text %q: want South's two moves numbered as one turn, 1. c1 f1", text)
	}
}

// holeBox is where a hole is drawn, and what the page finds at its middle.
type holeBox struct {
	Coord                    string
	Left, Right, Top, Bottom float64
	Hit                      bool // the hole (or something in it) is what a click at its middle reaches
	CountFits                bool // its count lies inside it
}

const holeBoxesJS = `[...document.querySelectorAll('.hole, .store')].map(e => {
	const r = e.getBoundingClientRect(), c = e.querySelector('.count').getBoundingClientRect();
	const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
	return {Coord: e.dataset.coord || 'store ' + e.dataset.store, Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom,
		Hit: !!at && e.contains(at), CountFits: c.width > 0 && c.left >= r.left - 0.5 && c.right <= r.right + 0.5 && c.top >= r.top - 0.5 && c.bottom <= r.bottom + 0.5};
})`

// TestBrowserWideBoard: the 2 x 15 board of testdata/rules/wide.toml, on a desktop
// and on a phone, draws all 30 holes and both stores on screen without sideways
// scrolling, each reached by a click at its middle, counts over 100 inside their
// holes and stores; its last column's key (o) plays o1, and on the phone a click on
// each South hole plays it.
func TestBrowserWideBoard(t *testing.T) {
	browserTest(t)
	ts := ruleFileServer(t)
	v, _ := board.VariantByName("wide-kalah")
	// Counts over 100 in a hole and a store: 240 seeds as the file's start has.
	big := "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,0,0,0,0,0,0,0,0,0,0,0,0,0,110 S 100 14 -"
	p, err := v.ParsePosition(big)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{1100, 800}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			ctx := openPage(t, ts, size[0], size[1], "variant=wide-kalah&south=human&north=human&stepms=1")
			fits := func(what string) {
				t.Helper()
				eval[bool](t, ctx, `window.scrollTo(0, 0), true`) // the position box, clicked below the board, scrolled it away
				boxes := eval[[]holeBox](t, ctx, holeBoxesJS)
				if len(boxes) != 32 {
					t.Fatalf("%v: %d holes and stores drawn, want 32", size, len(boxes))
				}
				minWidth := map[int]float64{1100: 30, 390: 16}[size[0]]
				for _, b := range boxes {
					if b.Left < 0 || b.Right > float64(size[0]) || b.Top < 0 || b.Bottom > float64(size[1]) || b.Right-b.Left < minWidth || !b.Hit || !b.CountFits {
						t.Errorf("%v, %s: %+v: off screen, under %v px wide, not reached by a click at its middle, or its count outside it", size, what, b, minWidth)
					}
				}
				if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(size[0]) {
					t.Errorf("%v, %s: the page is %v px wide: it scrolls sideways", size, what, w)
				}
			}
			fits("start")
			// On the phone, where the holes are smallest, every South hole answers: o1
			// its key, the others a click (each played, then taken back).
			run(t, ctx, chromedp.KeyEvent("o"))
			idle(t, ctx, 1)
			played := func(coord string) {
				t.Helper()
				if got := eval[string](t, ctx, `st.moves[0]`); got != coord {
					t.Fatalf("%v: %s played %q", size, coord, got)
				}
			}
			played("o1")
			for c := 'a'; c < 'o' && size[0] < 1100; c++ {
				eval[bool](t, ctx, `act('undo'), true`)
				idle(t, ctx, 0)
				clickMove(t, ctx, fmt.Sprintf("%c1", c))
				idle(t, ctx, 1)
				played(fmt.Sprintf("%c1", c))
			}
			pastePosition(t, ctx, big)
			checkDrawn(t, ctx, p)
			fits("counts over 100")
			shot(t, ctx, fmt.Sprintf("wide-%d", size[0]))
		})
	}
}

// TestBrowserRuleFileGame: a rule file's game, chosen in the page's menu (in its
// file's group), is played against the engine, which was given the file: a person's
// move is answered by the engine's, drawn as board has it.
func TestBrowserRuleFileGame(t *testing.T) {
	browserTest(t)
	ts := ruleFileServer(t)
	v, _ := board.VariantByName("wide-kalah")
	ctx := openPage(t, ts, 1100, 800, "variant=adji-kui-1&south=human&north=engine&movetime=100&stepms=1")
	if group := eval[string](t, ctx, `document.querySelector('#variant option[value="wide-kalah"]').parentElement.label || ''`); group != "wide-kalah" {
		t.Errorf("wide-kalah is in the menu's group %q, want its family's", group)
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#variant"), "wide-kalah"))
	eval[bool](t, ctx, `document.getElementById('variant').dispatchEvent(new Event('change')), true`)
	waitJS(t, ctx, "the file's game", `st.variant === 'wide-kalah'`)
	idle(t, ctx, 0)
	checkDrawn(t, ctx, v.StartPosition())
	clickMove(t, ctx, "a1") // 8 seeds to i1: North moves next, maybe more than once
	waitJS(t, ctx, "the engine's reply", `st.ply >= 2 && st.side === 0 && document.body.dataset.animating === "0" || !document.getElementById('notice').hidden`)
	if msg := eval[string](t, ctx, `document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent`); msg != "" {
		t.Fatalf("the page shows an engine failure: %s", msg)
	}
	g := pageGame(t, ctx, v)
	movers := eval[[]int](t, ctx, `st.movers`)
	if ms := g.Moves(); len(ms) < 2 || v.FormatMove(ms[0]) != "a1" || len(movers) != len(ms) || movers[0] != 0 || slices.Contains(movers[1:], 0) {
		t.Fatalf("moves %v by %v: want a1 and the engine's reply as North", ms, movers)
	}
	for i := range movers {
		if movers[i] != int(g.Positions()[i].SideToMove()) {
			t.Errorf("the page names side %d as the mover of move %d; board says %v", movers[i], i+1, g.Positions()[i].SideToMove())
		}
	}
	checkDrawn(t, ctx, g.Position())
}

// TestUndoRedoOverTheEnginesExtraTurns: against the engine, undo goes back over all
// the engine's moves of its turn to the person's, and redo forward over them: in
// Kalah(6,4) after South's b1 and two North moves (an extra turn), undo from South's
// turn shows the start, and redo the position after the three moves, South to move.
func TestUndoRedoOverTheEnginesExtraTurns(t *testing.T) {
	v, _ := board.VariantByName("kalah-6-4")
	g := board.NewGame(v.StartPosition())
	b1, _ := v.ParseMove("b1")
	g.Play(b1)
	var ml board.MoveList
	p := g.Position()
	p.LegalMoves(&ml)
	moves := []string{"b1"}
	for _, m := range ml.Slice() { // a North move that gives North another turn
		if after, err := p.Play(m); err == nil && after.SideToMove() == board.North {
			g.Play(m)
			moves = append(moves, v.FormatMove(m))
			break
		}
	}
	p = g.Position()
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() { // then one that passes the turn to South
		if after, err := p.Play(m); err == nil && after.SideToMove() == board.South {
			g.Play(m)
			moves = append(moves, v.FormatMove(m))
			break
		}
	}
	if len(moves) != 3 {
		t.Fatalf("no extra turn for North after b1: %v", moves)
	}
	ts := newTestServer(t, "", nil)
	id, _ := ts.newGame(v.Name, "human", "human")
	for _, m := range moves {
		if code, out := ts.post("/api/move", map[string]any{"id": id, "move": m}); code != 200 {
			t.Fatalf("move %s: %d %v", m, code, out)
		}
	}
	if code, out := ts.post("/api/players", map[string]any{"id": id, "south": "human", "north": "engine"}); code != 200 {
		t.Fatalf("players: %d %v", code, out)
	}
	_, st := ts.post("/api/undo", map[string]any{"id": id})
	if st["ply"] != 0.0 || st["fen"] != v.Start {
		t.Errorf("undo after %v: ply %v, %v; want the start, South's turn", moves, st["ply"], st["fen"])
	}
	_, st = ts.post("/api/redo", map[string]any{"id": id})
	if st["ply"] != 3.0 || st["fen"] != g.Position().String() || st["again"] != false {
		t.Errorf("redo: ply %v, %v, again %v; want ply 3, %s", st["ply"], st["fen"], st["again"], g.Position().String())
	}
	_, st = ts.post("/api/goto", map[string]any{"id": id, "ply": 2})
	if st["again"] != true || st["movers"] == nil || fmt.Sprint(st["movers"]) != "[0 1 1]" {
		t.Errorf("ply 2: again %v, movers %v; want North again, movers [0 1 1]", st["again"], st["movers"])
	}
}

// TestLastSeedInAStore: a move whose last seed falls in a store marks that store,
// not the hole sown before it; one that ends in a hole marks the hole.
func TestLastSeedInAStore(t *testing.T) {
	v, _ := board.VariantByName("kalah-6-4")
	for _, c := range []struct {
		move            string
		seed, storeSide int
	}{{"c1", -1, 0}, {"d1", 6, -1}} { // c1's 4th seed goes to the store; d1's 4th to f2 (hole 6)
		m, _ := v.ParseMove(c.move)
		lm := describeLastMove(v.StartPosition(), m)
		if lm.LastSeed != c.seed || lm.LastStore != c.storeSide {
			t.Errorf("%s: last seed in hole %d, store %d; want %d, %d", c.move, lm.LastSeed, lm.LastStore, c.seed, c.storeSide)
		}
	}
}

// TestBrowserChoosesTheDirection: in a game where the mover chooses the middle hole's
// direction (testdata/rules/choice.toml), a click on that hole asks which way, with
// two buttons; the clockwise button plays b1-, and for North the keys b and + play
// b2+.
// The page's game is then board's, move for move.
func TestBrowserChoosesTheDirection(t *testing.T) {
	browserTest(t)
	ts := ruleFileServer(t)
	v, err := board.VariantByName("choose-middle")
	if err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, ts, 1100, 800, "variant=choose-middle&south=human&north=human&stepms=1")
	idle(t, ctx, 0)
	if !eval[bool](t, ctx, `document.getElementById('direction').hidden`) {
		t.Fatalf("the direction is asked before any click")
	}
	clickMove(t, ctx, "b1")
	waitJS(t, ctx, "the direction asked", `!document.getElementById('direction').hidden`)
	shot(t, ctx, "direction")
	if moves := eval[[]string](t, ctx, `[...document.querySelectorAll('#direction button[data-move]')].map((b) => b.dataset.move)`); !slices.Equal(moves, []string{"b1+", "b1-"}) {
		t.Fatalf("the page offers %v, want b1+ and b1-", moves)
	}
	if st := eval[int](t, ctx, `st.ply`); st != 0 {
		t.Fatalf("a click on the hole played a move before its direction was chosen")
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#direction button[data-move="b1-"]`)))
	idle(t, ctx, 1)
	run(t, ctx, chromedp.KeyEvent("b")) // North's b2 by keyboard: the column, then the way
	waitJS(t, ctx, "North asked", `!document.getElementById('direction').hidden`)
	run(t, ctx, chromedp.KeyEvent("+"))
	idle(t, ctx, 2)
	g := pageGame(t, ctx, v)
	var names []string
	for _, m := range g.Moves() {
		names = append(names, v.FormatMove(m))
	}
	if !slices.Equal(names, []string{"b1-", "b2+"}) {
		t.Fatalf("the page's moves are %v, want b1- b2+", names)
	}
	if g.Position().String() != "4,0,2/4,0,2 S 0 0 -" { // b1-: a1, a2; b2+: a2, a1
		t.Errorf("after b1- b2+ the game is at %q", g.Position().String())
	}
	checkDrawn(t, ctx, g.Position())
	if !eval[bool](t, ctx, `document.getElementById('direction').hidden`) {
		t.Errorf("the direction box stays open after the move")
	}
}

// TestBrowserPlaysAnyHole: in a game without sides (StoneShark's NoSides, sow.from =
// "any") the page rings every hole with seeds as the mover's, a click on the
// opponent's row plays there, and a column letter whose two holes are both legal
// waits for the row digit.
func TestBrowserPlaysAnyHole(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, err := board.VariantByName("nosides")
	if err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, ts, 1100, 800, "variant=nosides&south=human&north=human&stepms=1")
	idle(t, ctx, 0)
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .hole.legal').length`); n != 10 {
		t.Fatalf("%d holes ringed as South's moves, want all 10", n)
	}
	clickMove(t, ctx, "c2") // South sows from North's row
	idle(t, ctx, 1)
	run(t, ctx, chromedp.KeyEvent("a")) // a1 or a2: the row digit decides
	if st := eval[int](t, ctx, `st.ply`); st != 1 {
		t.Fatalf("the column letter alone played a move (ply %d)", st)
	}
	run(t, ctx, chromedp.KeyEvent("1")) // North sows from South's row
	idle(t, ctx, 2)
	g := pageGame(t, ctx, v)
	var names []string
	for _, m := range g.Moves() {
		names = append(names, v.FormatMove(m))
	}
	if !slices.Equal(names, []string{"c2", "a1"}) {
		t.Fatalf("the page's moves are %v, want c2 a1", names)
	}
	checkDrawn(t, ctx, g.Position())
}
