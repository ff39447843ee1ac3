package gui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
	"mancala/search/words"
)

// playOnPage plays moves through the page's own action, one after another.
func playOnPage(t *testing.T, ctx context.Context, moves ...string) {
	t.Helper()
	b, _ := json.Marshal(moves)
	eval[bool](t, ctx, `(async () => { for (const m of `+string(b)+`) await act('move', {move: m}); })(), true`)
}

// TestBrowserLegalRingsStayBesideLastMoveMarks: in Adji Kui I after c1 b2 a1 e2 f1
// the last seed falls in a2, which is legal: it keeps the yellow legal ring (the
// last-move mark used to replace it), and the last move's origin (f1) and last seed
// (a2) are marked.
func TestBrowserLegalRingsStayBesideLastMoveMarks(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 760, "variant=adji-kui-1&south=human&north=human&stepms=1")
	playOnPage(t, ctx, "c1", "b2", "a1", "e2", "f1")
	idle(t, ctx, 5)
	type hole struct {
		Coord, Shadow string
		Legal, From   bool
		Last          bool
	}
	// Transitions are finished first: the rings as they end up.
	holes := eval[[]hole](t, ctx, `[...document.querySelectorAll('.hole')].map(e => (e.getAnimations().forEach(a => a.finish()), {Coord: e.dataset.coord,
		Shadow: getComputedStyle(e).boxShadow, Legal: e.classList.contains('legal'), From: e.classList.contains('from'),
		Last: e.classList.contains('last')}))`)
	legal, from, last := 0, "", ""
	for _, h := range holes {
		if h.Legal {
			legal++
			if !strings.Contains(h.Shadow, "rgb(255, 216, 77)") {
				t.Errorf("legal hole %s is not ringed in yellow: box-shadow %q", h.Coord, h.Shadow)
			}
		}
		if h.From {
			from += h.Coord
		}
		if h.Last {
			last += h.Coord
		}
	}
	if legal == 0 {
		t.Fatal("no legal hole marked")
	}
	if from != "f1" || last != "a2" {
		t.Errorf("last move marked from %q, last seed %q: want f1 and a2", from, last)
	}
}

// TestBrowserPilesShowManySeeds: a hole of more than 12 seeds looks full (seeds drawn
// on a shaded pile), not empty like a hole of none.
func TestBrowserPilesShowManySeeds(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 760, "variant=je-ki-n-je&south=human&north=human")
	fen := "20,1,3,0,0,0/4,4,4,4,4,4 S 0 0 -"
	pastePosition(t, ctx, fen)
	type hole struct {
		Seeds int
		Pile  bool
		Bg    string
	}
	get := func(count string) hole {
		return eval[hole](t, ctx, `(() => { const e = document.querySelector('.hole[data-count="`+count+`"]');
			return {Seeds: e.querySelectorAll('.seeds i').length, Pile: e.classList.contains('pile'), Bg: getComputedStyle(e).backgroundImage}; })()`)
	}
	full, empty := get("20"), get("0")
	if full.Seeds < 12 || !full.Pile || !strings.Contains(full.Bg, "gradient") {
		t.Errorf("a hole of 20 seeds shows %d seeds, pile %v, background %q: want a shaded pile", full.Seeds, full.Pile, full.Bg)
	}
	if empty.Seeds != 0 || empty.Pile {
		t.Errorf("an empty hole shows %+v", empty)
	}
}

// TestBrowserSteppingIsInstantAndKeysWorkOnControls: three quick → reach ply 3 with
// no animation; with the analysis checkbox focused, End and ← still step.
func TestBrowserSteppingIsInstantAndKeysWorkOnControls(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1000, 900, "south=human&north=human&variant=je-ki-n-je&stepms=200")
	record, _ := json.Marshal(string(scoredRecord(t)))
	eval[bool](t, ctx, `act('load', {record: `+string(record)+`, game: 0}, document.getElementById('load-error')), true`)
	waitJS(t, ctx, "the loaded game's moves", `document.querySelectorAll('#moves span').length === 5`)
	idle(t, ctx, 0)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	idle(t, ctx, 3)
	if n := eval[int](t, ctx, `window.animations`); n != 0 {
		t.Errorf("stepping ran %d animations", n)
	}
	eval[bool](t, ctx, `document.getElementById('analyse').focus(), true`)
	run(t, ctx, chromedp.KeyEvent(kb.End))
	idle(t, ctx, 5)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 4)
}

// TestBrowserEngineStatusIsTruthful: against the engine the turn label names the
// move being animated and who moves next; once the engine has moved the panel says
// it is idle, with no lines left over; redo after undo goes forward over the
// engine's move as undo went back over it, back to the person's turn.
func TestBrowserEngineStatusIsTruthful(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 760, "variant=adji-kui-1&south=human&north=engine&movetime=100&stepms=60")
	// The page records every turn label it shows while it animates: on a loaded
	// machine the animation can be over before the test could read the label.
	eval[bool](t, ctx, `window.turnsAnimated = [], new MutationObserver(() => {
		if (document.body.dataset.animating === "1") window.turnsAnimated.push(document.getElementById('turn').textContent);
	}).observe(document.getElementById('turn'), {childList: true, characterData: true, subtree: true}), true`)
	clickMove(t, ctx, "c1")
	idle(t, ctx, 2)
	if turns := eval[[]string](t, ctx, `window.turnsAnimated`); !slices.Contains(turns, "South plays c1: North to move next") {
		t.Errorf("turn labels during the animations: %q, want South's move named", turns)
	}
	waitJS(t, ctx, "the engine idle", `document.getElementById('stats').textContent === 'engine idle'`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#lines tr.pv').length`); n != 0 {
		t.Errorf("%d engine lines shown after the engine moved", n)
	}
	if turn := eval[string](t, ctx, `document.getElementById('turn').textContent`); turn != "South to move" {
		t.Errorf("turn label after the engine's move: %q", turn)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#undo")))
	idle(t, ctx, 0)
	run(t, ctx, chromedp.Click(chromedp.CSS("#redo")))
	idle(t, ctx, 2)
	if n := eval[int](t, ctx, `st.moves.length`); n != 2 {
		t.Errorf("redo: %d moves in the line, want 2", n)
	}
}

// TestBrowserCrashNoticeStaysUntilDismissed: an engine crash is reported in a notice
// that outlasts the restart's messages and goes only when dismissed.
func TestBrowserCrashNoticeStaysUntilDismissed(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, fakeengine.Crash, nil)
	ctx := page(t, 1100, 760)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=je-ki-n-je&south=engine&north=engine&movetime=100&stepms=1"))
	waitJS(t, ctx, "the crash notice", `!document.getElementById('notice').hidden && document.getElementById('notice-text').textContent.includes('crashed')`)
	waitJS(t, ctx, "the engine restarted and the game going on", `+document.body.dataset.ply >= 3`)
	if eval[bool](t, ctx, `document.getElementById('notice').hidden`) {
		t.Fatal("the crash notice went away by itself")
	}
	// Clicked and read at once: the crashing engine may fail again later.
	if !eval[bool](t, ctx, `document.getElementById('dismiss').click(), document.getElementById('notice').hidden`) {
		t.Error("dismissing left the notice")
	}
}

// TestScoresFromSouthsView: the engine's scores (side to move's view) are shown from
// South's view: North's +6.84 is South's -6.84.
func TestScoresFromSouthsView(t *testing.T) {
	for _, c := range []struct {
		sc   words.Score
		side board.Side
		want string
	}{{words.Score{Value: 684}, board.North, "-6.84"}, {words.Score{Value: 684}, board.South, "+6.84"},
		{words.Score{Value: -50}, board.North, "+0.50"}, {words.Score{Mate: true, Value: 3}, board.North, "North wins in 3"},
		{words.Score{Mate: true, Value: -2}, board.North, "South wins in 2"}, {words.Score{Mate: true, Value: 1}, board.South, "South wins in 1"}} {
		if got := southScore(c.sc, c.side); got != c.want {
			t.Errorf("%+v with %s to move: %q, want %q", c.sc, c.side.Name(), got, c.want)
		}
	}
}

// TestBrowserSeatsNamesAndLevels: a person playing North against the engine gets the
// board turned to their side (North's row at the bottom), the players' names stand
// above and below the board by their sides, and each level has a one-line
// description, the chosen one shown beside the menu.
func TestBrowserSeatsNamesAndLevels(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := page(t, 1100, 900)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=adji-kui-1&south=engine&north=human&movetime=100&stepms=1"))
	idle(t, ctx, 1) // the engine's first move
	if c := eval[string](t, ctx, `document.querySelector('#board .hole').dataset.coord`); c != "f1" {
		t.Errorf("top-left hole %s: want f1 (South's row on top, the person's North at the bottom)", c)
	}
	top := eval[string](t, ctx, `document.getElementById('name-top').textContent`)
	bottom := eval[string](t, ctx, `document.getElementById('name-bottom').textContent`)
	if !strings.HasPrefix(top, "South: engine mancala") || bottom != "North: person" {
		t.Errorf("names: top %q, bottom %q", top, bottom)
	}
	type level struct{ Value, Title string }
	levels := eval[[]level](t, ctx, `[...document.getElementById('strength').options].map(o => ({Value: o.value, Title: o.title}))`)
	if len(levels) != 10 {
		t.Fatalf("%d levels offered", len(levels))
	}
	for i, l := range levels {
		if l.Title != words.Level(i+1) {
			t.Errorf("level %s: description %q, want words.Level's %q", l.Value, l.Title, words.Level(i+1))
		}
	}
	if shown := eval[string](t, ctx, `document.getElementById('level-words').textContent`); shown != levels[9].Title {
		t.Errorf("beside the menu %q, level 10's description %q", shown, levels[9].Title)
	}
}

// geometryJS measures, for every hole, whether its count's box meets a seed's box,
// and for every ringed (unplayed) hole whether a seed reaches the ring: the seed's
// farthest point from the hole's centre against the ring's inner radius.
const geometryJS = `(() => {
	const out = {CountOnSeed: [], RingOnSeed: [], Rings: 0, Seeds: 0};
	const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
	for (const h of document.querySelectorAll('.hole')) {
		const seeds = [...h.querySelectorAll('.seeds i')].map(e => e.getBoundingClientRect());
		out.Seeds += seeds.length;
		const c = h.querySelector('.count').getBoundingClientRect();
		if (seeds.some(s => meet(s, c))) out.CountOnSeed.push(h.dataset.coord);
		if (!h.classList.contains('unplayed')) continue;
		const ring = h.querySelector('.ring'), r = ring.getBoundingClientRect();
		if (r.width === 0) continue;
		out.Rings++;
		const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
		const inner = r.width / 2 - parseFloat(getComputedStyle(ring).borderTopWidth);
		for (const s of seeds) {
			const far = Math.hypot(s.left + s.width / 2 - cx, s.top + s.height / 2 - cy) + s.width / 2;
			if (far > inner) { out.RingOnSeed.push(h.dataset.coord); break; }
		}
	}
	return out;
})()`

// TestBrowserCountsAndRingsClearOfSeeds: on a phone and on a desktop, in every game,
// no hole's count covers a seed and Adji-Boto's rings (holes not yet played) never
// sit on a seed.
func TestBrowserCountsAndRingsClearOfSeeds(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	type geometry struct {
		CountOnSeed, RingOnSeed []string
		Rings, Seeds            int
	}
	for _, size := range [][2]int{{390, 844}, {1100, 800}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			ctx := page(t, size[0], size[1])
			for _, v := range board.Samples() {
				run(t, ctx, chromedp.Navigate(ts.http.URL+"/?south=human&north=human&variant="+v.Name))
				idle(t, ctx, 0)
				g := eval[geometry](t, ctx, geometryJS)
				if len(g.CountOnSeed) > 0 || len(g.RingOnSeed) > 0 {
					t.Errorf("%s at %dx%d: counts on seeds in %v, rings on seeds in %v", v.Name, size[0], size[1], g.CountOnSeed, g.RingOnSeed)
				}
				if g.Seeds == 0 || v.Name == "adji-boto" && g.Rings != v.Holes() {
					t.Errorf("%s at %dx%d: %d seeds drawn, %d rings", v.Name, size[0], size[1], g.Seeds, g.Rings)
				}
			}
		})
	}
}

// TestNewScoreFieldsAreRead: info lines with the engine's newer score words (a bound
// word such as "exact" after cp, and UCI_ShowWDL's wdl triple) are shown from South's
// view, a proven margin marked as proven and a proven win without its margin as the
// winner's, which the graph keeps as a proven result.
func TestNewScoreFieldsAreRead(t *testing.T) {
	srv := &Server{probeDone: make(chan struct{})}
	v := board.Variants()[0]
	g := &session{srv: srv, variant: v, job: &job{tag: 1, side: board.North}, line: newGameLine(v.StartPosition())}
	g.infoTimer = time.AfterFunc(time.Hour, func() {}) // no broadcast in this test
	for _, c := range []struct {
		text, shown string
		eval        func(int) bool
	}{
		{"info depth 7 multipv 1 score cp 400 exact wdl 900 50 50 nodes 10 pv a2 b1", "-4.00 (proven)", func(e int) bool { return e == -400 }},
		{"info depth 8 multipv 1 wdl 900 50 50 score cp 400 lowerbound nodes 10 pv a2 b1", "North wins (proven)",
			func(e int) bool { return e <= -100*v.Seeds }},
	} {
		in, err := client.ParseInfo(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		g.onInfo(1, in)
		if len(g.lines) != 1 || g.lines[0].Score != c.shown || g.lines[0].Depth != in.Depth || g.line.evals[0] == nil || !c.eval(*g.line.evals[0]) {
			t.Errorf("%s: lines %+v, eval %v", c.text, g.lines, g.line.evals[0])
		}
	}
}
