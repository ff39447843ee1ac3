package gui

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
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
