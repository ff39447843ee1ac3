// Package tune fits the learned evaluation's weights to positions labelled by the
// results of the games they came from: a logistic regression of the result on the
// terms of eval.Extract (the Texel method), solved by Newton's method, so the same
// positions always give the same weights.
package tune

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"mancala/board"
	"mancala/eval"
)

// Sample is one position's terms, its score by the hand-set evaluation (eval.Hand)
// and the result of its game for the side to move: 1 a win, 0.5 a draw, 0 a loss.
type Sample struct {
	X      eval.Vector
	Hand   int
	Result float64
}

// Read parses lines "position<TAB>result" of game v, as cmd/evaltune selfplay writes
// them. The error names the line.
func Read(r io.Reader, v *board.Variant) ([]Sample, error) {
	var out []Sample
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		pos, res, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			return nil, fmt.Errorf("line %d: want position<TAB>result", line)
		}
		p, err := v.ParsePosition(pos)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		y, err := strconv.ParseFloat(res, 64)
		if err != nil || y < 0 || y > 1 {
			return nil, fmt.Errorf("line %d: result %q is not a number from 0 to 1", line, res)
		}
		var s Sample
		eval.Extract(&p, &s.X)
		s.Hand = eval.Hand(v).Evaluate(&p)
		s.Result = y
		out = append(out, s)
	}
	return out, sc.Err()
}

// Split keeps back the last fraction held of samples for validation. Samples come
// game by game, so the held-back positions are (all but one) from games the fit has
// not seen: positions of one game share its result and would flatter the model.
func Split(samples []Sample, held float64) (train, valid []Sample) {
	n := len(samples) - int(float64(len(samples))*held)
	return samples[:n], samples[n:]
}

// Model is a fitted logistic regression: the predicted score of a position for the
// side to move is 1/(1+exp(-Coef·x)).
type Model struct {
	Coef [eval.NumTerms]float64
}

// Predict is the model's expected score for the terms x.
func (m *Model) Predict(x *eval.Vector) float64 {
	z := 0.0
	for i, t := range x {
		z += m.Coef[i] * float64(t)
	}
	return 1 / (1 + math.Exp(-z))
}

// Loss is the mean cross-entropy of the model on samples (lower is better).
func (m *Model) Loss(samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	const eps = 1e-12
	sum := 0.0
	for i := range samples {
		p := m.Predict(&samples[i].X)
		y := samples[i].Result
		sum -= y*math.Log(p+eps) + (1-y)*math.Log(1-p+eps)
	}
	return sum / float64(len(samples))
}

// Fit finds the coefficients that minimise the cross-entropy on samples plus l2 times
// the squared coefficients of the standardised terms, by Newton's method (iterations
// steps at most). Terms constant over the samples other than Tempo keep 0.
func Fit(samples []Sample, l2 float64, iterations int) (Model, error) {
	var m Model
	if len(samples) == 0 {
		return m, errors.New("no samples")
	}
	// Standardise: z_i = (x_i - mean_i) / sd_i for the varying terms; the tempo term
	// stays 1 and absorbs the means.
	var mean, sd [eval.NumTerms]float64
	for i := range samples {
		for j, t := range samples[i].X {
			mean[j] += float64(t)
		}
	}
	for j := range mean {
		mean[j] /= float64(len(samples))
	}
	for i := range samples {
		for j, t := range samples[i].X {
			d := float64(t) - mean[j]
			sd[j] += d * d
		}
	}
	var used []int
	for j := range sd {
		sd[j] = math.Sqrt(sd[j] / float64(len(samples)))
		if eval.Term(j) != eval.Tempo && sd[j] > 1e-9 {
			used = append(used, j)
		}
	}
	k := len(used) + 1 // the last coefficient is the intercept
	beta := make([]float64, k)
	z := make([]float64, k)
	for it := 0; it < iterations; it++ {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for a := range hess {
			hess[a] = make([]float64, k)
		}
		for i := range samples {
			for a, j := range used {
				z[a] = (float64(samples[i].X[j]) - mean[j]) / sd[j]
			}
			z[k-1] = 1
			dot := 0.0
			for a := range z {
				dot += beta[a] * z[a]
			}
			p := 1 / (1 + math.Exp(-dot))
			r := p - samples[i].Result
			wgt := p * (1 - p)
			for a := range z {
				grad[a] += r * z[a]
				row := hess[a]
				for b := 0; b <= a; b++ {
					row[b] += wgt * z[a] * z[b]
				}
			}
		}
		for a := 0; a < k; a++ {
			for b := 0; b < a; b++ {
				hess[b][a] = hess[a][b]
			}
			if a < k-1 {
				grad[a] += l2 * beta[a]
				hess[a][a] += l2
			}
		}
		step, err := solve(hess, grad)
		if err != nil {
			return m, err
		}
		change := 0.0
		for a := range beta {
			beta[a] -= step[a]
			change = math.Max(change, math.Abs(step[a]))
		}
		if change < 1e-9 {
			break
		}
	}
	// Back to the raw terms: beta_a z_a = (beta_a/sd) x - beta_a mean/sd.
	m.Coef[eval.Tempo] = beta[k-1]
	for a, j := range used {
		m.Coef[j] = beta[a] / sd[j]
		m.Coef[eval.Tempo] -= beta[a] * mean[j] / sd[j]
	}
	return m, nil
}

// solve solves a x = b for a symmetric positive definite a by Gaussian elimination
// with partial pivoting; it overwrites a and b.
func solve(a [][]float64, b []float64) ([]float64, error) {
	n := len(b)
	for c := 0; c < n; c++ {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-12 {
			return nil, errors.New("singular system: the terms are linearly dependent")
		}
		a[c], a[piv] = a[piv], a[c]
		b[c], b[piv] = b[piv], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for cc := c; cc < n; cc++ {
				a[r][cc] -= f * a[c][cc]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for cc := r + 1; cc < n; cc++ {
			s -= a[r][cc] * x[cc]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}

// HandScale fits the hand-set evaluation to the results the same way: the k for
// which 1/(1+exp(-k*Hand)) predicts them best, in log-odds per centiseed (Texel's
// scaling constant, inverted). It is the unit that keeps the learned evaluation's
// centiseeds comparable to the hand-set ones the search's margins were chosen for.
func HandScale(samples []Sample) (float64, error) {
	k := 0.0
	for it := 0; it < 50; it++ {
		g, h := 0.0, 0.0
		for i := range samples {
			x := float64(samples[i].Hand)
			p := 1 / (1 + math.Exp(-k*x))
			g += (p - samples[i].Result) * x
			h += p * (1 - p) * x * x
		}
		if h == 0 {
			return 0, errors.New("the hand-set evaluation is zero in every sample")
		}
		step := g / h
		k -= step
		if math.Abs(step) < 1e-12 {
			break
		}
	}
	if k <= 0 {
		return 0, fmt.Errorf("the hand-set evaluation does not predict the results (k = %g)", k)
	}
	return k, nil
}

// HandLoss is the mean cross-entropy of the hand-set evaluation scaled by k.
func HandLoss(samples []Sample, k float64) float64 {
	var m Model
	m.Coef[eval.Tempo] = k // the tempo term is 1: it carries the hand score below
	loss := 0.0
	for i := range samples {
		s := Sample{Result: samples[i].Result}
		s.X[eval.Tempo] = int32(samples[i].Hand)
		loss += m.Loss([]Sample{s})
	}
	return loss / math.Max(1, float64(len(samples)))
}

// Weights converts the model to the evaluation's fixed-point weights in centiseeds,
// k log-odds to the centiseed (HandScale).
func (m *Model) Weights(k float64) (eval.Weights, error) {
	var w eval.Weights
	if k <= 0 {
		return w, fmt.Errorf("scale %g is not positive", k)
	}
	for i, c := range m.Coef {
		v := math.Round(c / k * eval.WeightScale)
		if math.Abs(v) > math.MaxInt32/4096 {
			return w, fmt.Errorf("weight of %s (%g centiseeds) is out of range", eval.Term(i), c/k)
		}
		w[i] = int32(v)
	}
	return w, nil
}
