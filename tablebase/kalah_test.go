package tablebase

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/board"
)

// kalah returns a shipped game of a rule file by name.
func kalah(t *testing.T, name string) *board.Variant {
	t.Helper()
	v, err := board.VariantByName(name)
	if err != nil {
		t.Fatal(err)
	}
	if !v.ExtraTurns() || !v.StoresIdle() {
		t.Fatalf("%s: extra turns %v, stores idle %v: not the Kalah the tests are about", name, v.ExtraTurns(), v.StoresIdle())
	}
	return v
}

// TestKalahTablesAgreeWithExhaustiveSolver: every board of small Kalah games, both
// capture rules, both sides to move, has in the table exactly the value the
// exhaustive solver (which adds an extra turn's value rather than negating it) gives.
// Kalah cannot repeat a position (a move that banks nothing moves seeds forward
// along the mover's row), so every value must be exact, not only within bounds.
// kalah-3-3 is tabled whole, start position included (18 seeds).
func TestKalahTablesAgreeWithExhaustiveSolver(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
	}{{"kalah-3-3", 18}, {"kalah-3-3-standard", 18}, {"kalah-4-2", 13}, {"kalah-4-2-standard", 13}} {
		if raceEnabled || testing.Short() {
			tc.n -= 6
		}
		t.Run(tc.name, func(t *testing.T) {
			v := kalah(t, tc.name)
			tb, err := Build(v, tc.n, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			fresh := map[board.Position]int{}
			checked := 0
			for k := 0; k <= tc.n; k++ {
				everyPosition(t, v, k, func(p board.Position) {
					lo, hi, ok := tb.Probe(&p)
					if want := exhaustive(p, nil, fresh); !ok || lo != want || hi != want {
						t.Fatalf("%v: table %d..%d (in it: %v), exhaustive solver %d", p.String(), lo, hi, ok, want)
					}
					checked++
				})
			}
			t.Logf("%d positions", checked)
		})
	}
}

// TestKalahExtraTurnCounts: in kalah-2-2 at 1,3/1,1 (a2 1, b2 3; a1 1, b1 1), South to move,
// b1 puts its seed in the store and South moves again: a1 then lands in the emptied
// b1 and captures it with b2's 3, South's row is empty and North keeps a2's seed.
// South banks 5 of the 6 seeds, North 1: the value is 4 (counted by hand), and the
// move b1 is worth 4 = 1 banked + 3, the value of the position after it, South
// still to move (not 1 - 3, as a move passing the turn would be). The table plays b1.
func TestKalahExtraTurnCounts(t *testing.T) {
	v := kalah(t, "kalah-2-2")
	tb, err := Build(v, 6, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("1,3/1,1 S 1 1 -")
	if err != nil {
		t.Fatal(err)
	}
	if p.Seeds(v.HoleAt(1, 1)) != 3 {
		t.Fatalf("%s: b2 holds %d, not 3: the notation is not read as the test assumes", p.String(), p.Seeds(v.HoleAt(1, 1)))
	}
	if lo, hi, _ := tb.Probe(&p); lo != 4 || hi != 4 {
		t.Errorf("%s: table %d..%d, want 4", p.String(), lo, hi)
	}
	b1, _ := v.ParseMove("b1")
	after, err := p.Play(b1)
	if err != nil || after.SideToMove() != board.South {
		t.Fatalf("b1 from %s: %v, side %v: not an extra turn", p.String(), err, after.SideToMove())
	}
	if lo, hi, _ := tb.Probe(&after); lo != 3 || hi != 3 {
		t.Errorf("after b1, %s: table %d..%d, want 3 (a1 captures 4, North keeps 1)", after.String(), lo, hi)
	}
	best, ok := tb.BestMove(&p, nil)
	if !ok || best.Move != b1 || best.Captured != 1 || best.Lo != 4 || best.Hi != 4 || !best.Again {
		t.Errorf("best move %+v (ok %v), want b1 banking 1, worth 4", best, ok)
	}
}

// TestKalahMoveValuesAddExtraTurns: on random kalah-4-2 boards whose moves all have
// exact values, the position's value is the best move's, and each move's value is
// the seeds it banks plus the value after it when the mover moves again, minus it
// otherwise, both read from the table. At least a hundred extra-turn moves are seen.
func TestKalahMoveValuesAddExtraTurns(t *testing.T) {
	v := kalah(t, "kalah-4-2")
	tb, err := Build(v, 10, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	extra := 0
	for range 3000 {
		holes := make([]int, v.Holes())
		k := 1 + r.IntN(10)
		for range k {
			holes[r.IntN(len(holes))]++
		}
		p, err := v.PositionFrom(holes, board.Side(r.IntN(2)), v.Seeds-k, 0) // the stores change nothing
		if err != nil {
			t.Fatal(err)
		}
		lo, _, _ := tb.Probe(&p)
		moves, ok := tb.MoveValues(&p, nil)
		if !ok {
			continue
		}
		best := -1 << 30
		for _, m := range moves {
			c, err := p.Play(m.Move)
			if err != nil {
				t.Fatal(err)
			}
			clo, _, _ := tb.Probe(&c)
			banked := c.Store(p.SideToMove()) - p.Store(p.SideToMove())
			want := banked - clo
			again := c.SideToMove() == p.SideToMove()
			if again {
				want = banked + clo
				extra++
			}
			if m.Lo != want || m.Hi != want || m.Captured != banked || m.Again != again {
				t.Fatalf("%s, %s: %d..%d banking %d, want %d banking %d", p.String(), v.FormatMove(m.Move), m.Lo, m.Hi, m.Captured, want, banked)
			}
			best = max(best, want)
		}
		if lo != best {
			t.Fatalf("%s: value %d, best move %d", p.String(), lo, best)
		}
	}
	if extra < 100 {
		t.Errorf("only %d extra-turn moves: the sample tests little", extra)
	}
}

// TestMajorityGamesAreTabledPlayedOn: a rule file's game that a store majority ends
// is tabled as the game played on past the majority, its margins marked inexact, and
// it agrees with the exhaustive solver played on in the same way (Oware Abapa, of
// the same keys, in TestTableAgreesWithExhaustiveSolver; here a user's file).
func TestMajorityGamesAreTabledPlayedOn(t *testing.T) {
	vs, err := board.LoadRuleFile("../board/testdata/rules/oware-file.toml")
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Build(vs[0], 1, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if tb.ExactMargins() {
		t.Errorf("%s: ExactMargins true for a game that a majority ends", vs[0].Name)
	}
	checkAgainstExhaustive(t, vs[0], 3)
}

// TestWideBoards: boards of up to 2 x 15 are tabled, each seed count up to the
// largest whose boards the builder can number in 32 bits (11 seeds on 30 holes); a
// larger count is refused in one line and nothing is written. StoneShark's Songo
// (2 x 7) and Anywoli (2 x 12) agree with the exhaustive solver.
func TestWideBoards(t *testing.T) {
	dir := t.TempDir()
	wide, err := board.LoadRules("wide.toml", "[tb-wide]\nholes = 15\nseeds = 4\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := seedLimit(wide[0]); got != 11 {
		t.Errorf("seed limit of 2 x 15: %d, want 11", got)
	}
	_, err = Build(wide[0], 12, Options{Dir: dir})
	if want := "seed count 12 out of range 0..11 for tb-wide"; err == nil || err.Error() != want {
		t.Errorf("Build of 12 seeds on 2 x 15: %v, want %q", err, want)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("the refused build wrote %d files", len(files))
	}
	for _, c := range []struct {
		name  string
		seeds int
	}{{"songo", 3}, {"anywoli", 2}} {
		v, err := board.VariantByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(c.name, func(t *testing.T) { checkAgainstExhaustive(t, v, c.seeds) })
	}
}

// TestFileGameTablesKnowTheirRules: a rule file's game that takes the name of a game
// with a table under other rules does not read that table (the file names the rules
// by a hash); a table's files renamed to another game's are refused; the same rules
// loaded again read it.
func TestFileGameTablesKnowTheirRules(t *testing.T) {
	const rules = "holes = 3\nseeds = 2\nstores = true\nsow.stores = \"own\"\nturn.extra_on_store = true\nend.row_empty = true\n"
	first, err := board.LoadRules("first.toml", "[tb-renamed]\n"+rules+"capture.cross = \"always\"\n")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := Build(first[0], 4, Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	other, err := board.LoadRules("second.toml", "[tb-renamed]\n"+rules)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir, other[0])
	if err == nil || !strings.Contains(err.Error(), "a table of tb-renamed under other rules") || strings.Contains(err.Error(), "\n") {
		t.Errorf("Open under other rules: %v", err)
	}
	again, err := board.LoadRules("third.toml", "[tb-renamed]\n"+rules+"capture.cross = \"always\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if tb, err := Open(dir, again[0]); err != nil || tb.MaxSeeds() != 4 {
		t.Errorf("Open with the same rules again: %v", err)
	}
	// The files of kalah-3-2 under kalah-3-2-standard's names.
	src, std := kalah(t, "kalah-3-2"), kalah(t, "kalah-3-2-standard")
	dir2 := t.TempDir()
	if _, err := Build(src, 2, Options{Dir: dir2, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= 2; k++ {
		if err := os.Rename(filepath.Join(dir2, FileName(src, k)), filepath.Join(dir2, FileName(std, k))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Open(dir2, std); err == nil || !strings.Contains(err.Error(), `a table of "kalah-3-2", not of kalah-3-2-standard`) {
		t.Errorf("Open of renamed files: %v", err)
	}
	if _, err := ReadLayer(dir2, src, 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the renamed files are still there under kalah-3-2's names: %v", err)
	}
}

// TestExactMargins: the tables of the games whose stores never end the game hold
// their margins; Oware Abapa's, the game played on past a majority, do not.
func TestExactMargins(t *testing.T) {
	for _, c := range []struct {
		name string
		want bool
	}{{"je-ki-n-je", true}, {"adji-kui-1", true}, {"adji-boto", true}, {"oware-abapa", false}, {"kalah-3-3", true}, {"kalah-2-1-standard", true}} {
		v, err := board.VariantByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Build(v, 1, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := tb.ExactMargins(); got != c.want {
			t.Errorf("%s: ExactMargins %v, want %v", c.name, got, c.want)
		}
	}
}

// TestTablesRefuseWhatTheyCannotHold: a game whose holes become children
// (child.count), a game played in rounds (round.*), a game whose moves take a
// store's seeds (a capture, a relay lifting the store) and one whose first move sets the ways the sides sow are refused in
// one line saying why, and nothing is written.
func TestTablesRefuseWhatTheyCannotHold(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"[tb-kids]\nholes = 3\nseeds = 2\nstores = true\ncapture.counts = [2]\nchild.count = 3\n",
			"no endgame tables for tb-kids: its holes become children (child.count), which a table's boards do not hold"},
		{"[tb-rounds]\nholes = 3\nseeds = 2\nround.fill = \"left\"\n",
			"no endgame tables for tb-rounds: it is played in rounds, whose seeds return to the board"},
		{"[tb-store]\nholes = 3\nseeds = 2\nstores = true\nsow.stores = \"both\"\ncapture.other_store = true\n",
			"no endgame tables for tb-store: its moves take a store's seeds (capture.other_store, capture.empty_gives_store, or sow.laps = \"relay-next\" with sow.stores lifting one), so a board's value depends on the stores"},
		{"[tb-lift-store]\nholes = 3\nseeds = 2\nstores = true\nsow.stores = \"own\"\nsow.laps = \"relay-next\"\n",
			"no endgame tables for tb-lift-store: its moves take a store's seeds (capture.other_store, capture.empty_gives_store, or sow.laps = \"relay-next\" with sow.stores lifting one), so a board's value depends on the stores"},
		{"[tb-bear-off]\nholes = 3\nseeds = 2\nsow.bear_off = true\n",
			"no endgame tables for tb-bear-off: it bears off once no hole holds two seeds (sow.bear_off), which a table's boards do not hold"},
		{"[tb-ways]\nholes = 3\nseeds = 2\nsow.direction = \"first-move\"\n",
			"no endgame tables for tb-ways: its first move sets which way each side sows (sow.direction = \"first-move\"), which a table's boards do not hold"},
	} {
		vs, err := board.LoadRules("refused.toml", c.rules)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := Build(vs[0], 2, Options{Dir: dir}); err == nil || err.Error() != c.want {
			t.Errorf("Build of %s: %v, want %q", vs[0].Name, err, c.want)
		}
		if files, _ := os.ReadDir(dir); len(files) != 0 {
			t.Errorf("the refused build of %s wrote %d files", vs[0].Name, len(files))
		}
	}
}
