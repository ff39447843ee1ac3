package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"mancala/bench"
	"mancala/board"
	"mancala/search"
)

// maxBenchDepth bounds bench --depth (the search's own bound is lower still).
const maxBenchDepth = 100

// benchCommand runs the bench suite: mancala bench [--threads N] [--variant GAME
// [--depth D]].
func benchCommand(args []string, std stdio) int {
	flags := pflag.NewFlagSet("mancala bench", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	threads := flags.Int("threads", 1, "search threads (above 1 the node total varies from run to run)")
	game := flags.String("variant", "", "bench this game alone (any game, a rule file's too): its start and two positions of a fixed game, searched to --depth")
	depth := flags.Int("depth", 18, "the search depth of --variant's positions")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(std.out, "usage: mancala bench [--threads N] [--variant GAME [--depth D]]\n\nflags:\n"+flags.FlagUsages())
			return failed(std, err)
		}
		return usageError(std, "bench: %v", err)
	}
	if flags.NArg() > 0 {
		return usageError(std, "bench takes no arguments, got %q", excerpt(strings.Join(flags.Args(), " ")))
	}
	if *threads < 1 || *threads > search.MaxThreads {
		return usageError(std, "bench: --threads must be from 1 to %d, not %d", search.MaxThreads, *threads)
	}
	if *game == "" {
		if flags.Changed("depth") {
			return usageError(std, "bench: --depth goes with --variant (the suite's depths are fixed)")
		}
		_, err := bench.Run(std.out, *threads)
		return failed(std, err)
	}
	v, err := board.VariantByName(*game)
	if err != nil {
		return usageError(std, "bench: %v", err)
	}
	if *depth < 1 || *depth > maxBenchDepth {
		return usageError(std, "bench: --depth must be from 1 to %d, not %d", maxBenchDepth, *depth)
	}
	_, err = bench.RunSuite(std.out, bench.GameSuite(v, *depth), *threads)
	return failed(std, err)
}
