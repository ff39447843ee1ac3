package board_test

import (
	"strings"
	"testing"

	"mancala/board"
)

// The keys of tallied games (round.tally, round.target: docs/rules-format.md), on
// a 2 x 3 board of two seeds a hole worked by hand: 12 seeds, 9 of them three
// quarters.

// tallyGames are small tallied games that differ in one key each.
const tallyGames = `
[tally-wins]
holes = 3
seeds = 2
stores = true
round = { tally = "wins", target = 3 }
[tally-points]
holes = 3
seeds = 2
stores = true
round = { tally = "points", target = 3 }
[tally-loser]
holes = 3
seeds = 2
stores = true
round = { tally = "wins", target = 3, starter = "loser" }
[tally-feed]
holes = 3
seeds = 2
stores = true
feed.must_feed = true
round = { tally = "wins", target = 3 }
[tally-deprive]
holes = 3
seeds = 2
stores = true
start = "2,0,1/0,2,2 S 0 0 -"
capture.cross = "opposite-not-empty"
end.goal = "deprive"
round = { tally = "wins", target = 3, starter = "loser" }
[tally-allow]
holes = 3
seeds = 2
stores = true
sow.allow = "not-across-single"
round = { tally = "wins", target = 3 }
[tally-seeds]
holes = 3
seeds = 2
stores = true
round = { tally = "seeds", target = 20 }
[tally-nobody]
holes = 3
seeds = 2
stores = true
end.seeds_left = "nobody"
round = { tally = "seeds", target = 20 }
[tally-wide]
holes = 3
seeds = 2
stores = true
round = { tally = "points", target = 40 }
`

var loadTallyGames = onceLoader(tallyGames)

// TestRoundTallyWins: at a round's end (North cannot move after a1) the round's
// winner, who holds more seeds, has one more round won, and the next round begins
// as the game does, every hole holding two seeds and the stores empty; its starter
// is the other of the last round's (round.starter = "alternate"), after a tied
// round whatever round.starter says.
func TestRoundTallyWins(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ game, from, want string }{
		// South holds 8 + 1, North 3: South won.
		{"tally-wins", "0,0,0/1,0,0 S 8 3 -", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0"},
		{"tally-wins", "0,0,0/1,0,0 S 8 3 north-began,tally:1-1", "2,2,2/2,2,2 S 0 0 new-round,tally:2-1"},
		// 6 each: a tie counts for nobody.
		{"tally-wins", "0,0,0/1,0,0 S 5 6 north-began,tally:0-2", "2,2,2/2,2,2 S 0 0 new-round,tally:0-2"},
		// the loser begins: North, then after a tie the other of the last starter.
		{"tally-loser", "0,0,0/1,0,0 S 8 3 north-began", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0"},
		{"tally-loser", "0,0,0/1,0,0 S 5 6 -", "2,2,2/2,2,2 N 0 0 new-round,north-began"},
		{"tally-loser", "0,0,0/1,0,0 S 5 6 north-began", "2,2,2/2,2,2 S 0 0 new-round"},
	} {
		if got := after(t, c.game, c.from, "a1"); got != c.want {
			t.Errorf("%s: a1 from %q gives %q, want %q", c.game, c.from, got, c.want)
		}
	}
	// A round that goes on keeps its tally: North can move.
	if got, want := after(t, "tally-wins", "0,0,1/1,0,0 S 8 2 tally:2-1", "a1"), "0,0,1/0,1,0 N 8 2 tally:2-1"; got != want {
		t.Errorf("a round that goes on: a1 gives %q, want %q", got, want)
	}
}

// TestRoundTallyAllow: in a tallied game sow.allow may rule out every hole of the
// player to move, which ends the round: after a1 North's only seeds, in c2, are
// across c1's single seed (sow.allow = "not-across-single").
func TestRoundTallyAllow(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ game, want string }{
		{"tally-allow", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0"}, // South held 8, North 4
		{"tally-wins", "0,0,1/0,1,1 N 6 3 -"},
	} {
		if got := after(t, c.game, "0,0,1/1,0,1 S 6 3 -", "a1"); got != c.want {
			t.Errorf("%s: a1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestRoundTallyMustFeed: in a tallied game with feed.must_feed a player who cannot
// feed the other's empty row has no move, which ends the round: after c1 South's
// row is empty and neither of North's single seeds reaches it.
func TestRoundTallyMustFeed(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ game, want string }{
		{"tally-feed", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0"}, // South held 7, North 5
		{"tally-wins", "0,1,1/0,0,0 N 7 3 -"},
	} {
		if got := after(t, c.game, "0,1,0/0,0,1 S 7 3 -", "c1"); got != c.want {
			t.Errorf("%s: c1 gives %q, want %q", c.game, got, c.want)
		}
	}
}

// TestRoundTallyDeprive: in a tallied game won by depriving (end.goal = "deprive")
// the round's winner is the deprive rule's: a1 takes North's last seed across b1.
// A tallied game with a start begins each round with it, turned round (the rows
// swapped) where South began the last round, as StoneShark lays it. An endless
// sowing's draw (the state's "drawn") counts for nobody: the higher tally wins.
func TestRoundTallyDeprive(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ from, want string }{
		{"0,1,0/1,0,0 S 5 0 -", "2,2,0/1,0,2 N 0 0 new-round,north-began,tally:1-0"},
		{"0,1,0/1,0,0 S 5 0 north-began", "2,0,1/0,2,2 N 0 0 new-round,north-began,tally:1-0"},
	} {
		if got := after(t, "tally-deprive", c.from, "a1"); got != c.want {
			t.Errorf("tally-deprive: a1 from %q gives %q, want %q", c.from, got, c.want)
		}
	}
	p := parse(t, "tally-deprive", "2,2,0/1,0,2 N 0 0 north-began,drawn,tally:1-2")
	if got, want := p.String(), "2,2,0/1,0,2 N 0 0 north-began,drawn,tally:1-2"; got != want {
		t.Errorf("%q reads back as %q", want, got)
	}
	if r := p.Result(); r.Outcome != board.NorthWins {
		t.Errorf("a drawn round at 1-2: result %v, want North's", r)
	}
}

// TestRoundTallyPoints: in points a round won is one point, two where the winner
// holds three quarters of the seeds or more (9 of 12).
func TestRoundTallyPoints(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ from, want string }{
		{"0,0,0/1,0,0 S 8 3 -", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:2-0"}, // 9 seeds
		{"0,0,0/1,0,0 S 7 4 -", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0"}, // 8 seeds
		{"0,0,0/1,0,0 S 1 10 -", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:0-2"},
	} {
		if got := after(t, "tally-points", c.from, "a1"); got != c.want {
			t.Errorf("tally-points: a1 from %q gives %q, want %q", c.from, got, c.want)
		}
	}
}

// TestRoundTallyTarget: the game ends when a tally reaches round.target, the
// position as the move left it and its result the winner's; a repetition ends the
// game too, the round's result counted (its seeds shared as end.loop_seeds says),
// won by the higher tally, a draw on equal tallies.
func TestRoundTallyTarget(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ game, from, pos string }{
		{"tally-wins", "0,0,0/1,0,0 S 8 3 tally:2-1", "0,0,0/0,1,0 N 8 3 tally:2-1"},
		{"tally-points", "0,0,0/1,0,0 S 8 3 tally:1-2", "0,0,0/0,1,0 N 8 3 tally:1-2"},
	} {
		g := board.NewGame(parse(t, c.game, c.from))
		if err := g.Play(move(t, c.game, "a1")); err != nil {
			t.Fatal(err)
		}
		q, r := g.Position(), g.Result()
		if q.String() != c.pos || r.Outcome != board.SouthWins || r.Reason != board.NoLegalMove || !r.Scored || r.South != 9 || r.North != 3 {
			t.Errorf("%s: a1 from %q gives %q, result %v (%v), want %q won by South 9-3", c.game, c.from, q.String(), r, r.Reason, c.pos)
		}
	}
	for _, c := range []struct {
		from   string
		want   board.Outcome
		scored bool
	}{
		{"1,0,0/1,0,0 S 5 5 tally:0-2", board.NorthWins, false}, // a tied round: 0-2
		{"1,0,0/1,0,0 S 7 3 tally:1-1", board.SouthWins, true},  // South's round, 8-4: 2-1
		{"1,0,0/1,0,0 S 3 7 tally:1-0", board.Draw, false},      // North's round: 1-1
	} {
		p := parse(t, "tally-wins", c.from)
		r := p.LoopResult()
		if r.Outcome != c.want || r.Reason != board.LoopEnding || r.Scored != c.scored {
			t.Errorf("a repetition at %q: result %v (%v, scored %v), want %v, scored %v", c.from, r, r.Reason, r.Scored, c.want, c.scored)
		}
	}
}

// TestRoundTallyNotation: the state field says the tally (tally:S-N, each below
// round.target, not both 0), which Position.Tally reads, and who began the round
// whatever round.starter says; other games have no tally.
func TestRoundTallyNotation(t *testing.T) {
	loadTallyGames(t)
	for _, pos := range []string{"2,2,2/2,2,2 N 0 0 new-round,north-began,tally:1-0", "2,1,2/2,2,2 S 1 0 north-began,tally:0-2"} {
		if got := parse(t, "tally-loser", pos).String(); got != pos {
			t.Errorf("%q reads back as %q", pos, got)
		}
	}
	p := parse(t, "tally-wins", "2,1,2/2,2,2 S 1 0 tally:2-1")
	if s, n := p.Tally(); s != 2 || n != 1 {
		t.Errorf("tally:2-1 reads as %d-%d", s, n)
	}
	for _, c := range []struct{ game, pos, want string }{
		{"tally-wins", "2,2,2/2,2,2 S 0 0 tally:3-0", "tally: South's and North's, each 0 to 2"},
		{"tally-wins", "2,2,2/2,2,2 S 0 0 tally:0-0", "tally: South's and North's"},
		{"tally-wins", "2,2,2/2,2,2 S 0 0 tally:1", "tally: South's and North's"},
		{"tally-wins", "2,2,2/2,2,2 S 0 0 blocked:a1", "state field must be - or"},
		{"rounds-open", "2,2,2/2,2,2 S 0 0 tally:1-0", "state field must be - or"},
	} {
		loadRoundGames(t)
		if _, err := variant(t, c.game).ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %q: error %v, want %q", c.game, c.pos, err, c.want)
		}
	}
	p = parse(t, "rounds-open", "2,2,2/2,2,2 S 0 0 -")
	if s, n := p.Tally(); s != 0 || n != 0 {
		t.Errorf("a game not tallied: tally %d-%d", s, n)
	}
}

// TestRoundTallySeeds: with round.tally = "seeds" each player adds the seeds they
// held at a round's end to their tally, a tied round too, and the first to
// round.target wins, the higher tally where both reach it.
func TestRoundTallySeeds(t *testing.T) {
	loadTallyGames(t)
	for _, c := range []struct{ from, want string }{
		// a1: North cannot move; South holds 8 + 1, North 3.
		{"0,0,0/1,0,0 S 8 3 -", "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:9-3"},
		{"0,0,0/1,0,0 S 5 6 north-began,tally:2-7", "2,2,2/2,2,2 S 0 0 new-round,tally:8-13"}, // 6 each
	} {
		if got := after(t, "tally-seeds", c.from, "a1"); got != c.want {
			t.Errorf("tally-seeds: a1 from %q gives %q, want %q", c.from, got, c.want)
		}
	}
	// 21-22, both past 20: North's is higher.
	g := board.NewGame(parse(t, "tally-seeds", "0,0,0/1,0,0 S 8 3 tally:12-19"))
	if err := g.Play(move(t, "tally-seeds", "a1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Outcome != board.NorthWins || r.Reason != board.NoLegalMove {
		t.Errorf("tallies 21-22 after a1: result %v (%v), want North's", r, r.Reason)
	}
	g = board.NewGame(parse(t, "tally-seeds", "0,0,0/1,0,0 S 8 3 tally:11-17"))
	if err := g.Play(move(t, "tally-seeds", "a1")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Outcome != board.Draw {
		t.Errorf("tallies 20-20 after a1: result %v, want a draw", r)
	}
}

// TestRoundTallySeedsLeftToNobody: with end.seeds_left = "nobody" in a tallied
// game the seeds left on the board at a round's end count for nobody (StoneShark's
// unclaimed 1 in Centering): after a1 North cannot move, and South's seed in b1 is
// not tallied.
func TestRoundTallySeedsLeftToNobody(t *testing.T) {
	loadTallyGames(t)
	if got, want := after(t, "tally-nobody", "0,0,0/1,0,0 S 8 3 -", "a1"), "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:8-3"; got != want {
		t.Errorf("tally-nobody: a1 gives %q, want %q", got, want)
	}
}

// TestRoundTallyWide: a tally to more than 15 lives in the position's two hole
// bytes past the board: it reads and writes in the state field as any tally does,
// goes past 15, tells positions apart in the hash, and stays through a
// repetition's ending.
func TestRoundTallyWide(t *testing.T) {
	loadTallyGames(t)
	// South's round with 9 seeds: two points, 15 to 17.
	if got, want := after(t, "tally-wide", "0,0,0/1,0,0 S 8 3 tally:15-38", "a1"), "2,2,2/2,2,2 N 0 0 new-round,north-began,tally:17-38"; got != want {
		t.Errorf("tally-wide: a1 gives %q, want %q", got, want)
	}
	for _, pos := range []string{"2,2,2/2,2,2 N 0 0 new-round,north-began,tally:17-38", "2,1,2/2,2,2 S 1 0 tally:0-39", "2,2,2/2,2,2 S 0 0 -"} {
		p := parse(t, "tally-wide", pos)
		if got := p.String(); got != pos {
			t.Errorf("%q reads back as %q", pos, got)
		}
		if p.Hash() != p.ComputeHash() {
			t.Errorf("%q: hash %x, computed %x", pos, p.Hash(), p.ComputeHash())
		}
	}
	p, q := parse(t, "tally-wide", "2,2,2/2,2,2 S 0 0 tally:1-2"), parse(t, "tally-wide", "2,2,2/2,2,2 S 0 0 tally:2-1")
	if p.Hash() == q.Hash() {
		t.Errorf("tallies 1-2 and 2-1 hash alike")
	}
	if s, n := p.Tally(); s != 1 || n != 2 {
		t.Errorf("tally:1-2 reads as %d-%d", s, n)
	}
	// A repetition: North's round, 4-8, one point: 38-38.
	loop := parse(t, "tally-wide", "1,0,0/1,0,0 S 3 7 tally:38-37")
	if r := loop.LoopResult(); r.Outcome != board.Draw {
		t.Errorf("a repetition at 38-37 in North's round: result %v, want a draw at 38-38", r)
	}
	for _, c := range []struct{ pos, want string }{
		{"2,2,2/2,2,2 S 0 0 tally:40-0", "tally: South's and North's, each 0 to 39"},
		{"2,2,2/2,2,2 S 0 0 tally:1-0,tally:2-0", "state field must be - or"},
	} {
		if _, err := variant(t, "tally-wide").ParsePosition(c.pos); err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want %q", c.pos, err, c.want)
		}
	}
}

// TestRoundTallyKeysRefused: the tally keys that contradict the other rules are
// refused in one line naming the key.
func TestRoundTallyKeysRefused(t *testing.T) {
	for _, c := range []struct{ keys, want string }{
		{`round = { tally = "goals", target = 3 }`, "bad.round.tally: \"goals\" is not one of \"none\", \"wins\", \"points\", \"seeds\""},
		{`round = { tally = "wins", target = 255 }`, "bad.round.target: 255: the tally that wins, from 1 to 15, or above"},  // 254 + 2 points
		{`round = { tally = "seeds", target = 245 }`, "bad.round.target: 245: the tally that wins, from 1 to 15, or above"}, // 244 + 12 seeds
		// with a start, its seeds: 249 + 8 seeds
		{"start = \"2,0,2/2,0,2 S 0 0 -\"\nround = { tally = \"seeds\", target = 249 }", "bad.round.target: 249: the tally that wins, from 1 to 15, or above"},
		{"end.seeds_left = \"nobody\"\nround.fill = \"left\"", "bad.end.seeds_left: the seeds left at a round's end would leave the game"},
		{"end.goal = \"deprive\"\nround = { tally = \"seeds\", target = 3 }", "bad.round.tally: a tally of the seeds held needs rounds won by seeds"},
		{`round = { tally = "wins" }`, "bad.round.target: 0: the tally that wins"},
		{`round = { fill = "left", target = 3 }`, "bad.round.target: only a tallied game has a target"},
		{`round = { tally = "wins", target = 3, fill = "left" }`, "bad.round.tally: a tallied game begins each round as the game begins"},
		{"start_move = \"a2\"\nround = { tally = \"wins\", target = 3 }", "bad.round.tally: a tallied game begins each round as its start: not yet with start_move"},
	} {
		_, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\n"+c.keys+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want %q", c.keys, err, c.want)
		}
	}
	// 247 + 8 seeds of the start fit; so do seeds going to nobody in a tallied game.
	if _, err := board.ParseRules("ok.toml", "[ok]\nholes = 3\nseeds = 2\nstart = \"2,0,2/2,0,2 S 0 0 -\"\nend.seeds_left = \"nobody\"\nround = { tally = \"seeds\", target = 248 }\n"); err != nil {
		t.Errorf("a tally of seeds to 248 from a start of 8: %v", err)
	}
	// A board of 16 holes a row uses the bytes a wide tally would.
	_, err := board.ParseRules("bad.toml", "[bad]\nholes = 16\nseeds = 2\nround = { tally = \"wins\", target = 16 }\n")
	if want := "bad.round.target: 16: the tally that wins, from 1 to 15, or above on a board of 15 holes a row or fewer"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a wide tally on 16 holes a row: error %v, want %q", err, want)
	}
}

// TestSowHoleLimit: with sow.hole_limit a sowing passes over every hole holding that
// many seeds or more (StoneShark's MAX_SOW): c1's three seeds pass c2's four.
func TestSowHoleLimit(t *testing.T) {
	loadRules(t, `
[hole-limit]
holes = 3
seeds = 2
stores = true
sow.hole_limit = 4
[no-limit]
holes = 3
seeds = 2
stores = true
`)
	if got, want := after(t, "hole-limit", "0,0,4/1,0,3 S 4 0 -", "c1"), "1,1,4/2,0,0 N 4 0 -"; got != want {
		t.Errorf("hole-limit: c1 gives %q, want %q", got, want)
	}
	if got, want := after(t, "no-limit", "0,0,4/1,0,3 S 4 0 -", "c1"), "1,1,5/1,0,0 N 4 0 -"; got != want {
		t.Errorf("no limit: c1 gives %q, want %q", got, want)
	}
	// On 2 x 3 of two seeds five holes of 2 could hold 10 of the 12 seeds.
	if _, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nsow.hole_limit = 2\n"); err == nil || !strings.Contains(err.Error(), "bad.sow.hole_limit: 2: every hole but one could hold") {
		t.Errorf("a limit every hole but one could reach: error %v", err)
	}
}

// TestSinglesTakeAcross: with capture.singles_take_across, before a move sows,
// each of the mover's holes that held a single seed (the moved hole among them)
// takes the seeds of the hole across into the mover's store (StoneShark's
// ALL_SINGLE_XCAPT); without it the move only sows.
func TestSinglesTakeAcross(t *testing.T) {
	loadRules(t, `
[singles-across]
holes = 3
seeds = 2
stores = true
capture.singles_take_across = true
[singles-sown]
holes = 3
seeds = 2
stores = true
`)
	for _, c := range []struct{ game, move, want string }{
		// a1 and b1 hold one seed: across them 2 and 1 taken, then c1 sown.
		{"singles-across", "c1", "1,1,2/1,1,0 N 3 3 -"},
		{"singles-across", "a1", "0,0,1/0,2,3 N 3 3 -"},
		{"singles-sown", "a1", "2,1,1/0,2,3 N 0 3 -"},
	} {
		if got := after(t, c.game, "2,1,1/1,1,3 S 0 3 -", c.move); got != c.want {
			t.Errorf("%s: %s gives %q, want %q", c.game, c.move, got, c.want)
		}
	}
}
