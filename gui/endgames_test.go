package gui

import (
	"testing"

	"github.com/chromedp/chromedp"

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
	dir, tb := smallTables(t)
	ts := newTestServer(t, "", func(c *Config) { c.Tablebases = dir })
	v, _ := board.VariantByName("adji-kui-1")
	ctx := page(t, 1100, 1000)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?variant=adji-kui-1&south=human&north=human"))
	idle(t, ctx, 0)
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
