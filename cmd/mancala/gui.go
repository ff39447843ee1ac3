package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/pflag"

	"mancala/gui"
)

// runGUI is `mancala gui`: serve the browser front-end, driving engine processes
// started with the --engine command (by default this binary, speaking the protocol).
func runGUI(args []string, stdout, stderr io.Writer) int {
	flags := pflag.NewFlagSet("mancala gui", pflag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:0", "address to serve on (port 0: any free port)")
	engineCmd := flags.String("engine", "", `engine command line, e.g. "/usr/local/bin/other --flag" (default: this binary)`)
	maxEngines := flags.Int("max-engines", 4, "engine processes running at once (one per open game)")
	moveTime := flags.Duration("movetime", 0, "default engine thinking time per move (default 1s)")
	verbose := flags.Bool("verbose", false, "log engine status and stderr")
	flags.Usage = func() {
		fmt.Fprint(stderr, "usage: mancala gui [--addr HOST:PORT] [--engine \"CMD ARGS\"] [--max-engines N]\n\nflags:\n"+flags.FlagUsages())
	}
	if err := flags.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		fmt.Fprintln(stderr, "mancala gui:", err)
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "mancala gui: unexpected arguments %q\n", strings.Join(flags.Args(), " "))
		return 2
	}
	cmd := strings.Fields(*engineCmd)
	if len(cmd) == 0 {
		self, err := os.Executable()
		if err != nil {
			fmt.Fprintln(stderr, "mancala gui: cannot find this program to run it as the engine:", err)
			return 1
		}
		cmd = []string{self}
	}
	cfg := gui.Config{Engine: cmd, MaxEngines: *maxEngines, MoveTime: *moveTime}
	if *verbose {
		cfg.Log = stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := gui.Serve(ctx, cfg, *addr, stdout); err != nil {
		fmt.Fprintln(stderr, "mancala gui:", err)
		return 1
	}
	return 0
}
