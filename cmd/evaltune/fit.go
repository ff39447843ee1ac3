package main

import (
	"fmt"
	"io"
	"os"

	flag "github.com/spf13/pflag"

	"mancala/board"
	"mancala/eval"
	"mancala/eval/tune"
)

var (
	fitHeld  *float64
	fitL2    *float64
	fitIters *int
)

// fitFlags declares the fit subcommand's flags.
func fitFlags(fs *flag.FlagSet) {
	fitHeld = fs.Float64("held", 0.1, "fraction of the positions (the last ones, whole games) kept back for validation")
	fitL2 = fs.Float64("l2", 1, "L2 penalty on the standardised coefficients")
	fitIters = fs.Int("iterations", 20, "Newton steps at most")
}

// fit reads the positions of game v from files, fits the learned evaluation's weights
// and writes them as a weight file (eval/weights), with the fit's figures as comments.
func fit(w io.Writer, v *board.Variant, files []string) error {
	var samples []tune.Sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		s, err := tune.Read(f, v)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
		samples = append(samples, s...)
	}
	train, valid := tune.Split(samples, *fitHeld)
	m, err := tune.Fit(train, *fitL2, *fitIters)
	if err != nil {
		return err
	}
	k, err := tune.HandScale(train)
	if err != nil {
		return err
	}
	weights, err := m.Weights(k)
	if err != nil {
		return err
	}
	var base tune.Model // predicts 1/2 everywhere
	fmt.Fprintf(w, "# %s: learned evaluation weights, 1/%d centiseed per unit of each term.\n", v.Name, eval.WeightScale)
	fmt.Fprintf(w, "# Made by cmd/evaltune fit --held %g --l2 %g (docs/ledger.md).\n", *fitHeld, *fitL2)
	fmt.Fprintf(w, "# %d positions fitted, %d held back. Held-back cross-entropy: learned %.4f,\n", len(train), len(valid), m.Loss(valid))
	fmt.Fprintf(w, "# hand-set evaluation %.4f, 1/2 everywhere %.4f. Scale: %.6f log-odds per centiseed.\n",
		tune.HandLoss(valid, k), base.Loss(valid), k)
	fmt.Fprint(w, eval.FormatWeights(weights))
	return nil
}
