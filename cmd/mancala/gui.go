package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/gui"
	"mancala/protocol/client"
)

// guiCommand is `mancala gui`: serve the browser front-end, driving engine processes
// started with the --engine command (by default this binary, speaking the protocol).
func guiCommand(args []string, std stdio) int {
	cfg, addr, status := guiConfig(args, std)
	if status >= 0 {
		return status
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := gui.Serve(ctx, cfg, addr, std.out); err != nil {
		return failed(std, fmt.Errorf("gui: %v", err))
	}
	return exitOK
}

// guiConfig reads the gui subcommand's flags into the server's configuration and
// address; status is -1 to serve, else the exit status (help printed, or a mistake
// reported). A rule file (its --variants, or the program's) adds its games to the
// page, and every engine is given it as its VariantPath option.
func guiConfig(args []string, std stdio) (cfg gui.Config, addr string, status int) {
	flags := pflag.NewFlagSet("mancala gui", pflag.ContinueOnError)
	flags.SetOutput(io.Discard)
	flags.StringVar(&addr, "addr", "127.0.0.1:0", "address to serve on (port 0: any free port)")
	engineCmd := flags.String("engine", "", `engine command line, e.g. "/usr/local/bin/other --flag" (default: this binary)`)
	maxEngines := flags.Int("max-engines", 4, "engine processes running at once (one per open game)")
	moveTime := flags.Duration("movetime", 0, "default engine thinking time per move (default 1s)")
	verbose := flags.Bool("verbose", false, "log engine status and stderr")
	tables := flags.String("tablebases", "", "directory of endgame tables (mancala tablebase build): exact move values and review losses")
	variants := flags.String("variants", "", "a rule file, or a folder of *.toml rule files, whose games the page offers beside the built-in ones; the engines get it as their VariantPath option")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			_, err := fmt.Fprint(std.out, "usage: mancala gui [--addr HOST:PORT] [--engine \"CMD ARGS\"] [--max-engines N] [--variants FILE]\n\nflags:\n"+flags.FlagUsages())
			return cfg, addr, failed(std, err)
		}
		return cfg, addr, usageError(std, "gui: %v", err)
	}
	if flags.NArg() > 0 {
		return cfg, addr, usageError(std, "gui: unexpected arguments %q", excerpt(strings.Join(flags.Args(), " ")))
	}
	ruleFile := loadedRuleFile
	if *variants != "" {
		if ruleFile != "" {
			return cfg, addr, usageError(std, "gui: --variants given twice (before gui and after it): give one file or folder")
		}
		if _, err := board.LoadRuleFile(*variants); err != nil {
			return cfg, addr, usageError(std, "gui: --variants: %v", err)
		}
		ruleFile = *variants
	}
	cfg = gui.Config{MaxEngines: *maxEngines, MoveTime: *moveTime, Tablebases: *tables}
	if ruleFile != "" {
		// The engines run in this directory, but an absolute path names the same
		// file whatever they do with theirs.
		if abs, err := filepath.Abs(ruleFile); err == nil {
			ruleFile = abs
		}
		cfg.EngineOptions = append(cfg.EngineOptions, client.Option{Name: "VariantPath", Value: ruleFile})
	}
	cmd := strings.Fields(*engineCmd)
	if len(cmd) == 0 {
		self, err := os.Executable()
		if err != nil {
			return cfg, addr, failed(std, fmt.Errorf("gui: cannot find this program to run it as the engine: %v", err))
		}
		cmd = []string{self}
		if *tables != "" { // this engine probes the same tables
			cfg.EngineOptions = append(cfg.EngineOptions, client.Option{Name: "TablebasePath", Value: *tables})
		}
	}
	cfg.Engine = cmd
	if *verbose {
		cfg.Log = std.err
	}
	return cfg, addr, -1
}
