// Command evalmatch measures evaluation features by self-play: for each game and
// feature it plays the full evaluation against the evaluation without that feature,
// from random openings with both colours, and prints the full evaluation's result.
//
//	go run ./cmd/evalmatch --pairs 100 --depth 9 --variant adji-boto
//	go run ./cmd/evalmatch --material --pairs 100 --depth 5 --variant bao-la-kimasai
package main

import (
	"fmt"
	flag "github.com/spf13/pflag"
	"os"
	"time"

	"mancala/bench"
	"mancala/board"
	"mancala/eval"
	"mancala/search"
)

var features = []struct {
	name string
	f    eval.Features
}{{"row", eval.Row}, {"mobility", eval.Mobility}, {"inner", eval.Inner}}

func main() {
	variant := flag.String("variant", "", "game to test (all if empty)")
	feature := flag.String("feature", "", "feature to test (all if empty): row, mobility, inner")
	base := flag.Bool("base", false, "play the feature alone on top of material against material only")
	material := flag.Bool("material", false, "play the default evaluation against material only")
	pairs := flag.Int("pairs", 20, "game pairs per match (each opening played with both colours)")
	depth := flag.Int("depth", 6, "search depth per move (0: use --movetime)")
	moveTime := flag.Duration("movetime", 0, "time per move instead of a fixed depth")
	opening := flag.Int("opening", 4, "random plies before the match players take over")
	flag.Parse()
	limits := search.Limits{Depth: *depth, MoveTime: *moveTime}
	if *moveTime > 0 {
		limits.Depth = 0
	}
	for _, v := range board.Variants() {
		if *variant != "" && v.Name != *variant {
			continue
		}
		if *material {
			if eval.Default[v.ID] != 0 {
				play(v, "default", eval.Default[v.ID], 0, *pairs, limits, *opening)
			}
			continue
		}
		for _, feat := range features {
			name, f := feat.name, feat.f
			if *feature != "" && name != *feature {
				continue
			}
			with, without := eval.Default[v.ID]|f, eval.Default[v.ID]&^f
			if *base {
				with, without = f, 0
			}
			if !applies(v, f) {
				continue
			}
			play(v, name, with, without, *pairs, limits, *opening)
		}
	}
}

// play runs one match of evaluation with against evaluation without and prints it.
func play(v *board.Variant, name string, with, without eval.Features, pairs int, limits search.Limits, opening int) {
	a := search.NewAlphaBeta(search.Options{HashMB: 4})
	a.SetEval(with.Evaluate)
	b := search.NewAlphaBeta(search.Options{HashMB: 4})
	b.SetEval(without.Evaluate)
	start := time.Now()
	res, err := bench.Match(v, a, b, pairs, limits, opening, 1)
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalmatch:", err)
		os.Exit(1)
	}
	fmt.Printf("%-15s %-11s with vs without: %s  [%v]\n", v.Name, name, res, time.Since(start).Round(time.Second))
}

// applies reports whether feature f means anything in variant v.
func applies(v *board.Variant, f eval.Features) bool {
	bao := v.ID == board.BaoLaKimasai
	switch f {
	case eval.Inner:
		return bao
	case eval.Row:
		return !bao
	}
	return true
}
