package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"mancala/bench"
	"mancala/board"
	"mancala/eval"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
)

// selfplayUsage is printed for selfplay --help and its command-line mistakes.
const selfplayUsage = `usage: mancala selfplay [flags]

Measures the hand-set evaluation features (eval.Hand) by self-play: for each game
and feature it plays the hand-set evaluation with the feature against it without,
from random openings with both colours, and prints the first one's result
(+wins -losses =draws).

flags:
`

// selfplayCommand is mancala selfplay; it returns the exit status.
func selfplayCommand(args []string, std stdio) int {
	flags := pflag.NewFlagSet("mancala selfplay", pflag.ContinueOnError)
	flags.SetOutput(io.Discard) // errors are reported in one line
	variant := flags.String("variant", "", "game to test (all if empty)")
	feature := flags.String("feature", "", "feature to test (all if empty): row, mobility, inner")
	base := flags.Bool("base", false, "play the feature alone on top of material against material only")
	material := flags.Bool("material", false, "play the hand-set evaluation against material only")
	algorithm := flags.String("search", "alphabeta", "search of both players: alphabeta or mcts")
	pairs := flags.Int("pairs", 20, "game pairs per match (each opening played with both colours)")
	depth := flags.Int("depth", 6, "search depth per move (ignored with --movetime)")
	moveTime := flags.Duration("movetime", 0, "time per move instead of a fixed depth, e.g. 50ms")
	opening := flags.Int("opening", 4, "random plies before the players take over")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(std.out, selfplayUsage+flags.FlagUsages())
			return failed(std, err)
		}
		return usageError(std, "selfplay: %v", err)
	}
	fail := func(format string, a ...any) int { return usageError(std, "selfplay: "+format, a...) }
	switch {
	case flags.NArg() > 0:
		return fail("unexpected argument %q", excerpt(flags.Arg(0)))
	case *pairs < 1 || *opening < 0 || *moveTime < 0 || (*moveTime == 0 && *depth < 1):
		return fail("--pairs and --depth (or --movetime) must be positive, --opening not negative")
	case *algorithm != "alphabeta" && *algorithm != "mcts":
		return fail("unknown search %q (alphabeta or mcts)", *algorithm)
	}
	if *variant != "" {
		if _, err := board.VariantByName(*variant); err != nil {
			return fail("%v", err)
		}
	}
	if *feature != "" && !knownFeature(*feature) {
		return fail("unknown feature %q (row, mobility or inner)", *feature)
	}
	limits := search.Limits{Depth: *depth}
	if *moveTime > 0 {
		limits = search.Limits{MoveTime: *moveTime}
	}
	m := matcher{algorithm: *algorithm, pairs: *pairs, limits: limits, opening: *opening, out: std.out}
	for _, v := range board.Variants() {
		if *variant != "" && v.Name != *variant {
			continue
		}
		if *material {
			if eval.Hand(v) != 0 {
				if err := m.play(v, "hand-set", eval.Hand(v), 0); err != nil {
					return failed(std, err)
				}
			}
			continue
		}
		for _, feat := range eval.HandFeatures {
			if (*feature != "" && feat.Name != *feature) || !feat.F.AppliesTo(v) {
				continue
			}
			with, without := eval.Hand(v)|feat.F, eval.Hand(v)&^feat.F
			if *base {
				with, without = feat.F, 0
			}
			if err := m.play(v, feat.Name, with, without); err != nil {
				return failed(std, err)
			}
		}
	}
	return exitOK
}

// matcher plays the matches of one selfplay run.
type matcher struct {
	algorithm string
	pairs     int
	limits    search.Limits
	opening   int
	out       io.Writer
}

// evaluated is an engine whose evaluation can be replaced.
type evaluated interface {
	search.Searcher
	SetEval(search.Evaluator)
}

// player returns a searcher of the matcher's algorithm using evaluation f.
func (m *matcher) player(f eval.Features) evaluated {
	var s evaluated = alphabeta.New(search.Options{HashMB: 4})
	if m.algorithm == "mcts" {
		s = mcts.New(search.Options{HashMB: 16})
	}
	s.SetEval(f.Evaluate)
	return s
}

// play runs one match of evaluation with against evaluation without and prints it.
func (m *matcher) play(v *board.Variant, name string, with, without eval.Features) error {
	start := time.Now()
	res, err := bench.Match(v, m.player(with), m.player(without), m.pairs, m.limits, m.opening, 1)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.out, "%-15s %-11s with vs without: %s  [%v]\n", v.Name, name, res,
		time.Since(start).Round(time.Second))
	return err
}

// knownFeature reports whether name is one of the features.
func knownFeature(name string) bool {
	for _, f := range eval.HandFeatures {
		if f.Name == name {
			return true
		}
	}
	return false
}
