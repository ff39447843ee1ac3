package board

import "fmt"

// WithRules lays out the games of a rule file's text in free slots at the top of
// the table of games, below the one the rule-file fuzz test uses, without
// registering them (but playing their start_move, as registering does), runs f
// with them, and frees the slots. A test binary can
// register at most MaxVariants games and the tests of many files register some;
// games laid out this way take none. Tests run one at a time, so no registration
// reaches the slots while f runs. For the tests of package board_test.
func WithRules(text string, f func(map[string]*Variant)) error {
	games, err := ParseRules("with-rules.toml", text)
	if err != nil {
		return err
	}
	start := MaxVariants - 1 - len(games)
	if int(registered.Load()) > start {
		return fmt.Errorf("no free slots for %d games: %d games registered", len(games), registered.Load())
	}
	vs := map[string]*Variant{}
	for i, g := range games {
		v := newFileVariant(g)
		defer useSlot(VariantID(start+i), v)()
		vs[v.Name] = v
	}
	for _, g := range games { // as registering them does
		if g.startMove != "" {
			if err := vs[g.Name].playStartMove(g.startMove); err != nil {
				return &RuleFileError{File: "with-rules.toml", Key: g.Name + ".start_move", Msg: err.Error()}
			}
		}
	}
	f(vs)
	return nil
}

// useSlot puts v in the table of games at id without registering it, and returns
// the function that frees the slot.
func useSlot(id VariantID, v *Variant) (free func()) {
	v.ID = id
	variants[id], kinds[id] = v, v.kind
	return func() { variants[id], kinds[id] = nil, kindGeneric }
}
