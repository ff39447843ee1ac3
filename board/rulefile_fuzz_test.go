package board

import (
	"os"
	"strings"
	"testing"
)

// FuzzParseRules reads the input as a rule file. It must never panic; a refused file
// gets a one-line error naming the file; an accepted file's games have sizes within
// the limits, and each plays (perft 3 from its start, every position's hash and seed
// total intact). The seed corpus is the shipped and test rule files and
// testdata/fuzz/FuzzParseRules.
func FuzzParseRules(f *testing.F) {
	for _, name := range []string{"games/kalah.toml", "testdata/rules/oware-file.toml", "testdata/rules/kalah-stoneshark.toml"} {
		text, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ParseRules("fuzz.toml", text)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "fuzz.toml") || strings.Contains(msg, "\n") {
				t.Fatalf("%q: error %q is not one line naming the file", text, msg)
			}
			return
		}
		for i, g := range games {
			if i >= 3 { // a family of many boards: three are enough to play
				break
			}
			if !gameName.MatchString(g.Name) || g.Holes < 1 || g.Holes > maxFileCols || g.Seeds < 1 || 2*g.Holes*g.Seeds > maxFileSeeds {
				t.Fatalf("%q: accepted game %+v", text, g)
			}
			// Play it in a slot no test registers, without registering it.
			v := newFileVariant(g)
			free := useSlot(MaxVariants-1, v)
			p := v.StartPosition()
			n, over := Perft(&p, 1), p.Result().Over()
			Perft(&p, 3)
			free()
			if (n == 0) != over {
				t.Fatalf("%q: %s has %d moves at the start, over %v", text, g.Name, n, over)
			}
		}
	})
}
