package board_test

import (
	"strings"
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

// eachFirstGame plays sow.each_hole_first and capture.from_next: every hole
// begins locked, a locked hole of the mover's is played first, and a chain of
// ones and threes is taken from the hole after the last one sown.
const eachFirstGame = `[each-first-test]
holes = 4
seeds = 2
stores = true
capture.counts = [1, 3]
capture.side = "both"
capture.chain = "forward"
capture.from_next = true
sow.each_hole_first = true
`

// TestEachHoleFirst plays sow.each_hole_first: while any of the mover's holes is
// locked only a locked one may be played; once all are played, any.
func TestEachHoleFirst(t *testing.T) {
	vs, err := board.LoadRules("each.toml", eachFirstGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	if !v.HasLocks() {
		t.Errorf("%s: HasLocks false: tables and engines would drop its locks", v.Name)
	}
	for _, c := range []struct{ from, want string }{
		{"2r,2r,2r,2r/2r,0,2,2r S 1 1 -", "a1 d1"},
		{"2r,2r,2r,2r/2,0,2,2 S 1 1 -", "a1 c1 d1"},
	} {
		p, err := v.ParsePosition(c.from)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(legalMoves(&p), " "); got != c.want {
			t.Errorf("%q: legal %q, want %q", c.from, got, c.want)
		}
	}
}

// TestCaptureFromNext plays capture.from_next: the chain of counts begins at the
// hole after the last one sown (its own count does not matter) and goes on along
// the sowing while holes hold a capturing count.
func TestCaptureFromNext(t *testing.T) {
	vs, err := board.LoadRules("each.toml", eachFirstGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	for _, c := range []struct{ what, from, move, want string }{
		{"next and the one after taken, not the last hole", "0,1,3,2/0,0,2,1 S 7 0 -", "c1", "0,0,0,3/0,0,0,2 N 11 0 -"},
		{"next holding two: nothing", "0,1,2,2/0,0,2,1 S 8 0 -", "c1", "0,1,2,3/0,0,0,2 N 8 0 -"},
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
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
	}
}

// TestRoundsSowBothWays plays holes sowing both ways (sow.direction =
// "outward") in a game in rounds (round.blocks), as Bechi does: a left hole
// sows clockwise into the other row, a right hole counter-clockwise.
func TestRoundsSowBothWays(t *testing.T) {
	vs, err := board.LoadRules("ways.toml", `[ways-rounds]
holes = 4
seeds = 2
stores = true
sow.direction = "outward"
capture.counts = [4]
end.no_move = "pass"
round.fill = "outside"
round.blocks = true
`)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	for _, c := range []struct{ move, want string }{
		{"a1", "3,3,2,2/0,2,2,2 N 0 0 -"},
		{"d1", "2,2,3,3/2,2,2,0 N 0 0 -"},
	} {
		p := v.StartPosition()
		m, err := v.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s from the start gives %q, want %q", c.move, got, c.want)
		}
	}
}
