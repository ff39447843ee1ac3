package board

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestEveryGameHasACompleteProfile checks that no game's profile lacks a setting
// (init refuses such a game too), and that every bench position of a profile is a
// position of its game.
func TestEveryGameHasACompleteProfile(t *testing.T) {
	for _, v := range Variants() {
		if v.ID >= numBuiltins {
			// A game of the other files has the generic profile, complete but for
			// the bench, which signs only the games of builtin.toml.
			err := v.Profile.Check()
			if err == nil || err.Error() != "Bench is not set" {
				t.Errorf("%s: the check of a rule file's profile says %v, want only the missing bench", v.Name, err)
			}
			continue
		}
		if err := v.Profile.Check(); err != nil {
			t.Errorf("%s: %v", v.Name, err)
		}
		for _, b := range v.Profile.Bench {
			if _, err := v.ParsePosition(b.Position); err != nil {
				t.Errorf("%s: bench position %q: %v", v.Name, b.Position, err)
			}
		}
		if v.Profile.Bench[0].Position != v.Start {
			t.Errorf("%s: the bench starts from %q, not the start position", v.Name, v.Profile.Bench[0].Position)
		}
	}
}

// TestProfileCheckNamesWhatIsMissing checks that an empty profile is refused with
// every part named, and that a profile with one part missing is refused for it.
func TestProfileCheckNamesWhatIsMissing(t *testing.T) {
	err := (&Profile{}).Check()
	if err == nil {
		t.Fatal("an empty profile passed the check")
	}
	for _, part := range []string{"Eval.Hand", "Eval.Default", "Eval.Weights", "Search.FutilityMargin",
		"Search.SingularMargin", "Search.QuiesceDepth", "Clock", "Bench", "Words.Phases", "Words.Ends", "Words.Score"} {
		if !strings.Contains(err.Error(), part) {
			t.Errorf("the check of an empty profile does not name %s: %v", part, err)
		}
	}
	for name, spoil := range map[string]func(*Profile){
		"Search.QuiesceDepth": func(pr *Profile) { pr.Search.QuiesceDepth = 0 },
		"Clock":               func(pr *Profile) { pr.Clock.Flat = 30 }, // both a flat spread and a table
		"Eval.Default":        func(pr *Profile) { pr.Eval.Default = "learnt" },
		"Words.Phases":        func(pr *Profile) { pr.Words.Phases = []string{""} },
		"Words.Score":         func(pr *Profile) { pr.Words.Score.Marks = [3]float64{1, 4, 2} },
	} {
		pr := variants[JeKiNJe].Profile
		pr.Clock.MovesLeft = slices.Clone(pr.Clock.MovesLeft) // spoil a copy, not the game's
		spoil(&pr)
		if err := pr.Check(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("spoiling %s: check says %v", name, err)
		}
	}
}

// TestPhasesAndEndingsHaveWords plays random games of every game and checks that each
// position's phase has a name in the profile, that the games pass through every
// phase the profile names, and that every way a game ended has words (a game in
// rounds, which may never end, need not end).
func TestPhasesAndEndingsHaveWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, v := range Variants() {
		phases := map[string]bool{}
		ends := map[Reason]bool{}
		games := 200
		if v.PlaysRounds() {
			games = 20 // most random games in rounds play to the 2,000 plies, some never end
		}
		for range games {
			g := NewGame(v.StartPosition())
			for ply := 0; ply < 2000 && !g.Result().Over(); ply++ {
				p := g.Position()
				phases[p.Phase()] = true
				var ml MoveList
				p.LegalMoves(&ml)
				if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
			}
			if r := g.Result(); r.Over() {
				ends[r.Reason] = true
				if v.EndWords(r.Reason) == "" {
					t.Errorf("%s: a game ended by %s, which the profile has no words for", v.Name, r.Reason)
				}
			}
		}
		for _, name := range v.Profile.Words.Phases {
			if !phases[name] {
				t.Errorf("%s: no random game reached the phase %q", v.Name, name)
			}
		}
		if len(ends) == 0 && !v.PlaysRounds() {
			t.Errorf("%s: no random game ended", v.Name)
		}
	}
}

// TestAGameWithoutRulesStops checks that a position of a game no switch lists stops
// the program instead of being played by another game's rules.
func TestAGameWithoutRulesStops(t *testing.T) {
	p := Position{variant: MaxVariants - 1} // never registered in a test
	for name, ask := range map[string]func(){
		"MayBeOver": func() { p.MayBeOver() },
		"Generate":  func() { var cl ChildList; p.Generate(&cl) },
		"mayPass":   func() { p.mayPass() },
		"decided":   func() { p.decided() },
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || !strings.Contains(s, "no rules for variant") {
					t.Errorf("%s on an unknown game: recovered %v, want the no-rules panic", name, r)
				}
			}()
			ask()
		}()
	}
}

// TestIrreversibleKeyNeverReturns checks the property repetition trackers rely on:
// along random games of every game, once the key changes it never takes an earlier
// value again (within a round, in a game of rounds), and positions with equal keys have equal stores (reserves) and, in
// the games written in Go, state (a rule file's state comes and goes); in a game
// whose stores may shrink (CapturesStores) the key leaves the stores out.
func TestIrreversibleKeyNeverReturns(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, v := range Variants() {
		for range 100 {
			g := NewGame(v.StartPosition())
			left := map[uint64]bool{}
			last := g.Position()
			for ply := 0; ply < 2000 && !g.Result().Over(); ply++ {
				var ml MoveList
				last.LegalMoves(&ml)
				if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
				p := g.Position()
				k, was := p.IrreversibleKey(), last.IrreversibleKey()
				if k == was && (p.stores != last.stores && !v.CapturesStores() || p.state != last.state && !v.Generic()) {
					t.Fatalf("%s: %s and %s differ in stores or state but share a key", v.Name, &last, &p)
				}
				if p.RoundBegun() { // a round begins afresh: keys of earlier rounds may return
					clear(left)
				} else if k != was {
					left[was] = true
					if left[k] {
						t.Fatalf("%s: the key of %s returned after it changed", v.Name, &p)
					}
				}
				last = p
			}
		}
	}
}
