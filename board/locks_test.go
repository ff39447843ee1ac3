package board_test

import (
	"testing"

	"mancala/board"
)

// locksGame is a game of four holes whose holes are locked until played
// (capture.locked_until_played), capturing twos backwards on the opponent's row.
const locksGame = `[locks-test]
holes = 4
seeds = 2
stores = true
capture.counts = [2]
capture.side = "opponent"
capture.chain = "backward"
capture.locked_until_played = true
`

// TestLockedUntilPlayed plays capture.locked_until_played: every hole begins
// locked ("2r"); playing a hole unlocks it; nothing is captured from a locked
// hole, and a locked hole ends a chain of captures.
func TestLockedUntilPlayed(t *testing.T) {
	vs, err := board.LoadRules("locks.toml", locksGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	if v.Start != "2r,2r,2r,2r/2r,2r,2r,2r S 0 0 -" {
		t.Errorf("start %q: every hole should begin locked", v.Start)
	}
	for _, c := range []struct{ what, from, move, want string }{
		{"the played hole unlocked, nothing taken from a locked hole", "2r,2r,1r,1r/2r,2r,2r,2r S 1 1 -", "d1", "2r,2r,2r,2r/2r,2r,2r,0 N 1 1 -"},
		{"a chain from unlocked holes", "2r,2r,1,1/2r,2r,2r,2r S 1 1 -", "d1", "2r,2r,0,0/2r,2r,2r,0 N 5 1 -"},
		{"a locked hole ends the chain", "2r,2r,1,1r/2r,2r,2r,2r S 1 1 -", "d1", "2r,2r,0,2r/2r,2r,2r,0 N 3 1 -"},
	} {
		p, err := v.ParsePosition(c.from)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		m, err := v.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, c.from, c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
		if back, err := v.ParsePosition(q.String()); err != nil || back.Hash() != q.Hash() {
			t.Errorf("%s: %q does not round-trip: %v", c.what, q.String(), err)
		}
	}
}
