package bench

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/baseline"
)

// Signature is the bench node total. It changes whenever the search or the
// evaluation changes what it does; update it then, and quote it in the commit
// message as "Bench: <nodes>".
const Signature = 1225247

// entryNodes are the node counts of the suite's entries, in order; they sum to
// Signature.
var entryNodes = []uint64{
	23102, 56058, 16181, 15626, 126473, 10103, 28524, 9515,
	121752, 51046, 64378, 13665, 127941, 91810, 180474, 37234,
	154565, 42873, 53026, 901,
}

// raceEntries are the entries searched under the race detector: the bench is one
// goroutine of pure computation, which the detector slows about tenfold and has
// nothing to find in, so it checks one entry per game (a tenth of the nodes) there,
// and the whole suite and its signature without it.
var raceEntries = []int{3, 5, 11, 15, 19}

func TestBenchSignature(t *testing.T) {
	var sum uint64
	for _, n := range entryNodes {
		sum += n
	}
	if len(entryNodes) != len(Suite) || sum != Signature {
		t.Fatalf("%d entry counts summing to %d for %d entries and signature %d", len(entryNodes), sum, len(Suite), Signature)
	}
	suite, want := Suite, entryNodes
	if raceEnabled {
		suite, want = nil, nil
		for _, i := range raceEntries {
			suite, want = append(suite, Suite[i]), append(want, entryNodes[i])
		}
	}
	var out strings.Builder
	nodes, err := RunSuite(&out, suite, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !raceEnabled && nodes != Signature {
		t.Errorf("bench signature %d, want %d (update Signature if the search changed on purpose)", nodes, Signature)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(suite)+5 {
		t.Fatalf("%d output lines, want one per position plus 5:\n%s", len(lines), out.String())
	}
	sum = 0
	for i, l := range lines[:len(suite)] {
		f := strings.Fields(l)
		n, err := strconv.ParseUint(f[len(f)-1], 10, 64)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if n != want[i] {
			t.Errorf("line %q: %d nodes, want %d", l, n, want[i])
		}
		sum += n
	}
	if want := fmt.Sprintf("Nodes searched  : %d", nodes); sum != nodes || lines[len(lines)-3] != want {
		t.Errorf("per-position nodes sum to %d; total line %q, want %q", sum, lines[len(lines)-3], want)
	}
	// The last line is the signature in Stockfish's form, as docs/strength.md quotes it.
	if want := fmt.Sprintf("Bench: %d", nodes); lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
}

func TestSuitePositionsAreValid(t *testing.T) {
	for i, e := range Suite {
		v, err := board.VariantByName(e.Variant)
		if err != nil {
			t.Fatalf("entry %d: %v", i+1, err)
		}
		p, err := v.ParsePosition(e.Position)
		if err != nil {
			t.Fatalf("entry %d: %v", i+1, err)
		}
		if p.Result().Over() || e.Depth < 1 {
			t.Errorf("entry %d: game over or no depth", i+1)
		}
	}
}

func TestMatchSearchBeatsRandom(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	ab := alphabeta.New(search.Options{HashMB: 1})
	res, err := Match(v, ab, baseline.NewRandom(), 3, search.Limits{Depth: 4}, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games() != 6 || res.Wins < 5 {
		t.Errorf("depth-4 search against random moves: %v, want at least 5 wins of 6", res)
	}
	if got := (MatchResult{Wins: 1, Draws: 2, Losses: 1}).Score(); got != 0.5 {
		t.Errorf("score of +1 -1 =2 is %v", got)
	}
}

// TestBenchWithThreads runs a shortened suite on two threads: every entry answers a
// legal move, and the summary lines follow.
func TestBenchWithThreads(t *testing.T) {
	var suite []Entry
	for _, i := range raceEntries {
		e := Suite[i]
		e.Depth -= 4
		suite = append(suite, e)
	}
	var out strings.Builder
	nodes, err := RunSuite(&out, suite, 2)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if nodes == 0 || len(lines) != len(suite)+5 || lines[len(lines)-1] != "Bench: "+strconv.FormatUint(nodes, 10) {
		t.Fatalf("%d nodes, output:\n%s", nodes, out.String())
	}
	for i, e := range suite {
		v, _ := board.VariantByName(e.Variant)
		p, _ := v.ParsePosition(e.Position)
		f := strings.Fields(lines[i])
		m, err := v.ParseMove(f[len(f)-3])
		if _, perr := p.Play(m); err != nil || perr != nil {
			t.Errorf("line %q: the best move is not legal (%v, %v)", lines[i], err, perr)
		}
	}
}

// TestGameSuiteOfAnyGame: the bench of one game, a rule file's too, is its start and
// two positions of one fixed game, legal positions of that game, and searching it
// twice gives the same node total (a signature).
func TestGameSuiteOfAnyGame(t *testing.T) {
	for _, name := range []string{"kalah-6-4", "songo", "adji-kui-1"} {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		suite := GameSuite(v, 6)
		if len(suite) != 3 || suite[0].Position != v.Start || suite[1].Position == suite[2].Position {
			t.Fatalf("%s: suite %v, want the start and two other positions", name, suite)
		}
		for _, e := range suite {
			if _, err := v.ParsePosition(e.Position); err != nil || e.Variant != name || e.Depth != 6 {
				t.Errorf("%s: entry %v: %v", name, e, err)
			}
		}
		if again := GameSuite(v, 6); !slices.Equal(again, suite) {
			t.Errorf("%s: a second suite %v differs from %v", name, again, suite)
		}
		var out strings.Builder
		first, err := RunSuite(&out, suite, 1)
		if err != nil {
			t.Fatal(err)
		}
		second, err := RunSuite(io.Discard, suite, 1)
		if err != nil || first != second || first == 0 {
			t.Errorf("%s: node totals %d and %d (%v)", name, first, second, err)
		}
		if !strings.HasSuffix(out.String(), "Bench: "+strconv.FormatUint(first, 10)+"\n") {
			t.Errorf("%s: output ends %q", name, out.String()[max(0, out.Len()-40):])
		}
	}
}
