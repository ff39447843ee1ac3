package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mancala/board"
)

// convertUsage is the convert subcommand's synopsis, quoted in its errors.
const convertUsage = "mancala convert FILE|FOLDER"

// convertCommand prints the games of rule files (StoneShark's *.txt game files, or
// the project's *.toml) as one rule file of the project's format (docs/rules-format.md,
// docs/stoneshark.md), with a comment line naming each game it cannot play and why.
// Nothing is registered: the output is for reading and shipping.
func convertCommand(args []string, std stdio) int {
	if len(args) != 1 {
		return usageError(std, "convert needs one file or folder: %s", convertUsage)
	}
	files, err := board.RuleFiles(args[0])
	if err != nil {
		return usageError(std, "convert: %v", err)
	}
	var games []board.Rules
	var refused []string
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return usageError(std, "convert: %v", err)
		}
		var some []board.Rules
		if board.IsStoneSharkFile(f) {
			some, err = board.ParseStoneShark(f, string(text))
		} else {
			some, err = board.ParseRules(f, string(text))
		}
		var r board.Refused
		switch {
		case errors.As(err, &r):
			for _, e := range r {
				refused = append(refused, e.Error())
			}
		case err != nil:
			refused = append(refused, err.Error())
		}
		games = append(games, some...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# The games of %s in the rule-file format (docs/rules-format.md), written by\n", filepath.ToSlash(args[0]))
	fmt.Fprintf(&b, "# `mancala convert %s`: %d games, %d refused (named at the end).\n\n", filepath.ToSlash(args[0]), len(games), len(refused))
	b.WriteString(board.FormatRules(games))
	if len(refused) > 0 {
		b.WriteString("\n# Refused:\n")
		for _, r := range refused {
			b.WriteString("# " + filepath.ToSlash(r) + "\n")
		}
	}
	_, err = fmt.Fprint(std.out, b.String())
	return failed(std, err)
}
