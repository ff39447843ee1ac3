package gui

import (
	"context"
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
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "variant=nonsense&moves=c1&south=human&north=human")
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
// steps in 33 laps; at the default speed its animation plans at most maxAnimationMs
// of pauses in all (the sum of the pauses it will ask for, not a clock reading).
func TestBrowserLongRelayAnimationIsBounded(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "variant=je-ki-n-je&south=human&north=human")
	for i, m := range []string{"c1", "e2"} {
		playOnPage(t, ctx, m)
		waitJS(t, ctx, m+"'s animation", `(window.lastAnimation || {}).move === '`+m+`'`)
		run(t, ctx, chromedp.Click(chromedp.CSS("#skip"))) // its plan is made: no need to watch it
		idle(t, ctx, i+1)
	}
	type anim struct {
		Move    string
		Steps   int
		Laps    int
		DelayMs float64
	}
	a := eval[anim](t, ctx, `({...window.lastAnimation, DelayMs: window.lastAnimation.plannedMs})`)
	if a.Move != "e2" || a.Laps != 33 || a.Steps < 200 {
		t.Fatalf("last animation %+v: want e2's 33 laps", a)
	}
	t.Logf("e2 after c1 (%d steps, %d laps): %.0f ms of pauses planned", a.Steps, a.Laps, a.DelayMs)
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
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 900, "south=human&north=human&variant=je-ki-n-je&stepms=1")
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
	shot(t, ctx, "bar-last-known")
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

// pageGameJS sums up what a person sees of a game, to compare before and after a
// reload or a link: the shown line and ply, the variations, the seats, the board's
// turn, the scores, the review and the status line.
const pageGameJS = `JSON.stringify({moves: st.moves.join(' '), ply: st.ply, players: st.players.join(),
	vars: [...document.querySelectorAll('#moves .var')].map(e => e.textContent).join(' '),
	flipped, evals: st.evals, review: document.getElementById('review-summary').textContent,
	marks: [...document.querySelectorAll('#moves .mark')].length, status: document.getElementById('engine-status').textContent})`

// TestBrowserReloadRestoresThePage: after an import (a variation and scores), a
// change of seats (the board turned to North's person) and a review, a reload shows
// the same: from the server's game while it lives, and, once the server has closed
// it, from the page's own storage (all but the review). Seats from the first
// address are not applied again.
func TestBrowserReloadRestoresThePage(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	eval[bool](t, ctx, `act('import', {text: `+mustJSON(docsGameText)+`}), true`)
	waitJS(t, ctx, "the imported game", `st.moves.length === 4`)
	run(t, ctx, chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.ArrowLeft))
	idle(t, ctx, 3)
	eval[bool](t, ctx, `document.getElementById('south').value = 'engine', setPlayers(), true`)
	waitJS(t, ctx, "the seats", `st.players.join() === 'engine,human' && flipped`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	before := eval[string](t, ctx, pageGameJS)

	run(t, ctx, chromedp.Reload())
	idle(t, ctx, 3)
	waitJS(t, ctx, "the review shown", `document.body.dataset.review === 'done'`)
	if after := eval[string](t, ctx, pageGameJS); after != before {
		t.Errorf("reload while the server has the game:\n%s\nbefore it:\n%s", after, before)
	}
	// The server closes the game (its page gone too long, or a restart): the page's
	// own copy restores all but the review.
	id := eval[string](t, ctx, `st.id`)
	waitJS(t, ctx, "the page's copy of the game", `(readSaved() || {}).text === `+mustJSON(ts.gameTextOf(id)))
	ts.post("/api/close", map[string]string{"id": id})
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, "the game restored", `st && st.id !== '`+id+`' && st.ply === 3 && document.body.dataset.animating === '0'`)
	type game struct {
		Moves, Players, Vars, Status string
		Ply                          int
		Flipped                      bool
		Evals                        []any
	}
	var want, got game
	json.Unmarshal([]byte(before), &want)
	json.Unmarshal([]byte(eval[string](t, ctx, pageGameJS)), &got)
	// The scores after each move are the text's (the start's has no place in it).
	if got.Moves != want.Moves || got.Ply != 3 || got.Players != "engine,human" || got.Vars != want.Vars || !got.Flipped ||
		fmt.Sprint(got.Evals[1:]) != fmt.Sprint(want.Evals[1:]) || strings.HasPrefix(got.Status, "imported") {
		t.Errorf("reload after the server closed the game: %+v\nwant as before: %+v", got, want)
	}
}

// TestBrowserShareLinkCarriesTheGame: a share link holds the whole game (its
// variations and scores), the shown line and ply and the seats, compressed within
// LINK_CHARS characters; opened in another tab it shows the same. A game of 1,500
// plies still fits; one of 5,000, too long for a link, says so.
func TestBrowserShareLinkCarriesTheGame(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	eval[bool](t, ctx, `act('import', {text: `+mustJSON(docsGameText)+`}), true`)
	waitJS(t, ctx, "the imported game", `st.moves.length === 4`)
	eval[bool](t, ctx, `act('goto', {moves: ['c1', 'f2'], ply: 2}), true`)
	waitJS(t, ctx, "the variation shown", `st.moves.join(' ') === 'c1 f2 b1' && st.ply === 2`)
	eval[bool](t, ctx, `document.getElementById('north').value = 'engine', setPlayers(), true`)
	waitJS(t, ctx, "the seats", `st.players.join() === 'human,engine'`)
	before := eval[string](t, ctx, pageGameJS)
	link := shareLink(t, ctx)
	if !strings.Contains(link, "game=") || len(link) > 8000 {
		t.Fatalf("share link %q (%d characters): want the game in it, at most 8000", link, len(link))
	}
	t.Logf("share link of docs/gui.md's example game: %d characters", len(link))
	ctx2 := page(t, 1100, 1000)
	run(t, ctx2, chromedp.Navigate(link))
	waitJS(t, ctx2, "the shared game", `typeof st !== 'undefined' && st && st.ply === 2 && st.players.join() === 'human,engine' && document.body.dataset.animating === '0'`)
	if after := eval[string](t, ctx2, pageGameJS); after != before {
		t.Errorf("the shared game opened:\n%s\nshared:\n%s", after, before)
	}

	// A link whose game cannot be read says so in one line and starts a new game.
	ctxBad := page(t, 1100, 1000)
	run(t, ctxBad, chromedp.Navigate(ts.http.URL+"/?game=not-a-game&south=human&north=human"))
	waitJS(t, ctxBad, "the bad link's notice", `!document.getElementById('notice').hidden && typeof st !== 'undefined' && st !== null`)
	if msg := eval[string](t, ctxBad, `document.getElementById('notice-text').textContent`); !strings.Contains(msg, "could not be read") || strings.Contains(msg, "\n") {
		t.Errorf("a link with an unreadable game: notice %q", msg)
	}
	if n := eval[int](t, ctxBad, `st.moves.length`); n != 0 {
		t.Errorf("a link with an unreadable game left %d moves", n)
	}

	// 1,500 plies of Bao la Kimasai with a variation still fit; 5,000 do not.
	_, g := longBaoRecord(t)
	v, _ := board.VariantByName("bao-la-kimasai")
	long := formatGameText(v, lineOf(t, g, 1500), gameHeaders{})
	eval[bool](t, ctx, `act('import', {text: `+mustJSON(long)+`}), true`)
	waitJS(t, ctx, "the long game", `st.moves.length === 1500`)
	link = shareLink(t, ctx)
	if !strings.Contains(link, "game=") || len(link) > 8000 {
		t.Fatalf("a 1,500-ply game's link has %d characters (game in it: %v)", len(link), strings.Contains(link, "game="))
	}
	t.Logf("share link of a 1,500-ply Bao la Kimasai game with a variation: %d characters (its text: %d)", len(link), len(long))
	ctx3 := page(t, 1100, 1000)
	run(t, ctx3, chromedp.Navigate(link))
	waitJS(t, ctx3, "the long game shared", `typeof st !== 'undefined' && st && st.moves.length === 1500 && document.querySelectorAll('#moves .var').length === 1`)
	longer := formatGameText(v, lineOf(t, g, 5000), gameHeaders{})
	eval[bool](t, ctx, `act('import', {text: `+mustJSON(longer)+`}), true`)
	waitJS(t, ctx, "the longer game", `st.moves.length === 5000`)
	if link = shareLink(t, ctx); strings.Contains(link, "game=") || !strings.Contains(eval[string](t, ctx, `document.getElementById('share-note').textContent`), "too long") {
		t.Errorf("a 5,000-ply game's link %.80q...: want none with the game, and a note saying it is too long", link)
	}
}

// shareLink presses share and returns the link it shows.
func shareLink(t *testing.T, ctx context.Context) string {
	t.Helper()
	eval[bool](t, ctx, `document.getElementById('share-note').textContent = '', true`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#share")))
	waitJS(t, ctx, "the link", `document.getElementById('share-note').textContent !== ''`)
	return eval[string](t, ctx, `document.getElementById('share-link').value`)
}

// lineOf is a game line of g's first n moves with a variation (the first move's
// alternative) at its first ply.
func lineOf(t *testing.T, g *board.Game, n int) *gameLine {
	t.Helper()
	ps, ms := g.Positions(), g.Moves()
	l := newGameLine(ps[0])
	for _, m := range ms[:n] {
		l.extend(m)
	}
	var ml board.MoveList
	start := ps[0]
	start.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m != ms[0] {
			l.child(l.root, m)
			break
		}
	}
	l.follow(l.root)
	return &l
}
