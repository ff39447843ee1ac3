package gui

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"mancala/board"
)

// TestMeasureGUI measures the built binary as a person uses it: the time from
// starting `mancala gui` to a drawn page, and memory (server RSS, page JS heap)
// over 500 engine moves in watch mode. It runs only when GUI_MEASURE names the
// binary (see docs/gui.md); it reports numbers and asserts nothing about time.
func TestMeasureGUI(t *testing.T) {
	bin := os.Getenv("GUI_MEASURE")
	if bin == "" {
		t.Skip("measurement: set GUI_MEASURE=/path/to/mancala (built with go build ./cmd/mancala)")
	}
	ctx := page(t, 1100, 760)
	ctx, cancel := contextWithLongerTimeout(ctx, 10*time.Minute)
	defer cancel()
	run(t, ctx, chromedp.Navigate("about:blank")) // the tab exists before the clock starts
	start := time.Now()
	cmd := exec.Command(bin, "gui", "--movetime", "50ms")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	url := regexp.MustCompile(`http://\S+`).FindString(line)
	listening := time.Since(start)
	run(t, ctx, chromedp.Navigate(url+"?variant=adji-kui-1&south=engine&north=engine&stepms=2"))
	waitJS(t, ctx, "drawn board", `document.querySelectorAll('.hole[data-count]').length === 12`)
	drawn := time.Since(start)
	t.Logf("gui start to URL printed: %v; to a drawn page: %v (page load to drawn board, by the page's clock: %.0f ms)",
		listening.Round(time.Millisecond), drawn.Round(time.Millisecond), eval[float64](t, ctx, `performance.now()`))

	moves, lastPly := 0, 0
	sample := func() string {
		heap := eval[float64](t, ctx, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
		return fmt.Sprintf("moves %d: server RSS %d KiB, page JS heap %.0f KiB", moves, rss(t, cmd.Process.Pid), heap/1024)
	}
	t.Log(sample())
	end := time.Now().Add(9 * time.Minute)
	next := 100
	for moves < 500 && time.Now().Before(end) {
		time.Sleep(50 * time.Millisecond)
		ply := eval[int](t, ctx, `st ? st.ply : 0`)
		if ply > lastPly {
			moves += ply - lastPly
		}
		lastPly = ply
		if eval[bool](t, ctx, `!document.getElementById('result').hidden && document.body.dataset.animating === "0"`) {
			run(t, ctx, chromedp.Click(chromedp.CSS("#new")))
			waitJS(t, ctx, "new game", `st && st.ply === 0`)
			lastPly = 0
		}
		if moves >= next {
			t.Log(sample())
			next += 100
		}
	}
	if moves < 500 {
		t.Fatalf("only %d engine moves in the time allowed", moves)
	}
}

// rss reads a process's resident set size in KiB.
func rss(t *testing.T, pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			n, _ := strconv.Atoi(strings.Fields(l)[1])
			return n
		}
	}
	return 0
}

// startGUI starts `bin gui` with args and returns the page's URL.
func startGUI(t *testing.T, bin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"gui"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`http://\S+`).FindString(line)
}

// randomGameText is a game text of n random legal moves of v: the first game of
// random moves from seed on that lasts that long.
func randomGameText(v *board.Variant, n int, seed uint64) string {
	for ; ; seed++ {
		if text, ok := randomMoves(v, n, seed); ok {
			return text
		}
	}
}

// randomMoves is a game text of n random moves of v, false if the game ends before.
func randomMoves(v *board.Variant, n int, seed uint64) (string, bool) {
	g := board.NewGame(v.StartPosition())
	x := seed
	var words []string
	for i := 0; i < n && !g.Result().Over(); i++ {
		p := g.Position()
		var ml board.MoveList
		p.LegalMoves(&ml)
		x = x*6364136223846793005 + 1442695040888963407
		m := ml.Moves[int(x>>33)%ml.N]
		g.Play(m)
		words = append(words, v.FormatMove(m))
	}
	return fmt.Sprintf("[Game %q]\n\n%s *\n", v.Name, strings.Join(words, " ")), len(words) == n
}

// TestMeasureReviewAndStepping measures, with the built binary (GUI_MEASURE), the
// time to review a 60-move game at 100 ms a position (by the page's clock, from the
// click to the last position searched, the progress bar's steps logged), and the
// time for 100 presses of → to reach ply 100. It reports and asserts nothing about
// time.
func TestMeasureReviewAndStepping(t *testing.T) {
	bin := os.Getenv("GUI_MEASURE")
	if bin == "" {
		t.Skip("measurement: set GUI_MEASURE=/path/to/mancala (built with go build ./cmd/mancala)")
	}
	v, _ := board.VariantByName("je-ki-n-je")
	url := startGUI(t, bin)
	ctx := page(t, 1100, 900)
	ctx, cancel := contextWithLongerTimeout(ctx, 5*time.Minute)
	defer cancel()
	run(t, ctx, chromedp.Navigate(url+"?variant=je-ki-n-je&south=human&north=human"))
	waitJS(t, ctx, "drawn board", `typeof st !== 'undefined' && st && st.ply === 0`)

	text, _ := json.Marshal(randomGameText(v, 60, 3))
	eval[bool](t, ctx, `act('import', {text: `+string(text)+`}), true`)
	waitJS(t, ctx, "the 60-move game", `st.moves.length === 60`)
	eval[bool](t, ctx, `(() => { window.progress = []; const bar = document.getElementById('review-progress');
		new MutationObserver(() => window.progress.push([Math.round(performance.now()), bar.value])).observe(bar, {attributes: true});
		window.reviewStart = performance.now(); document.getElementById('review').click(); return true; })()`)
	waitJS(t, ctx, "the review done", `document.body.dataset.review === 'done'`)
	took := eval[float64](t, ctx, `performance.now() - window.reviewStart`)
	steps := eval[int](t, ctx, `new Set(window.progress.map(p => p[1])).size`)
	t.Logf("review of 60 moves (61 positions) at 100 ms a position: %.2f s by the page's clock, the progress bar moved through %d values; accuracy %s",
		took/1000, steps, eval[string](t, ctx, `document.getElementById('review-summary').textContent`))
	eval[bool](t, ctx, `act('review', {on: false}), true`)

	text, _ = json.Marshal(randomGameText(v, 120, 5))
	eval[bool](t, ctx, `act('import', {text: `+string(text)+`}), true`)
	waitJS(t, ctx, "a 120-move game", `st.moves.length === 120 && st.ply === 0 && !st.review`)
	eval[bool](t, ctx, `(() => { window.t100 = 0; document.addEventListener('keydown', () => { if (!window.t0) window.t0 = performance.now(); }, {once: true});
		new MutationObserver(() => { if (document.body.dataset.ply === '100' && !window.t100) window.t100 = performance.now(); })
			.observe(document.body, {attributes: true}); return true; })()`)
	for i := 0; i < 100; i++ {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	}
	waitJS(t, ctx, "ply 100", `window.t100 > 0`)
	t.Logf("100 presses of the right arrow: ply 100 drawn %.0f ms after the first press (page clock), %d animations",
		eval[float64](t, ctx, `window.t100 - window.t0`), eval[int](t, ctx, `window.animations`))
}
