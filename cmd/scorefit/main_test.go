package main

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
	"mancala/tablebase"
)

// readBack parses every line of out as a sample.
func readBack(t *testing.T, out string) []sample {
	t.Helper()
	var ss []sample
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		s, err := parseSample(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if s.String() != l {
			t.Errorf("%q written back as %q", l, s.String())
		}
		ss = append(ss, s)
	}
	return ss
}

// TestTableSamplesAreTheTablesMargins: every table sample is a position the table
// knows exactly with lo..hi seeds on the board, labelled with its exact final margin
// (store lead plus the table's value) and the result's sign, and reads back as
// written.
func TestTableSamplesAreTheTablesMargins(t *testing.T) {
	v := board.AdjiKui1.Get()
	tb, err := tablebase.Build(v, 8, tablebase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tableSamples(&out, tb, 6, 8, 4, 30, 4, rand.New(rand.NewPCG(1, 2))); err != nil {
		t.Fatal(err)
	}
	ss := readBack(t, out.String())
	if len(ss) != 30 {
		t.Fatalf("%d samples, want 30", len(ss))
	}
	for _, s := range ss {
		lo, hi, ok := tb.Probe(&s.pos)
		k := s.pos.SeedsOnBoard()
		if !ok || lo != hi || k < 6 || k > 8 || s.source != "table" || s.margin != storeLead(&s.pos)+lo || s.result != sign(s.margin) {
			t.Errorf("%s: %d seeds, table %d..%d, sample margin %d result %d", s.pos.String(), k, lo, hi, s.margin, s.result)
		}
	}
}

// TestGameSamplesCarryTheGamesOutcome: the samples of one self-play game are labelled
// with its final margin from each mover's side (opposite for the two sides) and a
// result of the margin's sign.
func TestGameSamplesCarryTheGamesOutcome(t *testing.T) {
	var out bytes.Buffer
	if err := gameSamples(&out, board.AdjiKui1.Get(), 1, search.Limits{Depth: 2}, rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatal(err)
	}
	ss := readBack(t, out.String())
	if len(ss) < 10 {
		t.Fatalf("%d samples from a game", len(ss))
	}
	southMargin := ss[0].margin
	if ss[0].pos.SideToMove() == board.North {
		southMargin = -southMargin
	}
	for _, s := range ss {
		want := southMargin
		if s.pos.SideToMove() == board.North {
			want = -want
		}
		if s.source != "games" || s.margin != want || s.result != sign(want) {
			t.Errorf("%s: margin %d result %d, want %d", s.pos.String(), s.margin, s.result, want)
		}
	}
}

// TestFitFindsAKnownScale: samples whose truth is exactly the profile's form at
// known parameters are fitted back to those parameters with no error.
func TestFitFindsAKnownScale(t *testing.T) {
	v := board.JeKiNJe.Get()
	rng := rand.New(rand.NewPCG(5, 6))
	var samples []sample
	for _, src := range []string{"table", "games"} {
		for range 200 {
			g, _ := board.RandomOpening(v.StartPosition(), 2+rng.IntN(30), rng)
			p := g.Position()
			value := rng.IntN(4001) - 2000
			margin := float64(storeLead(&p)) + float64(p.SeedsOnBoard())*tanhOf(0.6*float64(value)/100-float64(storeLead(&p)), float64(p.SeedsOnBoard()))
			samples = append(samples, sample{variant: v, source: src, pos: p, margin: int(math.Round(margin))})
			samples[len(samples)-1].score.Value = value
		}
	}
	var out bytes.Buffer
	if err := fit(&out, samples); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Margin 0.60 Lead 1.00 Reach 0;") {
		t.Errorf("fit did not find Margin 0.6, Lead 1, Reach 0:\n%s", out.String())
	}
}

// tanhOf is tanh(x/b), the form's bounded part.
func tanhOf(x, b float64) float64 {
	if b == 0 {
		return 0
	}
	return math.Tanh(x / b)
}

// TestBrierAndReliability: the Brier score is 0 for a certain right prediction, 0.5
// for even chances of a win and a loss, 2 for a certain wrong one; the reliability
// table puts each position in the bin of its predicted win and counts what happened.
func TestBrierAndReliability(t *testing.T) {
	v := board.JeKiNJe.Get()
	pr := board.ScoreProfile{WinAt: 0, WinWidth: 100}
	at := func(value, result int) *sample {
		return &sample{variant: v, source: "games", pos: v.StartPosition(), score: words.Score{Value: value}, result: result}
	}
	for _, c := range []struct {
		s    *sample
		want float64
	}{{at(5000, 1), 0}, {at(0, 1), 0.5}, {at(0, -1), 0.5}, {at(-5000, 1), 2}} {
		if got := brier([]*sample{c.s}, pr); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("value %d result %d: Brier %.4f, want %.4f", c.s.score.Value, c.s.result, got, c.want)
		}
	}
	if got := brierOfFrequencies([]*sample{at(0, 1), at(0, -1)}, []*sample{at(0, 1)}); math.Abs(got-0.5) > 1e-9 {
		t.Errorf("Brier of frequencies half won, half lost: %.4f, want 0.5", got)
	}
	var out bytes.Buffer
	reliability(&out, []*sample{at(0, 1), at(0, -1), at(5000, 1)}, pr)
	for _, row := range []string{"| 40-60% | 2 | 50.0% | 50.0% | 0.0% | 0.0% |", "| 99.9-100% | 1 | 100.0% | 100.0% | 0.0% | 0.0% |"} {
		if !strings.Contains(out.String(), row) {
			t.Errorf("reliability table lacks %q:\n%s", row, out.String())
		}
	}
}
