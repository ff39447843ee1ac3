package board

import "fmt"

// Named rules are rules that the rule-file format cannot say, written in Go here and
// named by the file that uses them (`rules = "NAME"`, docs/rules-format.md), as
// Fairy-Stockfish keeps a few rules in code: Je ki n je's capture by moving on, Adji
// Kui I's passing and backward chains, Adji-Boto's opening cycle and Bao la
// Kimasai's reserve phase and 4 x 8 board. Four games of board/games/builtin.toml
// use them; the fifth, Oware Abapa, is played by the generic rules from its keys.

// ruleKind says which rules play a game: the generic rules of a file's keys
// (sowing.go) or one of the named rules. The hot paths (dispatch.go, questions.go)
// switch on it.
type ruleKind uint8

// The rule kinds.
const (
	kindGeneric ruleKind = iota
	kindJeKiNJe
	kindAdjiKui
	kindAdjiBoto
	kindBao
)

// kinds holds each registered game's ruleKind by ID, beside variants, so that a
// switch reads one byte rather than the game's Variant.
var kinds [MaxVariants]ruleKind

// namedRules is one set of rules written in Go: the board it is written for (its
// shape and seed total, which a file's start position must fit) and how it plays.
type namedRules struct {
	kind     ruleKind
	rows     int // 2, or 4 for Bao la Kimasai
	cols     int
	seeds    int  // in the game, on the board, in stores and in reserves
	reserves bool // the notation's two numbers are reserves, not stores
	phases   int  // how many phases rules.phase numbers; a profile names each
	rules    rules
}

// named lists the named rules by the name a rule file gives them.
var named = map[string]*namedRules{
	"je-ki-n-je":     {kind: kindJeKiNJe, rows: 2, cols: 6, seeds: 48, phases: 1, rules: jeKiNJeRules{}},
	"adji-kui-1":     {kind: kindAdjiKui, rows: 2, cols: 6, seeds: 48, phases: 1, rules: adjiKuiRules{}},
	"adji-boto":      {kind: kindAdjiBoto, rows: 2, cols: 5, seeds: 100, phases: 2, rules: adjiBotoRules{}},
	"bao-la-kimasai": {kind: kindBao, rows: 4, cols: 8, seeds: 64, reserves: true, phases: 3, rules: baoRules{}},
}

// phases is how many phases the game's rules number (Position.Phase, which its
// profile's Words.Phases name): the named rules' count, else 1.
func (v *Variant) phases() int {
	for _, n := range named {
		if v.kind != kindGeneric && n.kind == v.kind {
			return n.phases
		}
	}
	return 1
}

// builtinProfile is the profile of the game of builtin.toml named name, for a rule
// file's profile key (nil if there is no such game).
func builtinProfile(name string) *Profile {
	v, err := VariantByName(name)
	if err != nil || !v.Builtin() {
		return nil
	}
	pr := v.Profile
	return &pr
}

// namedProfile is the profile a game of named rules starts from before its profile
// file (builtin.profile.toml for the five games) sets it: the generic one of a game
// of one phase a rule file names no profile for (fileProfile), with a name for each
// of the rules' phases.
func namedProfile(v *Variant) Profile {
	pr := Profile{
		Eval:   EvalProfile{Hand: []string{"material"}, Default: "hand"},
		Search: SearchProfile{FutilityMargin: 100, SingularMargin: 4, QuiesceDepth: Off},
		Clock:  ClockProfile{Flat: 20},
		Score:  ScoreProfile{Margin: 1, Lead: 1, Reach: 8, WinAt: 130, WinWidth: 307},
		Words: Words{Ends: map[Reason]string{NoLegalMove: "the player to move could not move"},
			Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}}},
	}
	for i := range v.phases() {
		pr.Words.Phases = append(pr.Words.Phases, fmt.Sprintf("%s, phase %d", v.Title, i+1))
	}
	return pr
}

// newNamedVariant lays out the board of a game of named rules: two rows sown
// counter-clockwise over all holes, or Bao la Kimasai's four.
func newNamedVariant(g Rules) *Variant {
	n := g.named
	v := &Variant{Name: g.Name, Family: g.Family, Title: g.Title, Rows: n.rows, Cols: n.cols, Seeds: n.seeds,
		Scoring: !n.reserves, Reserves: n.reserves, Start: g.start, rules: n.rules, kind: n.kind}
	if n.rows == 4 {
		v.layFourRows()
	} else {
		v.layTwoRows()
	}
	v.finish()
	return v
}

// layTwoRows lays out a 2 x cols board sown counter-clockwise over all holes: index
// 0..cols-1 is row 1 from column a, index cols..2*cols-1 is row 2 from the last
// column back to a, so the next hole is always index+1 (mod 2*cols).
func (v *Variant) layTwoRows() {
	cols := v.Cols
	v.holes = 2 * cols
	v.ring = v.holes
	for c := 0; c < cols; c++ {
		v.place(c, 0, c, South)
		v.place(cols+c, 1, cols-1-c, North)
	}
}

// layFourRows lays out the 4 x 8 board: each player sows clockwise around their own
// 16 holes, so each player's holes form a ring of consecutive indexes. South: 0..7 is
// row 2 from a to h, 8..15 is row 1 from h back to a. North: 16..23 is row 4 from a
// to h, 24..31 is row 3 from h back to a. The inner holes facing each other are i and
// 31-i.
func (v *Variant) layFourRows() {
	v.holes = 32
	v.ring = 16
	v.base = [2]uint8{0, 16}
	for c := 0; c < 8; c++ {
		v.place(c, 1, c, South)
		v.place(15-c, 0, c, South)
		v.place(16+c, 3, c, North)
		v.place(31-c, 2, c, North)
	}
}

// checkGame checks what a rule file's game says beyond its keys, on the game itself:
// that its start is a position of its board and that the profile it names fits it
// (phases enough to name the rules', and every bench position a position of the
// game).
func checkGame(g Rules, profileName string) *specError {
	if g.named == nil && profileName == "" && g.start == "" && g.startMove == "" {
		return nil
	}
	if n := startSeeds(g.start); g.named == nil && n > maxFileSeeds {
		return bad(fmt.Sprintf("%d seeds in all: at most %d", n, maxFileSeeds), "start")
	}
	v := newFileVariant(g)
	if _, err := v.ParsePosition(v.Start); err != nil {
		if g.named != nil {
			return bad(fmt.Sprintf("%s: the rules %q play a %d x %d board with %d seeds", err, g.spec.Rules, g.named.rows, g.named.cols, g.named.seeds), "start")
		}
		return bad(fmt.Sprintf("%s: the game has %d holes a row and %d seeds a hole", err, g.Holes, g.Seeds), "start")
	}
	if g.startMove != "" {
		if _, err := v.ParseMove(g.startMove); err != nil || g.startMove == "pass" {
			return bad(fmt.Sprintf("%q is not a hole of the board (a1 to %c2)", clip(g.startMove), 'a'+g.Holes-1), "start_move")
		}
	}
	if profileName == "" {
		return nil
	}
	phases := 1
	if g.named != nil {
		phases = g.named.phases
	}
	if len(v.Profile.Words.Phases) < phases {
		return bad(fmt.Sprintf("the profile %q names %d phases, the rules have %d", profileName, len(v.Profile.Words.Phases), phases), "profile")
	}
	for _, b := range v.Profile.Bench {
		if _, err := v.ParsePosition(b.Position); err != nil {
			return bad(fmt.Sprintf("the profile %q has the bench position %q, not a position of this game: %v", profileName, b.Position, err), "profile")
		}
	}
	return nil
}
