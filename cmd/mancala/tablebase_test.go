package main

import (
	"strings"
	"testing"
	"time"

	"mancala/tablebase"
)

// TestTablebaseBuildAndProbe: the build writes a summary line per seed count, and probe
// reads the files back and prints the value of the position and of each move.
func TestTablebaseBuildAndProbe(t *testing.T) {
	dir := t.TempDir()
	status, out, errOut := runWith([]string{"tablebase", "build", "--variant", "adji-kui-1", "--seeds", "4", "--dir", dir}, "")
	if status != 0 || !strings.Contains(out, "\n4 ") || !strings.Contains(out, "1365") {
		t.Fatalf("build: status %d, output\n%s\n%s", status, out, errOut)
	}
	// South's only legal move is a1 (f1 holds a single seed).
	status, out, errOut = runWith([]string{"tablebase", "probe", "--dir", dir, "adji-kui-1", "1,0,0,0,0,0/2,0,0,0,0,1", "S", "20", "24", "-"}, "")
	if status != 0 || !strings.HasPrefix(out, "value ") || !strings.Contains(out, "\na1: ") || strings.Contains(out, "f1:") {
		t.Errorf("probe: status %d, output\n%s\n%s", status, out, errOut)
	}
}

func TestTablebaseErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"tablebase", "build", "--seeds", "3"}, 2, "--variant and --seeds are required"},
		{[]string{"tablebase", "build", "--variant", "bao-la-kimasai", "--seeds", "3", "--dir", "x"}, 1, "no endgame tables for Bao la Kimasai"},
		{[]string{"tablebase", "probe", "--dir", "/nonexistent", "adji-kui-1", "0,0,0,0,0,0/2,0,0,0,0,0", "S", "46", "0", "-"}, 1, "no endgame table of adji-kui-1"},
		{[]string{"tablebase", "probe", "adji-kui-1", "2,0", "S", "46", "0", "-"}, 1, "Adji Kui I has 2 rows"},
		{[]string{"tablebase", "fly"}, 2, "unknown command line"},
		{[]string{"tablebase", "probe", "adji-kui-1", "0,0,0,0,0,0/2,0,0,0,0,0", "S", "46", "0", "-", "--dir"}, 2, "flag needs an argument"},
	} {
		status, _, errOut := runWith(c.args, "")
		if status != c.status || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", c.args, status, errOut, c.status, c.stderr)
		}
	}
}

// TestProgressLine: the bar counts finished seed counts and the current pass, and
// estimates the time left from solved boards only (loaded files do not count).
func TestProgressLine(t *testing.T) {
	p := tablebase.Progress{Seeds: 3, Pass: 1, LayerDone: 100, LayerTotal: 200, Finished: 800, Loaded: 500,
		Total: 2000, Passes: 2, Elapsed: 10 * time.Second}
	// done = 800 + 200 * (0 + 0.5) / 2 = 850; solved 350 in 10 s = 35/s; 1150 left = 33 s.
	line := progressLine(p)
	for _, want := range []string{"850/2000 positions", "35/s", "33s left", "seeds 3, pass 1"} {
		if !strings.Contains(line, want) {
			t.Errorf("progress line %q lacks %q", line, want)
		}
	}
}
