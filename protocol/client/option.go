package client

import (
	"fmt"
	"strings"
)

// optionKeywords are the words that start a field of an option line.
var optionKeywords = map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}

// ParseOption reads an `option name <N> type <T> [default <D>] [min <m>] [max <M>]
// [var <V>]...` line. Names and values may contain spaces.
func ParseOption(line string) (OptionSpec, error) {
	var o OptionSpec
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "option" || f[1] != "name" {
		return o, fmt.Errorf("malformed option line %q", clip(line))
	}
	key := ""
	var val []string
	flush := func() {
		v := strings.Join(val, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min":
			o.Min = v
		case "max":
			o.Max = v
		case "var":
			o.Vars = append(o.Vars, v)
		}
		val = val[:0]
	}
	for _, w := range f[1:] {
		// A keyword ends the previous field, except inside a name before "type".
		if optionKeywords[w] && !(key == "name" && w != "type") {
			flush()
			key = w
			continue
		}
		val = append(val, w)
	}
	flush()
	switch {
	case o.Name == "":
		return o, fmt.Errorf("option line without a name: %q", clip(line))
	case o.Type != "check" && o.Type != "spin" && o.Type != "combo" && o.Type != "button" && o.Type != "string":
		return o, fmt.Errorf("option %s: unknown type %q", o.Name, o.Type)
	case o.Type == "spin" && (o.Min == "" || o.Max == ""):
		return o, fmt.Errorf("option %s: spin without min and max", o.Name)
	case o.Type == "combo" && len(o.Vars) == 0:
		return o, fmt.Errorf("option %s: combo without var", o.Name)
	}
	return o, nil
}
