package main

import (
	"strings"

	"mancala/bench"
)

// benchCommand runs the bench suite: mancala bench.
func benchCommand(args []string, std stdio) int {
	if len(args) > 0 {
		return usageError(std, "bench takes no arguments, got %q", excerpt(strings.Join(args, " ")))
	}
	_, err := bench.Run(std.out)
	return failed(std, err)
}
