package board_test

import (
	"testing"

	"mancala/board"
)

// The rule keys of StoneShark's Pallanguli family (docs/rules-format.md), each on a
// small board worked by hand; every test loads games that differ only in the key.

// TestRelayFromTheNextHole: with sow.laps = "relay-next" a sowing goes on from the
// hole after the one its last seed fell into while that hole holds seeds; with
// "relay" it goes on from the landing hole itself while it was occupied.
func TestRelayFromTheNextHole(t *testing.T) {
	loadRules(t, `
[relay-next]
holes = 3
seeds = 1
stores = true
sow.laps = "relay-next"
[relay-landing]
holes = 3
seeds = 1
stores = true
sow.laps = "relay"
`)
	// a1 (1): b1 2; c1 (1) lifted: c2 3; b2 is empty: the end.
	if got, want := after(t, "relay-next", "1,0,2/1,1,1 S 0 0 -", "a1"), "1,0,3/0,2,0 N 0 0 -"; got != want {
		t.Errorf("relay-next: a1 gives %q, want %q", got, want)
	}
	// a1 (1): b1 2 lifted: c1 2, c2 3 lifted: b2 1, a2 2, a1 1, which was empty.
	if got, want := after(t, "relay-landing", "1,0,2/1,1,1 S 0 0 -", "a1"), "2,1,0/1,0,2 N 0 0 -"; got != want {
		t.Errorf("relay: a1 gives %q, want %q", got, want)
	}
}

// TestTwoOutCaptures: with capture.two_out, where the hole after the last one sown
// is empty the hole after that is taken; after a relay from the next hole the last
// hole may have been empty, after a single sowing it must have held seeds.
// capture.chain = "forward" goes on while the holes alternate empty and occupied;
// capture.pick_across takes the hole across from the one taken too.
func TestTwoOutCaptures(t *testing.T) {
	loadRules(t, `
[two-out]
holes = 3
seeds = 2
stores = true
sow.laps = "relay-next"
capture = { side = "both", two_out = true }
[no-two-out]
holes = 3
seeds = 2
stores = true
sow.laps = "relay-next"
[two-out-chain]
holes = 3
seeds = 2
stores = true
sow.laps = "relay-next"
capture = { side = "both", two_out = true, chain = "forward" }
[two-out-across]
holes = 3
seeds = 2
stores = true
sow.laps = "relay-next"
capture = { side = "both", two_out = true, pick_across = true }
[two-out-single]
holes = 3
seeds = 2
stores = true
capture = { side = "both", two_out = true }
`)
	for _, c := range []struct{ game, from, move, want string }{
		// a1: b1 5; c1 is empty: c2's 3 taken.
		{"two-out", "2,2,3/1,4,0 S 0 0 -", "a1", "2,2,0/0,5,0 N 3 0 -"},
		{"no-two-out", "2,2,3/1,4,0 S 0 0 -", "a1", "2,2,3/0,5,0 N 0 0 -"},
		// c2 taken; b2 is empty: a2's 3 taken; a1 is empty: b1's 6 taken; c1 is
		// empty, c2 too: the end.
		{"two-out-chain", "3,0,3/1,5,0 S 0 0 -", "a1", "0,0,0/0,0,0 N 12 0 -"},
		// c2 taken; b2 holds seeds: the end.
		{"two-out-chain", "3,1,2/1,5,0 S 0 0 -", "a1", "3,1,0/0,6,0 N 2 0 -"},
		{"two-out", "3,0,3/1,5,0 S 0 0 -", "a1", "3,0,0/0,6,0 N 3 0 -"},
		// a1 (2): b1 2, c1 5; c2 is empty: b2's 3 taken, and b1's 2 across from it.
		{"two-out-across", "2,3,0/2,1,4 S 0 0 -", "a1", "2,0,0/0,0,5 N 5 0 -"},
		{"two-out", "2,3,0/2,1,4 S 0 0 -", "a1", "2,0,0/0,2,5 N 3 0 -"},
		// A single sowing: c1 held seeds, b2 taken; c1 was empty, nothing is.
		{"two-out-single", "2,3,0/2,1,4 S 0 0 -", "a1", "2,0,0/0,2,5 N 3 0 -"},
		{"two-out-single", "4,3,0/2,3,0 S 0 0 -", "a1", "4,3,0/0,4,1 N 0 0 -"},
		{"two-out", "4,3,0/2,3,0 S 0 0 -", "a1", "4,0,0/0,4,1 N 3 0 -"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.game, c.move, c.from, got, c.want)
		}
	}
}

// TestPassingToTheOwnerOnEverySeed: with capture.passing = "owner-all" a last seed
// that makes a capturing count gives the hole to its owner too; with "owner" the
// last hole captures as usual, for the mover.
func TestPassingToTheOwnerOnEverySeed(t *testing.T) {
	loadRules(t, `
[passing-all]
holes = 3
seeds = 2
stores = true
capture = { counts = [4], side = "both", passing = "owner-all" }
[passing-owner]
holes = 3
seeds = 2
stores = true
capture = { counts = [4], side = "both", passing = "owner" }
`)
	// c1 (1): c2 makes four.
	if got, want := after(t, "passing-all", "2,1,3/3,2,1 S 0 0 -", "c1"), "2,1,0/3,2,0 N 0 4 -"; got != want {
		t.Errorf("owner-all: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "passing-owner", "2,1,3/3,2,1 S 0 0 -", "c1"), "2,1,0/3,2,0 N 4 0 -"; got != want {
		t.Errorf("owner: c1 gives %q, want %q", got, want)
	}
}

// TestRoundFillFromOutside: with round.fill = "outside" a player refills their row
// from both ends inwards, their left end first (South a1, c1, b1; North a2, c2,
// b2), the holes in the middle blocked.
func TestRoundFillFromOutside(t *testing.T) {
	loadRules(t, `
[rounds-outside]
holes = 3
seeds = 2
stores = true
round = { fill = "outside", blocks = true }
[rounds-from-left]
holes = 3
seeds = 2
stores = true
round = { fill = "left", blocks = true }
`)
	// a1: b1 1; North cannot move. South holds 7, three holes; North 5, two.
	for _, c := range []struct{ game, from, want string }{
		{"rounds-outside", "0,0,0/1,0,0 S 6 5 -", "2,0,2/2,2,2 N 1 1 new-round,north-began,blocked:b2"},
		{"rounds-from-left", "0,0,0/1,0,0 S 6 5 -", "0,2,2/2,2,2 N 1 1 new-round,north-began,blocked:a2"},
		// South holds 5, two holes: a1 and c1.
		{"rounds-outside", "0,0,0/1,0,0 S 4 7 -", "2,2,2/2,0,2 N 1 1 new-round,north-began,blocked:b1"},
	} {
		if got := after(t, c.game, c.from, "a1"); got != c.want {
			t.Errorf("%s: a1 from %q gives %q, want %q", c.game, c.from, got, c.want)
		}
	}
}

// TestFeedingWhereAble: feed.must_feed with end.no_move = "pass" is StoneShark's
// rule: a move must feed the opponent's empty row where one can, and where none can
// any move may be played; without passing, a side that cannot feed has no move.
// The seeds end.last_seeds gives the mover are taken before the row is looked at.
func TestFeedingWhereAble(t *testing.T) {
	loadRules(t, `
[feed-where-able]
holes = 3
seeds = 2
stores = true
feed.must_feed = true
end.no_move = "pass"
[feed-or-end]
holes = 3
seeds = 2
stores = true
feed.must_feed = true
[feed-last-seeds]
holes = 3
seeds = 2
stores = true
feed.must_feed = true
end.last_seeds = 2
[last-seeds]
holes = 3
seeds = 2
stores = true
end.last_seeds = 2
`)
	legal := func(game, from string) string {
		var ml board.MoveList
		p := parse(t, game, from)
		p.LegalMoves(&ml)
		s := ""
		for _, m := range ml.Moves[:ml.N] {
			s += p.Variant().FormatMove(m) + " "
		}
		return s
	}
	for _, c := range []struct{ game, from, want string }{
		{"feed-where-able", "0,0,0/1,0,1 S 5 5 -", "c1 "}, // c1 feeds c2, a1 does not
		{"feed-where-able", "0,0,0/1,0,0 S 6 5 -", "a1 "}, // nothing feeds: a1 all the same
		{"feed-or-end", "0,0,0/1,0,0 S 6 5 -", ""},
		// c1 feeds c2, but leaves 1 seed, which the mover takes: not fed
		{"feed-last-seeds", "0,0,0/0,0,1 S 6 5 -", ""},
		{"last-seeds", "0,0,0/0,0,1 S 6 5 -", "c1 "},
	} {
		if got := legal(c.game, c.from); got != c.want {
			t.Errorf("%s: the moves of %q are %q, want %q", c.game, c.from, got, c.want)
		}
	}
	if got, want := after(t, "feed-where-able", "0,0,0/1,0,0 S 6 5 -", "a1"), "0,0,0/0,1,0 N 6 5 -"; got != want {
		t.Errorf("feed-where-able: a1 gives %q, want %q", got, want)
	}
}

// TestRelayNextLiftsTheStore: with sow.laps = "relay-next" and sow.stores, a last
// seed in the mover's last hole relays from the store after it, the store lifted
// while it holds seeds and sown on; and a last seed alone in an own hole that
// captures across ends the relay there, where the hole after it holds seeds
// (StoneShark's LAPPER_NEXT with sow_stores, CrossCapt_Eight).
func TestRelayNextLiftsTheStore(t *testing.T) {
	loadRules(t, `
[relay-next-store]
holes = 3
seeds = 1
stores = true
sow = { laps = "relay-next", stores = "own" }
capture.cross = "opposite-not-empty"
turn.extra_on_store = true
`)
	for _, c := range []struct{ pos, move, want, why string }{
		{"0,1,0/1,1,1 S 2 0 -", "b1", "0,2,1/1,0,2 N 0 0 -", "c1 2, then South's 2 lifted: c2 1, b2 2; a2 is empty: the end"},
		{"0,2,1/1,1,1 S 0 0 -", "b1", "0,2,1/1,0,2 N 0 0 -", "c1 2, South's store empty: the end"},
		{"0,2,1/1,0,1 S 1 0 -", "a1", "0,0,1/0,0,1 N 4 0 -", "b1 1 alone, b2's 2 across: taken with the seed, not relayed from c1"},
		{"0,0,0/0,1,1 S 4 0 -", "b1", "0,1,1/0,0,2 N 2 0 -", "c1 2, South's 4 lifted: c2, b2, a2, a1 1 alone, a2's 1 across taken with it"},
	} {
		if got := after(t, "relay-next-store", c.pos, c.move); got != c.want {
			t.Errorf("%s %s gives %q, want %q (%s)", c.pos, c.move, got, c.want, c.why)
		}
	}
}

// TestShrinkingStoresKeepRepetitionsInView: where a relay may lift a store, the
// stores may return to earlier counts, so they are no part of the irreversible key
// a repetition tracker resets on; in Kalah, whose stores only grow, they are.
func TestShrinkingStoresKeepRepetitionsInView(t *testing.T) {
	loadRules(t, `
[relay-next-lift]
holes = 3
seeds = 1
stores = true
sow = { laps = "relay-next", stores = "own" }
`)
	for _, c := range []struct {
		name, a, b string
		same       bool
	}{
		{"relay-next-lift", "0,1,0/1,1,1 S 2 0 -", "0,1,1/1,1,2 S 0 0 -", true},
		{"kalah-3-1", "0,1,0/1,1,1 S 2 0 -", "0,1,1/1,1,2 S 0 0 -", false},
	} {
		p, q := parse(t, c.name, c.a), parse(t, c.name, c.b)
		if same := p.IrreversibleKey() == q.IrreversibleKey(); same != c.same {
			t.Errorf("%s: %q and %q have the same irreversible key: %v, want %v", c.name, c.a, c.b, same, c.same)
		}
	}
}

// TestTwoOutAtTheEndOfEachSowing: with sow.laps = "relay", sow.lap_captures and
// capture.two_out, each sowing ending in an occupied hole takes two out where the
// next hole is empty and sows on from the landing hole, and the last sowing, ending
// in an empty hole, takes two out too (StoneShark's GapNextCapt, Tap-Urdy).
func TestTwoOutAtTheEndOfEachSowing(t *testing.T) {
	loadRules(t, `
[lap-two-out]
holes = 4
seeds = 2
stores = true
sow = { laps = "relay", lap_captures = true }
capture.two_out = true
`)
	// a1: b1 1, c1 2; d1 empty, d2's 3 taken; c1's 2 sown on: d1 1, d2 1, alone;
	// c2 empty, b2's 2 taken.
	if got, want := after(t, "lap-two-out", "4,2,0,3/2,0,1,0 S 2 2 -", "a1"), "4,0,0,1/0,1,0,1 N 7 2 -"; got != want {
		t.Errorf("a1 gives %q, want %q", got, want)
	}
}

// TestCrossChainsAsJOduNoRoundsPlays replays StoneShark's 50 random games of
// J_Odu::No_Rounds (its relay, a forward chain of cross captures of ones and twos
// going on past own holes holding seeds, capture.cross_chain_any_hole, and the
// grand slam of a chain leaving the rightmost hole) in its rules as the converter
// writes them: J_Odu itself is refused (capt_side 5 with crosscapt, in territory),
// and with it the file's variants.
func TestCrossChainsAsJOduNoRoundsPlays(t *testing.T) {
	vs := loadRules(t, `
[j-odu-no-rounds-rules]
holes = 6
seeds = 3
stores = true
sow.laps = "relay"
sow.endless = "ends-game"
sow.lap_limit = 75
capture.chain = "forward"
capture.cross = "opposite-not-empty"
capture.cross_takes_sower = false
capture.cross_counts = [1, 2]
capture.cross_chain_any_hole = true
capture.grand_slam = "leaves-right"
capture.grand_slam_when_fed = false
feed.must_feed = true
end.no_move = "pass"
end.majority = true
end.fewer_than = 3
end.fewer_than_first = true
`)
	if n := replayStoneShark(t, vs[0], "testdata/stoneshark-variant/J_Odu+No_Rounds.jsonl.gz"); n.games != 50 {
		t.Errorf("%d games, want 50", n.games)
	}
}

// TestCrossChainPastOccupiedHoles: a forward chain of cross captures goes on from
// each next own hole, with capture.cross_chain_any_hole whatever it holds (else
// only while it is empty); a chain that takes the opponent's whole row is a grand
// slam, by the rule taking nothing or leaving the rightmost hole holding seeds
// (StoneShark's crosscapt ONE_ANY with multicapt, J_Odu).
func TestCrossChainPastOccupiedHoles(t *testing.T) {
	loadRules(t, `
[chain-any]
holes = 4
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_takes_sower = false, chain = "forward", cross_chain_any_hole = true }
[chain-empty]
holes = 4
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_takes_sower = false, chain = "forward" }
[chain-any-leaves-right]
holes = 4
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_takes_sower = false, chain = "forward", cross_chain_any_hole = true, grand_slam = "leaves-right" }
[chain-any-captures-nothing]
holes = 4
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_takes_sower = false, chain = "forward", cross_chain_any_hole = true, grand_slam = "captures-nothing" }
`)
	for _, c := range []struct{ game, pos, want, why string }{
		{"chain-any", "3,2,1,2/1,0,3,0 S 2 2 -", "3,0,0,0/0,1,3,0 N 7 2 -", "b1 alone takes b2, then past c1's 3 c2, then d2"},
		{"chain-empty", "3,2,1,2/1,0,3,0 S 2 2 -", "3,0,1,2/0,1,3,0 N 4 2 -", "b1 alone takes b2; c1 holds seeds: the chain ends"},
		{"chain-any-leaves-right", "0,2,1,2/1,0,3,0 S 4 3 -", "0,0,0,2/0,1,3,0 N 7 3 -", "the chain would take the row: d2, North's rightmost as South sees it, keeps its 2"},
		{"chain-any-captures-nothing", "0,2,1,2/1,0,3,0 S 4 3 -", "0,2,1,2/0,1,3,0 N 4 3 -", "the chain would take the row: nothing taken"},
	} {
		if got := after(t, c.game, c.pos, "a1"); got != c.want {
			t.Errorf("%s: %s a1 gives %q, want %q (%s)", c.game, c.pos, got, c.want, c.why)
		}
	}
}
