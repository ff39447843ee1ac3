package board

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
		Weights string   `toml:"weights"` // a weights file, beside the profile file
	} `toml:"eval"`
	Search struct {
		FutilityMargin *int `toml:"futility_margin"`
		SingularMargin *int `toml:"singular_margin"`
		QuiesceDepth   *int `toml:"quiesce_depth"`
	} `toml:"search"`
	Clock struct {
		Moves float64 `toml:"moves"`
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
	weightsText string // the weights file's text, read with the profile
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
	var raw map[string]profileSpec
	md, err := toml.Decode(string(text), &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &RuleFileError{File: path, Line: pe.Position.Line, Key: pe.LastKey, Msg: oneLine(pe.Message)}
		}
		return nil, &RuleFileError{File: path, Msg: oneLine(err.Error())}
	}
	lines := keyLines(string(text))
	if und := md.Undecoded(); len(und) > 0 {
		key := []string(und[0])
		return nil, &RuleFileError{File: path, Line: lines.find(key), Key: strings.Join(key, "."),
			Msg: "unknown key (docs/rules-format.md, \"A profile beside the file\", lists every key)"}
	}
	out := map[string]*profileSpec{}
	for name, spec := range raw {
		spec.line = lines.find([]string{name})
		if spec.Eval.Weights != "" {
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
	if ps.weightsText != "" {
		pr.Eval.WeightsText, pr.Eval.Default = ps.weightsText, "learned"
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
	if ps.Clock.Moves != 0 {
		if ps.Clock.Moves < 1 || ps.Clock.Moves > 1000 {
			return pr, bad("clock.moves", fmt.Sprintf("%g: the moves a clock is spread over, 1 to 1000", ps.Clock.Moves))
		}
		pr.Clock = ClockProfile{Flat: ps.Clock.Moves}
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
	return pr, nil
}
