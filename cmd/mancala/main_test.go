package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"mancala/protocol"
)

// runWith runs the program with the given arguments and input.
func runWith(args []string, input string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(input), &out, &errOut)
	return status, out.String(), errOut.String()
}

func TestVersion(t *testing.T) {
	status, out, _ := runWith([]string{"--version"}, "")
	if status != 0 || out != "mancala "+protocol.Version+"\n" {
		t.Errorf("--version: status %d, output %q", status, out)
	}
}

func TestProtocolOnStdin(t *testing.T) {
	status, out, _ := runWith([]string{"--variant", "adji-boto"}, "isready\nd\n")
	if status != 0 || !strings.HasPrefix(out, "readyok\n") ||
		!strings.Contains(out, "\nFen: 10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2\n") {
		t.Errorf("status %d, output\n%s", status, out)
	}
}

func TestUnknownVariantFlag(t *testing.T) {
	status, _, errOut := runWith([]string{"--variant", "chess"}, "")
	if status != 1 || !strings.Contains(errOut, `unknown variant "chess"`) {
		t.Errorf("status %d, stderr %q", status, errOut)
	}
}

func TestPerftSubcommand(t *testing.T) {
	// Adji Kui I at the start: six moves of one sequence each.
	status, out, _ := runWith([]string{"perft", "adji-kui-1", "1", "4,4,4,4,4,4/4,4,4,4,4,4", "S", "0", "0", "-"}, "")
	if status != 0 || !strings.HasPrefix(out, "a1: 1\nb1: 1\nc1: 1\nd1: 1\ne1: 1\nf1: 1\n\nNodes searched: 6\n") {
		t.Errorf("status %d, output\n%s", status, out)
	}
}

func TestPerftSubcommandErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"perft", "je-ki-n-je", "two"}, 2, `depth must be a whole number, not "two"`},
		{[]string{"perft", "chess", "2"}, 1, `unknown variant "chess"`},
		{[]string{"perft", "je-ki-n-je", "2", "4,4 S 0 0 -"}, 1, "Je ki n je has 2 rows"},
		{[]string{"perft", "je-ki-n-je"}, 2, "unknown command line"},
		{[]string{"fly"}, 2, "unknown command line"},
		{[]string{"--fly"}, 2, "unknown flag: --fly"},
	} {
		status, out, errOut := runWith(c.args, "")
		if status != c.status || out != "" || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want status %d and %q", c.args, status, out, errOut, c.status, c.stderr)
		}
	}
}

func TestSelfplaySubcommand(t *testing.T) {
	for _, alg := range []string{"alphabeta", "mcts"} {
		args := []string{"selfplay", "--variant", "adji-kui-1", "--feature", "mobility", "--pairs", "1",
			"--depth", "2", "--search", alg}
		if alg == "mcts" {
			args = append(args, "--movetime", "2ms")
		}
		status, out, errOut := runWith(args, "")
		f := strings.Fields(out)
		if status != 0 || len(f) < 7 || f[0] != "adji-kui-1" || f[1] != "mobility" || !strings.HasPrefix(f[5], "+") {
			t.Errorf("%s: status %d, output %q, stderr %q", alg, status, out, errOut)
			continue
		}
		// One pair is two games: wins, losses and draws add up to 2.
		var w, l, d int
		if _, err := fmt.Sscanf(strings.Join(f[5:8], " "), "+%d -%d =%d", &w, &l, &d); err != nil || w+l+d != 2 {
			t.Errorf("%s: result %q: %d games, %v", alg, strings.Join(f[5:8], " "), w+l+d, err)
		}
	}
}

func TestSelfplayMistakes(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "--pairs", "0"},
		{"selfplay", "--feature", "speed"},
		{"selfplay", "--variant", "chess"},
		{"selfplay", "--search", "minimax"},
		{"selfplay", "extra"},
		{"selfplay", "--no-such-flag"},
	} {
		if status, out, errOut := runWith(args, ""); status != 2 || out != "" || !strings.HasPrefix(errOut, "mancala selfplay: ") {
			t.Errorf("%q: status %d, output %q, stderr %q", args, status, out, errOut)
		}
	}
}
