package bench

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search"
)

// Signature is the bench node total. It changes whenever the search or the
// evaluation changes what it does; update it then, and quote it in the commit
// message as "Bench: <nodes>".
const Signature = 2815535

func TestBenchSignature(t *testing.T) {
	var out strings.Builder
	nodes, err := Run(&out)
	if err != nil {
		t.Fatal(err)
	}
	if nodes != Signature {
		t.Errorf("bench signature %d, want %d (update Signature if the search changed on purpose)", nodes, Signature)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(Suite)+5 {
		t.Fatalf("%d output lines, want one per position plus 5:\n%s", len(lines), out.String())
	}
	var sum uint64
	for _, l := range lines[:len(Suite)] {
		f := strings.Fields(l)
		n, err := strconv.ParseUint(f[len(f)-1], 10, 64)
		if err != nil {
			t.Fatalf("line %q: %v", l, err)
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
	ab := search.NewAlphaBeta(search.Options{HashMB: 1})
	random, err := search.New(search.AlphaBetaName, search.SkillRandom, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Match(v, ab, random, 3, search.Limits{Depth: 4}, 2, 1)
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
