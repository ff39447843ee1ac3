package tournament

import (
	"fmt"
	"strconv"
	"strings"

	"mancala/protocol/client"
	"mancala/protocol/tournament/stats"
)

// EngineSpec is one player of a match: how to start its engine and how it is asked
// to move.
type EngineSpec struct {
	Name    string
	Cmd     string
	Args    []string
	Dir     string
	Env     []string // extra environment variables, KEY=VALUE
	Options []client.Option
	Limits  Limits // zero: the match's default limits
	// Notation is how the runner writes positions and moves to the engine and reads
	// its bestmove: "" or NotationCoordinates, or NotationLetters for an engine that
	// speaks Aalina's dialect (notation.go). Records keep the project's notation.
	Notation string
}

// groupSep joins the words of a grouped flag value (see GroupArgs).
const groupSep = "\x1f"

// GroupArgs rewrites a command line so that each flag named in groups takes all the
// key=value words after it as one value: `--engine name=A cmd=./a` becomes one
// argument `--engine=name=A<sep>cmd=./a`, which SplitGroup takes apart again. Words
// that start with "-" or contain no "=" end the group.
func GroupArgs(args []string, groups ...string) []string {
	isGroup := map[string]bool{}
	for _, g := range groups {
		isGroup["--"+g] = true
	}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if !isGroup[a] {
			out = append(out, a)
			continue
		}
		var words []string
		for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && strings.Contains(args[i+1], "=") {
			i++
			words = append(words, args[i])
		}
		if len(words) == 0 {
			out = append(out, a) // let the flag parser report the missing value
			continue
		}
		out = append(out, a+"="+strings.Join(words, groupSep))
	}
	return out
}

// SplitGroup splits a grouped flag value into its key=value words: those joined by
// GroupArgs, or else words separated by spaces (a value given as one quoted argument).
func SplitGroup(value string) []string {
	if strings.Contains(value, groupSep) {
		return strings.Split(value, groupSep)
	}
	return strings.Fields(value)
}

// keyValue splits "key=value".
func keyValue(word string) (string, string, error) {
	k, v, ok := strings.Cut(word, "=")
	if !ok || k == "" {
		return "", "", fmt.Errorf("%q is not key=value", word)
	}
	return k, v, nil
}

// ParseEngineSpec reads an engine's words: name=N, cmd=PATH, arg=A (repeatable, in
// order), dir=D, env=KEY=VALUE (repeatable), option.NAME=VALUE (sent as setoption,
// in order; a later one of the same name replaces an earlier one), and limits
// tc=..., movetime=SECONDS (or cutechess's st=SECONDS), depth=N, nodes=N;
// notation=letters for an engine that speaks Aalina's dialect; proto=uci
// is accepted as cutechess-cli writes it. Later words override earlier ones, so
// shared words can come first.
func ParseEngineSpec(words []string) (EngineSpec, error) {
	var e EngineSpec
	for _, w := range words {
		k, v, err := keyValue(w)
		if err != nil {
			return e, fmt.Errorf("engine: %v", err)
		}
		switch {
		case k == "name":
			e.Name = v
		case k == "cmd":
			e.Cmd = v
		case k == "arg":
			e.Args = append(e.Args, v)
		case k == "dir":
			e.Dir = v
		case k == "env":
			if !strings.Contains(v, "=") {
				return e, fmt.Errorf("engine: env=%q must be env=KEY=VALUE", v)
			}
			e.Env = append(e.Env, v)
		case strings.HasPrefix(k, "option.") && len(k) > len("option."):
			e.setOption(k[len("option."):], v)
		case k == "tc":
			if e.Limits.TC, err = ParseTimeControl(v); err != nil {
				return e, fmt.Errorf("engine: %v", err)
			}
		case k == "notation":
			e.Notation = v
		case k == "proto":
			if v != "uci" {
				return e, fmt.Errorf("engine: proto=%q: only uci is spoken here", v)
			}
		case k == "movetime" || k == "st":
			d, err := parseSeconds(v)
			if err != nil || d <= 0 {
				return e, fmt.Errorf("engine: movetime %q must be a positive number of seconds", v)
			}
			e.Limits.MoveTime = d
		case k == "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return e, fmt.Errorf("engine: depth %q must be a positive whole number", v)
			}
			e.Limits.Depth = n
		case k == "nodes":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil || n == 0 {
				return e, fmt.Errorf("engine: nodes %q must be a positive whole number", v)
			}
			e.Limits.Nodes = n
		default:
			return e, fmt.Errorf("engine: unknown key %q (name, cmd, arg, dir, env, option.NAME, tc, movetime or st, depth, nodes, notation, proto=uci)", k)
		}
	}
	if e.Cmd == "" {
		return e, fmt.Errorf("engine %s: cmd=PATH is missing", e.Name)
	}
	if e.Name == "" {
		e.Name = e.Cmd
	}
	return e, nil
}

func (e *EngineSpec) setOption(name, value string) {
	for i := range e.Options {
		if e.Options[i].Name == name {
			e.Options[i].Value = value
			return
		}
	}
	e.Options = append(e.Options, client.Option{Name: name, Value: value})
}

// ParseSPRT reads "elo0=0 elo1=5 alpha=0.05 beta=0.05" words (alpha and beta default
// to 0.05).
func ParseSPRT(words []string) (stats.SPRT, error) {
	t := stats.SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, w := range words {
		k, v, err := keyValue(w)
		if err != nil {
			return t, fmt.Errorf("sprt: %v", err)
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return t, fmt.Errorf("sprt: %s=%q is not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1 = f
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		default:
			return t, fmt.Errorf("sprt: unknown key %q (elo0, elo1, alpha, beta)", k)
		}
		seen[k] = true
	}
	if !seen["elo0"] || !seen["elo1"] {
		return t, fmt.Errorf("sprt: elo0 and elo1 are required")
	}
	return t, t.Validate()
}

// ClientConfig is the client package's view of the engine: how to start it and the
// options to send after the handshake.
func (e *EngineSpec) ClientConfig() client.Config {
	return client.Config{Name: e.Name, Path: e.Cmd, Args: e.Args, Dir: e.Dir, Env: e.Env, Options: e.Options}
}
