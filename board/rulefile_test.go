package board_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/board"
)

// loadRules registers the games of a rule file's text for a test.
func loadRules(t *testing.T, text string) []*board.Variant {
	t.Helper()
	vs, err := board.LoadRules(t.Name()+".toml", text)
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestKalahMatchesStoneShark replays 30 random Kalah games of StoneShark's
// MancalaGames (an independent implementation) in the game of a rule file written
// to its rules, checking every ply (replayStoneShark), extra turns among them.
func TestKalahMatchesStoneShark(t *testing.T) {
	vs, err := board.LoadRuleFile("testdata/rules/kalah-stoneshark.toml")
	if err != nil {
		t.Fatal(err)
	}
	n := replayStoneShark(t, vs[0], "testdata/stoneshark/kalah-random.jsonl")
	if n.games != 30 || n.extra == 0 {
		t.Fatalf("%d games, %d extra turns: the transcript is not what it was", n.games, n.extra)
	}
	t.Logf("%d games, %d plies, %d extra turns, all as StoneShark plays them", n.games, n.plies, n.extra)
}

// TestExtraTurnOnTheLastSeedInTheStore checks Kalah's extra turn: a last seed in the
// mover's own store leaves the same side to move; any other last seed passes the turn.
func TestExtraTurnOnTheLastSeedInTheStore(t *testing.T) {
	if got := after(t, "kalah-6-4", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "c1"); got != "4,4,4,4,4,4/4,4,0,5,5,5 S 1 0 -" {
		t.Errorf("c1 (four seeds to the store): %q, want South to move again", got)
	}
	if got := after(t, "kalah-6-4", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "d1"); got != "4,4,4,4,4,5/4,4,4,0,5,5 N 1 0 -" {
		t.Errorf("d1 (past the store): %q, want North to move", got)
	}
	// North's store lies after a2, the end of North's row; South's store is skipped.
	if got := after(t, "kalah-6-4", "4,4,4,4,4,4/4,4,4,4,4,4 N 0 0 -", "d2"); got != "5,5,5,0,4,4/4,4,4,4,4,4 N 0 1 -" {
		t.Errorf("d2: %q, want North to move again with a seed in its store", got)
	}
	if got := after(t, "kalah-6-4", "4,4,4,4,4,4/4,4,4,4,4,4 N 0 0 -", "c2"); got != "5,5,0,4,4,4/5,4,4,4,4,4 S 0 1 -" {
		t.Errorf("c2: %q, want North's store sown and South to move", got)
	}
	if got := after(t, "kalah-2-6", "1,0/0,13 S 5 5 -", "b1"); got != "4,3/2,2 N 8 5 -" {
		t.Errorf("b1 with 13 seeds round a board of 2: %q, want South's store passed three times and the opponent's never", got)
	}
}

// TestCrossCaptureRules checks the two capture rules of Kalah: a last seed in an own
// empty hole captures itself and the hole across, in the empty-capture rule even when
// that hole is empty; in the standard rule only when it holds seeds.
func TestCrossCaptureRules(t *testing.T) {
	const from = "0,0,0,3,0,0/1,0,1,0,0,1 S 10 32 -" // b1 and d1 hold one seed
	if got := after(t, "kalah-6-4-standard", from, "a1"); got != "0,0,0,3,0,0/0,1,1,0,0,1 N 10 32 -" {
		t.Errorf("standard: a1 into b1, across from b2 (empty): %q, want no capture", got)
	}
	// b1 -> c1, an own empty hole across from d2 (3 seeds): both rules capture 3 + 1.
	for _, name := range []string{"kalah-6-4", "kalah-6-4-standard"} {
		if got := after(t, name, "0,0,3,0,0,0/1,1,0,0,0,1 S 10 32 -", "b1"); got != "0,0,0,0,0,0/1,0,0,0,0,1 N 14 32 -" {
			t.Errorf("%s: b1 into c1 across from a full hole: %q", name, got)
		}
	}
	// d1 -> e1, across from b2, which is empty: only the empty-capture rule captures.
	if got := after(t, "kalah-6-4", "0,0,0,3,0,0/1,0,0,1,0,1 S 10 32 -", "d1"); got != "0,0,0,3,0,0/1,0,0,0,0,1 N 11 32 -" {
		t.Errorf("empty capture: d1 into e1 across from an empty hole: %q, want the sower taken", got)
	}
	if got := after(t, "kalah-6-4-standard", "0,0,0,3,0,0/1,0,0,1,0,1 S 10 32 -", "d1"); got != "0,0,0,3,0,0/1,0,0,0,1,1 N 10 32 -" {
		t.Errorf("standard: d1 into e1 across from an empty hole: %q, want no capture", got)
	}
}

// TestRowEmptyEndsKalah checks Kalah's ending: a move that empties a row ends the
// game at once, each player taking the seeds on their own row.
func TestRowEmptyEndsKalah(t *testing.T) {
	p := parse(t, "kalah-6-4", after(t, "kalah-6-4", "0,0,0,0,0,1/0,0,0,0,0,2 S 20 25 -", "f1"))
	r := p.Result()
	if !r.Over() || r.Reason != board.RowEmpty || r.South != 21 || r.North != 27 {
		t.Fatalf("after f1 empties South's row: %v (%d-%d), want North to win 27-21 by the row ending", r, r.South, r.North)
	}
	var cl board.ChildList
	p.Generate(&cl)
	if cl.N != 0 {
		t.Errorf("a game over by its row ending lists %d moves", cl.N)
	}
}

// TestRuleFileGamesKeepTheInvariants plays random games of rule files' games,
// Kalah's smallest to largest boards and games with relay sowing (from the landing
// hole and from the next), chains of captures, two-out captures, clockwise sowing,
// skipped start holes, a forbidden grand slam, captures at the end of each sowing
// and the opponent's holes of two passed over but in the first turn (Mbothe's), a
// pull across (CrossCapt_Seven's, with extra turns for it), the next hole taken
// after a relay with feeding by hole (Je_ki_n_je's), one extra turn for a capture
// (turn.capture_once, with passing), every single seed taken (long_night_game's
// capture.singles), relays stopping where a hole matches the hole across
// (capture.match_across, Mangala_I's), and
// checks in every position what checkInvariants checks (seeds conserved, the hash,
// notation and move round trips, perft(1)) and that every move's trace replays to
// the position it plays, and that every game ends.
func TestRuleFileGamesKeepTheInvariants(t *testing.T) {
	loadRules(t, `
[test-passing]
holes = 6
seeds = 4
stores = true
sow = { laps = "relay", relay_stops_on_capture = true, take_one = true, allow = "opponent-or-empty" }
capture = { counts = [4], side = "both", passing = "owner" }
end.majority = true

[test-relay-next-store]
holes = 6
seeds = 4
stores = true
sow = { laps = "relay-next", stores = "own", endless = "ends-game", lap_limit = 75 }
capture.cross = "opposite-not-empty"
turn.extra_on_store = true
end = { majority = true, own_row_empty = true, seeds_left = "other" }

[test-lap-two-out]
holes = 6
seeds = 4
stores = true
sow = { laps = "relay", lap_captures = true, endless = "ends-game", lap_limit = 75 }
capture.two_out = true
end = { majority = true, fewer_than = 2, seeds_left = "nobody" }

[test-relay-next]
holes = 7
seeds = 6
stores = true
sow = { laps = "relay-next", endless = "ends-game", lap_limit = 75 }
capture = { counts = [4], side = "both", passing = "owner-all", two_out = true, chain = "forward", pick_across = true }
feed.must_feed = true
end.no_move = "pass"
end.last_seeds = 6

[test-pull-across]
holes = 5
seeds = 3
stores = true
sow.stores = "own"
capture = { side = "both", pull_across = true }
turn = { extra_on_store = true, extra_on_capture = true }
end = { majority = true, other_row_empty = true }

[test-next]
holes = 6
seeds = 4
sow = { choice = ["a", "b", "c", "d", "e", "f"], laps = "relay", endless = "ends-game", lap_limit = 75 }
capture = { next = true, pick_last = true }
feed = { must_feed = true, by_hole = true }
end.majority = true

[test-capture-once]
holes = 5
seeds = 3
capture.counts = [2, 3]
turn = { extra_on_capture = true, capture_once = true }
end.no_move = "pass"
end.fewer_than = 2

[test-singles]
holes = 4
seeds = 5
stores = true
sow = { laps = "relay", endless = "ends-game", lap_limit = 75, allow = "last-into-occupied" }
capture = { side = "both", singles = true }
end = { no_move = "pass", majority = true, seeds_left = "nobody" }

[test-match]
holes = 6
seeds = 5
stores = true
sow = { laps = "relay", endless = "ends-game", lap_limit = 75 }
capture = { side = "both", match_across = true }
end = { majority = true, seeds_left = "nobody" }

[test-two-out]
holes = 5
seeds = 4
stores = true
sow.direction = "clockwise"
capture = { side = "both", two_out = true }
end.fewer_than = 3

[test-relay]
holes = 6
seeds = 4
sow.laps = "relay"
sow.skip_start = true
capture.counts = [1]
end.seeds_left = "other"

[test-chain]
holes = [5, 9]
seeds = 3
sow.direction = "clockwise"
sow.min_seeds = 2
capture.counts = [2, 3]
capture.chain = "backward"
capture.grand_slam = "forbidden"
feed.must_feed = true

[test-both-stores]
holes = 15
seeds = 5
stores = true
sow.stores = "both"
sow.leave_one = true
sow.min_seeds = 2
capture.counts = [1, 3]
capture.chain = "forward"
turn.extra_on_capture = true
end.no_move = "pass"
end.majority = true

[test-lap-fours]
holes = 6
seeds = 4
stores = true
sow = { laps = "relay", lap_captures = true, opponent_takes = 8, endless = "ends-game", lap_limit = 75 }
capture = { counts = [4], side = "both" }
end.majority = true

[test-lap-across]
holes = 6
seeds = 4
stores = true
sow = { laps = "relay", lap_captures = true, endless = "ends-game", lap_limit = 75 }
capture = { cross = "opposite-not-empty", cross_takes_sower = false }
end.majority = true

[test-skip-twos]
holes = 6
seeds = 2
stores = true
sow = { laps = "relay", skip_opponent_count = 2, plain_turns = 1, allow = "two-last-rightmost", endless = "ends-game", lap_limit = 75 }
capture = { cross = "opposite-not-empty", cross_takes_sower = false, cross_counts = [2] }
turn.extra_on_capture = true
end.majority = true
`)
	rng := rand.New(rand.NewPCG(32, 1))
	for _, name := range []string{"kalah-1-1", "kalah-2-6", "kalah-6-4", "kalah-6-6-standard",
		"test-relay", "test-chain-5-3", "test-chain-9-3", "test-both-stores", "test-passing", "test-lap-fours", "test-lap-across",
		"test-relay-next", "test-relay-next-store", "test-lap-two-out", "test-two-out", "test-skip-twos", "test-pull-across", "test-next", "test-capture-once", "test-singles", "test-match", "deka", "nambayi",
		"tchuka-ruma", "ns-kalah", "mikro-tsoro",
		"andada", "zigzag", "crosscapt-three", "leb-bbut-ahbochen"} {
		v := variant(t, name)
		ended, extra := 0, 0
		for range scaled(40) {
			g := board.NewGame(v.StartPosition())
			for ply := 0; ply < maxGamePlies && !g.Result().Over(); ply++ {
				p := g.Position()
				if !checkInvariants(t, &p) {
					return
				}
				var cl board.ChildList
				p.Generate(&cl)
				for _, c := range cl.Children[:cl.N] { // the trace a front-end animates
					tr, err := p.Trace(c.Move)
					if err != nil {
						t.Fatalf("%s %q: Trace(%s): %v", name, p.String(), v.FormatMove(c.Move), err)
					}
					checkTrace(t, &p, &c.Pos, tr)
				}
				c := cl.Children[rng.IntN(cl.N)]
				if c.Pos.SideToMove() == p.SideToMove() && !c.Pos.Result().Over() {
					extra++
				}
				if err := g.Play(c.Move); err != nil {
					t.Fatalf("%s %q: %v", name, p.String(), err)
				}
			}
			if g.Result().Over() {
				ended++
			}
		}
		if ended != scaled(40) {
			t.Errorf("%s: %d of %d random games ended", name, ended, scaled(40))
		}
		if strings.HasPrefix(name, "kalah-6") && extra == 0 {
			t.Errorf("%s: no extra turn in random games", name)
		}
	}
}

// TestRuleFileErrorsNameTheLineAndKey checks that a broken rule file is refused with
// one line naming the file, the line and the key, and registers nothing.
func TestRuleFileErrorsNameTheLineAndKey(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[g]\nholes = 6\nseeds = 4\nsow.direction = \"sideways\"\n",
			`bad.toml:4: g.sow.direction: "sideways" is not one of "counter-clockwise", "clockwise"`},
		{"[g]\nholes = 6\nseeds = 4\n\n[g.capture]\ncount = [2, 3]\n",
			"bad.toml:6: g.capture.count: unknown key (docs/rules-format.md lists every key)"},
		{"[g]\nholes = 16\nseeds = 4\n", "bad.toml:2: g.holes: 16 holes per row: from 1 to 15"},
		{"[g]\nseeds = 4\n", "bad.toml:1: g.holes: the number of holes per row is missing (2 to 15)"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.counts = [4]\nsow.lap_captures = true\n",
			`bad.toml:5: g.sow.lap_captures: captures at the end of each sowing need a relay from the last hole (sow.laps = "relay") and one kind of capture, by count, across (without capture.cross_takes_sower) or two out; not with sow.relay_stops_on_capture, sow.stores, sow.take_one, capture.passing, capture.after_turns or a grand slam rule`},
		{"[g]\nholes = 6\nseeds = 4\nsow.laps = \"relay-next\"\ncapture.counts = [4]\nsow.lap_captures = true\n",
			`bad.toml:6: g.sow.lap_captures: captures at the end of each sowing need a relay from the last hole (sow.laps = "relay") and one kind of capture, by count, across (without capture.cross_takes_sower) or two out; not with sow.relay_stops_on_capture, sow.stores, sow.take_one, capture.passing, capture.after_turns or a grand slam rule`},
		{"[g]\nholes = 6\nseeds = 4\ncapture.counts = [4]\nsow.laps = \"relay\"\nsow.opponent_takes = 8\n",
			"bad.toml:6: g.sow.opponent_takes: 8: the seeds left on the board from which the opponent takes what is sown into its row, 1 to 255, with sow.lap_captures and capture.counts"},
		{"[g]\nholes = 6\nseeds = 4\nturn.extra_on_store = true\n",
			"bad.toml:4: g.turn.extra_on_store: a last seed can only fall into a store when sowing passes through stores (sow.stores)"},
		{"[g]\nholes = 6\nseeds = 4\nsow.stores = \"own\"\n",
			"bad.toml:4: g.sow.stores: sowing into stores needs a board with stores (stores = true)"},
		{"[g]\nholes = 6\nseeds = 4\nsow.leave_one = true\n",
			"bad.toml:4: g.sow.leave_one: leaving one seed needs holes of two or more to be played (min_seeds = 2)"},
		{"[g]\nholes = 6\nseeds = \"four\"\n", "bad.toml:3: g: a whole number or a list of them was expected, found four"},
		{"[g]\nholes = 6\nseeds = 4\nend.majority = yes\n", "bad.toml:4: "},
		{"[Big]\nholes = 6\nseeds = 4\n", "bad.toml:1: Big: a game's name is 1 to 40"},
		{"[je-ki-n-je]\nholes = 6\nseeds = 4\n", "bad.toml: je-ki-n-je: a game of that name is built in"},
		{"[g]\nholes = [2, 3]\nseeds = 4\nnames = \"g-{holes}\"\n", "bad.toml:4: g.names: names is the pattern"},
		{"# nothing\n", "bad.toml: no game"},
		{"[g]\nholes = 3\nseeds = 2\nstart = \"200,0,0/0,0,100 S 0 0 -\"\n", "bad.toml:4: g.start: 300 seeds in all: at most 255"},
		{"[g]\nholes = 3\nseeds = 2\nstart = \"0,0,0/0,0,0 S 0 0 -\"\n",
			"bad.toml:4: g.start: g has 12 seeds in all, this position has 0: the game has 3 holes a row and 2 seeds a hole"},
		{"[g]\nholes = [3, 4]\nseeds = 2\nstart = \"1,2,3/3,2,1 S 0 0 -\"\n",
			"bad.toml:4: g.start: a start position is a single game's"},
		{"[g]\nholes = 6\nseeds = 4\nend.goal = \"clear\"\nend.majority = true\n",
			"bad.toml:4: g.end.goal: a game won by clearing one's row ends when a row is empty"},
		{"[g]\nholes = 6\nseeds = 4\nend.unfed_takes = true\n",
			"bad.toml:4: g.end.unfed_takes: only the feeding rule leaves a player unfed"},
		{"[g]\nholes = 6\nseeds = 4\nend = { row_empty = true, own_row_empty = true }\n",
			"bad.toml:4: g.end.own_row_empty: end.row_empty already ends the game"},
		{"[g]\nholes = 6\nseeds = 4\nsow.lone_moves = true\n",
			"bad.toml:4: g.sow.lone_moves: a lone seed moves on where the start hole keeps one seed"},
		{"[g]\nholes = 6\nseeds = 4\nchild.side = \"own\"\n",
			"bad.toml:4: g.child.count: says where children are made, but child.count"},
		{"[g]\nholes = 6\nseeds = 4\nchild.count = 3\nchild.apart = \"near\"\n",
			`bad.toml:5: g.child.apart: "near" is not one of "none", "symmetric", "facing"`},
		{"[g]\nholes = 6\nseeds = 4\ncapture.pick_across = true\n",
			"bad.toml:4: g.capture.pick_across: takes the hole across from a two-out capture's: needs capture.two_out"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.two_out = true\ncapture.cross = \"always\"\n",
			"bad.toml:4: g.capture.two_out: a two-out capture is not supported yet with cross captures"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.two_out = true\ncapture.counts = [4]\n",
			"bad.toml:5: g.capture.counts: with capture.two_out the counts say only what the passing captures take"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow.stores = \"own\"\nsow.path = \"zigzag\"\n",
			"bad.toml:6: g.sow.path: the zigzag path crosses the board at every hole and passes no store: not with sow.stores"},
		{"[g]\nholes = 6\nseeds = 4\nsow.path = \"zigzag\"\nchild.count = 3\n",
			"bad.toml:4: g.sow.path: children are placed by the rows' ends and the holes before them round the board: not yet with sow.path = \"zigzag\""},
		{"[g]\nholes = 6\nseeds = 4\nsow.bear_off = true\nsow.no_return = true\n",
			"bad.toml:4: g.sow.bear_off: bearing off sows seed by seed into the mover's own holes, its state one bit: not yet with"},
		{"[g]\nholes = 6\nseeds = 4\nsow.path = \"spiral\"\n",
			`bad.toml:4: g.sow.path: "spiral" is not one of "around", "zigzag"`},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow.stores = \"both\"\nsow.laps = \"relay-next\"\n",
			"bad.toml:6: g.sow.laps: a relay from the next hole lifts the mover's store after its last hole, sown on seed by seed: with sow.stores = \"own\" only"},
		{"[g]\nholes = 6\nseeds = 4\nround.fill = \"middle\"\n",
			`bad.toml:4: g.round.fill: "middle" is not one of "left", "right", "outside"`},
		{"[g]\nholes = 6\nseeds = 4\nsow.laps = \"relay-next\"\nchild.count = 3\n",
			"bad.toml:5: g.child.count: children are not supported yet with relays from the next hole"},
		{"[g]\nholes = 6\nseeds = 4\nchild = { count = 3, raid = -1 }\n",
			"bad.toml:4: g.child.raid: -1: a last seed in the opponent's child takes 0 to 255 of its seeds"},
		{"[g]\nholes = 6\nseeds = 4\nchild.raid = 2\n",
			"bad.toml:4: g.child.count: says where children are made, but child.count"},
		{"[g]\nholes = 6\nseeds = 4\nchild = { count = 4, side = \"own\", pair_with_previous = true }\n",
			"bad.toml:4: g.child.pair_with_previous: children made in pairs with the hole before need child.count 2 or more"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { cross = \"always\", chain = \"backward\" }\n",
			"bad.toml:4: g.capture.chain: a chain of cross captures goes forward"},
		{"[g]\nholes = 6\nseeds = 4\nsow.close_not_last = true\n",
			"bad.toml:4: g.sow.close_not_last: says which holes are never closed, but sow.close_at"},
		{"[g]\nholes = 6\nseeds = 4\nsow = { laps = \"relay\", close_at = 1 }\nend.goal = \"deprive\"\n",
			"bad.toml:4: g.sow.close_at: 1: a hole is closed by 2 to"},
		{"[g]\nholes = 6\nseeds = 4\nsow.close_at = 3\nend.goal = \"deprive\"\n",
			"bad.toml:4: g.sow.close_at: holes are closed by the last seed of a sowing that goes on from there"},
		{"[g]\nholes = 6\nseeds = 4\nsow = { laps = \"relay\", close_at = 3 }\n",
			"bad.toml:4: g.sow.close_at: closing holes is the game's only capture"},
		{"[g]\nholes = 6\nseeds = 4\nchild.lap_locked = true\n",
			"bad.toml:4: g.child.lap_locked: a hole is locked by the seeds that sow round into its own row, which needs stores"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nchild = { lap_locked = true, count = 3 }\n",
			"bad.toml:5: g.child.lap_locked: locked holes are nobody's children: not with the other child.* keys"},
		{"[g]\nholes = 6\nseeds = 4\nchild = { count = 4, side = \"opponent-owned\" }\n",
			"bad.toml:4: g.child.side: only in a game of territory does a player own the other's holes"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nend.row_empty = false\nround.fill = \"left\"\nchild.count = 4\n",
			"bad.toml:6: g.round: not yet with sow.from"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nend = { row_empty = false, seeds_left = \"other\" }\nround = { territory = true, holes = 6 }\nchild.count = 4\n",
			"bad.toml:6: g.round: children in rounds are not supported yet with end.seeds_left other than \"owner\""},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow.stores = \"own\"\ncapture.other_store = true\n",
			"bad.toml:6: g.capture.other_store: a last seed falls into the opponent's store only when sowing passes through both stores"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.cross = \"always\"\ncapture.cross_counts = [2]\n",
			"bad.toml:5: g.capture.cross_counts: says what a cross capture takes"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], side = \"opponent-first\" }\n",
			"bad.toml:4: g.capture.side: \"opponent-first\" says where a chain goes on"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], empty_gives_store = true }\n",
			"bad.toml:4: g.capture.empty_gives_store: gives the mover's store away"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], chain = \"backward\", sweep = true }\n",
			"bad.toml:4: g.capture.sweep: a sweep takes the opponent's holes of capturing counts"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], pull_across = true }\n",
			"bad.toml:4: g.capture.pull_across: pulls the seeds across into the last hole: not with capture.counts"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { next = true }\n",
			"bad.toml:4: g.capture.next: takes the hole after a relay's last seed: needs sow.laps = \"relay\""},
		{"[g]\nholes = 6\nseeds = 4\nsow.laps = \"relay\"\ncapture = { pick_last = true }\n",
			"bad.toml:5: g.capture.pick_last: takes the last hole's seeds with a capture of the next hole: needs capture.next"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], singles = true }\n",
			"bad.toml:4: g.capture.singles: takes every single seed after a move: not with another capture"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], match_across = true }\n",
			"bad.toml:4: g.capture.match_across: takes a hole and the hole across that hold as many: not with another capture"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], cross_sweep = true }\n",
			"bad.toml:4: g.capture.cross_sweep: a cross capture takes the opponent's holes of its counts too: needs capture.cross"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.counts = [2]\nturn.capture_once = true\n",
			"bad.toml:5: g.turn.capture_once: a capture's extra turn gives no other: needs turn.extra_on_capture"},
		{"[g]\nholes = 6\nseeds = 4\nfeed = { must_feed = true, by_hole = true }\n",
			"bad.toml:4: g.feed.by_hole: the feeding rule asks of a hole sown either way by choice: needs feed.must_feed and sow.choice"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow = { stores = \"own\", stores_at = \"right\" }\n",
			"bad.toml:5: g.sow.stores_at: stores at the players' right differ"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], chain_max = 2 }\n",
			"bad.toml:4: g.capture.chain_max: the most holes a chain takes"},
		{"[g]\nholes = 6\nseeds = 4\ncapture = { counts = [2], after_turns = 4 }\n",
			"bad.toml:4: g.capture.after_turns: 4: the turns without captures"},
		{"[g]\nholes = 6\nseeds = 4\ncapture.after_turns = 1\n",
			"bad.toml:4: g.capture.after_turns: says when captures begin"},
		{"[g]\nholes = 6\nseeds = 4\nsow.one_way_turns = 2\n",
			"bad.toml:4: g.sow.one_way_turns: 2: the game's first turns sown in sow.direction"},
		{"[g]\nholes = 6\nseeds = 4\nsow.plain_turns = 1\n",
			"bad.toml:4: g.sow.plain_turns: 1: the game's first turns sown without sow.skip_opponent_count"},
		{"[g]\nholes = 6\nseeds = 4\nsow.right_half_turns = 4\n",
			"bad.toml:4: g.sow.right_half_turns: 4: the game's first turns played from the right half"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow = { last_to_opponent_turns = 2, stores = \"own\" }\n",
			"bad.toml:5: g.sow.last_to_opponent_turns: 2: the game's first turns sown in one lap"},
		{"[g]\nholes = 6\nseeds = 4\nstores = true\nsow = { first_move = \"plus-one-minus-one\", stores = \"own\" }\n",
			"bad.toml:5: g.sow.first_move: the first move's pattern is kept in the position's state"},
		{"[g]\nholes = 6\nseeds = 4\nsow.first_move = \"plus-one\"\n",
			"bad.toml:4: g.sow.first_move:"},
		{"[g]\nholes = 6\nseeds = 4\nsow = { right_two_turns = 1, right_half_turns = 1 }\n",
			"bad.toml:4: g.sow.right_two_turns: 1: the game's first turns played from the mover's two rightmost"},
		{"[g]\nholes = 6\nseeds = 4\nsow.right_half_turns = 2\nend.no_move = \"pass\"\n",
			"bad.toml:5: g.end.no_move: the game's first turns are counted"},
		{"[g]\nholes = 6\nseeds = 4\nsow = { skip_opponent_count = 2, choice = [\"a\"] }\n",
			"bad.toml:4: g.sow.skip_opponent_count: 2: the count of the opponent's holes that sowing passes over"},
		{"[g]\nholes = 6\nseeds = 4\nsow = { skip_opponent_count = 2, allow = \"opponent-or-empty\" }\n",
			"bad.toml:4: g.sow.skip_opponent_count: passes over holes as it sows"},
	} {
		before := len(board.Variants())
		_, err := board.LoadRules("bad.toml", c.text)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line starting %q", c.text, err, c.want)
		}
		if len(board.Variants()) != before {
			t.Errorf("%q: a refused file registered games", c.text)
		}
	}
}

// TestRuleFilesLoadFromAFolderAndReplaceTheirGames checks LoadRuleFile on a folder
// (every rule file in name order; a *.txt that is no StoneShark game is refused in
// its own line while the rest load) and that loading a game's name again makes the
// name find the new game while the old game's positions keep their rules.
func TestRuleFilesLoadFromAFolderAndReplaceTheirGames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.toml", "[folder-b]\nholes = 3\nseeds = 2\n")
	write("a.toml", "[folder-a]\nholes = 2\nseeds = 2\n")
	write("notes.txt", "not a rule file")
	vs, err := board.LoadRuleFile(dir)
	var refused board.Refused
	if !errors.As(err, &refused) || len(refused) != 1 || !strings.Contains(refused[0].Error(), "notes.txt: not a StoneShark game file") ||
		len(vs) != 2 || vs[0].Name != "folder-a" || vs[1].Name != "folder-b" {
		t.Fatalf("LoadRuleFile(folder) = %v, %v; want folder-a then folder-b, and notes.txt refused", vs, err)
	}
	old := vs[0].StartPosition()
	write("a.toml", "[folder-a]\nholes = 2\nseeds = 3\n")
	again, err := board.LoadRuleFile(filepath.Join(dir, "a.toml"))
	if err != nil {
		t.Fatal(err)
	}
	now := variant(t, "folder-a")
	if now != again[0] || now.Seeds != 12 || old.Variant().Seeds != 8 {
		t.Errorf("after reloading, folder-a has %d seeds (old positions %d), want 12 (8)", now.Seeds, old.Variant().Seeds)
	}
	if n := board.Perft(&old, 2); n == 0 {
		t.Errorf("a position of the replaced game no longer plays")
	}
	if _, err := board.LoadRuleFile(filepath.Join(dir, "missing.toml")); err == nil {
		t.Errorf("a missing file loaded")
	}
}

// TestRulesFormatExamplesParse reads every complete example of docs/rules-format.md
// (a TOML block with a holes key; the others are fragments of a table) as a rule file.
func TestRulesFormatExamplesParse(t *testing.T) {
	doc, err := os.ReadFile("../docs/rules-format.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(doc), "```toml\n")[1:]
	n := 0
	for i, b := range blocks {
		text, _, _ := strings.Cut(b, "```")
		if !strings.Contains(text, "\nholes = ") {
			continue
		}
		n++
		if _, err := board.ParseRules(fmt.Sprintf("example %d", i+1), text); err != nil {
			t.Errorf("docs/rules-format.md, example %d: %v", i+1, err)
		}
	}
	if n < 6 {
		t.Errorf("%d complete examples, want one for each part of the format", n)
	}
}

// TestStartLayout: a game of the format's keys may start from a layout (start, in
// the notation of docs/rules.md) with its seeds spread unevenly; the start position,
// and so perft from it, is the layout's.
func TestStartLayout(t *testing.T) {
	vs := loadRules(t, `
[layout-start]
holes = 3
seeds = 2
stores = true
capture.counts = [2, 3]
start = "1,2,3/3,2,1 S 0 0 -"
[even-start]
holes = 3
seeds = 2
stores = true
capture.counts = [2, 3]
`)
	if got := vs[0].StartPosition().String(); got != "1,2,3/3,2,1 S 0 0 -" {
		t.Errorf("the layout's start: %q", got)
	}
	p, q := vs[0].StartPosition(), vs[1].StartPosition()
	if a, b := board.Perft(&p, 4), board.Perft(&q, 4); a == b {
		t.Errorf("perft 4 from the layout and from even holes are both %d", a)
	}
	// Written back as a rule file (mancala convert), the layout stays.
	games, err := board.ParseRules("layout.toml", "[layout]\nholes = 3\nseeds = 2\nstart = \"1,2,3/3,2,1 S 0 0 -\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if text := board.FormatRules(games); !strings.Contains(text, `start = "1,2,3/3,2,1 S 0 0 -"`) {
		t.Errorf("written back:\n%s", text)
	}
}

// TestRuleFilesInNameOrder: a folder's rule files are read in name order, letters'
// case aside (StoneShark's mikro_tsoro.txt between Micro-Wari.txt and Modiar.txt),
// so that a game's place in `mancala convert`'s list does not hang on its case.
func TestRuleFilesInNameOrder(t *testing.T) {
	dir := writeFiles(t, map[string]string{"Modiar.txt": "", "mikro_tsoro.txt": "", "Micro-Wari.txt": "", "kalah.toml": "", "_all_params.txt": ""})
	files, err := board.RuleFiles(dir)
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	if want := "kalah.toml Micro-Wari.txt mikro_tsoro.txt Modiar.txt"; err != nil || strings.Join(names, " ") != want {
		t.Errorf("RuleFiles: %v (%v), want %s", names, err, want)
	}
}
