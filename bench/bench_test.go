package bench

import (
	"bufio"
	"fmt"
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
const Signature = 2064914

// entryNodes are the node counts of the suite's entries, in order; they sum to
// Signature.
var entryNodes = []uint64{
	108228, 133001, 72092, 47043, 220193, 34517, 37133, 45837,
	106549, 53958, 166413, 165686, 332979, 75452, 404147, 61686,
}

// raceEntries are the entries searched under the race detector: the bench is one
// goroutine of pure computation, which the detector slows about tenfold and has
// nothing to find in, so it checks one entry per game (a tenth of the nodes) there,
// and the whole suite and its signature without it.
var raceEntries = []int{3, 5, 9, 15}

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
	nodes, err := RunSuite(&out, suite)
	if err != nil {
		t.Fatal(err)
	}
	if !raceEnabled && nodes != Signature {
		t.Errorf("bench signature %d, want %d (update Signature if the search changed on purpose)", nodes, Signature)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(suite)+4 {
		t.Fatalf("%d output lines, want one per position plus 4:\n%s", len(lines), out.String())
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
	if want := fmt.Sprintf("Nodes searched  : %d", nodes); sum != nodes || lines[len(lines)-2] != want {
		t.Errorf("per-position nodes sum to %d; total line %q, want %q", sum, lines[len(lines)-2], want)
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

func TestPerftDivide(t *testing.T) {
	// Depth-4 anchors of the rules, from each start position.
	anchors := map[string]uint64{"je-ki-n-je": 584, "adji-kui-1": 900, "adji-boto": 400, "bao-la-kimasai": 2912}
	for name, want := range anchors {
		var out strings.Builder
		if err := Perft(&out, name, 4, ""); err != nil {
			t.Fatal(err)
		}
		v, _ := board.VariantByName(name)
		p := v.StartPosition()
		var ml board.MoveList
		p.LegalMoves(&ml)
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		var sum uint64
		moves := 0
		for sc.Scan() && sc.Text() != "" {
			move, count, ok := strings.Cut(sc.Text(), ": ")
			n, err := strconv.ParseUint(count, 10, 64)
			if !ok || err != nil {
				t.Fatalf("%s: bad divide line %q", name, sc.Text())
			}
			if _, err := v.ParseMove(move); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			sum += n
			moves++
		}
		sc.Scan()
		if moves != ml.N || sum != want || sc.Text() != fmt.Sprintf("Nodes searched: %d", want) {
			t.Errorf("%s: %d lines summing to %d, then %q; want %d lines and %d", name, moves, sum, sc.Text(), ml.N, want)
		}
	}
}

func TestPerftBadInput(t *testing.T) {
	for _, tc := range []struct {
		variant, fen string
		depth        int
	}{
		{"chess", "", 3},
		{"je-ki-n-je", "", 0},
		{"je-ki-n-je", "4,4,4/4,4,4 S 0 0 -", 2},
	} {
		var out strings.Builder
		if err := Perft(&out, tc.variant, tc.depth, tc.fen); err == nil || out.Len() != 0 {
			t.Errorf("%+v: error %v, output %q", tc, err, out.String())
		}
	}
	var out strings.Builder
	if err := Perft(&out, "adji-kui-1", 2, "0,0,0,0,0,1/0,0,0,0,2,0 S 20 25 -"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "e1: ") {
		t.Errorf("perft from a position lacks its move e1:\n%s", out.String())
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
