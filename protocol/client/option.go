package client

import (
	"fmt"
	"strconv"
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

// CheckOption checks a setoption against the options the engine declared: the name
// must be declared (names and combo values compare without regard to case, as UCI
// has it), and the value must suit the type: true or false for a check, a whole
// number within min..max for a spin, one of the vars for a combo, no value for a
// button.
func CheckOption(declared []OptionSpec, o Option) error {
	var spec *OptionSpec
	for i := range declared {
		if strings.EqualFold(declared[i].Name, o.Name) {
			spec = &declared[i]
			break
		}
	}
	if spec == nil {
		var names []string
		for _, d := range declared {
			names = append(names, d.Name)
		}
		return fmt.Errorf("option %s: the engine has no such option (it declares: %s)", clip(o.Name), strings.Join(names, ", "))
	}
	switch spec.Type {
	case "check":
		if !strings.EqualFold(o.Value, "true") && !strings.EqualFold(o.Value, "false") {
			return fmt.Errorf("option %s: %q is not true or false", spec.Name, clip(o.Value))
		}
	case "spin":
		n, err := strconv.ParseInt(o.Value, 10, 64)
		lo, errLo := strconv.ParseInt(spec.Min, 10, 64)
		hi, errHi := strconv.ParseInt(spec.Max, 10, 64)
		if err != nil || errLo != nil || errHi != nil || n < lo || n > hi {
			return fmt.Errorf("option %s: %q is not a whole number from %s to %s", spec.Name, clip(o.Value), spec.Min, spec.Max)
		}
	case "combo":
		for _, v := range spec.Vars {
			if strings.EqualFold(v, o.Value) {
				return nil
			}
		}
		return fmt.Errorf("option %s: %q is not one of %s", spec.Name, clip(o.Value), strings.Join(spec.Vars, ", "))
	case "button":
		if o.Value != "" {
			return fmt.Errorf("option %s is a button and takes no value, got %q", spec.Name, clip(o.Value))
		}
	}
	return nil
}
