package main

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
)

// TestOpeningsAreOfTheAskedKind: openings writes n distinct positions, each after
// the opening's cycle, with lo..hi seeds on the board and a store lead of at most
// lead, from games of the one driver; the same seed writes the same file.
func TestOpeningsAreOfTheAskedKind(t *testing.T) {
	v := board.AdjiKui1.Get()
	var out, again bytes.Buffer
	if err := openings(&out, v, 21, 26, 1, 6, rand.New(rand.NewPCG(21, 0))); err != nil {
		t.Fatal(err)
	}
	if err := openings(&again, v, 21, 26, 1, 6, rand.New(rand.NewPCG(21, 0))); err != nil || again.String() != out.String() {
		t.Errorf("the same seed wrote another file (%v):\n%s\n%s", err, out.String(), again.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		p, err := v.ParsePosition(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		me := p.SideToMove()
		if k := p.SeedsOnBoard(); k < 21 || k > 26 || p.OpeningLeft() != 0 || abs(p.Store(me)-p.Store(me.Other())) > 1 || seen[l] {
			t.Errorf("%s: %d seeds on the board, lead %d, seen before %v", l, k, p.Store(me)-p.Store(me.Other()), seen[l])
		}
		seen[l] = true
	}
	if len(lines) != 6 {
		t.Errorf("%d positions, want 6", len(lines))
	}
}
