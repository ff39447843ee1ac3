package gui

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestMeasureGUI measures the built binary as a person uses it: the time from
// starting `mancala gui` to a drawn page, and memory (server RSS, page JS heap)
// over 200 engine moves in watch mode. It runs only when GUI_MEASURE names the
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
	next := 50
	for moves < 200 && time.Now().Before(end) {
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
			next += 50
		}
	}
	if moves < 200 {
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
