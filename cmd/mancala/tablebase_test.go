package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mancala/board"
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

// myKalah is a rule file with a Kalah of three holes a side under a name of its own.
const myKalah = `[tb-kalah]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
capture.cross = "always"
turn.extra_on_store = true
end.row_empty = true
`

// TestTablebaseOfARuleFile: build and probe take --variants like the program: a
// game of a rule file is built and probed; its table's value of the start position
// (all 12 seeds) is the value mancala solve proves with its own search; a move that
// ends in the store is shown moving again; a game ending on a majority is built and
// probed for its result, not a margin; without --variants the game is unknown.
func TestTablebaseOfARuleFile(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "my.toml")
	if err := os.WriteFile(rules, []byte(myKalah), 0o644); err != nil {
		t.Fatal(err)
	}
	tables := filepath.Join(dir, "tables")
	// First, before any test loads it (a loaded game stays for the process).
	status, _, errOut0 := runWith([]string{"tablebase", "probe", "--dir", tables, "tb-kalah", "2,2,2/2,2,2", "S", "0", "0", "-"}, "")
	if status == 0 || !strings.Contains(errOut0, "tb-kalah") {
		t.Errorf("probe without --variants: status %d, stderr %q", status, errOut0)
	}
	status, out, errOut := runWith([]string{"tablebase", "build", "--variants", rules, "--variant", "tb-kalah", "--seeds", "12", "--dir", tables}, "")
	if status != 0 || !strings.HasPrefix(out, "seeds ") || !strings.Contains(out, "\n12 ") {
		t.Fatalf("build: status %d, output\n%s\n%s", status, out, errOut)
	}
	status, out, errOut = runWith([]string{"tablebase", "probe", "--variants", rules, "--dir", tables, "tb-kalah", "2,2,2/2,2,2", "S", "0", "0", "-"}, "")
	if status != 0 {
		t.Fatalf("probe: status %d, output\n%s\n%s", status, out, errOut)
	}
	// c1's two seeds go into the store and a2: no extra turn; b1's end in the store.
	if !strings.Contains(out, "\nb1: ") || !strings.Contains(out, "(banks 1, moves again)") {
		t.Errorf("probe: the extra turn of b1 is not shown:\n%s", out)
	}
	value, ok := strings.CutPrefix(out, "value ")
	value, _, _ = strings.Cut(value, " ")
	solveStatus, solved, _ := runWith([]string{"--variants", rules, "solve", "tb-kalah"}, "")
	if !ok || solveStatus != 0 || !strings.HasSuffix(solved, "\nValue: "+value+"\n") {
		t.Errorf("the table's value of the start %q (from %q), solve's output ends %q", value, out, solved[max(0, len(solved)-20):])
	}
	status, out, errOut = runWith([]string{"tablebase", "build", "--variants", "../../board/testdata/rules", "--variant", "oware-file", "--seeds", "4", "--dir", tables}, "")
	if status != 0 || !strings.Contains(out, "\n4 ") {
		t.Errorf("majority game: build status %d, output\n%s\n%s", status, out, errOut)
	}
	// South to move with 22 against 22 and f1 its only move, a loss the table proves;
	// the table is right in sign only (the game played on past a store of 25), so
	// probe names the result, not a final score.
	status, out, errOut = runWith([]string{"tablebase", "probe", "--variants", "../../board/testdata/rules", "--dir", tables, "oware-file", "0,0,0,0,1,1/0,0,0,0,0,2", "S", "22", "22", "-"}, "")
	if status != 0 || !strings.Contains(out, "\nresult with perfect play: a loss for South (the table of the game played on past its majority") || strings.Contains(out, "final score") {
		t.Errorf("majority game: probe status %d, output\n%s\n%s", status, out, errOut)
	}
	status, _, errOut = runWith([]string{"tablebase", "build", "--variants", filepath.Join(dir, "none.toml"), "--variant", "tb-kalah", "--seeds", "1"}, "")
	if status != 2 || !strings.HasPrefix(errOut, "mancala: tablebase: --variants: rule file: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("a missing rule file: status %d, stderr %q", status, errOut)
	}
}

// TestEngineUsesAFileGamesTable: with TablebasePath set, the engine playing kalah-4-3
// (a game of the shipped rule file) opens its table: d shows the table's exact value
// of a 10-seed position, and go plays the table's move at once (tbhits 1, the final
// margin as its score).
func TestEngineUsesAFileGamesTable(t *testing.T) {
	v, err := board.VariantByName("kalah-4-3")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tb, err := tablebase.Build(v, 10, tablebase.Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("0,2,1,0/1,0,2,3 S 8 7 -") // c1 ends in the store: an extra turn
	if err != nil {
		t.Fatal(err)
	}
	lo, hi, ok := tb.Probe(&p)
	best, found := tb.BestMove(&p, nil)
	if !ok || lo != hi || !found {
		t.Fatalf("%s: table %d..%d, in it %v, best move found %v", p.String(), lo, hi, ok, found)
	}
	margin := p.Store(board.South) - p.Store(board.North) + lo
	out := untilBestMove(t, "setoption name Variant value kalah-4-3", "setoption name TablebasePath value "+dir,
		"position fen "+p.String(), "d", "go depth 5")
	wantD := fmt.Sprintf("Tablebase: %+d on the board for South (exact), final margin %+d", lo, margin)
	wantGo := fmt.Sprintf("score cp %d", 100*margin)
	if !strings.Contains(out, wantD) || !strings.Contains(out, "tbhits 1") || !strings.Contains(out, wantGo) ||
		!strings.Contains(out, "bestmove "+v.FormatMove(best.Move)) {
		t.Errorf("engine output lacks %q, tbhits 1, %q or bestmove %s:\n%s", wantD, wantGo, v.FormatMove(best.Move), out)
	}
}

// untilBestMove runs the engine, sends it the commands, and returns its output up to
// the first bestmove line; the input stays open until then (its end would mean quit).
func untilBestMove(t *testing.T, commands ...string) string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(nil, stdio{in: inR, out: outW, err: io.Discard})
		outW.Close()
	}()
	go io.WriteString(inW, strings.Join(commands, "\n")+"\n")
	var got []string
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		got = append(got, sc.Text())
		if strings.HasPrefix(sc.Text(), "bestmove") {
			break
		}
	}
	inW.Close()
	go io.Copy(io.Discard, outR)
	if status := <-done; status != 0 {
		t.Errorf("engine exit status %d", status)
	}
	return strings.Join(got, "\n")
}
