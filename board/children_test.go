package board_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
)

// TestChildrenInTheNotation reads and writes Toguz Kumalak's positions with
// children (a count and the owner's letter: "3n" is North's child of 3 seeds): they
// read back as written, with the hash from scratch, and a child is told apart from
// the same counts without it; children the rules could not have made are refused.
func TestChildrenInTheNotation(t *testing.T) {
	v := variant(t, "toguz-kumalak")
	text := tk("9,9,9,9,9,9,12s,9,9/9,9,3n,9,9,9,9,9,0", "S", 4)
	p, err := v.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != text {
		t.Errorf("%q reads back as %q", text, got)
	}
	if p.Hash() != p.ComputeHash() {
		t.Errorf("%q: hash %x, from scratch %x", text, p.Hash(), p.ComputeHash())
	}
	if s, ok := p.ChildOf(v.HoleAt(1, 6)); !ok || s != board.South {
		t.Errorf("%q: g2 is %v's child %v, want South's", text, s, ok)
	}
	if s, ok := p.ChildOf(v.HoleAt(0, 2)); !ok || s != board.North {
		t.Errorf("%q: c1 is %v's child %v, want North's", text, s, ok)
	}
	plain, err := v.ParsePosition(strings.NewReplacer("s", "", "n", "").Replace(text))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Hash() == p.Hash() || plain == p {
		t.Errorf("%q: the same position and hash without its children", text)
	}
	for _, c := range []struct{ game, text, want string }{
		{"oware", "4,4,4,4,4,4/4,4,4,4,4,4n S 0 0 -", "marks a child"},
		{"toguz-kumalak", tk("9,9,9,9,9,9,12s,9,3s/9,9,9,9,9,9,9,9,0", "S", 4), "South has 2 children"},
		{"toguz-kumalak", tk("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,0s", "S", 4), "South has a child where the rules let it make none"}, // its own row
		{"toguz-kumalak", tk("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,3n", "S", 0), "North has a child where"},                            // i1, South's last hole
		{"toguz-kumalak", tk("3s,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9", "S", 0), "South has a child where"},                            // a2, North's last hole
		{"toguz-kumalak", tk("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9x", "S", 0), "hole i1: count \"9x\""},
	} {
		_, err := variant(t, c.game).ParsePosition(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: error %v, want %q", c.game, c.text, err, c.want)
		}
	}
}

// tk is a Toguz Kumalak position of the given rows, side and North store, South's
// store holding the rest of the 162 seeds.
func tk(rows, side string, north int) string {
	n := north
	for _, cell := range strings.FieldsFunc(rows, func(r rune) bool { return r == ',' || r == '/' }) {
		c, _ := strconv.Atoi(strings.TrimRight(cell, "sn"))
		n += c
	}
	return fmt.Sprintf("%s %s %d %d -", rows, side, 162-n, north)
}

// TestChildIsMadeKeptAndCounted plays Toguz Kumalak's rules on positions set up
// for them: a last seed making three on the opponent's row makes a child (not in
// the row's last hole, not symmetric to the other side's child, one each); nothing
// is captured from a child; a lone seed moves on (sow.lone_moves); nobody plays a
// child; and a store with its child holding more than half the seeds wins.
func TestChildIsMadeKeptAndCounted(t *testing.T) {
	v := variant(t, "toguz-kumalak")
	parse := func(text string) board.Position {
		t.Helper()
		p, err := v.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct{ what, from, move, want string }{
		{"a child made", "9,9,9,9,9,9,9,9,2/9,9,9,9,9,9,9,3,9", "h1", "9,9,9,9,9,9,9,9,3s/9,9,9,9,9,9,9,1,10"},
		{"one each", "9,9,3s,9,9,9,9,9,2/9,9,9,9,9,9,9,3,9", "h1", "9,9,3s,9,9,9,9,9,3/9,9,9,9,9,9,9,1,10"},
		{"not symmetric", "9,9,9,9,9,9,9,9,2/3n,9,9,9,9,9,9,3,9", "h1", "9,9,9,9,9,9,9,9,3/3n,9,9,9,9,9,9,1,10"},
		{"not in the last hole", "2,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,10", "i1", "3,10,10,10,10,10,10,10,10/9,9,9,9,9,9,9,9,1"},
		{"nothing captured from a child", "9,9,9,9,9,9,9s,9,9/9,9,9,9,9,9,9,9,4", "i1", "9,9,9,9,9,9,10s,10,10/9,9,9,9,9,9,9,9,1"},
		{"captured from a hole", "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,4", "i1", "9,9,9,9,9,9,0,10,10/9,9,9,9,9,9,9,9,1"},
		{"a lone seed moves on", "9,9,9,9,9,9,9,9,9/9,1,9,9,9,9,9,9,9", "b1", "9,9,9,9,9,9,9,9,9/9,0,10,9,9,9,9,9,9"},
	} {
		p := parse(tk(c.from, "S", 0))
		m, err := v.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, p.String(), c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		want := tk(c.want, "N", 0)
		if c.what == "captured from a hole" {
			want = strings.Replace(want, " N 72 0", " N 82 0", 1) // the ten of g2
		}
		if got := q.String(); got != want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, p.String(), c.move, got, want)
		}
	}
	// North's child c1 is not North's to play.
	p := parse(tk("9,9,9,9,9,9,9,9,9/9,9,9n,9,9,9,9,9,9", "N", 0))
	if _, err := p.Play(board.Move(v.HoleAt(0, 2))); err == nil {
		t.Errorf("%q: c1, a child, was played", p.String())
	}
	if _, err := p.Play(board.Move(v.HoleAt(1, 0))); err != nil {
		t.Errorf("%q: a2: %v", p.String(), err)
	}
	// 78 in South's store and 4 in its child: 82 of 162, the game is won.
	end := parse("9,9,4s,9,9,9,9,9,9/1,0,0,0,0,0,0,0,0 N 78 7 -")
	if r := end.Result(); !r.Over() || r.South != 82 || r.North != 7 {
		t.Errorf("%q: result %v %d-%d, want South's win with 82", end.String(), r, r.South, r.North)
	}
}

// TestChildOnOwnMiddleOpponentEnds plays Andot's children (child.side =
// "own-middle-opponent-ends"): a last seed making four makes the mover's child in
// the middle holes of its own row and the end holes of the other's, and nowhere
// else.
func TestChildOnOwnMiddleOpponentEnds(t *testing.T) {
	v := variant(t, "andot")
	checkPlays(t, v, []playCase{
		{"own middle", "4,4,4,4,4,4/8,4,4,1,3,4 S 0 0 -", "d1", "4,4,4,4,4,4/8,4,4,0,4s,4 N 0 0 -"},
		{"not own end", "4,4,4,4,4,4/8,4,4,4,1,3 S 0 0 -", "e1", "4,4,4,4,4,4/8,4,4,4,0,4 N 0 0 -"},
		{"opponent's end", "4,4,4,4,4,3/8,4,4,4,4,1 S 0 0 -", "f1", "4,4,4,4,4,4s/8,4,4,4,4,0 N 0 0 -"},
		{"not opponent's middle", "4,4,4,4,3,4/7,4,4,4,4,2 S 0 0 -", "f1", "4,4,4,4,4,5/7,4,4,4,4,0 N 0 0 -"},
		{"North: South's end", "1,4,4,4,4,8/3,4,4,4,4,4 N 0 0 -", "a2", "0,4,4,4,4,8/4n,4,4,4,4,4 S 0 0 -"},
	})
}

// TestChildKeepsCaptures plays Qelat's children (child.keeps_captures, child.side
// = "ends-and-opponent-seconds"): on a board without stores a capture goes into the
// capturer's child, and a player without a child captures nothing; a child is made
// at a row's end by either player and next to an end by the row's opponent only.
func TestChildKeepsCaptures(t *testing.T) {
	v := variant(t, "qelat")
	checkPlays(t, v, []playCase{
		{"captured into the child", "4,4,4,4,4,4/8s,4,4,1,3,4 S 0 0 -", "d1", "4,4,4,4,4,4/12s,4,4,0,0,4 N 0 0 -"},
		{"no child, no capture", "4,4,4,4,4,4/8,4,4,1,3,4 S 0 0 -", "d1", "4,4,4,4,4,4/8,4,4,0,4,4 N 0 0 -"},
		{"the opponent's second hole", "4,4,4,4,3,4/7,4,4,4,4,2 S 0 0 -", "f1", "4,4,4,4,4s,5/7,4,4,4,4,0 N 0 0 -"},
		{"no child in the middle", "4,4,4,3,4,4/6,4,4,4,4,3 S 0 0 -", "f1", "4,4,4,4,5,5/6,4,4,4,4,0 N 0 0 -"},
	})
}

// TestChildKeepsCrossCaptures plays OnlyChild's children (child.side =
// "own-middle", child.keeps_captures with a cross capture): a cross capture goes
// into the capturer's child, and takes nothing from a child across.
func TestChildKeepsCrossCaptures(t *testing.T) {
	v := variant(t, "onlychild")
	checkPlays(t, v, []playCase{
		{"captured across into the child", "3,4,4,4,4,4,4/0,1,4s,4,4,4,12 S 0 0 -", "b1", "0,4,4,4,4,4,4/1,0,7s,4,4,4,12 N 0 0 -"},
		{"no capture of a child across", "4,4n,4,4,4,4,4/4,0,1,4,4s,4,11 S 0 0 -", "c1", "4,4n,4,4,4,4,4/4,1,0,4,4s,4,11 N 0 0 -"},
		{"no child at the own row's end", "4,4,4,4,4,4,4/3,1,4,4,4,4,8 S 0 0 -", "b1", "4,4,4,4,4,4,4/4,0,4,4,4,4,8 N 0 0 -"},
	})
}

// TestChildrenMadeAcross plays Leyla-Gobale's qurs (child.across): a last seed
// alone in an own hole, across from a hole of child.count seeds, makes both holes
// the mover's children; across from another count it captures across as usual.
func TestChildrenMadeAcross(t *testing.T) {
	v := variant(t, "leyla-gobale")
	checkPlays(t, v, []playCase{
		{"a pair of children", "3,4,4,4,4,4,4,4/0,1,4,4,4,4,4,4 S 8 0 -", "b1", "3s,4,4,4,4,4,4,4/1s,0,4,4,4,4,4,4 N 8 0 -"},
		{"the opponent's child across taken over", "3n,4,4,4,4,4,4,4/0,1,4,4,4,4,4,4 S 8 0 -", "b1", "3s,4,4,4,4,4,4,4/1s,0,4,4,4,4,4,4 N 8 0 -"},
		{"a cross capture", "4,4,4,4,4,4,4,4/0,1,4,4,4,4,4,4 S 7 0 -", "b1", "0,4,4,4,4,4,4,4/0,0,4,4,4,4,4,4 N 12 0 -"},
	})
}

// TestChildRaidedAndRelayStops plays Qelat II's wegs (child.raid = 2, relays): a
// last seed in the opponent's child takes two of its seeds, or the one it holds,
// into the mover's store; a relay stops in a child and where it makes one, and
// sows on from the same hole without a child.
func TestChildRaidedAndRelayStops(t *testing.T) {
	v := variant(t, "qelat-ii")
	checkPlays(t, v, []playCase{
		{"two seeds raided", "4,4,4,4,4,4/4,4,4,4,1,5n S 2 0 -", "e1", "4,4,4,4,4,4/4,4,4,4,0,4n N 4 0 -"},
		{"the one seed raided", "4,4,4,4,4,4/4,4,4,5,1,0n S 6 0 -", "e1", "4,4,4,4,4,4/4,4,4,5,0,0n N 7 0 -"},
		{"the relay stops in an own child", "4,4,4,4,4,4/4,4,4,4,1,5s S 2 0 -", "e1", "4,4,4,4,4,4/4,4,4,4,0,6s N 2 0 -"},
		{"the relay stops where it makes a child", "4,4,4,4,4,4/4,4,4,4,1,3 S 4 0 -", "e1", "4,4,4,4,4,4/4,4,4,4,0,4s N 4 0 -"},
		{"the relay sows on without a child", "4,4,4,4,4,4/4,4,4,4,1,5 S 2 0 -", "e1", "0,5,5,5,5,5/5,5,5,5,1,0 N 2 0 -"},
	})
}

// TestChildOnOpponentOwnedHole plays Weg's wegs (child.side = "opponent-owned",
// in a game of territory): four made in a hole the opponent owns this round
// make it the mover's child, on either row; in a hole the mover owns, none (the
// relay sows on). A raid on the opponent's child gives another turn with
// turn.extra_on_capture.
func TestChildOnOpponentOwnedHole(t *testing.T) {
	for _, c := range []struct{ what, from, move, want string }{
		{"a hole of North's row North owns", "4,4,4,4,4,3/4,4,4,4,4,1 S 4 0 -", "f1", "4,4,4,4,4,4s/4,4,4,4,4,0 N 4 0 -"},
		{"a hole of North's row South owns", "4,4,4,4,4,3/4,4,4,4,4,1 S 4 0 south-owns:1", "f1", "6,1,6,1,7,2/6,6,0,1,6,2 N 4 0 south-owns:1"},
		{"a hole of South's row North owns", "4,4,4,4,4,4/3,4,4,4,2,7 S 0 0 north-owns:1", "f1", "5,5,5,5,5,5/4s,4,4,4,2,0 N 0 0 north-owns:1"},
		{"a raid moves again", "4,4,4,4,4,5n/4,4,4,4,4,1 S 2 0 -", "f1", "4,4,4,4,4,4n/4,4,4,4,4,0 S 4 0 -"},
	} {
		p := parse(t, "weg", c.from)
		q, err := p.Play(move(t, "weg", c.move))
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, c.from, c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
	}
}

// TestLapLockedHoles plays CrossCapt_Six's rams (child.lap_locked, 6 holes, a
// store sown, counter-clockwise: f1 and a2 lock at 8 seeds, a1 and f2 at 13): a
// move whose last seed falls into a hole locks the holes holding their count
// ("8r") and unlocks the others; a move ending in the store leaves the locks as
// they were; a locked hole is not played, is taken by a cross capture, and at
// the end its seeds are nobody's, nor does it keep a row from being empty.
func TestLapLockedHoles(t *testing.T) {
	const game = "crosscapt-six"
	for _, c := range []struct{ what, from, move, want string }{
		{"f1 locked", "4,4,4,4,4,4/4,4,4,4,1,7 S 0 0 -", "e1", "4,4,4,4,4,4/4,4,4,4,0,8r N 0 0 -"},
		{"the store ends the move: no lock", "4,4,4,4,4,4/4,4,4,3,1,7 S 1 0 -", "d1", "4,4,4,4,4,4/4,4,4,0,2,8 S 2 0 -"},
		{"a locked hole captured, unlocked", "0,1,4,4,4,4/13r,2,3,4,4,4 N 1 0 -", "b2", "0,0,4,4,4,4/0,2,3,4,4,4 S 1 14 -"},
		{"the row of a locked hole empty", "8r,0,0,0,0,1/0,0,0,0,1,0 S 20 18 -", "e1", "8r,0,0,0,0,0/0,0,0,0,0,0 N 22 18 -"},
	} {
		p := parse(t, game, c.from)
		q, err := p.Play(move(t, game, c.move))
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, c.from, c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
	}
	p := parse(t, game, "4,4,4,4,4,4/4,4,4,4,0,8r S 0 0 -")
	if _, err := p.Play(move(t, game, "f1")); err == nil {
		t.Errorf("the locked f1 played")
	}
	if f1 := p.Variant().HoleAt(0, 5); !p.Locked(f1) {
		t.Errorf("f1 of %s is not locked", p.String())
	} else if s, ok := p.ChildOf(f1); ok {
		t.Errorf("the locked f1 reads as %v's child: a locked hole is nobody's", s)
	}
	end := parse(t, game, "8r,0,0,0,0,1/0,0,0,0,1,0 S 20 18 -")
	q, _ := end.Play(move(t, game, "e1"))
	if r := q.Result(); r.Outcome != board.SouthWins || r.South != 22 || r.North != 18 {
		t.Errorf("the row of a locked hole emptied: %+v, want South's win 22 to 18", r)
	}
}

// TestChildPairsAndCrossChain plays Enkeshui's bulls (child.pair_with_previous,
// child.count = 4) and its chain of cross captures (capture.chain = "forward" with
// capture.cross): a last hole of four, or of three, with the hole sown before it
// holding three, or four, makes both the mover's children; a four alone makes one.
// A cross capture goes on along the sowing while the next hole is empty and the
// hole across it holds seeds.
func TestChildPairsAndCrossChain(t *testing.T) {
	const game = "enkeshui"
	for _, c := range []struct{ what, from, move, want string }{
		{"four, three before it", "4,4,4,4,4,1,0,0/4,4,2,2,3,4,4,4 S 0 0 -", "c1", "4,4,4,4,4,1,0,0/4,4,0,3s,4s,4,4,4 N 0 0 -"},
		{"three, four before it", "4,4,4,4,4,1,0,0/4,4,2,3,2,4,4,4 S 0 0 -", "c1", "4,4,4,4,4,1,0,0/4,4,0,4s,3s,4,4,4 N 0 0 -"},
		{"four, two before it", "4,4,4,4,4,2,0,0/4,4,2,1,3,4,4,4 S 0 0 -", "c1", "4,4,4,4,4,2,0,0/4,4,0,2,4s,4,4,4 N 0 0 -"},
		{"a chain of three cross captures", "1,1,1,2,3,4,0,5/4,4,1,0,0,0,4,4 S 14 0 -", "c1", "1,1,1,0,0,0,0,5/4,4,0,0,0,0,4,4 N 24 0 -"},
	} {
		p := parse(t, game, c.from)
		q, err := p.Play(move(t, game, c.move))
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, c.from, c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
	}
}

// TestClosedHoles plays the holes closed during play (sow.close_at, Deka: 6 holes,
// closed at 3 but the rows' last, f1 and a2, sow.close_not_last, none in the
// game's first turn; Nambayi: 8 holes, closed at 4, any): a sowing of a relay that
// ends in an opponent's hole making it hold the count closes it ("0x") and sows
// on with its seeds; later sowings pass over the mover's closed holes and put the
// seed for an opponent's closed hole out of play, in South's store, a last seed
// there ending the move.
func TestClosedHoles(t *testing.T) {
	for _, c := range []struct{ what, game, from, move, want string }{
		{"d2 closed and sown on, a2 not (the row's last)", "deka", "2,2,2,2,2,2/2,2,2,2,2,2 S 0 0 -", "d1", "0,3,3,0x,3,3/3,3,0,1,4,1 N 0 0 -"},
		{"the first turn closes nothing", "deka", "2,2,2,2,2,2/2,2,2,2,2,2 S 0 0 no-capture:1", "d1", "0,3,3,0,3,3/3,3,0,1,4,1 N 0 0 -"},
		{"a2 not closed (close_not_last)", "deka", "2,0,0,0,0,0/0,0,0,0,0,6 S 16 0 -", "f1", "0,1,1,1,1,1/1,1,1,0,0,0 N 16 0 -"},
		{"a2 closed (no close_not_last)", "nambayi", "3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,8 S 37 0 -", "h1", "0x,1,1,1,1,1,1,1/1,1,1,1,0,0,0,0 N 37 0 -"},
		{"a seed for North's closed c2 out of play", "deka", "1,0,0x,1,1,1/0,0,0,0x,6,0 S 14 0 -", "e1", "1,1,0x,2,2,2/0,0,0,0x,0,1 N 15 0 -"},
		{"North passes over c2, its last seed out of play in d1", "deka", "0,0,0x,6,1,1/0,0,0,0x,1,0 N 15 0 -", "d2", "1,1,0x,0,1,1/1,1,1,0x,1,0 S 16 0 -"},
	} {
		p := parse(t, c.game, c.from)
		q, err := p.Play(move(t, c.game, c.move))
		if err != nil {
			t.Fatalf("%s: %q %s: %v", c.what, c.from, c.move, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.what, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q %s gives %q, want %q", c.what, c.from, c.move, got, c.want)
		}
	}
	p := parse(t, "deka", "1,1,0x,2,2,2/0,0,0,0x,0,1 N 15 0 -")
	if c2 := p.Variant().HoleAt(1, 2); !p.Blocked(c2) {
		t.Errorf("c2 of %s is not closed", p.String())
	} else if s, ok := p.ChildOf(c2); ok {
		t.Errorf("the closed c2 reads as %v's child", s)
	}
}

// playCase is a move from a position and the position it leaves, worked out by
// hand from the rules.
type playCase struct{ what, from, move, want string }

// checkPlays plays each case in v and compares the position after the move, its
// hash kept on the way with the hash computed from scratch.
func checkPlays(t *testing.T, v *board.Variant, cases []playCase) {
	t.Helper()
	for _, c := range cases {
		p, err := v.ParsePosition(c.from)
		if err != nil {
			t.Fatal(err)
		}
		m, err := v.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
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
	}
}
