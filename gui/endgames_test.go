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

// smallTables builds the Adji Kui I endgame tables of up to 6 seeds into a
// temporary directory and returns it with the table.
func smallTables(t *testing.T) (string, *tablebase.Table) {
	t.Helper()
	v, _ := board.VariantByName("adji-kui-1")
	dir := t.TempDir()
	tb, err := tablebase.Build(v, 6, tablebase.Options{Workers: 1, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return dir, tb
}

// TestDescribeMargin: exact margins and bounds in words.
func TestDescribeMargin(t *testing.T) {
	for _, c := range []struct {
		lo, hi int
		want   string
	}{{4, 4, "wins by 4"}, {0, 0, "draws"}, {-2, -2, "loses by 2"}, {2, 6, "wins by 2 to 6"}, {-6, -2, "loses by 2 to 6"}, {-2, 4, "between -2 and +4"}} {
		if got := describeMargin(c.lo, c.hi); got != c.want {
			t.Errorf("(%d, %d): %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

// TestBrowserTablebasePanel: in a position the endgame table holds, the panel lists
// every legal move with its value as the table gives it (the stores' margin plus the
// move's value), best first; outside the table the panel is hidden.
func TestBrowserTablebasePanel(t *testing.T) {
	browserTest(t)
	dir, tb := smallTables(t)
	ts := newTestServer(t, "", func(c *Config) { c.Tablebases = dir })
	v, _ := board.VariantByName("adji-kui-1")
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human")
	if !eval[bool](t, ctx, `document.getElementById('table-panel').hidden`) {
		t.Error("the table panel shows at the start (48 seeds, outside the table)")
	}
	fen := "0,0,0,0,1,2/0,0,1,0,2,0 S 20 22 -"
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#fen"), fen), chromedp.Click(chromedp.CSS("#setfen")))
	waitJS(t, ctx, "the table panel", `!document.getElementById('table-panel').hidden`)
	mvs, ok := tb.MoveValues(&p, nil)
	if !ok {
		t.Fatal("the table does not hold the position")
	}
	want := map[string]string{}
	for _, m := range mvs {
		want[v.FormatMove(m.Move)] = describeMargin(20-22+m.Lo, 20-22+m.Hi)
		if m.Lo != m.Hi {
			want[v.FormatMove(m.Move)] += " (bounds)"
		}
	}
	rows := eval[[][]string](t, ctx, `[...document.querySelectorAll('#table-moves tr')].map(r => [...r.cells].map(c => c.textContent))`)
	if len(rows) != len(mvs) {
		t.Fatalf("panel rows %v, the table has %d moves", rows, len(mvs))
	}
	for _, r := range rows {
		if want[r[0]] != r[1] {
			t.Errorf("move %s shown as %q, the table says %q", r[0], r[1], want[r[0]])
		}
	}
}

// blunderPosition finds a small Adji Kui I position (6 seeds on the board, placed
// by a fixed pseudo-random sequence) where every move's value is exact and one
// move loses at least 2 seeds against the best: the position, that move, and the
// seeds it loses.
func blunderPosition(t *testing.T, tb *tablebase.Table) (board.Position, board.Move, int) {
	t.Helper()
	v, _ := board.VariantByName("adji-kui-1")
	x := uint64(1)
	for try := 0; try < 5000; try++ {
		var holes [12]int
		for s := 0; s < 6; s++ {
			x = x*6364136223846793005 + 1442695040888963407
			holes[int(x>>33)%12]++
		}
		var rows [2][]string
		for h, n := range holes {
			rows[h/6] = append(rows[h/6], fmt.Sprint(n))
		}
		p, err := v.ParsePosition(strings.Join(rows[0], ",") + "/" + strings.Join(rows[1], ",") + " S 21 21 -")
		if err != nil {
			continue
		}
		mvs, ok := tb.MoveValues(&p, nil)
		if !ok {
			continue
		}
		best, worst := mvs[0], mvs[0]
		exact := true
		for _, m := range mvs {
			exact = exact && m.Lo == m.Hi
			if m.Lo > best.Lo {
				best = m
			}
			if m.Lo < worst.Lo {
				worst = m
			}
		}
		if exact && best.Lo-worst.Lo >= 2 {
			return p, worst.Move, best.Lo - worst.Lo
		}
	}
	t.Fatal("no small position with a losing move")
	return board.Position{}, 0, 0
}

// TestBrowserGameReview: reviewing a game whose first move loses seeds by the
// endgame table: the progress bar fills, the move gets its exact loss and mark
// (? or ?? by the thresholds), each side gets an accuracy, and n jumps to it.
func TestBrowserGameReview(t *testing.T) {
	browserTest(t)
	dir, tb := smallTables(t)
	p, m, loss := blunderPosition(t, tb)
	ts := newTestServer(t, "", func(c *Config) { c.Tablebases = dir })
	v := p.Variant()
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1")
	pastePosition(t, ctx, p.String())
	clickMove(t, ctx, v.FormatMove(m))
	idle(t, ctx, 1)
	run(t, ctx, chromedp.KeyEvent(kb.Home))
	idle(t, ctx, 0)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	type rv struct {
		Loss     float64
		Mark     string
		Exact    bool
		Value    float64
		Max      float64
		Summary  string
		Shown    string
		Accuracy []any
	}
	got := eval[rv](t, ctx, `({Loss: st.review.moves[0].loss, Mark: st.review.moves[0].mark, Exact: st.review.moves[0].exact,
		Value: document.getElementById('review-progress').value, Max: document.getElementById('review-progress').max,
		Summary: document.getElementById('review-summary').textContent,
		Shown: [...document.querySelectorAll('#moves .mark')].map(e => e.textContent).join(' '), Accuracy: st.review.accuracy})`)
	if got.Loss != float64(loss) || !got.Exact || got.Mark != markFor(float64(loss), v.Profile.Words.Score.Marks) || got.Shown != got.Mark {
		t.Errorf("review of %s (loses %d exactly): %+v", v.FormatMove(m), loss, got)
	}
	if got.Value != got.Max || got.Max != 2 {
		t.Errorf("progress bar %v of %v, want 2 of 2", got.Value, got.Max)
	}
	if !strings.Contains(got.Summary, "South: accuracy") || !strings.Contains(got.Summary, "exact") {
		t.Errorf("summary %q", got.Summary)
	}
	run(t, ctx, chromedp.KeyEvent("n"))
	idle(t, ctx, 1)
	shot(t, ctx, "review")
}

// TestBrowserStoppedReviewKeepsItsLosses: stopping a review (one second a position)
// after its first positions keeps the losses it found and says where it stopped.
func TestBrowserStoppedReviewKeepsItsLosses(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1100, 1000, "variant=adji-kui-1&south=human&north=human&stepms=1&moves=c1,b2,a1,e2,f1,d2&ply=0")
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#reviewtime"), "1000"), chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "two positions reviewed", `st.review && st.review.done >= 2`)
	run(t, ctx, chromedp.Click(chromedp.CSS("#review")))
	waitJS(t, ctx, "the review stopped", `document.body.dataset.review === 'stopped'`)
	type rv struct {
		Done, Total int
		Known       int
		Summary     string
	}
	got := eval[rv](t, ctx, `({Done: st.review.done, Total: st.review.total, Known: st.review.moves.filter(m => m.loss !== null).length,
		Summary: document.getElementById('review-summary').textContent})`)
	if got.Done < 2 || got.Done >= got.Total || got.Known < 1 || !strings.HasPrefix(got.Summary, fmt.Sprintf("Review stopped after %d of %d positions.", got.Done, got.Total)) {
		t.Errorf("stopped review: %+v", got)
	}
	if st := eval[string](t, ctx, `document.getElementById('stats').textContent`); st != "engine idle" {
		t.Errorf("after the stop the status says %q", st)
	}
	shot(t, ctx, "review-stopped")
}
