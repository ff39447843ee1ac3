package protocol

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestVariantPathLoadsARuleFile sets VariantPath to a rule file: the engine names
// the games it read, the Variant option (in uci's answer too) takes them, and a
// game of the file plays, extra turns included (the same side to move after a last
// seed in its store).
func TestVariantPathLoadsARuleFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mine.toml")
	rules := "[path-kalah]\nholes = 4\nseeds = 3\nstores = true\nsow.stores = \"own\"\n" +
		"capture.cross = \"opposite-not-empty\"\nturn.extra_on_store = true\nend.row_empty = true\n"
	if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, realConfig())
	got := s.exchange("setoption name VariantPath value " + file)
	if len(got) != 1 || got[0] != "info string "+file+": 1 games: path-kalah" {
		t.Fatalf("setoption VariantPath answered %q", got)
	}
	s.send("uci")
	if uci := strings.Join(s.until("uciok"), "\n"); !strings.Contains(uci, " var path-kalah") ||
		!strings.Contains(uci, "option name VariantPath type string default <empty>") {
		t.Errorf("uci after the load:\n%s", uci)
	}
	got = s.exchange("setoption name Variant value path-kalah", "position startpos moves b1", "d")
	if fen := fenLine(t, got); fen != "Fen: 3,3,3,3/3,0,4,4 S 1 0 -" {
		t.Errorf("after b1, whose last seed falls in South's store: %s, want South to move again", fen)
	}
}

// TestVariantPathRefusesABrokenFile checks that a rule file that cannot be played is
// refused in one line naming its file, line and key, and changes nothing.
func TestVariantPathRefusesABrokenFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "broken.toml")
	if err := os.WriteFile(file, []byte("[broken]\nholes = 6\nseeds = 4\ncapture.chain = \"backward\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRejected(t, "setoption name VariantPath value "+file,
		"setoption VariantPath: "+file+":4: broken.capture.chain: a chain of captures needs capture.counts, capture.two_out or capture.cross")
	_, missing := os.Stat(file + ".missing") // the system's own words for it
	checkRejected(t, "setoption name VariantPath value "+file+".missing",
		"setoption VariantPath: rule file: "+missing.Error())
}

// TestVariantPathReadsAStoneSharkFolder sets VariantPath to a folder of StoneShark
// game files: the games it can play load under their files' names, and each game it
// cannot play yet is named in a line of its own with the parameter and value.
func TestVariantPathReadsAStoneSharkFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(name, info string) {
		text := `{"game_class": "Mancala", "game_constants": {"holes": 4, "nbr_start": 3}, "game_info": {` + info + `}}`
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Small_Wari.txt", `"capt_on": [2, 3], "multicapt": -1, "capt_side": 1, "stores": true`)
	write("Round_Game.txt", `"stores": true, "rounds": 3`)
	write("_all_params.txt", `"rounds": 9`) // StoneShark's template: skipped
	s := newSession(t, realConfig())
	got := s.exchange("setoption name VariantPath value " + dir)
	want := []string{"info string " + dir + ": 1 games: Small_Wari",
		"info string refused: " + filepath.Join(dir, "Round_Game.txt") + ": Round_Game: rounds = 3: not supported yet"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("setoption VariantPath answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = s.exchange("setoption name Variant value Small_Wari", "position startpos moves d1", "d")
	if fen := fenLine(t, got); fen != "Fen: 3,4,4,4/3,3,3,0 N 0 0 -" { // d2, c2, b2 took a seed
		t.Errorf("after d1: %s", fen)
	}
}

// TestChosenDirectionMoves: in a game where the mover chooses a hole's direction the
// engine lists both moves, plays either in a position command, refuses the bare hole,
// and searches with them.
func TestChosenDirectionMoves(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dir.toml")
	rules := "[dir-proto]\nholes = 3\nseeds = 1\nstores = true\nsow.choice = [\"b\"]\ncapture = { counts = [2], side = \"both\" }\n"
	if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSession(t, realConfig())
	s.exchange("setoption name VariantPath value "+file, "setoption name Variant value dir-proto")
	got := s.exchange("position fen 1,1,0/1,1,2 S 0 0 -", "d")
	if !slices.Contains(got, "Moves: a1 b1+ b1- c1") {
		t.Errorf("d lists\n%s\nwant the moves a1 b1+ b1- c1", strings.Join(got, "\n"))
	}
	got = s.exchange("position fen 1,1,0/1,1,2 S 0 0 - moves b1-", "d")
	if fen := fenLine(t, got); fen != "Fen: 1,1,0/0,0,2 N 2 0 -" { // a1 made 2 and was taken
		t.Errorf("after b1-: %s", fen)
	}
	got = s.exchange("position fen 1,1,0/1,1,2 S 0 0 - moves b1")
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") || !strings.Contains(got[0], `"b1" needs a direction: b1+ (counter-clockwise) or b1- (clockwise)`) {
		t.Errorf("the bare hole: %q", got)
	}
}

// TestSearchesChooseTheDirection: both searches find the one winning move of a
// position, a hole sown clockwise by choice (b1- takes the three seeds of a1 and
// passes half the seeds; a1 and b1+ capture nothing).
func TestSearchesChooseTheDirection(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dir.toml")
	rules := "[dir-win]\nholes = 3\nseeds = 1\nstores = true\nsow.choice = [\"b\"]\n" +
		"capture = { counts = [3], side = \"both\" }\nend.majority = true\n"
	if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, search := range []string{"alphabeta", "mcts"} {
		s := newSession(t, realConfig())
		s.exchange("setoption name VariantPath value "+file, "setoption name Variant value dir-win",
			"setoption name Search value "+search, "position fen 1,0,0/2,1,0 S 2 0 -")
		s.send("go depth 3")
		lines := s.until("bestmove")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "bestmove b1-") {
			t.Errorf("%s: %q, want bestmove b1-", search, last)
		}
	}
}

// TestSearchesDepriveTheOpponent: in a game won by emptying the other's row
// (end.goal = "deprive") both searches take North's last seeds though North's store
// is far ahead, and alpha-beta reports the win as a mate: the result comes from the
// rules, not from the stores.
func TestSearchesDepriveTheOpponent(t *testing.T) {
	file := filepath.Join(t.TempDir(), "deprive.toml")
	rules := "[deprive-win]\nholes = 3\nseeds = 2\ncapture.cross = \"opposite-not-empty\"\nend.goal = \"deprive\"\n"
	if err := os.WriteFile(file, []byte(rules), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, search := range []string{"alphabeta", "mcts"} {
		s := newSession(t, realConfig())
		// a1's seed lands in the empty b1 and takes b2's two, North's last seeds;
		// c1 would feed North's row.
		s.exchange("setoption name VariantPath value "+file, "setoption name Variant value deprive-win",
			"setoption name Search value "+search, "position fen 0,2,0/1,0,3 S 0 6 -")
		s.send("go depth 3")
		lines := s.until("bestmove")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "bestmove a1") {
			t.Errorf("%s: %q, want bestmove a1", search, last)
		}
		if search == "alphabeta" && !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "score mate 1 ") }) {
			t.Errorf("alphabeta: no mate in 1 in %q", lines)
		}
	}
}
