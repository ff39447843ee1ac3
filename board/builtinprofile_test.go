package board

import (
	"os"
	"reflect"
	"testing"
)

// TestBuiltinProfilesAreTheirFile: the five games' profiles are the tables of
// board/games/builtin.profile.toml: read again and set on each game's starting
// profile, every table gives exactly the profile the game was registered with, the
// file names no other game, and each names its learned weights in eval/weights.
func TestBuiltinProfilesAreTheirFile(t *testing.T) {
	text, err := os.ReadFile("games/builtin.profile.toml")
	if err != nil {
		t.Fatal(err)
	}
	specs, err := parseProfiles("games/builtin.profile.toml", string(text), true)
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != int(numBuiltins) {
		t.Errorf("the file has %d tables, want one for each of the %d games", len(specs), numBuiltins)
	}
	for id, name := range builtinNames {
		v := variants[id]
		spec := specs[name]
		if spec == nil {
			t.Errorf("%s: no table", name)
			continue
		}
		base := fileProfile
		if !v.Generic() {
			base = namedProfile
		}
		fresh := *v // the game as registered, but for its profile
		fresh.Profile = base(&fresh)
		got, err := spec.apply(&fresh)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(got, v.Profile) {
			t.Errorf("%s: the file's table gives\n%+v\nregistered\n%+v", name, got, v.Profile)
		}
		if v.Profile.Eval.Weights != name+".txt" || v.Profile.Eval.WeightsText != "" || v.Profile.Eval.Default != "learned" {
			t.Errorf("%s: weights %q (text %d bytes), default %q: want eval/weights/%s.txt, learned", name,
				v.Profile.Eval.Weights, len(v.Profile.Eval.WeightsText), v.Profile.Eval.Default, name)
		}
	}
}
