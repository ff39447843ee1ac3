package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/tablebase"
)

// flags holds the command line of a match, a compliance check or a replay.
type flags struct {
	engines, each                     []string
	variant, variants, tc             string
	movetime                          float64
	depth                             int
	nodes                             uint64
	rounds                            int
	games                             string
	gauntlet                          bool
	concurrency                       int
	openingsFile                      string
	shuffle                           bool
	plies, balDepth, balance, lead    int
	seed                              uint64
	maxPlies, winScore, winMoves      int
	tablebases                        string
	margin, moveTimeout, readyTimeout float64
	sprt                              string
	records                           string
	resume, recover                   bool
	shard                             string
	ratingInterval                    int
	log, trace                        string
	quiet                             bool
	compliance, replay                string
}

// parseFlags reads a command line. Single-dash spellings of the flags
// (fastchess's and cutechess-cli's `-engine`, `-rounds`, ...) are accepted.
func parseFlags(args []string, stderr io.Writer) (*flags, error) {
	var f flags
	fs := f.flagSet(stderr)
	if err := fs.Parse(tournament.GroupArgs(singleDash(fs, args), "engine", "each", "sprt", "openings")); err != nil {
		return nil, err
	}
	if err := f.openingsWords(); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (engines are given with --engine; records files are read by `tourney report`)", fs.Arg(0))
	}
	return &f, nil
}

// flagSet defines every flag of the command, stored into f.
func (f *flags) flagSet(stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet("tourney", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.SortFlags = false
	fs.StringArrayVar(&f.engines, "engine", nil, "an engine: name=N cmd=PATH [arg=A]... [dir=D] [env=K=V]... [option.NAME=VALUE]... [tc=T] [movetime=S] [depth=N] [nodes=N] (repeat per engine)")
	fs.StringArrayVar(&f.each, "each", nil, "words applied to every engine before its own (same keys as --engine)")
	fs.StringVar(&f.variant, "variant", board.DefaultVariant.Get().Name,
		"the game: "+strings.Join(board.VariantNames()[:5], ", ")+", the Kalah boards kalah-M-N and kalah-M-N-standard, or a game of --variants")
	fs.StringVar(&f.variants, "variants", "",
		"a rule file (or a folder of them) whose games the match may play: the runner referees with it and gives it to engines that declare VariantPath (docs/rules-format.md)")
	fs.StringVar(&f.tc, "tc", "", "time control [moves/]base[+increment], base in seconds or minutes:seconds (40/10+0.1, 1+0.01, 0:10+0.1), or inf (with a depth or nodes limit)")
	fs.Float64Var(&f.movetime, "movetime", 0, "fixed seconds per move")
	fs.IntVar(&f.depth, "depth", 0, "fixed depth per move")
	fs.Uint64Var(&f.nodes, "nodes", 0, "fixed nodes per move")
	fs.IntVar(&f.rounds, "rounds", 10, "game pairs (one opening, both colours) per pairing of engines")
	fs.StringVar(&f.games, "games", "2", "games per round and pairing, as in cutechess-cli: always 2 here (a game pair); records go to --records")
	fs.BoolVar(&f.gauntlet, "gauntlet", false, "the first engine plays each other engine (default: round robin)")
	fs.IntVar(&f.concurrency, "concurrency", 1, "games played at once, each with its own engine processes")
	fs.StringVar(&f.openingsFile, "openings", "", "file of openings, one per line: startpos or a position, then optional moves (or cutechess-style file=FILE [order=random])")
	fs.BoolVar(&f.shuffle, "shuffle", false, "use the openings file in a random order (by --seed)")
	fs.IntVar(&f.plies, "opening-plies", 4, "random openings: plies from the start position (0: every game from the start, or in a game that draws its start from a start drawn for each opening)")
	fs.IntVar(&f.balDepth, "opening-depth", 2, "random openings: depth of the balancing search (0: no balancing)")
	fs.IntVar(&f.balance, "opening-balance", 150, "random openings: largest accepted |score| in centiseeds")
	fs.IntVar(&f.lead, "opening-lead", 0, "random openings: smallest accepted |score| in centiseeds (0: none), for unbalanced openings")
	fs.Uint64Var(&f.seed, "seed", 1, "seed for random openings and shuffling")
	fs.IntVar(&f.maxPlies, "maxplies", board.DefaultPlyCap, "adjudicate a game at this many plies (0: never)")
	fs.IntVar(&f.winScore, "win-score", 0, "score adjudication: centiseeds both engines must report (0: off)")
	fs.IntVar(&f.winMoves, "win-moves", 4, "score adjudication: consecutive moves of each engine")
	fs.StringVar(&f.tablebases, "tablebases", "", "adjudicate a game as soon as this directory's endgame table values its position exactly (as cutechess-cli's -tb)")
	fs.Float64Var(&f.margin, "timemargin", 0.1, "seconds an engine may overstep its clock or movetime")
	fs.Float64Var(&f.moveTimeout, "move-timeout", 60, "seconds a move may take when there is no clock or movetime")
	fs.Float64Var(&f.readyTimeout, "ready-timeout", 10, "seconds to wait for uciok and readyok")
	fs.StringVar(&f.sprt, "sprt", "", "SPRT: elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]; stops the match when decided")
	fs.StringVar(&f.records, "records", "", "write every game as a JSON line to this file ({shard} is replaced by the shard index); an existing file is refused unless --resume")
	fs.BoolVar(&f.resume, "resume", false, "continue the match recorded in --records: play the games it lacks")
	fs.StringVar(&f.shard, "shard", "", "play one slice of the schedule: I/N (I from 0 to N-1), or auto/N (I from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)")
	fs.IntVar(&f.ratingInterval, "ratinginterval", 0, "print the standings every N games (0: only at the end)")
	fs.BoolVar(&f.recover, "recover", false, "accepted for cutechess-cli habits: a crashed engine is always restarted for its next game")
	fs.StringVar(&f.log, "log", "", "write faults and ignored engine lines here (default: standard error)")
	fs.StringVar(&f.trace, "trace", "", "write every protocol line of every engine process, with its game, to this file")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line")
	fs.StringVar(&f.compliance, "compliance", "", "check the protocol handling of this engine command line, then exit")
	fs.StringVar(&f.replay, "replay", "", "replay a records file with the rules, print each game's final position, then exit")
	return fs
}

// singleDash rewrites `-name` and `-name=value` to `--name...` when name is one of
// fs's flags, so that fastchess and cutechess-cli users' spellings work. Negative
// numbers and words that name no flag are left alone.
func singleDash(fs *pflag.FlagSet, args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "--" {
			copy(out[i:], args[i:])
			break
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			name, _, _ := strings.Cut(a[1:], "=")
			if fs.Lookup(name) != nil {
				out[i] = "-" + a
			}
		}
	}
	return out
}

// openingsWords reads fastchess's and cutechess-cli's form of --openings,
// `file=FILE [order=sequential|random]`, into the file name and --shuffle. A plain
// file name is left alone.
func (f *flags) openingsWords() error {
	words := tournament.SplitGroup(f.openingsFile)
	if len(words) == 0 || !strings.Contains(f.openingsFile, "=") {
		return nil
	}
	f.openingsFile = ""
	for _, w := range words {
		k, v, _ := strings.Cut(w, "=")
		switch {
		case k == "file":
			f.openingsFile = v
		case k == "order" && v == "random":
			f.shuffle = true
		case k == "order" && v == "sequential":
		default:
			return fmt.Errorf("--openings: %q: want file=FILE and optionally order=sequential or order=random", w)
		}
	}
	if f.openingsFile == "" {
		return fmt.Errorf("--openings: file=FILE is missing")
	}
	return nil
}

func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// config checks the numbers and builds the match's configuration (openings apart).
// loadVariants reads the --variants rule file and keeps its absolute path, which
// engines started in another directory can open too.
func (f *flags) loadVariants() error {
	abs, err := filepath.Abs(f.variants)
	if err == nil {
		_, err = board.LoadRuleFile(abs)
	}
	var refused board.Refused
	if errors.As(err, &refused) {
		err = nil // StoneShark games it cannot play: the rest are played, as engines do
	}
	if err != nil {
		return fmt.Errorf("--variants: %w", err)
	}
	f.variants = abs
	return nil
}

func (f *flags) config() (tournament.Config, error) {
	var cfg tournament.Config
	switch n, err := strconv.Atoi(f.games); {
	case err != nil:
		return cfg, fmt.Errorf("--games %q: in cutechess-cli --games is a count of games per round; the records file is --records FILE", f.games)
	case n != 2:
		return cfg, fmt.Errorf("--games %d: every opening is played as a game pair here, so games per round is always 2; use --rounds for more games", n)
	}
	for _, c := range []struct {
		name string
		bad  bool
		want string
	}{
		{"rounds", f.rounds < 1, "at least 1"},
		{"concurrency", f.concurrency < 1, "at least 1"},
		{"movetime", f.movetime < 0, "0 or more seconds"},
		{"depth", f.depth < 0, "0 or more"},
		{"maxplies", f.maxPlies < 0, "0 (never) or more"},
		{"win-score", f.winScore < 0, "0 (off) or more"},
		{"win-moves", f.winMoves < 1, "at least 1"},
		{"timemargin", f.margin < 0, "0 or more seconds"},
		{"move-timeout", f.moveTimeout <= 0, "more than 0 seconds"},
		{"ready-timeout", f.readyTimeout <= 0, "more than 0 seconds"},
		{"opening-plies", f.plies < 0, "0 or more"},
		{"opening-depth", f.balDepth < 0, "0 (no balancing) or more"},
		{"opening-balance", f.balance < 0, "0 or more"},
		{"opening-lead", f.lead < 0 || f.lead > f.balance, "0 or more and at most --opening-balance"},
		{"opening-lead", f.lead > 0 && f.balDepth == 0, "0 without a balancing search (--opening-depth 0)"},
		{"ratinginterval", f.ratingInterval < 0, "0 (off) or more"},
	} {
		if c.bad {
			return cfg, fmt.Errorf("--%s must be %s", c.name, c.want)
		}
	}
	v, err := board.VariantByName(f.variant)
	if err != nil {
		return cfg, err
	}
	cfg = tournament.Config{Variant: v, VariantPath: f.variants, Rounds: f.rounds, Gauntlet: f.gauntlet, Concurrency: f.concurrency,
		Adjudication: tournament.Adjudication{MaxPlies: f.maxPlies, WinScore: f.winScore, WinMoves: f.winMoves},
		TimeMargin:   seconds(f.margin), MoveTimeout: seconds(f.moveTimeout), ReadyTimeout: seconds(f.readyTimeout),
		Resume: f.resume, RatingInterval: f.ratingInterval}
	if f.tc != "" {
		if cfg.Limits.TC, err = tournament.ParseTimeControl(f.tc); err != nil {
			return cfg, err
		}
	}
	cfg.Limits.MoveTime, cfg.Limits.Depth, cfg.Limits.Nodes = seconds(f.movetime), f.depth, f.nodes
	var shared []string
	for _, e := range f.each {
		shared = append(shared, tournament.SplitGroup(e)...)
	}
	for _, e := range f.engines {
		spec, err := tournament.ParseEngineSpec(append(append([]string(nil), shared...), tournament.SplitGroup(e)...))
		if err != nil {
			return cfg, err
		}
		cfg.Engines = append(cfg.Engines, spec)
	}
	if f.sprt != "" {
		t, err := tournament.ParseSPRT(tournament.SplitGroup(f.sprt))
		if err != nil {
			return cfg, err
		}
		cfg.SPRT = &t
	}
	if f.tablebases != "" {
		if cfg.Adjudication.Table, err = tablebase.Open(f.tablebases, v); err != nil {
			return cfg, fmt.Errorf("--tablebases: %v", err)
		}
	}
	if f.shard != "" {
		if cfg.Shard, err = parseShard(f.shard, os.Getenv); err != nil {
			return cfg, err
		}
	}
	cfg.RecordsPath = strings.ReplaceAll(f.records, "{shard}", strconv.Itoa(cfg.Shard.Index))
	if f.resume && f.records == "" {
		return cfg, fmt.Errorf("--resume needs --records FILE")
	}
	return cfg, nil
}

// parseShard reads I/N, or auto/N with I from the batch system's environment: a
// Kubernetes Indexed Job's JOB_COMPLETION_INDEX, or a Slurm job array's
// SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN, so that --array=1-N works too).
func parseShard(s string, getenv func(string) string) (tournament.Shard, error) {
	var sh tournament.Shard
	i, n, ok := strings.Cut(s, "/")
	count, err := strconv.Atoi(n)
	if !ok || err != nil || count < 1 {
		return sh, fmt.Errorf("--shard %q: want I/N or auto/N, N a whole number from 1", s)
	}
	index := -1
	if i == "auto" {
		var src string
		switch {
		case getenv("JOB_COMPLETION_INDEX") != "":
			src = "JOB_COMPLETION_INDEX"
			index, err = strconv.Atoi(getenv(src))
		case getenv("SLURM_ARRAY_TASK_ID") != "":
			src = "SLURM_ARRAY_TASK_ID"
			index, err = strconv.Atoi(getenv(src))
			if first := getenv("SLURM_ARRAY_TASK_MIN"); err == nil && first != "" {
				var m int
				m, err = strconv.Atoi(first)
				index -= m
			}
		default:
			return sh, fmt.Errorf("--shard auto: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set")
		}
		if err != nil || index < 0 || index >= count {
			return sh, fmt.Errorf("--shard auto/%d: %s gives shard %d, want 0 to %d", count, src, index, count-1)
		}
	} else if index, err = strconv.Atoi(i); err != nil || index < 0 || index >= count {
		return sh, fmt.Errorf("--shard %q: the index must be a whole number from 0 to %d", s, count-1)
	}
	return tournament.Shard{Index: index, Count: count}, nil
}
