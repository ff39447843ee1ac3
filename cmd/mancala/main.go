// Command mancala is the engine. With no subcommand it speaks the protocol of
// docs/protocol.md on standard input and output. Subcommands, each in its own file:
//
//	mancala bench [--threads N]              search the bench suite; its last line, Bench: <nodes>, is the signature
//	mancala bench --variant GAME [--depth D] the same for any one game
//	mancala perft VARIANT DEPTH [POSITION]   count games of DEPTH moves below each legal move
//	mancala help                             print the usage
//	mancala version                          print the name, version and commit
//	mancala selfplay [FLAGS]                 measure evaluation features by self-play
//
// Flags, before any subcommand: --variant NAME (the game to start with), --notation
// letters (Aalina's notation, docs/oware.md), --version, --help. Exit status: 0, 1 when running fails, 2 for a command-line mistake.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol"
	"mancala/protocol/printable"
)

func main() {
	protocol.Version, _ = buildVersion() // for uci's "id name"
	os.Exit(run(os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}

// stdio is the program's standard input and outputs.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1 // running failed (e.g. the output could not be written)
	exitUsage   = 2 // a command-line mistake
)

// subcommands runs each subcommand with the arguments after its name and returns the
// exit status. A new subcommand lives in its own file and adds one line here and one
// to usage.
var subcommands = map[string]func(args []string, std stdio) int{
	"bench":     benchCommand,
	"convert":   convertCommand,
	"gui":       guiCommand,
	"help":      helpCommand,
	"perft":     perftCommand,
	"selfplay":  selfplayCommand,
	"solve":     solveCommand,
	"tablebase": tablebaseCommand,
	"version":   versionCommand,
}

// usage is what help prints, followed by the flags.
const usage = `usage:
  mancala [--variant NAME] [--notation N]  speak the engine protocol on stdin/stdout
  mancala bench [--threads N]              search the bench suite; the last line, Bench: <nodes>, is the signature
  mancala bench --variant GAME [--depth D] the same for any one game: its start and two positions of a fixed game,
                                           searched to depth D (18)
  mancala perft VARIANT DEPTH [POSITION]   count games of DEPTH moves (1 to 1000) below each legal move,
                                           from POSITION (its 5 fields) or the start position
  mancala solve [--hash MB] [--time S] [--tables DIR] GAME [POSITION]
                                           prove the final seed margin under perfect play
  mancala convert FILE|FOLDER              print rule files (StoneShark's *.txt too) as one rule file of the
                                           project's format, naming the games it cannot play (docs/stoneshark.md)
  mancala gui [--addr A] [--engine CMD] [--variants FILE]
                                           serve the browser front-end on 127.0.0.1 (docs/gui.md)
  mancala tablebase build|probe ...        endgame tables (mancala tablebase --help)
  mancala help                             print this help
  mancala version                          print the name, version and commit
  mancala selfplay [FLAGS]                 evaluation features by self-play (selfplay --help)

Exit status: 0; 1 when running fails; 2 for a command-line mistake.

flags (before any subcommand):
`

// loadedRuleFile is the rule file (or folder) of the --variants flag before the
// subcommand, loaded by run: "" for none. Subcommands that start engines (gui) hand
// it on to them.
var loadedRuleFile string

// run is the whole program; it returns the exit status.
func run(args []string, std stdio) int {
	flags, variant, notation, variants, version := newFlags()
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return helpCommand(nil, std)
		}
		return usageError(std, "%v", err)
	}
	if *version {
		return versionCommand(nil, std)
	}
	if *variants != "" {
		if _, err := board.LoadRuleFile(*variants); err != nil {
			var refused board.Refused
			if !errors.As(err, &refused) {
				return usageError(std, "--variants: %v", err)
			}
			for _, r := range refused { // the games that load are played
				fmt.Fprintln(std.err, "mancala: --variants: refused:", printable.Line(r.Error()))
			}
		}
	}
	loadedRuleFile = *variants
	rest := flags.Args()
	if len(rest) == 0 {
		if _, err := board.VariantByName(*variant); err != nil {
			return usageError(std, "--variant: %v", err)
		}
		if *notation != "coordinates" && *notation != "letters" {
			return usageError(std, "--notation must be coordinates or letters, not %q", excerpt(*notation))
		}
		return failed(std, serve(std, *variant, *notation, *variants))
	}
	sub, ok := subcommands[rest[0]]
	if !ok {
		names := make([]string, 0, len(subcommands))
		for name := range subcommands {
			names = append(names, name)
		}
		if near := protocol.Nearest(rest[0], names); near != "" && len(rest[0]) <= 20 {
			return usageError(std, "unknown command %q; did you mean %s?", rest[0], near)
		}
		return usageError(std, "unknown command %q", excerpt(rest[0]))
	}
	return sub(rest[1:], std)
}

// newFlags returns the program's flags (subcommands take none of them).
func newFlags() (flags *pflag.FlagSet, variant, notation, variants *string, version *bool) {
	flags = pflag.NewFlagSet("mancala", pflag.ContinueOnError)
	flags.SetInterspersed(false) // a subcommand's arguments are its own
	flags.SetOutput(io.Discard)  // errors are reported by run, in one line
	variant = flags.String("variant", board.DefaultVariant.Get().Name,
		"game to start with, the Variant option's default: "+strings.Join(board.VariantNames()[:5], ", ")+
			", the Kalah boards kalah-M-N and kalah-M-N-standard, or a game of --variants")
	variants = flags.String("variants", "",
		"a rule file, or a folder of rule files (*.toml, or StoneShark's *.txt), whose games every subcommand and the engine then play (docs/rules-format.md); the VariantPath option's default")
	notation = flags.String("notation", "coordinates",
		"how moves are written, the Notation option's default: coordinates, or letters (Aalina's, for Aualé: docs/oware.md)")
	version = flags.Bool("version", false, "print the name, version and commit, then exit")
	return flags, variant, notation, variants, version
}

// helpCommand prints the usage on standard output.
func helpCommand(args []string, std stdio) int {
	if len(args) > 0 {
		return usageError(std, "help takes no arguments, got %q", excerpt(strings.Join(args, " ")))
	}
	flags, _, _, _, _ := newFlags()
	_, err := fmt.Fprint(std.out, usage+flags.FlagUsages())
	return failed(std, err)
}

// versionCommand prints "mancala <version> (commit <commit>)", from the build
// information (buildVersion).
func versionCommand(args []string, std stdio) int {
	if len(args) > 0 {
		return usageError(std, "version takes no arguments, got %q", excerpt(strings.Join(args, " ")))
	}
	version, commit := buildVersion()
	_, err := fmt.Fprintf(std.out, "%s %s (commit %s)\n", protocol.EngineName, version, commit)
	return failed(std, err)
}

// serve runs the protocol engine.
func serve(std stdio, variant, notation, variantPath string) error {
	e, err := protocol.NewEngine(std.in, std.out, protocol.Config{Variant: variant, Notation: notation, Algorithms: algorithms(),
		VariantPath: variantPath, OpenEndgames: openEndgames})
	if err != nil {
		return err
	}
	return e.Run()
}

// excerpt cuts a quoted argument to 40 bytes and "...".
func excerpt(s string) string { return protocol.Excerpt(s, 40) }

// usageError reports a command-line mistake in one line and returns exitUsage.
func usageError(std stdio, format string, args ...any) int {
	fmt.Fprintf(std.err, "mancala: "+format+" (see mancala help)\n", args...)
	return exitUsage
}

// failed reports err, if any, in one printable line (it may quote a file), and
// returns the exit status for it.
func failed(std stdio, err error) int {
	if err != nil {
		fmt.Fprintln(std.err, "mancala:", printable.Line(err.Error()))
		return exitFailure
	}
	return exitOK
}
