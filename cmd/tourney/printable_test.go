package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/protocol/client/fakeengine"
	"mancala/protocol/printable"
)

// checkPrintable fails the test for every line of out that is not printable text.
func checkPrintable(t *testing.T, what, out string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !printable.IsLine(l) {
			t.Errorf("%s: line %q is not printable text", what, l)
		}
	}
}

// TestHostileTextPrintsAsPrintableLines: a match against an engine whose name and
// lines are hostile text, then --replay and report of its records with hostile
// names and moves written in, print printable lines only, on stdout and stderr.
func TestHostileTextPrintsAsPrintableLines(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.jsonl")
	args := append(engineArgs(fakeengine.Hostile, fakeengine.Random), "--variant", "adji-kui-1",
		"--depth", "1", "--rounds", "1", "--records", games)
	code, out, errs := runArgs(args...)
	checkPrintable(t, "match stdout", out)
	checkPrintable(t, "match stderr", errs)
	if code != 0 || !strings.Contains(errs, printable.Line(fakeengine.HostileText)) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	data, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	const hostile = `\u001b[2J\rbestmove a1\n\u0000\u0085\u202e\tend`
	text := strings.ReplaceAll(string(data), `"south":"A"`, `"south":"`+hostile+`"`)
	text = strings.Replace(text, `"move":"`, `"move":"`+hostile, 1)
	if err := os.WriteFile(games, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = runArgs("--replay", games)
	checkPrintable(t, "replay stdout", out)
	checkPrintable(t, "replay stderr", errs)
	if code != 1 || !strings.Contains(out, `\x1b[2J\x0dbestmove a1\x0a\x00\u0085\u202e end`) {
		t.Errorf("replay: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = runArgs("report", games)
	checkPrintable(t, "report stdout", out)
	checkPrintable(t, "report stderr", errs)
	if code != 0 {
		t.Errorf("report: exit %d\n%s\n%s", code, out, errs)
	}
}
