package stats

import (
	"fmt"
	"math"
)

// SPRT is a sequential probability ratio test between H0: the Elo difference is Elo0
// and H1: it is Elo1 (logistic Elo), with error rates Alpha (accepting H1 when H0
// holds) and Beta (accepting H0 when H1 holds).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Validate checks that the test is well formed.
func (t SPRT) Validate() error {
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("sprt: elo0 (%g) must be less than elo1 (%g)", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha < 0.5), !(t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("sprt: alpha and beta must lie strictly between 0 and 0.5")
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return fmt.Errorf("sprt: elo bounds must lie within ±1000")
	}
	return nil
}

// Bounds returns the log-likelihood-ratio bounds: below lower H0 is accepted, above
// upper H1 is accepted (Wald: log(β/(1-α)) and log((1-β)/α)).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Verdict is the state of an SPRT.
type Verdict int

// The possible verdicts.
const (
	Continue Verdict = iota // no decision yet
	AcceptH0                // the difference is at most Elo0
	AcceptH1                // the difference is at least Elo1
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares an LLR with the bounds.
func (t SPRT) Decide(llr float64) Verdict {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// LLR is the generalized log-likelihood ratio of the pentanomial counts for H1
// against H0. Under each hypothesis the distribution of pair scores is the maximum
// likelihood fit to the counts whose mean is that hypothesis's expected score; the
// LLR is the log of the ratio of the two fits' likelihoods. Empty bins are given a
// tiny weight when a hypothesis's score lies outside the observed scores, so that a
// fit exists.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	s0, s1 := ExpectedScore(t.Elo0), ExpectedScore(t.Elo1)
	var n [5]float64
	lo, hi := 4, 0
	for i, c := range p {
		n[i] = float64(c)
		if c > 0 {
			lo, hi = min(lo, i), max(hi, i)
		}
	}
	inside := func(s float64) bool { return pairScore(lo) < s && s < pairScore(hi) }
	if !inside(s0) || !inside(s1) {
		for i := range n {
			if n[i] == 0 {
				n[i] = 1e-3
			}
		}
	}
	var llr float64
	th0, th1 := fitTheta(n, s0), fitTheta(n, s1)
	for i, c := range n {
		if c == 0 {
			continue // no weight; its 1 + θ(a_i - s) may be negative, and 0 × NaN is NaN
		}
		a := pairScore(i)
		// The fitted probabilities are n_i/N / (1 + θ(a_i - s)); their ratio
		// under H1 and H0 needs only the denominators.
		llr += c * (math.Log(1+th0*(a-s0)) - math.Log(1+th1*(a-s1)))
	}
	return llr
}

// fitTheta solves Σ n_i (a_i - s) / (1 + θ (a_i - s)) = 0 for θ by bisection: the
// Lagrange multiplier of the maximum likelihood distribution with mean s. The left
// side decreases in θ, and θ must keep every 1 + θ(a_i - s) positive.
func fitTheta(n [5]float64, s float64) float64 {
	f := func(th float64) float64 {
		var sum float64
		for i, c := range n {
			if c > 0 {
				d := pairScore(i) - s
				sum += c * d / (1 + th*d)
			}
		}
		return sum
	}
	// Bounds where some denominator reaches zero.
	lo, hi := math.Inf(-1), math.Inf(1)
	for i, c := range n {
		if c == 0 {
			continue
		}
		d := pairScore(i) - s
		switch {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	const shrink = 1 - 1e-12
	lo, hi = lo*shrink, hi*shrink
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
