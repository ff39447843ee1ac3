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
// replaces the keys it names in its games' generic profiles (the evaluation, search,
// a flat clock or one by moves left, score, bench, and words) and leaves the rest;
// a folder's rule files leave it out.
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
words.phases = ["all of it"]
words.score = { unit = "points", one = "point", marks = [2, 3, 5] }
words.ends = { "no legal move" = "stuck: each took their row", "loop ending" = "again: each took their row" }

[profiled-b]
clock = { moves_left = [4, 8.5, 12], spend_alphabeta = 0.6, spend_mcts = 0.2 }
eval.default = "hand"
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
	if a.Search.SingularMargin != b.Search.SingularMargin || a.Score.WinWidth != b.Score.WinWidth || a.Eval.Default != "hand" {
		t.Errorf("profiled-a lost a generic setting: %+v %+v", a.Search, a.Score)
	}
	if a.Words.Phases[0] != "all of it" || a.Words.Score.Unit != "points" || a.Words.Score.Marks != [3]float64{2, 3, 5} ||
		len(a.Words.Ends) != 2 || a.Words.Ends[board.NoLegalMove] != "stuck: each took their row" || vs[0].EndWords(board.LoopEnding) != "again: each took their row" {
		t.Errorf("profiled-a's words: %+v", a.Words)
	}
	// profiled-b sets only its clock model: the rest stays generic.
	if strings.Join(b.Eval.Hand, " ") != "material row" || b.Eval.Default != "hand" || b.Clock.Flat != 0 || len(b.Clock.MovesLeft) != 3 ||
		b.Clock.MovesLeft[1] != 8.5 || b.Clock.SpendAlphaBeta != 0.6 || b.Clock.SpendMCTS != 0.2 || len(b.Bench) != 0 || b.Words.Score.Unit != "seeds" {
		t.Errorf("profiled-b: %+v %+v %v %+v", b.Eval, b.Clock, b.Bench, b.Words.Score)
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
		{"[profiled-a]\nclock.moves = 30\nclock.moves_left = [3, 9]\n", "profiled.profile.toml:1: profiled-a.clock: either clock.moves or clock.moves_left"},
		{"[profiled-a]\nclock.moves_left = [3, 9]\nclock.spend_alphabeta = 0.5\n", "profiled.profile.toml:1: profiled-a.clock.spend_mcts: 0: "},
		{"[profiled-a]\nclock.moves_left = [3]\nclock.spend_alphabeta = 0.5\nclock.spend_mcts = 0.2\n", "profiled.profile.toml:1: profiled-a.clock.moves_left: 2 or more"},
		{"[profiled-a]\neval.default = \"learned\"\n", "profiled.profile.toml:1: profiled-a.eval.default: \"learned\" needs eval.weights"},
		{"[profiled-a]\neval.default = \"best\"\n", "profiled.profile.toml:1: profiled-a.eval.default: \"best\": \"learned\" or \"hand\""},
		{"[profiled-a]\nwords.phases = [\"one\", \"two\"]\n", "profiled.profile.toml:1: profiled-a.words.phases: 2 names, none empty: the rules have 1 phases"},
		{"[profiled-a]\nwords.ends = { \"checkmate\" = \"mated\" }\n", "profiled.profile.toml:1: profiled-a.words.ends.checkmate: an ending's words, by its name: one of \"no legal move\","},
		{"[profiled-a]\nwords.score = { unit = \"points\", one = \"point\", marks = [2, 1, 4] }\n", "profiled.profile.toml:1: profiled-a.words.score: unit and one"},
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
