package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"mancala/board"
)

// perftUsage is the perft subcommand's synopsis, quoted in its errors.
const perftUsage = "mancala perft VARIANT DEPTH [POSITION]"

// perftCommand counts games below each legal move: mancala perft VARIANT DEPTH
// [POSITION], the position as one argument or as its five fields. It prints the same
// "<move>: <count>" lines as the protocol's go perft, a blank line, "Nodes searched:
// <total>", the time and the speed.
func perftCommand(args []string, std stdio) int {
	switch len(args) {
	case 0:
		return usageError(std, "perft needs a variant and a depth: %s", perftUsage)
	case 1:
		return usageError(std, "perft needs a depth after the variant: %s", perftUsage)
	}
	v, err := board.VariantByName(args[0])
	if err != nil {
		return usageError(std, "perft: %v", err)
	}
	depth, err := strconv.Atoi(args[1])
	if err != nil || depth < 1 || depth > board.MaxPerftDepth {
		return usageError(std, "perft: depth must be a whole number from 1 to %d, not %q", board.MaxPerftDepth, excerpt(args[1]))
	}
	p := v.StartPosition()
	if len(args) > 2 {
		if p, err = v.ParsePosition(strings.Join(args[2:], " ")); err != nil {
			return usageError(std, "perft: %v", err)
		}
	}
	start := time.Now()
	entries, err := board.DivideGame([]board.Position{p}, depth, nil)
	if err != nil {
		return failed(std, err)
	}
	var b strings.Builder
	var total uint64
	for _, e := range entries {
		total += e.Nodes
		fmt.Fprintf(&b, "%s: %d\n", v.FormatMove(e.Move), e.Nodes)
	}
	elapsed := time.Since(start)
	rate := uint64(0)
	if elapsed > 0 {
		rate = uint64(float64(total) / elapsed.Seconds())
	}
	fmt.Fprintf(&b, "\nNodes searched: %d\nTime (ms): %d\nNodes/second: %d\n", total, elapsed.Milliseconds(), rate)
	_, err = fmt.Fprint(std.out, b.String())
	return failed(std, err)
}
