package board

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// A profile file sits beside a rule file (games.toml and games.profile.toml; for
// StoneShark's Oware.txt, Oware.profile.toml) and tunes the engine for the file's
// games: one table per game, named as the rule file names it, whose keys replace
// those of the generic profile (fileProfile) and leave the rest as they are: the
// evaluation's terms or learned weights, the search settings, the clock, the score
// conversion and a bench suite (docs/rules-format.md, "A profile beside the file").

// profileSpec is one game's table of a profile file.
type profileSpec struct {
	Eval struct {
		Terms   []string `toml:"terms"`
		Default string   `toml:"default"` // "learned" or "hand"
		Weights string   `toml:"weights"` // a weights file, beside the profile file
	} `toml:"eval"`
	Search struct {
		FutilityMargin *int `toml:"futility_margin"`
		SingularMargin *int `toml:"singular_margin"`
		QuiesceDepth   *int `toml:"quiesce_depth"`
	} `toml:"search"`
	Clock struct {
		Moves          float64   `toml:"moves"`
		MovesLeft      []float64 `toml:"moves_left"`
		SpendAlphaBeta float64   `toml:"spend_alphabeta"`
		SpendMCTS      float64   `toml:"spend_mcts"`
	} `toml:"clock"`
	Score struct {
		Margin   *float64 `toml:"margin"`
		Lead     *float64 `toml:"lead"`
		Reach    *float64 `toml:"reach"`
		WinAt    *float64 `toml:"win_at"`
		WinWidth *float64 `toml:"win_width"`
	} `toml:"score"`
	Bench []struct {
		Position string `toml:"position"`
		Depth    int    `toml:"depth"`
	} `toml:"bench"`
	Words struct {
		Phases []string          `toml:"phases"`
		Ends   map[string]string `toml:"ends"` // by the ending's name, as Reason.String says it
		Score  struct {
			Unit  string    `toml:"unit"`
			One   string    `toml:"one"`
			Marks []float64 `toml:"marks"`
		} `toml:"score"`
	} `toml:"words"`
	weightsText string // the weights file's text, read with the profile
	embedded    bool   // the profile is one the engine embeds: Eval.Weights names a file of eval/weights
	line        int    // the game's table's line
}

// CheckEval, when set (package eval sets it), checks a profile's evaluation: its
// terms' names and its weights' text; board alone cannot tell them.
var CheckEval func(EvalProfile) error

// ProfileFileOf is the profile file beside the rule file at path.
func ProfileFileOf(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".profile.toml"
}

// isProfileFile reports whether path names a profile file, which a folder's rule files
// leave out.
func isProfileFile(path string) bool { return strings.HasSuffix(path, ".profile.toml") }

// readProfiles reads the profile file at path, if there is one, into each game's
// table; a weights file it names is read too, from beside it.
func readProfiles(path string) (map[string]*profileSpec, error) {
	text, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("profile file: %w", err)
	}
	return parseProfiles(path, string(text), false)
}

// parseProfiles reads a profile file's text (path names it in errors) into each
// game's table. An embedded file's eval.weights names a file of eval/weights, which
// package eval embeds; another's is read from beside the file.
func parseProfiles(path, text string, embedded bool) (map[string]*profileSpec, error) {
	var raw map[string]profileSpec
	md, err := toml.Decode(text, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &RuleFileError{File: path, Line: pe.Position.Line, Key: pe.LastKey, Msg: oneLine(pe.Message)}
		}
		return nil, &RuleFileError{File: path, Msg: oneLine(err.Error())}
	}
	lines := keyLines(text)
	if und := md.Undecoded(); len(und) > 0 {
		key := []string(und[0])
		return nil, &RuleFileError{File: path, Line: lines.find(key), Key: strings.Join(key, "."),
			Msg: "unknown key (docs/rules-format.md, \"A profile beside the file\", lists every key)"}
	}
	out := map[string]*profileSpec{}
	for name, spec := range raw {
		spec.line = lines.find([]string{name})
		spec.embedded = embedded
		if spec.Eval.Weights != "" && !embedded {
			w := filepath.Join(filepath.Dir(path), spec.Eval.Weights)
			b, err := os.ReadFile(w)
			if err != nil {
				return nil, &RuleFileError{File: path, Line: lines.find([]string{name, "eval", "weights"}), Key: name + ".eval.weights", Msg: oneLine(err.Error())}
			}
			spec.weightsText = string(b)
		}
		out[name] = &spec
	}
	return out, nil
}

// oneLine keeps the first line of a message.
func oneLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

// apply makes game v's profile from its generic one and the table's keys, or says
// which key is wrong.
func (ps *profileSpec) apply(v *Variant) (Profile, error) {
	pr := v.Profile
	bad := func(key, msg string) error {
		return &RuleFileError{Line: ps.line, Key: v.Name + "." + key, Msg: msg}
	}
	if len(ps.Eval.Terms) > 0 {
		pr.Eval.Hand = append([]string{"material"}, ps.Eval.Terms...)
	}
	switch {
	case ps.weightsText != "":
		pr.Eval.WeightsText, pr.Eval.Weights, pr.Eval.Default = ps.weightsText, "", "learned"
	case ps.embedded && ps.Eval.Weights != "":
		pr.Eval.Weights, pr.Eval.WeightsText, pr.Eval.Default = ps.Eval.Weights, "", "learned"
	}
	switch ps.Eval.Default {
	case "":
	case "hand":
		pr.Eval.Default = "hand"
	case "learned":
		if pr.Eval.Weights == "" && pr.Eval.WeightsText == "" {
			return pr, bad("eval.default", `"learned" needs eval.weights`)
		}
		pr.Eval.Default = "learned"
	default:
		return pr, bad("eval.default", fmt.Sprintf(`%q: "learned" or "hand"`, clip(ps.Eval.Default)))
	}
	if CheckEval != nil {
		if err := CheckEval(pr.Eval); err != nil {
			return pr, bad("eval", err.Error())
		}
	}
	for _, s := range []struct {
		key string
		v   *int
		to  *int
	}{{"search.futility_margin", ps.Search.FutilityMargin, &pr.Search.FutilityMargin},
		{"search.singular_margin", ps.Search.SingularMargin, &pr.Search.SingularMargin},
		{"search.quiesce_depth", ps.Search.QuiesceDepth, &pr.Search.QuiesceDepth}} {
		if s.v == nil {
			continue
		}
		if *s.v < 1 && *s.v != Off {
			return pr, bad(s.key, fmt.Sprintf("%d: 1 or more, or %d to turn it off", *s.v, Off))
		}
		*s.to = *s.v
	}
	if err := ps.applyClock(&pr.Clock); err != nil {
		return pr, bad(err.key, err.msg)
	}
	for _, s := range []struct {
		key string
		v   *float64
		to  *float64
	}{{"score.margin", ps.Score.Margin, &pr.Score.Margin}, {"score.lead", ps.Score.Lead, &pr.Score.Lead},
		{"score.reach", ps.Score.Reach, &pr.Score.Reach}, {"score.win_at", ps.Score.WinAt, &pr.Score.WinAt},
		{"score.win_width", ps.Score.WinWidth, &pr.Score.WinWidth}} {
		if s.v != nil {
			*s.to = *s.v
		}
	}
	if sc := pr.Score; sc.Margin <= 0 || sc.Lead < 0 || sc.Lead > 1 || sc.Reach < 0 || sc.WinAt < 0 || sc.WinWidth <= 0 {
		return pr, bad("score", "margin above 0, lead from 0 to 1, reach and win_at 0 or more, win_width above 0")
	}
	if len(ps.Bench) > 0 {
		pr.Bench = nil
		for i, b := range ps.Bench {
			if _, err := v.ParsePosition(b.Position); err != nil {
				return pr, bad(fmt.Sprintf("bench[%d].position", i), err.Error())
			}
			if b.Depth < 1 || b.Depth > 100 {
				return pr, bad(fmt.Sprintf("bench[%d].depth", i), fmt.Sprintf("%d: from 1 to 100", b.Depth))
			}
			pr.Bench = append(pr.Bench, BenchPosition{Position: b.Position, Depth: b.Depth})
		}
	}
	if err := ps.applyWords(&pr.Words, v.phases()); err != nil {
		return pr, bad(err.key, err.msg)
	}
	return pr, nil
}

// keyError is a wrong key of a profile's table and what is wrong with it.
type keyError struct{ key, msg string }

// applyClock sets the clock from the table's clock keys, if any: a flat spread
// (clock.moves), or the moves left by the share of seeds on the board with both
// spends.
func (ps *profileSpec) applyClock(c *ClockProfile) *keyError {
	pc := ps.Clock
	modelled := len(pc.MovesLeft) > 0 || pc.SpendAlphaBeta != 0 || pc.SpendMCTS != 0
	switch {
	case pc.Moves != 0 && modelled:
		return &keyError{"clock", "either clock.moves or clock.moves_left with both spends, not both"}
	case pc.Moves != 0:
		if pc.Moves < 1 || pc.Moves > 1000 {
			return &keyError{"clock.moves", fmt.Sprintf("%g: the moves a clock is spread over, 1 to 1000", pc.Moves)}
		}
		*c = ClockProfile{Flat: pc.Moves}
	case modelled:
		if len(pc.MovesLeft) < 2 || slices.ContainsFunc(pc.MovesLeft, func(m float64) bool { return m <= 0 || m > 1000 }) {
			return &keyError{"clock.moves_left", "2 or more counts of moves left, each above 0 and at most 1000"}
		}
		for _, s := range []struct {
			key string
			v   float64
		}{{"clock.spend_alphabeta", pc.SpendAlphaBeta}, {"clock.spend_mcts", pc.SpendMCTS}} {
			if s.v <= 0 || s.v > 10 {
				return &keyError{s.key, fmt.Sprintf("%g: the share of its target a move takes on average, above 0 and at most 10 (with clock.moves_left, both spends are needed)", s.v)}
			}
		}
		*c = ClockProfile{MovesLeft: slices.Clone(pc.MovesLeft), SpendAlphaBeta: pc.SpendAlphaBeta, SpendMCTS: pc.SpendMCTS}
	}
	return nil
}

// applyWords sets the words from the table's words keys, if any: the names of the
// game's phases (as many as its rules have), how each ending scores it, and the
// score's unit and review marks.
func (ps *profileSpec) applyWords(w *Words, phases int) *keyError {
	pw := ps.Words
	if pw.Phases != nil {
		if len(pw.Phases) != phases || slices.Contains(pw.Phases, "") {
			return &keyError{"words.phases", fmt.Sprintf("%d names, none empty: the rules have %d phases", len(pw.Phases), phases)}
		}
		w.Phases = slices.Clone(pw.Phases)
	}
	if pw.Ends != nil {
		ends := map[Reason]string{}
		for name, text := range pw.Ends {
			r, ok := RuleEnding(name)
			if !ok || text == "" {
				return &keyError{"words.ends." + name, "an ending's words, by its name: one of " + strings.Join(quoteAll(ruleEndings()), ", ")}
			}
			ends[r] = text
		}
		w.Ends = ends
	}
	sw := pw.Score
	if sw.Unit != "" || sw.One != "" || sw.Marks != nil {
		if sw.Unit == "" || sw.One == "" || len(sw.Marks) != 3 || !(0 < sw.Marks[0] && sw.Marks[0] < sw.Marks[1] && sw.Marks[1] < sw.Marks[2]) {
			return &keyError{"words.score", "unit and one (the score's unit, plural and singular) and three marks rising from above 0"}
		}
		w.Score = ScoreWords{Unit: sw.Unit, One: sw.One, Marks: [3]float64(sw.Marks)}
	}
	return nil
}

// ruleEndings names every way the rules end a game, as RuleEnding reads them.
func ruleEndings() []string {
	var out []string
	for r := NoLegalMove; r < Adjudicated; r++ {
		out = append(out, r.String())
	}
	return out
}
