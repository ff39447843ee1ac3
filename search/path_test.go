package search

import (
	"testing"

	"mancala/board"
)

// mustPosition parses a position of the named game (its start position for "") or
// fails the test.
func mustPosition(t testing.TB, variant, s string) board.Position {
	t.Helper()
	v, err := board.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	p := v.StartPosition()
	if s != "" {
		if p, err = v.ParsePosition(s); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func TestPathFindsRepeats(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "")
	q, err := p.Play(board.Move(0)) // a1: four seeds to b1..e1, no capture
	if err != nil {
		t.Fatal(err)
	}
	var s Path
	s.Reset(nil)
	s.Push(&p)
	if _, ok := s.Repeated(); ok {
		t.Fatal("a single position repeats")
	}
	s.Push(&q)
	if _, ok := s.Repeated(); ok {
		t.Fatal("a new position repeats")
	}
	s.Push(&p)
	if j, ok := s.Repeated(); !ok || j != 0 {
		t.Fatalf("repeat of position 0 not found: %d %v", j, ok)
	}
	s.Pop()
	s.Pop()
	s.Pop()
	if len(s.keys) != 0 || s.filter != [1 << 12]uint16{} {
		t.Error("pop did not undo push")
	}
}

func TestPathRunsEndAtCaptures(t *testing.T) {
	// Positions equal except for a store cannot be compared across the capture
	// that separates them: the store is part of the position.
	a := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 20 22 -")
	b := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 21 21 -")
	var s Path
	s.Reset(nil)
	s.Push(&a)
	s.Push(&b)
	if s.runStart[1] != 1 {
		t.Errorf("run start %d after a store change, want 1", s.runStart[1])
	}
	s.Push(&a)
	if s.runStart[2] != 2 {
		t.Errorf("run start %d, want 2", s.runStart[2])
	}
}

func TestPathResetHoldsTheGame(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "")
	q, err := p.Play(board.Move(0))
	if err != nil {
		t.Fatal(err)
	}
	var s Path
	s.Reset([]board.Position{p, q})
	s.Push(&p)
	if j, ok := s.Repeated(); !ok || j != 0 {
		t.Errorf("a repeat of the game's first position not found: %d %v", j, ok)
	}
	s.Truncate(2)
	if s.Len() != 2 {
		t.Errorf("Truncate(2) left %d positions", s.Len())
	}
	s.Reset(nil)
	s.Push(&p)
	if _, ok := s.Repeated(); ok {
		t.Error("Reset did not forget the old game")
	}
}
