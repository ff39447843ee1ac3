package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/protocol/client/fakeengine"
)

func TestMain(m *testing.M) { fakeengine.Main(m) }

func TestMatchThenReplay(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.jsonl")
	self := os.Args[0]
	var out, errs bytes.Buffer
	code := run([]string{"--variant", "adji-kui-1",
		"--engine", "name=R", "cmd=" + self, "env=" + fakeengine.Env + "=random",
		"--engine", "name=F cmd=" + self + " env=" + fakeengine.Env + "=first",
		"--each", "env=GORACE=atexit_sleep_ms=0", "--tc", "2+0.05", "--rounds", "2", "--opening-plies", "2",
		"--games", games, "--quiet"}, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errs.String())
	}
	if !strings.Contains(out.String(), "R vs F") || !strings.Contains(out.String(), "4 of 4 games played") {
		t.Errorf("report:\n%s", out.String())
	}
	out.Reset()
	if code := run([]string{"--replay", games}, &out, &errs); code != 0 || !strings.Contains(out.String(), "replayed 4 games, 0 failed") {
		t.Errorf("replay exit %d:\n%s", code, out.String())
	}
}

func TestBadCommandLines(t *testing.T) {
	for _, args := range [][]string{
		{"--variant", "chess"},
		{"--engine", "name=A"},
		{"--engine", "cmd=x", "--engine", "cmd=y", "--tc", "fast"},
		{"--sprt", "elo0=5", "elo1=0"},
		{"--no-such-flag"},
		{"--replay", "/nonexistent/file"},
	} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs.String())
		}
	}
}
