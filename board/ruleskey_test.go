package board_test

import (
	"fmt"
	"strings"
	"testing"

	"mancala/board"
)

// keyAsTOML writes a RulesKey line back as a rule file's game named name: the keys
// it lists, skipping those the file format refuses beside their defaults (a cross
// capture's sower without a cross rule, an allowed grand slam, empty counts).
func keyAsTOML(t *testing.T, name, key string) string {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "[%s]\nstores = true\n", name)
	fields := strings.Fields(key)
	cross, slam := "", ""
	for _, f := range fields {
		switch k, v, _ := strings.Cut(f, "="); k {
		case "capture.cross":
			cross = v
		case "capture.grand_slam":
			slam = v
		}
	}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			t.Fatalf("%q: field %q is not key=value", key, f)
		}
		switch {
		case k == "capture.counts" && v == "", k == "sow.choice" && v == "", k == "sow.relay_counts" && v == "",
			k == "capture.cross_takes_sower" && cross == "none",
			k == "capture.grand_slam" && v == "allowed",
			k == "capture.grand_slam_when_fed" && slam == "allowed":
			continue
		case k == "capture.counts", k == "sow.relay_counts", k == "capture.cross_counts":
			v = "[" + v + "]"
		case k == "sow.choice":
			v = `["` + strings.ReplaceAll(v, ",", `", "`) + `"]`
		case v != "true" && v != "false" && strings.Trim(v, "0123456789") != "":
			v = fmt.Sprintf("%q", v)
		}
		fmt.Fprintf(&b, "%s = %s\n", k, v)
	}
	return b.String()
}

// TestRulesKeyIsTheRuleFilesKeys: a game's RulesKey, written back as a rule file
// under another name, loads as a game with the same key (so the line is made of the
// format's own keys and values, every rule included), and the games written in Go
// have none.
func TestRulesKeyIsTheRuleFilesKeys(t *testing.T) {
	games := loadRules(t, `
[relay-both]
holes = 5
seeds = 2
stores = true
sow.laps = "relay"
sow.direction = "clockwise"
sow.stores = "both"
sow.skip_start = true
capture.counts = [2, 3]
capture.chain = "forward"
capture.side = "both"
capture.grand_slam = "forbidden"
turn.extra_on_capture = true
end.no_move = "pass"
end.seeds_left = "other"
`)
	for _, name := range []string{"kalah-4-3", "kalah-6-4-standard", "kalah-1-1"} {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, v)
	}
	for i, v := range games {
		key := v.RulesKey()
		again := loadRules(t, keyAsTOML(t, fmt.Sprintf("copy-%d", i), key))
		if got := again[0].RulesKey(); got != key {
			t.Errorf("%s: key %q, read back as a rule file %q", v.Name, key, got)
		}
	}
	if k := board.AdjiKui1.Get().RulesKey(); k != "" {
		t.Errorf("adji-kui-1, written in Go, has the rules key %q", k)
	}
}

// TestRulesKeyTellsRulesApart: changing any one rule, or the board's size, changes
// the key; the name does not.
func TestRulesKeyTellsRulesApart(t *testing.T) {
	base := `holes = 3
seeds = 2
stores = true
sow.stores = "own"
capture.cross = "always"
turn.extra_on_store = true
end.row_empty = true
`
	changes := []string{"", "holes = 4", "seeds = 3", `sow.direction = "clockwise"`, `sow.laps = "relay"`,
		"sow.skip_start = true", "sow.leave_one = true\nsow.min_seeds = 2", "sow.min_seeds = 2", `sow.stores = "both"`,
		"capture.counts = [2]", `capture.cross = "opposite-not-empty"`, "capture.cross_takes_sower = false",
		`capture.grand_slam = "forbidden"`, "turn.extra_on_capture = true", "feed.must_feed = true",
		"end.row_empty = false", "end.majority = true", `end.seeds_left = "nobody"`, `end.no_move = "pass"`,
		`sow.laps = "relay"` + "\nsow.relay_stops_on_capture = true\ncapture.counts = [2]", "sow.lap_limit = 75",
		`sow.endless = "ends-game"`, `capture.grand_slam = "forbidden"` + "\ncapture.grand_slam_when_fed = false",
		"end.fewer_than = 2", `end.loop_seeds = "split"`, `sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.choice = ["a"]`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.direction = "by-parity"`,
		"end.own_row_empty = true\nend.row_empty = false", "feed.must_feed = true\nend.unfed_takes = true",
		"end.row_empty = false\n" + `end.goal = "clear"`, "turn.extra_on_store = false\nsow.no_return = true",
		`capture.cross_lands = "either"`, `sow.stores = "both"` + "\nturn.extra_on_other_store = true",
		`sow.laps = "relay"` + "\n" + `sow.relay_side = "own"`, `sow.laps = "relay"` + "\nsow.relay_counts = [3]",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.allow = "opponent-or-empty"`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.allow = "single-last-into-empty"`,
		"sow.take_one = true", "capture.counts = [2]\n" + `capture.passing = "owner"`, "end.last_seeds = 2",
		`capture.cross = "none"` + "\nend.row_empty = false\n" + `sow.from = "any"`,
		"end.row_empty = false\n" + `round.fill = "left"`, "end.row_empty = false\n" + `round.fill = "right"`,
		"end.row_empty = false\n" + `round.fill = "left"` + "\nround.blocks = true",
		"end.row_empty = false\n" + `round.fill = "left"` + "\n" + `round.starter = "loser"`,
		"end.row_empty = false\n" + `round.fill = "left"` + "\nround.holes = 2",
		"end.row_empty = false\nround.territory = true\nround.holes = 2",
		"end.row_empty = false\nround.territory = true\nround.store_wins = true\nround.holes = 2",
		"end.row_empty = false\nround.territory = true\nround.holes = 2\ncapture.counts = [2]\n" + `capture.side = "opponent-owned"`,
		"end.row_empty = false\n" + `round.fill = "left"` + "\nend.last_seeds = 2\n" + `end.last_seeds_to = "starter"`,
		"end.row_empty = false\n" + `end.goal = "deprive"`,
		"end.row_empty = false\nturn.extra_on_store = false\n" + `end.goal = "immobilize"`,
		"capture.counts = [2]\n" + `capture.chain = "backward"` + "\n" + `capture.side = "opponent-first"`,
		`capture.grand_slam = "leaves-right"`, "capture.counts = [2]\ncapture.single_seed = false",
		`capture.cross = "opposite-not-empty"` + "\ncapture.cross_counts = [1]",
		`sow.stores = "both"` + "\ncapture.other_store = true",
		`capture.cross = "none"` + "\ncapture.empty_gives_store = true", "end.row_empty = false\nend.other_row_empty = true",
		"capture.single_takes_across = true", `capture.cross = "none"` + "\ncapture.counts = [2]\ncapture.sweep = true",
		`capture.cross = "none"` + "\ncapture.pull_across = true", `capture.cross = "none"` + "\ncapture.singles = true",
		`capture.cross = "none"` + "\ncapture.match_across = true", "capture.cross_sweep = true",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\nturn.extra_on_capture = true\nturn.capture_once = true",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `capture.cross = "none"` + "\n" + `sow.laps = "relay"` + "\ncapture.next = true",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `capture.cross = "none"` + "\n" + `sow.laps = "relay"` + "\ncapture.next = true\ncapture.pick_last = true",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.choice = ["a"]` + "\nfeed.must_feed = true\nfeed.by_hole = true",
		`sow.direction = "clockwise"` + "\n" + `sow.stores_at = "right"`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.laps = "relay-next"`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `capture.cross = "none"` + "\ncapture.two_out = true",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `capture.cross = "none"` + "\ncapture.two_out = true\ncapture.pick_across = true",
		`capture.cross = "none"` + "\ncapture.counts = [2]\n" + `capture.passing = "owner-all"`,
		`capture.cross = "none"` + "\ncapture.counts = [2]\n" + `capture.passing = "owner"`,
		"end.row_empty = false\n" + `round.fill = "outside"`,
		"capture.counts = [2]\n" + `capture.chain = "backward"` + "\ncapture.chain_max = 2", "capture.after_turns = 2",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.choice = ["a"]` + "\nsow.one_way_turns = 1",
		"capture.counts = [2]\n" + `capture.passing = "sower"`, `capture.grand_slam = "moves-again"`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.allow = "single-last"`,
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.laps = "relay"` + "\nsow.lap_captures = true\ncapture.cross_takes_sower = false",
		`sow.stores = "none"` + "\nturn.extra_on_store = false\n" + `sow.laps = "relay"` + "\nsow.lap_captures = true\n" +
			`capture.cross = "none"` + "\ncapture.counts = [2]\nsow.opponent_takes = 3",
		"end.row_empty = false\nchild.count = 3", "end.row_empty = false\nchild.count = 3\nchild.raid = 2",
		"end.row_empty = false\nchild.lap_locked = true", "end.row_empty = false\nchild.count = 3\nchild.pair_with_previous = true",
		"capture.chain = \"forward\"", "capture.chain = \"forward\"\ncapture.cross_chain_any_hole = true",
		`sow.laps = "relay-next"`}
	seen := map[string]string{}
	for i, c := range changes {
		text := base
		if c != "" {
			for _, line := range strings.Split(c, "\n") {
				k, _, _ := strings.Cut(line, " =")
				var kept []string
				for _, l := range strings.Split(text, "\n") {
					if !strings.HasPrefix(l, k+" =") {
						kept = append(kept, l)
					}
				}
				text = strings.Join(kept, "\n") + line + "\n"
			}
		}
		v := loadRules(t, fmt.Sprintf("[change-%d]\n%s", i, text))[0]
		key := v.RulesKey()
		if prev, ok := seen[key]; ok {
			t.Errorf("%q and %q give the same key %q", prev, c, key)
		}
		seen[key] = c
	}
	same := loadRules(t, "[other-name]\n"+base)[0]
	if first := loadRules(t, "[change-0]\n"+base)[0]; same.RulesKey() != first.RulesKey() {
		t.Errorf("the name changed the key: %q, %q", same.RulesKey(), first.RulesKey())
	}
}
