package board

import (
	"errors"
	"fmt"
	"math/bits"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// A rule file describes games as data (docs/rules-format.md): each top-level TOML
// table is one game, named by its key, whose keys say how the board is laid out, how
// seeds are sown and captured, when a player moves again and how the game ends.
// ParseRules reads one into game specifications; each compiles (compileRules) into
// the tables the generic rules (sowing.go) play from.

// gameSpec is one game of a rule file as written. Holes and Seeds may each be a list:
// the table then describes a family of games, one per pair, named NAME-H-S.
type gameSpec struct {
	Title   string      `toml:"title"`
	Names   string      `toml:"names"`
	Holes   intOrList   `toml:"holes"`
	Seeds   intOrList   `toml:"seeds"`
	Stores  bool        `toml:"stores"`
	Sow     sowSpec     `toml:"sow"`
	Capture captureSpec `toml:"capture"`
	Turn    turnSpec    `toml:"turn"`
	Feed    feedSpec    `toml:"feed"`
	End     endSpec     `toml:"end"`
	Child   childSpec   `toml:"child"`
	Round   roundSpec   `toml:"round"`
	// Rules names rules written in Go (named.go) that play the game instead of the
	// keys above; Start is then its start position, and Profile names a profile
	// written in Go for any game.
	Rules   string `toml:"rules"`
	Start   string `toml:"start"`
	Profile string `toml:"profile"`
	// StartMove is a move the game begins with, played from the start by its hole's
	// owner: the position it leaves is the game's start.
	StartMove string `toml:"start_move"`
	// StartRandom is how a new game's start is drawn at random (randstart.go); the
	// game's start position stays its fixed start.
	StartRandom string `toml:"start_random"`
}

type sowSpec struct {
	Direction string `toml:"direction"`
	// Path is the way sowing goes round the board: "around" (along one row and back
	// along the other) or "zigzag" (across the board at every hole).
	Path string `toml:"path"`
	// BearOff: once a move leaves no hole with more than one seed, every later
	// sowing puts the seed bound for an opponent's hole, and the rest in hand, in the
	// mover's store.
	BearOff   bool     `toml:"bear_off"`
	Choice    []string `toml:"choice"`
	Laps      string   `toml:"laps"`
	SkipStart bool     `toml:"skip_start"`
	RelayStop bool     `toml:"relay_stops_on_capture"`
	// RelaySide and RelayCounts: where a relay may go on, and from which counts.
	RelaySide   string `toml:"relay_side"`
	RelayCounts []int  `toml:"relay_counts"`
	Endless     string `toml:"endless"`
	LapLimit    int    `toml:"lap_limit"`
	LeaveOne    bool   `toml:"leave_one"`
	// LoneMoves: with LeaveOne, a hole of one seed is sown on.
	LoneMoves bool   `toml:"lone_moves"`
	Stores    string `toml:"stores"`
	// OneWayTurns: the game's first turns sow in Direction, whatever the mover chose.
	OneWayTurns int `toml:"one_way_turns"`
	// SkipOpponentCount: sowing passes over the opponent's holes holding this many
	// seeds (0: none); PlainTurns: the game's first turns sow without that rule.
	SkipOpponentCount int `toml:"skip_opponent_count"`
	PlainTurns        int `toml:"plain_turns"`
	// SkipOpponentChildren: sowing passes over the opponent's children.
	SkipOpponentChildren bool `toml:"skip_opponent_children"`
	// LastIntoOpponentChildren: with SkipOpponentChildren, a sowing's last seed is
	// not passed over an opponent's child.
	LastIntoOpponentChildren bool `toml:"last_into_opponent_children"`
	// HoleLimit: sowing passes over every hole holding this many seeds or more.
	HoleLimit int `toml:"hole_limit"`
	// RightHalfTurns: in the game's first turns a player plays only the right half
	// of their row, in place of Allow; LastToOpponentTurns: the game's first turns
	// sow one lap whose last seed passes over the mover's own holes.
	RightHalfTurns int `toml:"right_half_turns"`
	// RightTwoTurns: in the game's first turns a player plays only the two
	// rightmost of the holes Allow lets them play.
	RightTwoTurns       int `toml:"right_two_turns"`
	LastToOpponentTurns int `toml:"last_to_opponent_turns"`
	// FirstMove is how the first move of the game and of each round is played:
	// "sown", or "plus-one-minus-one".
	FirstMove string `toml:"first_move"`
	// CloseAt: a relay's sowing that ends in an opponent's hole making it hold this
	// many seeds closes the hole and sows on with them (0: none); CloseNotLast: the
	// last hole of each row is never closed.
	CloseAt      int  `toml:"close_at"`
	CloseNotLast bool `toml:"close_not_last"`
	// StoresAt is where the stores lie: "exit" (where each player's sowing leaves
	// their row) or "right" (at each player's right, where counter-clockwise sowing
	// leaves it).
	StoresAt string `toml:"stores_at"`
	// Cycle is the holes a sowing goes round: "ring" (both rows) or "own-row" (the
	// row it starts in, and its owner's store at the row's end).
	Cycle    string `toml:"cycle"`
	MinSeeds int    `toml:"min_seeds"`
	// NoReturn: a single seed just sown into the other row may not be sown straight
	// back from there.
	NoReturn bool `toml:"no_return"`
	// From is the holes a player may play: "own" (their row) or "any".
	From string `toml:"from"`
	// EachHoleFirst: every hole begins the game locked and playing it unlocks it;
	// while any of the mover's holes is locked they play a locked one.
	EachHoleFirst bool   `toml:"each_hole_first"`
	Allow         string `toml:"allow"`
	TakeOne       bool   `toml:"take_one"`
	// LapCaptures: each sowing of a relay captures where it ends, and a capture
	// sows on; OpponentTakes: with this many seeds or fewer on the board, the
	// opponent takes the seeds sown into its row.
	LapCaptures   bool `toml:"lap_captures"`
	OpponentTakes int  `toml:"opponent_takes"`
	// LapCapturesSown: with LapCaptures, a cross capture's seeds are sown on with
	// the landing hole's lone seed, and a sowing that ends with the opponent's row
	// empty ends the move.
	LapCapturesSown bool `toml:"lap_captures_sown"`
}

type captureSpec struct {
	Counts []int  `toml:"counts"`
	Side   string `toml:"side"`
	Chain  string `toml:"chain"`
	Cross  string `toml:"cross"`
	// CrossLands is where a last seed captures across: "own", "opponent", "either".
	CrossLands string `toml:"cross_lands"`
	// CrossTakesSower is a pointer so that an unset key can default to true.
	CrossTakesSower *bool `toml:"cross_takes_sower"`
	// CrossChainAnyHole: a chain of cross captures goes on from each next hole
	// whatever it holds, not only from empty ones.
	CrossChainAnyHole bool   `toml:"cross_chain_any_hole"`
	GrandSlam         string `toml:"grand_slam"`
	ChainBy           string `toml:"chain_by"`
	// SlamWhenFed is a pointer so that an unset key can default to true.
	SlamWhenFed *bool  `toml:"grand_slam_when_fed"`
	Passing     string `toml:"passing"`
	// SingleSeed is a pointer so that an unset key can default to true: a move
	// lifting a single seed captures.
	SingleSeed *bool `toml:"single_seed"`
	// CrossCounts are the counts the hole across must hold for a cross capture.
	CrossCounts []int `toml:"cross_counts"`
	// OtherStore: a last seed in the opponent's store takes that store's seeds.
	OtherStore bool `toml:"other_store"`
	// EmptyGivesStore: a last seed alone in a hole gives the mover's store to the
	// opponent.
	EmptyGivesStore bool `toml:"empty_gives_store"`
	// SingleTakesAcross: a move of a single seed first takes the hole across from
	// its start hole.
	SingleTakesAcross bool `toml:"single_takes_across"`
	// SinglesTakeAcross: before a move sows, each of the mover's holes that held
	// a single seed takes the hole across.
	SinglesTakeAcross bool `toml:"singles_take_across"`
	// Sweep: a last seed on the opponent's row or in the mover's last hole takes
	// every opponent's hole of a capturing count.
	Sweep bool `toml:"sweep"`
	// TwoOut: where the hole after the last sown is empty, the hole after that is
	// taken (capture.chain = "forward" goes on while the holes alternate).
	TwoOut bool `toml:"two_out"`
	// PickAcross: a two-out capture takes the hole across from the one it took too.
	PickAcross bool `toml:"pick_across"`
	// Next: a relay's last seed on Side takes the seeds of the next hole along the
	// sowing; PickLast: such a capture takes the last hole's seeds too.
	Next     bool `toml:"next"`
	PickLast bool `toml:"pick_last"`
	// CrossSweep: a cross capture also takes every hole of the opponent's row
	// holding one of CrossCounts.
	CrossSweep bool `toml:"cross_sweep"`
	// LockedUntilPlayed: every hole begins the game (and each round) locked, and
	// playing it unlocks it; nothing is captured from a locked hole, which ends a
	// chain of captures.
	LockedUntilPlayed bool `toml:"locked_until_played"`
	// FromNext: a count capture (and its chain, forward) begins at the hole after
	// the last one sown, not at that hole.
	FromNext bool `toml:"from_next"`
	// Singles: after a move every hole on Side holding one seed is taken.
	Singles bool `toml:"singles"`
	// MatchAcross: a last seed making its hole hold as many as the hole across
	// takes both; a relay stops there.
	MatchAcross bool `toml:"match_across"`
	// MatchBothWays: after a MatchAcross capture, the next holes each way from the
	// last hole are taken with their holes across while they match, at most
	// MatchBothWays each way (0: none).
	MatchBothWays int `toml:"match_both_ways"`
	// PullAcross: a last seed alone in a hole pulls the seeds of the hole across
	// (on Side) into it.
	PullAcross bool `toml:"pull_across"`
	// AfterTurns: no move captures in the game's first AfterTurns turns.
	AfterTurns int `toml:"after_turns"`
	// ChainMax is the most holes one capture by count takes (0: no limit).
	ChainMax int `toml:"chain_max"`
}

type turnSpec struct {
	ExtraOnStore bool `toml:"extra_on_store"`
	// ExtraOnOtherStore: a last seed in the opponent's store gives another turn too.
	ExtraOnOtherStore bool `toml:"extra_on_other_store"`
	ExtraOnCapture    bool `toml:"extra_on_capture"`
	// CaptureOnce: a capture made on the extra turn a capture gave gives no other.
	CaptureOnce bool `toml:"capture_once"`
}

// childSpec is where a hole becomes a player's child (children.go).
type childSpec struct {
	Count   int    `toml:"count"`
	Side    string `toml:"side"`
	OneEach bool   `toml:"one_each"`
	NotLast bool   `toml:"not_last"`
	Apart   string `toml:"apart"`
	// KeepsCaptures: without stores, a player's captures go into their first child.
	KeepsCaptures bool `toml:"keeps_captures"`
	// Across: a last seed alone in a hole whose hole across holds Count makes both
	// holes the mover's children.
	Across bool `toml:"across"`
	// Raid: a last seed in the opponent's child takes Raid of its seeds (all, where
	// it holds fewer) into the mover's store.
	Raid int `toml:"raid"`
	// PairWithPrevious: a last hole and the hole sown before it, holding Count and
	// Count - 1 seeds in either order, become the mover's children together.
	PairWithPrevious bool `toml:"pair_with_previous"`
	// LapLocked: a hole holding seeds enough to sow round into its own row again is
	// locked, nobody's child, while it does.
	LapLocked bool `toml:"lap_locked"`
}

type feedSpec struct {
	MustFeed bool `toml:"must_feed"`
	// ByHole: the feeding rule asks of a hole, not of a way: a hole sown either way
	// by choice may be sown both ways where one of them feeds.
	ByHole bool `toml:"by_hole"`
}

type endSpec struct {
	NoMove    string `toml:"no_move"`
	RowEmpty  bool   `toml:"row_empty"`
	Majority  bool   `toml:"majority"`
	FewerThan int    `toml:"fewer_than"`
	// FewerThanFirst reads end.fewer_than before end.majority: the seeds left are
	// shared even where a store also holds more than half.
	FewerThanFirst bool   `toml:"fewer_than_first"`
	SeedsLeft      string `toml:"seeds_left"`
	LoopSeeds      string `toml:"loop_seeds"`
	// OwnRowEmpty ends the game when the mover's own row is empty after its move,
	// OtherRowEmpty when the mover's opponent's row is.
	OwnRowEmpty   bool `toml:"own_row_empty"`
	OtherRowEmpty bool `toml:"other_row_empty"`
	// UnfedTakes gives the seeds left to the player who could not be fed.
	UnfedTakes bool `toml:"unfed_takes"`
	// Goal is "seeds" (the most seeds wins), "clear" (the first to empty their
	// own row wins), "deprive" (the first to empty the other's row wins) or
	// "immobilize" (the player who leaves the other no move wins).
	Goal      string `toml:"goal"`
	LastSeeds int    `toml:"last_seeds"`
	// LastSeedsTo: who takes them, "mover" or "starter" (the round's).
	LastSeedsTo string `toml:"last_seeds_to"`
}

// roundSpec is a game played in rounds (round.*): how the seeds each player holds
// at a round's end refill their row, which holes stay out of play, who begins the
// next round, and how many holes a player must fill to play it.
type roundSpec struct {
	Fill    string `toml:"fill"`
	Blocks  bool   `toml:"blocks"`
	Starter string `toml:"starter"`
	Holes   int    `toml:"holes"`
	// Territory: the seeds a player holds at a round's end decide how many holes
	// they own in the next, every hole refilled (rounds.go); StoreWins: a store
	// that alone would own round.holes holes wins at once.
	Territory bool `toml:"territory"`
	StoreWins bool `toml:"store_wins"`
	// LoserOnly: only the round's loser refills their row; the winner's row,
	// store and blocked holes stay as the round left them (rounds.go).
	LoserOnly bool `toml:"loser_only"`
	// Tally: each round begins as the game does, and a tally of rounds won
	// ("wins") or points ("points") across them decides the game, won by the
	// first to Target (rounds.go).
	Tally  string `toml:"tally"`
	Target int    `toml:"target"`
}

// intOrList is a TOML integer or array of integers.
type intOrList []int

// UnmarshalTOML reads an integer or an array of integers.
func (l *intOrList) UnmarshalTOML(v any) error {
	switch x := v.(type) {
	case int64:
		*l = intOrList{int(x)}
		return nil
	case []any:
		out := make(intOrList, 0, len(x))
		for _, e := range x {
			n, ok := e.(int64)
			if !ok {
				return fmt.Errorf("a list of whole numbers was expected, found %v", e)
			}
			out = append(out, int(n))
		}
		if len(out) == 0 {
			return errors.New("the list is empty")
		}
		*l = out
		return nil
	}
	return fmt.Errorf("a whole number or a list of them was expected, found %v", v)
}

// Rules is one game of a rule file, checked and ready to be registered: its name,
// title, board size and start, and the compiled rules that play it.
type Rules struct {
	Name   string
	Family string // the table's key, the same for every game of a family
	Title  string
	Holes  int // holes per row
	Seeds  int // seeds per hole at the start (named rules: the game's seeds by its holes)
	rules  fileRules
	// named are the rules written in Go that play the game (nil: the generic rules
	// of its keys), start its start position, and profile the profile it names
	// (nil: the generic one, or for named rules the profile of their name).
	named   *namedRules
	start   string
	profile *Profile
	// startMove is the move played from start to begin the game (start_move).
	startMove string
	spec      gameSpec // the table it was compiled from, to write it back (FormatRules)
}

// RuleFileError is a rule file that cannot be played: it names the file, the line
// and the key (in TOML's dotted form) and says what is wrong, on one line.
type RuleFileError struct {
	File string
	Line int // 0 when the place is not known
	Key  string
	Msg  string
}

// Error reads "FILE:LINE: KEY: MESSAGE".
func (e *RuleFileError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		b.WriteString(": " + e.Key)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// gameName is what a game may be called: the engine's protocol names.
var gameName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// ParseRules reads a rule file's text (file names it in errors) into its games, in
// the order the file lists them (a family in the order of its holes, then seeds). A
// file with a TOML error, an unknown key, a bad value or a contradiction is refused
// with the first problem, as a *RuleFileError.
func ParseRules(file, text string) ([]Rules, error) {
	var raw map[string]toml.Primitive
	md, err := toml.Decode(text, &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &RuleFileError{File: file, Line: pe.Position.Line, Key: pe.LastKey, Msg: pe.Message}
		}
		return nil, &RuleFileError{File: file, Msg: err.Error()}
	}
	lines := keyLines(text)
	at := func(key ...string) int { return lines.find(key) }
	if len(raw) == 0 {
		return nil, &RuleFileError{File: file, Msg: "no game: a rule file has a [name] table for each game"}
	}
	var out []Rules
	for _, name := range tableOrder(md) {
		if !gameName.MatchString(name) {
			return nil, &RuleFileError{File: file, Line: at(name), Key: name,
				Msg: "a game's name is 1 to 40 lower-case letters, digits and dashes, starting with a letter or digit"}
		}
		var spec gameSpec
		if err := md.PrimitiveDecode(raw[name], &spec); err != nil {
			var pe toml.ParseError
			if errors.As(err, &pe) {
				return nil, &RuleFileError{File: file, Line: pe.Position.Line, Key: name, Msg: pe.Message}
			}
			return nil, &RuleFileError{File: file, Line: at(name), Key: name, Msg: err.Error()}
		}
		if spec.Rules != "" {
			for _, k := range md.Keys() {
				if len(k) >= 2 && k[0] == name && !namedKeys[k[1]] {
					return nil, &RuleFileError{File: file, Line: at(k...), Key: k.String(),
						Msg: fmt.Sprintf("the named rules %q say this: a game of named rules has only title, rules, start and profile", clip(spec.Rules))}
				}
			}
		}
		games, bad := spec.compile(name)
		for i := 0; bad == nil && i < len(games); i++ {
			bad = checkGame(games[i], spec.Profile)
		}
		if bad != nil {
			key := append([]string{name}, bad.key...)
			return nil, &RuleFileError{File: file, Line: at(key...), Key: strings.Join(key, "."), Msg: bad.msg}
		}
		out = append(out, games...)
	}
	for _, k := range md.Undecoded() {
		if len(k) == 1 {
			continue // a game's own table, decoded through its Primitive
		}
		return nil, &RuleFileError{File: file, Line: at(k...), Key: k.String(),
			Msg: "unknown key (docs/rules-format.md lists every key)"}
	}
	seen := map[string]bool{}
	for _, g := range out {
		if seen[g.Name] {
			return nil, &RuleFileError{File: file, Key: g.Name, Msg: "the file names this game twice"}
		}
		seen[g.Name] = true
	}
	return out, nil
}

// namedKeys are the keys of a game of named rules.
var namedKeys = map[string]bool{"title": true, "rules": true, "start": true, "profile": true}

// tableOrder lists the file's top-level tables in the order they appear.
func tableOrder(md toml.MetaData) []string {
	var names []string
	seen := map[string]bool{}
	for _, k := range md.Keys() {
		if len(k) >= 1 && !seen[k[0]] {
			seen[k[0]] = true
			names = append(names, k[0])
		}
	}
	return names
}

// specError is a bad value in a game's table: the key below the game's name.
type specError struct {
	key []string
	msg string
}

func bad(msg string, key ...string) *specError { return &specError{key: key, msg: msg} }

// oneOf checks a word against its allowed values ("" takes the first).
func oneOf(got string, key []string, allowed ...string) (int, *specError) {
	if got == "" {
		return 0, nil
	}
	for i, a := range allowed {
		if got == a {
			return i, nil
		}
	}
	return 0, bad(fmt.Sprintf("%q is not one of %s", clip(got), strings.Join(quoteAll(allowed), ", ")), key...)
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = strconv.Quote(w)
	}
	return out
}

// compile checks a game's table and returns its games (one, or one per pair of a
// family).
func (g *gameSpec) compile(name string) ([]Rules, *specError) {
	var pr *Profile
	if g.Profile != "" {
		if pr = builtinProfile(g.Profile); pr == nil {
			return nil, bad(fmt.Sprintf("%q is not a game of builtin.toml, whose profile a game may take: %s", clip(g.Profile), strings.Join(quoteAll(builtinNames[:]), ", ")), "profile")
		}
	}
	if g.Rules != "" {
		return g.compileNamed(name, pr)
	}
	if len(g.Holes) == 0 {
		return nil, bad("the number of holes per row is missing (2 to 15)", "holes")
	}
	if len(g.Seeds) == 0 {
		return nil, bad("the number of seeds per hole at the start is missing", "seeds")
	}
	family := len(g.Holes) > 1 || len(g.Seeds) > 1
	if g.Start != "" && family {
		return nil, bad("a start position is a single game's: holes and seeds one number each", "start")
	}
	if g.StartMove != "" && family {
		return nil, bad("a start move is a single game's: holes and seeds one number each", "start_move")
	}
	if g.Names != "" && (!family || !strings.Contains(g.Names, "{holes}") || !strings.Contains(g.Names, "{seeds}")) {
		return nil, bad("names is the pattern of a family's names (holes or seeds a list), with {holes} and {seeds}", "names")
	}
	r, err := g.compileRules()
	if err != nil {
		return nil, err
	}
	var out []Rules
	for _, h := range g.Holes {
		if h < 1 || h > maxFileCols {
			return nil, bad(fmt.Sprintf("%d holes per row: from 1 to %d", h, maxFileCols), "holes")
		}
		if bad := r.checkDirections(h); bad != nil {
			return nil, bad
		}
		if r.round != nil && r.round.territory && r.round.holes > 2*h {
			return nil, bad(fmt.Sprintf("%d: the holes a player must own to win, from 1 to the board's %d", r.round.holes, 2*h), "round", "holes")
		}
		if r.round != nil && !r.round.territory && r.round.holes > h {
			return nil, bad(fmt.Sprintf("%d: the fewest holes a player must fill to play another round, from 1 to the %d holes of a row", r.round.holes, h), "round", "holes")
		}
		for _, s := range g.Seeds {
			if s < 1 || 2*h*s > maxFileSeeds {
				return nil, bad(fmt.Sprintf("%d seeds per hole: from 1, and at most %d seeds in all", s, maxFileSeeds), "seeds")
			}
			if r.holeLimit > 0 && (2*h-1)*int(r.holeLimit) <= 2*h*s {
				// every hole but the one sown from could be full
				return nil, bad(fmt.Sprintf("%d: every hole but one could hold that many of the %d seeds, and a sowing would not end", r.holeLimit, 2*h*s), "sow", "hole_limit")
			}
			game := Rules{Name: name, Family: name, Title: g.Title, Holes: h, Seeds: s, rules: r, profile: pr, spec: *g, start: g.Start, startMove: g.StartMove}
			if game.Title == "" {
				game.Title = name
			}
			if family {
				pattern := g.Names
				if pattern == "" {
					pattern = name + "-{holes}-{seeds}"
				}
				game.Name = strings.NewReplacer("{holes}", fmt.Sprint(h), "{seeds}", fmt.Sprint(s)).Replace(pattern)
				game.Title = fmt.Sprintf("%s (%d,%d)", game.Title, h, s)
			}
			if !gameName.MatchString(game.Name) {
				return nil, bad(fmt.Sprintf("%q is not a game's name: 1 to 40 lower-case letters, digits and dashes", clip(game.Name)), "names")
			}
			out = append(out, game)
		}
	}
	return out, nil
}

// startSeeds is the seeds of a start position in the notation (its rows' counts and
// its stores); 0 where a count cannot be read. A start with more or fewer seeds
// than the holes' seeds gives the game its total (a start pattern leaving holes
// empty or adding seeds); unread, ParsePosition says what is wrong with it.
func startSeeds(start string) int {
	fields := strings.Split(start, " ")
	if len(fields) != 5 {
		return 0
	}
	cells := append(strings.FieldsFunc(fields[0], func(c rune) bool { return c == '/' || c == ',' }), fields[2], fields[3])
	total := 0
	for _, c := range cells {
		if _, ok := childMark(c); ok || strings.HasSuffix(c, "r") {
			c = c[:len(c)-1]
		}
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > 1<<16 {
			return 0
		}
		total += n
	}
	return total
}

// compileNamed reads a game of named rules: its rules, start and title (profile pr,
// or nil for the profile of the rules' name).
func (g *gameSpec) compileNamed(name string, pr *Profile) ([]Rules, *specError) {
	n := named[g.Rules]
	if n == nil {
		return nil, bad(fmt.Sprintf("%q is not a set of named rules: %s", clip(g.Rules), strings.Join(quoteAll(sortedKeys(named)), ", ")), "rules")
	}
	if g.Start == "" {
		return nil, bad("named rules need the start position (start = \"...\", in the notation of docs/rules.md)", "start")
	}
	if pr == nil {
		pr = builtinProfile(g.Rules) // nil while builtin.toml itself loads
	}
	game := Rules{Name: name, Family: name, Title: g.Title, Holes: n.cols, Seeds: n.seeds / (n.rows * n.cols), named: n, start: g.Start, profile: pr, spec: *g}
	if game.Title == "" {
		game.Title = name
	}
	return []Rules{game}, nil
}

// sortedKeys lists a map's keys in order.
func sortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkDirections checks the sowing directions against a row of cols holes: the
// chosen columns on the board, the middle hole of an odd row chosen where halves sow
// apart, and every move of a side within a move list.
func (r *fileRules) checkDirections(cols int) *specError {
	if r.choice>>cols != 0 {
		return bad(fmt.Sprintf("a column past the board's %d holes a row", cols), "sow", "choice")
	}
	if mid := cols / 2; cols%2 == 1 && (r.dirRule == dirOutward || r.dirRule == dirInward) && r.choice>>mid&1 == 0 {
		return bad(fmt.Sprintf("the middle hole of an odd row sows neither way outward or inward: choose it (sow.choice = [%q])", string(rune('a'+mid))), "sow", "direction")
	}
	moves := cols + bits.OnesCount16(r.choice)
	if r.firstMove {
		moves = 2 * cols
	}
	if moves > MaxMoves-1 {
		return bad(fmt.Sprintf("%d moves a side (each chosen hole gives two): at most %d", moves, MaxMoves-1), "sow", "choice")
	}
	return nil
}

// compileRules reads the sowing, capture, turn, feeding and ending keys.
func (g *gameSpec) compileRules() (fileRules, *specError) {
	var r fileRules
	var err *specError
	dir, err := oneOf(g.Sow.Direction, []string{"sow", "direction"}, "counter-clockwise", "clockwise", "outward", "inward", "by-parity", "first-move")
	if err != nil {
		return r, err
	}
	r.dirRule = uint8(dir)
	r.chosenBit, r.cwBit = wayChosen, southClockwise
	if r.firstMove = dir == dirFirstMove; r.firstMove && len(g.Sow.Choice) > 0 {
		return r, bad("every hole is chosen on the game's first move with sow.direction = \"first-move\": no sow.choice", "sow", "choice")
	}
	for _, c := range g.Sow.Choice {
		if len(c) != 1 || c[0] < 'a' || c[0] >= 'a'+maxFileCols {
			return r, bad(fmt.Sprintf("%q is not a column: the letters a to %c", clip(c), 'a'+maxFileCols-1), "sow", "choice")
		}
		r.choice |= 1 << (c[0] - 'a')
	}
	// A game whose holes sow both ways sows counter-clockwise in its own rules and
	// clockwise in their flip (sowing.go).
	r.clockwise = dir == dirCW && r.choice == 0
	path, err := oneOf(g.Sow.Path, []string{"sow", "path"}, "around", "zigzag")
	if err != nil {
		return r, err
	}
	r.zigzag = path == 1
	r.bearOff = g.Sow.BearOff
	laps, err := oneOf(g.Sow.Laps, []string{"sow", "laps"}, "single", "relay", "relay-next")
	if err != nil {
		return r, err
	}
	r.relay, r.relayNext = laps != 0, laps == 2
	if g.Sow.RelayStop && (!r.relay || len(g.Capture.Counts) == 0) {
		return r, bad("a relay can only stop on a capture when it relays (laps = \"relay\") and counts capture (capture.counts)", "sow", "relay_stops_on_capture")
	}
	r.relayStop = g.Sow.RelayStop
	endless, err := oneOf(g.Sow.Endless, []string{"sow", "endless"}, "forbidden", "ends-game")
	if err != nil {
		return r, err
	}
	r.endlessEnds = endless == 1
	r.lapLimit = MaxLaps + 1
	if g.Sow.LapLimit != 0 {
		if g.Sow.LapLimit < 1 || g.Sow.LapLimit > MaxLaps+1 {
			return r, bad(fmt.Sprintf("%d: the most sowings one move may take, from 1 to %d", g.Sow.LapLimit, MaxLaps+1), "sow", "lap_limit")
		}
		r.lapLimit = g.Sow.LapLimit
	}
	r.skipStart, r.leaveOne, r.loneMoves = g.Sow.SkipStart, g.Sow.LeaveOne, g.Sow.LoneMoves
	if r.loneMoves && !r.leaveOne {
		return r, bad("a lone seed moves on where the start hole keeps one seed: sow.lone_moves needs sow.leave_one", "sow", "lone_moves")
	}
	if err := r.compileRelay(g); err != nil {
		return r, err
	}
	into, err := oneOf(g.Sow.Stores, []string{"sow", "stores"}, "none", "own", "both")
	if err != nil {
		return r, err
	}
	r.sowStores = uint8(into)
	if into != 0 && !g.Stores {
		return r, bad("sowing into stores needs a board with stores (stores = true)", "sow", "stores")
	}
	if into != 0 && r.zigzag {
		return r, bad("the zigzag path crosses the board at every hole and passes no store: not with sow.stores", "sow", "path")
	}
	at, err := oneOf(g.Sow.StoresAt, []string{"sow", "stores_at"}, "exit", "right")
	if err != nil {
		return r, err
	}
	if at == 1 && (into == 0 || !r.clockwise) {
		return r, bad("stores at the players' right differ from where the sowing leaves a row only for clockwise sowing into stores (sow.direction = \"clockwise\", sow.stores)", "sow", "stores_at")
	}
	r.storesAsCCW = at == 1
	r.minSeeds = 1
	if g.Sow.MinSeeds != 0 {
		if g.Sow.MinSeeds < 1 || g.Sow.MinSeeds > maxFileSeeds {
			return r, bad("the fewest seeds a hole needs to be played: 1 or more", "sow", "min_seeds")
		}
		r.minSeeds = uint8(g.Sow.MinSeeds)
	}
	if r.leaveOne && r.minSeeds < 2 && !r.loneMoves {
		return r, bad("leaving one seed needs holes of two or more to be played (min_seeds = 2), or a lone seed sown on (sow.lone_moves)", "sow", "leave_one")
	}
	for _, c := range g.Capture.Counts {
		if c < 1 || c > maxFileSeeds {
			return r, bad(fmt.Sprintf("count %d: a capturing count is from 1 to %d", c, maxFileSeeds), "capture", "counts")
		}
		r.captureCount[c] = true
		r.countCaptures = true
	}
	side, err := oneOf(g.Capture.Side, []string{"capture", "side"}, "opponent", "own", "both", "opponent-owned", "opponent-first")
	if err != nil {
		return r, err
	}
	r.captureSide = uint8(side)
	if side == sideOppOwned && !g.Round.Territory {
		return r, bad("the holes the opponent owns are its row but in a game of territory: capture.side = \"opponent\", or round.territory", "capture", "side")
	}
	chain, err := oneOf(g.Capture.Chain, []string{"capture", "chain"}, "none", "backward", "forward")
	if err != nil {
		return r, err
	}
	r.chain = uint8(chain)
	r.twoOut = g.Capture.TwoOut
	crossChain := chain != 0 && g.Capture.Cross != "" && g.Capture.Cross != "none" && !r.countCaptures && !r.twoOut
	if chain != 0 && !r.countCaptures && !r.twoOut && !crossChain {
		return r, bad("a chain of captures needs capture.counts, capture.two_out or capture.cross", "capture", "chain")
	}
	r.crossChain = crossChain
	if crossChain && chain != chainFwd {
		return r, bad("a chain of cross captures goes forward, for now: capture.chain = \"forward\"", "capture", "chain")
	}
	if g.Capture.CrossChainAnyHole && !crossChain {
		return r, bad("says where a chain of cross captures goes on, but there is none: capture.cross with capture.chain = \"forward\" and no capture.counts", "capture", "cross_chain_any_hole")
	}
	r.crossChainAny = g.Capture.CrossChainAnyHole
	by, err := oneOf(g.Capture.ChainBy, []string{"capture", "chain_by"}, "move", "game")
	if err != nil {
		return r, err
	}
	if by == 1 && (chain != chainBackward || r.choice == 0 || r.dirRule > dirCW) {
		return r, bad("a chain by the game's direction needs a backward chain, sow.choice and sow.direction clockwise or counter-clockwise", "capture", "chain_by")
	}
	r.chainByGame = by == 1
	cross, err := oneOf(g.Capture.Cross, []string{"capture", "cross"}, "none", "always", "opposite-not-empty")
	if err != nil {
		return r, err
	}
	r.cross = uint8(cross)
	lands, err := oneOf(g.Capture.CrossLands, []string{"capture", "cross_lands"}, "own", "opponent", "either")
	if err != nil {
		return r, err
	}
	if lands != landOwn && cross == crossNone {
		return r, bad("says where a cross capture lands, but capture.cross is \"none\"", "capture", "cross_lands")
	}
	r.crossLand = uint8(lands)
	r.crossTakesSower = true
	if g.Capture.CrossTakesSower != nil {
		if cross == 0 {
			return r, bad("says what a cross capture takes, but capture.cross is \"none\"", "capture", "cross_takes_sower")
		}
		r.crossTakesSower = *g.Capture.CrossTakesSower
	}
	slam, err := oneOf(g.Capture.GrandSlam, []string{"capture", "grand_slam"}, "allowed", "captures-nothing", "forbidden", "leaves-right", "moves-again", "gives-row")
	if err != nil {
		return r, err
	}
	r.grandSlam = uint8(slam)
	if g.Capture.SlamWhenFed != nil {
		if slam == 0 {
			return r, bad("says when a grand slam counts, but capture.grand_slam is \"allowed\"", "capture", "grand_slam_when_fed")
		}
		r.slamNeedsSeeds = !*g.Capture.SlamWhenFed
	}
	if slam != 0 && !r.countCaptures && cross == 0 {
		return r, bad("a grand slam rule needs a capture rule", "capture", "grand_slam")
	}
	if err := g.compileCaptureLimits(&r); err != nil {
		return r, err
	}
	r.extraOnStore, r.extraOnCapture = g.Turn.ExtraOnStore, g.Turn.ExtraOnCapture
	r.extraOnOtherStore = g.Turn.ExtraOnOtherStore
	if r.extraOnOtherStore && into != storesBoth {
		return r, bad("a last seed can only fall into the opponent's store when sowing passes through both stores (sow.stores = \"both\")", "turn", "extra_on_other_store")
	}
	if r.extraOnStore && into == 0 {
		return r, bad("a last seed can only fall into a store when sowing passes through stores (sow.stores)", "turn", "extra_on_store")
	}
	if r.extraOnCapture && !r.countCaptures && cross == 0 && !r.otherStore && !r.storeGift && !r.pullAcross && !r.takeNext && !r.twoOut && !r.singles && !r.matchAcross && (g.Child.Raid == 0 || g.Child.Count == 0) {
		return r, bad("an extra turn after a capture needs a capture rule (a raid on a child is one)", "turn", "extra_on_capture")
	}
	r.captureOnce = g.Turn.CaptureOnce
	if r.captureOnce && (!r.extraOnCapture || r.extraOnStore || r.extraOnOtherStore || slam == slamMovesAgain) {
		return r, bad("a capture's extra turn gives no other: needs turn.extra_on_capture, and no other extra turn (extra_on_store, extra_on_other_store, grand_slam = \"moves-again\")", "turn", "capture_once")
	}
	r.mustFeed = g.Feed.MustFeed
	r.feedByHole = g.Feed.ByHole
	if r.feedByHole && (!r.mustFeed || r.choice == 0) {
		return r, bad("the feeding rule asks of a hole sown either way by choice: needs feed.must_feed and sow.choice", "feed", "by_hole")
	}
	noMove, err := oneOf(g.End.NoMove, []string{"end", "no_move"}, "ends", "pass")
	if err != nil {
		return r, err
	}
	r.pass = noMove == 1
	r.rowEmptyEnds, r.majority = g.End.RowEmpty, g.End.Majority
	left, err := oneOf(g.End.SeedsLeft, []string{"end", "seeds_left"}, "owner", "other", "nobody", "split")
	if err != nil {
		return r, err
	}
	r.seedsLeft = uint8(left)
	r.loopSeeds = r.seedsLeft
	if g.End.LoopSeeds != "" {
		loop, err := oneOf(g.End.LoopSeeds, []string{"end", "loop_seeds"}, "owner", "other", "nobody", "split")
		if err != nil {
			return r, err
		}
		r.loopSeeds = uint8(loop)
	}
	if g.End.FewerThan < 0 || g.End.FewerThan > maxFileSeeds {
		return r, bad(fmt.Sprintf("%d: the game ends with fewer than this many seeds on the board, from 2 to %d (0: never)", g.End.FewerThan, maxFileSeeds), "end", "fewer_than")
	}
	if g.End.FewerThan == 1 {
		return r, bad("fewer than 1 seed left is an empty board: 2 or more (0: never)", "end", "fewer_than")
	}
	r.fewerThan = uint8(g.End.FewerThan)
	if g.End.FewerThanFirst && r.fewerThan == 0 {
		return r, bad("reads end.fewer_than first: it needs end.fewer_than", "end", "fewer_than_first")
	}
	r.fewerFirst = g.End.FewerThanFirst
	if r.pass && r.mustFeed && r.grandSlam != slamAllowed && r.grandSlam != slamLeavesRight {
		// with passing a player feeds where able, and may play any move where not
		return r, bad("feeding where able (feed.must_feed with end.no_move = \"pass\") is not supported yet with a grand slam rule (but \"leaves-right\")", "end", "no_move")
	}
	if err := g.compileSowLimits(&r); err != nil {
		return r, err
	}
	if err := r.compileGoal(g); err != nil {
		return r, err
	}
	if err := g.compileClosing(&r); err != nil {
		return r, err
	}
	if err := g.compileChildren(&r); err != nil {
		return r, err
	}
	if r.zigzag && r.kids {
		return r, bad("children are placed by the rows' ends and the holes before them round the board: not yet with sow.path = \"zigzag\"", "sow", "path")
	}
	if r.zigzag && (r.plusMinus || r.toOppTurns > 0) {
		return r, bad("the zigzag path is not yet played with sow.first_move or sow.last_to_opponent_turns", "sow", "path")
	}
	if err := g.compileRounds(&r); err != nil {
		return r, err
	}
	if err := g.compileStartRandom(&r); err != nil {
		return r, err
	}
	if err := g.compileCycle(&r); err != nil {
		return r, err
	}
	if r.bearOff && (r.sowStores != storesNone || r.skipStart || r.leaveOne || r.takeOne || r.passing || r.lapCaptures || r.relayNext ||
		r.oppTakes > 0 || r.skipOpp > 0 || r.holeLimit > 0 || r.closeAt > 0 || r.kids || r.round != nil || r.anyHole ||
		r.extraTurns() || r.noReturn || r.countsTurns() || r.firstMove || r.captureOnce || r.lastSeeds > 0 || r.ownRow || r.plusMinus) {
		return r, bad("bearing off sows seed by seed into the mover's own holes, its state one bit: not yet with sow.stores, skip_start, leave_one, take_one, lap_captures, opponent_takes, skip_opponent_count, hole_limit, close_at, no_return, laps = \"relay-next\", sow.from = \"any\", sow.cycle = \"own-row\", sow.first_move, capture.passing, extra turns, turn counts, sow.direction = \"first-move\", end.last_seeds, children or rounds", "sow", "bear_off")
	}
	return r, nil
}

// compileCycle reads the holes a sowing goes round (sow.cycle): with "own-row" each
// player sows round their own row, passing their store (with sow.stores = "own")
// between the row's last hole and its first.
func (g *gameSpec) compileCycle(r *fileRules) *specError {
	cycle, err := oneOf(g.Sow.Cycle, []string{"sow", "cycle"}, "ring", "own-row")
	if err != nil || cycle == 0 {
		return err
	}
	if r.anyHole || r.zigzag || r.sowStores == storesBoth || r.storesAsCCW || r.relayNext && r.sowStores != storesNone || r.mixedDirections() || r.chain != chainNone || r.sweep || r.closeAt > 0 || r.kids || r.round != nil {
		return bad("sowing round the own row only is not supported yet with sow.from = \"any\", sow.path = \"zigzag\", sow.stores = \"both\", sow.stores_at, a relay from the next hole lifting a store, holes sowing both ways, capture.chain, capture.sweep, sow.close_at, children or rounds", "sow", "cycle")
	}
	r.ownRow = true
	return nil
}

// compileCaptureLimits reads the keys that limit or add to the captures: no capture
// by a move of a single seed (capture.single_seed), the counts a cross capture takes
// (capture.cross_counts), the opponent's store taken (capture.other_store), the
// mover's store given away (capture.empty_gives_store), the hole across taken before
// a single seed is sown (capture.single_takes_across), the opponent's row swept
// (capture.sweep), the hole across pulled into the last (capture.pull_across), the
// hole after a relay's last seed taken (capture.next, pick_last), and the sides these
// apply to.
func (g *gameSpec) compileCaptureLimits(r *fileRules) *specError {
	if g.Capture.SingleSeed != nil {
		if !r.countCaptures && r.cross == crossNone {
			return bad("says whether a single seed captures, but no count or cross capture is played", "capture", "single_seed")
		}
		r.noSingle = !*g.Capture.SingleSeed
	}
	for c := range r.crossCount {
		r.crossCount[c] = c > 0 && len(g.Capture.CrossCounts) == 0
	}
	for _, c := range g.Capture.CrossCounts {
		if c < 1 || c > maxFileSeeds {
			return bad(fmt.Sprintf("count %d: the hole across holds 1 to %d seeds", c, maxFileSeeds), "capture", "cross_counts")
		}
		if r.cross != crossFed {
			return bad("says what a cross capture takes: needs capture.cross = \"opposite-not-empty\"", "capture", "cross_counts")
		}
		r.crossCount[c] = true
	}
	r.otherStore = g.Capture.OtherStore
	if r.otherStore && r.sowStores != storesBoth {
		return bad("a last seed falls into the opponent's store only when sowing passes through both stores (sow.stores = \"both\")", "capture", "other_store")
	}
	r.storeGift = g.Capture.EmptyGivesStore
	if r.storeGift && (!g.Stores || r.cross != crossNone || r.countCaptures) {
		return bad("gives the mover's store away: needs stores = true, and no count or cross capture (capture.side says where)", "capture", "empty_gives_store")
	}
	r.singleAcross = g.Capture.SingleTakesAcross
	r.singlesAcross = g.Capture.SinglesTakeAcross
	if r.singlesAcross && r.singleAcross {
		return bad("takes across from every single seed before a move, the moved one among them: not with capture.single_takes_across", "capture", "singles_take_across")
	}
	r.sweep = g.Capture.Sweep
	if r.sweep && (!r.countCaptures || r.captureSide != sideOpponent || r.chain != chainNone || r.cross != crossNone ||
		r.grandSlam != slamAllowed || r.dirRule > dirCW || r.choice != 0) {
		return bad("a sweep takes the opponent's holes of capturing counts: it needs capture.counts on the opponent's side, no chain, cross capture or grand slam rule, and every hole sowing one way", "capture", "sweep")
	}
	if g.Capture.ChainMax != 0 {
		if g.Capture.ChainMax < 2 || g.Capture.ChainMax > 2*maxFileCols || r.chain == chainNone {
			return bad(fmt.Sprintf("the most holes a chain takes: 2 to %d, with capture.chain", 2*maxFileCols), "capture", "chain_max")
		}
		r.chainLimit = g.Capture.ChainMax
	}
	if t := g.Capture.AfterTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns {
			return bad(fmt.Sprintf("%d: the turns without captures at the game's start, 1 to %d", t, maxOpeningTurns), "capture", "after_turns")
		}
		if !r.countCaptures && r.cross == crossNone && g.Sow.CloseAt == 0 {
			return bad("says when captures begin, but no count or cross capture (or closed hole, sow.close_at) is played", "capture", "after_turns")
		}
		r.quietTurns = uint16(t)
		r.turnBits |= quietBits
	}
	r.pickAcross = g.Capture.PickAcross
	if r.pickAcross && !r.twoOut {
		return bad("takes the hole across from a two-out capture's: needs capture.two_out", "capture", "pick_across")
	}
	if r.twoOut && (r.cross != crossNone || r.chain == chainBackward || r.grandSlam != slamAllowed || r.sowStores != storesNone ||
		r.relay && !r.relayNext && (!g.Sow.LapCaptures || r.chain != chainNone) || r.noSingle || r.otherStore || r.storeGift || r.singleAcross || r.singlesAcross || r.sweep || r.quietTurns > 0 || r.mixedDirections() && !r.firstMove && r.choice == 0) {
		return bad("a two-out capture is not supported yet with cross captures, a backward chain, a grand slam rule, sowing into stores, sow.laps = \"relay\" (but with sow.lap_captures and no chain), the other capture rules or holes sowing both ways (but sow.direction = \"first-move\" or sow.choice)", "capture", "two_out")
	}
	r.pullAcross = g.Capture.PullAcross
	if r.pullAcross && (r.countCaptures || r.cross != crossNone || r.twoOut || r.otherStore || r.storeGift || r.sweep ||
		r.singleAcross || r.captureSide > sideBoth) {
		return bad("pulls the seeds across into the last hole: not with capture.counts, cross, two_out, other_store, empty_gives_store, sweep or single_takes_across, and capture.side opponent, own or both", "capture", "pull_across")
	}
	r.takeNext, r.pickLast = g.Capture.Next, g.Capture.PickLast
	if r.pickLast && !r.takeNext {
		return bad("takes the last hole's seeds with a capture of the next hole: needs capture.next", "capture", "pick_last")
	}
	if r.takeNext && (!r.relay || r.relayNext || r.relayStop || r.sowStores != storesNone || r.countCaptures || r.cross != crossNone || r.twoOut ||
		r.grandSlam != slamAllowed || r.otherStore || r.storeGift || r.sweep || r.singleAcross || r.pullAcross || r.noSingle || r.quietTurns > 0 ||
		r.captureSide > sideBoth) {
		return bad("takes the hole after a relay's last seed: needs sow.laps = \"relay\" without relay_stops_on_capture or sow.stores, capture.side opponent, own or both, and no other capture or grand slam rule", "capture", "next")
	}
	r.singles = g.Capture.Singles
	if r.singles && (r.countCaptures || r.cross != crossNone || r.twoOut || r.takeNext || r.pullAcross || r.otherStore || r.storeGift ||
		r.sweep || r.singleAcross || r.grandSlam != slamAllowed || r.captureSide > sideBoth) {
		return bad("takes every single seed after a move: not with another capture or grand slam rule, and capture.side opponent, own or both", "capture", "singles")
	}
	r.crossSweep = g.Capture.CrossSweep
	if g.Capture.LockedUntilPlayed {
		if g.Child.Count > 0 || g.Child.LapLocked || g.Sow.CloseAt > 0 || !r.countCaptures || r.cross != crossNone {
			return bad("locks the holes not yet played, which is supported with count captures only: not with children, child.lap_locked, sow.close_at or cross captures", "capture", "locked_until_played")
		}
		r.playLocks, r.lockedNoCapture = true, true
	}
	if g.Sow.EachHoleFirst {
		if g.Child.Count > 0 || g.Child.LapLocked || g.Sow.CloseAt > 0 || r.anyHole {
			return bad("locks the holes not yet played: not with children, child.lap_locked, sow.close_at or sow.from = \"any\"", "sow", "each_hole_first")
		}
		r.playLocks, r.eachFirst = true, true
	}
	if g.Capture.FromNext {
		if !r.countCaptures || r.chain == chainBackward || r.cross != crossNone || r.relay || r.sweep || r.otherStore || r.pullAcross || r.singles || r.matchAcross || r.twoOut || r.takeNext || r.kids || r.mixedDirections() || r.sowStores != storesNone {
			return bad("a count capture from the hole after the last: needs capture.counts, and not with a backward chain, cross captures, relays, holes sowing both ways, sow.stores, children or the other capture rules", "capture", "from_next")
		}
		r.fromNext = true
	}
	if r.crossSweep && (r.cross == crossNone || r.countCaptures || r.chain != chainNone || r.grandSlam != slamAllowed || r.lapCaptures) {
		return bad("a cross capture takes the opponent's holes of its counts too: needs capture.cross, and no count capture, chain or grand slam rule", "capture", "cross_sweep")
	}
	r.matchAcross = g.Capture.MatchAcross
	if r.matchAcross && (r.countCaptures || r.cross != crossNone || r.twoOut || r.takeNext || r.pullAcross || r.singles || r.otherStore ||
		r.storeGift || r.sweep || r.singleAcross || r.grandSlam != slamAllowed || r.captureSide > sideBoth || r.relayNext || r.relayStop) {
		return bad("takes a hole and the hole across that hold as many: not with another capture or grand slam rule, relay_stops_on_capture or sow.laps = \"relay-next\", and capture.side opponent, own or both", "capture", "match_across")
	}
	r.matchBothWays = g.Capture.MatchBothWays
	if r.matchBothWays != 0 && (!r.matchAcross || r.matchBothWays < 1 || r.matchBothWays > maxFileCols) {
		return bad(fmt.Sprintf("takes up to that many holes more each way after a match: 1 to %d, with capture.match_across", maxFileCols), "capture", "match_both_ways")
	}
	r.oddCaptures = r.noSingle || r.quietTurns > 0 || r.sweep || r.otherStore || r.pullAcross || r.singles || r.matchAcross
	if r.captureSide == sideOppFirst && r.chain == chainNone {
		return bad("\"opponent-first\" says where a chain goes on: it needs capture.chain (else it is \"opponent\")", "capture", "side")
	}
	return nil
}

// compileRelay reads where a relay may go on (sow.relay_side) and from which counts
// (sow.relay_counts).
func (r *fileRules) compileRelay(g *gameSpec) *specError {
	side, err := oneOf(g.Sow.RelaySide, []string{"sow", "relay_side"}, "either", "own", "opponent")
	if err != nil {
		return err
	}
	r.relaySide = uint8(side)
	for c := range r.relayCount {
		r.relayCount[c] = len(g.Sow.RelayCounts) == 0
	}
	for _, c := range g.Sow.RelayCounts {
		if c < 2 || c > maxFileSeeds {
			return bad(fmt.Sprintf("%d: a relay lifts a hole of 2 to %d seeds (the seed just sown and those it found)", c, maxFileSeeds), "sow", "relay_counts")
		}
		r.relayCount[c] = true
	}
	if (side != 0 || len(g.Sow.RelayCounts) > 0) && g.Sow.Laps != "relay" {
		return bad("says when a relay goes on, but sow.laps is not \"relay\"", "sow", "relay_side")
	}
	return nil
}

// compileGoal reads the keys of the game's goal and of the endings that need to
// know who moved last (end.goal, end.own_row_empty, end.unfed_takes), and whether
// positions must say that the side to move moves again (trackAgain).
func (r *fileRules) compileGoal(g *gameSpec) *specError {
	goal, err := oneOf(g.End.Goal, []string{"end", "goal"}, "seeds", "clear", "deprive", "immobilize")
	if err != nil {
		return err
	}
	r.clearGoal, r.depriveGoal, r.immobileGoal = goal == 1, goal == 2, goal == 3
	r.noReturn = g.Sow.NoReturn
	from, err := oneOf(g.Sow.From, []string{"sow", "from"}, "own", "any")
	if err != nil {
		return err
	}
	r.anyHole = from == 1
	if r.anyHole {
		// Rules that tell the rows apart by their owners say nothing, or something
		// else, when either player plays either row.
		switch {
		case r.mustFeed, r.unfedTakes:
			return bad("a player who plays any hole feeds no one: not with feed.must_feed or end.unfed_takes", "sow", "from")
		case r.grandSlam != slamAllowed:
			return bad("a grand slam takes the opponent's row, which a player who plays any hole has not: not with capture.grand_slam", "sow", "from")
		case r.rowEmptyEnds, r.ownRowEnds, r.otherRowEnds, r.clearGoal, r.depriveGoal:
			return bad("a player who plays any hole has no row of their own to empty: not with end.row_empty, end.own_row_empty, end.other_row_empty or end.goal = \"clear\" or \"deprive\"", "sow", "from")
		case (r.countCaptures || r.storeGift) && r.captureSide != sideBoth:
			return bad("captures by count on one side need the rows to belong to the players: capture.side = \"both\" with sow.from = \"any\"", "sow", "from")
		case r.cross != crossNone && r.crossLand != landEither:
			return bad("a cross capture from an own or an opponent's hole needs own rows: capture.cross_lands = \"either\" with sow.from = \"any\"", "sow", "from")
		case r.noReturn, r.passing, r.allow != allowAny, r.choice != 0, r.dirRule > dirCW:
			return bad("passing captures, sow.no_return, sow.allow and holes that sow both ways need own rows: not with sow.from = \"any\"", "sow", "from")
		}
	}
	if t := g.Sow.OneWayTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns || r.choice == 0 || r.dirRule > dirCW {
			return bad(fmt.Sprintf("%d: the game's first turns sown in sow.direction: 1 to %d, with sow.choice and sow.direction clockwise or counter-clockwise", t, maxOpeningTurns), "sow", "one_way_turns")
		}
		r.oneWayTurns = uint16(t)
		r.turnBits |= oneWayBits
	}
	if (r.oneWayTurns > 0 || r.rightHalfTurns > 0 || r.toOppTurns > 0 || r.rightTwoTurns > 0) && r.pass {
		return bad("the game's first turns are counted in the position's state, which a pass does not count yet: not with sow.one_way_turns, right_half_turns, last_to_opponent_turns or right_two_turns", "end", "no_move")
	}
	if r.firstMove && (r.countsTurns() || r.noReturn) {
		return bad("the position's state holds the ways the first move set, and cannot count the game's first turns or name a hole too: not with capture.after_turns or sow.no_return", "sow", "direction")
	}
	if r.countsTurns() && r.noReturn {
		return bad("the position's state names the hole a seed may not go back from, and cannot count the game's first turns too: not with capture.after_turns or sow.one_way_turns, plain_turns, right_half_turns or last_to_opponent_turns", "sow", "no_return")
	}
	if r.noReturn && r.extraTurns() {
		return bad("a seed's way back is barred on the opponent's next move, which extra turns would leave unclear", "sow", "no_return")
	}
	r.ownRowEnds, r.otherRowEnds = g.End.OwnRowEmpty, g.End.OtherRowEmpty
	r.unfedTakes = g.End.UnfedTakes
	switch {
	case r.clearGoal && (r.majority || r.fewerThan > 0 || r.rowEmptyEnds || r.ownRowEnds || r.otherRowEnds):
		return bad("a game won by clearing one's row ends when a row is empty: end.majority, end.fewer_than, end.row_empty, end.own_row_empty and end.other_row_empty say nothing more", "end", "goal")
	case r.clearGoal && r.pass:
		return bad("a player who has seeds can always move in a game won by clearing one's row: end.no_move = \"pass\" says nothing", "end", "goal")
	case (r.depriveGoal || r.immobileGoal) && (r.majority || r.fewerThan > 0 || r.rowEmptyEnds || r.ownRowEnds || r.pass || r.mustFeed || r.lastSeeds > 0):
		return bad("a game won by leaving the other player without seeds or moves ends only so, and the player who cannot move loses: not with end.majority, end.fewer_than, end.row_empty, end.own_row_empty, end.last_seeds, end.no_move = \"pass\" or feed.must_feed", "end", "goal")
	case r.immobileGoal && r.extraTurns():
		return bad("a game won by leaving the other player no move is not supported yet with extra turns", "end", "goal")
	case r.ownRowEnds && r.rowEmptyEnds:
		return bad("end.row_empty already ends the game when the mover's row is empty", "end", "own_row_empty")
	case r.otherRowEnds && r.rowEmptyEnds:
		return bad("end.row_empty already ends the game when the opponent's row is empty", "end", "other_row_empty")
	case r.unfedTakes && !r.mustFeed:
		return bad("only the feeding rule leaves a player unfed: end.unfed_takes needs feed.must_feed", "end", "unfed_takes")
	}
	// Who moved last decides these endings; with extra turns the position says so.
	lastMover := r.clearGoal || r.depriveGoal || r.ownRowEnds || r.otherRowEnds || r.seedsLeft == leftOther || r.loopSeeds == leftOther
	r.trackAgain = lastMover && r.extraTurns()
	if r.captureOnce && (r.trackAgain || r.countsTurns() || r.firstMove || r.noReturn || r.outGoal()) {
		return bad("the position's state says that a capture gave the extra turn, and cannot say who moved last, count the game's first turns, hold the ways the first move set or name a hole too", "turn", "capture_once")
	}
	return nil
}

// compileSkips reads the opponent's holes a sowing passes over (sow.skip_opponent_count)
// and the game's first turns sown without that rule (sow.plain_turns).
func (g *gameSpec) compileSkips(r *fileRules) *specError {
	if n := g.Sow.SkipOpponentCount; n != 0 {
		if n < 1 || n > maxFileSeeds || r.sowStores != storesNone || r.mixedDirections() || r.anyHole {
			return bad(fmt.Sprintf("%d: the count of the opponent's holes that sowing passes over, 1 to %d, with every hole sowing one way (sow.direction clockwise or counter-clockwise, no sow.choice), no sow.stores and sow.from = \"own\"", n, maxFileSeeds), "sow", "skip_opponent_count")
		}
		r.skipOpp = uint8(n)
	}
	if n := g.Sow.HoleLimit; n != 0 {
		if n < 1 || n > maxFileSeeds || r.sowStores != storesNone || r.mixedDirections() || r.anyHole || r.skipOpp != 0 {
			return bad(fmt.Sprintf("%d: the count from which sowing passes a hole over, 1 to %d, with every hole sowing one way (sow.direction clockwise or counter-clockwise, no sow.choice), no sow.stores, sow.from = \"own\" and no sow.skip_opponent_count", n, maxFileSeeds), "sow", "hole_limit")
		}
		r.holeLimit = uint8(n)
	}
	r.plainAt = plainShift
	if t := g.Sow.PlainTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns || r.skipOpp == 0 {
			return bad(fmt.Sprintf("%d: the game's first turns sown without sow.skip_opponent_count: 1 to %d, with sow.skip_opponent_count", t, maxOpeningTurns), "sow", "plain_turns")
		}
		r.plainTurns = uint16(t)
		r.turnBits |= plainBits
	}
	return nil
}

// compileFirstTurns reads the rules of the game's first turns on the holes played
// (sow.right_half_turns) and on their sowing (sow.last_to_opponent_turns).
func (g *gameSpec) compileFirstTurns(r *fileRules) *specError {
	if t := g.Sow.RightHalfTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns || g.Sow.From == "any" {
			return bad(fmt.Sprintf("%d: the game's first turns played from the right half of the mover's row: 1 to %d, with sow.from = \"own\"", t, maxOpeningTurns), "sow", "right_half_turns")
		}
		r.rightHalfTurns = uint16(t)
		r.turnBits |= rightHalfBits
	}
	if t := g.Sow.RightTwoTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns || g.Sow.From == "any" || r.rightHalfTurns > 0 {
			return bad(fmt.Sprintf("%d: the game's first turns played from the mover's two rightmost playable holes: 1 to %d, with sow.from = \"own\" and no sow.right_half_turns", t, maxOpeningTurns), "sow", "right_two_turns")
		}
		r.rightTwoTurns = uint16(t)
		r.turnBits |= rightTwoBits
	}
	if t := g.Sow.LastToOpponentTurns; t != 0 {
		if t < 1 || t > maxOpeningTurns || g.Sow.From == "any" || r.sowStores != storesNone || r.mixedDirections() || r.skipStart ||
			r.takeOne || r.passing || r.skipOpp > 0 || r.holeLimit > 0 || g.Sow.LapCaptures || g.Sow.CloseAt > 0 {
			return bad(fmt.Sprintf("%d: the game's first turns sown in one lap whose last seed passes over the mover's own holes: 1 to %d, with every hole sowing one way, sow.from = \"own\", and no sow.stores, skip_start, take_one, skip_opponent_count, hole_limit, lap_captures, close_at or capture.passing", t, maxOpeningTurns), "sow", "last_to_opponent_turns")
		}
		r.toOppTurns = uint16(t)
		r.turnBits |= toOppBits
	}
	first, err := oneOf(g.Sow.FirstMove, []string{"sow", "first_move"}, "sown", "plus-one-minus-one")
	if err != nil {
		return err
	}
	if first != 0 && (r.countsTurns() || r.sowStores != storesNone || r.firstMove || g.Sow.NoReturn || g.Sow.From == "any") {
		return bad("the first move's pattern is kept in the position's state and walks the holes, not the stores: not with the game's counted first turns, sow.stores, sow.direction = \"first-move\", sow.no_return or sow.from = \"any\"", "sow", "first_move")
	}
	r.plusMinus = first != 0
	return nil
}

// compileSowLimits reads the keys that limit the holes a player may play
// (sow.allow), take a seed from each sowing (sow.take_one), capture while sowing
// (capture.passing) and give the last seeds to the mover (end.last_seeds).
func (g *gameSpec) compileSowLimits(r *fileRules) *specError {
	if err := g.compileSkips(r); err != nil {
		return err
	}
	allow, err := oneOf(g.Sow.Allow, []string{"sow", "allow"}, "any", "opponent-or-empty", "single-into-empty", "single-last-into-empty", "single-last",
		"two-last", "two-last-rightmost", "not-across-single", "last-into-occupied")
	if err != nil {
		return err
	}
	// two-last, two-last-rightmost and not-across-single look at counts alone
	byCounts := allow >= allowTwoLast && allow <= allowNotAcrossSingle
	if allow != allowAny && !byCounts && (r.sowStores != storesNone || r.mixedDirections()) {
		return bad("a rule on the holes that may be played by where they sow needs every hole to sow one way (sow.direction clockwise or counter-clockwise, no sow.choice) and no sowing into stores", "sow", "allow")
	}
	r.allow = uint8(allow)
	r.takeOne = g.Sow.TakeOne
	passing, err := oneOf(g.Capture.Passing, []string{"capture", "passing"}, "none", "owner", "sower", "owner-all", "sower-own")
	if err != nil {
		return err
	}
	if passing != 0 && (!r.countCaptures || r.grandSlam != slamAllowed || r.captureSide == sideOppFirst) {
		return bad("captures while sowing need capturing counts (capture.counts), no grand slam rule and a capture.side other than \"opponent-first\"", "capture", "passing")
	}
	r.passing, r.passSower, r.passAll, r.passOwn = passing != 0, passing == 2 || passing == 4, passing == 3, passing == 4
	if r.twoOut && r.countCaptures && !r.passing {
		return bad("with capture.two_out the counts say only what the passing captures take: capture.passing", "capture", "counts")
	}
	if g.End.LastSeeds < 0 || g.End.LastSeeds > maxFileSeeds {
		return bad(fmt.Sprintf("%d: the mover takes the seeds left when a move leaves 1 to this many, from 0 (never) to %d", g.End.LastSeeds, maxFileSeeds), "end", "last_seeds")
	}
	r.lastSeeds = uint8(g.End.LastSeeds)
	to, err := oneOf(g.End.LastSeedsTo, []string{"end", "last_seeds_to"}, "mover", "starter")
	if err != nil {
		return err
	}
	if to == 1 && (r.lastSeeds == 0 || g.Round == (roundSpec{})) {
		return bad("the round's starter takes the last seeds: end.last_seeds in a game in rounds", "end", "last_seeds_to")
	}
	r.lastToStarter = to == 1
	if r.lastSeeds > 0 && r.captureSide == sideOppFirst {
		return bad("counts the seeds where the mover captures, which capture.side = \"opponent-first\" does not say", "end", "last_seeds")
	}
	if err := g.compileFirstTurns(r); err != nil {
		return err
	}
	r.viaSowMove = r.toOppTurns > 0 || r.plusMinus || r.bearOff || r.relay || r.takeOne || r.passing || r.lastSeeds > 0 || r.singleAcross || r.singlesAcross || r.sweep || r.quietTurns > 0 || r.twoOut || r.skipOpp > 0 || r.singles || r.matchAcross || r.holeLimit > 0
	if err := g.compileLapCaptures(r); err != nil {
		return err
	}
	if r.relayNext && r.sowStores != storesNone && (r.sowStores == storesBoth || r.takeOne || r.passing || r.skipStart || r.anyHole || r.mixedDirections() || g.Child != (childSpec{})) {
		return bad("a relay from the next hole lifts the mover's store after its last hole, sown on seed by seed: with sow.stores = \"own\" only, one way, from the player's own holes, and not with sow.take_one, skip_start, capture.passing or children", "sow", "laps")
	}
	if (r.skipOpp > 0 || r.holeLimit > 0) && (r.takeOne || r.passing || r.lapCaptures || r.twoOut || r.relayNext || r.allow != allowAny && (r.allow < allowTwoLast || r.allow > allowNotAcrossSingle)) {
		return bad("passes over holes as it sows, which sow.take_one, capture.passing, sow.lap_captures, capture.two_out, sow.laps = \"relay-next\" and the sow.allow rules that follow a sowing do not: not with them", "sow", "skip_opponent_count")
	}
	return nil
}

// compileClosing reads the holes closed during play (sow.close_at,
// sow.close_not_last): a closed hole is in both sides' child masks, nobody's.
func (g *gameSpec) compileClosing(r *fileRules) *specError {
	n := g.Sow.CloseAt
	if n == 0 {
		if g.Sow.CloseNotLast {
			return bad("says which holes are never closed, but sow.close_at (the seeds that close one) is not set", "sow", "close_not_last")
		}
		return nil
	}
	switch {
	case n < 2 || n > maxFileSeeds:
		return bad(fmt.Sprintf("%d: a hole is closed by 2 to %d seeds (0: never)", n, maxFileSeeds), "sow", "close_at")
	case !r.relay || r.relayNext || r.lapCaptures || r.relayStop || r.sowStores != storesNone || r.mixedDirections() || r.clockwise || r.anyHole || r.skipStart:
		return bad("holes are closed by the last seed of a sowing that goes on from there: sow.laps = \"relay\" without sow.lap_captures, sow.relay_stops_on_capture, sow.stores or sow.skip_start, counter-clockwise from the player's own holes", "sow", "close_at")
	case !r.outGoal() || r.takeOne || r.passing || r.lastSeeds > 0 || r.skipOpp > 0 || r.holeLimit > 0 || r.twoOut || r.countCaptures || r.cross != crossNone || g.Child != (childSpec{}):
		return bad("closing holes is the game's only capture: end.goal = \"deprive\" or \"immobilize\", no capture rule, no children and none of sow.take_one, skip_opponent_count, hole_limit or end.last_seeds", "sow", "close_at")
	}
	r.closeAt, r.closeNotLast = uint8(n), g.Sow.CloseNotLast
	return nil
}

// compileLapCaptures reads the captures at the end of each sowing of a relay
// (sow.lap_captures) and the opponent taking the seeds sown into its row when few
// are left (sow.opponent_takes).
func (g *gameSpec) compileLapCaptures(r *fileRules) *specError {
	r.lapCaptures = g.Sow.LapCaptures
	kinds := 0
	for _, k := range []bool{r.countCaptures, r.cross != crossNone, r.twoOut} {
		if k {
			kinds++
		}
	}
	if r.lapCaptures && (!r.relay || r.relayNext || kinds != 1 || r.relayStop || r.sowStores != storesNone ||
		r.grandSlam != slamAllowed || r.passing || r.takeOne || r.quietTurns > 0 || r.cross != crossNone && r.crossTakesSower) {
		return bad("captures at the end of each sowing need a relay from the last hole (sow.laps = \"relay\") and one kind of capture, by count, across (without capture.cross_takes_sower) or two out; not with sow.relay_stops_on_capture, sow.stores, sow.take_one, capture.passing, capture.after_turns or a grand slam rule", "sow", "lap_captures")
	}
	r.lapSown = g.Sow.LapCapturesSown
	if r.lapSown && (!r.lapCaptures || r.cross == crossNone || g.Stores || r.oppTakes > 0) {
		return bad("a lap's cross capture sown on needs sow.lap_captures with capture.cross, on a board without stores (stores = false)", "sow", "lap_captures_sown")
	}
	if n := g.Sow.OpponentTakes; n != 0 {
		if n < 1 || n > maxFileSeeds || !r.lapCaptures || !r.countCaptures {
			return bad(fmt.Sprintf("%d: the seeds left on the board from which the opponent takes what is sown into its row, 1 to %d, with sow.lap_captures and capture.counts", n, maxFileSeeds), "sow", "opponent_takes")
		}
		r.oppTakes = uint8(n)
	}
	return nil
}

// keyIndex finds the line of each key of a TOML text: table headers ([a.b],
// [[a.b]]) set the prefix of the keys below them, and "k = v" or "k.l = v" lines
// name a key under it. It reads only what ParseRules already accepted, so it need not
// handle every corner of TOML (a multi-line string's lines are never mistaken for
// keys when they hold no "=", and a missed key falls back to its table's line).
type keyIndex map[string]int

func keyLines(text string) keyIndex {
	idx := keyIndex{}
	var table []string
	for i, line := range strings.Split(text, "\n") {
		s := strings.TrimSpace(line)
		switch {
		case s == "" || s[0] == '#':
			continue
		case strings.HasPrefix(s, "["):
			h := strings.Trim(strings.SplitN(s, "#", 2)[0], " \t[]")
			table = splitKey(h)
			if _, ok := idx[strings.Join(table, ".")]; !ok {
				idx[strings.Join(table, ".")] = i + 1
			}
		default:
			k, _, ok := strings.Cut(s, "=")
			if !ok {
				continue
			}
			full := append(append([]string{}, table...), splitKey(k)...)
			for j := 1; j <= len(full); j++ { // a dotted key defines its parents too
				if _, seen := idx[strings.Join(full[:j], ".")]; !seen {
					idx[strings.Join(full[:j], ".")] = i + 1
				}
			}
		}
	}
	return idx
}

func splitKey(k string) []string {
	parts := strings.Split(strings.TrimSpace(k), ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}

// find returns the line of key, or of the nearest enclosing table that has one.
func (idx keyIndex) find(key []string) int {
	for j := len(key); j > 0; j-- {
		if n, ok := idx[strings.Join(key[:j], ".")]; ok {
			return n
		}
	}
	return 0
}
