package gui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
	"mancala/tablebase"
)

// TestBrowserReviewMarksStayOnTheirMoves: a review's mark belongs to the move
// reviewed. After a reviewed blunder (by the endgame table), the best move played
// instead at the same ply shows no mark; the blunder, shown again, keeps its mark;
// deleting it leaves no mark and no review.
func TestBrowserReviewMarksStayOnTheirMoves(t *testing.T) {
	browserTest(t)
	dir, tb := smallTables(t)
	p, m, _ := blunderPosition(t, tb)
	v := p.Variant()
	mvs, _ := tb.MoveValues(&p, nil)
	best := mvs[0]
	for _, mv := range mvs {
		if mv.Lo > best.Lo {
			best = mv
		}
	}
	ts := newTestServer(t, "", func(c *Config) { c.Tablebases = dir })
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	pastePosition(t, ctx, p.String())
	clickMove(t, ctx, v.FormatMove(m))
	idle(t, ctx, 1)
	run(t, ctx, chromedp.KeyEvent(kb.Home))
	idle(t, ctx, 0)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	marks := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll('#moves .mark')].map(e => e.parentElement.firstChild.textContent + e.textContent).join(' ')`)
	}
	if got := marks(); !strings.HasPrefix(got, v.FormatMove(m)+"?") {
		t.Fatalf("marks after the review %q: want %s marked", got, v.FormatMove(m))
	}
	clickMove(t, ctx, v.FormatMove(best.Move))
	idle(t, ctx, 1)
	if got := marks(); got != "" {
		t.Errorf("after %s instead of the reviewed %s, marks %q: want none", v.FormatMove(best.Move), v.FormatMove(m), got)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS(`#moves .vmove`)))
	waitJS(t, ctx, "the reviewed move shown again", `st.moves[0] === '`+v.FormatMove(m)+`'`)
	if got := marks(); !strings.HasPrefix(got, v.FormatMove(m)+"?") {
		t.Errorf("the reviewed move shown again has marks %q", got)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#delete")))
	waitJS(t, ctx, "the reviewed move deleted", `st.moves.join() === '`+v.FormatMove(best.Move)+`'`)
	if got, summary := marks(), eval[string](t, ctx, `document.getElementById('review-summary').textContent`); got != "" || summary != "" {
		t.Errorf("after deleting the only reviewed move: marks %q, summary %q", got, summary)
	}
}

// TestBrowserProvenWinsAtReachableMargins: the Adji Kui I position, where
// the endgame table says a1 wins by 30 and f1 by 12 to 14: f1 reviewed loses at least
// 16 seeds (a blunder, not "0.00"), and no score on the graph or the bar goes beyond
// the 30 seeds South can still reach (not the game's 48).
func TestBrowserProvenWinsAtReachableMargins(t *testing.T) {
	browserTest(t)
	v, _ := board.VariantByName("adji-kui-1")
	dir := t.TempDir()
	if _, err := tablebase.Build(v, 9, tablebase.Options{Workers: 1, Dir: dir}); err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, "", func(c *Config) { c.Tablebases = dir })
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	fen := "0,0,1,0,0,2/3,0,1,0,0,2 S 30 9 -"
	pastePosition(t, ctx, fen)
	clickMove(t, ctx, "f1")
	idle(t, ctx, 1)
	run(t, ctx, chromedp.KeyEvent(kb.Home))
	idle(t, ctx, 0)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	type reviewed struct {
		Loss        float64
		Mark, Title string
		Largest     float64
		Accuracy    float64
	}
	got := eval[reviewed](t, ctx, `({Loss: st.review.moves[0].loss, Mark: st.review.moves[0].mark, Accuracy: st.review.accuracy[0],
		Title: document.querySelector('#moves span[data-ply="1"]').title,
		Largest: Math.max(...(st.values || st.evals).filter(x => x !== null).map(Math.abs))})`)
	if got.Loss < 16 || got.Mark != "??" || got.Accuracy != 0 {
		t.Errorf("f1 reviewed: %+v, want a loss of at least 16 seeds, ?? and South's accuracy 0", got)
	}
	if got.Largest > 3000 {
		t.Errorf("graph: largest score %.0f centiseeds: want nothing beyond the 30 seeds South can reach", got.Largest)
	}
	shot(t, ctx, "review-proven")
}

// TestBrowserScoreUnitOfEachGame: Bao la Kimasai's scores are log-odds, not seeds:
// the graph's heading, the bar's and the lines' tooltips, the keys' note and a
// review's losses and thresholds say so (from the game's profile); Adji Kui I's say
// seeds.
func TestBrowserScoreUnitOfEachGame(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 1000, "variant=bao-la-kimasai&south=human&north=human&stepms=1")
	eval[bool](t, ctx, `(async () => { let s = st; for (let i = 0; i < 2; i++) s = await act('move', {move: s.legal[0].move}); })(), true`)
	idle(t, ctx, 2)
	labels := `[document.getElementById('graph').closest('.panel').querySelector('h2').textContent, document.getElementById('evalbar').title,
		document.querySelector('#lines th[title]').title, document.querySelector('p.keys').textContent].join(' | ')`
	if got := eval[string](t, ctx, labels); strings.Contains(got, "seed") || strings.Count(got, "log-odds") < 4 {
		t.Errorf("Bao la Kimasai's score labels %q: want log-odds units, no seeds", got)
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	type rv struct{ Title, Legend string }
	got := eval[rv](t, ctx, `({Title: document.querySelector('#moves span[data-ply="1"]').title, Legend: document.getElementById('review-legend').textContent})`)
	if !strings.Contains(got.Title, "log-odds unit") || strings.Contains(got.Title+got.Legend, "seed") || !strings.Contains(got.Legend, "0.5 log-odds units") {
		t.Errorf("Bao review: %+v, want losses and thresholds in log-odds units", got)
	}
	shot(t, ctx, "review-bao")
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#variant"), "adji-kui-1"))
	eval[bool](t, ctx, `document.getElementById('variant').dispatchEvent(new Event('change')), true`)
	waitJS(t, ctx, "Adji Kui I", `st.variant === 'adji-kui-1'`)
	if got := eval[string](t, ctx, labels); strings.Contains(got, "log-odds") || strings.Count(got, "seeds") < 4 {
		t.Errorf("Adji Kui I's score labels %q: want seeds", got)
	}
}

// TestBrowserReviewKeepsItsAccuracy: analysis of a reviewed position after the
// review is done changes the graph, not the review's summary.
func TestBrowserReviewKeepsItsAccuracy(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := page(t, 1100, 1000)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=adji-kui-1&south=human&north=human&stepms=1&moves=c1,b2,a1,e2&ply=1"))
	idle(t, ctx, 1)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	summary := eval[string](t, ctx, `document.getElementById('review-summary').textContent`)
	reviewed := eval[int](t, ctx, `st.evals[1]`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	// Analysis deepens until its score of ply 1 differs from the review's (or depth 14).
	waitJS(t, ctx, "analysis with another score", fmt.Sprintf(`evals[1] !== %d || (info && info.lines && info.lines[0] && info.lines[0].depth >= 14)`, reviewed))
	now := eval[int](t, ctx, `evals[1]`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	waitJS(t, ctx, "analysis off", `!st.analysing`)
	if got := eval[string](t, ctx, `document.getElementById('review-summary').textContent`); got != summary {
		t.Errorf("after analysis (ply 1 now %d, reviewed %d) the review says\n%s\nnot\n%s", now, reviewed, got, summary)
	}
}
