package protocol

import (
	"errors"
	"fmt"
	"strings"

	"mancala/board"
	"mancala/search"
)

// command is one protocol command. prepare checks the arguments against the engine's
// current state and returns the action that carries the command out; an error means
// the line is rejected and nothing changes.
type command struct {
	needsIdle bool // stops a running job first (position, setoption, ucinewgame, go)
	prepare   func(e *Engine, args []string) (func(), error)
}

// commands maps command names to their handlers. A bare quit is handled by Run
// itself, at once; quit with arguments gets here and is an error.
var commands = map[string]command{
	"uci":        {prepare: noArgs("uci", (*Engine).uci)},
	"isready":    {prepare: noArgs("isready", func(e *Engine) { e.out.lines("readyok") })},
	"setoption":  {needsIdle: true, prepare: (*Engine).setOption},
	"ucinewgame": {needsIdle: true, prepare: noArgs("ucinewgame", func(e *Engine) { e.searcher.NewGame() })},
	"position":   {needsIdle: true, prepare: (*Engine).position},
	"go":         {needsIdle: true, prepare: (*Engine).goCommand},
	"stop":       {prepare: noArgs("stop", (*Engine).stopJob)},
	"ponderhit":  {prepare: (*Engine).ponderHit},
	"d":          {prepare: noArgs("d", (*Engine).display)},
	"quit":       {prepare: func(*Engine, []string) (func(), error) { return nil, errors.New("quit takes no arguments") }},
}

// parse turns an input line into its action.
func (e *Engine) parse(in input) (act func(), needsIdle bool, err error) {
	if in.problem != "" {
		return nil, false, errors.New(in.problem)
	}
	fields := strings.Fields(in.text)
	if len(fields) == 0 {
		return nil, false, errors.New("empty line")
	}
	cmd, ok := commands[fields[0]]
	if !ok {
		return nil, false, unknownCommand(fields[0])
	}
	act, err = cmd.prepare(e, fields[1:])
	return act, cmd.needsIdle, err
}

// unknownCommand is the error for an unknown command word, with the nearest known
// command if the word looks like a misspelling of one.
func unknownCommand(word string) error {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	if len(word) <= 20 { // a longer word is no misspelling (and costs its length squared)
		if near := Nearest(word, names); near != "" {
			return fmt.Errorf("unknown command %q; did you mean %s?", word, near)
		}
	}
	return fmt.Errorf("unknown command %q", clip(word))
}

// noArgs adapts a command without arguments.
func noArgs(name string, f func(e *Engine)) func(*Engine, []string) (func(), error) {
	return func(e *Engine, args []string) (func(), error) {
		if len(args) > 0 {
			return nil, fmt.Errorf("%s takes no arguments, got %q", name, clip(strings.Join(args, " ")))
		}
		return func() { f(e) }, nil
	}
}

// uci identifies the engine and declares its options.
func (e *Engine) uci() {
	lines := []string{"id name " + EngineName + " " + Version, "id author " + EngineAuthor}
	for i := range e.options {
		lines = append(lines, e.options[i].declaration())
	}
	e.out.lines(append(lines, "uciok")...)
}

// setOption validates a new option value and applies it in one step. An option that
// opens an endgame table (TablebasePath, or Variant while a TablebasePath is set)
// opens it in the background and applies the value once it is open.
func (e *Engine) setOption(args []string) (func(), error) {
	name, value, err := parseSetOption(args)
	if err != nil {
		return nil, err
	}
	o, err := findOption(e.options, name)
	if err != nil {
		return nil, err
	}
	if value == "" && o.kind != text {
		return nil, fmt.Errorf("setoption: missing value for option %q", clip(name))
	}
	value, err = o.canonical(value)
	if err != nil {
		return nil, err
	}
	if o.name == variantPathOption && value != "" {
		return e.loadVariants(value)
	}
	return func() {
		next := e.set
		o.set(&next, value)
		switch {
		case o.name == tablebaseOption:
			e.openInBackground(next, func(eg search.Endgames, err error) {
				if err != nil {
					e.errorf("setoption %s: %v", o.name, err)
					return
				}
				next.endgames = eg
				e.apply(o.name, next)
			})
		case next.variant != e.set.variant && next.tablebase != "":
			// Each variant has its own table: a directory without one for the new
			// variant leaves the engine without a table, and says so.
			e.openInBackground(next, func(eg search.Endgames, err error) {
				if err != nil {
					e.out.lines("info string no endgame table: " + message(err.Error()))
				}
				next.endgames = eg
				e.apply(o.name, next)
			})
		default:
			e.apply(o.name, next)
		}
	}, nil
}

// loadVariants reads the rule file or folder at path (a file that cannot be played
// is refused with its file, line and key, and registers nothing; in a folder, each
// StoneShark game the engine cannot play is named in a line of its own while the rest
// load) and makes its games values of the Variant option; the current game is kept.
func (e *Engine) loadVariants(path string) (func(), error) {
	vs, err := board.LoadRuleFile(path)
	var refused board.Refused
	if err != nil && !errors.As(err, &refused) {
		return nil, fmt.Errorf("setoption %s: %w", variantPathOption, err)
	}
	return func() {
		for i := range e.options {
			if e.options[i].name == "Variant" {
				e.options[i].values = board.VariantNames()
			}
		}
		e.set.variantPath = path
		names := make([]string, len(vs))
		for i, v := range vs {
			names[i] = v.Name
		}
		e.out.lines(fmt.Sprintf("info string %s: %d games: %s", path, len(vs), strings.Join(names, " ")))
		for _, r := range refused {
			e.out.lines("info string refused: " + message(r.Error()))
		}
	}, nil
}

// apply makes next the settings, after option name changed: a searcher that must be
// rebuilt (Search, Skill, Level) is built before anything changes.
func (e *Engine) apply(name string, next settings) {
	if next.algorithm != e.set.algorithm || next.skill != e.set.skill || next.level != e.set.level {
		s, err := e.build(next)
		if err != nil {
			e.errorf("setoption %s: %v", name, err)
			return
		}
		e.searcher = s
	} else if next.searchOptions() != e.set.searchOptions() {
		e.searcher.SetOptions(next.searchOptions())
	}
	if name == "Variant" {
		e.game = board.NewGame(next.variant.StartPosition())
	}
	e.set = next
}

// position parses "startpos [moves ...]" or "fen <5 fields> [moves ...]" and plays
// the moves; any error rejects the whole command.
func (e *Engine) position(args []string) (func(), error) {
	v := e.set.variant
	if len(args) == 0 {
		return nil, errors.New("position needs startpos or fen <position>")
	}
	rest := args[1:]
	var start board.Position
	switch args[0] {
	case "startpos":
		start = v.StartPosition()
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		p, err := e.set.notation.parsePosition(v, rest[:n])
		if err != nil {
			return nil, fmt.Errorf("position fen: %v", err)
		}
		start, rest = p, rest[n:]
	default:
		return nil, fmt.Errorf("position needs startpos or fen, not %q", clip(args[0]))
	}
	if len(rest) > 0 && rest[0] != "moves" {
		return nil, fmt.Errorf("position: expected moves, not %q", clip(rest[0]))
	}
	g := board.NewGame(start)
	for _, text := range rest[min(1, len(rest)):] {
		n := len(g.Moves()) + 1
		moves, err := e.set.notation.parseMoves(v, text)
		if err != nil {
			return nil, fmt.Errorf("position: move %d (%s): %v", n, clip(text), err)
		}
		for i, m := range moves {
			if err := g.Play(m); err != nil {
				return nil, fmt.Errorf("position: move %d (%s): %v", n+i, e.set.notation.move(v, m), e.set.notation.illegal(v, err))
			}
		}
	}
	return func() { e.game = g }, nil
}

// display prints the board picture and the Fen, Moves and Result lines.
func (e *Engine) display() {
	p := e.game.Position()
	res := e.game.Result()
	lines := picture(&p)
	v := p.Variant()
	lines = append(lines, "", fmt.Sprintf("Variant: %s (%s)", v.Name, v.Title),
		"Side to move: "+p.SideToMove().Name(), fmt.Sprintf("Key: %016x", p.Hash()))
	if res.Over() {
		lines = append(lines, "Game over: "+res.Reason.String())
	} else if eg := e.set.endgames; eg != nil {
		if lo, hi, ok := eg.Probe(&p); ok {
			lines = append(lines, tableLine(&p, lo, hi, eg.ExactMargins()))
		}
	}
	moves := "Moves:"
	if !res.Over() {
		var ml board.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			moves += " " + e.set.notation.move(v, m)
		}
	}
	e.out.lines(append(lines, "Fen: "+p.String(), moves, "Result: "+res.String())...)
}

// tableLine describes the endgame table's value of p for the display: the value of
// the seeds on the board for the side to move, and the final margin it leads to with
// the stores; from a table right only in sign (exact false), the result it proves.
func tableLine(p *board.Position, lo, hi int, exact bool) string {
	me := p.SideToMove()
	d := p.Store(me) - p.Store(me.Other())
	if !exact {
		return "Tablebase: " + search.SignWords(d+lo, d+hi, me)
	}
	if lo == hi {
		return fmt.Sprintf("Tablebase: %+d on the board for %s (exact), final margin %+d", lo, me.Name(), d+lo)
	}
	return fmt.Sprintf("Tablebase: %+d to %+d on the board for %s (bounds), final margin %+d to %+d",
		lo, hi, me.Name(), d+lo, d+hi)
}
