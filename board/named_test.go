package board_test

import (
	"os"
	"strings"
	"testing"

	"mancala/board"
)

// TestBuiltinFileLoadedAgainPlaysTheSame checks that the five games are their file:
// board/games/builtin.toml, read again and laid out as a fresh set of games, gives
// every recorded perft count (perftCases, within perftLimits) and the same start,
// and shape as the games the program registered from it (their profiles, from the
// file beside it: TestBuiltinProfilesAreTheirFile).
func TestBuiltinFileLoadedAgainPlaysTheSame(t *testing.T) {
	text, err := os.ReadFile("games/builtin.toml")
	if err != nil {
		t.Fatal(err)
	}
	boardLimit, _ := perftLimits()
	checked := 0
	err = board.WithRules(string(text), func(vs map[string]*board.Variant) {
		if len(vs) != 5 {
			t.Fatalf("builtin.toml has %d games, want 5", len(vs))
		}
		for i, reg := range board.Variants()[:5] {
			v := vs[reg.Name]
			if v == nil || v.ID == reg.ID {
				t.Fatalf("game %d (%s) is not laid out afresh: %v", i, reg.Name, v)
			}
			if v.Start != reg.Start || v.Rows != reg.Rows || v.Cols != reg.Cols || v.Seeds != reg.Seeds ||
				v.Reserves != reg.Reserves || v.Title != reg.Title || v.Generic() != reg.Generic() {
				t.Errorf("%s: read again, the game differs from the registered one", reg.Name)
			}
		}
		for _, c := range perftCases {
			p, err := vs[c.variant].ParsePosition(c.pos)
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.counts {
				if want > boardLimit {
					break
				}
				if got := board.Perft(&p, i+1); got != want {
					t.Errorf("%s %q read again: perft(%d) = %d, want %d", c.variant, c.pos, i+1, got, want)
				}
				checked++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d perft counts checked", checked)
	}
}

// TestNamedRulesInAFile checks that any file may name the rules written in Go and
// take the profile of a game of builtin.toml: a game of its own name plays Adji-Boto's rules, and a game of the generic
// keys takes Oware Abapa's profile.
func TestNamedRulesInAFile(t *testing.T) {
	const text = `[my-boto]
title = "Adji-Boto again"
rules = "adji-boto"
start = "8,14,2,12,6/8,4,17,4,20 S 0 5 -"

[my-oware]
holes = 6
seeds = 4
sow.skip_start = true
capture.counts = [2, 3]
capture.chain = "backward"
capture.grand_slam = "captures-nothing"
feed.must_feed = true
end.majority = true
profile = "oware-abapa"
`
	err := board.WithRules(text, func(vs map[string]*board.Variant) {
		boto := vs["my-boto"]
		p := boto.StartPosition()
		// perftCases' counts of this position in adji-boto.
		for d, want := range []uint64{5, 25, 117, 553, 2542} {
			if got := board.Perft(&p, d+1); got != want {
				t.Errorf("my-boto perft(%d) = %d, want %d", d+1, got, want)
			}
		}
		if boto.Title != "Adji-Boto again" || boto.Profile.Eval.Weights != "adji-boto.txt" {
			t.Errorf("my-boto: title %q, weights %q: want its own title and Adji-Boto's profile", boto.Title, boto.Profile.Eval.Weights)
		}
		if o := vs["my-oware"]; !o.Generic() || len(o.Profile.Bench) != 4 || o.Profile.Eval.Weights != "oware-abapa.txt" {
			t.Errorf("my-oware: generic %v, %d bench positions, weights %q: want the generic rules with Oware Abapa's profile",
				o.Generic(), len(o.Profile.Bench), o.Profile.Eval.Weights)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNamedRulesRefuseBadFiles checks the one-line refusals of the keys of named
// rules: unknown rules or profiles, a start missing or off the rules' board, rule
// keys beside named rules, a start without them, and a profile that does not fit.
func TestNamedRulesRefuseBadFiles(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[g]\nrules = \"chess\"\nstart = \"-\"\n", `bad.toml:2: g.rules: "chess" is not a set of named rules: "adji-boto", "adji-kui-1",`},
		{"[g]\nrules = \"adji-kui-1\"\n", "bad.toml:1: g.start: named rules need the start position"},
		{"[g]\nrules = \"adji-kui-1\"\nstart = \"4,4,4,4,4/4,4,4,4,4 S 0 0 -\"\n", "bad.toml:3: g.start: "},
		{"[g]\nrules = \"adji-kui-1\"\nstart = \"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -\"\nholes = 6\n",
			`bad.toml:4: g.holes: the named rules "adji-kui-1" say this`},
		{"[g]\nrules = \"adji-kui-1\"\nstart = \"4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -\"\nsow.laps = \"relay\"\n",
			`bad.toml:4: g.sow`},
		{"[g]\nholes = 6\nseeds = 4\nstart = \"4,4,4,4,4,4/4,4,4,4,4,x S 0 0 -\"\n", "bad.toml:4: g.start: hole f1: count \"x\" is not an unsigned decimal number"},
		{"[g]\nholes = 6\nseeds = 4\nprofile = \"go\"\n", `bad.toml:4: g.profile: "go" is not a game of builtin.toml, whose profile a game may take: "je-ki-n-je", `},
		{"[g]\nholes = 5\nseeds = 4\nprofile = \"oware-abapa\"\n", `bad.toml:4: g.profile: the profile "oware-abapa" has the bench position`},
		{"[g]\nrules = \"bao-la-kimasai\"\nstart = \"0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *\"\nprofile = \"adji-kui-1\"\n",
			`bad.toml:4: g.profile: the profile "adji-kui-1" names 1 phases, the rules have 3`},
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
