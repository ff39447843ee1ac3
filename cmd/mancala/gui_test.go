package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mancala/board"
	"mancala/protocol/client"
)

// TestGUICommandLine: the gui subcommand reads its own flags, and mistakes get a
// one-line message and status 2 (the server itself is tested in package gui).
func TestGUICommandLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gui", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"gui", "now"}, `unexpected arguments "now"`},
		{[]string{"gui", "--max-engines", "many"}, "invalid argument"},
	} {
		status, _, errOut := runWith(c.args, "")
		if status != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: status %d, stderr %q", c.args, status, errOut)
		}
	}
	status, _, errOut := runWith([]string{"gui", "--addr", "256.0.0.1:bad"}, "")
	if status != 1 || !strings.Contains(errOut, "mancala: gui:") {
		t.Errorf("unusable address: status %d, stderr %q", status, errOut)
	}
}

// TestGUIVariants: `mancala gui --variants FILE` (or the program's --variants before
// gui) loads the file's games, which the page then lists, and hands the file to every
// engine as its VariantPath option, by an absolute path; a bad file, or a file given
// both before and after gui, is a one-line mistake with status 2.
func TestGUIVariants(t *testing.T) {
	const file = "../../board/testdata/rules/oware-file.toml"
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--variants", file}, {}} {
		loadedRuleFile = ""
		if len(args) == 0 {
			loadedRuleFile = file // as run leaves it after mancala --variants FILE gui
		}
		var out, errOut bytes.Buffer
		cfg, _, status := guiConfig(args, stdio{out: &out, err: &errOut})
		if status != -1 {
			t.Fatalf("%q: status %d, stderr %q", args, status, errOut.String())
		}
		if _, err := board.VariantByName("oware-file"); err != nil {
			t.Errorf("%q: the file's game is not loaded: %v", args, err)
		}
		if !slices.Contains(cfg.EngineOptions, client.Option{Name: "VariantPath", Value: abs}) {
			t.Errorf("%q: engine options %v lack VariantPath %s", args, cfg.EngineOptions, abs)
		}
	}
	loadedRuleFile = ""
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variants", file, "gui", "--variants", file}, "--variants given twice"},
		{[]string{"gui", "--variants", "/nonexistent/games.toml"}, "gui: --variants: rule file:"},
	} {
		status, _, errOut := runWith(c.args, "")
		if status != 2 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q, want %q", c.args, status, errOut, c.want)
		}
	}
}
