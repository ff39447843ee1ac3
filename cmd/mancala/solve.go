package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/search/solve"
	"mancala/tablebase"
)

// solveUsage is the solve subcommand's synopsis, quoted in its errors.
const solveUsage = "mancala solve [--hash MB] [--time SECONDS] [--tables DIR | --build-tables SEEDS] GAME [POSITION]"

// solveCommand proves the exact value of a position of a seed-scoring game (the
// start by default): the final seed margin of the side to move under perfect play.
// It prints a line per narrowing of the bounds, then the time and nodes, and last
// "Value: V"; a solve stopped by --time ends with "Bounds: LO HI" instead and exit
// status 1.
func solveCommand(args []string, std stdio) int {
	flags := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	hash := flags.Int("hash", 256, "transposition table size in megabytes (1 to 65536)")
	limit := flags.Float64("time", 0, "stop after this many seconds and print the bounds proven (0: no limit)")
	tables := flags.String("tables", "", "folder of the game's endgame tables (mancala tablebase build): positions they value end the search")
	build := flags.Int("build-tables", -1, "first build the game's endgame tables of 0 to this many seeds in memory, on one core, and use them")
	if err := flags.Parse(args); err != nil {
		return usageError(std, "solve: %v (%s)", err, solveUsage)
	}
	rest := flags.Args()
	if len(rest) == 0 {
		return usageError(std, "solve needs a game: %s", solveUsage)
	}
	if *hash < 1 || *hash > 65536 {
		return usageError(std, "solve: --hash must be from 1 to 65536 megabytes, not %d", *hash)
	}
	if *limit < 0 {
		return usageError(std, "solve: --time must not be negative")
	}
	if *tables != "" && *build >= 0 {
		return usageError(std, "solve: --tables and --build-tables are two sources of tables: give one")
	}
	v, err := board.VariantByName(rest[0])
	if err != nil {
		return usageError(std, "solve: %v", err)
	}
	if !v.Scoring {
		return usageError(std, "solve: %s does not end with a seed count, so it has no margin to prove", v.Title)
	}
	p := v.StartPosition()
	if len(rest) > 1 {
		if p, err = v.ParsePosition(strings.Join(rest[1:], " ")); err != nil {
			return usageError(std, "solve: %v", err)
		}
	}
	s := solve.New(*hash)
	out := &strings.Builder{}
	fmt.Fprintf(out, "solving %s from %s\n", v.Name, p.String())
	var tb *tablebase.Table
	switch {
	case *tables != "":
		if tb, err = tablebase.Open(*tables, v); err != nil {
			return failed(std, err)
		}
	case *build >= 0:
		began := time.Now()
		if tb, err = tablebase.Build(v, *build, tablebase.Options{Workers: 1}); err != nil {
			return usageError(std, "solve: --build-tables: %v", err)
		}
		fmt.Fprintf(out, "tables of 0 to %d seeds built in %.2f s\n", *build, time.Since(began).Seconds())
	}
	if tb != nil {
		if !tb.ExactMargins() {
			return usageError(std, "solve: the tables of %s are those of the game played on past a majority: their margins are not the game's", v.Title)
		}
		s.Tables = tb
	}
	if _, err := fmt.Fprint(std.out, out.String()); err != nil {
		return failed(std, err)
	}
	start := time.Now()
	lo, hi, exact := s.Solve(nil, p, time.Duration(*limit*float64(time.Second)), func(pr solve.Progress) {
		if pr.Depth > 0 {
			fmt.Fprintf(std.out, "depth %d: about %d after %.2f s, %d nodes\n", pr.Depth, pr.Lo, pr.Elapsed.Seconds(), pr.Nodes)
			return
		}
		fmt.Fprintf(std.out, "proven %d..%d after %.2f s, %d nodes\n", pr.Lo, pr.Hi, pr.Elapsed.Seconds(), pr.Nodes)
	})
	elapsed := time.Since(start)
	fmt.Fprintf(std.out, "Time: %.2f s\nNodes: %d\n", elapsed.Seconds(), s.Nodes)
	if tb != nil {
		fmt.Fprintf(std.out, "Table hits: %d\n", s.TBHits)
	}
	if !exact {
		fmt.Fprintf(std.out, "Bounds: %d %d\n", lo, hi)
		return exitFailure
	}
	_, err = fmt.Fprintf(std.out, "Value: %d\n", lo)
	return failed(std, err)
}
