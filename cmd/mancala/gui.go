package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/spf13/pflag"

	"mancala/gui"
	"mancala/protocol/client"
)

// guiCommand is `mancala gui`: serve the browser front-end, driving engine processes
// started with the --engine command (by default this binary, speaking the protocol).
func guiCommand(args []string, std stdio) int {
	flags := pflag.NewFlagSet("mancala gui", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	addr := flags.String("addr", "127.0.0.1:0", "address to serve on (port 0: any free port)")
	engineCmd := flags.String("engine", "", `engine command line, e.g. "/usr/local/bin/other --flag" (default: this binary)`)
	maxEngines := flags.Int("max-engines", 4, "engine processes running at once (one per open game)")
	moveTime := flags.Duration("movetime", 0, "default engine thinking time per move (default 1s)")
	verbose := flags.Bool("verbose", false, "log engine status and stderr")
	tables := flags.String("tablebases", "", "directory of endgame tables (mancala tablebase build): exact move values and review losses")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(std.out, "usage: mancala gui [--addr HOST:PORT] [--engine \"CMD ARGS\"] [--max-engines N]\n\nflags:\n"+flags.FlagUsages())
			return failed(std, err)
		}
		return usageError(std, "gui: %v", err)
	}
	if flags.NArg() > 0 {
		return usageError(std, "gui: unexpected arguments %q", excerpt(strings.Join(flags.Args(), " ")))
	}
	cmd := strings.Fields(*engineCmd)
	cfg := gui.Config{MaxEngines: *maxEngines, MoveTime: *moveTime, Tablebases: *tables}
	if len(cmd) == 0 {
		self, err := os.Executable()
		if err != nil {
			return failed(std, fmt.Errorf("gui: cannot find this program to run it as the engine: %v", err))
		}
		cmd = []string{self}
		if *tables != "" { // this engine probes the same tables
			cfg.EngineOptions = []client.Option{{Name: "TablebasePath", Value: *tables}}
		}
	}
	cfg.Engine = cmd
	if *verbose {
		cfg.Log = std.err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := gui.Serve(ctx, cfg, *addr, std.out); err != nil {
		return failed(std, fmt.Errorf("gui: %v", err))
	}
	return exitOK
}
