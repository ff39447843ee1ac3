package main

import (
	"strings"
	"testing"
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
