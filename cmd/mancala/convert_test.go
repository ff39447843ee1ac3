package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShippedStoneSharkFileIsTheConversion checks that board/games/stoneshark.toml is
// what mancala convert makes of StoneShark's files today (when its checkout is
// beside the repository), so that the shipped games are StoneShark's, refusals and all.
func TestShippedStoneSharkFileIsTheConversion(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "stoneshark", "GameProps")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no StoneShark checkout at ../shared/stoneshark")
	}
	status, out, errOut := runWith([]string{"convert", dir}, "")
	if status != 0 || errOut != "" {
		t.Fatalf("convert: status %d, stderr %q", status, errOut)
	}
	shipped, err := os.ReadFile(filepath.Join("..", "..", "board", "games", "stoneshark.toml"))
	if err != nil {
		t.Fatal(err)
	}
	// The command names the folder as it was given: from the repository, ../shared/...
	got := strings.ReplaceAll(out, filepath.ToSlash(dir), "../shared/stoneshark/GameProps")
	if got != string(shipped) {
		t.Errorf("board/games/stoneshark.toml is not the conversion: regenerate it (docs/stoneshark.md)")
	}
	if !strings.Contains(got, "\n[oware]\n") || !strings.Contains(got, "\n# ../shared/stoneshark/GameProps/Diffusion.txt: Diffusion: game_class = Diffusion: not supported yet") {
		t.Errorf("the conversion lacks Oware or Diffusion's refusal")
	}
}

// TestConvertWritesAFileThatReadsBack converts a StoneShark file with a refused
// variant and reads the output back with --variants: the game plays, the refusal is a
// comment; bad calls get one line and status 2.
func TestConvertWritesAFileThatReadsBack(t *testing.T) {
	dir := t.TempDir()
	ss := filepath.Join(dir, "Tiny_Wari.txt")
	if err := os.WriteFile(ss, []byte(`{"game_class": "Mancala", "game_constants": {"holes": 3, "nbr_start": 3},
 "game_info": {"name": "Tiny Wari", "capt_on": [2, 3], "multicapt": -1, "capt_side": 1, "stores": true},
 "variants": {"Tiny_Wari": {}, "Rounds": {"rounds": 3}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errOut := runWith([]string{"convert", ss}, "")
	if status != 0 || errOut != "" || !strings.Contains(out, "[tiny-wari]\n") ||
		!strings.Contains(out, "# "+filepath.ToSlash(ss)+": Tiny_Wari::Rounds: rounds = 3: not supported yet\n") {
		t.Fatalf("convert: status %d, stderr %q, output\n%s", status, errOut, out)
	}
	toml := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(toml, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	want := mustRun(t, "--variants", ss, "perft", "Tiny_Wari", "6")
	if got := mustRun(t, "--variants", toml, "perft", "tiny-wari", "6"); lastLines(got, 3)[0] != lastLines(want, 3)[0] {
		t.Errorf("perft of the converted game: %q, of StoneShark's file: %q", lastLines(got, 3)[0], lastLines(want, 3)[0])
	}
	for _, args := range [][]string{{"convert"}, {"convert", filepath.Join(dir, "none")}, {"convert", t.TempDir()}} {
		status, out, errOut := runWith(args, "")
		if status != exitUsage || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want one line and status 2", args, status, out, errOut)
		}
	}
}

// mustRun runs the program and returns its output, failing the test unless it succeeds.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	status, out, errOut := runWith(args, "")
	if status != 0 {
		t.Fatalf("%q: status %d, stderr %q", args, status, errOut)
	}
	return out
}

// lastLines returns the last n lines of out.
func lastLines(out string, n int) []string {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return lines[max(0, len(lines)-n):]
}
