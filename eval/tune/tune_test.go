package tune

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
	"mancala/eval"
)

// synthetic draws n samples whose results follow the model truth, from seed.
func synthetic(truth Model, n int, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]Sample, n)
	for i := range out {
		s := &out[i]
		s.X[eval.Tempo] = 1
		s.X[eval.Material] = int32(rng.IntN(21) - 10)
		s.X[eval.RowMine] = int32(rng.IntN(30))
		s.X[eval.RowTheirs] = int32(rng.IntN(30))
		if rng.Float64() < truth.Predict(&s.X) {
			s.Result = 1
		}
	}
	return out
}

func TestFitRecoversTheModel(t *testing.T) {
	var truth Model
	truth.Coef[eval.Tempo] = 0.2
	truth.Coef[eval.Material] = 0.3
	truth.Coef[eval.RowMine] = 0.05
	truth.Coef[eval.RowTheirs] = -0.08
	m, err := Fit(synthetic(truth, 40000, 7), 0.01, 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, term := range []eval.Term{eval.Tempo, eval.Material, eval.RowMine, eval.RowTheirs} {
		if d := math.Abs(m.Coef[term] - truth.Coef[term]); d > 0.03 {
			t.Errorf("%s: fitted %.4f, true %.4f", term, m.Coef[term], truth.Coef[term])
		}
	}
	// Terms that never vary are left at zero.
	if m.Coef[eval.InnerMine] != 0 {
		t.Errorf("a constant term got coefficient %g", m.Coef[eval.InnerMine])
	}
}

func TestFitIsDeterministic(t *testing.T) {
	var truth Model
	truth.Coef[eval.Material] = 0.3
	a, err1 := Fit(synthetic(truth, 2000, 3), 1, 10)
	b, err2 := Fit(synthetic(truth, 2000, 3), 1, 10)
	if err1 != nil || err2 != nil || a != b {
		t.Errorf("two fits of the same samples differ: %v %v / %v %v", a.Coef, err1, b.Coef, err2)
	}
}

func TestFitLowersTheLoss(t *testing.T) {
	var truth Model
	truth.Coef[eval.Material] = 0.4
	samples := synthetic(truth, 5000, 5)
	m, err := Fit(samples, 1, 20)
	if err != nil {
		t.Fatal(err)
	}
	var half Model
	if m.Loss(samples) >= half.Loss(samples) {
		t.Errorf("fitted loss %.4f is not below the constant model's %.4f", m.Loss(samples), half.Loss(samples))
	}
}

func TestWeightsInCentiseeds(t *testing.T) {
	var m Model
	m.Coef[eval.Material] = 0.25
	m.Coef[eval.RowMine] = 0.05
	w, err := m.Weights(0.0025) // 0.0025 log-odds per centiseed: 100 per 0.25
	if err != nil {
		t.Fatal(err)
	}
	if w[eval.Material] != 100*eval.WeightScale || w[eval.RowMine] != 20*eval.WeightScale {
		t.Errorf("material %d, row %d; want %d and %d", w[eval.Material], w[eval.RowMine], 100*eval.WeightScale, 20*eval.WeightScale)
	}
	if _, err := m.Weights(-1); err == nil {
		t.Error("a negative scale gave weights")
	}
	m.Coef[eval.Material] = 1e6
	if _, err := m.Weights(0.0025); err == nil {
		t.Error("an overflowing weight was accepted")
	}
}

func TestHandScaleRecoversTheScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	const k = 0.004
	samples := make([]Sample, 20000)
	for i := range samples {
		samples[i].Hand = rng.IntN(2001) - 1000
		if rng.Float64() < 1/(1+math.Exp(-k*float64(samples[i].Hand))) {
			samples[i].Result = 1
		}
	}
	got, err := HandScale(samples)
	if err != nil || math.Abs(got-k) > 0.0005 {
		t.Errorf("HandScale = %g, %v; want about %g", got, err, k)
	}
	if HandLoss(samples, got) >= HandLoss(samples, 0) {
		t.Errorf("the fitted scale does not lower the loss")
	}
}

func TestRead(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	samples, err := Read(strings.NewReader("3,0,1,0,12,7/2,3,0,0,5,0 N 6 9 -\t0.5\n"), v)
	if err != nil || len(samples) != 1 {
		t.Fatalf("Read: %d samples, %v", len(samples), err)
	}
	if s := samples[0]; s.Result != 0.5 || s.X[eval.Material] != 3 || s.X[eval.RowMine] != 23 {
		t.Errorf("sample %+v", s)
	}
	for in, want := range map[string]string{
		"3,0,1,0,12,7/2,3,0,0,5,0 N 6 9 -\n":     "line 1: want position<TAB>result",
		"3,0,1,0,12,7/2,3,0,0,5,0 N 6 9 -\t2\n":  "not a number from 0 to 1",
		"x\t1\n":                                 "line 1:",
		"3,0,1,0,12,7/2,3,0,0,5,0 N 6 9 -\t1\nx": "line 2:",
	} {
		if _, err := Read(strings.NewReader(in), v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read(%q) = %v, want an error containing %q", in, err, want)
		}
	}
}

func TestSplitKeepsEverySample(t *testing.T) {
	samples := make([]Sample, 100)
	for i := range samples {
		samples[i].Result = float64(i) / 100
	}
	train, valid := Split(samples, 0.2)
	if len(train) != 80 || len(valid) != 20 {
		t.Fatalf("split %d/%d, want 80/20", len(train), len(valid))
	}
	if train[79].Result != 0.79 || valid[0].Result != 0.80 {
		t.Errorf("the held-back samples are not the last ones: %v, %v", train[79], valid[0])
	}
}
