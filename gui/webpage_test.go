package gui

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

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
	browserOnce.Do(func() {}) // waits for a start in progress
	if browserCancel != nil {
		browserCancel()
	}
}

// startBrowser starts the shared headless Chromium once; TestMain starts it early,
// in the background, so that it is up by the time the browser tests run.
func startBrowser() {
	if _, err := os.Stat(chromiumPath); err != nil {
		return
	}
	browserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "mancala-gui-chromium-")
		if err != nil {
			return
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
			fmt.Fprintf(os.Stderr, "cannot start Chromium: %v\n", err)
			cancelCtx()
			cancelAlloc()
			return
		}
		browserCtx = ctx
		browserCancel = func() { cancelCtx(); cancelAlloc(); os.RemoveAll(dir) }
	})
}

// needBrowser skips a browser test under -short, under the race detector (but for
// raceBrowserTests) and when Chromium is not installed, except under CI (CI=true),
// where .ci/run installs it and a missing browser is a failure. A test with costly
// work before its first page calls it first.
func needBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test (drives headless Chromium): -short")
	}
	if raceEnabled && !raceBrowserTests[strings.SplitN(t.Name(), "/", 2)[0]] {
		t.Skip("browser test: runs without -race (go test ./gui); under -race the server tests check the server")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is not installed but CI=true: .ci/run should have installed the Debian package chromium")
		}
		t.Skip("real-browser test skipped: Chromium is not installed (Debian: apt-get install chromium)")
	}
}

// browserTest starts a browser test: it skips as needBrowser says, else runs
// alongside the other browser tests (each has its own server and tab of the one
// Chromium; they spend most of their time waiting for the page).
func browserTest(t *testing.T) {
	t.Helper()
	needBrowser(t)
	t.Parallel()
}

// page gives a test a tab of one shared headless Chromium at the given viewport
// size (needBrowser says when it skips the test instead): a tab an earlier test
// left, else a new one.
func page(t *testing.T, width, height int) context.Context {
	t.Helper()
	needBrowser(t)
	startBrowser()
	if browserCtx == nil {
		t.Fatal("Chromium did not start")
	}
	tb, err := takeTab()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancelT := context.WithTimeout(tb.ctx, pageLimit())
	t.Cleanup(func() { cancelT(); releaseTab(t, tb) })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// tab is a tab of the shared Chromium and what closes it.
type tab struct {
	ctx   context.Context
	close context.CancelFunc
}

// idleTabs are the tabs that finished tests left on about:blank. A test takes one
// instead of opening its own: a new tab starts a renderer process, about half a
// second of Chromium's CPU, while a tab sent to the next test's page keeps its
// process. Each test's server has its own port, so its page's storage is its own.
var idleTabs struct {
	sync.Mutex
	tabs []tab
}

// takeTab returns an idle tab, or opens one.
func takeTab() (tab, error) {
	idleTabs.Lock()
	if n := len(idleTabs.tabs); n > 0 {
		tb := idleTabs.tabs[n-1]
		idleTabs.tabs = idleTabs.tabs[:n-1]
		idleTabs.Unlock()
		return tb, nil
	}
	idleTabs.Unlock()
	ctx, cancel := chromedp.NewContext(browserCtx)
	// The first action opens the tab and runs its event loop under the context it
	// is given: the tab's own, which outlives the test.
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		return tab{}, fmt.Errorf("opening a tab: %w", err)
	}
	return tab{ctx, cancel}, nil
}

// releaseTab leaves a test's tab on about:blank, which ends its page's requests
// and timers, for the next test; the tab of a failed test, or one that does not
// get there, is closed. The page itself goes to about:blank: a navigation the
// browser starts (chromedp.Navigate) would give the tab a new renderer process.
func releaseTab(t *testing.T, tb tab) {
	if t.Failed() {
		tb.close()
		return
	}
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	// An error here may be the page already leaving: the wait below tells.
	chromedp.Run(ctx, chromedp.Evaluate[bool](`location.replace('about:blank'), true`))
	for {
		blank, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.URL === 'about:blank' && document.readyState === 'complete'`))
		if err == nil && blank {
			break
		}
		if ctx.Err() != nil {
			tb.close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	idleTabs.Lock()
	idleTabs.tabs = append(idleTabs.tabs, tb)
	idleTabs.Unlock()
}

// openPage opens a tab at the given size on the test server's page with the query
// (its address after "?") and waits for the start position to be drawn.
func openPage(t *testing.T, ts *testServer, width, height int, query string) context.Context {
	t.Helper()
	ctx := page(t, width, height)
	run(t, ctx, chromedp.Navigate(ts.http.URL+"/?"+query))
	idle(t, ctx, 0)
	return ctx
}

// contextWithLongerTimeout replaces a page's time limit.
func contextWithLongerTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), d)
}

// openPlayed opens the page on variant with two people seated, plays moves through
// the server's API (as the page's own game) and waits until the page shows them.
func openPlayed(t *testing.T, ts *testServer, variant string, moves []string) context.Context {
	t.Helper()
	ctx := openPage(t, ts, 1100, 800, "variant="+variant+"&south=human&north=human&stepms=1")
	id := eval[string](t, ctx, `st.id`)
	for _, m := range moves {
		if code, out := ts.post("/api/move", map[string]any{"id": id, "move": m}); code != 200 {
			t.Fatalf("move %s: %d %v", m, code, out)
		}
	}
	idle(t, ctx, len(moves))
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

// pageStall is how long a wait for the page goes on while the page shows no
// progress, on an idle machine, before the test fails; loadScale stretches it on a
// busy one.
const pageStall = 20 * time.Second

// progressJS sums up what the page shows that changes as it makes progress: a new
// state drawn, an animation's steps (the counts and the seeds in hand), engine lines
// and graph points. A wait goes on while it changes. It reads nothing of a body not
// yet parsed: just after a navigation document.body is null (a CI run failed on it).
const progressJS = `[document.readyState, ...['seq', 'ply', 'animating'].map(k => ((document.body || {}).dataset || {})[k]),
	(document.getElementById('hand') || {}).textContent,
	[...document.querySelectorAll('.hole, .store')].map(e => e.dataset.count).join(),
	(document.getElementById('lines') || {}).textContent,
	((document.getElementById('graph') || {}).dataset || {}).points].join('|')`

// pastePosition pastes a position into the page's position box, sets it, and waits
// until the page shows it, its animation over.
func pastePosition(t *testing.T, ctx context.Context, fen string) {
	t.Helper()
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#fen"), fen), chromedp.Click(chromedp.CSS("#setfen")))
	waitJS(t, ctx, "the pasted position "+fen, fmt.Sprintf(`st.fen === %q && document.body.dataset.animating === "0"`, fen))
}

// waitJS waits until a JavaScript condition holds. It fails the test when the page
// has shown no progress (progressJS) for pageStall times the machine's load
// (loadScale): a busy machine that draws slowly does not fail it, a hung page does.
// The page's own time limit (pageLimit) bounds the whole wait.
func waitJS(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	type probe struct {
		OK       bool
		Progress string
	}
	var last string
	changed, checked := time.Now(), time.Time{}
	for {
		// The condition is cheap and asked every 50 ms; the page's progress, which
		// reads every hole, only every 250 ms (a stall is counted in seconds).
		progress := "''"
		if time.Since(checked) > 250*time.Millisecond {
			progress, checked = progressJS, time.Now()
		}
		p, err := chromedp.Run(ctx, chromedp.Evaluate[probe]("({OK: !!("+cond+"), Progress: "+progress+"})"))
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if p.OK {
			return
		}
		switch stall, limit := time.Since(changed), pageStall*time.Duration(loadScale()); {
		case progress == "''": // not read this time
		case p.Progress != last:
			last, changed = p.Progress, time.Now()
		case stall > limit:
			t.Fatalf("timed out waiting for %s (%s): no progress on the page for %v (load average %.1f on %d cores)", what, cond, stall.Round(time.Millisecond), load(), runtime.NumCPU())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pageLimit is a page's time limit: a minute on an idle machine, stretched by the
// load, at most five minutes.
func pageLimit() time.Duration {
	return min(time.Minute*time.Duration(loadScale()), 5*time.Minute)
}

// loadScale is how many times slower than idle the machine runs now, at least 1:
// the load average over the last minute per core, rounded up.
func loadScale() int {
	return max(1, int(math.Ceil(load()/float64(runtime.NumCPU()))))
}

// load is the machine's load average over the last minute (/proc/loadavg), 0 where
// it cannot be read.
func load() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	l, _ := strconv.ParseFloat(f[0], 64)
	return l
}

// idle waits until the page has drawn ply n and no animation runs.
func idle(t *testing.T, ctx context.Context, ply int) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf("ply %d drawn", ply),
		// document.body is null until a page just navigated to has parsed its body.
		fmt.Sprintf(`!!document.body && (document.body.dataset.ply === "%d" && document.body.dataset.animating === "0" || !!document.body.dataset.error)`, ply))
	if msg := eval[string](t, ctx, `document.body.dataset.error || ''`); msg != "" {
		t.Fatalf("script error on the page: %s", msg)
	}
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
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
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
// checks the drawn start position, plays two moves by clicking (one in Kalah(1,1),
// which its first move ends: the page then shows the result), waits for the
// animations and checks the drawn counts against board after each.
func TestBrowserPlaysEachGame(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	smallest, _ := board.VariantByName("kalah-1-1")
	for _, v := range append(board.Samples(), smallest) {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			ctx := openPage(t, ts, 1100, 760, "south=human&north=human&stepms=4&variant="+v.Name)
			g := board.NewGame(v.StartPosition())
			checkDrawn(t, ctx, g.Position())
			for ply := 1; ply <= 2 && !g.Result().Over(); ply++ {
				p := g.Position()
				var ml board.MoveList
				p.LegalMoves(&ml)
				legal := eval[[]string](t, ctx, `[...document.querySelectorAll('.hole.legal')].map(e => e.dataset.coord).sort()`)
				want := legalMoves(v, ml)
				if strings.Join(legal, " ") != strings.Join(want, " ") {
					t.Fatalf("ply %d: page marks %v as legal, board says %v", ply, legal, want)
				}
				m := ml.Moves[ml.N/2]
				if name := v.FormatMove(m); len(name) == 3 { // a chosen direction: the hole, then the way
					clickMove(t, ctx, name[:2])
					run(t, ctx, chromedp.Click(chromedp.CSS(`#direction button[data-move="`+name+`"]`)))
				} else if ply == 1 {
					clickMove(t, ctx, v.FormatMove(m))
				} else { // the second move by keyboard: the column letter (and row digit in Bao)
					keys := v.FormatMove(m)
					if v.Rows == 2 {
						keys = keys[:1]
					}
					run(t, ctx, chromedp.KeyEvent(keys))
				}
				waitJS(t, ctx, "animation", `document.body.dataset.animating === "1" || document.body.dataset.ply === "`+fmt.Sprint(ply)+`"`)
				idle(t, ctx, ply)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
				checkDrawn(t, ctx, g.Position())
			}
			if over := g.Result().Over(); over == eval[bool](t, ctx, `document.getElementById('result').hidden`) {
				t.Errorf("game over %v, but the result is hidden: %v", over, !over)
			}
			t.Logf("click to animation start: %.1f ms", eval[float64](t, ctx, `window.clickToAnimationMs || -1`))
			shot(t, ctx, v.Name)
			// Flipping turns the board round: the top-left hole becomes the last column of row 1.
			topLeft := `document.querySelector('#board .hole').dataset.coord`
			if c := eval[string](t, ctx, topLeft); c != fmt.Sprintf("a%d", v.Rows) {
				t.Errorf("top-left hole %s", c)
			}
			run(t, ctx, chromedp.Click(chromedp.CSS("#flip")))
			if c := eval[string](t, ctx, topLeft); c != fmt.Sprintf("%c1", 'a'+v.Cols-1) {
				t.Errorf("top-left hole after flip %s", c)
			}
			checkDrawn(t, ctx, g.Position())
			// Stepping back with the arrow key shows the position before the last move.
			run(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
			last := len(g.Moves()) - 1
			idle(t, ctx, last)
			checkDrawn(t, ctx, g.Positions()[last])
		})
	}
}

// legalMoves lists moves in notation, sorted, without pass.
func legalMoves(v *board.Variant, ml board.MoveList) []string {
	var out []string
	for _, m := range ml.Slice() {
		// a hole whose direction the mover chooses is one hole on the page (c1+, c1-)
		if coord := v.FormatMove(m)[:2]; m != board.Pass && !slices.Contains(out, coord) {
			out = append(out, coord)
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

// pageState reads the page's last drawn state: the moves and the shown ply.
func pageGame(t *testing.T, ctx context.Context, v *board.Variant) *board.Game {
	t.Helper()
	type state struct {
		StartFen string
		Moves    []string
		Ply      int
	}
	s := eval[state](t, ctx, `({StartFen: st.startFen, Moves: st.moves, Ply: st.ply})`)
	p, err := v.ParsePosition(s.StartFen)
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(p)
	for _, text := range s.Moves[:s.Ply] {
		m, err := v.ParseMove(text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("page's move %s: %v", text, err)
		}
	}
	return g
}

// TestBrowserAgainstEngine plays a person against the engine: the engine's reply
// arrives and is drawn as board says; undo takes back both moves; analysis shows
// several lines and the evaluation graph gets points; a bad pasted position shows
// the parser's message and changes nothing.
func TestBrowserAgainstEngine(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	v, _ := board.VariantByName("adji-kui-1")
	ctx := openPage(t, ts, 1100, 760, "variant=adji-kui-1&south=human&north=engine&movetime=100&stepms=4")
	clickMove(t, ctx, "c1")
	idle(t, ctx, 2) // the engine's reply, animated
	g := pageGame(t, ctx, v)
	if len(g.Moves()) != 2 || v.FormatMove(g.Moves()[0]) != "c1" {
		t.Fatalf("moves after the engine's reply: %v", g.Moves())
	}
	checkDrawn(t, ctx, g.Position())

	run(t, ctx, chromedp.Click(chromedp.CSS("#undo")))
	idle(t, ctx, 0)
	checkDrawn(t, ctx, v.StartPosition())
	if n := eval[int](t, ctx, `document.querySelectorAll('.hole.legal').length`); n != 6 {
		t.Errorf("after undo %d holes are marked legal, want South's 6", n)
	}

	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	waitJS(t, ctx, "a point on the evaluation graph", `+document.getElementById('graph').dataset.points > 0`)
	// The lines are read in the step that counts them: the engine's next output can
	// redraw the table with fewer lines between two steps.
	var lines []string
	for try := 0; len(lines) != 3; try++ {
		if try == 20 {
			t.Fatalf("the analysis table never held three lines when read: %q", lines)
		}
		waitJS(t, ctx, "three analysis lines", `document.querySelectorAll('#lines tr.pv').length === 3`)
		lines = eval[[]string](t, ctx, `[...document.querySelectorAll('#lines tr.pv td:last-child')].map(e => [...e.querySelectorAll('.mv')].map(m => m.textContent).join(' '))`)
	}
	firsts := map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 0 {
			t.Fatalf("empty analysis line in %q", lines)
		}
		if _, err := v.ParseMove(f[0]); err != nil {
			t.Fatalf("analysis line %q: %v", l, err)
		}
		firsts[f[0]] = true
	}
	if len(firsts) != 3 {
		t.Errorf("the three lines should start with different moves: %q", lines)
	}
	shot(t, ctx, "analysis")
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	// The lines go when analysis stops (and the panel shrinks: wait before clicking below it).
	waitJS(t, ctx, "analysis lines cleared", `document.querySelectorAll('#lines tr.pv').length === 0 && !st.analysing`)

	before := eval[string](t, ctx, `st.fen`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#fen"), "4,4,4,4,4,4 S 0 0 -"), chromedp.Click(chromedp.CSS("#setfen")))
	waitJS(t, ctx, "the parser's message", `document.getElementById('fen-error').textContent !== ''`)
	msg := eval[string](t, ctx, `document.getElementById('fen-error').textContent`)
	if _, err := v.ParsePosition("4,4,4,4,4,4 S 0 0 -"); err == nil || msg != err.Error() {
		t.Errorf("message %q, the parser says %v", msg, err)
	}
	if after := eval[string](t, ctx, `st.fen`); after != before {
		t.Errorf("a bad position changed the game: %q -> %q", before, after)
	}
}

// lastMoveGame plays a random game of the variant to its end and returns the
// position before the last move, that move, and the result.
func lastMoveGame(t *testing.T, v *board.Variant, seed uint64) (board.Position, board.Move, board.Result) {
	t.Helper()
	g := board.NewGame(v.StartPosition())
	x := seed
	for !g.Result().Over() {
		p := g.Position()
		var ml board.MoveList
		p.LegalMoves(&ml)
		x = x*6364136223846793005 + 1442695040888963407
		if err := g.Play(ml.Moves[int(x>>33)%ml.N]); err != nil {
			t.Fatal(err)
		}
	}
	ps := g.Positions()
	ms := g.Moves()
	if g.Result().Reason == board.LoopEnding {
		return lastMoveGame(t, v, seed+1) // a loop needs the history; the page starts from one position
	}
	return ps[len(ps)-2], ms[len(ms)-1], g.Result()
}

// TestBrowserGameToEnd sets up the position before the last move of a random game,
// plays that move by clicking, and checks the result, final counts and reason shown.
func TestBrowserGameToEnd(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	for _, name := range []string{"je-ki-n-je", "bao-la-kimasai"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v, _ := board.VariantByName(name)
			p, m, res := lastMoveGame(t, v, 7)
			ctx := openPage(t, ts, 1100, 760, "south=human&north=human&stepms=2&variant="+name)
			pastePosition(t, ctx, p.String())
			if m == board.Pass {
				run(t, ctx, chromedp.Click(chromedp.CSS("#pass")))
			} else {
				clickMove(t, ctx, v.FormatMove(m))
			}
			idle(t, ctx, 1)
			waitJS(t, ctx, "the result", `!document.getElementById('result').hidden`)
			text := eval[string](t, ctx, `document.getElementById('result').textContent`)
			for _, want := range []string{res.Score(), res.Reason.String()} {
				if !strings.Contains(text, want) {
					t.Errorf("result shown %q lacks %q (board: %s, %s)", text, want, res, res.Reason)
				}
			}
			if res.Scored && !strings.Contains(text, fmt.Sprintf("South %d, North %d", res.South, res.North)) {
				t.Errorf("result shown %q lacks the final counts %d-%d", text, res.South, res.North)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('.hole.legal').length`); n != 0 {
				t.Errorf("%d holes marked legal after the end", n)
			}
			shot(t, ctx, name+"-end")
		})
	}
}

// TestBrowserPhone checks that the largest board (Bao la Kimasai, 4 x 8 with
// reserves) fits a 390 x 844 phone screen: every hole and both reserves lie inside
// the viewport without scrolling sideways.
func TestBrowserPhone(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 390, 844, "south=human&north=human&variant=bao-la-kimasai")
	type box struct{ Left, Right, Top, Bottom, Width float64 }
	boxes := eval[[]box](t, ctx, `[...document.querySelectorAll('.hole, .store')].map(e => { const r = e.getBoundingClientRect();
		return {Left: r.left, Right: r.right, Top: r.top, Bottom: r.bottom, Width: r.width}; })`)
	if len(boxes) != 34 {
		t.Fatalf("%d holes and reserves drawn, want 34", len(boxes))
	}
	for i, b := range boxes {
		if b.Left < 0 || b.Right > 390 || b.Top < 0 || b.Bottom > 844 || b.Width < 20 {
			t.Errorf("element %d at %+v is outside the 390 x 844 screen or too small to tap", i, b)
		}
	}
	if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %v px wide: it scrolls sideways on a phone", w)
	}
	shot(t, ctx, "phone")
}

// TestBrowserGraphShowsALoadedRecordsScores: loading a records line with two people
// playing (no engine search, so no engine output) draws the record's scores in the
// evaluation graph at once, the forced move's depth-1 answer left out.
func TestBrowserGraphShowsALoadedRecordsScores(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	ctx := openPage(t, ts, 1000, 900, "south=human&north=human&variant=adji-kui-1")
	record, _ := json.Marshal(string(scoredRecord(t)))
	eval[bool](t, ctx, `act('load', {record: `+string(record)+`, game: 0}, document.getElementById('load-error')), true`)
	waitJS(t, ctx, "the loaded game's moves", `document.querySelectorAll('#moves span').length === 5`)
	waitJS(t, ctx, "four points in the graph", `document.getElementById('graph').dataset.points === '4'`)
}

// TestBrowserAnalysesALongRecordAtItsLastPly: the page analysing the last ply of a
// 25,000-move record shows lines legal on the board it shows, and no engine error.
func TestBrowserAnalysesALongRecordAtItsLastPly(t *testing.T) {
	browserTest(t)
	ts := newTestServer(t, "", nil)
	line, g := longBaoRecord(t)
	last := len(g.Moves())
	ctx := openPage(t, ts, 1000, 900, "south=human&north=human&variant=bao-la-kimasai")
	id := eval[string](t, ctx, `st.id`)
	if code, out := ts.post("/api/load", map[string]any{"id": id, "record": string(line)}); code != 200 {
		t.Fatalf("load: %d %v", code, out["error"])
	}
	if code, out := ts.post("/api/goto", map[string]any{"id": id, "ply": last}); code != 200 {
		t.Fatalf("goto: %d %v", code, out["error"])
	}
	waitJS(t, ctx, "the last ply shown", fmt.Sprintf(`document.body.dataset.ply === "%d"`, last))
	checkDrawn(t, ctx, g.Position())
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
	waitJS(t, ctx, "an analysis line, or an engine error",
		`document.querySelectorAll('#lines tr.pv').length > 0 || !document.getElementById('notice').hidden`)
	if status := eval[string](t, ctx, `!document.getElementById('notice').hidden ? document.getElementById('notice-text').textContent : ''`); status != "" {
		t.Fatalf("the page shows an engine error: %s", status)
	}
	pvs := eval[[]string](t, ctx, `[...document.querySelectorAll('#lines tr.pv td:last-child')].map(e => [...e.querySelectorAll('.mv')].map(m => m.textContent).join(' '))`)
	for _, pv := range pvs {
		legalLine(t, g.Position(), strings.Fields(pv))
	}
	run(t, ctx, chromedp.Click(chromedp.CSS("#analyse")))
}

// TestProgressReadsAPageWithoutBody: the waits' progress probe runs on a document
// whose body is null (an SVG document here; a page just navigated to, before its
// body is parsed, is the case waits meet) without a script error.
func TestProgressReadsAPageWithoutBody(t *testing.T) {
	browserTest(t)
	ctx := page(t, 400, 300)
	run(t, ctx, chromedp.Navigate(`data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>`))
	if got := eval[string](t, ctx, progressJS); !strings.HasPrefix(got, "complete|") {
		t.Errorf("progress on a page without body: %q", got)
	}
}
