package gui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
)

// TestBrowserUnknownGameInLink: a link naming a game the server does not have says
// so in one line and starts the default game (a board drawn, the Game menu showing
// it), and New game then works.
func TestBrowserUnknownGameInLink(t *testing.T) {
	ts := newTestServer(t, "", nil)
	ctx := page(t, 1100, 900)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=nonsense&moves=c1&south=human&north=human"))
	idle(t, ctx, 0)
	type shown struct {
		Notice, Menu, Variant string
		Holes                 int
	}
	got := eval[shown](t, ctx, `({Notice: document.getElementById('notice').hidden ? '' : document.getElementById('notice-text').textContent,
		Menu: document.getElementById('variant').value, Variant: st.variant, Holes: document.querySelectorAll('.hole').length})`)
	def := eval[string](t, ctx, `cfg.variants[0].name`)
	if !strings.Contains(got.Notice, `"nonsense"`) || !strings.Contains(got.Notice, "unknown") || strings.Contains(got.Notice, "\n") {
		t.Errorf("notice %q: want one line saying the link's game \"nonsense\" is unknown", got.Notice)
	}
	if got.Menu != def || got.Variant != def || got.Holes == 0 {
		t.Errorf("after an unknown game: %+v, want the default game %s drawn and chosen", got, def)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#new")))
	waitJS(t, ctx, "a new game", `st && st.variant === '`+def+`' && st.seq === 1 && document.getElementById('stats').dataset.activity !== undefined`)
	if msg := eval[string](t, ctx, `document.getElementById('notice-text').textContent + document.getElementById('engine-status').textContent`); strings.Contains(msg, "unknown variant") {
		t.Errorf("New game after an unknown game's link: %q", msg)
	}
}

// TestBrowserLongRelayAnimationIsBounded: Je ki n je's e2 after c1 is a relay of 212
// steps in 33 laps; at the default speed its animation asks for at most
// maxAnimationMs of delays in all (the sum the page's animation requested, not a
// clock reading), and still shows its laps.
func TestBrowserLongRelayAnimationIsBounded(t *testing.T) {
	ts := newTestServer(t, "", nil)
	ctx := page(t, 1100, 900)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=je-ki-n-je&south=human&north=human"))
	idle(t, ctx, 0)
	playOnPage(t, ctx, "c1", "e2")
	idle(t, ctx, 2)
	type anim struct {
		Move    string
		Steps   int
		Laps    int
		DelayMs float64
	}
	a := eval[anim](t, ctx, `window.lastAnimation`)
	if a.Move != "e2" || a.Laps != 33 || a.Steps < 200 {
		t.Fatalf("last animation %+v: want e2's 33 laps", a)
	}
	const maxAnimationMs = 3000
	if a.DelayMs > maxAnimationMs+1 || a.DelayMs < 500 { // +1: the sum of scaled delays rounds
		t.Errorf("e2 (%d steps, %d laps) animated with %.0f ms of delays: want 500 to %d", a.Steps, a.Laps, a.DelayMs, maxAnimationMs)
	}
}

// firstMovesText is a game text of v whose main line is the start position's last
// legal move and whose variation there is n plies, each the first legal move, with
// the variation's moves.
func firstMovesText(t *testing.T, v *board.Variant, n int) (string, []string) {
	t.Helper()
	g := board.NewGame(v.StartPosition())
	var ml board.MoveList
	start := g.Position()
	start.LegalMoves(&ml)
	main := v.FormatMove(ml.Moves[ml.N-1])
	var moves []string
	for range n {
		p := g.Position()
		p.LegalMoves(&ml)
		moves = append(moves, v.FormatMove(ml.Moves[0]))
		if err := g.Play(ml.Moves[0]); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("[Game %q]\n\n1. %s (1. %s) *\n", v.Name, main, strings.Join(moves, " ")), moves
}

// TestBrowserBarVariationsAndStatus: the evaluation bar shows its whole number
// (-15.12, not -15.1), and on a ply without a score the last known one, marked as
// such; a variation longer than the move list shows ends in "…"; a status message
// (the import's) goes once the game moves on.
func TestBrowserBarVariationsAndStatus(t *testing.T) {
	ts := newTestServer(t, "", nil)
	ctx := page(t, 1100, 900)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?south=human&north=human&variant=je-ki-n-je&stepms=1"))
	idle(t, ctx, 0)
	// North's own +15.12 is South's -15.12 after ply 1; ply 2 has no score.
	line, _ := recordWithScores(t, "cp 300", "cp 1512", "", "cp 200")
	record, _ := json.Marshal(string(line))
	eval[bool](t, ctx, `act('load', {record: `+string(record)+`, game: 0}), true`)
	waitJS(t, ctx, "the loaded game", `st.moves.length === 4`)
	type bar struct {
		Text, Stale              string
		TextWidth, Scroll, Width float64
	}
	readBar := func() bar {
		return eval[bar](t, ctx, `(() => { const e = document.getElementById('evalbar-text'), b = document.getElementById('evalbar');
			return {Text: e.textContent, Stale: b.dataset.stale || '', TextWidth: e.getBoundingClientRect().width, Scroll: e.scrollWidth,
				Width: b.getBoundingClientRect().width}; })()`)
	}
	if st := eval[string](t, ctx, `document.getElementById('engine-status').textContent`); !strings.HasPrefix(st, "loaded game") {
		t.Errorf("status after the load %q", st)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	idle(t, ctx, 2)
	if st := eval[string](t, ctx, `document.getElementById('engine-status').textContent`); st != "" {
		t.Errorf("status after stepping on %q: want the load's message gone", st)
	}
	if b := readBar(); b.Text != "−15.12" || b.Stale != "1" {
		t.Errorf("bar at ply 2 (no score) %+v: want the last known −15.12, marked stale", b)
	}
	run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 1)
	if b := readBar(); b.Text != "−15.12" || b.Stale != "" || b.Scroll > b.TextWidth+0.5 || b.TextWidth > b.Width+0.5 {
		t.Errorf("bar at ply 1 %+v: want −15.12 whole, inside the bar", b)
	}

	v, _ := board.VariantByName("adji-kui-1")
	text, moves := firstMovesText(t, v, 8)
	eval[bool](t, ctx, `act('import', {text: `+mustJSON(text)+`}), true`)
	waitJS(t, ctx, "the imported variation", `document.querySelectorAll('#moves .var').length === 1`)
	if got, want := eval[string](t, ctx, `document.querySelector('#moves .var').textContent`), "("+strings.Join(moves[:6], " ")+" …)"; got != want {
		t.Errorf("an 8-move variation shows %q, want %q", got, want)
	}
}
