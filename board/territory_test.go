package board_test

import (
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// The keys of games of territory (round.territory, round.store_wins), on a 2 x 3
// board of three seeds a hole (18 seeds) worked by hand: a player must own five
// holes to win, so the game ends when one holds more than 4 x 3 + 1 = 13 seeds.
const territoryGames = `
[territory]
holes = 3
seeds = 3
stores = true
round = { territory = true, holes = 5 }
[territory-store]
holes = 3
seeds = 3
stores = true
round = { territory = true, store_wins = true, holes = 5 }
[territory-opp-owned]
holes = 3
seeds = 3
stores = true
capture = { counts = [4], side = "opponent-owned" }
round = { territory = true, holes = 5 }
[territory-opp-row]
holes = 3
seeds = 3
stores = true
capture = { counts = [4], side = "opponent" }
round = { territory = true, holes = 5 }
[territory-last]
holes = 3
seeds = 3
stores = true
end.last_seeds = 2
end.last_seeds_to = "starter"
round = { territory = true, holes = 5 }
[territory-last-loser]
holes = 3
seeds = 3
stores = true
end.last_seeds = 2
end.last_seeds_to = "starter"
round = { territory = true, starter = "loser", holes = 5 }
[territory-quiet]
holes = 3
seeds = 3
stores = true
capture = { counts = [4], side = "both", passing = "owner", after_turns = 1 }
end.no_move = "pass"
round = { territory = true, holes = 5 }
[territory-whole]
holes = 3
seeds = 3
stores = true
round = { territory = true, fill = "whole-holes", holes = 5 }
[territory-whole-store]
holes = 3
seeds = 3
stores = true
round = { territory = true, fill = "whole-holes", store_wins = true, holes = 5 }
[territory-whole-empty]
holes = 3
seeds = 3
stores = true
round = { territory = true, fill = "whole-holes-empty", holes = 5 }
[territory-feed]
holes = 3
seeds = 3
stores = true
capture = { counts = [2], side = "opponent-owned" }
feed.must_feed = true
end.no_move = "pass"
round = { territory = true, holes = 5 }
[territory-must-feed]
holes = 3
seeds = 3
stores = true
feed.must_feed = true
round = { territory = true, holes = 5 }
[territory-slam]
holes = 3
seeds = 3
stores = true
capture = { counts = [2], side = "opponent-owned", grand_slam = "leaves-right" }
round = { territory = true, holes = 5 }
`

var loadTerritoryGames = onceLoader(territoryGames)

// TestTerritoryOwnersFromSeeds: at a round's end every hole is refilled with three
// seeds and the stores emptied; the player who held more owns a hole for each three
// seeds and one more for a remainder of two (above half of three), from their
// row's first hole on into the other row; on a tie each owns their row. A player
// holding fewer than 18 - 13 = 5 seeds ends the game instead.
func TestTerritoryOwnersFromSeeds(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ from, want string }{
		// a1: the seed goes to b1, South's; North has no move. South 11 (3 holes and
		// 2), North 7: South owns c2 too. North did not begin: it begins now.
		{"0,0,0/1,0,0 S 10 7 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,south-owns:1"},
		// South 10 (3 holes and 1), North 8: each their row.
		{"0,0,0/1,0,0 S 9 8 -", "3,3,3/3,3,3 N 0 0 new-round,north-began"},
		// North 12, South 6: North owns a1 too.
		{"0,0,0/1,0,0 S 5 12 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,north-owns:1"},
		// 9 each: a tie, each their row.
		{"0,0,0/1,0,0 S 8 9 -", "3,3,3/3,3,3 N 0 0 new-round,north-began"},
		// c1 sows into c2, South's this round: South 11, North 7; South began, so
		// North begins.
		{"0,0,0/0,0,1 S 10 7 south-owns:1", "3,3,3/3,3,3 N 0 0 new-round,north-began,south-owns:1"},
		// The same seed in North's c2: North plays it, the round goes on.
		{"0,0,0/0,0,1 S 10 7 -", "0,0,1/0,0,0 N 10 7 -"},
	} {
		if got := after(t, "territory", c.from, firstMove(t, c.from)); got != c.want {
			t.Errorf("%s: gives %q, want %q", c.from, got, c.want)
		}
	}
	// South holds 4, fewer than 5: the game ends as the move left it, the seed in
	// b1 South's.
	g := board.NewGame(parse(t, "territory", "0,0,0/1,0,0 S 3 14 -"))
	if err := g.Play(move(t, "territory", "a1")); err != nil {
		t.Fatal(err)
	}
	if q, r := g.Position(), g.Result(); q.String() != "0,0,0/0,1,0 N 3 14 -" || r.Reason != board.NoLegalMove || r.South != 4 || r.North != 14 {
		t.Errorf("after a1: %q, result %v (%v) %d-%d, want the game over 4-14", q.String(), r, r.Reason, r.South, r.North)
	}
}

// TestTerritoryWholeHolesEmpty: with round.fill = "whole-holes-empty" the holes are
// owned as with "whole-holes", but the hole the player who held more fills in part
// (the first the other owns) begins the round empty, and each player keeps in
// their store the seeds that fill no hole (StoneShark's TERR_EX_EMPTY).
func TestTerritoryWholeHolesEmpty(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ from, want string }{
		// South 11 (3 holes and 2), North 7 (2 holes and 1): each their row, c2
		// (after South's three) empty, the stores 2 and 1.
		{"0,0,0/1,0,0 S 10 7 -", "3,3,0/3,3,3 N 2 1 new-round,north-began"},
		// North 13 (4 holes and 1), South 5: North owns a1 too, b1 empty.
		{"0,0,0/1,0,0 S 4 13 -", "3,3,3/3,0,3 N 2 1 new-round,north-began,north-owns:1"},
		// 9 each: every hole filled.
		{"0,0,0/1,0,0 S 8 9 -", "3,3,3/3,3,3 N 0 0 new-round,north-began"},
	} {
		if got := after(t, "territory-whole-empty", c.from, "a1"); got != c.want {
			t.Errorf("%s: gives %q, want %q", c.from, got, c.want)
		}
	}
}

// TestTerritoryFeedsOwnedHoles: in a game of territory the feeding rule looks at the
// holes the opponent owns, not at its row (StoneShark's must-share): North owns a1,
// South's b1 and c1 are empty, so North must play a1, which sows them.
func TestTerritoryFeedsOwnedHoles(t *testing.T) {
	loadTerritoryGames(t)
	p := parse(t, "territory-feed", "1,0,1/2,0,0 N 7 7 north-owns:1")
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1"}) {
		t.Errorf("legal moves %v, want [a1]", got)
	}
}

// TestTerritoryMustFeedEndsRound: with feed.must_feed (and no end.no_move =
// "pass") a player who has seeds but cannot feed the holes the other owns has no
// move, which ends the round, as StoneShark's must-share ends it: c1 empties
// South's b1 and c1 (North owns a1), and neither a2's seed nor c2's reaches b1.
// North holds 9 and the 2 seeds of its holes, 11, and owns a1 again; South
// began, so North begins. Without the feeding rule North plays on.
func TestTerritoryMustFeedEndsRound(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ game, want string }{
		{"territory-must-feed", "3,3,3/3,3,3 N 0 0 new-round,north-began,north-owns:1"},
		{"territory", "1,0,1/0,0,0 N 7 9 north-owns:1"},
	} {
		if got := after(t, c.game, "1,0,0/0,0,1 S 7 9 north-owns:1", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestTerritoryGrandSlamByRow: in a game of territory a grand slam empties the
// opponent's row, whoever owns its holes, and "leaves-right" keeps a hole of that
// row: North's a2 makes two in a1, the only seeds of South's row, and takes them,
// though South still owns c2's seed.
func TestTerritoryGrandSlamByRow(t *testing.T) {
	loadTerritoryGames(t)
	if got, want := after(t, "territory-slam", "1,0,1/1,0,0 N 9 6 south-owns:1", "a2"), "0,0,1/0,0,0 S 9 8 south-owns:1"; got != want {
		t.Errorf("a2 gives %q, want %q", got, want)
	}
}

// TestTerritoryWholeHoles: with round.fill = "whole-holes" the player who held more
// owns only the holes their seeds fill wholly (11 seeds: three holes, not four); a
// player must hold five start counts (15) to own five holes, so the game ends
// when one holds fewer than 18 - 15 + 1 = 4 seeds, and with round.store_wins a
// store of more than 15 wins at once.
func TestTerritoryWholeHoles(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ from, want string }{
		// South 11 (3 holes and 2), North 7: each their row (plain territory: c2 South's).
		{"0,0,0/1,0,0 S 10 7 -", "3,3,3/3,3,3 N 0 0 new-round,north-began"},
		// North 13 (4 holes and 1): North owns a1 too.
		{"0,0,0/1,0,0 S 4 13 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,north-owns:1"},
		// South 4, North 14: the game goes on (plain territory ends it at 4).
		{"0,0,0/1,0,0 S 3 14 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,north-owns:1"},
	} {
		if got := after(t, "territory-whole", c.from, "a1"); got != c.want {
			t.Errorf("%s: gives %q, want %q", c.from, got, c.want)
		}
	}
	// South holds 3, fewer than 4: the game ends as the move left it.
	g := board.NewGame(parse(t, "territory-whole", "0,0,0/1,0,0 S 2 15 -"))
	if err := g.Play(move(t, "territory-whole", "a1")); err != nil {
		t.Fatal(err)
	}
	if q, r := g.Position(), g.Result(); q.String() != "0,0,0/0,1,0 N 2 15 -" || r.Reason != board.NoLegalMove || r.South != 3 || r.North != 15 {
		t.Errorf("after a1: %q, result %v (%v) %d-%d, want the game over 3-15", q.String(), r, r.Reason, r.South, r.North)
	}
	for _, c := range []struct {
		pos  string
		over bool
	}{
		{"0,0,0/1,0,0 N 14 3 -", false}, // over in territory-store: 14 owns 5 holes there
		{"0,0,0/1,0,0 N 15 2 -", false},
		{"1,0,0/0,0,0 S 16 1 -", true},
	} {
		p := parse(t, "territory-whole-store", c.pos)
		if r, over := p.Ended(false); over != c.over || over && (r.Reason != board.MajorityCaptured || r.South != 16) {
			t.Errorf("%s: over %v (%v %d-%d), want %v", c.pos, over, r.Reason, r.South, r.North, c.over)
		}
	}
}

// firstMove is the move these positions play: the South hole holding the seed.
func firstMove(t *testing.T, from string) string {
	t.Helper()
	if strings.HasPrefix(strings.Split(from, "/")[1], "1") {
		return "a1"
	}
	return "c1"
}

// TestTerritoryMovesFollowOwners: a player plays the holes they own, in either row,
// and not the others; the seeds left at the end are the holes' owners'.
func TestTerritoryMovesFollowOwners(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct {
		pos  string
		want []string
	}{
		{"3,3,3/3,3,3 S 0 0 south-owns:1", []string{"a1", "b1", "c1", "c2"}},
		{"3,3,3/3,3,3 N 0 0 south-owns:1", []string{"a2", "b2"}},
		{"3,3,3/3,3,3 N 0 0 north-owns:2", []string{"a1", "a2", "b1", "b2", "c2"}},
		{"3,3,3/3,3,3 S 0 0 north-owns:2", []string{"c1"}},
	} {
		p := parse(t, "territory", c.pos)
		got := legalMoves(&p)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: legal %v, want %v", c.pos, got, c.want)
		}
	}
	p := parse(t, "territory", "3,3,3/3,3,3 N 0 0 south-owns:1")
	if _, err := p.Play(move(t, "territory", "c2")); err == nil || !strings.Contains(err.Error(), "the opponent's this round") {
		t.Errorf("North plays South's c2: error %v, want the hole refused as the opponent's", err)
	}
	v := variant(t, "territory")
	if !v.PlaysTerritory() || p.Owner(v.HoleAt(1, 2)) != board.South || p.Owner(v.HoleAt(1, 1)) != board.North || p.Owner(v.HoleAt(0, 2)) != board.South {
		t.Errorf("%s: owners of c2, b2, c1: %v %v %v, want S N S", p.String(), p.Owner(v.HoleAt(1, 2)), p.Owner(v.HoleAt(1, 1)), p.Owner(v.HoleAt(0, 2)))
	}
	// North has no move (its a2 and b2 are empty) and South holds 3 + 1: the game
	// ends, c2's seed South's.
	g := board.NewGame(parse(t, "territory", "0,0,1/0,0,0 N 3 14 south-owns:1"))
	if r := g.Result(); r.Reason != board.NoLegalMove || r.South != 4 || r.North != 14 {
		t.Errorf("result %v (%v) %d-%d, want the game over 4-14", r, r.Reason, r.South, r.North)
	}
}

// TestTerritoryStoreWins: with round.store_wins a store of more than 4 x 3 + 1 = 13
// seeds (which would own five holes) wins at once, the board as it is; without it
// only a store of every seed does.
func TestTerritoryStoreWins(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct {
		game, pos string
		over      bool
	}{
		{"territory-store", "0,0,0/1,0,0 N 14 3 -", true},
		{"territory-store", "1,0,0/0,0,0 S 13 4 -", false},
		{"territory", "0,0,0/1,0,0 N 14 3 -", false},
		{"territory", "0,0,0/0,0,0 N 18 0 -", true},
	} {
		p := parse(t, c.game, c.pos)
		r, over := p.Ended(false)
		if over != c.over || over && (r.Reason != board.MajorityCaptured || r.South != p.Store(board.South)) {
			t.Errorf("%s: %s: over %v (%v %d-%d), want %v", c.game, c.pos, over, r.Reason, r.South, r.North, c.over)
		}
	}
}

// TestCaptureOnOpponentOwned: with capture.side = "opponent-owned" a count captures
// in the holes the opponent owns this round, wherever they are; with "opponent" in
// the opponent's row, whoever owns the hole.
func TestCaptureOnOpponentOwned(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ game, from, move, want string }{
		// c1 makes four in c2, South's own this round: no capture; in North's row.
		{"territory-opp-owned", "1,0,3/0,0,1 S 7 6 south-owns:1", "c1", "1,0,4/0,0,0 N 7 6 south-owns:1"},
		{"territory-opp-row", "1,0,3/0,0,1 S 7 6 south-owns:1", "c1", "1,0,0/0,0,0 N 11 6 south-owns:1"},
		// c2, South's, makes four in b2, North's: captured either way.
		{"territory-opp-owned", "1,3,1/0,0,0 S 7 6 south-owns:1", "c2", "1,0,0/0,0,0 N 11 6 south-owns:1"},
		{"territory-opp-row", "1,3,1/0,0,0 S 7 6 south-owns:1", "c2", "1,0,0/0,0,0 N 11 6 south-owns:1"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.game, c.move, c.from, got, c.want)
		}
	}
	_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\n"+`capture = { counts = [4], side = "opponent-owned" }`+"\n")
	if err == nil || !strings.Contains(err.Error(), "bad.capture.side: the holes the opponent owns are its row but in a game of territory") {
		t.Errorf("opponent-owned without territory: error %v", err)
	}
}

// TestEndLastSeedsToStarter: with end.last_seeds_to = "starter" the seeds a move
// leaves (two or fewer) go to the player who began the round, not to the mover.
func TestEndLastSeedsToStarter(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ from, want string }{
		// a1 leaves b1 and a2 a seed each. North began: North takes them, 9 each,
		// a tie; South begins the next round.
		{"1,0,0/1,0,0 S 9 7 north-began", "3,3,3/3,3,3 S 0 0 new-round"},
		// South began: South takes them, 11 to 7, and owns c2 too.
		{"1,0,0/1,0,0 S 9 7 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,south-owns:1"},
	} {
		if got := after(t, "territory-last", c.from, "a1"); got != c.want {
			t.Errorf("%s: a1 gives %q, want %q", c.from, got, c.want)
		}
	}
	// With round.starter = "loser" the positions say who began the round too.
	for _, c := range []struct{ from, want string }{
		// North began and takes the two seeds: South 10, North 8; North lost and
		// begins the next round.
		{"1,0,0/1,0,0 S 10 6 north-began", "3,3,3/3,3,3 N 0 0 new-round,north-began"},
		// South began and takes them: 12 to 6, four holes; North begins.
		{"1,0,0/1,0,0 S 10 6 -", "3,3,3/3,3,3 N 0 0 new-round,north-began,south-owns:1"},
		// North began and takes them, 10 to 8, and wins: South begins.
		{"1,0,0/1,0,0 S 8 8 north-began", "3,3,3/3,3,3 S 0 0 new-round"},
	} {
		if got := after(t, "territory-last-loser", c.from, "a1"); got != c.want {
			t.Errorf("loser starts: %s: a1 gives %q, want %q", c.from, got, c.want)
		}
	}
	_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nend.last_seeds = 2\n"+`end.last_seeds_to = "starter"`+"\n")
	if err == nil || !strings.Contains(err.Error(), "bad.end.last_seeds_to: the round's starter takes the last seeds: end.last_seeds in a game in rounds") {
		t.Errorf("end.last_seeds_to without rounds: error %v, want it refused", err)
	}
}

// TestRoundCaptureAfterTurns: with capture.after_turns each round's first turns
// capture nothing, passing captures included (StoneShark's inhibitor starts again
// with every round): a1 takes b1's four, the last seeds, and the next round
// begins with no-capture:1; a1 sows b1 to four, which
// passing = "owner" takes only once the count is out; a pass counts as a turn but
// leaves the last turn without captures to the next move.
func TestRoundCaptureAfterTurns(t *testing.T) {
	loadTerritoryGames(t)
	for _, c := range []struct{ from, move, want string }{
		{"0,0,0/1,3,0 S 8 6 -", "a1", "3,3,3/3,3,3 N 0 0 no-capture:1,new-round,north-began,south-owns:1"},
		{"3,3,3/2,3,0 S 2 2 no-capture:1", "a1", "3,3,3/0,4,1 N 2 2 -"},
		{"3,3,3/2,3,0 S 2 2 -", "a1", "3,3,3/0,0,1 N 6 2 -"},
		{"3,3,3/0,0,0 S 6 3 no-capture:1", "pass", "3,3,3/0,0,0 N 6 3 no-capture:1"},
	} {
		if got := after(t, "territory-quiet", c.from, c.move); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.from, c.move, got, c.want)
		}
	}
}

// TestTerritoryKeysRefused: the territory keys that contradict the others are
// refused in one line naming the key, and a position's owners must be one side's.
func TestTerritoryKeysRefused(t *testing.T) {
	for _, c := range []struct{ keys, want string }{
		{`round = { territory = true, fill = "left", holes = 5 }`, "bad.round.territory: a game of territory refills every hole"},
		{`round = { territory = true }`, "bad.round.holes: 0: the holes a player must own to win"},
		{`round = { territory = true, holes = 7 }`, "bad.round.holes: 7: the holes a player must own to win, from 1 to the board's 6"},
		{`round = { fill = "left", store_wins = true }`, "bad.round.store_wins: only a game of territory"},
		{`round = { fill = "whole-holes", holes = 2 }`, "bad.round.fill: only a game of territory owns whole holes"},
	} {
		_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\n"+c.keys+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want %q", c.keys, err, c.want)
		}
	}
	loadTerritoryGames(t)
	for _, c := range []struct{ pos, want string }{
		{"3,3,3/3,3,3 S 0 0 south-owns:1,north-owns:1", "one player owns holes of the other's row, not both"},
		{"3,3,3/3,3,3 S 0 0 south-owns:4", "south-owns: the holes of the other row owned, 1 to 3"},
		{"3,3,3/3,3,3 S 0 0 blocked:a2", "state field must be - or"},
	} {
		if _, err := variant(t, "territory").ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.pos, err, c.want)
		}
	}
	for _, pos := range []string{"3,3,3/3,3,3 N 0 0 new-round,north-began,south-owns:1", "3,3,3/3,3,3 S 0 0 north-owns:3"} {
		if got := parse(t, "territory", pos).String(); got != pos {
			t.Errorf("%q reads back as %q", pos, got)
		}
	}
}

// TestTerritoryRoundWithChildren ends a round of Weg (children in a game of
// territory): a child is not a move, so with neither player able to move the
// round ends; each player's children count as their seeds (South 11 + 6, North
// 11 + 20: North owns 8 holes), and the new round begins without children. In
// Sadeqa II, whose start is a pattern, the new round begins with it: as the
// start when North begins the round, turned round when South does.
func TestTerritoryRoundWithChildren(t *testing.T) {
	for _, c := range []struct{ game, from, want string }{
		{"weg", "0,0,6s,0,0,0n/20n,0,0,0,0,1 S 10 11 -", "4,4,4,4,4,4/4,4,4,4,4,4 N 0 0 new-round,north-began,north-owns:2"},
		{"sadeqa-ii", "0,0,6s,0,0,0n/20n,0,0,0,0,1 S 10 11 -", "6,0,8,0,8,0/2,8,0,8,0,8 N 0 0 new-round,north-began,north-owns:2"},
		{"sadeqa-ii", "0,0,6s,0,0,0n/20n,0,0,0,0,1 S 10 11 north-began", "8,0,8,0,8,2/0,8,0,8,0,6 S 0 0 new-round,north-owns:2"},
	} {
		p := parse(t, c.game, c.from)
		q, err := p.Play(move(t, c.game, "f1"))
		if err != nil {
			t.Fatalf("%s %q f1: %v", c.game, c.from, err)
		}
		if q.Hash() != q.ComputeHash() {
			t.Errorf("%s: hash %x, from scratch %x", c.game, q.Hash(), q.ComputeHash())
		}
		if got := q.String(); got != c.want {
			t.Errorf("%s: %q f1 gives %q, want %q", c.game, c.from, got, c.want)
		}
	}
}
