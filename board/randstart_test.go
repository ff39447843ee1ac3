package board_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
)

// TestStartRandom: start_random = "at-least-two" keeps the game's fixed start for
// startpos and deals new starts from a rand.Rand: the seeds of the start, at least
// two a hole where they make two a hole, the same seed giving the same deal.
func TestStartRandom(t *testing.T) {
	vs := loadRules(t, `
[dealt]
holes = 6
seeds = 5
start = "11,4,3,4,15,7/3,3,7,3,3,7 S 0 0 -"
start_random = "at-least-two"
[sparse]
holes = 3
seeds = 1
start_random = "at-least-two"
[fixed]
holes = 3
seeds = 1
`)
	dealt, sparse, fixed := vs[0], vs[1], vs[2]
	if !dealt.DrawsStart() || !sparse.DrawsStart() || fixed.DrawsStart() {
		t.Fatalf("DrawsStart: %v %v %v, want true true false", dealt.DrawsStart(), sparse.DrawsStart(), fixed.DrawsStart())
	}
	if p := dealt.StartPosition(); p.String() != "11,4,3,4,15,7/3,3,7,3,3,7 S 0 0 -" || dealt.Seeds != 70 {
		t.Errorf("dealt's fixed start %q, %d seeds; want the file's, 70", p.String(), dealt.Seeds)
	}
	// rules-format.md's example: the seed after the fixed start's.
	if p := dealt.DrawStart(rand.New(rand.NewPCG(2, 0))); p.String() != "7,3,2,6,3,11/6,3,6,8,6,9 S 0 0 -" {
		t.Errorf("seed 2 deals %q, want the docs' 7,3,2,6,3,11/6,3,6,8,6,9 S 0 0 -", p.String())
	}
	seen := map[string]bool{}
	for seed := range uint64(200) {
		for _, v := range []*board.Variant{dealt, sparse} {
			p := v.DrawStart(rand.New(rand.NewPCG(seed, 0)))
			least, total := 0, 0
			if v == dealt {
				least = 2
			}
			for h := range v.Holes() {
				if n := p.Seeds(h); n < least {
					t.Fatalf("%s seed %d: %q holds %d in hole %d, want %d or more", v.Name, seed, p.String(), n, h, least)
				} else {
					total += n
				}
			}
			if total != v.Seeds || p.SideToMove() != board.South || p.Store(board.South)+p.Store(board.North) != 0 {
				t.Fatalf("%s seed %d: %q: %d seeds, want %d, South to move, no stores", v.Name, seed, p.String(), total, v.Seeds)
			}
			if again := v.DrawStart(rand.New(rand.NewPCG(seed, 0))); again.String() != p.String() {
				t.Fatalf("%s seed %d: %q then %q", v.Name, seed, p.String(), again.String())
			}
			if _, err := v.ParsePosition(p.String()); err != nil {
				t.Fatalf("%s seed %d: %q: %v", v.Name, seed, p.String(), err)
			}
			if v == dealt {
				seen[p.String()] = true
			}
		}
	}
	if len(seen) < 190 {
		t.Errorf("200 seeds dealt only %d different starts", len(seen))
	}
	// Each hole alike: over the deals, every hole's mean is near 70/12.
	var sum [12]int
	rng := rand.New(rand.NewPCG(7, 7))
	for range 3000 {
		p := dealt.DrawStart(rng)
		for h := range 12 {
			sum[h] += p.Seeds(h)
		}
	}
	for h, s := range sum {
		if m := float64(s) / 3000; m < 5.5 || m > 6.2 {
			t.Errorf("hole %d holds %.2f on average, want about 5.83", h, m)
		}
	}
}

// TestStartRandomRefused: an unknown draw, and a draw in a game in rounds (each
// round would begin with a new one), are refused with one line.
func TestStartRandomRefused(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"start_random = \"uniform\"", `start_random: "uniform" is not one of "", "at-least-two"`},
		{"start_random = \"at-least-two\"\nround.fill = \"left\"", "start_random: a game in rounds would begin each round with a new draw"},
	} {
		_, err := board.LoadRules("r.toml", "[g]\nholes = 6\nseeds = 4\nstores = true\n"+c.text+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line with %q", c.text, err, c.want)
		}
	}
}
