package stats

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestEloFromScore(t *testing.T) {
	// 0.75 means odds of 3:1, and 400 log10(3) = 190.8485.
	if e := Elo(0.75); !near(e, 190.8485, 1e-4) {
		t.Errorf("Elo(0.75) = %v", e)
	}
	if e := Elo(0.5); e != 0 {
		t.Errorf("Elo(0.5) = %v", e)
	}
	if !math.IsInf(Elo(1), 1) || !math.IsInf(Elo(0), -1) {
		t.Error("Elo of a perfect score is not infinite")
	}
	for _, s := range []float64{0.1, 0.33, 0.5, 0.9} {
		if got := ExpectedScore(Elo(s)); !near(got, s, 1e-12) {
			t.Errorf("ExpectedScore(Elo(%v)) = %v", s, got)
		}
	}
	// 10^(1/2) : 1 odds at +200 Elo.
	if s := ExpectedScore(200); !near(s, math.Sqrt(10)/(1+math.Sqrt(10)), 1e-12) {
		t.Errorf("ExpectedScore(200) = %v", s)
	}
}

func TestTrinomialEstimate(t *testing.T) {
	// 30-40-30: score 0.5, per-game variance 0.15, standard error sqrt(0.15/100);
	// the bounds 0.5 ± 1.96·0.03873 give ±53.158 Elo (computed by hand).
	e := WDL{W: 30, D: 40, L: 30}.Estimate()
	if e.Elo != 0 || !near(e.Margin, 53.158, 1e-3) || !near(e.Upper, 53.158, 1e-3) {
		t.Errorf("30-40-30: %+v", e)
	}
	// 60-20-20: score 0.7 (147.19 Elo), variance 0.16, margin 66.013.
	e = WDL{W: 60, D: 20, L: 20}.Estimate()
	if !near(e.Elo, 147.191, 1e-3) || !near(e.Margin, 66.013, 1e-3) {
		t.Errorf("60-20-20: %+v", e)
	}
	if e := (WDL{W: 5}).Estimate(); !math.IsInf(e.Elo, 1) || !math.IsInf(e.Margin, 1) {
		t.Errorf("5-0-0: %+v", e)
	}
	if e := (WDL{D: 4}).Estimate(); e.Elo != 0 || !math.IsInf(e.Margin, 1) {
		t.Errorf("4 draws: %+v", e)
	}
	if e := (WDL{}).Estimate(); !math.IsNaN(e.Elo) {
		t.Errorf("no games: %+v", e)
	}
}

func TestWDLAdd(t *testing.T) {
	var r WDL
	for _, p := range []float64{1, 0.5, 0, 1} {
		r.Add(p)
	}
	if r != (WDL{W: 2, D: 1, L: 1}) || r.Points() != 2.5 || r.Games() != 4 || r.Score() != 0.625 {
		t.Errorf("got %+v", r)
	}
}

// normalCDF integrates the standard normal density with Simpson's rule, a way of
// computing Φ that does not share code or formula with LOS.
func normalCDF(z float64) float64 {
	const n = 20000
	a := -12.0
	h := (z - a) / n
	pdf := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	sum := pdf(a) + pdf(z)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		sum += w * pdf(a+float64(i)*h)
	}
	return sum * h / 3
}

func TestLOS(t *testing.T) {
	r := WDL{W: 10, D: 7, L: 5}
	want := normalCDF(5 / math.Sqrt(15)) // 0.90165
	if got := r.LOS(); !near(got, want, 1e-6) || !near(got, 0.90165, 1e-5) {
		t.Errorf("LOS = %v, want %v", got, want)
	}
	if (WDL{D: 9}).LOS() != 0.5 || (WDL{W: 3, L: 3}).LOS() != 0.5 {
		t.Error("LOS without an edge is not 0.5")
	}
	if got := (WDL{L: 20, W: 2}).LOS(); got > 0.001 {
		t.Errorf("LOS of 2 wins, 20 losses = %v", got)
	}
}

func TestPentanomialEstimate(t *testing.T) {
	var p Pentanomial
	for _, pts := range []float64{0, 0.5, 1, 1, 1.5, 2, 1} {
		p.AddPair(pts)
	}
	if p != (Pentanomial{1, 1, 3, 1, 1}) || p.Pairs() != 7 {
		t.Fatalf("counts %v", p)
	}
	// [0,10,20,10,0]: mean 0.5, pair variance (10·1/16 + 10·1/16)/40 = 1/32.
	e := Pentanomial{0, 10, 20, 10, 0}.Estimate()
	se := math.Sqrt(1.0 / 32 / 40)
	want := 400 * math.Log10((0.5+z95*se)/(0.5-z95*se))
	if e.Elo != 0 || !near(e.Margin, want, 1e-9) || !near(e.Margin, 38.22, 0.01) {
		t.Errorf("estimate %+v, want margin %v", e, want)
	}
}

func TestSPRTBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	if !near(hi, math.Log(19), 1e-12) || !near(lo, -math.Log(19), 1e-12) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	if s.Decide(3) != AcceptH1 || s.Decide(-3) != AcceptH0 || s.Decide(0) != Continue {
		t.Error("Decide")
	}
	for _, bad := range []SPRT{{Elo0: 5, Elo1: 0, Alpha: .05, Beta: .05}, {Elo1: 5, Alpha: 0, Beta: .05}, {Elo1: 5, Alpha: .05, Beta: .6}} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if s.Validate() != nil {
		t.Error("valid test rejected")
	}
}

func TestLLRTwoOutcomes(t *testing.T) {
	// With only pairs won twice or lost twice, the pair score is 0 or 1, the fit with
	// mean s gives probability s to 1, and the LLR is n4 log(s1/s0) + n0 log((1-s1)/(1-s0)).
	s := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	p := Pentanomial{12, 0, 0, 0, 20}
	s0, s1 := 0.5, 1/(1+math.Pow(10, -50.0/400))
	want := 20*math.Log(s1/s0) + 12*math.Log((1-s1)/(1-s0))
	if got := s.LLR(p); !near(got, want, 1e-9) {
		t.Errorf("LLR = %v, want %v", got, want)
	}
}

func TestLLRSymmetry(t *testing.T) {
	// Counts symmetric about 1/2 and hypotheses symmetric about 0 Elo: no evidence either way.
	s := SPRT{Elo0: -10, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if got := s.LLR(Pentanomial{30, 100, 200, 100, 30}); !near(got, 0, 1e-9) {
		t.Errorf("LLR = %v, want 0", got)
	}
	// Mirroring the counts and the hypotheses negates the LLR.
	a := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}.LLR(Pentanomial{20, 90, 200, 110, 35})
	b := SPRT{Elo0: -10, Elo1: 0, Alpha: 0.05, Beta: 0.05}.LLR(Pentanomial{35, 110, 200, 90, 20})
	if !near(a, -b, 1e-9) {
		t.Errorf("mirrored LLRs %v and %v", a, b)
	}
}

func TestLLRMatchesNormalApproximation(t *testing.T) {
	// For close hypotheses and many pairs the exact LLR approaches the normal
	// approximation N (s1-s0)(2m - s0 - s1) / (2 var).
	p := Pentanomial{100, 400, 1000, 450, 120}
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	n := float64(p.Pairs())
	var m, v float64
	for i, c := range p {
		m += float64(c) * float64(i) / 4
	}
	m /= n
	for i, c := range p {
		d := float64(i)/4 - m
		v += float64(c) * d * d
	}
	v /= n
	s0, s1 := ExpectedScore(0), ExpectedScore(5)
	approx := n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
	got := s.LLR(p)
	if !near(got, approx, 0.01*math.Abs(approx)) {
		t.Errorf("LLR = %v, normal approximation %v", got, approx)
	}
	if got <= 0 {
		t.Errorf("a positive result gives LLR %v", got)
	}
}

func TestLLRDegenerateCounts(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// {0, 1, 29, 9, 0} (elo1 = 20) gave NaN in a match: the empty outer bins' terms
	// were 0 × log of a negative number.
	for _, p := range []Pentanomial{{0, 0, 50, 0, 0}, {0, 0, 0, 0, 9}, {3, 0, 0, 0, 0}, {0, 1, 29, 9, 0}} {
		if llr := s.LLR(p); math.IsNaN(llr) || math.IsInf(llr, 0) {
			t.Errorf("%v: LLR %v", p, llr)
		}
	}
	if s.LLR(Pentanomial{0, 0, 0, 0, 40}) <= 0 || s.LLR(Pentanomial{40, 0, 0, 0, 0}) >= 0 {
		t.Error("all wins or all losses point the wrong way")
	}
	if s.LLR(Pentanomial{}) != 0 {
		t.Error("no pairs gives evidence")
	}
}
