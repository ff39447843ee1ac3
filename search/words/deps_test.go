package words

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// clientSide are the packages that only read and write the protocol's words: the
// client, the match runner, the compliance check and the page. (cmd/tourney is not
// among them: it runs an alpha-beta search of its own to balance random openings,
// --opening-depth, and so links the search as cmd/ may.)
var clientSide = []string{
	"mancala/protocol/client",
	"mancala/protocol/tournament",
	"mancala/protocol/compliance",
	"mancala/protocol/printable",
	"mancala/gui",
}

// searchSide reports whether pkg is the search or the evaluation (with its embedded
// weights), which the client side must not link; this package is the one exception
// under search/.
func searchSide(pkg string) bool {
	if pkg == "mancala/search/words" {
		return false
	}
	for _, p := range []string{"mancala/search", "mancala/eval"} {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// TestClientSideLinksNoSearch: the client side's packages, with everything they import
// (test files aside), reach neither the search nor the evaluation: the vocabulary they
// share with the engine is this package's. It asks the go tool, and skips where there is none or
// no process can start.
func TestClientSideLinksNoSearch(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go tool to list the imports: %v", err)
	}
	args := append([]string{"list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`}, clientSide...)
	out, err := exec.Command(goTool, args...).Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, exit.Stderr)
	case err != nil: // no processes here (js/wasm under Node, wasip1)
		t.Skipf("cannot run the go tool to list the imports: %v", err)
	}
	listed := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		listed++
		var bad []string
		for _, dep := range f[1:] {
			if searchSide(dep) {
				bad = append(bad, dep)
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s depends on %s", f[0], strings.Join(bad, ", "))
		}
	}
	if listed != len(clientSide) {
		t.Errorf("go list gave %d packages, want %d:\n%s", listed, len(clientSide), out)
	}
}

// TestSearchSide: the test's own filter tells the search and the evaluation from
// packages that merely share a prefix, and lets this package through.
func TestSearchSide(t *testing.T) {
	for pkg, want := range map[string]bool{
		"mancala/search": true, "mancala/search/alphabeta": true, "mancala/eval": true,
		"mancala/eval/weights": true, "mancala/search/words": false, "mancala/searchlight": false,
		"mancala/protocol": false, "mancala/board": false,
	} {
		if got := searchSide(pkg); got != want {
			t.Errorf("searchSide(%q) = %v, want %v", pkg, got, want)
		}
	}
}
