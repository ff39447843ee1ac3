package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
)

func TestExtractTwoRowGame(t *testing.T) {
	// Adji Kui I, North to move. North's row (the first) holds 3,0,1,0,12,7 = 23
	// seeds, South's 2,3,0,0,5,0 = 10; stores 6 (South) and 9 (North), 15 off the board.
	p := mustPosition(t, "adji-kui-1", "3,0,1,0,12,7/2,3,0,0,5,0 N 6 9 -")
	var x Vector
	Extract(&p, &x)
	want := map[Term]int32{
		Tempo: 1, Material: 3, MaterialLate: 3 * 15,
		RowMine: 23, RowTheirs: 10, RowLate: 13 * 15,
		BucketMine + 0: 1, BucketMine + 2: 1, BucketMine + 4: 1, BucketMine + 5: 1, // 1, 3, 7, 12
		BucketTheirs + 1: 1, BucketTheirs + 2: 1, BucketTheirs + 3: 1, // 2, 3, 5
	}
	for term := range Term(NumTerms) {
		if x[term] != want[term] {
			t.Errorf("%s = %d, want %d", term, x[term], want[term])
		}
	}
}

func TestExtractBao(t *testing.T) {
	// South to move; South's inner row (third) holds 2,1 and outer row 4; North's
	// inner row (second) holds 1, outer row nothing. Reserves 26 and 30.
	p := mustPosition(t, "bao-la-kimasai", "0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,1,0,0,0,0,0,0/4,0,0,0,0,0,0,0 S 26 30 -")
	var x Vector
	Extract(&p, &x)
	want := map[Term]int32{
		Tempo: 1, Material: (26 + 7) - (30 + 1), MaterialLate: 2 * 56,
		BucketMine + 0: 1, BucketMine + 1: 1, BucketMine + 3: 1, BucketTheirs + 0: 1,
		InnerMine: 3, InnerTheirs: 1, InnerHolesMine: 2, InnerHolesTheirs: 1,
		ReserveMine: 26, ReserveTheirs: 30,
	}
	for term := range Term(NumTerms) {
		if x[term] != want[term] {
			t.Errorf("%s = %d, want %d", term, x[term], want[term])
		}
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	var w Weights
	for i := range w {
		w[i] = int32(i*37 - 300)
	}
	got, err := ParseWeights("# a comment\n\n" + FormatWeights(w))
	if err != nil {
		t.Fatal(err)
	}
	if got != w {
		t.Errorf("round trip changed the weights:\n%v\n%v", w, got)
	}
}

func TestParseWeightsErrors(t *testing.T) {
	for in, want := range map[string]string{
		"material 100\nsmell 3\n": "line 2: unknown term",
		"material 1.5\n":          "not an integer",
		"material\n":              "want \"term weight\"",
		// A line longer than the scanner's 64 KiB buffer ends the text early: an
		// error, not the weights before it.
		"material 100\n# " + strings.Repeat("x", 70000) + "\nmaterial 5\n": "line 2: bufio.Scanner: token too long",
	} {
		if _, err := ParseWeights(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseWeights(%.60q) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestLearnedDefaultsHaveWeights(t *testing.T) {
	for _, v := range board.Variants() {
		if Default(v)&Learned == 0 || v.Profile.Eval.WeightsText != "" {
			continue // a profile file's weights are whatever its author gave
		}
		// A fitted file weighs the buckets; a missing one leaves every weight 0.
		if w := LearnedWeights(v); w[BucketMine] == 0 && w[BucketTheirs] == 0 {
			t.Errorf("%s uses the learned evaluation but has no weights", v.Name)
		}
	}
}

func TestLearnedScore(t *testing.T) {
	var w Weights
	w[Material] = 100 * WeightScale
	w[RowMine] = 8 // half a centiseed per seed
	x := Vector{Material: -2, RowMine: 5}
	// -2 seeds and 5 half-centiseeds: -197.5, truncated toward zero.
	if got := w.Score(&x); got != -197 {
		t.Errorf("score %d, want -197", got)
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	for _, v := range board.Variants() {
		p := v.StartPosition()
		for _, f := range []Features{All, Learned} {
			if n := testing.AllocsPerRun(100, func() { f.Evaluate(&p) }); n != 0 {
				t.Errorf("%s features %b: %v allocations per evaluation", v.Name, f, n)
			}
		}
	}
}

// gamePositions returns the positions of random games of v, n at most.
func gamePositions(v *board.Variant, n int) []board.Position {
	rng := rand.New(rand.NewPCG(3, uint64(v.ID)))
	var out []board.Position
	for len(out) < n {
		g := board.NewGame(v.StartPosition())
		for !g.Result().Over() && len(out) < n {
			p := g.Position()
			out = append(out, p)
			var ml board.MoveList
			p.LegalMoves(&ml)
			if ml.N == 0 || g.Play(ml.Moves[rng.IntN(ml.N)]) != nil {
				break
			}
		}
	}
	return out
}

// BenchmarkEvaluateHandVsLearned times both evaluations over the same positions of
// random games; compare the two in one run.
func BenchmarkEvaluateHandVsLearned(b *testing.B) {
	for _, v := range board.Variants() {
		positions := gamePositions(v, 1024)
		for _, e := range []struct {
			name string
			f    Features
		}{{"hand", Hand(v)}, {"learned", Learned}} {
			b.Run(v.Name+"/"+e.name, func(b *testing.B) {
				i := 0
				for b.Loop() {
					e.f.Evaluate(&positions[i&1023])
					i++
				}
			})
		}
	}
}

// TestScorerMatchesExtract checks the one-pass scorer against the weighted terms of
// Extract in positions of random games, with random weights.
func TestScorerMatchesExtract(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range board.Variants() {
		var w Weights
		for i := range w {
			w[i] = int32(rng.IntN(4001) - 2000)
		}
		sc := newScorer(v, w)
		for game := 0; game < 20; game++ {
			g := board.NewGame(v.StartPosition())
			for ply := 0; ply < 200 && !g.Result().Over(); ply++ {
				p := g.Position()
				var x Vector
				Extract(&p, &x)
				if a, b := sc.score(&p), w.Score(&x); a != b {
					t.Fatalf("%s %s: scorer %d, terms %d", v.Name, p, a, b)
				}
				var ml board.MoveList
				p.LegalMoves(&ml)
				if ml.N == 0 {
					break
				}
				if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// FuzzParseWeights checks that any text either fails with an error or gives weights
// that survive a round trip through FormatWeights.
func FuzzParseWeights(f *testing.F) {
	f.Add("material 1600\n")
	f.Add("# comment\ntempo -3\nbucket-12+-theirs 99\n")
	f.Add("material 99999999999\n")
	f.Add("row-mine\t7\r\n")
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWeights(s)
		if err != nil {
			return
		}
		again, err := ParseWeights(FormatWeights(w))
		if err != nil || again != w {
			t.Errorf("round trip of %q: %v, %v", s, again, err)
		}
	})
}
