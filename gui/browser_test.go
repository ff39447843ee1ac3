package gui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"mancala/board"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
)

// closeBrowser ends the shared Chromium, if a test started it.
func closeBrowser() {
	if browserCancel != nil {
		browserCancel()
	}
}

// page opens a fresh tab of one shared headless Chromium at the given viewport size,
// skipping the test when Chromium is not installed.
func page(t *testing.T, width, height int) context.Context {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skip("real-browser test skipped: Chromium is not installed (Debian: apt-get install chromium)")
	}
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mancala-gui-chromium-")
		if err != nil {
			panic(err)
		}
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(chromiumPath), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
			chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(dir),
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("disable-extensions", true),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelCtx := chromedp.NewContext(alloc)
		if err := chromedp.Do(ctx); err != nil {
			panic(fmt.Sprintf("cannot start Chromium: %v", err))
		}
		browserCtx = ctx
		browserCancel = func() { cancelCtx(); cancelAlloc(); os.RemoveAll(dir) }
	})
	ctx, cancel := chromedp.NewContext(browserCtx)
	ctx, cancelT := context.WithTimeout(ctx, 30*time.Second)
	t.Cleanup(func() { cancelT(); cancel() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// run runs browser actions, failing the test on error.
func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates JavaScript in the page.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return out
}

// waitJS waits until a JavaScript condition holds.
func waitJS(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	end := time.Now().Add(20 * time.Second)
	for time.Now().Before(end) {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")"))
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s (%s)", what, cond)
}

// idle waits until the page has drawn ply n and no animation runs.
func idle(t *testing.T, ctx context.Context, ply int) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf("ply %d drawn", ply),
		fmt.Sprintf(`document.body.dataset.ply === "%d" && document.body.dataset.animating === "0"`, ply))
}

// drawnPosition reads the counts and stores the page shows.
func drawnPosition(t *testing.T, ctx context.Context) (holes map[int]int, stores [2]int) {
	t.Helper()
	type cell struct{ Hole, Count int }
	cells := eval[[]cell](t, ctx, `[...document.querySelectorAll('.hole')].map(e => ({Hole: +e.dataset.hole, Count: +e.dataset.count}))`)
	holes = map[int]int{}
	for _, c := range cells {
		holes[c.Hole] = c.Count
	}
	st := eval[[]int](t, ctx, `[0,1].map(s => +document.querySelector('.store[data-store="'+s+'"]').dataset.count)`)
	return holes, [2]int{st[0], st[1]}
}

// checkDrawn compares what the page shows with a position.
func checkDrawn(t *testing.T, ctx context.Context, p board.Position) {
	t.Helper()
	holes, stores := drawnPosition(t, ctx)
	v := p.Variant()
	if len(holes) != v.Holes() {
		t.Fatalf("page shows %d holes, %s has %d", len(holes), v.Name, v.Holes())
	}
	for h := 0; h < v.Holes(); h++ {
		if holes[h] != p.Seeds(h) {
			t.Fatalf("page shows %d seeds in %s, the position %q has %d", holes[h], v.FormatMove(board.Move(h)), p.String(), p.Seeds(h))
		}
	}
	if stores != [2]int{p.Store(board.South), p.Store(board.North)} {
		t.Fatalf("page shows stores %v, the position %q", stores, p.String())
	}
}

// shot saves a screenshot into docs/gui when GUI_SHOTS=1.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("GUI_SHOTS") != "1" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "docs", "gui")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// clickMove clicks the hole of a move (in notation) on the page.
func clickMove(t *testing.T, ctx context.Context, move string) {
	t.Helper()
	run(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`.hole.legal[data-coord="%s"]`, move))))
}

// TestBrowserPlaysEachGame loads the page for each game (a person on each side),
// checks the drawn start position, plays two moves by clicking, waits for the
// animations and checks the drawn counts against board after each.
func TestBrowserPlaysEachGame(t *testing.T) {
	ts := newTestServer(t, "", nil)
	for _, v := range board.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			ctx := page(t, 1100, 760)
			run(t, ctx, chromedp.Navigate(ts.http.URL+"/?south=human&north=human&speed=10&variant="+v.Name))
			idle(t, ctx, 0)
			g := board.NewGame(v.StartPosition())
			checkDrawn(t, ctx, g.Position())
			for ply := 1; ply <= 2; ply++ {
				p := g.Position()
				var ml board.MoveList
				p.LegalMoves(&ml)
				legal := eval[[]string](t, ctx, `[...document.querySelectorAll('.hole.legal')].map(e => e.dataset.coord).sort()`)
				want := legalMoves(v, ml)
				if strings.Join(legal, " ") != strings.Join(want, " ") {
					t.Fatalf("ply %d: page marks %v as legal, board says %v", ply, legal, want)
				}
				m := ml.Moves[ml.N/2]
				clickMove(t, ctx, v.FormatMove(m))
				waitJS(t, ctx, "animation", `document.body.dataset.animating === "1" || document.body.dataset.ply === "`+fmt.Sprint(ply)+`"`)
				idle(t, ctx, ply)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				checkDrawn(t, ctx, g.Position())
			}
			t.Logf("click to animation start: %.1f ms", eval[float64](t, ctx, `window.clickToAnimationMs || -1`))
			shot(t, ctx, v.Name)
		})
	}
}

// legalMoves lists moves in notation, sorted, without pass.
func legalMoves(v *board.Variant, ml board.MoveList) []string {
	var out []string
	for _, m := range ml.Slice() {
		if m != board.Pass {
			out = append(out, v.FormatMove(m))
		}
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
