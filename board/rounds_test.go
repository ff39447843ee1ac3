package board_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// The keys of games played in rounds (round.*, docs/rules-format.md), each on a
// 2 x 3 board of two seeds a hole worked by hand.

// roundGames are small games in rounds that differ in one key each.
const roundGames = `
[rounds-left]
holes = 3
seeds = 2
stores = true
round = { fill = "left", blocks = true }
[rounds-right]
holes = 3
seeds = 2
stores = true
round = { fill = "right", blocks = true }
[rounds-open]
holes = 3
seeds = 2
stores = true
round = { fill = "left" }
[rounds-stores]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
round = { fill = "left", blocks = true }
[rounds-two]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
round = { fill = "left", blocks = true, holes = 2 }
[rounds-chain]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], chain = "backward", side = "both" }
round = { fill = "right", blocks = true }
[rounds-loser]
holes = 3
seeds = 2
stores = true
round = { fill = "left", starter = "loser" }
[rounds-winner]
holes = 3
seeds = 2
stores = true
round = { fill = "left", starter = "winner" }
[rounds-last-mover]
holes = 3
seeds = 2
stores = true
round = { fill = "left", starter = "last-mover" }
[rounds-majority]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
end.majority = true
round = { fill = "left", blocks = true }
[rounds-majority-two]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
end.majority = true
round = { fill = "left", blocks = true, holes = 2 }
[rounds-feed]
holes = 3
seeds = 2
stores = true
feed.must_feed = true
round = { fill = "left", blocks = true }
[rounds-loser-only]
holes = 3
seeds = 2
stores = true
round = { fill = "column-a", blocks = true, loser_only = true }
[rounds-loser-stores]
holes = 3
seeds = 2
stores = true
sow.stores = "own"
round = { fill = "column-a", blocks = true, loser_only = true }
[rounds-own-row]
holes = 3
seeds = 2
stores = true
end.own_row_empty = true
round = { fill = "left", blocks = true }
[rounds-allow]
holes = 3
seeds = 2
stores = true
sow.allow = "not-across-single"
round = { fill = "left", blocks = true }
[rounds-plain]
holes = 3
seeds = 2
stores = true
sow.skip_opponent_count = 2
sow.plain_turns = 1
round = { fill = "left", blocks = true }
[rounds-first-move]
holes = 3
seeds = 2
stores = true
sow.direction = "first-move"
round = { fill = "left", blocks = true }
`

var loadRoundGames = onceLoader(roundGames)

// onceLoader loads a rule file's games once for the tests that share them.
func onceLoader(text string) func(t *testing.T) {
	loaded := false
	return func(t *testing.T) {
		t.Helper()
		if loaded {
			return
		}
		if _, err := board.LoadRules("rounds.toml", text); err != nil {
			t.Fatal(err)
		}
		loaded = true
	}
}

// TestRoundEndRefillsRows: when the side to move has no move the round ends, each
// player takes the seeds of their row, refills it two seeds a hole from their left
// (or right) and keeps the rest in their store; the holes left empty are blocked
// (round.blocks) or open. The next round's starter moves, here North, who did not
// begin the round just ended (round.starter = "alternate").
func TestRoundEndRefillsRows(t *testing.T) {
	loadRoundGames(t)
	// a1: b1 1. North cannot move: South holds 8 + 1, North 3.
	for _, c := range []struct{ game, want string }{
		{"rounds-left", "0,0,2/2,2,2 N 3 1 new-round,north-began,blocked:a2.b2"},
		{"rounds-right", "2,0,0/2,2,2 N 3 1 new-round,north-began,blocked:b2.c2"},
		{"rounds-open", "0,0,2/2,2,2 N 3 1 new-round,north-began"},
	} {
		if got := after(t, c.game, "0,0,0/1,0,0 S 8 3 -", "a1"); got != c.want {
			t.Errorf("%s: a1 gives %q, want %q", c.game, got, c.want)
		}
	}
	// A round that goes on is not changed: North can move.
	if got, want := after(t, "rounds-left", "0,0,1/1,0,0 S 8 2 -", "a1"), "0,0,1/0,1,0 N 8 2 -"; got != want {
		t.Errorf("a round that goes on: a1 gives %q, want %q", got, want)
	}
}

// TestRoundFirstMoveSetsWays: with sow.direction = "first-move" each round's first
// move sets the ways (StoneShark's Olinda), kept from turn to turn in the state:
// South, sowing clockwise with a2 blocked, plays b1- into a1 and North cannot move,
// which ends the round (as a1+ does where South sows counter-clockwise); the new
// round forgets the ways, and North's first move, c2 clockwise into c1 and b1,
// sets them again: South sows counter-clockwise.
func TestRoundFirstMoveSetsWays(t *testing.T) {
	loadRoundGames(t)
	next := "0,0,2/2,2,2 N 3 1 new-round,north-began,blocked:a2.b2"
	for _, c := range []struct{ from, move, want string }{
		{"0,0,0/0,1,0 S 8 3 south-clockwise,blocked:a2", "b1-", next},
		{"0,0,0/1,0,0 S 8 3 south-counter-clockwise", "a1+", next},
		{next, "c2-", "0,0,0/2,3,3 S 3 1 south-counter-clockwise,north-began,blocked:a2.b2"},
	} {
		if got := after(t, "rounds-first-move", c.from, c.move); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.from, c.move, got, c.want)
		}
	}
}

// TestRoundEndsWhereAllowRulesOutEveryHole: with sow.allow a player whose holes
// are all ruled out has no move, which ends the round (StoneShark's Lami): after
// a1 North's only seed, in c2, is across c1's single seed (sow.allow =
// "not-across-single"). South holds 8, North 4: North fills c2 and b2.
func TestRoundEndsWhereAllowRulesOutEveryHole(t *testing.T) {
	loadRoundGames(t)
	for _, c := range []struct{ game, want string }{
		{"rounds-allow", "0,2,2/2,2,2 N 2 0 new-round,north-began,blocked:a2"},
		{"rounds-left", "0,0,1/0,1,1 N 6 3 -"},
	} {
		if got := after(t, c.game, "0,0,1/1,0,1 S 6 3 -", "a1"); got != c.want {
			t.Errorf("%s: a1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestRoundPlainTurns: with sow.plain_turns each round's first turns sow without
// sow.skip_opponent_count (StoneShark's Lami, its first move a plain relay every
// round): the round a1 ends begins with plain:1, and North's c2 then sows a1 and
// b1 past its blocked holes; a turn that is not plain passes over South's holes
// of two, and c2's two seeds come back to it.
func TestRoundPlainTurns(t *testing.T) {
	loadRoundGames(t)
	next := "0,0,2/2,2,2 N 3 1 plain:1,new-round,north-began,blocked:a2.b2"
	for _, c := range []struct{ from, move, want string }{
		{"0,0,0/1,0,0 S 8 3 -", "a1", next},
		{next, "c2", "0,0,0/3,3,2 S 3 1 north-began,blocked:a2.b2"},
		{"0,0,2/2,2,2 N 3 1 north-began,blocked:a2.b2", "c2", "0,0,2/2,2,2 S 3 1 north-began,blocked:a2.b2"},
	} {
		if got := after(t, "rounds-plain", c.from, c.move); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.from, c.move, got, c.want)
		}
	}
}

// TestBlockedHolesAreSownPast: sowing passes over blocked holes, not over stores;
// a chain of captures goes on past them; an open empty hole is sown.
func TestBlockedHolesAreSownPast(t *testing.T) {
	loadRoundGames(t)
	for _, c := range []struct{ game, from, move, want string }{
		// c2 (2): b2 and a2 blocked: a1, b1.
		{"rounds-left", "0,0,2/2,2,2 N 3 1 north-began,blocked:a2.b2", "c2", "0,0,0/3,3,2 S 3 1 north-began,blocked:a2.b2"},
		// the same holes open: b2, a2.
		{"rounds-open", "0,0,2/2,2,2 N 3 1 north-began", "c2", "1,1,0/2,2,2 S 3 1 north-began"},
		// North's store is sown, a2 and b2 passed over: the store, a1.
		{"rounds-stores", "0,0,2/2,2,2 N 3 1 north-began,blocked:a2.b2", "c2", "0,0,0/3,2,2 S 3 2 north-began,blocked:a2.b2"},
		// b1 (2): c1, c2 passed over, b2 2 captured; the chain passes c2 over, c1 2
		// captured.
		{"rounds-chain", "1,1,0/1,2,1 S 3 3 blocked:c2", "b1", "1,0,0/1,0,0 N 7 3 blocked:c2"},
	} {
		if got := after(t, c.game, c.from, c.move); got != c.want {
			t.Errorf("%s: %s from %q gives %q, want %q", c.game, c.move, c.from, got, c.want)
		}
	}
	p := parse(t, "rounds-left", "0,0,2/2,2,2 N 3 1 north-began,blocked:a2.b2")
	if !p.Blocked(4) || !p.Blocked(5) || p.Blocked(3) || p.Blocked(0) {
		t.Errorf("blocked holes of %q: b2 %v a2 %v c2 %v a1 %v, want b2 and a2 only", p.String(), p.Blocked(4), p.Blocked(5), p.Blocked(3), p.Blocked(0))
	}
	// The move's trace, which the browser page animates, passes them over too.
	tr, err := p.Trace(move(t, "rounds-left", "c2"))
	if err != nil {
		t.Fatal(err)
	}
	var drops []int
	for _, st := range tr.Steps {
		if st.Kind == board.Drop {
			drops = append(drops, st.Hole)
		}
	}
	if !slices.Equal(drops, []int{0, 1}) {
		t.Errorf("c2's trace drops seeds in %v, want a1 and b1 (holes 0 and 1)", drops)
	}
}

// TestRoundStarter: who begins the next round, as round.starter says: the loser,
// the winner or the last mover; on a tie the loser's rule gives it to the player
// who would not move next, the winner's to the one who would.
func TestRoundStarter(t *testing.T) {
	loadRoundGames(t)
	for _, c := range []struct {
		from string
		want map[string]board.Side
	}{
		{"0,0,0/1,0,0 S 8 3 -", map[string]board.Side{"rounds-loser": board.North, "rounds-winner": board.South, "rounds-last-mover": board.South}},
		{"0,0,0/1,0,0 S 3 8 -", map[string]board.Side{"rounds-loser": board.South, "rounds-winner": board.North, "rounds-last-mover": board.South}},
		{"0,0,0/1,0,0 S 5 6 -", map[string]board.Side{"rounds-loser": board.South, "rounds-winner": board.North, "rounds-last-mover": board.South}},
	} {
		for game, want := range c.want {
			p := parse(t, game, c.from)
			q, err := p.Play(move(t, game, "a1"))
			if err != nil {
				t.Fatal(err)
			}
			if !q.RoundBegun() || q.SideToMove() != want {
				t.Errorf("%s: a1 from %q gives %q, want a new round, %v to move", game, c.from, q.String(), want)
			}
		}
	}
}

// TestRoundGameEnds: the game ends when a player cannot fill round.holes holes at a
// round's end (the position stays as the move left it, its result as a game of one
// round's), or as soon as a store holds more seeds than leave the other round.holes
// holes.
func TestRoundGameEnds(t *testing.T) {
	loadRoundGames(t)
	// a1: North cannot move and holds 3 seeds, less than its two holes need.
	g := board.NewGame(parse(t, "rounds-two", "0,0,0/1,0,0 S 8 3 -"))
	if err := g.Play(move(t, "rounds-two", "a1")); err != nil {
		t.Fatal(err)
	}
	if q, r := g.Position(), g.Result(); q.String() != "0,0,0/0,1,0 N 8 3 -" || r.Reason != board.NoLegalMove || r.South != 9 || r.North != 3 {
		t.Errorf("after a1: %q, result %v (%v) %d-%d, want the game over 9-3", q.String(), r, r.Reason, r.South, r.North)
	}
	// c1 sows its seed into South's store: 9, more than the 12 seeds less North's four.
	g = board.NewGame(parse(t, "rounds-two", "0,0,0/2,0,1 S 8 1 -"))
	if err := g.Play(move(t, "rounds-two", "c1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Reason != board.MajorityCaptured || r.South != 9 || r.North != 1 {
		t.Errorf("after c1: result %v (%v) %d-%d, want the game won 9-1", r, r.Reason, r.South, r.North)
	}
}

// TestRoundEndsAtMajority: with end.majority a round ends as soon as a store holds
// more than half the seeds; the rows are refilled from the seeds each player
// holds (store and row), or, when one cannot fill round.holes holes, the game
// ends, the board as the move left it.
func TestRoundEndsAtMajority(t *testing.T) {
	loadRoundGames(t)
	// c1 sows into South's store: 7 of 12. South holds 7, North 5: North's row
	// gets two holes from its left (c2, b2) and a seed in its store.
	for _, c := range []struct{ game, want string }{
		{"rounds-majority", "0,2,2/2,2,2 N 1 1 new-round,north-began,blocked:a2"},
		{"rounds-stores", "1,1,1/0,0,0 N 7 2 -"}, // without end.majority the round goes on
	} {
		if got := after(t, c.game, "1,1,1/0,0,1 S 6 2 -", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.game, got, c.want)
		}
	}
	// North holds 3, less than two holes need: the game is over, won 7-2.
	g := board.NewGame(parse(t, "rounds-majority-two", "0,1,0/1,1,1 S 6 2 -"))
	if err := g.Play(move(t, "rounds-majority-two", "c1")); err != nil {
		t.Fatal(err)
	}
	if q, r := g.Position(), g.Result(); q.String() != "0,1,0/1,1,0 N 7 2 -" || r.Reason != board.MajorityCaptured || r.South != 7 || r.North != 2 {
		t.Errorf("after c1: %q, result %v (%v) %d-%d, want the game won 7-2", q.String(), r, r.Reason, r.South, r.North)
	}
}

// TestRoundEndsUnfed: with feed.must_feed (and no passing) a round ends when the
// player to move cannot feed the other's empty row; the seeds left go to their
// rows' owners and the rows are refilled.
func TestRoundEndsUnfed(t *testing.T) {
	loadRoundGames(t)
	// c1 feeds North's c2 and empties South's row; c2's seed cannot reach it: the
	// round ends 6-6, North begins the next.
	for _, c := range []struct{ game, want string }{
		{"rounds-feed", "2,2,2/2,2,2 N 0 0 new-round,north-began"},
		{"rounds-open", "0,0,1/0,0,0 N 6 5 -"}, // without feed.must_feed North plays c2
	} {
		if got := after(t, c.game, "0,0,0/0,0,1 S 6 5 -", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestRoundLoserOnly: with round.loser_only only the round's loser refills their
// row (here from column a: round.fill = "column-a", North from a2), the winner's
// row, store and blocked holes staying as they are; a tied round, or a winner who
// cannot move, ends the game.
func TestRoundLoserOnly(t *testing.T) {
	loadRoundGames(t)
	// a1: North cannot move; South holds 8 + 1, North 3: one hole, a2, and a seed
	// in its store.
	for _, c := range []struct{ game, from, want string }{
		{"rounds-loser-only", "0,0,0/1,0,0 S 8 3 -", "2,0,0/0,1,0 N 8 1 new-round,north-began,blocked:b2.c2"},
		{"rounds-left", "0,0,0/1,0,0 S 8 3 -", "0,0,2/2,2,2 N 3 1 new-round,north-began,blocked:a2.b2"}, // both rows
	} {
		if got := after(t, c.game, c.from, "a1"); got != c.want {
			t.Errorf("%s: a1 from %q gives %q, want %q", c.game, c.from, got, c.want)
		}
	}
	// b2: South cannot move and lost, 3 to 9: its row from a1, North's row, store
	// and blocked c2 kept.
	if got, want := after(t, "rounds-loser-only", "0,1,0/0,0,0 N 3 8 north-began,blocked:c2", "b2"), "1,0,0/2,0,0 S 1 8 new-round,blocked:b1.c1.c2"; got != want {
		t.Errorf("rounds-loser-only: b2 gives %q, want %q", got, want)
	}
	for _, c := range []struct{ game, from, move, pos string }{
		{"rounds-loser-only", "0,0,0/1,0,0 S 5 6 -", "a1", "0,0,0/0,1,0 N 5 6 -"},   // a tie, 6-6
		{"rounds-loser-stores", "0,0,0/0,0,1 S 8 3 -", "c1", "0,0,0/0,0,0 N 9 3 -"}, // South won, and cannot move
	} {
		g := board.NewGame(parse(t, c.game, c.from))
		if err := g.Play(move(t, c.game, c.move)); err != nil {
			t.Fatal(err)
		}
		if q := g.Position(); q.String() != c.pos || !g.Result().Over() {
			t.Errorf("%s: %s from %q gives %q, over %v: want the game over at %q", c.game, c.move, c.from, q.String(), g.Result().Over(), c.pos)
		}
	}
}

// TestRoundEndsOwnRowEmpty: with end.own_row_empty a round ends when the mover
// empties their own row, the seeds left going to their rows' owners.
func TestRoundEndsOwnRowEmpty(t *testing.T) {
	loadRoundGames(t)
	// c1 sows into c2 and empties South's row: South holds 7, North 5.
	for _, c := range []struct{ game, want string }{
		{"rounds-own-row", "0,2,2/2,2,2 N 1 1 new-round,north-began,blocked:a2"},
		{"rounds-left", "1,0,1/0,0,0 N 7 3 -"},
	} {
		if got := after(t, c.game, "1,0,0/0,0,1 S 7 3 -", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestRoundHistoryRestarts plays random games in rounds: a position repeated
// within a round ends the game (its loop ending), one that repeats a position of an
// earlier round does not, and every position reads back from its notation.
func TestRoundHistoryRestarts(t *testing.T) {
	loadRoundGames(t)
	rng := rand.New(rand.NewPCG(3, 4))
	across := 0
	for _, name := range []string{"rounds-left", "rounds-right", "rounds-chain", "rounds-stores", "rounds-two"} {
		v := variant(t, name)
		for range scaled(200) {
			g := board.NewGame(v.StartPosition())
			ever := map[string]bool{}
			round := map[string]bool{g.Position().String(): true}
			for !g.Result().Over() && len(g.Moves()) < 400 {
				var cl board.ChildList
				p := g.Position()
				p.Generate(&cl)
				if err := g.Play(cl.Children[rng.IntN(cl.N)].Move); err != nil {
					t.Fatal(err)
				}
				q := g.Position()
				text := q.String()
				if back, err := v.ParsePosition(text); err != nil || back != q {
					t.Fatalf("%s: %q reads back as %q, %v", name, text, back.String(), err)
				}
				if q.RoundBegun() {
					for k := range round {
						ever[k] = true
					}
					round = map[string]bool{}
				}
				repeated := round[text]
				round[text] = true
				if ever[text] && !repeated {
					across++
				}
				if loop := g.Result().Reason == board.LoopEnding; loop != repeated {
					t.Fatalf("%s: %q: loop ending %v, repeated in its round %v", name, text, loop, repeated)
				}
			}
		}
	}
	if across == 0 {
		t.Errorf("no position repeated one of an earlier round: the check checked nothing")
	}
}

// TestRoundStateNotation: the state field of a game in rounds lists its items
// separated by commas; blocked holes must be the last of their row's refill.
func TestRoundStateNotation(t *testing.T) {
	loadRoundGames(t)
	for _, c := range []struct{ game, pos, want string }{
		{"rounds-left", "0,0,2/2,2,2 N 3 1 blocked:b2", "blocked holes \"blocked:b2\": a row's blocked holes are its last to be refilled, from the player's left (round.fill)"},
		{"rounds-left", "0,0,2/2,2,2 N 3 1 again", "state field must be - or"},
		{"rounds-open", "0,0,2/2,2,2 N 3 1 blocked:a2.b2", "state field must be - or"},
		{"rounds-loser", "0,0,2/2,2,2 N 3 1 north-began", "state field must be - or"},
		{"rounds-left", "0,0,2/2,2,2 N 3 1 new-round,new-round", "state field must be - or"},
		{"rounds-left", "0,0,2/2,2,2 N 3 1 blocked:a2.a2", "blocked holes are written"},
		{"rounds-left", "1,0,2/2,2,2 N 2 1 blocked:a2.b2", "hole a2 is blocked: it holds no seed"},
	} {
		if _, err := variant(t, c.game).ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q: error %v, want %q", c.game, c.pos, err, c.want)
		}
	}
	for _, pos := range []string{"2,2,2/2,2,2 S 0 0 -", "0,0,2/2,2,2 N 3 1 new-round,north-began,blocked:a2.b2"} {
		if got := parse(t, "rounds-left", pos).String(); got != pos {
			t.Errorf("%q reads back as %q", pos, got)
		}
	}
}

// TestRoundKeysRefused: round keys that are missing or contradict the other rules
// are refused in one line naming the key.
func TestRoundKeysRefused(t *testing.T) {
	for _, c := range []struct{ keys, want string }{
		{`round = { blocks = true }`, "bad.toml:4: bad.round.fill: a game in rounds says how rows are refilled"},
		{`round = { fill = "up" }`, "bad.toml:4: bad.round.fill: \"up\" is not one of \"left\", \"right\""},
		{`round = { fill = "left", starter = "eldest" }`, "bad.round.starter: \"eldest\" is not one of"},
		{`round = { fill = "left", holes = 4 }`, "bad.round.holes: 4: the fewest holes a player must fill"},
		{"end.majority = true\nround.tally = \"wins\"\nround.target = 3", "bad.end.majority: a round ends at a store of more than half the seeds only where rows are refilled"},
		{"sow.no_return = true\nround.fill = \"left\"", "bad.round: a round ends when no hole can be played: not yet with capture.grand_slam"},
		{"end.seeds_left = \"nobody\"\nround.fill = \"left\"", "bad.end.seeds_left: the seeds left at a round's end would leave the game"},
		{"sow.right_two_turns = 1\nround.fill = \"left\"", "bad.round: a game in rounds keeps its blocked holes or tallies where sow.right_half_turns"},
		{"sow.right_half_turns = 1\nround.tally = \"wins\"\nround.target = 3", "bad.round: a game in rounds keeps its blocked holes or tallies where sow.right_half_turns"},
		{`round = { territory = true, holes = 3, loser_only = true }`, "bad.round.loser_only: only the loser refilling their row needs rows refilled"},
	} {
		_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\n"+c.keys+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want %q", c.keys, err, c.want)
		}
	}
}

// TestStateIsNoOpening: a rule file's state field (a round's blocked holes, its
// starter) is not Adji-Boto's opening nor Bao la Kimasai's first move, though it uses
// the same bits: OpeningLeft is 0 and IsFirstMove false in a game in rounds, while
// Adji-Boto's start still has all ten holes to play and Bao la Kimasai's its first
// move.
func TestStateIsNoOpening(t *testing.T) {
	dakon, err := board.VariantByName("dakon")
	if err != nil {
		t.Fatal(err)
	}
	p, err := dakon.ParsePosition("7,7,7,7,7,0,0/7,7,7,7,7,7,7 S 11 3 new-round,blocked:f2.g2")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Blocked(dakon.HoleAt(1, 5)) || p.OpeningLeft() != 0 || p.IsFirstMove() {
		t.Errorf("%v: blocked f2 %v, opening holes %b, first move %v; want true, 0, false", p.String(), p.Blocked(dakon.HoleAt(1, 5)), p.OpeningLeft(), p.IsFirstMove())
	}
	boto, bao := board.AdjiBoto.Get().StartPosition(), board.BaoLaKimasai.Get().StartPosition()
	if bits.OnesCount16(boto.OpeningLeft()) != 10 || boto.IsFirstMove() || !bao.IsFirstMove() || bao.OpeningLeft() != 0 {
		t.Errorf("Adji-Boto's start: opening holes %b, first move %v; Bao la Kimasai's: first move %v, opening holes %b",
			boto.OpeningLeft(), boto.IsFirstMove(), bao.IsFirstMove(), bao.OpeningLeft())
	}
}

// TestRoundBegunOnlyInRounds: other games use the state bit a round's first
// position sets (here Adji-Boto's opening, whose start lists every hole unplayed),
// and no position of theirs begins a round.
func TestRoundBegunOnlyInRounds(t *testing.T) {
	p := variant(t, "adji-boto").StartPosition()
	if p.RoundBegun() {
		t.Errorf("adji-boto's start %q begins a round", p.String())
	}
}
