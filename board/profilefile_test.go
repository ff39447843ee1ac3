package board_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/board"
)

// writeFiles writes name -> text into a fresh folder and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const profiledRules = `
[profiled-a]
holes = 3
seeds = 2
stores = true
capture.counts = [2, 3]
[profiled-b]
holes = 3
seeds = 2
stores = true
`

// TestProfileBesideTheRuleFile: a profile file beside a rule file (NAME.profile.toml)
// replaces the keys it names in its games' generic profiles and leaves the rest, and
// games it does not name keep the generic profile; a folder's rule files leave it
// out.
func TestProfileBesideTheRuleFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"profiled.toml": profiledRules,
		"profiled.profile.toml": `
[profiled-a]
eval.terms = ["row", "mobility"]
search = { quiesce_depth = 4, futility_margin = -1 }
clock.moves = 30
score.margin = 0.5
bench = [{ position = "2,2,2/2,2,2 S 0 0 -", depth = 8 }, { position = "0,3,3/2,2,2 N 0 0 -", depth = 7 }]
`})
	files, err := board.RuleFiles(dir)
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "profiled.toml" {
		t.Fatalf("the folder's rule files: %v (%v), want profiled.toml alone", files, err)
	}
	vs, err := board.LoadRuleFile(filepath.Join(dir, "profiled.toml"))
	if err != nil || len(vs) != 2 {
		t.Fatalf("loading: %v, %d games", err, len(vs))
	}
	a, b := vs[0].Profile, vs[1].Profile
	if strings.Join(a.Eval.Hand, " ") != "material row mobility" || a.Search.QuiesceDepth != 4 ||
		a.Search.FutilityMargin != board.Off || a.Clock.Flat != 30 || a.Score.Margin != 0.5 || len(a.Bench) != 2 || a.Bench[1].Depth != 7 {
		t.Errorf("profiled-a's profile: %+v %+v %+v %+v %+v", a.Eval, a.Search, a.Clock, a.Score, a.Bench)
	}
	// The keys it leaves out keep the generic values, which profiled-b has throughout.
	if a.Search.SingularMargin != b.Search.SingularMargin || a.Score.WinWidth != b.Score.WinWidth || a.Words.Score != b.Words.Score {
		t.Errorf("profiled-a lost a generic setting: %+v %+v", a.Search, a.Score)
	}
	if strings.Join(b.Eval.Hand, " ") != "material row" || b.Clock.Flat != 20 || len(b.Bench) != 0 {
		t.Errorf("profiled-b, not in the profile file: %+v %+v %v", b.Eval, b.Clock, b.Bench)
	}
}

// TestBadProfileFilesAreRefused: a profile file with an unknown key, a bad value, a
// game its rule file lacks or a bench position not of the game refuses the whole
// file in one line naming the profile file, the line and the key, and registers
// nothing.
func TestBadProfileFilesAreRefused(t *testing.T) {
	for _, c := range []struct{ profile, want string }{
		{"[profiled-a]\nsearch.depth = 3\n", "profiled.profile.toml:2: profiled-a.search.depth: unknown key"},
		{"[profiled-a]\nsearch.quiesce_depth = 0\n", "profiled.profile.toml:1: profiled-a.search.quiesce_depth: 0: 1 or more, or -1 to turn it off"},
		{"[profiled-c]\nclock.moves = 10\n", "profiled.profile.toml:1: profiled-c: no game of that name in profiled.toml"},
		{"[profiled-a]\nbench = [{ position = \"4,4,4/4,4,4 S 0 0 -\", depth = 5 }]\n", "profiled.profile.toml:1: profiled-a.bench[0].position: "},
		{"[profiled-a]\nclock.moves = 0.5\n", "profiled.profile.toml:1: profiled-a.clock.moves: 0.5: the moves a clock is spread over"},
		{"[profiled-a]\nscore.lead = 2.0\n", "profiled.profile.toml:1: profiled-a.score: margin above 0"},
		{"[profiled-a]\neval.weights = \"missing.txt\"\n", "profiled.profile.toml:2: profiled-a.eval.weights: open "},
		{"[profiled-a\n", "profiled.profile.toml:2: "},
		{"[profiled-a]\nclock.moves = \"ten\"\n", "profiled.profile.toml:"},
	} {
		dir := writeFiles(t, map[string]string{"profiled.toml": profiledRules, "profiled.profile.toml": c.profile})
		before := len(board.Variants())
		_, err := board.LoadRuleFile(filepath.Join(dir, "profiled.toml"))
		if err == nil || !strings.HasPrefix(strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line starting %q", c.profile, err, c.want)
		}
		if len(board.Variants()) != before {
			t.Errorf("%q: a refused profile registered games", c.profile)
		}
	}
}

// TestProfileExampleOfTheDocs reads docs/rules-format.md's profile example beside a
// rule file of its game (renamed, with an empty weights file).
func TestProfileExampleOfTheDocs(t *testing.T) {
	doc, err := os.ReadFile("../docs/rules-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(doc), "## A profile beside the file")
	_, block, ok2 := strings.Cut(after, "```toml\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/rules-format.md has no profile example")
	}
	dir := writeFiles(t, map[string]string{
		"doc.toml":          "[doc-kalah]\nholes = 6\nseeds = 4\nstores = true\nsow.stores = \"own\"\ncapture.cross = \"always\"\nturn.extra_on_store = true\nend.row_empty = true\n",
		"doc.profile.toml":  strings.ReplaceAll(block, "kalah-6-4", "doc-kalah"),
		"doc-kalah.weights": "# no terms\n",
	})
	vs, err := board.LoadRuleFile(filepath.Join(dir, "doc.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if pr := vs[0].Profile; pr.Search.QuiesceDepth != 4 || pr.Clock.Flat != 30 || len(pr.Bench) != 1 || pr.Eval.Default != "learned" {
		t.Errorf("the example's profile: %+v %+v %+v %v", pr.Eval, pr.Search, pr.Clock, pr.Bench)
	}
}
