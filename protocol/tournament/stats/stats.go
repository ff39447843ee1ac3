// Package stats turns match results into Elo estimates: the logistic Elo difference
// with a 95% error bar, the likelihood of superiority, pentanomial counts of game
// pairs, and a sequential probability ratio test (SPRT) on them.
package stats

import (
	"math"
)

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Elo returns the logistic Elo difference that gives an expected score s (0..1):
// -400 log10(1/s - 1). It is ±Inf at 0 and 1.
func Elo(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// ExpectedScore is the inverse of Elo: 1 / (1 + 10^(-elo/400)).
func ExpectedScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// WDL counts a player's wins, draws and losses.
type WDL struct {
	W, D, L int
}

// Games is the number of games counted.
func (r WDL) Games() int { return r.W + r.D + r.L }

// Points is wins plus half the draws.
func (r WDL) Points() float64 { return float64(r.W) + float64(r.D)/2 }

// Score is the points per game (NaN with no games).
func (r WDL) Score() float64 { return r.Points() / float64(r.Games()) }

// Add counts one more game's result for the player: 1, 0.5 or 0 points.
func (r *WDL) Add(points float64) {
	switch points {
	case 1:
		r.W++
	case 0:
		r.L++
	default:
		r.D++
	}
}

// Estimate is an Elo difference with its 95% confidence interval.
type Estimate struct {
	Elo    float64 // the point estimate
	Margin float64 // half the width of the 95% interval, in Elo
	Lower  float64 // the interval's bounds, in Elo
	Upper  float64
}

// estimate computes the Elo interval from a mean score and the variance of one
// observation among n (one game or one pair of games).
func estimate(mean, variance float64, n int) Estimate {
	if n == 0 {
		return Estimate{Elo: math.NaN(), Margin: math.NaN(), Lower: math.NaN(), Upper: math.NaN()}
	}
	se := math.Sqrt(variance / float64(n))
	lo, hi := Elo(mean-z95*se), Elo(mean+z95*se)
	if mean-z95*se <= 0 {
		lo = math.Inf(-1)
	}
	if mean+z95*se >= 1 {
		hi = math.Inf(1)
	}
	margin := (hi - lo) / 2
	// Infinite bounds, or no spread at all (every observation alike), tell nothing
	// about the error: the margin is unbounded.
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || variance == 0 {
		margin = math.Inf(1)
	}
	return Estimate{Elo: Elo(mean), Margin: margin, Lower: lo, Upper: hi}
}

// Estimate returns the Elo difference from the trinomial (game by game) model: each
// game scores 1, 1/2 or 0 and the error bar comes from the spread of those scores.
func (r WDL) Estimate() Estimate {
	n := r.Games()
	if n == 0 {
		return estimate(0, 0, 0)
	}
	s := r.Score()
	v := (float64(r.W)*(1-s)*(1-s) + float64(r.D)*(0.5-s)*(0.5-s) + float64(r.L)*s*s) / float64(n)
	return estimate(s, v, n)
}

// LOS is the likelihood of superiority: the probability that the player is truly
// stronger, from wins and losses only (draws carry no information here):
// Φ((W-L)/sqrt(W+L)). It is 0.5 without decisive games.
func (r WDL) LOS() float64 {
	if r.W+r.L == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(r.W-r.L)/math.Sqrt(2*float64(r.W+r.L))))
}

// Pentanomial counts game pairs (the same opening played with both colours) by the
// points the player took from the pair: index 0 for 0 points (two losses), 1 for
// 1/2, 2 for 1, 3 for 3/2 and 4 for 2 (two wins).
type Pentanomial [5]int

// AddPair counts one pair from the player's points in it (0, 0.5, ..., 2).
func (p *Pentanomial) AddPair(points float64) {
	p[int(math.Round(points*2))]++
}

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// pairScore is the score (0..1) of a pair in bin i.
func pairScore(i int) float64 { return float64(i) / 4 }

// meanVariance returns the mean score per pair and the variance of one pair's score.
func (p Pentanomial) meanVariance() (mean, variance float64) {
	n := float64(p.Pairs())
	for i, c := range p {
		mean += float64(c) * pairScore(i)
	}
	mean /= n
	for i, c := range p {
		d := pairScore(i) - mean
		variance += float64(c) * d * d
	}
	return mean, variance / n
}

// Estimate returns the Elo difference from the pentanomial model, which treats each
// pair as one observation and so accounts for the openings' bias.
func (p Pentanomial) Estimate() Estimate {
	if p.Pairs() == 0 {
		return estimate(0, 0, 0)
	}
	m, v := p.meanVariance()
	return estimate(m, v, p.Pairs())
}
