package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"mancala/bench"
	"mancala/search"
)

// benchCommand runs the bench suite: mancala bench [--threads N].
func benchCommand(args []string, std stdio) int {
	flags := pflag.NewFlagSet("mancala bench", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	threads := flags.Int("threads", 1, "search threads (above 1 the node total varies from run to run)")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(std.out, "usage: mancala bench [--threads N]\n\nflags:\n"+flags.FlagUsages())
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
	_, err := bench.Run(std.out, *threads)
	return failed(std, err)
}
