package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSolveSubcommand proves Kalah(3,3) and Kalah(4,3) in both capture rules, checks
// the lines the command prints and that its value is the one minimax gives (the
// search/solve tests check the solver against minimax on every small board).
func TestSolveSubcommand(t *testing.T) {
	for game, want := range map[string]string{
		"kalah-3-3": "Value: 2", "kalah-4-3": "Value: 8", "kalah-4-3-standard": "Value: 6",
	} {
		status, out, errOut := runWith([]string{"solve", "--hash", "16", game}, "")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if status != 0 || errOut != "" || lines[len(lines)-1] != want {
			t.Fatalf("solve %s: status %d, stderr %q, output\n%s\nwant it to end %q", game, status, errOut, out, want)
		}
		if !strings.HasPrefix(lines[0], "solving "+game+" from ") || !strings.Contains(out, "\nproven ") ||
			!strings.Contains(out, "\nTime: ") || !strings.Contains(out, "\nNodes: ") {
			t.Errorf("solve %s printed\n%s", game, out)
		}
	}
}

// TestSolveSubcommandBuildsTables checks --build-tables: the tables are built in the
// run, said so, probed (Table hits), and the value is the one the solve finds
// without them.
func TestSolveSubcommandBuildsTables(t *testing.T) {
	status, out, errOut := runWith([]string{"solve", "--hash", "16", "--build-tables", "8", "kalah-4-3"}, "")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if status != 0 || errOut != "" || lines[len(lines)-1] != "Value: 8" ||
		!strings.Contains(out, "\ntables of 0 to 8 seeds built in ") {
		t.Fatalf("status %d, stderr %q, output\n%s", status, errOut, out)
	}
	hits := ""
	for _, l := range lines {
		if h, ok := strings.CutPrefix(l, "Table hits: "); ok {
			hits = h
		}
	}
	if n, err := strconv.Atoi(hits); err != nil || n == 0 {
		t.Errorf("table hits %q in\n%s", hits, out)
	}
}

// TestSolveSubcommandStopsAtItsTime checks --time: a solve cut short ends with the
// bounds proven so far and exit status 1, not a value.
func TestSolveSubcommandStopsAtItsTime(t *testing.T) {
	status, out, _ := runWith([]string{"solve", "--hash", "16", "--time", "0.000001", "kalah-6-6"}, "")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if status != exitFailure || !strings.HasPrefix(lines[len(lines)-1], "Bounds: ") || strings.Contains(out, "Value:") {
		t.Fatalf("status %d, output\n%s", status, out)
	}
}

// TestSolveSubcommandMistakes checks the one-line errors and status 2 of bad calls.
func TestSolveSubcommandMistakes(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve"}, "solve needs a game"},
		{[]string{"solve", "chess"}, `unknown variant "chess"`},
		{[]string{"solve", "bao-la-kimasai"}, "does not end with a seed count"},
		{[]string{"solve", "--hash", "0", "kalah-3-3"}, "--hash must be from 1 to 65536"},
		{[]string{"solve", "--time", "-1", "kalah-3-3"}, "--time must not be negative"},
		{[]string{"solve", "--tables", "x", "--build-tables", "4", "kalah-3-3"}, "give one"},
		{[]string{"solve", "--build-tables", "99", "kalah-3-3"}, "out of range"},
		{[]string{"solve", "--build-tables", "4", "oware-abapa"}, "played on past a majority"},
		{[]string{"solve", "kalah-3-3", "1,2,3/4,5,6", "S", "0", "0", "-"}, "seeds in all"},
	} {
		status, out, errOut := runWith(c.args, "")
		if status != exitUsage || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want one line with %q", c.args, status, out, errOut, c.want)
		}
	}
}

// TestVariantsFlagLoadsARuleFile checks --variants: a rule file's game plays in perft
// and in the engine, whose VariantPath option names the file; a broken file stops
// the program with its file, line and key.
func TestVariantsFlagLoadsARuleFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(good, []byte("[flag-game]\nholes = 3\nseeds = 2\ncapture.counts = [2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errOut := runWith([]string{"--variants", good, "perft", "flag-game", "2"}, "")
	if status != 0 || !strings.Contains(out, "Nodes searched: 9\n") {
		t.Fatalf("perft of the file's game: status %d, stderr %q, output\n%s", status, errOut, out)
	}
	status, out, _ = runWith([]string{"--variants", good, "--variant", "flag-game"}, "uci\nd\nquit\n")
	if status != 0 || !strings.Contains(out, "option name VariantPath type string default "+good+"\n") ||
		!strings.Contains(out, "Variant: flag-game") {
		t.Fatalf("engine with the file's game: status %d, output\n%s", status, out)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[g]\nholes = 3\nseeds = 2\nsow.laps = \"forever\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errOut = runWith([]string{"--variants", bad, "perft", "g", "2"}, "")
	if status != exitUsage || out != "" || !strings.Contains(errOut, bad+":4: g.sow.laps: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("a broken file: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}

// TestSolveWithTables: solve --tables DIR reads kalah-4-3's table (to 12 of its 24
// seeds) and proves the same value as without, in fewer nodes, saying how many
// positions the table settled; a folder without the game's table is one error line,
// and Oware Abapa's tables (the game played on past a majority) are refused.
func TestSolveWithTables(t *testing.T) {
	dir := t.TempDir()
	if status, out, errOut := runWith([]string{"tablebase", "build", "--variant", "kalah-4-3", "--seeds", "12", "--dir", dir}, ""); status != 0 {
		t.Fatalf("build: status %d\n%s\n%s", status, out, errOut)
	}
	nodes := func(out string) int {
		_, after, _ := strings.Cut(out, "\nNodes: ")
		n, _ := strconv.Atoi(strings.SplitN(after, "\n", 2)[0])
		return n
	}
	_, plain, _ := runWith([]string{"solve", "--hash", "16", "kalah-4-3"}, "")
	status, out, errOut := runWith([]string{"solve", "--hash", "16", "--tables", dir, "kalah-4-3"}, "")
	if status != 0 || !strings.HasSuffix(out, "\nValue: 8\n") || !strings.Contains(out, "\nTable hits: ") ||
		strings.Contains(out, "\nTable hits: 0\n") || nodes(out) == 0 || nodes(out) >= nodes(plain) {
		t.Errorf("with tables: status %d, stderr %q, output\n%s\nwithout:\n%s", status, errOut, out, plain)
	}
	status, out, errOut = runWith([]string{"solve", "--tables", dir, "kalah-4-3-standard"}, "")
	if status != 1 || out != "" || !strings.Contains(errOut, "no endgame table of kalah-4-3-standard") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("another game's folder: status %d, stdout %q, stderr %q", status, out, errOut)
	}
	ow := t.TempDir()
	if status, _, errOut := runWith([]string{"tablebase", "build", "--variant", "oware-abapa", "--seeds", "2", "--dir", ow}, ""); status != 0 {
		t.Fatalf("build oware-abapa: %s", errOut)
	}
	status, out, errOut = runWith([]string{"solve", "--tables", ow, "oware-abapa"}, "")
	if status != exitUsage || out != "" || !strings.Contains(errOut, "played on past a majority") {
		t.Errorf("oware-abapa: status %d, stdout %q, stderr %q", status, out, errOut)
	}
}
