package search

import (
	"testing"

	"mancala/board"
)

func TestPathStackFindsRepeats(t *testing.T) {
	p := mustPosition(t, "adji-kui-1", "")
	q, err := p.Play(board.Move(0)) // a1: four seeds to b1..e1, no capture
	if err != nil {
		t.Fatal(err)
	}
	var s pathStack
	s.reset(4)
	s.push(&p)
	if _, ok := s.repeated(); ok {
		t.Fatal("a single position repeats")
	}
	s.push(&q)
	if _, ok := s.repeated(); ok {
		t.Fatal("a new position repeats")
	}
	s.push(&p)
	if j, ok := s.repeated(); !ok || j != 0 {
		t.Fatalf("repeat of position 0 not found: %d %v", j, ok)
	}
	s.pop()
	s.pop()
	s.pop()
	if len(s.keys) != 0 || s.filter != [1 << 12]uint16{} {
		t.Error("pop did not undo push")
	}
}

func TestPathStackRunsEndAtCaptures(t *testing.T) {
	// Positions equal except for a store cannot be compared across the capture
	// that separates them: the store is part of the position.
	a := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 20 22 -")
	b := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 21 21 -")
	var s pathStack
	s.reset(3)
	s.push(&a)
	s.push(&b)
	if s.runStart[1] != 1 {
		t.Errorf("run start %d after a store change, want 1", s.runStart[1])
	}
	s.push(&a)
	if s.runStart[2] != 2 {
		t.Errorf("run start %d, want 2", s.runStart[2])
	}
}
