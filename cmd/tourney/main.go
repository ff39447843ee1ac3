// Command tourney plays engine-versus-engine matches of the mancala engines, checks
// an engine's protocol handling (--compliance), replays game records (--replay) and
// merges record files into one report (tourney report FILE...).
// See docs/tournaments.md.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/compliance"
	"mancala/protocol/printable"
	"mancala/protocol/tournament"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit codes.
const (
	exitOK          = 0
	exitFailed      = 1 // a compliance check or a replay failed
	exitUsage       = 2 // a bad command line, an engine or file that cannot be used
	exitInterrupted = 130
)

// run is the whole command: it reads the command line and runs one mode.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "report" {
		return untilInterrupted(ctx, stderr, func() int { return report(args[1:], stdout, stderr) })
	}
	f, err := parseFlags(args, stderr)
	if errors.Is(err, pflag.ErrHelp) {
		return exitOK
	}
	if err == nil && f.variants != "" { // the rules of every mode: match, replay, compliance
		err = f.loadVariants()
	}
	if err != nil {
		fmt.Fprintln(stderr, "tourney:", printable.Line(err.Error()))
		return exitUsage
	}
	switch {
	case f.replay != "":
		return untilInterrupted(ctx, stderr, func() int { return replay(f.replay, stdout, stderr) })
	case f.compliance != "":
		return checkCompliance(ctx, f.compliance, stdout, stderr)
	}
	return match(ctx, f, stdout, stderr)
}

// untilInterrupted runs work, which reads files, and returns its exit status, or
// exitInterrupted as soon as ctx ends (Ctrl-C or SIGTERM) while it still runs: a
// named pipe or a stalled file blocks its reads where ctx cannot reach them, and the
// process then exits without them.
func untilInterrupted(ctx context.Context, stderr io.Writer, work func() int) int {
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
		fmt.Fprintln(stderr, "tourney: interrupted while reading records")
		return exitInterrupted
	}
}

// fail writes err as the one-line error of a usage failure, printable (it may quote
// a file or an engine).
func fail(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "tourney:", printable.Line(err.Error()))
	return exitUsage
}

// replay replays a records file with the rules.
func replay(path string, stdout, stderr io.Writer) int {
	f, err := os.Open(path)
	if err != nil {
		return fail(stderr, err)
	}
	defer f.Close()
	n, bad, err := tournament.Replay(f, stdout)
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "replayed %d games, %d failed\n", n, bad)
	if bad > 0 {
		return exitFailed
	}
	return exitOK
}

// checkCompliance checks one engine's protocol handling.
func checkCompliance(ctx context.Context, command string, stdout, stderr io.Writer) int {
	words := strings.Fields(command)
	if len(words) == 0 {
		return fail(stderr, fmt.Errorf("--compliance needs an engine command"))
	}
	_, failed := compliance.Check(ctx, client.Config{Name: words[0], Path: words[0], Args: words[1:]}, stdout)
	if failed > 0 {
		return exitFailed
	}
	return exitOK
}

// report merges record files into one report.
func report(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("tourney report", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	sprt := fs.String("sprt", "", "SPRT on the first pairing: elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]")
	decided := fs.String("decided-openings", "", "write the openings of the pairs not scored 1-1 to this new file, as an openings file (--openings)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: tourney report [--sprt elo0=E0 elo1=E1 ...] [--decided-openings FILE] RECORDS...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(tournament.GroupArgs(singleDash(fs, args), "sprt")); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		return fail(stderr, err)
	}
	if fs.Changed("decided-openings") && *decided == "" {
		return fail(stderr, errors.New("--decided-openings needs a file name"))
	}
	if fs.NArg() == 0 {
		return fail(stderr, fmt.Errorf("report needs one or more records files"))
	}
	recs, err := tournament.ReadRecordFiles(fs.Args())
	if err != nil {
		return fail(stderr, err)
	}
	if len(recs) == 0 {
		return fail(stderr, fmt.Errorf("no game records in %s", strings.Join(fs.Args(), ", ")))
	}
	cfg := tournament.Config{}
	if *sprt != "" {
		t, err := tournament.ParseSPRT(tournament.SplitGroup(*sprt))
		if err != nil {
			return fail(stderr, err)
		}
		cfg.SPRT = &t
	}
	sum := tournament.Summarize(recs, cfg.SPRT)
	if *decided != "" {
		if err := writeDecidedOpenings(*decided, sum, fs.Args()); err != nil {
			return fail(stderr, err)
		}
	}
	tournament.WriteReport(stdout, sum)
	if *decided != "" {
		fmt.Fprintf(stdout, "%d openings of pairs not scored 1-1 written to %s\n", len(sum.Decided), *decided)
	}
	return exitOK
}

// writeDecidedOpenings writes the openings of the pairs not scored 1-1 to a new
// file, one per line after a comment naming the records they came from: from a
// match of an engine against itself, a book of openings that either colour can
// win. A book it could not write whole is removed.
func writeDecidedOpenings(path string, sum *tournament.Summary, from []string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("--decided-openings: %w", err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# %d openings of the pairs not scored 1-1 in %s\n", len(sum.Decided), printable.Line(strings.Join(from, ", ")))
	for _, o := range sum.Decided {
		fmt.Fprintln(w, o.String())
	}
	err = w.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path) // no half book (a full disk): a rerun may write it whole
		return fmt.Errorf("--decided-openings: %w", err)
	}
	return nil
}

// match plays a match as the flags describe it.
func match(ctx context.Context, f *flags, stdout, stderr io.Writer) int {
	cfg, err := f.config()
	if err != nil {
		return fail(stderr, err)
	}
	if cfg.RecordsPath != "" {
		// Refuse an existing file before starting any engine; Run opens and locks it
		// once the engines have been checked.
		if err := tournament.CheckRecordsPath(cfg.RecordsPath, cfg.Resume); err != nil {
			return fail(stderr, err)
		}
	}
	live := false
	if fi, err := os.Stderr.Stat(); err == nil && stderr == os.Stderr && fi.Mode()&os.ModeCharDevice != 0 {
		live = true
	}
	var progress io.Writer
	if live && !f.quiet {
		progress = stderr
	}
	if cfg.Openings, err = f.openings(ctx, cfg.Variant, progress); err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "tourney: interrupted while choosing the openings; no game was played")
			return exitInterrupted
		}
		return fail(stderr, err)
	}
	cfg.Log = stderr
	if f.log != "" {
		lf, err := os.Create(f.log)
		if err != nil {
			return fail(stderr, err)
		}
		defer lf.Close()
		cfg.Log = lf
	}
	if f.trace != "" {
		tf, err := os.Create(f.trace)
		if err != nil {
			return fail(stderr, err)
		}
		defer tf.Close()
		var mu sync.Mutex
		start := time.Now()
		cfg.Trace = func(l tournament.TraceLine) {
			mu.Lock()
			fmt.Fprintf(tf, "%8.3f %s\n", time.Since(start).Seconds(), l)
			mu.Unlock()
		}
	}
	if !f.quiet {
		cfg.Progress = stderr
		cfg.Live = live
	}
	sum, err := tournament.Run(ctx, cfg)
	if sum != nil {
		tournament.WriteReport(stdout, sum)
	}
	if err != nil {
		return fail(stderr, err)
	}
	if ctx.Err() != nil {
		if cfg.RecordsPath != "" {
			fmt.Fprintf(stderr, "tourney: interrupted; %d games are recorded in %s: the same command with --resume plays the rest\n", sum.Played, cfg.RecordsPath)
		}
		return exitInterrupted
	}
	return exitOK
}

// openings returns the match's openings: from the file, or random ones balanced by a
// search, whose progress is shown on progress (a terminal) if it is not nil.
func (f *flags) openings(ctx context.Context, v *board.Variant, progress io.Writer) ([]tournament.Opening, error) {
	if f.openingsFile != "" {
		file, err := os.Open(f.openingsFile)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		list, err := tournament.ReadOpenings(v, file)
		if err != nil {
			return nil, err
		}
		if f.shuffle {
			rng := rand.New(rand.NewPCG(f.seed, 0))
			rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
		}
		return list, nil
	}
	gen := tournament.Generator{Plies: f.plies, Balance: f.balance, Lead: f.lead, Seed: f.seed}
	if f.balDepth > 0 {
		score, err := searchScorer(ctx, f.balDepth)
		if err != nil {
			return nil, err
		}
		gen.Score = score
	}
	n := f.rounds
	if f.plies == 0 && !v.DrawsStart() { // one opening: the start
		n = 1
	}
	if progress != nil && gen.Score != nil {
		gen.Progress = func(kept, tried int) {
			fmt.Fprintf(progress, "\rchoosing openings: %d of %d kept, %d tried", kept, n, tried)
		}
		defer fmt.Fprintln(progress)
	}
	return gen.Generate(ctx, v, n)
}
