package board_test

import (
	"strings"
	"testing"

	"mancala/board"
)

// TestDepriveGoal: with end.goal = "deprive" a player whose row is empty after a
// move loses, the mover winning when both rows are (StoneShark's goal DEPRIVE); the
// result has no seed counts, and the player to move who cannot move loses.
func TestDepriveGoal(t *testing.T) {
	vs := loadRules(t, `
[deprive-wins]
holes = 3
seeds = 1
sow.allow = "opponent-or-empty"
capture.cross = "opposite-not-empty"
end.goal = "deprive"
[deprive-stuck]
holes = 3
seeds = 1
sow.min_seeds = 2
end.goal = "deprive"
`)
	if vs[0].Scoring || !vs[0].WonByDepriving() || vs[0].WonByClearing() {
		t.Fatalf("deprive-wins scores %v, won by depriving %v, by clearing %v", vs[0].Scoring, vs[0].WonByDepriving(), vs[0].WonByClearing())
	}
	cases := []struct {
		from, move string
		want       board.Outcome
		why        board.Reason
	}{
		// South's last seed goes over to North: South's row is empty, North wins.
		{"1,1,1/0,0,1 S 0 2 -", "c1", board.NorthWins, board.RowEmpty},
		// a1's seed lands in the empty b1 and takes b2 and itself: both rows are
		// empty, and the mover wins.
		{"0,2,0/1,0,0 S 3 0 -", "a1", board.SouthWins, board.RowEmpty},
		// c2's seed lands in the empty b2 and takes b1's two: South's row is empty,
		// North wins.
		{"1,0,1/0,2,0 N 2 0 -", "c2", board.NorthWins, board.RowEmpty},
	}
	for _, c := range cases {
		g := board.NewGame(parse(t, "deprive-wins", c.from))
		if err := g.Play(move(t, "deprive-wins", c.move)); err != nil {
			t.Fatalf("%s from %q: %v", c.move, c.from, err)
		}
		if r := g.Result(); r.Outcome != c.want || r.Reason != c.why || r.Scored {
			t.Errorf("%s from %q: result %v (%v, scored %v), want %v by %v", c.move, c.from, r, r.Reason, r.Scored, c.want, c.why)
		}
	}
	// South has seeds, but none it may play: South cannot move, and loses.
	if r := resultAt(t, "deprive-stuck", "1,1,1/1,1,1 S 0 0 -", false); r.Outcome != board.NorthWins || r.Reason != board.NoLegalMove {
		t.Errorf("South without an allowed move: %v (%v), want North's win", r, r.Reason)
	}
	// A repeated position is a draw.
	if r := resultAt(t, "deprive-wins", "1,1,1/1,1,1 S 0 0 -", true); r.Outcome != board.Draw {
		t.Errorf("a repetition: %v, want a draw", r)
	}
}

// TestImmobilizeGoal: with end.goal = "immobilize" the player to move who cannot move
// loses (StoneShark's goal IMMOBILIZE); an empty row alone ends nothing.
func TestImmobilizeGoal(t *testing.T) {
	vs := loadRules(t, `
[immobile-wins]
holes = 3
seeds = 1
sow.min_seeds = 2
end.goal = "immobilize"
`)
	if vs[0].Scoring || !vs[0].WonByDepriving() {
		t.Fatalf("immobile-wins scores %v, won by depriving %v", vs[0].Scoring, vs[0].WonByDepriving())
	}
	// Only single seeds for South, which needs two to move: North wins.
	if r := resultAt(t, "immobile-wins", "1,1,1/1,1,1 S 0 0 -", false); r.Outcome != board.NorthWins || r.Reason != board.NoLegalMove || r.Scored {
		t.Errorf("South stuck: %v (%v, scored %v), want North's win", r, r.Reason, r.Scored)
	}
	// South's row is empty but North, to move, can move: the game goes on.
	if r := resultAt(t, "immobile-wins", "2,0,0/0,0,0 N 4 0 -", false); r.Over() {
		t.Errorf("North to move with a move: %v, want the game going on", r)
	}
}

// TestEndlessSowingDrawsAnOutGame: in a game won by depriving or immobilizing, a
// sowing past sow.lap_limit ends the game in a draw, the board left as the sowing
// stopped (the seeds in hand leave the game) and the mover still to move, written
// "drawn" in the state field, as StoneShark's quitter for these goals does.
func TestEndlessSowingDrawsAnOutGame(t *testing.T) {
	loadRules(t, `
[endless-draws]
holes = 3
seeds = 1
sow.laps = "relay"
sow.endless = "ends-game"
sow.lap_limit = 1
end.goal = "deprive"
`)
	// a1's seed makes b1 two, which the relay would lift: past the limit.
	g := board.NewGame(parse(t, "endless-draws", "1,1,1/1,1,0 S 0 1 -"))
	if err := g.Play(move(t, "endless-draws", "a1")); err != nil {
		t.Fatal(err)
	}
	if got := g.Position().String(); got != "1,1,1/0,0,0 S 0 1 drawn" {
		t.Errorf("after the endless a1: %q, want the board as it stopped, South to move, drawn", got)
	}
	if r := g.Result(); r.Outcome != board.Draw || r.Scored {
		t.Errorf("endless sowing: %v, want an unscored draw", r)
	}
}

// TestStartMove: start_move plays a move from the start, by its hole's owner, and the
// position it leaves is the game's start (StoneShark's start_pattern 9); a start may
// also hold fewer or more seeds than holes x seeds, the game then having the start's
// (StoneShark's start_pattern 5 and 8).
func TestStartMove(t *testing.T) {
	vs := loadRules(t, `
[moved-start]
holes = 3
seeds = 1
start_move = "a2"
[sparse-start]
holes = 3
seeds = 2
start = "0,2,2/2,2,0 S 0 0 -"
[rich-start]
holes = 3
seeds = 2
start = "3,2,2/2,2,3 S 0 0 -"
`)
	// North's a2 sows its seed into a1; South moves.
	if vs[0].Start != "0,1,1/2,1,1 S 0 0 -" {
		t.Errorf("moved-start begins at %q, want North's a2 played", vs[0].Start)
	}
	if vs[1].Seeds != 8 {
		t.Errorf("sparse-start has %d seeds, want the start's 8", vs[1].Seeds)
	}
	if vs[2].Seeds != 14 {
		t.Errorf("rich-start has %d seeds, want the start's 14", vs[2].Seeds)
	}
	if _, err := vs[2].ParsePosition("2,2,2/2,2,2 S 0 0 -"); err == nil {
		t.Errorf("rich-start takes a position of 12 seeds")
	}
	for _, bad := range []struct{ text, want string }{
		{"[g]\nholes = 3\nseeds = 1\nstart_move = \"d1\"\n", `g.start_move: "d1" is not a hole of the board (a1 to c2)`},
		{"[g]\nholes = 3\nseeds = 1\nstart_move = \"pass\"\n", `g.start_move: "pass" is not a hole`},
		{"[g]\nholes = [3, 4]\nseeds = 1\nstart_move = \"a2\"\n", "g.start_move: a start move is a single game's"},
		{"[g]\nholes = 3\nseeds = 1\nsow.min_seeds = 2\nstart_move = \"a2\"\n", "g.start_move: a2 cannot be played from the start"},
	} {
		_, err := board.LoadRules("bad.toml", bad.text)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.text, err, bad.want)
		}
	}
}

// TestFewerThanFirst: with end.fewer_than_first a game that ends with few seeds
// left shares them (end.seeds_left) even where a store also holds more than half;
// without it the majority decides on the stores alone (StoneShark's SEEDS_LIMIT,
// end_cond 3, against its majority).
func TestFewerThanFirst(t *testing.T) {
	loadRules(t, `
[fewer-first]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], side = "opponent" }
end = { majority = true, fewer_than = 3, fewer_than_first = true }
[fewer-after]
holes = 3
seeds = 2
stores = true
capture = { counts = [2], side = "opponent" }
end = { majority = true, fewer_than = 3 }
`)
	// c1 makes two in c2: South 7 of 12, and North's a2 and b2 are left.
	for _, c := range []struct {
		game         string
		south, north int
	}{{"fewer-first", 7, 5}, {"fewer-after", 7, 3}} {
		g := board.NewGame(parse(t, c.game, "1,1,1/0,0,1 S 5 3 -"))
		if err := g.Play(move(t, c.game, "c1")); err != nil {
			t.Fatal(err)
		}
		if r := g.Result(); r.South != c.south || r.North != c.north {
			t.Errorf("%s: %d-%d, want %d-%d", c.game, r.South, r.North, c.south, c.north)
		}
	}
	if _, err := board.ParseRules("bad.toml", "[bad]\nholes = 3\nseeds = 2\nend.fewer_than_first = true\n"); err == nil ||
		!strings.Contains(err.Error(), "bad.end.fewer_than_first: reads end.fewer_than first: it needs end.fewer_than") {
		t.Errorf("without fewer_than: %v", err)
	}
}

// resultAt is the result of the game at a position, or, repeated, of a repetition
// there.
func resultAt(t *testing.T, name, pos string, repeated bool) board.Result {
	t.Helper()
	p := parse(t, name, pos)
	if repeated {
		return p.LoopResult()
	}
	return p.Result()
}
