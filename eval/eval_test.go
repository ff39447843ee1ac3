package eval

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

func mustPosition(t *testing.T, variant, s string) board.Position {
	t.Helper()
	v, err := board.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// rotated returns the notation of p turned half round with the players swapped: the
// same game seen from the other side.
func rotated(t *testing.T, s string) string {
	t.Helper()
	f := strings.Split(s, " ")
	rows := strings.Split(f[0], "/")
	slices.Reverse(rows)
	for i, r := range rows {
		cells := strings.Split(r, ",")
		slices.Reverse(cells)
		rows[i] = strings.Join(cells, ",")
	}
	side := map[string]string{"S": "N", "N": "S"}[f[1]]
	return strings.Join([]string{strings.Join(rows, "/"), side, f[3], f[2], f[4]}, " ")
}

func TestEvaluationIsSymmetric(t *testing.T) {
	positions := []struct{ variant, pos string }{
		{"je-ki-n-je", "2,13,1,0,2,2/9,0,2,7,1,0 S 0 9 -"},
		{"je-ki-n-je", "4,1,2,0,1,1/2,4,0,0,3,8 N 16 6 -"},
		{"adji-kui-1", "8,2,0,7,0,1/1,1,0,0,8,8 S 3 9 -"},
		{"adji-boto", "16,13,5,2,8/2,2,21,19,6 S 5 1 -"},
		{"bao-la-kimasai", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *"},
		{"bao-la-kimasai", "5,2,3,1,1,1,0,1/1,0,1,4,3,0,1,4/5,0,3,1,2,0,0,1/0,7,0,3,1,1,0,3 S 5 4 -"},
	}
	for _, tc := range positions {
		p := mustPosition(t, tc.variant, tc.pos)
		q := mustPosition(t, tc.variant, rotated(t, tc.pos))
		for _, f := range []Features{0, Row, Mobility, Inner, All, Learned} {
			if a, b := f.Evaluate(&p), f.Evaluate(&q); a != b {
				t.Errorf("%s %q features %b: %d, rotated %d", tc.variant, tc.pos, f, a, b)
			}
		}
		if Evaluate(&p) != Default(p.Variant()).Evaluate(&p) {
			t.Errorf("Evaluate does not use the game's default features")
		}
	}
}

func TestMaterial(t *testing.T) {
	south := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 S 20 22 -")
	north := mustPosition(t, "je-ki-n-je", "1,1,0,0,0,0/2,1,0,0,1,0 N 20 22 -")
	if got := Features(0).Evaluate(&south); got != -200 {
		t.Errorf("South, two seeds behind: %d, want -200", got)
	}
	if got := Features(0).Evaluate(&north); got != 200 {
		t.Errorf("North, two seeds ahead: %d, want 200", got)
	}
	// Bao la Kimasai: cows on the board and in reserve count alike.
	bao := mustPosition(t, "bao-la-kimasai", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/2,0,0,0,0,0,0,0 S 22 24 -")
	if got := Features(0).Evaluate(&bao); got != 0 {
		// South: 10 on the board + 22 in reserve; North: 8 + 24.
		t.Errorf("Bao material %d, want 0", got)
	}
}

// TestChildSeedsAreTheOwners: in Toguz Kumalak a child (North's at b1, on South's
// row) holds seeds that are its owner's material, not seeds of the row it lies on.
func TestChildSeedsAreTheOwners(t *testing.T) {
	p := mustPosition(t, "toguz-kumalak-toguz-kumalak-6", "8,1,4,0,1,0/0,11n,7,1,0,1 S 30 8 -")
	// South: 30 stored, 9 on its row without the child; North: 8 stored and 11 in
	// its child, 14 on its row.
	if got := Features(0).Evaluate(&p); got != 1100 {
		t.Errorf("material %d, want 1100 (30 against 8 + 11)", got)
	}
	if got := Row.Evaluate(&p); got != 1100+rowWeight*(9-14) {
		t.Errorf("material and row %d, want %d", got, 1100+rowWeight*(9-14))
	}
	// The same seen from the other side: South's child on North's row.
	q := mustPosition(t, "toguz-kumalak-toguz-kumalak-6", "1,0,1,7,11s,0/0,1,0,4,1,8 N 8 30 -")
	if a, b := Row.Evaluate(&p), Row.Evaluate(&q); a != b {
		t.Errorf("rotated: %d, want %d", b, a)
	}
}

func TestFeatureTerms(t *testing.T) {
	// Adji Kui I, South to move: 5 seeds on South's row, 3 on North's; playable
	// holes (two or more seeds): South 2 (a1, b1), North 1 (a2).
	p := mustPosition(t, "adji-kui-1", "3,0,0,0,0,0/2,3,0,0,0,0 S 20 20 -")
	if got := Row.Evaluate(&p); got != 2*rowWeight {
		t.Errorf("row term %d, want %d", got, 2*rowWeight)
	}
	if got := Mobility.Evaluate(&p); got != mobilityWeight {
		t.Errorf("mobility term %d, want %d", got, mobilityWeight)
	}
	// Bao la Kimasai, South to move: South owns 33 cows and has 3 inner cows,
	// North owns 31 and has 1 inner cow.
	b := mustPosition(t, "bao-la-kimasai", "0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 30 30 -")
	if got := Inner.Evaluate(&b); got != 200+2*innerWeight {
		t.Errorf("inner term %d, want %d", got, 200+2*innerWeight)
	}
}

// TestAppliesTo checks which features mean something in which game, and that a
// feature said not to apply indeed never changes an evaluation.
func TestAppliesTo(t *testing.T) {
	want := map[string][3]bool{ // Row, Mobility, Inner
		"je-ki-n-je":     {true, true, false},
		"adji-kui-1":     {true, true, false},
		"adji-boto":      {true, true, false},
		"bao-la-kimasai": {false, true, true},
	}
	positions := map[string]string{
		"je-ki-n-je":     "2,13,1,0,2,2/9,0,2,7,1,0 S 0 9 -",
		"adji-kui-1":     "8,2,0,7,0,1/1,1,0,0,8,8 S 3 9 -",
		"adji-boto":      "16,13,5,2,8/2,2,21,19,6 S 5 1 -",
		"bao-la-kimasai": "5,2,3,1,1,1,0,1/1,0,1,4,3,0,1,4/5,0,3,1,2,0,0,1/0,7,0,3,1,1,0,3 S 5 4 -",
	}
	for name, w := range want {
		p := mustPosition(t, name, positions[name])
		for i, f := range []Features{Row, Mobility, Inner} {
			if got := f.AppliesTo(p.Variant()); got != w[i] {
				t.Errorf("%s: feature %b applies %v, want %v", name, f, got, w[i])
			}
			if !w[i] && f.Evaluate(&p) != Features(0).Evaluate(&p) {
				t.Errorf("%s: feature %b said not to apply changes the evaluation", name, f)
			}
		}
		if Features(0).AppliesTo(p.Variant()) || !All.AppliesTo(p.Variant()) {
			t.Errorf("%s: no features apply, or all do not", name)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for _, v := range board.Variants() {
		b.Run(v.Name, func(b *testing.B) {
			p := v.StartPosition()
			for b.Loop() {
				Evaluate(&p)
			}
		})
	}
}

// TestProfilesNameTheFeatures checks that each game's evaluation comes from its
// profile: Hand is the profile's list of terms, Default the learned evaluation
// where the profile says so, and an unknown term name is refused.
func TestProfilesNameTheFeatures(t *testing.T) {
	for _, v := range board.Variants() {
		want := Features(0)
		for _, name := range v.Profile.Eval.Hand[1:] {
			for _, h := range HandFeatures {
				if h.Name == name {
					want |= h.F
				}
			}
		}
		if Hand(v) != want {
			t.Errorf("%s: Hand %b, the profile says %v (%b)", v.Name, Hand(v), v.Profile.Eval.Hand, want)
		}
		if learned := v.Profile.Eval.Default == "learned"; (Default(v) == Learned) != learned || !learned && Default(v) != want {
			t.Errorf("%s: Default %b, the profile says %q", v.Name, Default(v), v.Profile.Eval.Default)
		}
	}
	if _, err := ParseFeatures([]string{"material", "rows"}); err == nil || !strings.Contains(err.Error(), `"rows"`) {
		t.Errorf("an unknown term: %v", err)
	}
	if f, err := ParseFeatures([]string{"material", "inner", "row"}); err != nil || f != Inner|Row {
		t.Errorf("material, inner, row: %b, %v", f, err)
	}
}

// TestProfileFileEvaluation: a profile file beside a rule file may give a game
// hand-set terms or learned weights (a weights file beside it); eval checks the
// names when the file is read, so a bad one refuses the file in one line, and the
// weights it gives are the ones the game plays.
func TestProfileFileEvaluation(t *testing.T) {
	rules := "[weighed]\nholes = 3\nseeds = 2\nstores = true\ncapture.counts = [2, 3]\n"
	for _, c := range []struct{ profile, weights, want string }{
		{"[weighed]\neval.terms = [\"row\", \"speed\"]\n", "", `unknown evaluation term "speed"`},
		{"[weighed]\neval.weights = \"w.txt\"\n", "tempo lots\n", `weights: line 1: weight "lots" is not an integer`},
	} {
		dir := t.TempDir()
		for name, text := range map[string]string{"weighed.toml": rules, "weighed.profile.toml": c.profile, "w.txt": c.weights} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := board.LoadRuleFile(filepath.Join(dir, "weighed.toml")); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.profile, err, c.want)
		}
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"weighed.toml": rules, "weighed.profile.toml": "[weighed]\neval.weights = \"w.txt\"\n",
		"w.txt": "# a tempo of one seed\ntempo 1600\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vs, err := board.LoadRuleFile(filepath.Join(dir, "weighed.toml"))
	if err != nil {
		t.Fatal(err)
	}
	p := vs[0].StartPosition()
	if Default(vs[0]) != Learned || Evaluate(&p) != 100 || Hand(vs[0]).Evaluate(&p) != 0 {
		t.Errorf("the learned weights: default %v, evaluation %d (hand %d), want learned, 100 and 0", Default(vs[0]), Evaluate(&p), Hand(vs[0]).Evaluate(&p))
	}
}
