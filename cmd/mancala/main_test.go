package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"mancala/board"
)

// runWith runs the program with the given arguments and input.
func runWith(args []string, input string) (status int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	status = run(args, stdio{in: strings.NewReader(input), out: &out, err: &errOut})
	return status, out.String(), errOut.String()
}

// --version and the version subcommand print the name, the version and the commit
// from the build information (a test binary has none: TestVersionOfABuiltBinary).
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		status, out, _ := runWith(args, "")
		if want := "mancala (devel) (commit unknown: built without version control information)\n"; status != 0 || out != want {
			t.Errorf("%q: status %d, output %q, want %q", args, status, out, want)
		}
	}
}

// help, --help and -h print the usage, naming every subcommand and flag, on standard
// output and exit 0.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		status, out, errOut := runWith(args, "")
		if status != 0 || errOut != "" {
			t.Errorf("%q: status %d, stderr %q", args, status, errOut)
		}
		for name := range subcommands {
			if !strings.Contains(out, "mancala "+name) {
				t.Errorf("%q: the usage does not mention %s:\n%s", args, name, out)
			}
		}
		if !strings.Contains(out, "--variant") || !strings.Contains(out, "--version") {
			t.Errorf("%q: the usage lacks the flags:\n%s", args, out)
		}
	}
}

func TestProtocolOnStdin(t *testing.T) {
	status, out, _ := runWith([]string{"--variant", "adji-boto"}, "isready\nd\n")
	if status != 0 || !strings.HasPrefix(out, "readyok\n") ||
		!strings.Contains(out, "\nFen: 10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2\n") {
		t.Errorf("status %d, output\n%s", status, out)
	}
}

func TestPerftSubcommand(t *testing.T) {
	// Adji Kui I at the start: six moves of one sequence each.
	status, out, _ := runWith([]string{"perft", "adji-kui-1", "1", "4,4,4,4,4,4/4,4,4,4,4,4", "S", "0", "0", "-"}, "")
	if status != 0 || !strings.HasPrefix(out, "a1: 1\nb1: 1\nc1: 1\nd1: 1\ne1: 1\nf1: 1\n\nNodes searched: 6\n") {
		t.Errorf("status %d, output\n%s", status, out)
	}
}

// The perft subcommand prints board.DivideGame's counts: the depth-4 anchors of the
// rules from each start position, split by first move.
func TestPerftSubcommandDivides(t *testing.T) {
	for _, v := range board.Samples() {
		status, out, errOut := runWith([]string{"perft", v.Name, "4"}, "")
		p := v.StartPosition()
		entries, err := board.DivideGame([]board.Position{p}, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want strings.Builder
		var total uint64
		for _, e := range entries {
			fmt.Fprintf(&want, "%s: %d\n", v.FormatMove(e.Move), e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintf(&want, "\nNodes searched: %d\n", total)
		if status != 0 || errOut != "" || !strings.HasPrefix(out, want.String()) {
			t.Errorf("%s: status %d, stderr %q, output\n%s\nwant it to start with\n%s", v.Name, status, errOut, out, want.String())
		}
	}
}

// Every command-line mistake is one line on standard error and exit status 2, with
// nothing on standard output.
func TestCommandLineMistakes(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"perft", "je-ki-n-je", "two"}, `depth must be a whole number from 1 to 1000, not "two"`},
		{[]string{"perft", "je-ki-n-je", "0"}, `depth must be a whole number from 1 to 1000, not "0"`},
		{[]string{"perft", "je-ki-n-je", "2000000"}, `depth must be a whole number from 1 to 1000, not "2000000"`},
		{[]string{"perft", "chess", "2"}, `unknown variant "chess"`},
		{[]string{"perft", "je-ki-n-je", "2", "4,4 S 0 0 -"}, "Je ki n je has 2 rows"},
		{[]string{"perft", "adji-kui-1"}, "perft needs a depth after the variant: mancala perft VARIANT DEPTH [POSITION]"},
		{[]string{"perft"}, "perft needs a variant and a depth"},
		{[]string{"bench", "16", "1", "5"}, `bench takes no arguments, got "16 1 5"`},
		{[]string{"bench", "--threads", "0"}, "bench: --threads must be from 1 to 64, not 0"},
		{[]string{"bench", "--threads", "65"}, "bench: --threads must be from 1 to 64, not 65"},
		{[]string{"bench", "--threads", "two"}, `bench: invalid argument "two" for "--threads" flag`},
		{[]string{"bench", "--depth", "8"}, "bench: --depth goes with --variant (the suite's depths are fixed)"},
		{[]string{"bench", "--variant", "chess"}, `bench: unknown variant "chess"`},
		{[]string{"bench", "--variant", "oware", "--depth", "101"}, "bench: --depth must be from 1 to 100, not 101"},
		{[]string{"help", "me"}, `help takes no arguments, got "me"`},
		{[]string{"version", "2"}, `version takes no arguments, got "2"`},
		{[]string{"fly"}, `unknown command "fly"`},
		{[]string{"perfft", "je-ki-n-je", "3"}, `unknown command "perfft"; did you mean perft?`},
		{[]string{"vesrion"}, `unknown command "vesrion"; did you mean version?`},
		{[]string{"--fly"}, "unknown flag: --fly"},
		{[]string{"--variant", "chess"}, `--variant: unknown variant "chess"`},
	} {
		status, out, errOut := runWith(c.args, "")
		if status != 2 || out != "" || !strings.Contains(errOut, c.stderr) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want status 2 and one line with %q", c.args, status, out, errOut, c.stderr)
		}
	}
}

// A huge argument is quoted as a short excerpt.
func TestCommandLineMistakeQuotesAnExcerpt(t *testing.T) {
	huge := strings.Repeat("x", 60000)
	for _, args := range [][]string{{huge}, {"perft", "je-ki-n-je", huge}, {"perft", huge, "1"}, {"perft", "je-ki-n-je", "1", huge}} {
		status, _, errOut := runWith(args, "")
		if status != 2 || len(errOut) > 300 {
			t.Errorf("status %d, %d bytes of error: %.100q", status, len(errOut), errOut)
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
		if status, out, errOut := runWith(args, ""); status != 2 || out != "" || !strings.HasPrefix(errOut, "mancala: selfplay: ") {
			t.Errorf("%q: status %d, output %q, stderr %q", args, status, out, errOut)
		}
	}
}
