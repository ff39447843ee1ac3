// Command mancala is the engine. With no subcommand it speaks the protocol of
// docs/protocol.md on standard input and output. Subcommands:
//
//	mancala bench                          search the bench suite; the node total is the signature
//	mancala perft VARIANT DEPTH [position] count move sequences below each legal move
//	mancala selfplay [flags]               measure evaluation features by self-play
//
// Flags: --variant NAME (the game to start with), --version.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"mancala/bench"
	"mancala/board"
	"mancala/protocol"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usage is printed for --help and for command-line mistakes.
const usage = `usage:
  mancala [--variant NAME]                 speak the engine protocol on stdin/stdout
  mancala bench                            search the bench suite, print the node signature
  mancala perft VARIANT DEPTH [position]   count move sequences (position: the 5 fields)
  mancala selfplay [flags]                 evaluation features by self-play (selfplay --help)
  mancala --version

flags:
`

// run is the whole program; it returns the exit status: 0, 1 for a failure, 2 for a
// command-line mistake.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "selfplay" {
		return selfplay(args[1:], stdout, stderr)
	}
	flags := pflag.NewFlagSet("mancala", pflag.ContinueOnError)
	flags.SetOutput(stderr)
	variant := flags.String("variant", board.JeKiNJe.Get().Name,
		"game to start with, the Variant option's default: "+strings.Join(board.VariantNames(), ", "))
	version := flags.Bool("version", false, "print the name and version, then exit")
	flags.Usage = func() { fmt.Fprint(stderr, usage+flags.FlagUsages()) }
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "mancala:", err)
		flags.Usage()
		return 2
	}
	if *version {
		fmt.Fprintln(stdout, protocol.EngineName, protocol.Version)
		return 0
	}
	rest := flags.Args()
	var err error
	switch {
	case len(rest) == 0:
		err = serve(stdin, stdout, *variant)
	case rest[0] == "bench" && len(rest) == 1:
		_, err = bench.Run(stdout)
	case rest[0] == "perft" && len(rest) >= 3:
		depth, convErr := strconv.Atoi(rest[2])
		if convErr != nil {
			fmt.Fprintf(stderr, "mancala perft: depth must be a whole number, not %q\n", rest[2])
			return 2
		}
		err = bench.Perft(stdout, rest[1], depth, strings.Join(rest[3:], " "))
	default:
		fmt.Fprintf(stderr, "mancala: unknown command line %q\n", strings.Join(rest, " "))
		flags.Usage()
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "mancala:", err)
		return 1
	}
	return 0
}

// serve runs the protocol engine.
func serve(in io.Reader, out io.Writer, variant string) error {
	e, err := protocol.NewEngine(in, out, protocol.Config{Variant: variant, Algorithms: algorithms()})
	if err != nil {
		return err
	}
	return e.Run()
}
