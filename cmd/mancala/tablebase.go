package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/search"
	"mancala/tablebase"
)

// tablebaseUsage is printed for `mancala tablebase --help` and for mistakes.
const tablebaseUsage = `usage:
  mancala tablebase build --variant V --seeds K [--dir D] [--variants FILE] [--workers N] [--cpuprofile F]
        solve every board of V with 0..K seeds, one file per seed count in D
  mancala tablebase probe [--dir D] [--variants FILE] V POSITION
        print the table's value of POSITION (the 5 fields) and of each move

flags:
`

// tablebaseCommand runs the tablebase subcommands (build, probe).
func tablebaseCommand(args []string, std stdio) int {
	stdout, stderr := std.out, std.err
	flags := pflag.NewFlagSet("mancala tablebase", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	variant := flags.String("variant", "", "game to build: "+strings.Join(builtinGames(), ", ")+
		", the Kalah boards kalah-M-N and kalah-M-N-standard, or a game of --variants without end.majority")
	variants := flags.String("variants", "", "a rule file, or a folder of *.toml rule files, whose games build and probe then know (docs/rules-format.md)")
	seeds := flags.Int("seeds", -1, "build every seed count on the board up to this one")
	dir := flags.String("dir", "tablebases", "folder of the table files")
	workers := flags.Int("workers", runtime.GOMAXPROCS(0), "goroutines generating moves and solving large components at once")
	profile := flags.String("cpuprofile", "", "write a CPU profile of the build to this file")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(stdout, tablebaseUsage+flags.FlagUsages())
			return failed(std, err)
		}
		return usageError(std, "tablebase: %v", err)
	}
	if *variants != "" {
		if _, err := board.LoadRuleFile(*variants); err != nil {
			return usageError(std, "tablebase: --variants: %v", err)
		}
	}
	rest := flags.Args()
	var err error
	switch {
	case len(rest) == 1 && rest[0] == "build":
		if *variant == "" || *seeds < 0 {
			return usageError(std, "tablebase build: --variant and --seeds are required")
		}
		err = profiled(*profile, func() error { return buildTables(stdout, stderr, *variant, *seeds, *dir, *workers) })
	case len(rest) >= 3 && rest[0] == "probe":
		err = probeTable(stdout, *dir, rest[1], strings.Join(rest[2:], " "))
	default:
		return usageError(std, "tablebase: unknown command line %q: want build or probe (mancala tablebase --help)", excerpt(strings.Join(rest, " ")))
	}
	return failed(std, err)
}

// builtinGames lists the games of board/games/builtin.toml that tables hold.
func builtinGames() []string {
	var names []string
	for _, name := range tablebase.Games() {
		if v, err := board.VariantByName(name); err == nil && v.Builtin() {
			names = append(names, name)
		}
	}
	return names
}

// buildTables builds the files, with a progress bar on stderr and one summary line a
// seed count on stdout.
func buildTables(stdout, stderr io.Writer, variant string, seeds int, dir string, workers int) error {
	v, err := board.VariantByName(variant)
	if err != nil {
		return err
	}
	// The heading comes with the first seed count, so that a game the tables refuse
	// gets its one line alone.
	heading := func() {
		fmt.Fprintf(stdout, "%-6s %12s %12s %7s %7s %10s %12s\n", "seeds", "positions", "exact", "exact%", "evals", "seconds", "file bytes")
	}
	bar := false
	_, err = tablebase.Build(v, seeds, tablebase.Options{
		Workers: workers,
		Dir:     dir,
		Progress: func(p tablebase.Progress) {
			fmt.Fprintf(stderr, "\r%s", progressLine(p))
			bar = true
		},
		Layer: func(st tablebase.LayerStats) {
			if bar {
				fmt.Fprintf(stderr, "\r%80s\r", "")
				bar = false
			}
			if st.Seeds == 0 {
				heading()
			}
			size := int64(0)
			if fi, err := os.Stat(filepath.Join(dir, tablebase.FileName(v, st.Seeds))); err == nil {
				size = fi.Size()
			}
			how := fmt.Sprintf("%7.2f %10.2f", float64(st.Evals)/float64(st.Positions), st.Time.Seconds())
			if st.Loaded {
				how = fmt.Sprintf("%7s %10s", "-", "loaded")
			}
			fmt.Fprintf(stdout, "%-6d %12d %12d %6.1f%% %s %12d\n", st.Seeds, st.Positions, st.Exact,
				100*float64(st.Exact)/float64(st.Positions), how, size)
		},
	})
	if bar {
		fmt.Fprintln(stderr)
	}
	return err
}

// profiled runs f, writing a CPU profile of it to path when path is not empty.
func profiled(path string, f func() error) error {
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return err
	}
	err = f()
	pprof.StopCPUProfile()
	return errors.Join(err, out.Close())
}

// progressLine draws the bar: positions done of all seed counts, rate of solving and
// time left.
// The current seed count counts as done in proportion to its passes (generating
// moves, then solving components): an estimate, since the two cost differently.
func progressLine(p tablebase.Progress) string {
	frac := 0.0
	if p.LayerTotal > 0 && p.Pass > 0 {
		frac = min(0.99, (float64(p.Pass-1)+float64(p.LayerDone)/float64(p.LayerTotal))/p.Passes)
	}
	done := min(float64(p.Total), float64(p.Finished)+frac*float64(p.LayerTotal))
	const width = 24
	filled := int(width * done / float64(max(p.Total, 1)))
	// The rate counts solved boards only: loading a file is far quicker than solving.
	solved := max(0, done-float64(p.Loaded))
	rate := solved / max(p.Elapsed.Seconds(), 1e-9)
	left := "?"
	if rate > 0 {
		left = time.Duration((float64(p.Total) - done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	stage := fmt.Sprintf("pass %d", p.Pass)
	switch p.Pass {
	case 1:
		stage = "pass 1, moves"
	case 2:
		stage = "pass 2, components"
	}
	return fmt.Sprintf("[%s%s] %d/%d positions, %.0f/s, %s left (seeds %d, %s)   ",
		strings.Repeat("#", filled), strings.Repeat(".", width-filled), uint64(done), p.Total,
		rate, left, p.Seeds, stage)
}

// probeTable prints the value of a position and of each of its moves.
func probeTable(w io.Writer, dir, variant, fen string) error {
	v, err := board.VariantByName(variant)
	if err != nil {
		return err
	}
	p, err := v.ParsePosition(fen)
	if err != nil {
		return err
	}
	tb, err := tablebase.Open(dir, v)
	if err != nil {
		return err
	}
	lo, hi, ok := tb.Probe(&p)
	if !ok {
		return fmt.Errorf("position not in the table (it holds boards of up to %d seeds after any opening)", tb.MaxSeeds())
	}
	me := p.SideToMove()
	played := ""
	if !tb.ExactMargins() {
		played = ", in the game played on past its majority"
	}
	fmt.Fprintf(w, "value %s for %s, the side to move (seeds on the board: own finish minus opponent's%s)\n", span(lo, hi), me.Name(), played)
	if !tb.ExactMargins() {
		d := p.Store(me) - p.Store(me.Other())
		fmt.Fprintf(w, "result with perfect play: %s\n", search.SignWords(d+lo, d+hi, me))
	} else if lo == hi {
		mine, theirs := p.Store(me), p.Store(me.Other())
		board := p.RowSeeds(board.South) + p.RowSeeds(board.North)
		fmt.Fprintf(w, "final score with perfect play: %s %d, %s %d\n", me.Name(), mine+(board+lo)/2, me.Other().Name(), theirs+(board-lo)/2)
	}
	moves, _ := tb.MoveValues(&p, nil)
	for _, m := range moves {
		again := ""
		if m.Again {
			again = ", moves again"
		}
		fmt.Fprintf(w, "%s: %s (banks %d%s)\n", v.FormatMove(m.Move), span(m.Lo, m.Hi), m.Captured, again)
	}
	return nil
}

// span writes a value, or bounds "lo..hi" when it is not exact.
func span(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}
