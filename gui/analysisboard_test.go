package gui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
	"mancala/protocol/tournament"
)

// recordWithScores is a Je ki n je record of len(scores) moves (each position's first
// move) with those scores (mover's view, as records keep them), and its game.
func recordWithScores(t *testing.T, scores ...string) ([]byte, *board.Game) {
	t.Helper()
	v, _ := board.VariantByName("je-ki-n-je")
	g := board.NewGame(v.StartPosition())
	rec := tournament.Record{Game: 1, Round: 1, Pair: 1, Variant: v.Name, South: "a", North: "b",
		Opening: tournament.Opening{FEN: v.StartPosition().String()}, Result: "*"}
	for _, sc := range scores {
		p := g.Position()
		var ml board.MoveList
		p.LegalMoves(&ml)
		rec.Moves = append(rec.Moves, tournament.MoveRecord{Move: v.FormatMove(ml.Moves[0]), Score: sc, Depth: 8})
		if err := g.Play(ml.Moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	line, err := json.Marshal(&rec)
	if err != nil {
		t.Fatal(err)
	}
	return line, g
}

// TestBrowserGraphAndBarFitTheGame: a game whose scores reach 15 seeds gets a graph
// of range 20 with its axis labelled (nothing clipped at 10), a hover that names the
// ply and its score from South's view, and an evaluation bar showing the shown ply's
// score on South's side.
func TestBrowserGraphAndBarFitTheGame(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "south=human&north=human&variant=je-ki-n-je")
	// South +3, then North -15 (South +15), then South +9.
	line, _ := recordWithScores(t, "cp 300", "cp -1500", "cp 900", "cp -700")
	record, _ := json.Marshal(string(line))
	eval[bool](t, ctx, `act('load', {record: `+string(record)+`, game: 0}), true`)
	waitJS(t, ctx, "four points in the graph", `document.getElementById('graph').dataset.points === '4'`)
	if r := eval[string](t, ctx, `document.getElementById('graph').dataset.range`); r != "20" {
		t.Errorf("graph range %s seeds for scores up to 15: want 20", r)
	}
	labels := eval[string](t, ctx, `[...document.querySelectorAll('#graph text')].map(e => e.textContent).join(' ')`)
	if labels != "+20 0 −20" {
		t.Errorf("axis labels %q", labels)
	}
	type pt struct{ X, Y float64 }
	pts := eval[[]pt](t, ctx, `[...document.querySelectorAll('#graph circle')].map(c => ({X: +c.getAttribute('cx'), Y: +c.getAttribute('cy')}))`)
	if len(pts) != 4 || pts[1].Y <= 6 || pts[1].Y >= pts[0].Y {
		t.Fatalf("points %v: the +15 point should be drawn above +3 and inside the graph", pts)
	}
	// Hovering over the second point names its ply and score.
	tip := eval[string](t, ctx, fmt.Sprintf(`(() => { const g = document.getElementById('graph'), r = g.getBoundingClientRect();
		const x = r.left + %v * r.width / g.viewBox.baseVal.width;
		g.dispatchEvent(new MouseEvent('mousemove', {clientX: x, clientY: r.top + 20, bubbles: true}));
		return document.getElementById('graph-tip').hidden ? '' : document.getElementById('graph-tip').textContent; })()`, pts[1].X))
	if !strings.Contains(tip, "+15.00 (South)") || !strings.HasPrefix(tip, "1.") {
		t.Errorf("hover tip %q: want move 1's ply and +15.00 (South)", tip)
	}
	// The bar shows the shown ply's score.
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	idle(t, ctx, 1)
	type bar struct {
		Text  string
		Share float64
	}
	b := eval[bar](t, ctx, `({Text: document.getElementById('evalbar-text').textContent, Share: +document.getElementById('evalbar').dataset.share})`)
	if b.Text != "+15.00" || b.Share <= 50 {
		t.Errorf("bar at ply 1 shows %+v: want +15.00, South's share above half", b)
	}
}

// TestBrowserBestMoveAndLines: analysing, the engine's best move is marked on its
// hole; each line shows at most 8 moves with move numbers; clicking a line's second
// move previews the position after the two moves (as board plays them) without
// changing the game, and Esc goes back; the engine's chances (UCI_ShowWDL) stand in
// the status line.
func TestBrowserBestMoveAndLines(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, _ := board.VariantByName("adji-kui-1")
	ctx := openPage(t, ts, 1100, 900, "variant=adji-kui-1&south=human&north=human&stepms=1")
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	waitJS(t, ctx, "a line of at least two moves", `[...document.querySelectorAll('#lines tr.pv')].some(r => r.querySelectorAll('.mv').length >= 2)`)
	type line struct {
		Moves []string
		Text  string
	}
	// This engine offers UCI_ShowWDL: the chances stand beside the search's figures.
	waitJS(t, ctx, "the chances", `/South wins \d+\.\d%, draw \d+\.\d%, North wins \d+\.\d%/.test(document.getElementById('stats').textContent)`)
	shot(t, ctx, "analysis-chances")
	lines := eval[[]line](t, ctx, `[...document.querySelectorAll('#lines tr.pv td:last-child')].map(td => ({Moves: [...td.querySelectorAll('.mv')].map(m => m.textContent), Text: td.textContent}))`)
	for _, l := range lines {
		if len(l.Moves) > 8 || !strings.HasPrefix(l.Text, "1. ") {
			t.Errorf("line %q: want at most 8 moves, numbered from 1.", l.Text)
		}
	}
	// Read at once: analysis goes on and the lines change.
	type bestLine struct {
		Best  string
		First []string
	}
	bl := eval[bestLine](t, ctx, `(() => { const e = document.querySelector('.hole.best');
		return {Best: e ? e.dataset.coord : '', First: [...document.querySelector('#lines tr.pv td:last-child').querySelectorAll('.mv')].slice(0, 2).map(m => m.textContent)}; })()`)
	best, first := bl.Best, bl.First
	if best != first[0] {
		t.Errorf("best move marked on %q, line 1 starts with %q", best, first[0])
	}
	want := v.StartPosition()
	for _, s := range first {
		m, _ := v.ParseMove(s)
		var err error
		if want, err = want.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	eval[bool](t, ctx, `preview(1, `+mustJSON(first)+`, 0), true`)
	waitJS(t, ctx, "the preview", `!document.getElementById('preview-note').hidden`)
	if got := eval[string](t, ctx, `document.body.dataset.preview`); got != want.String() {
		t.Errorf("preview shows %q, board says %q", got, want.String())
	}
	checkDrawn(t, ctx, want)
	if ply := eval[int](t, ctx, `st.ply`); ply != 0 {
		t.Errorf("the preview moved the game to ply %d", ply)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Escape))
	waitJS(t, ctx, "back from the preview", `document.getElementById('preview-note').hidden`)
	checkDrawn(t, ctx, v.StartPosition())
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	waitJS(t, ctx, "analysis off", `!st.analysing`)
}

// mustJSON is v as JSON text.
func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestBrowserVariations: a move from an earlier ply starts a variation shown in
// brackets instead of replacing the rest; a click on a variation's move shows its
// line; promote makes it the main line; delete removes the shown move and after.
func TestBrowserVariations(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "variant=adji-kui-1&south=human&north=human&stepms=1")
	playOnPage(t, ctx, "c1", "b2", "a1")
	idle(t, ctx, 3)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 1)
	clickMove(t, ctx, "f2")
	idle(t, ctx, 2)
	moves := func() string {
		return eval[string](t, ctx, `st.moves.join(' ') + ' | ' + [...document.querySelectorAll('#moves .var')].map(e => e.textContent).join(' ')`)
	}
	if got := moves(); got != "c1 f2 | (b2 a1)" {
		t.Fatalf("after a move from ply 1: %q, want the line c1 f2 and the variation (b2 a1)", got)
	}
	if eval[bool](t, ctx, `document.getElementById('promote').disabled`) {
		t.Error("promote disabled on a variation")
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .vmove[data-node]:last-child`)))
	idle(t, ctx, 3)
	if got := moves(); got != "c1 b2 a1 | (f2)" {
		t.Fatalf("after clicking the variation's a1: %q", got)
	}
	shot(t, ctx, "variations")
	// Back to f2, promote it, then delete it.
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .vmove`)))
	idle(t, ctx, 2)
	run(t, ctx, chromedp.Click(chromedp.CSS("#promote")))
	waitJS(t, ctx, "the main line", `st.mainLine`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#delete")))
	idle(t, ctx, 1)
	if got := moves(); got != "c1 b2 a1 | " {
		t.Errorf("after deleting f2: %q", got)
	}
}

// TestBrowserGameTextAndLinks: a pasted game text (with a variation) is imported;
// copy game gives the server's whole text; a bad text gives a one-line message and
// changes nothing. The address holds the game's moves and ply: opening it again
// restores them (the share link: TestBrowserShareLinkCarriesTheGame); a bad link
// gives a message and an untouched new game.
func TestBrowserGameTextAndLinks(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	text := "[Game \"adji-kui-1\"]\n\n1. c1 b2 (1... f2 2. b1) 2. a1 e2 *\n"
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#gametext"), text), chromedp.Click(chromedp.CSS("#importtext")))
	waitJS(t, ctx, "the imported game", `st.moves.join(' ') === 'c1 b2 a1 e2'`)
	if vars := eval[string](t, ctx, `[...document.querySelectorAll('#moves .var')].map(e => e.textContent).join(' ')`); vars != "(f2 b1)" {
		t.Errorf("variations shown %q", vars)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#copytext")))
	waitJS(t, ctx, "the copied text", `document.getElementById('gametext').value.includes('[Date')`)
	copied := eval[string](t, ctx, `document.getElementById('gametext').value`)
	if !strings.Contains(copied, "1. c1 b2 (1... f2 2. b1) 2. a1 e2 *") || !strings.Contains(copied, `[South "human"]`) {
		t.Errorf("copied text:\n%s", copied)
	}
	before := eval[string](t, ctx, `JSON.stringify([st.moves, st.ply])`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#gametext"), "[Game \"adji-kui-1\"]\n1. c1 c1"), chromedp.Click(chromedp.CSS("#importtext")))
	waitJS(t, ctx, "the message", `document.getElementById('text-error').textContent.includes('c1')`)
	if msg := eval[string](t, ctx, `document.getElementById('text-error').textContent`); strings.Contains(msg, "\n") {
		t.Errorf("message %q is not one line", msg)
	}
	if after := eval[string](t, ctx, `JSON.stringify([st.moves, st.ply])`); after != before {
		t.Errorf("a bad text changed the game: %s -> %s", before, after)
	}

	// The address: step to ply 3, reopen it.
	run(t, ctx, chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 3)
	link := eval[string](t, ctx, `location.href`)
	if !strings.Contains(link, "moves=c1,b2,a1,e2") || !strings.Contains(link, "ply=3") {
		t.Fatalf("address %s lacks the moves and ply", link)
	}
	ctx2 := page(t, 1100, 1000)
	run(t, ctx2, chromedp.Navigate(link))
	waitJS(t, ctx2, "the linked game", `typeof st !== 'undefined' && st && st.moves.join(' ') === 'c1 b2 a1 e2' && st.ply === 3`)
	ctx3 := page(t, 1100, 1000)
	run(t, ctx3, chromedp.Navigate(ts.http.URL+"/?variant=adji-kui-1&south=human&north=human&moves=c1,zz"))
	waitJS(t, ctx3, "the bad link's message", `!document.getElementById('notice').hidden`)
	if n := eval[int](t, ctx3, `st.moves.length`); n != 0 {
		t.Errorf("a bad link left %d moves", n)
	}
}

// TestBrowserProvenScoresOnTheBar: a proven win (the engine's mate score) reads as
// the winner on the bar, not as +999 seeds, and is drawn at a margin the game can
// reach: in a game not finished, the smallest that wins (2 seeds of 48), which fills
// the bar for South.
func TestBrowserProvenScoresOnTheBar(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "south=human&north=human&variant=je-ki-n-je")
	line, _ := recordWithScores(t, "cp 100", "mate -3")
	record, _ := json.Marshal(string(line))
	eval[bool](t, ctx, `act('load', {record: `+string(record)+`, game: 0}), true`)
	waitJS(t, ctx, "two points", `document.getElementById('graph').dataset.points === '2'`)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	idle(t, ctx, 1)
	// North's own "mate -3" (lost for North) is South's proven win.
	bar := eval[string](t, ctx, `document.getElementById('evalbar-text').textContent`)
	rng := eval[string](t, ctx, `document.getElementById('graph').dataset.range`)
	share := eval[string](t, ctx, `document.getElementById('evalbar').dataset.share`)
	if bar != "S wins" || rng != "2" || share != "100" {
		t.Errorf("bar %q (share %s), graph range %s: want S wins, the bar full for South, on a range of 2", bar, share, rng)
	}
}
