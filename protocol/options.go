package protocol

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// settings are the current values of all options.
type settings struct {
	variant      *board.Variant
	hashMB       int
	threads      int
	multiPV      int
	algorithm    string
	skill        string
	level        int
	moveOverhead time.Duration
	contempt     int
	showWDL      bool            // UCI_ShowWDL: info lines carry wdl
	tablebase    string          // TablebasePath: the directory of endgame tables, "" for none
	variantPath  string          // VariantPath: the rule file (or folder) last loaded, "" for none
	notation     notation        // Notation: how moves and positions are written and read
	endgames     search.Endgames // the table of variant opened from tablebase, or nil
}

// searchOptions returns the part of the settings the searcher is configured with.
func (s *settings) searchOptions() search.Options {
	return search.Options{HashMB: s.hashMB, Threads: s.threads, MultiPV: s.multiPV, MoveOverhead: s.moveOverhead,
		Contempt: s.contempt, Endgames: s.endgames}
}

// optionKind is the UCI type of an option.
type optionKind uint8

const (
	spin optionKind = iota
	combo
	check
	text // a UCI string option
)

// tablebaseOption names the option of the endgame table directory.
const tablebaseOption = "TablebasePath"

// variantPathOption names the option that loads a rule file's games (Fairy-Stockfish's
// name for its variants file).
const variantPathOption = "VariantPath"

// emptyText is how UCI spells an empty string option.
const emptyText = "<empty>"

// option describes one setoption-able option: its UCI declaration and how a valid
// value is stored into the settings.
type option struct {
	name     string
	kind     optionKind
	def      string
	min, max int      // spin
	values   []string // combo
	set      func(s *settings, value string)
}

// Skill levels: full is the real search; greedy and random are the baseline players
// of search/baseline, for strength measurements.
const (
	skillFull   = "full"
	skillGreedy = "greedy"
	skillRandom = "random"
)

// newOptions returns the option table; defaultVariant, defaultNotation and
// variantPath are the Variant, Notation and VariantPath options' defaults (the rule
// file named by variantPath already loaded) and algorithms are the Search option's
// values, the first the default. The spin options take their defaults and ranges
// from package search.
func newOptions(defaultVariant, defaultNotation, variantPath string, algorithms []string) []option {
	ms := int(time.Millisecond)
	atoi := func(v string) int { n, _ := strconv.Atoi(v); return n } // values are validated first
	return []option{
		{name: "Variant", kind: combo, def: defaultVariant, values: board.VariantNames(),
			set: func(s *settings, v string) { s.variant, _ = board.VariantByName(v) }},
		{name: "Hash", kind: spin, def: strconv.Itoa(search.DefaultHashMB), min: search.MinHashMB, max: search.MaxHashMB,
			set: func(s *settings, v string) { s.hashMB = atoi(v) }},
		{name: "Threads", kind: spin, def: strconv.Itoa(search.DefaultThreads), min: 1, max: search.MaxThreads,
			set: func(s *settings, v string) { s.threads = atoi(v) }},
		{name: "MultiPV", kind: spin, def: strconv.Itoa(search.DefaultMultiPV), min: 1, max: search.MaxMultiPV,
			set: func(s *settings, v string) { s.multiPV = atoi(v) }},
		{name: "Search", kind: combo, def: algorithms[0], values: algorithms,
			set: func(s *settings, v string) { s.algorithm = v }},
		{name: "Move Overhead", kind: spin, def: strconv.Itoa(int(search.DefaultMoveOverhead) / ms), min: 0,
			max: int(search.MaxMoveOverhead) / ms,
			set: func(s *settings, v string) { s.moveOverhead = time.Duration(atoi(v)) * time.Millisecond }},
		{name: "Contempt", kind: spin, def: strconv.Itoa(search.DefaultContempt), min: -search.MaxContempt,
			max: search.MaxContempt, set: func(s *settings, v string) { s.contempt = atoi(v) }},
		{name: "Skill", kind: combo, def: skillFull, values: []string{skillFull, skillGreedy, skillRandom},
			set: func(s *settings, v string) { s.skill = v }},
		{name: "Level", kind: spin, def: strconv.Itoa(words.MaxLevel), min: words.MinLevel, max: words.MaxLevel,
			set: func(s *settings, v string) { s.level = atoi(v) }},
		// GUIs set Ponder to say that they may send go ponder; the engine ponders
		// whenever asked, so the value changes nothing.
		{name: "Ponder", kind: check, def: "false", set: func(*settings, string) {}},
		{name: "UCI_ShowWDL", kind: check, def: "false", set: func(s *settings, v string) { s.showWDL = v == "true" }},
		// Aalina's GUI Aualé always sets OwnBook; the engine has no opening book, so
		// the value changes nothing.
		{name: "OwnBook", kind: check, def: "false", set: func(*settings, string) {}},
		{name: "Notation", kind: combo, def: defaultNotation, values: []string{notationCoordinates, notationLetters},
			set: func(s *settings, v string) { s.notation = notation{letters: v == notationLetters} }},
		// The table itself is opened by setOption, which can refuse the directory.
		{name: tablebaseOption, kind: text, def: "",
			set: func(s *settings, v string) { s.tablebase = v }},
		// The file is read by setOption, which can refuse it; its games join the
		// Variant option's values.
		{name: variantPathOption, kind: text, def: variantPath,
			set: func(s *settings, v string) { s.variantPath = v }},
	}
}

// defaults returns the settings with every option at its default.
func defaults(opts []option) settings {
	var s settings
	for _, o := range opts {
		o.set(&s, o.def)
	}
	return s
}

// declaration is the option's line in the answer to uci.
func (o *option) declaration() string {
	switch o.kind {
	case spin:
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.name, o.def, o.min, o.max)
	case text:
		return fmt.Sprintf("option name %s type string default %s", o.name, cmp.Or(o.def, emptyText))
	case combo:
		return fmt.Sprintf("option name %s type combo default %s var %s", o.name, o.def, strings.Join(o.values, " var "))
	}
	return fmt.Sprintf("option name %s type check default %s", o.name, o.def)
}

// canonical checks a value for the option and returns it in canonical spelling
// (combo and check values are matched without regard to case).
func (o *option) canonical(value string) (string, error) {
	switch o.kind {
	case spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("option %s needs a whole number from %d to %d, not %q", o.name, o.min, o.max, clip(value))
		}
		if n < o.min || n > o.max {
			return "", fmt.Errorf("option %s value %d is out of range %d..%d", o.name, n, o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case combo:
		for _, v := range o.values {
			if strings.EqualFold(v, value) {
				return v, nil
			}
		}
		if len(o.values) > maxListedValues {
			hint := ""
			if near := Nearest(value, o.values); near != "" {
				hint = "; did you mean " + near + "?"
			}
			return "", fmt.Errorf("option %s has no value %q (one of the %d values uci lists%s)", o.name, clip(value), len(o.values), hint)
		}
		return "", fmt.Errorf("option %s has no value %q (one of: %s)", o.name, clip(value), strings.Join(o.values, ", "))
	case text:
		if value == emptyText {
			return "", nil
		}
		return value, nil
	}
	switch strings.ToLower(value) {
	case "true", "false":
		return strings.ToLower(value), nil
	}
	return "", fmt.Errorf("option %s needs true or false, not %q", o.name, clip(value))
}

// maxListedValues is the most values an error lists in full: the Variant option
// holds every game of the rule files, too many for one line.
const maxListedValues = 12

// findOption looks an option up by name, without regard to case as UCI asks.
func findOption(opts []option, name string) (*option, error) {
	for i := range opts {
		if strings.EqualFold(opts[i].name, name) {
			return &opts[i], nil
		}
	}
	return nil, fmt.Errorf("unknown option %q", clip(name))
}

// parseSetOption splits "name <Name> value <Value>" (both may contain spaces).
func parseSetOption(args []string) (name, value string, err error) {
	if len(args) == 0 || args[0] != "name" {
		return "", "", fmt.Errorf("setoption needs: setoption name <Name> value <Value>")
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	name = strings.Join(args[1:i], " ")
	if name == "" {
		return "", "", fmt.Errorf("setoption: missing option name")
	}
	if i == len(args) {
		return "", "", fmt.Errorf("setoption: missing value for option %q", clip(name))
	}
	return name, strings.Join(args[i+1:], " "), nil
}

// clip shortens quoted input in error messages so that one error stays one short line.
func clip(s string) string {
	const maxQuoted = 40
	if len(s) > maxQuoted {
		for i := maxQuoted; i > 0; i-- {
			if (s[i] & 0xC0) != 0x80 { // cut at a UTF-8 character boundary
				return s[:i] + "..."
			}
		}
	}
	return s
}
