package board_test

import (
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// The rule keys StoneShark's games brought (docs/rules-format.md), each on a small
// board worked by hand. Every test loads two games that differ only in the key.

// TestRelayStopsOnCapture: with sow.relay_stops_on_capture a relay ends where its
// last seed makes a capturing count, and captures; without it, it lifts that hole on.
func TestRelayStopsOnCapture(t *testing.T) {
	loadRules(t, `
[relay-stops]
holes = 3
seeds = 1
stores = true
sow = { laps = "relay", relay_stops_on_capture = true }
capture = { counts = [2], side = "both" }
[relay-goes-on]
holes = 3
seeds = 1
stores = true
sow = { laps = "relay" }
capture = { counts = [2], side = "both" }
`)
	if got, want := after(t, "relay-stops", "1,1,1/1,1,1 S 0 0 -", "a1"), "1,1,1/0,0,1 N 2 0 -"; got != want {
		t.Errorf("stopping relay: a1 gives %q, want %q", got, want)
	}
	// b1 (2) lifted: c1, c2 (2) lifted: b2, a2 (2) lifted: a1, b1 (1): the end.
	if got, want := after(t, "relay-goes-on", "1,1,1/1,1,1 S 0 0 -", "a1"), "0,2,0/1,1,2 N 0 0 -"; got != want {
		t.Errorf("relay: a1 gives %q, want %q", got, want)
	}
}

// TestEndlessSowingEndsTheGame: past sow.lap_limit sowings a move is illegal, or with
// sow.endless = "ends-game" it ends the game, the seeds in hand leaving it (as
// StoneShark does) and those on the board going as end.loop_seeds says.
func TestEndlessSowingEndsTheGame(t *testing.T) {
	loadRules(t, `
[endless-ends]
holes = 2
seeds = 2
stores = true
sow = { laps = "relay", lap_limit = 2, endless = "ends-game" }
end.loop_seeds = "split"
[endless-forbidden]
holes = 2
seeds = 2
stores = true
sow = { laps = "relay", lap_limit = 2 }
`)
	// a1 (2): b1 3, b2 3 lifted; a2 3, a1 1, b1 4: a third sowing. The 4 in hand
	// leave; a1 1 and a2 3 are split, 2 each.
	p := parse(t, "endless-ends", "2,2/2,2 S 0 0 -")
	g := board.NewGame(p)
	if err := g.Play(move(t, "endless-ends", "a1")); err != nil {
		t.Fatal(err)
	}
	if q := g.Position(); q.String() != "0,0/0,0 N 2 2 -" {
		t.Errorf("after the endless a1: %q, want an empty board and 2-2", q.String())
	}
	if r := g.Result(); !r.Over() || r.Outcome != board.Draw || r.South != 2 || r.North != 2 {
		t.Errorf("result %v %d-%d, want a draw 2-2", r, r.South, r.North)
	}
	// b1 is endless too (b2 3, a2 3 lifted; a1 3, b1 1, b2 4): legal where endless
	// sowing ends the game, illegal where it is forbidden.
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1", "b1"}) {
		t.Errorf("with endless sowing ending the game the moves are %v, want [a1 b1]", got)
	}
	q := parse(t, "endless-forbidden", "2,2/2,2 S 0 0 -")
	if got := legalMoves(&q); len(got) != 0 {
		t.Errorf("with endless sowing forbidden the moves are %v, want none", got)
	}
}

// TestFewSeedsEndTheGame: with end.fewer_than = 2 the game ends when one seed is
// left on the board, its owner taking it.
func TestFewSeedsEndTheGame(t *testing.T) {
	loadRules(t, `
[few-seeds]
holes = 2
seeds = 1
stores = true
capture.counts = [1]
end = { fewer_than = 2 }
`)
	p := parse(t, "few-seeds", "0,0/1,1 S 1 1 -")
	g := board.NewGame(p)
	if err := g.Play(move(t, "few-seeds", "b1")); err != nil { // b2 1: captured
		t.Fatal(err)
	}
	if r := g.Result(); r.Reason != board.FewSeeds || r.South != 3 || r.North != 1 {
		t.Errorf("result %v (%v) %d-%d, want few seeds, 3-1", r, r.Reason, r.South, r.North)
	}
}

// TestGrandSlamWhenFed: with capture.grand_slam_when_fed = false, taking every seed
// of a row that was empty before the move is an ordinary capture, so the feeding
// rule forbids it; by default it is a grand slam, which here captures nothing.
func TestGrandSlamWhenFed(t *testing.T) {
	loadRules(t, `
[slam-when-fed]
holes = 2
seeds = 1
stores = true
capture = { counts = [1, 2], chain = "backward", grand_slam = "captures-nothing" }
feed.must_feed = true
[slam-not-when-fed]
holes = 2
seeds = 1
stores = true
capture = { counts = [1, 2], chain = "backward", grand_slam = "captures-nothing", grand_slam_when_fed = false }
feed.must_feed = true
`)
	// a1 ends in b2, the only seed of North's row; b1 ends in a2, and the chain
	// a2, b2 takes North's whole row.
	p := parse(t, "slam-when-fed", "0,0/2,2 S 0 0 -")
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1", "b1"}) {
		t.Errorf("grand slam when fed: moves %v, want [a1 b1]", got)
	}
	q := parse(t, "slam-not-when-fed", "0,0/2,2 S 0 0 -")
	if got := legalMoves(&q); len(got) != 0 {
		t.Errorf("no grand slam when fed: moves %v, want none", got)
	}
}

// TestPassOnlyWhileTheOpponentCanMove: with end.no_move = "pass" a side without a
// move passes while the other side has one; when neither has, the game is over.
func TestPassOnlyWhileTheOpponentCanMove(t *testing.T) {
	loadRules(t, `
[pass-pass]
holes = 2
seeds = 1
stores = true
sow.min_seeds = 2
end.no_move = "pass"
`)
	p := parse(t, "pass-pass", "0,2/1,1 S 0 0 -")
	if got := legalMoves(&p); !slices.Equal(got, []string{"pass"}) {
		t.Errorf("North can move: South's moves %v, want [pass]", got)
	}
	g := board.NewGame(parse(t, "pass-pass", "1,1/1,1 S 0 0 -"))
	if r := g.Result(); !r.Over() || r.Reason != board.NoLegalMove || r.Outcome != board.Draw {
		t.Errorf("neither can move: result %v (%v), want over, a draw", r, r.Reason)
	}
}

// TestChosenDirection: in a hole of sow.choice the mover sows either way, two moves
// written with + (counter-clockwise) and - (clockwise); the other holes sow one way
// and are written bare. A hole's other spellings are refused.
func TestChosenDirection(t *testing.T) {
	loadRules(t, `
[choose-b]
holes = 3
seeds = 1
sow.choice = ["b"]
`)
	p := parse(t, "choose-b", "1,1,1/1,1,1 S 0 0 -")
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1", "b1+", "b1-", "c1"}) {
		t.Errorf("moves %v, want [a1 b1+ b1- c1]", got)
	}
	if got := after(t, "choose-b", "1,1,1/1,1,1 S 0 0 -", "b1+"); got != "1,1,1/1,0,2 N 0 0 -" {
		t.Errorf("b1+ gives %q, want its seed in c1", got)
	}
	if got := after(t, "choose-b", "1,1,1/1,1,1 S 0 0 -", "b1-"); got != "1,1,1/2,0,1 N 0 0 -" {
		t.Errorf("b1- gives %q, want its seed in a1", got)
	}
	v := variant(t, "choose-b")
	for _, bad := range []string{"b1", "a1+", "c1-", "b1*"} {
		if _, err := v.ParseMove(bad); err == nil {
			t.Errorf("%q was read as a move", bad)
		}
	}
	if m, err := v.ParseMove("b1-"); err != nil || v.FormatMove(m) != "b1-" || m.Hole() != 1 || m&board.Clockwise == 0 {
		t.Errorf("b1- read as %v (%v)", m, err)
	}
	q := parse(t, "choose-b", "1,1,1/1,1,1 S 0 0 -")
	if _, err := q.Play(board.Move(0) | board.Clockwise); err == nil || !strings.Contains(err.Error(), "sown one way only") {
		t.Errorf("a1 sown clockwise: %v", err)
	}
}

// TestOutwardAndByParitySowing: sow.direction "outward" sows each half of a row
// towards its nearer end; "by-parity" sows an odd count counter-clockwise and an even
// one clockwise.
func TestOutwardAndByParitySowing(t *testing.T) {
	loadRules(t, `
[outward-4]
holes = 4
seeds = 1
sow.direction = "outward"
[parity-2]
holes = 2
seeds = 2
sow.direction = "by-parity"
`)
	for _, c := range []struct{ game, from, move, want string }{
		{"outward-4", "1,1,1,1/1,1,1,1 S 0 0 -", "a1", "2,1,1,1/0,1,1,1 N 0 0 -"}, // left half: clockwise, into a2
		{"outward-4", "1,1,1,1/1,1,1,1 S 0 0 -", "d1", "1,1,1,2/1,1,1,0 N 0 0 -"}, // right half: into d2
		{"outward-4", "1,1,1,1/1,1,1,1 N 0 0 -", "d2", "1,1,1,0/1,1,1,2 S 0 0 -"}, // North's right end: into d1
		{"parity-2", "2,2/2,2 S 0 0 -", "a1", "3,3/0,2 N 0 0 -"},                  // two: clockwise, a2 then b2
		{"parity-2", "2,2/1,3 S 0 0 -", "a1", "2,2/0,4 N 0 0 -"},                  // one: counter-clockwise, into b1
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s %s from %q: %q, want %q", c.game, c.move, c.from, got, c.want)
		}
	}
}

// TestFirstMoveSetsTheWays: with sow.direction = "first-move" (StoneShark's
// PLAYALTDIR) the game's first move is played either way from any hole and sets the
// ways for the rest of the game, the mover's as it chose, the other side's the other
// way; the position's state keeps them, and a move against its side's way is refused.
func TestFirstMoveSetsTheWays(t *testing.T) {
	loadRules(t, `
[first-move]
holes = 3
seeds = 1
sow.direction = "first-move"
`)
	p := parse(t, "first-move", "1,1,1/1,1,1 S 0 0 -")
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1+", "a1-", "b1+", "b1-", "c1+", "c1-"}) {
		t.Errorf("first moves %v, want every hole both ways", got)
	}
	for _, c := range []struct{ from, move, want string }{
		{"1,1,1/1,1,1 S 0 0 -", "b1-", "1,1,1/2,0,1 N 0 0 south-clockwise"},                               // into a1
		{"1,1,1/2,0,1 N 0 0 south-clockwise", "b2+", "2,0,1/2,0,1 S 0 0 south-clockwise"},                 // North the other way: into a2
		{"1,1,1/1,1,1 S 0 0 -", "b1+", "1,1,1/1,0,2 N 0 0 south-counter-clockwise"},                       // into c1
		{"1,1,1/1,0,2 N 0 0 south-counter-clockwise", "b2-", "1,0,2/1,0,2 S 0 0 south-counter-clockwise"}, // into c2
		{"1,1,1/1,1,1 N 0 0 -", "a2-", "0,2,1/1,1,1 S 0 0 south-counter-clockwise"},                       // North first, clockwise: into b2
	} {
		if got := after(t, "first-move", c.from, c.move); got != c.want {
			t.Errorf("%s from %q: %q, want %q", c.move, c.from, got, c.want)
		}
	}
	q := parse(t, "first-move", "1,1,1/2,0,1 N 0 0 south-clockwise")
	if got := legalMoves(&q); !slices.Equal(got, []string{"a2+", "b2+", "c2+"}) {
		t.Errorf("North's moves %v, want one way only", got)
	}
	v := variant(t, "first-move")
	m, _ := v.ParseMove("b2-")
	if _, err := q.Play(m); err == nil || !strings.Contains(err.Error(), "the game's first move set this side's sowing the other way") {
		t.Errorf("b2- against North's way: %v", err)
	}
	if _, err := v.ParsePosition("1,1,1/1,1,1 S 0 0 again"); err == nil {
		t.Errorf("the state again read in a game without extra turns")
	}
	// Where positions say who moves again, "again," comes first.
	loadRules(t, `
[first-move-again]
holes = 3
seeds = 1
stores = true
sow.direction = "first-move"
sow.stores = "own"
turn.extra_on_store = true
end.own_row_empty = true
`)
	w := variant(t, "first-move-again")
	for _, c := range []struct {
		state string
		ok    bool
	}{{"again", true}, {"south-clockwise", true}, {"again,south-counter-clockwise", true}, {"againsouth-clockwise", false}, {"south-clockwise,again", false}, {"clockwise", false}} {
		p, err := w.ParsePosition("1,1,1/1,1,1 S 0 0 " + c.state)
		if c.ok && (err != nil || !strings.HasSuffix(p.String(), " "+c.state)) || !c.ok && err == nil {
			t.Errorf("state %q: %v, %v", c.state, p.String(), err)
		}
	}
}

// TestTwoOutTheFirstMoveWay: with sow.direction = "first-move" a two-out capture
// looks on in the way the move sowed (StoneShark's Pallanguli::Olinda): c1- ends in
// b1, a1 beyond it is empty and a2 beyond that is taken; c1+ ends in d1, whose next
// hole d2 is not empty.
func TestTwoOutTheFirstMoveWay(t *testing.T) {
	loadRules(t, `
[two-out-ways]
holes = 4
seeds = 2
stores = true
sow.direction = "first-move"
capture.two_out = true
capture.side = "both"
`)
	for _, c := range []struct{ move, want string }{
		{"c1-", "0,2,2,2/0,2,0,5 N 3 0 south-clockwise"},
		{"c1+", "3,2,2,2/0,1,0,6 N 0 0 south-counter-clockwise"},
	} {
		if got := after(t, "two-out-ways", "3,2,2,2/0,1,1,5 S 0 0 -", c.move); got != c.want {
			t.Errorf("%s: %q, want %q", c.move, got, c.want)
		}
	}
}

// TestTwoOutTheChosenWay: with sow.choice a two-out capture looks on in the way
// the mover chose for the hole (StoneShark's Bay Khom).
func TestTwoOutTheChosenWay(t *testing.T) {
	loadRules(t, `
[two-out-chosen]
holes = 4
seeds = 2
stores = true
sow.choice = ["c"]
capture.two_out = true
capture.side = "both"
`)
	for _, c := range []struct{ move, want string }{
		{"c1-", "0,2,2,2/0,2,0,5 N 3 0 -"}, // b1 2, a1 empty, a2's 3 taken
		{"c1+", "3,2,2,2/0,1,0,6 N 0 0 -"}, // d1 6, d2 holds seeds: nothing
	} {
		if got := after(t, "two-out-chosen", "3,2,2,2/0,1,1,5 S 0 0 -", c.move); got != c.want {
			t.Errorf("%s: %q, want %q", c.move, got, c.want)
		}
	}
}

// TestChainByGame: with capture.chain_by = "game" a backward chain runs against the
// game's direction even from a hole sown the other way by choice (StoneShark's
// reading); by default it runs against the move's.
func TestChainByGame(t *testing.T) {
	loadRules(t, `
[chain-by-move]
holes = 3
seeds = 2
stores = true
sow.choice = ["a", "b", "c"]
capture = { counts = [2], side = "both", chain = "backward" }
[chain-by-game]
holes = 3
seeds = 2
stores = true
sow.choice = ["a", "b", "c"]
capture = { counts = [2], side = "both", chain = "backward", chain_by = "game" }
`)
	// a1- drops its seed in a2, making 2; against the move the chain meets the empty
	// a1, against the game's counter-clockwise it goes on to b2 (2) and stops at c2.
	if got := after(t, "chain-by-move", "1,2,3/1,3,2 S 0 0 -", "a1-"); got != "0,2,3/0,3,2 N 2 0 -" {
		t.Errorf("chain by the move: %q", got)
	}
	if got := after(t, "chain-by-game", "1,2,3/1,3,2 S 0 0 -", "a1-"); got != "0,0,3/0,3,2 N 4 0 -" {
		t.Errorf("chain by the game: %q", got)
	}
}

// TestOwnRowEmptyEndsTheGame: with end.own_row_empty the game ends as soon as the
// mover's own row is empty after its move (StoneShark's end_cond CLEARED_OWN), before
// the other side may move; the seeds left go as end.seeds_left says, "other" meaning
// the last mover even when it was to move again.
func TestOwnRowEmptyEndsTheGame(t *testing.T) {
	loadRules(t, `
[own-row-ends]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
end = { seeds_left = "other", own_row_empty = true }
[own-row-goes-on]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
end = { seeds_left = "other" }
`)
	// a1 (1) sows into b1: South's row is not empty; b1 (1) then sows into South's
	// store: South moves again with an empty row.
	p := parse(t, "own-row-ends", "2,2/0,1 S 3 0 -")
	g := board.NewGame(p)
	if err := g.Play(move(t, "own-row-ends", "b1")); err != nil {
		t.Fatal(err)
	}
	// South, the last mover, takes North's four seeds: 8-0 (the side not to move,
	// North, would have made it 4-4).
	if r := g.Result(); !r.Over() || r.Reason != board.RowEmpty || r.South != 8 || r.North != 0 {
		t.Errorf("South emptied its row: result %v (%v), want 1-0 8-0 by the emptied row", r, r.Reason)
	}
	// Without the key South, again to move, has no move: the same seeds, another reason.
	q := parse(t, "own-row-goes-on", "2,2/0,1 S 3 0 -")
	g = board.NewGame(q)
	if err := g.Play(move(t, "own-row-goes-on", "b1")); err != nil {
		t.Fatal(err)
	}
	if got := g.Position().String(); got != "2,2/0,0 S 4 0 again" {
		t.Errorf("after b1 into the store: %q, want South to move again", got)
	}
	if r := g.Result(); !r.Over() || r.Reason != board.NoLegalMove || r.South != 8 {
		t.Errorf("South again to move with an empty row: result %v (%v), want 8-0, no legal move", r, r.Reason)
	}
	// Emptying the own row with the turn passing ends the game at once with the key,
	// and lets North move without it: South's lone seed in b1 sows into North's b2
	// where stores are not sown.
	loadRules(t, `
[own-row-ends-plain]
holes = 2
seeds = 2
stores = true
end = { own_row_empty = true }
[own-row-plain]
holes = 2
seeds = 2
stores = true
`)
	for name, over := range map[string]bool{"own-row-ends-plain": true, "own-row-plain": false} {
		g := board.NewGame(parse(t, name, "2,2/0,1 S 3 0 -"))
		if err := g.Play(move(t, name, "b1")); err != nil {
			t.Fatal(err)
		}
		if r := g.Result(); r.Over() != over {
			t.Errorf("%s: South's b1 empties its row: over %v, want %v", name, r.Over(), over)
		}
	}
}

// TestUnfedPlayerTakesTheSeeds: with end.unfed_takes, a side to move that has seeds
// but cannot feed the opponent's empty row ends the game, and the opponent it could
// not feed takes the seeds left (StoneShark's unclaimed UNFED_PLAYER); without it the
// seeds go as end.seeds_left says.
func TestUnfedPlayerTakesTheSeeds(t *testing.T) {
	loadRules(t, `
[unfed-takes]
holes = 2
seeds = 2
stores = true
feed.must_feed = true
end.unfed_takes = true
[owner-takes]
holes = 2
seeds = 2
stores = true
feed.must_feed = true
`)
	// South's only seed, in a1, sows into b1 and cannot reach North's empty row.
	for name, want := range map[string][2]int{"unfed-takes": {4, 4}, "owner-takes": {5, 3}} {
		p := parse(t, name, "0,0/1,0 S 4 3 -")
		r := p.Result()
		if !r.Over() || r.South != want[0] || r.North != want[1] {
			t.Errorf("%s: South cannot feed North: result %v, want %d-%d", name, r, want[0], want[1])
		}
	}
	p := parse(t, "unfed-takes", "0,0/1,0 S 4 3 -")
	if r := p.Result(); r.Reason != board.FeedingImpossible {
		t.Errorf("unfed-takes: the game ended by %v, want feeding impossible", r.Reason)
	}
}

// TestClearGoal: with end.goal = "clear" the first player to empty their own row wins
// (StoneShark's goal CLEAR), a result without seed counts; the seeds game goes on.
func TestClearGoal(t *testing.T) {
	vs := loadRules(t, `
[clear-wins]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
end.goal = "clear"
[seeds-win]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
`)
	if vs[0].Scoring || !vs[0].WonByClearing() || !vs[1].Scoring || vs[1].WonByClearing() {
		t.Fatalf("clear-wins scores %v (clearing %v), seeds-win %v (clearing %v)", vs[0].Scoring, vs[0].WonByClearing(), vs[1].Scoring, vs[1].WonByClearing())
	}
	// South's last seed, b1, goes into its store: South's row is empty, and it wins.
	g := board.NewGame(parse(t, "clear-wins", "1,1/0,1 S 2 3 -"))
	if err := g.Play(move(t, "clear-wins", "b1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Outcome != board.SouthWins || r.Scored || r.Reason != board.RowEmpty {
		t.Errorf("South cleared its row: result %v (%v, scored %v), want South's win by the emptied row", r, r.Reason, r.Scored)
	}
	// By seeds the same move leaves South stuck: each takes their own, North wins 3-5.
	g = board.NewGame(parse(t, "seeds-win", "1,1/0,1 S 2 3 -"))
	if err := g.Play(move(t, "seeds-win", "b1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Outcome != board.NorthWins || !r.Scored || r.South != 3 || r.North != 5 {
		t.Errorf("by seeds: result %v, want 0-1 3-5", r)
	}
}

// TestMovesAgainIsPartOfThePosition: a game that needs the last mover (here its
// seeds left go to "other") writes "again" in the state field when the side to move
// moved last and the game is over, so that the result knows who moved last (a game
// that goes on is the same whoever moved last); the field reads back, gives another
// hash, and is refused in a game whose positions do not say it.
func TestMovesAgainIsPartOfThePosition(t *testing.T) {
	loadRules(t, `
[tracks-again]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
end.seeds_left = "other"
[no-again]
holes = 2
seeds = 2
stores = true
sow.stores = "own"
turn.extra_on_store = true
`)
	again := parse(t, "tracks-again", "2,2/1,1 S 2 0 again")
	plain := parse(t, "tracks-again", "2,2/1,1 S 2 0 -")
	if again.String() != "2,2/1,1 S 2 0 again" || again.Hash() == plain.Hash() {
		t.Errorf("%q (hash %x) and %q (hash %x): want the state written back and two hashes", again.String(), again.Hash(), plain.String(), plain.Hash())
	}
	// b1 (1) into the store: South again, with a1 to play: the game goes on.
	if got := after(t, "tracks-again", "2,2/1,1 S 2 0 -", "b1"); got != "2,2/1,0 S 3 0 -" {
		t.Errorf("b1: %q, want South to move, the game going on", got)
	}
	// b1 into the store from an otherwise empty row: South again and stuck, the game
	// over; South, the last mover, takes North's seeds.
	g := board.NewGame(parse(t, "tracks-again", "2,2/0,1 S 3 0 -"))
	if err := g.Play(move(t, "tracks-again", "b1")); err != nil {
		t.Fatal(err)
	}
	if got := g.Position().String(); got != "2,2/0,0 S 4 0 again" {
		t.Errorf("b1: %q, want South again at the end", got)
	}
	if r := g.Result(); r.South != 8 || r.North != 0 {
		t.Errorf("result %v, want 8-0 to South, the last mover", r)
	}
	if got := after(t, "no-again", "2,2/1,1 S 2 0 -", "b1"); got != "2,2/1,0 S 3 0 -" {
		t.Errorf("no-again b1: %q, want no state", got)
	}
	if _, err := variant(t, "no-again").ParsePosition("2,2/1,1 S 2 0 again"); err == nil || !strings.Contains(err.Error(), "do not say who moves again") {
		t.Errorf("again in a game without it: error %v", err)
	}
}

// TestNoReturnOfASingleSeed: with sow.no_return, a single seed just sown into the
// opponent's row may not be sown straight back: the opponent may not play that hole
// on its next move (StoneShark's split sowing with single seeds playable). The
// position's state field names the barred hole.
func TestNoReturnOfASingleSeed(t *testing.T) {
	loadRules(t, `
[no-return]
holes = 3
seeds = 1
stores = true
sow.no_return = true
[returns]
holes = 3
seeds = 1
stores = true
`)
	// South's lone c1 seed goes into North's empty c2.
	if got, want := after(t, "no-return", "1,0,0/0,0,1 S 2 2 -", "c1"), "1,0,1/0,0,0 N 2 2 c2"; got != want {
		t.Errorf("no-return: c1 gives %q, want %q", got, want)
	}
	for name, want := range map[string][]string{"no-return": {"a2"}, "returns": {"a2", "c2"}} {
		p := parse(t, name, "1,0,0/0,0,1 S 2 2 -")
		q, err := p.Play(move(t, name, "c1"))
		if err != nil {
			t.Fatal(err)
		}
		if got := legalMoves(&q); !slices.Equal(got, want) {
			t.Errorf("%s: after c1 North's moves are %v, want %v", name, got, want)
		}
	}
	// North's lone a2 seed crosses into South's empty a1 in turn: c2 is free again,
	// a1 barred, and South, with no other seed, cannot move.
	if got, want := after(t, "no-return", "1,0,0/0,0,1 S 2 2 -", "c1 a2"), "0,0,1/1,0,0 S 2 2 a1"; got != want {
		t.Errorf("no-return: c1 a2 gives %q, want %q", got, want)
	}
	if p := parse(t, "no-return", "0,0,1/1,0,0 S 2 2 a1"); len(legalMoves(&p)) != 0 || !p.Result().Over() {
		t.Errorf("South's only seed is barred: moves %v, over %v", legalMoves(&p), p.Result().Over())
	}
	if _, err := variant(t, "no-return").ParsePosition("1,0,1/0,0,0 N 2 2 x9"); err == nil {
		t.Error("a state naming no hole was read")
	}
}

// TestCrossCaptureLands: capture.cross_lands says where a last seed, alone in its
// hole, captures the hole across: in an own hole (the default, Kalah's rule), in an
// opponent's hole (taking back the mover's own seeds across), or in either
// (StoneShark's cross captures with capt_side 2 and 0).
func TestCrossCaptureLands(t *testing.T) {
	loadRules(t, `
[lands-either]
holes = 2
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_lands = "either" }
[lands-own]
holes = 2
seeds = 2
stores = true
capture = { cross = "opposite-not-empty" }
[lands-opponent]
holes = 2
seeds = 2
stores = true
capture = { cross = "opposite-not-empty", cross_lands = "opponent" }
`)
	// a1 (2) sows b1 and North's empty b2: across b2 is b1, now holding one seed.
	for name, want := range map[string]string{
		"lands-either":   "1,0/0,0 N 5 2 -", // b1's seed and the sower taken
		"lands-opponent": "1,0/0,0 N 5 2 -",
		"lands-own":      "1,1/0,1 N 3 2 -",
	} {
		if got := after(t, name, "1,0/2,0 S 3 2 -", "a1"); got != want {
			t.Errorf("%s: a1 gives %q, want %q", name, got, want)
		}
	}
	// A lone seed from a1 lands in the own empty b1, across from North's b2 (1):
	// captured where own holes count, not otherwise.
	for name, want := range map[string]string{
		"lands-either":   "1,0/0,0 N 5 2 -",
		"lands-own":      "1,0/0,0 N 5 2 -",
		"lands-opponent": "1,1/0,1 N 3 2 -",
	} {
		if got := after(t, name, "1,1/1,0 S 3 2 -", "a1"); got != want {
			t.Errorf("%s: a1 gives %q, want %q", name, got, want)
		}
	}
}

// TestStoresWhereHolesSowBothWays: where holes sow both ways, the stores stay where
// counter-clockwise sowing places them (South's right of the last column, North's
// left of a2), so a clockwise sowing from a1 passes North's store first; with
// turn.extra_on_other_store a last seed there moves again too (StoneShark's
// sow_stores BOTH).
func TestStoresWhereHolesSowBothWays(t *testing.T) {
	loadRules(t, `
[both-ways-again]
holes = 2
seeds = 2
stores = true
sow = { choice = ["a", "b"], stores = "both" }
turn = { extra_on_store = true, extra_on_other_store = true }
[both-ways]
holes = 2
seeds = 2
stores = true
sow = { choice = ["a", "b"], stores = "both" }
turn.extra_on_store = true
`)
	// a1- (2): North's store, then a2.
	if got, want := after(t, "both-ways", "2,2/2,2 S 0 0 -", "a1-"), "3,2/0,2 N 0 1 -"; got != want {
		t.Errorf("a1- gives %q, want %q", got, want)
	}
	// b1+ (2): South's store, then b2. b1- (2): a1, then North's store.
	if got, want := after(t, "both-ways", "2,2/2,2 S 0 0 -", "b1+"), "2,3/2,0 N 1 0 -"; got != want {
		t.Errorf("b1+ gives %q, want %q", got, want)
	}
	for name, want := range map[string]string{"both-ways-again": "2,2/3,0 S 0 1 -", "both-ways": "2,2/3,0 N 0 1 -"} {
		if got := after(t, name, "2,2/2,2 S 0 0 -", "b1-"); got != want {
			t.Errorf("%s: b1- gives %q, want %q", name, got, want)
		}
	}
}

// TestRelayGoesOnOnlyWhereAllowed: sow.relay_side and sow.relay_counts limit where a
// relay lifts the hole its last seed fell into: on one side of the board only
// (StoneShark's mlap_cont OWN_SIDE / OPP_SIDE), or from certain counts only (ON_PARAM,
// GREQ_PARAM with mlap_param).
func TestRelayGoesOnOnlyWhereAllowed(t *testing.T) {
	loadRules(t, `
[relay-any]
holes = 3
seeds = 2
sow.laps = "relay"
[relay-own-side]
holes = 3
seeds = 2
sow = { laps = "relay", relay_side = "own" }
[relay-from-three]
holes = 3
seeds = 2
sow = { laps = "relay", relay_counts = [3] }
`)
	// b1 (2): c1, then North's c2 (2 -> 3), lifted where the relay may go on there:
	// b2, a2, a1 (2 -> 3), lifted: b1, c1, c2 (0 -> 1), the end.
	for name, want := range map[string]string{
		"relay-own-side":   "2,2,3/2,0,3 N 0 0 -", // c2 is North's: the relay stops there
		"relay-from-three": "3,3,1/0,1,4 N 0 0 -",
		"relay-any":        "3,3,1/0,1,4 N 0 0 -",
	} {
		if got := after(t, name, "2,2,2/2,2,2 S 0 0 -", "b1"); got != want {
			t.Errorf("%s: b1 gives %q, want %q", name, got, want)
		}
	}
	// c1 (3): c2, b2, a2 (1 -> 2): lifted by any relay, not from two seeds.
	if got, want := after(t, "relay-from-three", "1,2,2/2,2,3 S 0 0 -", "c1"), "2,3,3/2,2,0 N 0 0 -"; got != want {
		t.Errorf("relay-from-three: c1 gives %q, want %q", got, want)
	}
	if got := after(t, "relay-any", "1,2,2/2,2,3 S 0 0 -", "c1"); got == "2,3,3/2,2,0 N 0 0 -" {
		t.Errorf("relay-any: c1 gives %q, a relay stopped at two seeds", got)
	}
}

// TestSowAllowOpponentOrEmpty: with sow.allow = "opponent-or-empty" a hole may be
// played only when its sowing reaches the opponent's row or its last seed falls into
// an own hole that was empty; other holes are refused in play too.
func TestSowAllowOpponentOrEmpty(t *testing.T) {
	loadRules(t, `
[reach-or-empty]
holes = 3
seeds = 1
sow.allow = "opponent-or-empty"
[reach-any]
holes = 3
seeds = 1
`)
	for _, c := range []struct {
		pos         string
		want, every []string
	}{
		// a1 and b1 end in occupied own holes; c1 reaches c2.
		{"1,1,1/1,1,1 S 0 0 -", []string{"c1"}, []string{"a1", "b1", "c1"}},
		// a1 ends in the empty b1.
		{"1,1,1/1,0,1 S 1 0 -", []string{"a1", "c1"}, []string{"a1", "c1"}},
		// a1's three seeds reach c2; b1 ends in the occupied c1.
		{"0,1,0/3,1,1 S 0 0 -", []string{"a1", "c1"}, []string{"a1", "b1", "c1"}},
	} {
		p := parse(t, "reach-or-empty", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.want) {
			t.Errorf("opponent-or-empty %q: moves %v, want %v", c.pos, got, c.want)
		}
		q := parse(t, "reach-any", c.pos)
		if got := legalMoves(&q); !slices.Equal(got, c.every) {
			t.Errorf("any %q: moves %v, want %v", c.pos, got, c.every)
		}
	}
	p := parse(t, "reach-or-empty", "1,1,1/1,1,1 S 0 0 -")
	if _, err := p.Play(move(t, "reach-or-empty", "a1")); err == nil || !strings.Contains(err.Error(), "sow.allow") {
		t.Errorf("a1 played: error %v, want one naming sow.allow", err)
	}
}

// TestSowAllowSingles: with sow.allow = "single-into-empty" a hole of one seed may be
// played only into an empty next hole; "single-last-into-empty" also only when every
// playable own hole holds one seed.
func TestSowAllowSingles(t *testing.T) {
	loadRules(t, `
[single-into-empty]
holes = 3
seeds = 1
sow.allow = "single-into-empty"
[single-last-into-empty]
holes = 3
seeds = 1
sow.allow = "single-last-into-empty"
[single-last]
holes = 3
seeds = 1
sow.allow = "single-last"
`)
	for _, c := range []struct {
		pos              string
		into, last, only []string
	}{
		// a1's seed would fall on b1's; b1's into the empty c1; with single-last
		// both, every hole holding one.
		{"1,1,0/1,1,0 S 2 0 -", []string{"b1"}, []string{"b1"}, []string{"a1", "b1"}},
		// c1 holds two: a lone seed may go into the empty b1 only while every
		// hole holds one.
		{"1,0,1/1,0,2 S 1 0 -", []string{"a1", "c1"}, []string{"c1"}, []string{"c1"}},
		// c1's seed would fall on c2's.
		{"0,0,1/0,0,1 S 2 2 -", nil, nil, []string{"c1"}},
	} {
		p := parse(t, "single-into-empty", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.into) {
			t.Errorf("single-into-empty %q: moves %v, want %v", c.pos, got, c.into)
		}
		q := parse(t, "single-last-into-empty", c.pos)
		if got := legalMoves(&q); !slices.Equal(got, c.last) {
			t.Errorf("single-last-into-empty %q: moves %v, want %v", c.pos, got, c.last)
		}
		o := parse(t, "single-last", c.pos)
		if got := legalMoves(&o); !slices.Equal(got, c.only) {
			t.Errorf("single-last %q: moves %v, want %v", c.pos, got, c.only)
		}
	}
}

// TestSowAllowTwos: with sow.allow = "two-last" a hole of two seeds may be played
// only when every own hole that could be played holds two (StoneShark's
// TWO_ONLY_ALL); "two-last-rightmost" then allows only the mover's rightmost of them
// (TWO_ONLY_ALL_RIGHT: South's last column, North's a2).
func TestSowAllowTwos(t *testing.T) {
	loadRules(t, `
[two-last]
holes = 3
seeds = 2
sow.allow = "two-last"
[two-last-rightmost]
holes = 3
seeds = 2
sow.allow = "two-last-rightmost"
`)
	for _, c := range []struct {
		pos         string
		last, right []string
	}{
		// b1 holds three: the twos wait.
		{"1,1,1/2,3,2 S 2 0 -", []string{"b1"}, []string{"b1"}},
		// every playable hole holds two: c1 is South's rightmost.
		{"2,2,2/2,0,2 S 2 0 -", []string{"a1", "c1"}, []string{"c1"}},
		// c1 is empty: b1 is the rightmost that can be played.
		{"0,0,1/2,2,0 S 7 0 -", []string{"a1", "b1"}, []string{"b1"}},
		// North's rightmost is a2.
		{"2,2,0/1,1,1 N 5 0 -", []string{"a2", "b2"}, []string{"a2"}},
	} {
		p := parse(t, "two-last", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.last) {
			t.Errorf("two-last %q: moves %v, want %v", c.pos, got, c.last)
		}
		q := parse(t, "two-last-rightmost", c.pos)
		if got := legalMoves(&q); !slices.Equal(got, c.right) {
			t.Errorf("two-last-rightmost %q: moves %v, want %v", c.pos, got, c.right)
		}
	}
	p := parse(t, "two-last-rightmost", "2,2,2/2,0,2 S 2 0 -")
	if _, err := p.Play(move(t, "two-last-rightmost", "a1")); err == nil || !strings.Contains(err.Error(), "sow.allow") {
		t.Errorf("a1 played: error %v, want one naming sow.allow", err)
	}
}

// TestSowAllowNotAcrossSingle: with sow.allow = "not-across-single" a hole across
// from a hole of one seed may not be played (StoneShark's NOT_XFROM_1S), whichever
// way the mover sows it.
func TestSowAllowNotAcrossSingle(t *testing.T) {
	loadRules(t, `
[not-across-single]
holes = 3
seeds = 2
sow.allow = "not-across-single"
[not-across-single-choice]
holes = 3
seeds = 2
sow.allow = "not-across-single"
sow.choice = ["a", "b", "c"]
`)
	// a2 and c2 hold one seed: a1 and c1 wait.
	p := parse(t, "not-across-single", "1,3,1/2,2,2 S 1 0 -")
	if got, want := legalMoves(&p), []string{"b1"}; !slices.Equal(got, want) {
		t.Errorf("not-across-single: moves %v, want %v", got, want)
	}
	q := parse(t, "not-across-single-choice", "1,3,1/2,2,2 S 1 0 -")
	if got, want := legalMoves(&q), []string{"b1+", "b1-"}; !slices.Equal(got, want) {
		t.Errorf("not-across-single with sow.choice: moves %v, want %v", got, want)
	}
	// North: across from c1's lone seed, c2 waits.
	o := parse(t, "not-across-single", "2,1,2/2,2,1 N 2 0 -")
	if got, want := legalMoves(&o), []string{"a2", "b2"}; !slices.Equal(got, want) {
		t.Errorf("not-across-single, North: moves %v, want %v", got, want)
	}
}

// TestSowAllowLastIntoOccupied: with sow.allow = "last-into-occupied" a hole may be
// played only when its first sowing leaves more than one seed in the hole its last
// seed falls into (StoneShark's OCCUPIED): a hole that held seeds, or one the sowing
// already passed.
func TestSowAllowLastIntoOccupied(t *testing.T) {
	loadRules(t, `
[last-into-occupied]
holes = 3
seeds = 2
sow.allow = "last-into-occupied"
`)
	for _, c := range []struct {
		pos  string
		want []string
	}{
		// a1's seed falls into the empty b1; c1's last into b2's seed.
		{"2,1,0/1,0,2 S 6 0 -", []string{"c1"}},
		// a1's six seeds go round into a1 itself, emptied; c1's into c2's seed.
		{"0,0,1/6,0,1 S 4 0 -", []string{"c1"}},
		// a1's seventh seed falls into b1 a second time.
		{"0,0,1/7,0,0 S 4 0 -", []string{"a1"}},
	} {
		p := parse(t, "last-into-occupied", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.want) {
			t.Errorf("last-into-occupied %q: moves %v, want %v", c.pos, got, c.want)
		}
	}
}

// TestSowSkipOpponentCount: with sow.skip_opponent_count = 2 a sowing passes over
// the opponent's holes holding two seeds as a seed would reach them (StoneShark's
// NO_SOW_OPP_NS); with sow.plain_turns = 1 the game's first turn sows every hole
// (its MLAPS_SOWER opening), the state field counting that turn (plain:1).
func TestSowSkipOpponentCount(t *testing.T) {
	loadRules(t, `
[skip-twos]
holes = 3
seeds = 2
sow.skip_opponent_count = 2
[skip-twos-later]
holes = 3
seeds = 2
sow.skip_opponent_count = 2
sow.plain_turns = 1
[skip-twos-later-2]
holes = 3
seeds = 2
sow.skip_opponent_count = 2
sow.plain_turns = 2
[no-skip]
holes = 3
seeds = 2
`)
	// c1's three seeds: c2 (one seed) is sown, b2 and a2 (two each) passed over,
	// then a1 and b1.
	if got, want := after(t, "skip-twos", "2,2,1/0,0,3 S 4 0 -", "c1"), "2,2,2/1,1,0 N 4 0 -"; got != want {
		t.Errorf("skip-twos: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "no-skip", "2,2,1/0,0,3 S 4 0 -", "c1"), "3,3,2/0,0,0 N 4 0 -"; got != want {
		t.Errorf("no-skip: c1 gives %q, want %q", got, want)
	}
	// The first turn sows every hole; the next skips.
	if got, want := after(t, "skip-twos-later", "2,2,1/0,0,3 S 4 0 plain:1", "c1"), "3,3,2/0,0,0 N 4 0 -"; got != want {
		t.Errorf("skip-twos-later, first turn: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "skip-twos-later", "2,2,1/0,0,3 S 4 0 -", "c1"), "2,2,2/1,1,0 N 4 0 -"; got != want {
		t.Errorf("skip-twos-later, later: c1 gives %q, want %q", got, want)
	}
	// With sow.plain_turns = 2 the count goes down a turn at a time.
	if got, want := after(t, "skip-twos-later-2", "2,2,2/2,2,2 S 0 0 plain:2", "a1"), "2,2,2/0,3,3 N 0 0 plain:1"; got != want {
		t.Errorf("skip-twos-later-2, first turn: a1 gives %q, want %q", got, want)
	}
	if v := variant(t, "skip-twos-later"); v.Start != "2,2,2/2,2,2 S 0 0 plain:1" {
		t.Errorf("skip-twos-later starts at %q, want the state plain:1", v.Start)
	}
}

// TestSowRightHalfTurns: with sow.right_half_turns = 2 the game's first two turns
// are played from the right half of the mover's row only (d1 and e1, a2 and b2 on a
// board of five: the middle column in neither half), in place of sow.allow
// (StoneShark's RIGHT_HALF_1ST_OPE); the state field counts the turns left.
func TestSowRightHalfTurns(t *testing.T) {
	loadRules(t, `
[right-half]
holes = 5
seeds = 2
sow.right_half_turns = 2
sow.allow = "opponent-or-empty"
`)
	for _, c := range []struct {
		pos  string
		want []string
	}{
		// d1's seed falls into e1, which holds one: only the first turns allow it.
		{"2,2,2,2,2/2,0,2,1,1 S 4 0 right-half:2", []string{"d1", "e1"}},
		{"2,2,2,2,2/2,0,2,1,1 S 4 0 right-half:1", []string{"d1", "e1"}},
		{"2,2,2,2,2/2,0,2,1,1 S 4 0 -", []string{"e1"}},
		// North's right half is a2 and b2.
		{"2,2,2,2,2/2,0,2,1,1 N 4 0 right-half:1", []string{"a2", "b2"}},
		// an empty right half: no move
		{"0,0,2,2,2/2,2,2,0,0 S 8 0 right-half:2", nil},
	} {
		p := parse(t, "right-half", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.want) {
			t.Errorf("%q: moves %v, want %v", c.pos, got, c.want)
		}
	}
	if got, want := after(t, "right-half", "2,2,2,2,2/2,0,2,1,1 S 4 0 right-half:2", "d1"), "2,2,2,2,2/2,0,2,0,2 N 4 0 right-half:1"; got != want {
		t.Errorf("d1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "right-half", "2,2,2,2,2/2,0,2,1,1 N 4 0 right-half:1", "a2"), "0,2,2,2,2/3,1,2,1,1 S 4 0 -"; got != want {
		t.Errorf("a2 gives %q, want %q", got, want)
	}
	if v := variant(t, "right-half"); v.Start != "2,2,2,2,2/2,2,2,2,2 S 0 0 right-half:2" {
		t.Errorf("right-half starts at %q, want the state right-half:2", v.Start)
	}
}

// TestSowRightTwoTurns: with sow.right_two_turns = 1 the game's first turn is played
// from the two rightmost of the holes sow.allow lets the mover play (StoneShark's
// RIGHT_2_1ST_THEN_ALL_TWO, with sow.allow = "two-last"; North's right is a2).
func TestSowRightTwoTurns(t *testing.T) {
	loadRules(t, `
[right-two]
holes = 4
seeds = 2
sow.right_two_turns = 1
sow.allow = "two-last"
`)
	for _, c := range []struct {
		pos  string
		want []string
	}{
		// c1's two may not be played: of a1, b1 and d1, the rightmost two
		{"1,1,1,1/3,1,2,1 S 5 0 right-two:1", []string{"b1", "d1"}},
		{"1,1,1,1/3,1,2,1 S 5 0 -", []string{"a1", "b1", "d1"}},
		{"1,1,1,1/3,1,2,1 N 5 0 right-two:1", []string{"a2", "b2"}},
	} {
		p := parse(t, "right-two", c.pos)
		if got := legalMoves(&p); !slices.Equal(got, c.want) {
			t.Errorf("%q: moves %v, want %v", c.pos, got, c.want)
		}
	}
	if got, want := after(t, "right-two", "1,1,1,1/3,1,2,1 S 5 0 right-two:1", "d1"), "1,1,1,2/3,1,2,0 N 5 0 -"; got != want {
		t.Errorf("d1 gives %q, want %q", got, want)
	}
	if v := variant(t, "right-two"); v.Start != "2,2,2,2/2,2,2,2 S 0 0 right-two:1" {
		t.Errorf("right-two starts at %q, want the state right-two:1", v.Start)
	}
}

// TestSowLastToOpponentTurns: with sow.last_to_opponent_turns = 1 the game's first
// turn sows one lap, no relay, and its last seed passes over the mover's own holes
// into the opponent's row (StoneShark's SOW1OPP); later turns relay.
func TestSowLastToOpponentTurns(t *testing.T) {
	loadRules(t, `
[to-opponent]
holes = 4
seeds = 2
sow.laps = "relay"
sow.last_to_opponent_turns = 1
`)
	for _, c := range []struct{ from, move, want string }{
		// a1's last seed would fall into d1: it goes on into d2, and sows no further.
		{"1,1,1,1/3,2,2,2 S 3 0 to-opponent:1", "a1", "1,1,1,2/0,3,3,2 N 3 0 -"},
		// later, d1 holding three relays: d2, c2, b2, then b2's two into a2 and a1
		{"1,1,1,1/3,2,2,2 S 3 0 -", "a1", "2,0,2,2/1,3,3,0 N 3 0 -"},
		// the last seed already in the opponent's row
		{"1,1,1,1/3,2,2,2 S 3 0 to-opponent:1", "c1", "1,1,1,2/3,2,0,3 N 3 0 -"},
		// round the board: the sixth seed passes b1, c1 and the emptied d1
		{"1,1,1,1/0,0,0,6 S 6 0 to-opponent:1", "d1", "2,2,2,3/1,0,0,0 N 6 0 -"},
		// North's last seed passes d2 on to a1
		{"1,1,1,3/1,1,1,1 N 6 0 to-opponent:1", "d2", "1,2,2,0/2,1,1,1 S 6 0 -"},
	} {
		if got := after(t, "to-opponent", c.from, c.move); got != c.want {
			t.Errorf("%q, %s: %q, want %q", c.from, c.move, got, c.want)
		}
	}
}

// TestSowFirstMovePlusOneMinusOne: with sow.first_move = "plus-one-minus-one" the
// game's first move (the state field's first-move) leaves its hole as it is and,
// along the sowing, takes a seed from every other hole into the next, the last into
// the hole across (StoneShark's PLUS1MINUS1); a hole to take from may not be empty.
func TestSowFirstMovePlusOneMinusOne(t *testing.T) {
	loadRules(t, `
[plus-minus]
holes = 3
seeds = 2
sow.first_move = "plus-one-minus-one"
`)
	if v := variant(t, "plus-minus"); v.Start != "2,2,2/2,2,2 S 0 0 first-move" {
		t.Errorf("plus-minus starts at %q, want the state first-move", v.Start)
	}
	// b1: c1 gives its seed to c2, b2 to a2, a1 to b2, across from b1.
	if got, want := after(t, "plus-minus", "2,2,2/2,2,2 S 0 0 first-move", "b1"), "3,2,3/1,2,1 N 0 0 -"; got != want {
		t.Errorf("first move b1 gives %q, want %q", got, want)
	}
	// later, b1 is sown
	if got, want := after(t, "plus-minus", "2,2,2/2,2,2 S 0 0 -", "b1"), "2,2,3/2,0,3 N 0 0 -"; got != want {
		t.Errorf("b1 gives %q, want %q", got, want)
	}
	// c1 is empty: b1 would take a seed from it
	p := parse(t, "plus-minus", "2,2,2/2,2,0 S 2 0 first-move")
	if got, want := legalMoves(&p), []string{"a1"}; !slices.Equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if _, err := p.Play(move(t, "plus-minus", "b1")); err == nil || !strings.Contains(err.Error(), "sow.first_move") {
		t.Errorf("b1 played: error %v, want one naming sow.first_move", err)
	}
}

// TestGrandSlamMovesAgain: with capture.grand_slam = "moves-again" a capture of every
// seed of the opponent's row is taken and the mover moves again (StoneShark's
// LEGAL_SHARE, where the feeding rule then makes the mover share); with "allowed"
// the turn passes.
func TestGrandSlamMovesAgain(t *testing.T) {
	loadRules(t, `
[slam-again]
holes = 3
seeds = 1
capture = { counts = [2, 3], chain = "backward", grand_slam = "moves-again" }
[slam-taken]
holes = 3
seeds = 1
capture = { counts = [2, 3], chain = "backward" }
`)
	// c1 (2) makes twos of c2 and b2, North's only seeds: both taken.
	if got, want := after(t, "slam-again", "0,1,1/1,1,2 S 0 0 -", "c1"), "0,0,0/1,1,0 S 4 0 -"; got != want {
		t.Errorf("moves-again: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "slam-taken", "0,1,1/1,1,2 S 0 0 -", "c1"), "0,0,0/1,1,0 N 4 0 -"; got != want {
		t.Errorf("allowed: c1 gives %q, want %q", got, want)
	}
	// a2 kept its seed: no grand slam, the turn passes.
	if got, want := after(t, "slam-again", "1,1,1/1,0,2 S 0 0 -", "c1"), "1,0,0/1,0,0 N 4 0 -"; got != want {
		t.Errorf("no grand slam: c1 gives %q, want %q", got, want)
	}
}

// TestSowTakeOne: with sow.take_one each sowing, the first and each relay, first puts
// one of its seeds in the mover's store; a lone seed is taken and nothing is sown.
func TestSowTakeOne(t *testing.T) {
	loadRules(t, `
[take-one]
holes = 2
seeds = 2
stores = true
sow.take_one = true
[take-none]
holes = 2
seeds = 2
stores = true
[take-one-relay]
holes = 2
seeds = 2
stores = true
sow = { laps = "relay", take_one = true }
`)
	for _, c := range []struct{ name, pos, move, want string }{
		// a1 (3): one taken, b1 and b2 sown.
		{"take-one", "0,0/3,1 S 2 2 -", "a1", "0,1/0,2 N 3 2 -"},
		{"take-none", "0,0/3,1 S 2 2 -", "a1", "1,1/0,2 N 2 2 -"},
		// a1's lone seed is taken.
		{"take-one", "0,0/1,1 S 3 3 -", "a1", "0,0/0,1 N 4 3 -"},
		// a1 (2): one taken, b1 2 lifted: one taken, b2 1, the end.
		{"take-one-relay", "1,0/2,1 S 2 2 -", "a1", "1,1/0,0 N 4 2 -"},
	} {
		if got := after(t, c.name, c.pos, c.move); got != c.want {
			t.Errorf("%s %q %s: %q, want %q", c.name, c.pos, c.move, got, c.want)
		}
	}
}

// TestCapturePassing: with capture.passing = "owner" a hole that a seed other than
// the last sows to a capturing count is taken at once by its owner, whoever sows,
// and with "sower" by the mover; the last seed captures for the mover as usual.
func TestCapturePassing(t *testing.T) {
	loadRules(t, `
[passing-owner]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], side = "both", passing = "owner" }
[passing-sower]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], side = "both", passing = "sower" }
[passing-none]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], side = "both" }
`)
	// c1 (3) sows c2, b2 and a2 to 2 each: North takes c2 and b2 on the way, South
	// a2 with the last seed; without passing captures only a2 is taken.
	if got, want := after(t, "passing-owner", "1,1,1/1,0,3 S 5 0 -", "c1"), "0,0,0/1,0,0 N 7 4 -"; got != want {
		t.Errorf("passing captures: c1 gives %q, want %q", got, want)
	}
	// The same three holes, all South's.
	if got, want := after(t, "passing-sower", "1,1,1/1,0,3 S 5 0 -", "c1"), "0,0,0/1,0,0 N 11 0 -"; got != want {
		t.Errorf("passing captures by the sower: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "passing-none", "1,1,1/1,0,3 S 5 0 -", "c1"), "0,2,2/1,0,0 N 7 0 -"; got != want {
		t.Errorf("no passing captures: c1 gives %q, want %q", got, want)
	}
}

// TestCapturePassingInOwnHoles: with capture.passing = "sower-own" the mover takes
// the holes a seed other than the last sows to a capturing count in the mover's
// own row only; the opponent's stay as sown (StoneShark's ENPAS_SOW_SOWER).
func TestCapturePassingInOwnHoles(t *testing.T) {
	loadRules(t, `
[passing-own]
holes = 4
seeds = 2
stores = true
capture = { counts = [2], side = "both", passing = "sower-own" }
`)
	// a1 (5) sows b1 and c1 to 2 (South takes both), d1 to 1, d2 to 2 (North's:
	// left) and c2 to 2, the last seed, which South captures as usual.
	if got, want := after(t, "passing-own", "1,1,1,1/5,1,1,0 S 3 2 -", "a1"), "1,1,0,2/0,0,0,1 N 9 2 -"; got != want {
		t.Errorf("a1 gives %q, want %q", got, want)
	}
	// North's b2 (3) sows a2 to 2 (North takes it), a1 and b1 to 1.
	if got, want := after(t, "passing-own", "1,3,0,0/0,0,0,1 N 9 2 -", "b2"), "0,0,0,0/1,1,0,1 S 9 4 -"; got != want {
		t.Errorf("b2 gives %q, want %q", got, want)
	}
}

// TestSowSkipOpponentChildren: with sow.skip_opponent_children a sowing passes over
// the opponent's children (StoneShark's NO_OPP_CHILD, Krur), and a relay stops
// where its last seed makes a child or falls into one (StoneShark's laps stop there).
func TestSowSkipOpponentChildren(t *testing.T) {
	loadRules(t, `
[skip-kids]
holes = 4
seeds = 4
stores = true
sow.laps = "relay"
sow.skip_opponent_children = true
child = { count = 4, side = "opponent" }
[sow-kids]
holes = 4
seeds = 4
stores = true
sow.laps = "relay"
child = { count = 4, side = "opponent" }
`)
	for _, c := range []struct{ game, from, move, want string }{
		// d1 (6) sows d2, c2, b2, a2, passes North's child a1, then b1 and c1.
		{"skip-kids", "1,1,1,1/5n,0,0,6 S 9 8 -", "d1", "2,2,2,2/5n,1,1,0 N 9 8 -"},
		// Without the key the child is sown: a1 6, b1 1, c1 empty.
		{"sow-kids", "1,1,1,1/5n,0,0,6 S 9 8 -", "d1", "2,2,2,2/6n,1,0,0 N 9 8 -"},
		// d1 makes four in d2: South's child, and the relay stops there.
		{"skip-kids", "1,1,1,3/1,1,1,1 S 11 11 -", "d1", "1,1,1,4s/1,1,1,0 N 11 11 -"},
		// d1 falls into South's child d2: the relay stops.
		{"skip-kids", "1,1,1,5s/1,1,1,1 S 10 10 -", "d1", "1,1,1,6s/1,1,1,0 N 10 10 -"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s %q %s: %q, want %q", c.game, c.from, c.move, got, c.want)
		}
	}
	_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nsow.skip_opponent_children = true\n")
	if err == nil || !strings.Contains(err.Error(), "bad.sow.skip_opponent_children: passes over the opponent's children, but child.count") {
		t.Errorf("without children: %v", err)
	}
}

// TestSowLastIntoOpponentChildren: with sow.last_into_opponent_children the sowing
// passes over the opponent's children but for its last seed, which falls into one
// and raids it (StoneShark's OPP_CHILD_ONLY1, as Rath plays with its wegs).
func TestSowLastIntoOpponentChildren(t *testing.T) {
	loadRules(t, `
[last-into-kids]
holes = 4
seeds = 4
stores = true
sow.laps = "relay"
sow.skip_opponent_children = true
sow.last_into_opponent_children = true
child = { count = 4, side = "opponent", raid = 2 }
[skip-all-kids]
holes = 4
seeds = 4
stores = true
sow.laps = "relay"
sow.skip_opponent_children = true
child = { count = 4, side = "opponent", raid = 2 }
`)
	for _, c := range []struct{ game, from, move, want string }{
		// d1 (5) sows d2, c2, b2, a2, and its last seed falls into North's child a1,
		// taking two of its seeds.
		{"last-into-kids", "1,1,1,1/5n,0,1,5 S 9 8 -", "d1", "2,2,2,2/4n,0,1,0 N 11 8 -"},
		// Without the key the last seed passes a1 too, into b1.
		{"skip-all-kids", "1,1,1,1/5n,0,1,5 S 9 8 -", "d1", "2,2,2,2/5n,1,1,0 N 9 8 -"},
		// d1 (6): a1 is passed over by the fifth seed, the last falls into c1.
		{"last-into-kids", "1,1,1,1/5n,0,0,6 S 9 8 -", "d1", "2,2,2,2/5n,1,1,0 N 9 8 -"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s %q %s: %q, want %q", c.game, c.from, c.move, got, c.want)
		}
	}
	_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nsow.last_into_opponent_children = true\n")
	if err == nil || !strings.Contains(err.Error(), "bad.sow.last_into_opponent_children: says the last seed is not passed over") {
		t.Errorf("without sow.skip_opponent_children: %v", err)
	}
}

// TestEndLastSeeds: with end.last_seeds a move that leaves 1 to that many seeds on
// the board gives them to the mover, and the game is over; in a game that captures
// by count on one side, the seeds counted are that side's, and the mover takes all.
func TestEndLastSeeds(t *testing.T) {
	loadRules(t, `
[last-seeds]
holes = 2
seeds = 2
stores = true
end.last_seeds = 2
[last-seeds-opponent]
holes = 2
seeds = 2
stores = true
capture.counts = [4]
end.last_seeds = 2
[no-last-seeds]
holes = 2
seeds = 2
stores = true
`)
	for _, c := range []struct{ name, pos, want string }{
		// a1 leaves b1 and b2 one seed each: South takes them.
		{"last-seeds", "0,1/1,0 S 3 3 -", "0,0/0,0 N 5 3 -"},
		{"no-last-seeds", "0,1/1,0 S 3 3 -", "0,1/0,1 N 3 3 -"},
		// a1 leaves three seeds: more than last_seeds.
		{"last-seeds", "0,1/2,0 S 3 2 -", "0,2/0,1 N 3 2 -"},
		// a1 leaves four seeds, one of them in North's row: South takes all four.
		{"last-seeds-opponent", "0,1/1,2 S 2 2 -", "0,0/0,0 N 6 2 -"},
		{"last-seeds", "0,1/1,2 S 2 2 -", "0,1/0,3 N 2 2 -"},
	} {
		if got := after(t, c.name, c.pos, "a1"); got != c.want {
			t.Errorf("%s %q a1: %q, want %q", c.name, c.pos, got, c.want)
		}
	}
	g := board.NewGame(parse(t, "last-seeds", "0,1/1,0 S 3 3 -"))
	if err := g.Play(move(t, "last-seeds", "a1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); !r.Over() || r.South != 5 || r.North != 3 {
		t.Errorf("after South takes the last seeds: %v %d-%d, want over, 5-3", r, r.South, r.North)
	}
}

// TestPlayAnyHole: with sow.from = "any" either player may play any hole, their
// own row's or the opponent's, capturing for themselves (StoneShark's no_sides);
// without it a hole of the opponent's row is refused.
func TestPlayAnyHole(t *testing.T) {
	vs := loadRules(t, `
[any-hole]
holes = 2
seeds = 2
stores = true
sow.from = "any"
capture = { counts = [2], side = "both" }
end.seeds_left = "nobody"
[own-hole]
holes = 2
seeds = 2
stores = true
capture = { counts = [2], side = "both" }
`)
	if !vs[0].PlaysAnyHole() || vs[1].PlaysAnyHole() {
		t.Fatalf("any-hole plays any hole %v, own-hole %v", vs[0].PlaysAnyHole(), vs[1].PlaysAnyHole())
	}
	p := parse(t, "any-hole", "1,0/1,1 S 3 2 -")
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1", "b1", "a2"}) {
		t.Errorf("any-hole: South's moves %v, want a1 b1 a2", got)
	}
	// South plays North's a2: its seed falls into a1 (1 -> 2), captured for South.
	if got, want := after(t, "any-hole", "1,0/1,1 S 3 2 -", "a2"), "0,0/0,1 N 5 2 -"; got != want {
		t.Errorf("any-hole: a2 gives %q, want %q", got, want)
	}
	q := parse(t, "own-hole", "1,0/1,1 S 3 2 -")
	if got := legalMoves(&q); !slices.Equal(got, []string{"a1", "b1"}) {
		t.Errorf("own-hole: South's moves %v, want a1 b1", got)
	}
	if _, err := q.Play(move(t, "own-hole", "a2")); err == nil {
		t.Error("own-hole: South played North's a2")
	}
}

// TestCaptureOpponentFirst: with capture.side = "opponent-first" a chain begins only
// on the opponent's row and goes on into the mover's own (StoneShark's OPP_CONT);
// with "opponent" it stops at the mover's row.
func TestCaptureOpponentFirst(t *testing.T) {
	loadRules(t, `
[opponent-first]
holes = 3
seeds = 1
capture = { counts = [2], chain = "backward", side = "opponent-first" }
[opponent-only]
holes = 3
seeds = 1
capture = { counts = [2], chain = "backward" }
`)
	// b1 sows c1 and c2, both making two: c2 is captured, then c1 with "opponent-first".
	if got, want := after(t, "opponent-first", "1,1,1/0,2,1 S 0 0 -", "b1"), "1,1,0/0,0,0 N 4 0 -"; got != want {
		t.Errorf("opponent-first: b1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "opponent-only", "1,1,1/0,2,1 S 0 0 -", "b1"), "1,1,0/0,0,2 N 2 0 -"; got != want {
		t.Errorf("opponent: b1 gives %q, want %q", got, want)
	}
	// a1 makes two in b1, South's own: no chain begins there.
	if got, want := after(t, "opponent-first", "1,1,1/1,1,0 S 1 0 -", "a1"), "1,1,1/0,2,0 N 1 0 -"; got != want {
		t.Errorf("opponent-first: a1 gives %q, want %q", got, want)
	}
}

// TestSingleSeedCapturesNothing: with capture.single_seed = false a move that sows a
// single seed captures nothing (StoneShark's nosinglecapt); a move of two does.
func TestSingleSeedCapturesNothing(t *testing.T) {
	loadRules(t, `
[no-single]
holes = 3
seeds = 1
capture = { counts = [2], single_seed = false }
[single]
holes = 3
seeds = 1
capture.counts = [2]
`)
	if got, want := after(t, "no-single", "1,1,1/0,0,1 S 2 0 -", "c1"), "1,1,2/0,0,0 N 2 0 -"; got != want {
		t.Errorf("no-single: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "single", "1,1,1/0,0,1 S 2 0 -", "c1"), "1,1,0/0,0,0 N 4 0 -"; got != want {
		t.Errorf("single: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "no-single", "1,1,1/0,2,0 S 1 0 -", "b1"), "1,1,0/0,0,1 N 3 0 -"; got != want {
		t.Errorf("no-single: b1 (two seeds) gives %q, want %q", got, want)
	}
}

// TestGrandSlamLeavesRight: with capture.grand_slam = "leaves-right" a capture of
// every seed of the opponent's row leaves the seeds of its rightmost hole holding
// any, as the mover sees the board (StoneShark's LEAVE_RIGHT); a row with one such
// hole is taken whole.
func TestGrandSlamLeavesRight(t *testing.T) {
	loadRules(t, `
[leaves-right]
holes = 3
seeds = 1
capture = { counts = [2], chain = "backward", grand_slam = "leaves-right" }
`)
	// c1 sows c2, b2 and a2, each making two: the chain takes the row but c2.
	if got, want := after(t, "leaves-right", "1,1,1/0,0,3 S 0 0 -", "c1"), "0,0,2/0,0,0 N 4 0 -"; got != want {
		t.Errorf("c1 gives %q, want %q", got, want)
	}
	// South's a1 is North's right: North's a2 sows a1, b1 and c1.
	if got, want := after(t, "leaves-right", "3,0,0/1,1,1 N 0 0 -", "a2"), "0,0,0/2,0,0 S 0 4 -"; got != want {
		t.Errorf("a2 gives %q, want %q", got, want)
	}
	// Only c2 holds seeds: it is taken.
	if got, want := after(t, "leaves-right", "0,0,1/1,1,1 S 2 0 -", "c1"), "0,0,0/1,1,0 N 4 0 -"; got != want {
		t.Errorf("c1 into a lone hole gives %q, want %q", got, want)
	}
}

// TestLastSeedInTheOtherStore: with capture.other_store a last seed in the
// opponent's store takes every seed in it (StoneShark's END_OPP_STORE_CAPT).
func TestLastSeedInTheOtherStore(t *testing.T) {
	loadRules(t, `
[other-store]
holes = 2
seeds = 2
stores = true
sow.stores = "both"
capture.other_store = true
[both-stores]
holes = 2
seeds = 2
stores = true
sow.stores = "both"
`)
	// b1's four seeds: South's store, b2, a2 and North's store.
	if got, want := after(t, "other-store", "1,1/0,4 S 0 2 -", "b1"), "2,2/0,0 N 4 0 -"; got != want {
		t.Errorf("other-store: b1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "both-stores", "1,1/0,4 S 0 2 -", "b1"), "2,2/0,0 N 1 3 -"; got != want {
		t.Errorf("both stores: b1 gives %q, want %q", got, want)
	}
	// The stores now matter to what a board is worth.
	if variant(t, "other-store").StoresIdle() || !variant(t, "both-stores").StoresIdle() {
		t.Errorf("StoresIdle: %v with other_store, %v without, want false and true",
			variant(t, "other-store").StoresIdle(), variant(t, "both-stores").StoresIdle())
	}
}

// TestEmptyHoleGivesTheStore: with capture.empty_gives_store a last seed alone in a
// hole on capture.side gives the mover's store to the opponent (StoneShark's
// PASS_STORE_CAPT).
func TestEmptyHoleGivesTheStore(t *testing.T) {
	loadRules(t, `
[gives-store]
holes = 2
seeds = 2
stores = true
capture.empty_gives_store = true
`)
	// b1 into b2, empty and North's: South's three go to North.
	if got, want := after(t, "gives-store", "1,0/1,1 S 3 2 -", "b1"), "1,1/1,0 N 0 5 -"; got != want {
		t.Errorf("b1 gives %q, want %q", got, want)
	}
	// a1 into b1, empty but South's own: nothing changes hands.
	if got, want := after(t, "gives-store", "1,0/1,0 S 3 3 -", "a1"), "1,0/0,1 N 3 3 -"; got != want {
		t.Errorf("a1 gives %q, want %q", got, want)
	}
}

// TestCrossCountsLimitTheCapture: with capture.cross_counts a cross capture takes
// the hole across only when it holds one of the counts.
func TestCrossCountsLimitTheCapture(t *testing.T) {
	loadRules(t, `
[cross-counts]
holes = 2
seeds = 2
capture = { cross = "opposite-not-empty", cross_counts = [1, 2] }
[cross-any]
holes = 2
seeds = 2
capture.cross = "opposite-not-empty"
`)
	// a1 into b1, empty, across b2 of three seeds.
	if got, want := after(t, "cross-counts", "1,3/1,0 S 3 0 -", "a1"), "1,3/0,1 N 3 0 -"; got != want {
		t.Errorf("cross-counts: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "cross-any", "1,3/1,0 S 3 0 -", "a1"), "1,0/0,0 N 7 0 -"; got != want {
		t.Errorf("cross-any: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "cross-counts", "1,2/1,0 S 4 0 -", "a1"), "1,0/0,0 N 7 0 -"; got != want {
		t.Errorf("cross-counts: a1 across two gives %q, want %q", got, want)
	}
}

// TestOtherRowEmptyEndsTheGame: with end.other_row_empty a move that empties the
// opponent's row ends the game, even where the mover would move again; the seeds
// left go as end.seeds_left says.
func TestOtherRowEmptyEndsTheGame(t *testing.T) {
	loadRules(t, `
[other-row-ends]
holes = 3
seeds = 1
stores = true
capture.cross = "opposite-not-empty"
turn.extra_on_capture = true
end.other_row_empty = true
[other-row-goes-on]
holes = 3
seeds = 1
stores = true
capture.cross = "opposite-not-empty"
turn.extra_on_capture = true
`)
	// a1 into b1 takes b2, North's last seeds; South would move again.
	for name, over := range map[string]bool{"other-row-ends": true, "other-row-goes-on": false} {
		g := board.NewGame(parse(t, name, "0,1,0/1,0,1 S 3 0 -"))
		if err := g.Play(move(t, name, "a1")); err != nil {
			t.Fatal(err)
		}
		r := g.Result()
		if r.Over() != over {
			t.Errorf("%s: after a1 over is %v, want %v", name, r.Over(), over)
		}
		if over && (r.Reason != board.RowEmpty || r.South != 6 || r.North != 0) {
			t.Errorf("%s: result %v (%v) %d-%d, want South 6-0 by the row ending", name, r, r.Reason, r.South, r.North)
		}
	}
}

// TestSingleSeedTakesAcross: with capture.single_takes_across a move that lifts a
// single seed first takes the seeds of the hole across from its start hole, then
// sows (StoneShark's DRAW_1_XCAPT); a move of more seeds does not.
func TestSingleSeedTakesAcross(t *testing.T) {
	loadRules(t, `
[takes-across]
holes = 3
seeds = 1
capture.single_takes_across = true
[sows-only]
holes = 3
seeds = 1
`)
	if got, want := after(t, "takes-across", "1,1,1/1,1,1 S 0 0 -", "a1"), "0,1,1/0,2,1 N 1 0 -"; got != want {
		t.Errorf("takes-across: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "sows-only", "1,1,1/1,1,1 S 0 0 -", "a1"), "1,1,1/0,2,1 N 0 0 -"; got != want {
		t.Errorf("sows-only: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "takes-across", "1,1,1/2,0,0 S 1 0 -", "a1"), "1,1,1/0,1,1 N 1 0 -"; got != want {
		t.Errorf("takes-across: a1 of two seeds gives %q, want %q", got, want)
	}
}

// TestSweepTakesTheOpponentsCounts: with capture.sweep a last seed on the
// opponent's row or in the mover's own last hole takes every opponent's hole of a
// capturing count (StoneShark's CAPT_OPP_1CCW with PICKOPPBASIC); elsewhere in the
// mover's row it takes nothing.
func TestSweepTakesTheOpponentsCounts(t *testing.T) {
	loadRules(t, `
[sweep]
holes = 3
seeds = 2
capture = { counts = [2], sweep = true }
[no-sweep]
holes = 3
seeds = 2
capture.counts = [2]
`)
	for _, c := range []struct{ name, move, want string }{
		{"sweep", "c1", "0,1,3/1,1,0 N 6 0 -"},    // into c2, which makes three: a2's two taken
		{"no-sweep", "c1", "2,1,3/1,1,0 N 4 0 -"}, // three captures nothing
		{"sweep", "b1", "0,1,0/1,0,2 N 8 0 -"},    // into c1, South's last hole: a2 and c2 taken
		{"sweep", "a1", "2,1,2/0,2,1 N 4 0 -"},    // into b1: nothing
	} {
		if got := after(t, c.name, "2,1,2/1,1,1 S 4 0 -", c.move); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.name, c.move, got, c.want)
		}
	}
}

// TestPullAcrossFillsTheLastHole: with capture.pull_across a last seed that falls
// alone into a hole pulls the seeds of the hole across into that hole, where the
// hole across is on capture.side (StoneShark's PULL_ACROSS); the seeds stay on the
// board. Without it the seed just lies there.
func TestPullAcrossFillsTheLastHole(t *testing.T) {
	loadRules(t, `
[pull]
holes = 3
seeds = 2
capture = { side = "opponent", pull_across = true }
[pull-both]
holes = 3
seeds = 2
capture = { side = "both", pull_across = true }
[no-pull]
holes = 3
seeds = 2
`)
	for _, c := range []struct{ name, from, move, want string }{
		{"pull", "1,2,3/1,0,1 S 4 0 -", "a1", "1,0,3/0,3,1 N 4 0 -"},      // alone into b1: b2's two pulled in
		{"no-pull", "1,2,3/1,0,1 S 4 0 -", "a1", "1,2,3/0,1,1 N 4 0 -"},   // alone into b1: nothing
		{"pull", "1,2,3/0,1,2 S 3 0 -", "b1", "1,2,3/0,0,3 N 3 0 -"},      // into c1, which held two: nothing
		{"pull", "1,1,0/1,2,0 S 7 0 -", "b1", "1,1,1/1,0,1 N 7 0 -"},      // alone into c2, the opponent's: nothing
		{"pull-both", "1,1,0/1,2,0 S 7 0 -", "b1", "1,1,2/1,0,0 N 7 0 -"}, // on either side: c1's seed pulled into c2
	} {
		if got := after(t, c.name, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.name, c.move, c.from, got, c.want)
		}
	}
}

// TestNextTakesTheHoleAfterTheRelay: with capture.next a relay's last seed, ended
// alone on capture.side, takes the seeds of the next hole along the sowing, in
// either row; with capture.pick_last the last hole's seed goes too (StoneShark's
// NEXT with PICKFINAL). Without them nothing is taken.
func TestNextTakesTheHoleAfterTheRelay(t *testing.T) {
	loadRules(t, `
[next]
holes = 3
seeds = 2
sow.laps = "relay"
capture.next = true
[next-and-last]
holes = 3
seeds = 2
sow.laps = "relay"
capture = { next = true, pick_last = true }
[no-next]
holes = 3
seeds = 2
sow.laps = "relay"
`)
	for _, c := range []struct{ name, from, move, want string }{
		{"next", "1,3,0/1,1,1 S 5 0 -", "c1", "1,0,1/1,1,0 N 8 0 -"},          // alone into c2: b2's three taken
		{"next-and-last", "1,3,0/1,1,1 S 5 0 -", "c1", "1,0,0/1,1,0 N 9 0 -"}, // and c2's seed
		{"no-next", "1,3,0/1,1,1 S 5 0 -", "c1", "1,3,1/1,1,0 N 5 0 -"},
		{"next", "0,1,1/2,0,3 S 5 0 -", "c1", "1,2,2/0,0,0 N 7 0 -"}, // alone into a2: a1, South's own, taken
		{"next", "1,3,0/1,1,1 S 5 0 -", "a1", "1,0,1/0,0,2 N 8 0 -"}, // into b1, lifted: its last seed alone in c2 takes b2
	} {
		if got := after(t, c.name, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.name, c.move, c.from, got, c.want)
		}
	}
}

// TestFeedByHole: with feed.by_hole the feeding rule asks of a hole whose way the
// mover chooses: where one way feeds the opponent's empty row, both ways may be
// played (StoneShark's must-share with holes sown either way); without it, only the
// way that feeds.
func TestFeedByHole(t *testing.T) {
	loadRules(t, `
[by-hole]
holes = 2
seeds = 2
sow.choice = ["a", "b"]
feed = { must_feed = true, by_hole = true }
[by-way]
holes = 2
seeds = 2
sow.choice = ["a", "b"]
feed.must_feed = true
`)
	if got, want := after(t, "by-hole", "0,0/1,0 S 7 0 -", "a1+"), "0,0/0,1 N 7 0 -"; got != want {
		t.Errorf("by-hole: a1+ gives %q, want %q", got, want)
	}
	if got, want := after(t, "by-hole", "0,0/1,0 S 7 0 -", "a1-"), "1,0/0,0 N 7 0 -"; got != want {
		t.Errorf("by-hole: a1- gives %q, want %q", got, want)
	}
	p := parse(t, "by-way", "0,0/1,0 S 7 0 -")
	if _, err := p.Play(move(t, "by-way", "a1+")); err == nil {
		t.Errorf("by-way: a1+, which does not feed, is legal")
	}
	if got, want := after(t, "by-way", "0,0/1,0 S 7 0 -", "a1-"), "1,0/0,0 N 7 0 -"; got != want {
		t.Errorf("by-way: a1- gives %q, want %q", got, want)
	}
}

// TestCaptureOnce: with turn.capture_once a capture gives another turn (the state
// capture-again) but a capture made on it does not (StoneShark's capt_rturn ONCE);
// without it every capture gives one.
func TestCaptureOnce(t *testing.T) {
	loadRules(t, `
[once]
holes = 3
seeds = 2
capture.counts = [2, 3]
turn = { extra_on_capture = true, capture_once = true }
[always]
holes = 3
seeds = 2
capture.counts = [2, 3]
turn.extra_on_capture = true
`)
	for _, c := range []struct{ name, moves, want string }{
		{"once", "c1", "0,1,2/0,2,0 S 7 0 capture-again"}, // a2's two taken: South again
		{"once", "c1 b1", "0,1,0/0,0,1 N 10 0 -"},         // c2's three taken on it: no third turn
		{"always", "c1", "0,1,2/0,2,0 S 7 0 -"},           // the same capture
		{"always", "c1 b1", "0,1,0/0,0,1 S 10 0 -"},       // and South moves a third time
	} {
		if got := after(t, c.name, "1,0,1/0,2,3 S 5 0 -", c.moves); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.name, c.moves, got, c.want)
		}
	}
}

// TestSinglesTaken: with capture.singles every hole on capture.side holding a
// single seed is taken after a move, wherever its last seed fell (StoneShark's
// SINGLETONS); without it nothing is.
func TestSinglesTaken(t *testing.T) {
	loadRules(t, `
[singles]
holes = 3
seeds = 2
capture.singles = true
[singles-both]
holes = 3
seeds = 2
capture = { side = "both", singles = true }
[no-singles]
holes = 3
seeds = 2
`)
	for _, c := range []struct{ name, want string }{
		{"singles", "0,2,2/0,1,0 N 7 0 -"},      // c1 into c2, which makes two: a2's single taken
		{"singles-both", "0,2,2/0,0,0 N 8 0 -"}, // and b1's, South's own
		{"no-singles", "1,2,2/0,1,0 N 6 0 -"},
	} {
		if got := after(t, c.name, "1,2,1/0,1,1 S 6 0 -", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.name, got, c.want)
		}
	}
}

// TestMatchAcrossTakesBoth: with capture.match_across a last seed that makes its
// hole hold as many seeds as the hole across takes both (each on capture.side), and
// a relay stops there instead of lifting the hole (StoneShark's MATCH_OPP);
// without it the relay goes on.
func TestMatchAcrossTakesBoth(t *testing.T) {
	loadRules(t, `
[match]
holes = 3
seeds = 2
capture = { side = "both", match_across = true }
[match-relay]
holes = 3
seeds = 2
sow.laps = "relay"
capture = { side = "both", match_across = true }
[relay]
holes = 3
seeds = 2
sow.laps = "relay"
`)
	for _, c := range []struct{ name, from, want string }{
		{"match", "1,2,1/1,1,0 S 6 0 -", "1,2,0/1,0,0 N 8 0 -"},       // b1 into c1, one against c2's one: both taken
		{"match-relay", "1,2,2/1,1,1 S 4 0 -", "1,2,0/1,0,0 N 8 0 -"}, // c1 makes two against c2's two: no relay
		{"relay", "1,2,2/1,1,1 S 4 0 -", "2,0,3/2,1,0 N 4 0 -"},       // the relay goes on to b1, alone
	} {
		if got := after(t, c.name, c.from, "b1"); got != c.want {
			t.Errorf("%s: b1 from %q gives %q, want %q", c.name, c.from, got, c.want)
		}
	}
}

// TestMatchBothWays: with capture.match_both_ways = 2 a match at the last hole
// goes on each way, up to two holes along the sowing and two against it, each
// taken with the hole across while they hold as many (StoneShark's capt_dir 2 with
// MATCH_OPP, Centering); where the first hole against the sowing does not match
// but both along it did, the next hole along is taken too when it matches.
func TestMatchBothWays(t *testing.T) {
	loadRules(t, `
[match-both]
holes = 7
seeds = 2
stores = true
capture = { side = "both", match_across = true, match_both_ways = 2 }
[match-one]
holes = 7
seeds = 2
stores = true
capture = { side = "both", match_across = true }
`)
	for _, c := range []struct{ name, from, move, want string }{
		// c1 into d1 and e1: e1 matches, then f1 and g1 along, d1 against (c1,
		// emptied, stops it)
		{"match-both", "2,2,5,1,1,3,1/1,2,2,0,0,3,1 S 4 0 -", "c1", "2,2,5,0,0,0,0/1,2,0,0,0,0,0 N 16 0 -"},
		{"match-one", "2,2,5,1,1,3,1/1,2,2,0,0,3,1 S 4 0 -", "c1", "2,2,5,1,0,3,1/1,2,0,1,0,3,1 N 6 0 -"},
		// a1 into b1 and c1: c1, d1 and e1 match, b1 does not: f1 goes too
		{"match-both", "0,2,1,2,1,3,1/2,0,0,2,1,3,0 S 10 0 -", "a1", "0,2,0,0,0,0,1/0,1,0,0,0,0,0 N 24 0 -"},
		// as above, f1 not matching f2
		{"match-both", "0,2,1,2,1,2,1/2,0,0,2,1,3,0 S 11 0 -", "a1", "0,2,0,0,0,2,1/0,1,0,0,0,3,0 N 19 0 -"},
	} {
		if got := after(t, c.name, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.name, c.move, c.from, got, c.want)
		}
	}
	if _, err := board.ParseRules("bad.toml", "[bad]\nholes = 7\nseeds = 2\ncapture = { side = \"both\", match_both_ways = 2 }\n"); err == nil ||
		!strings.Contains(err.Error(), "bad.capture.match_both_ways: takes up to that many holes more each way after a match") {
		t.Errorf("match_both_ways without match_across: %v", err)
	}
}

// TestCrossSweep: with capture.cross_sweep a cross capture also takes every hole
// of the opponent's row holding one of capture.cross_counts (StoneShark's
// PICKOPPBASIC after a cross capture); without it, only the hole across.
func TestCrossSweep(t *testing.T) {
	loadRules(t, `
[cross-sweep]
holes = 3
seeds = 2
capture = { cross = "opposite-not-empty", cross_counts = [2], cross_sweep = true }
[cross-only]
holes = 3
seeds = 2
capture = { cross = "opposite-not-empty", cross_counts = [2] }
`)
	for _, c := range []struct{ name, want string }{
		{"cross-sweep", "0,0,1/0,0,1 N 10 0 -"}, // a1 alone into b1: b2's two and the seed, then a2's two
		{"cross-only", "2,0,1/0,0,1 N 8 0 -"},
	} {
		if got := after(t, c.name, "2,2,1/1,0,1 S 5 0 -", "a1"); got != c.want {
			t.Errorf("%s: a1 gives %q, want %q", c.name, got, c.want)
		}
	}
}

// TestStoresAtTheRight: with sow.stores_at = "right" a clockwise sowing passes each
// player's store at the right end of their row, where counter-clockwise sowing
// leaves it (StoneShark's stores); by default it passes it where the clockwise
// sowing leaves the row, at its left.
func TestStoresAtTheRight(t *testing.T) {
	loadRules(t, `
[stores-right]
holes = 2
seeds = 2
stores = true
sow = { direction = "clockwise", stores = "own", stores_at = "right" }
[stores-exit]
holes = 2
seeds = 2
stores = true
sow = { direction = "clockwise", stores = "own" }
`)
	// a1's two seeds: a2 and b2, or South's store (left of a1) and a2.
	if got, want := after(t, "stores-right", "1,1/2,1 S 2 1 -", "a1"), "2,2/0,1 N 2 1 -"; got != want {
		t.Errorf("stores-right: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "stores-exit", "1,1/2,1 S 2 1 -", "a1"), "2,1/0,1 N 3 1 -"; got != want {
		t.Errorf("stores-exit: a1 gives %q, want %q", got, want)
	}
}

// TestSowOwnRow: with sow.cycle = "own-row" each player sows round their own row
// and store only (StoneShark's NorthSouthCycle): South's c1 sows its store, a1 and
// b1 where the ring sows the store, c2 and b2; North's a2 its store and c2;
// clockwise, South's a1 its store, c1 and b1.
func TestSowOwnRow(t *testing.T) {
	loadRules(t, `
[own-row]
holes = 3
seeds = 2
stores = true
sow = { stores = "own", cycle = "own-row" }
[own-row-clockwise]
holes = 3
seeds = 2
stores = true
sow = { direction = "clockwise", stores = "own", cycle = "own-row" }
[ring]
holes = 3
seeds = 2
stores = true
sow = { stores = "own" }
`)
	for _, c := range []struct{ game, from, move, want string }{
		{"own-row", "1,2,0/0,1,3 S 5 0 -", "c1", "1,2,0/1,2,0 N 6 0 -"},
		{"ring", "1,2,0/0,1,3 S 5 0 -", "c1", "1,3,1/0,1,0 N 6 0 -"},
		{"own-row", "2,1,0/0,0,1 N 8 0 -", "a2", "0,1,1/0,0,1 S 8 1 -"},
		{"own-row", "0,0,0/0,1,6 S 5 0 -", "c1", "0,0,0/2,2,1 N 7 0 -"}, // round twice, back into c1
		{"own-row-clockwise", "0,0,0/3,1,0 S 8 0 -", "a1", "0,0,0/0,2,1 N 9 0 -"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.game, c.move, c.from, got, c.want)
		}
	}
	for _, keys := range []string{`sow = { stores = "both", cycle = "own-row" }`, `sow = { from = "any", cycle = "own-row" }`, `sow.cycle = "rows"`} {
		if _, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nstores = true\n"+keys+"\n"); err == nil || !strings.Contains(err.Error(), "bad.sow.cycle") {
			t.Errorf("%s: error %v, want one on bad.sow.cycle", keys, err)
		}
	}
}

// TestGrandSlamGivesRow: with capture.grand_slam = "gives-row" a capture taking
// every seed of the opponent's row stands, and the mover's row goes to the
// opponent's store (StoneShark's OPP_GETS_REMAIN): South's a1 takes b2's 3 seeds
// across b1, then b1's and c1's 3 seeds go to North; allowed, South keeps them.
func TestGrandSlamGivesRow(t *testing.T) {
	loadRules(t, `
[gives-row]
holes = 3
seeds = 2
stores = true
sow = { stores = "own", cycle = "own-row" }
capture = { cross = "opposite-not-empty", cross_takes_sower = false, grand_slam = "gives-row" }
[slam-allowed]
holes = 3
seeds = 2
stores = true
sow = { stores = "own", cycle = "own-row" }
capture = { cross = "opposite-not-empty", cross_takes_sower = false }
`)
	if got, want := after(t, "gives-row", "0,3,0/1,0,2 S 3 3 -", "a1"), "0,0,0/0,0,0 N 6 6 -"; got != want {
		t.Errorf("gives-row: a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "slam-allowed", "0,3,0/1,0,2 S 3 3 -", "a1"), "0,0,0/0,1,2 N 6 3 -"; got != want {
		t.Errorf("allowed: a1 gives %q, want %q", got, want)
	}
	// not a grand slam: a2 keeps its seed, and South its row
	if got, want := after(t, "gives-row", "1,3,0/1,0,2 S 3 2 -", "a1"), "1,0,0/0,1,2 N 6 2 -"; got != want {
		t.Errorf("gives-row, no slam: a1 gives %q, want %q", got, want)
	}
}

// TestLapCapturesSown: with sow.lap_captures_sown a lap's cross capture is sown on
// with the landing hole's lone seed, and a lap ending with the opponent's row empty
// ends the move (StoneShark's LAP_CAPT_SEEDS, in mikro tsoro): South's a1 takes
// b2's 3 across b1 and sows the 4 on, relaying from c1 and b1 until b1's lone seed
// faces an empty b2; b1's seed takes c2's 3, the last of North's, and the 4 sown on
// end in a1, which then holds 10 and is not lifted.
func TestLapCapturesSown(t *testing.T) {
	loadRules(t, `
[lap-sown]
holes = 3
seeds = 2
sow = { laps = "relay", cycle = "own-row", lap_captures = true, lap_captures_sown = true, endless = "ends-game", lap_limit = 75 }
capture = { cross = "opposite-not-empty", cross_takes_sower = false }
end.goal = "deprive"
`)
	if got, want := after(t, "lap-sown", "2,3,3/1,0,3 S 0 0 -", "a1"), "2,0,3/4,1,2 N 0 0 -"; got != want {
		t.Errorf("a1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "lap-sown", "0,0,3/8,1,0 S 0 0 -", "b1"), "0,0,0/10,1,1 N 0 0 -"; got != want {
		t.Errorf("b1 gives %q, want %q", got, want)
	}
	for _, keys := range []string{"stores = true\nsow = { laps = \"relay\", lap_captures = true, lap_captures_sown = true }\ncapture = { cross = \"always\", cross_takes_sower = false }",
		"sow = { laps = \"relay\", lap_captures = true, lap_captures_sown = true }\ncapture.counts = [2]"} {
		if _, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\n"+keys+"\n"); err == nil || !strings.Contains(err.Error(), "bad.sow.lap_captures_sown") {
			t.Errorf("%s: error %v, want one on bad.sow.lap_captures_sown", keys, err)
		}
	}
}

// TestChainMax: with capture.chain_max a chain takes at most that many holes
// (StoneShark's multicapt of a number).
func TestChainMax(t *testing.T) {
	loadRules(t, `
[chain-of-two]
holes = 3
seeds = 1
capture = { counts = [2], chain = "backward", chain_max = 2 }
[chain-of-all]
holes = 3
seeds = 1
capture = { counts = [2], chain = "backward" }
`)
	// c1 sows c2, b2 and a2, each making two; the chain runs a2, b2, c2.
	if got, want := after(t, "chain-of-two", "1,1,1/0,0,3 S 0 0 -", "c1"), "0,0,2/0,0,0 N 4 0 -"; got != want {
		t.Errorf("chain-of-two: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "chain-of-all", "1,1,1/0,0,3 S 0 0 -", "c1"), "0,0,0/0,0,0 N 6 0 -"; got != want {
		t.Errorf("chain-of-all: c1 gives %q, want %q", got, want)
	}
}

// TestCapturesAfterTurns: with capture.after_turns no move captures in the game's
// first turns, which the state field counts down (no-capture:N), and a relay does
// not stop for a count it could not capture (StoneShark's nocaptmoves).
func TestCapturesAfterTurns(t *testing.T) {
	loadRules(t, `
[after-one]
holes = 2
seeds = 1
capture = { counts = [2], after_turns = 1 }
`)
	v := variant(t, "after-one")
	if v.Start != "1,1/1,1 S 0 0 no-capture:1" {
		t.Errorf("start %q, want the state no-capture:1", v.Start)
	}
	// b1 makes two in b2: not captured in the first turn; a2 makes two in a1 in the
	// second, captured.
	if got, want := after(t, "after-one", v.Start, "b1"), "1,2/1,0 N 0 0 -"; got != want {
		t.Errorf("first turn: b1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "after-one", "1,2/1,0 N 0 0 -", "a2"), "0,2/0,0 S 0 2 -"; got != want {
		t.Errorf("second turn: a2 gives %q, want %q", got, want)
	}
	for _, bad := range []string{"no-capture:2", "no-capture:0", "again", "no-capture:1,no-capture:1"} {
		if _, err := v.ParsePosition("1,1/1,1 S 0 0 " + bad); err == nil {
			t.Errorf("state %q was read", bad)
		}
	}
}

// TestOneWayTurns: with sow.one_way_turns the game's first turns sow in
// sow.direction whichever way the mover chose, both moves of a chosen hole alike
// (StoneShark's prescribed opening NO_UDIR_FIRSTS); the state field counts them down
// (one-way:N), and afterwards the choice holds.
func TestOneWayTurns(t *testing.T) {
	loadRules(t, `
[one-way-first]
holes = 3
seeds = 1
sow = { choice = ["a", "b", "c"], one_way_turns = 1 }
`)
	v := variant(t, "one-way-first")
	if v.Start != "1,1,1/1,1,1 S 0 0 one-way:1" {
		t.Fatalf("start %q, want the state one-way:1", v.Start)
	}
	p := parse(t, "one-way-first", v.Start)
	if got := legalMoves(&p); !slices.Equal(got, []string{"a1+", "a1-", "b1+", "b1-", "c1+", "c1-"}) {
		t.Errorf("first turn's moves %v, want both ways of every hole", got)
	}
	for _, m := range []string{"b1+", "b1-"} {
		if got, want := after(t, "one-way-first", v.Start, m), "1,1,1/1,0,2 N 0 0 -"; got != want {
			t.Errorf("first turn: %s gives %q, want %q (counter-clockwise)", m, got, want)
		}
	}
	if got, want := after(t, "one-way-first", "1,1,1/1,0,2 N 0 0 -", "b2-"), "1,0,2/1,0,2 S 0 0 -"; got != want {
		t.Errorf("second turn: b2- gives %q, want %q (clockwise, as chosen)", got, want)
	}
}

// TestLapCaptures: with sow.lap_captures each sowing of a relay captures where it
// ends, and a capture sows on: after a capture by count from the next hole, after a
// cross capture from the landing hole's lone seed; without it the relay stops there.
func TestLapCaptures(t *testing.T) {
	loadRules(t, `
[laps-capture-fours]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay", lap_captures = true }
capture = { counts = [4], side = "both" }
[relay-stops-on-fours]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay", relay_stops_on_capture = true }
capture = { counts = [4], side = "both" }
[laps-capture-across]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay", lap_captures = true }
capture = { cross = "opposite-not-empty", cross_takes_sower = false }
[relay-captures-across]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay" }
capture = { cross = "opposite-not-empty", cross_takes_sower = false }
`)
	for _, c := range []struct{ name, pos, move, want string }{
		// a1 (2) makes a four of c1, taken; c2 (2) is sown on: b2 and a2, whose
		// lone seed ends the move.
		{"laps-capture-fours", "0,1,2/2,0,3 S 4 0 -", "a1", "1,2,0/0,1,0 N 8 0 -"},
		{"relay-stops-on-fours", "0,1,2/2,0,3 S 4 0 -", "a1", "0,1,2/0,1,0 N 8 0 -"},
		// a1's seed falls into the empty b1 and takes b2; it sows on into c1 and
		// takes c2, then into c2, North's, where it stops.
		{"laps-capture-across", "1,2,3/1,0,0 S 5 0 -", "a1", "1,0,1/0,0,0 N 10 0 -"},
		{"relay-captures-across", "1,2,3/1,0,0 S 5 0 -", "a1", "1,0,3/0,1,0 N 7 0 -"},
	} {
		if got := after(t, c.name, c.pos, c.move); got != c.want {
			t.Errorf("%s %q %s: %q, want %q", c.name, c.pos, c.move, got, c.want)
		}
	}
}

// TestOpponentTakes: with sow.opponent_takes a sowing that begins with that many
// seeds or fewer on the board besides those it lifts gives each seed it would sow
// into the opponent's row to the opponent, but a last seed that makes a capturing
// count, which the mover then captures.
func TestOpponentTakes(t *testing.T) {
	loadRules(t, `
[takes-at-four]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay", lap_captures = true, opponent_takes = 4 }
capture = { counts = [4], side = "both" }
[takes-at-one]
holes = 3
seeds = 2
stores = true
sow = { laps = "relay", lap_captures = true, opponent_takes = 1 }
capture = { counts = [4], side = "both" }
`)
	for _, c := range []struct{ name, pos, move, want string }{
		// Two seeds besides c1's three: North takes the seeds for c2, b2 and a2,
		// whose one seed stays and ends the move.
		{"takes-at-four", "1,0,0/0,1,3 S 4 3 -", "c1", "1,0,0/0,1,0 N 4 6 -"},
		// The same move sown as any relay: a2 (2) on, b1 (2) on, c2 (2) on, a2's
		// lone seed.
		{"takes-at-one", "1,0,0/0,1,3 S 4 3 -", "c1", "1,2,0/1,0,1 N 4 3 -"},
		// North takes c2's and b2's seeds; the last makes four of a2, South's
		// capture, and the next hole, a1, is empty.
		{"takes-at-four", "3,0,0/0,1,3 S 3 2 -", "c1", "0,0,0/0,1,0 N 7 4 -"},
	} {
		if got := after(t, c.name, c.pos, c.move); got != c.want {
			t.Errorf("%s %q %s: %q, want %q", c.name, c.pos, c.move, got, c.want)
		}
	}
}

// TestZigzagPath: with sow.path = "zigzag" the sowing crosses the board at every
// hole (StoneShark's ZigZag): counter-clockwise from a1 on a 2 x 4 board it goes
// b2, c1, d2, d1 (straight across at the last column), c2, b1, a2 and a1 again;
// clockwise the other way round.
func TestZigzagPath(t *testing.T) {
	loadRules(t, `
[zigzag]
holes = 4
seeds = 2
stores = true
sow.path = "zigzag"
[zigzag-clockwise]
holes = 4
seeds = 2
stores = true
sow.path = "zigzag"
sow.direction = "clockwise"
`)
	for _, c := range []struct{ name, from, moves, want string }{
		{"zigzag", "0,0,0,0/5,0,0,0 S 6 5 -", "a1", "0,1,1,1/0,0,1,1 N 6 5 -"},
		// nine seeds: a whole lap, and the ninth into b2
		{"zigzag", "0,0,0,0/9,0,0,0 S 4 3 -", "a1", "1,2,1,1/1,1,1,1 N 4 3 -"},
		// North's a2 goes on to a1, b2 and c1
		{"zigzag", "3,0,0,0/0,0,0,0 N 8 5 -", "a2", "0,1,0,0/1,0,1,0 S 8 5 -"},
		{"zigzag-clockwise", "0,0,0,0/5,0,0,0 S 6 5 -", "a1", "1,0,1,1/0,1,0,1 N 6 5 -"},
	} {
		if got := after(t, c.name, c.from, c.moves); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.name, c.moves, c.from, got, c.want)
		}
	}
}

// TestZigzagInwardAndNoReturn: on the zigzag path sow.direction = "inward" sows each
// hole the way that goes towards the middle of the row (on a 2 x 4 board a1 and d1
// counter-clockwise, b1 and c1 clockwise); with sow.no_return a lone seed that
// crosses the middle may not go straight back on the opponent's next move, as the
// hole it fell into sows towards it, unless its move captured; a lone seed sown
// elsewhere leaves every hole free (StoneShark's ZigZag).
func TestZigzagInwardAndNoReturn(t *testing.T) {
	loadRules(t, `
[zigzag-inward]
holes = 4
seeds = 2
stores = true
sow.path = "zigzag"
sow.direction = "inward"
sow.no_return = true
capture.cross = "opposite-not-empty"
capture.cross_lands = "opponent"
capture.cross_takes_sower = false
capture.side = "own"
`)
	const name = "zigzag-inward"
	for _, c := range []struct{ from, moves, want string }{
		// b1 clockwise: c2, d1, d2, whose lone seed takes d1's three across;
		// d1 counter-clockwise: c2, b1
		{"0,0,0,0/0,3,0,2 S 6 5 -", "b1", "0,0,1,1/0,0,0,0 N 9 5 -"},
		{"0,0,0,0/0,3,0,2 S 6 5 -", "d1", "0,0,1,0/0,4,0,0 N 6 5 -"},
		// a lone seed from b1 into the empty c2, which sows back to b1: barred
		{"0,0,0,1/1,1,0,0 S 6 7 -", "b1", "0,0,1,1/1,0,0,0 N 6 7 c2"},
		// from a1 into b2, which sows on to c1: nothing barred
		{"0,0,0,1/1,0,0,0 S 7 7 -", "a1", "0,1,0,1/0,0,0,0 N 7 7 -"},
		// from b1 into c2 taking c1 across: nothing barred
		{"0,0,0,1/0,1,2,0 S 5 7 -", "b1", "0,0,1,1/0,0,0,0 N 7 7 -"},
	} {
		if got := after(t, name, c.from, c.moves); got != c.want {
			t.Errorf("%s from %q gives %q, want %q", c.moves, c.from, got, c.want)
		}
	}
	p := parse(t, name, "0,0,1,1/1,0,0,0 N 6 7 c2")
	if got, want := legalMoves(&p), []string{"d2"}; !slices.Equal(got, want) {
		t.Errorf("North's moves with c2 barred: %v, want %v", got, want)
	}
	// docs/rules-format.md's example, StoneShark's ZigZag on 2 x 6
	loadRules(t, `
[zigzag-like]
holes = 6
seeds = 5
stores = true
sow.direction = "inward"
sow.path = "zigzag"
sow.laps = "relay"
sow.relay_side = "own"
sow.no_return = true
capture.side = "own"
capture.cross = "opposite-not-empty"
capture.cross_lands = "opponent"
capture.cross_takes_sower = false
`)
	for from, want := range map[string]string{
		"0,0,0,0,0,0/0,0,3,0,0,0 S 28 29 -": "0,0,0,1,0,1/0,0,0,0,1,0 N 28 29 -",
		"0,0,0,0,0,0/0,0,1,0,0,0 S 29 30 -": "0,0,0,1,0,0/0,0,0,0,0,0 N 29 30 d2",
	} {
		if got := after(t, "zigzag-like", from, "c1"); got != want {
			t.Errorf("zigzag-like: c1 from %q gives %q, want %q", from, got, want)
		}
	}
}

// TestNoReturnRepetitionIgnoresTheBar: with sow.no_return a position repeats when
// the counts, the stores and the side to move come back, whichever hole is barred,
// as StoneShark's loop test looks at the board alone. On the zigzag path of a 2 x 2
// board sown inward, a1 and b2 sow into each other, and b1 and a2.
func TestNoReturnRepetitionIgnoresTheBar(t *testing.T) {
	loadRules(t, `
[zigzag-loop]
holes = 2
seeds = 1
stores = true
sow.path = "zigzag"
sow.direction = "inward"
sow.no_return = true
`)
	const name = "zigzag-loop"
	// a1 bars b2; the counts after a1 come back, b2 free, after a2 b1 b2 a1
	g := board.NewGame(parse(t, name, "1,0/1,1 S 1 0 -"))
	for i, text := range splitMoves("a1 a2 b1 b2 a1") {
		if g.Result().Over() {
			t.Fatalf("over before move %d: %v", i+1, g.Result())
		}
		if err := g.Play(move(t, name, text)); err != nil {
			t.Fatal(err)
		}
	}
	if p := g.Position(); p.String() != "1,1/0,1 N 1 0 -" || !g.Result().Over() {
		t.Errorf("after a1 a2 b1 b2 a1: %s, result %v: want 1,1/0,1 N 1 0 -, a repetition", p.String(), g.Result())
	}
	if got := g.Positions()[1].String(); got != "1,1/0,1 N 1 0 b2" {
		t.Errorf("after a1: %s, want b2 barred", got)
	}
}

// TestBearOff: with sow.bear_off, once a move leaves no hole holding more than one
// seed the game bears off for good (the position's state field says bear-off): a
// sowing then puts the seed bound for the opponent's row, and every seed still in
// hand, in the mover's store (StoneShark's BearOff class, Andada).
func TestBearOff(t *testing.T) {
	loadRules(t, `
[bear-off]
holes = 4
seeds = 2
stores = true
sow.bear_off = true
`)
	const name = "bear-off"
	for _, c := range []struct{ from, moves, want string }{
		// sown as usual, into d2; no hole then holds two: bearing off
		{"0,0,0,0/0,3,0,0 S 6 7 -", "b1", "0,0,0,1/0,0,1,1 N 6 7 bear-off"},
		// bearing off: c1, d1, and the third seed to South's store
		{"0,0,0,0/0,3,0,0 S 6 7 bear-off", "b1", "0,0,0,0/0,0,1,1 N 7 7 bear-off"},
		// a lone seed in the last hole goes straight to the store
		{"1,1,1,1/0,1,0,1 S 5 5 bear-off", "d1", "1,1,1,1/0,1,0,0 N 6 5 bear-off"},
		// a hole of two left: not yet
		{"1,1,1,0/0,1,2,0 S 5 5 -", "b1", "1,1,1,0/0,0,3,0 N 5 5 -"},
	} {
		if got := after(t, name, c.from, c.moves); got != c.want {
			t.Errorf("%s from %q gives %q, want %q", c.moves, c.from, got, c.want)
		}
	}
	if _, err := variant(t, name).ParsePosition("0,0,0,0/0,3,0,0 S 6 7 bear"); err == nil {
		t.Error("a state other than bear-off was read")
	}
}
