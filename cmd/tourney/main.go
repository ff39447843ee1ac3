// Command tourney plays engine-versus-engine matches of the mancala engines, checks
// an engine's protocol handling (--compliance) and replays game records (--replay).
// See docs/tournaments.md.
package main

import (
	"context"
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
	"mancala/protocol/tournament"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("tourney", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		engines     = fs.StringArray("engine", nil, "an engine: name=N cmd=PATH [arg=A]... [dir=D] [env=K=V]... [option.NAME=VALUE]... [tc=T] [movetime=S] [depth=N] [nodes=N] (repeat per engine)")
		each        = fs.StringArray("each", nil, "words applied to every engine before its own (same keys as --engine)")
		variant     = fs.String("variant", "je-ki-n-je", "the game: "+strings.Join(board.VariantNames(), ", "))
		tc          = fs.String("tc", "", "time control [moves/]seconds[+increment], e.g. 40/10+0.1 or 1+0.01")
		movetime    = fs.Float64("movetime", 0, "fixed seconds per move")
		depth       = fs.Int("depth", 0, "fixed depth per move")
		nodes       = fs.Uint64("nodes", 0, "fixed nodes per move")
		rounds      = fs.Int("rounds", 10, "game pairs (one opening, both colours) per pairing of engines")
		gauntlet    = fs.Bool("gauntlet", false, "the first engine plays each other engine (default: round robin)")
		concurrency = fs.Int("concurrency", 1, "games played at once, each with its own engine processes")
		openings    = fs.String("openings", "", "file of openings, one per line: startpos or a position, then optional moves")
		shuffle     = fs.Bool("shuffle", false, "use the openings file in a random order (by --seed)")
		plies       = fs.Int("opening-plies", 4, "random openings: plies from the start position (0: every game from the start)")
		balDepth    = fs.Int("opening-depth", 2, "random openings: depth of the balancing search (0: no balancing)")
		balance     = fs.Int("opening-balance", 150, "random openings: largest accepted |score| in centiseeds")
		seed        = fs.Uint64("seed", 1, "seed for random openings and shuffling")
		maxPlies    = fs.Int("maxplies", 1000, "adjudicate a game at this many plies (0: never)")
		winScore    = fs.Int("win-score", 0, "score adjudication: centiseeds both engines must report (0: off)")
		winMoves    = fs.Int("win-moves", 4, "score adjudication: consecutive moves of each engine")
		margin      = fs.Float64("timemargin", 0.1, "seconds an engine may overstep its clock or movetime")
		moveTimeout = fs.Float64("move-timeout", 60, "seconds a move may take when there is no clock or movetime")
		readyTO     = fs.Float64("ready-timeout", 10, "seconds to wait for uciok and readyok")
		sprt        = fs.String("sprt", "", "SPRT: elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]; stops the match when decided")
		games       = fs.String("games", "", "write every game as a JSON line to this file")
		logFile     = fs.String("log", "", "write faults and ignored engine lines here (default: standard error)")
		trace       = fs.String("trace", "", "write every protocol line of every engine to this file")
		quiet       = fs.Bool("quiet", false, "no progress line")
		compliance  = fs.String("compliance", "", "check the protocol handling of this engine command line, then exit")
		replay      = fs.String("replay", "", "replay a games file with the rules, print each game's final position, then exit")
	)
	fs.SortFlags = false
	if err := fs.Parse(tournament.GroupArgs(args, "engine", "each", "sprt")); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		fmt.Fprintln(stderr, "tourney:", err)
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "tourney:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *replay != "" {
		f, err := os.Open(*replay)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		n, bad, err := tournament.Replay(f, stdout)
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "replayed %d games, %d failed\n", n, bad)
		if bad > 0 {
			return 1
		}
		return 0
	}
	if *compliance != "" {
		words := strings.Fields(*compliance)
		if len(words) == 0 {
			return fail(fmt.Errorf("--compliance needs an engine command"))
		}
		_, failed := tournament.Compliance(ctx, client.Config{Name: words[0], Path: words[0], Args: words[1:]}, stdout)
		if failed > 0 {
			return 1
		}
		return 0
	}

	v, err := board.VariantByName(*variant)
	if err != nil {
		return fail(err)
	}
	cfg := tournament.Config{Variant: v, Rounds: *rounds, Gauntlet: *gauntlet, Concurrency: *concurrency,
		Adjudication: tournament.Adjudication{MaxPlies: *maxPlies, WinScore: *winScore, WinMoves: *winMoves},
		TimeMargin:   seconds(*margin), MoveTimeout: seconds(*moveTimeout), ReadyTimeout: seconds(*readyTO)}
	if *tc != "" {
		if cfg.Limits.TC, err = tournament.ParseTimeControl(*tc); err != nil {
			return fail(err)
		}
	}
	cfg.Limits.MoveTime, cfg.Limits.Depth, cfg.Limits.Nodes = seconds(*movetime), *depth, *nodes
	var shared []string
	for _, e := range *each {
		shared = append(shared, tournament.SplitGroup(e)...)
	}
	for _, e := range *engines {
		spec, err := tournament.ParseEngineSpec(append(append([]string(nil), shared...), tournament.SplitGroup(e)...))
		if err != nil {
			return fail(err)
		}
		cfg.Engines = append(cfg.Engines, spec)
	}
	if *sprt != "" {
		t, err := tournament.ParseSPRT(tournament.SplitGroup(*sprt))
		if err != nil {
			return fail(err)
		}
		cfg.SPRT = &t
	}
	if *openings != "" {
		f, err := os.Open(*openings)
		if err != nil {
			return fail(err)
		}
		cfg.Openings, err = tournament.ReadOpenings(v, f)
		f.Close()
		if err != nil {
			return fail(err)
		}
		if *shuffle {
			rng := rand.New(rand.NewPCG(*seed, 0))
			rng.Shuffle(len(cfg.Openings), func(i, j int) { cfg.Openings[i], cfg.Openings[j] = cfg.Openings[j], cfg.Openings[i] })
		}
	} else {
		gen := tournament.Generator{Plies: *plies, Depth: *balDepth, Balance: *balance, Seed: *seed}
		n := *rounds
		if *plies == 0 {
			n = 1
		}
		if cfg.Openings, err = gen.Generate(v, n); err != nil {
			return fail(err)
		}
	}
	if *games != "" {
		f, err := os.Create(*games)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		cfg.Records = f
	}
	cfg.Log = stderr
	if *logFile != "" {
		f, err := os.Create(*logFile)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		cfg.Log = f
	}
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		var mu sync.Mutex
		start := time.Now()
		cfg.Trace = func(name string, dir byte, line string) {
			mu.Lock()
			fmt.Fprintf(f, "%8.3f %s %c %s\n", time.Since(start).Seconds(), name, dir, line)
			mu.Unlock()
		}
	}
	if !*quiet {
		cfg.Progress = stderr
		if fi, err := os.Stderr.Stat(); err == nil && stderr == os.Stderr && fi.Mode()&os.ModeCharDevice != 0 {
			cfg.Live = true
		}
	}
	sum, err := tournament.Run(ctx, cfg)
	if sum != nil {
		tournament.WriteReport(stdout, sum)
	}
	if err != nil {
		return fail(err)
	}
	return 0
}
