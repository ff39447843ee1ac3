package board

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// StoneShark's MancalaGames describes its games as JSON files (GameProps/*.txt: a
// JSON object, then its prose after a "<text_section>" line). ParseStoneShark reads
// one into the same game specification a rule file compiles from, parameter by
// parameter: each parameter the engine can play becomes a key of the rule format
// (docs/stoneshark.md lists the mapping), and a file that uses any other parameter or
// value is refused with one line naming the game, the parameter and the value.

// ssFile is the part of a StoneShark game file the engine reads.
type ssFile struct {
	GameClass string `json:"game_class"`
	Constants struct {
		Holes int `json:"holes"`
		Seeds int `json:"nbr_start"`
	} `json:"game_constants"`
	Info     map[string]json.RawMessage            `json:"game_info"`
	Variants map[string]map[string]json.RawMessage `json:"variants"`
}

// ssDefaults are the values StoneShark gives every parameter a file leaves out (its
// template GameProps/_all_params.txt); a parameter at its default says nothing.
var ssDefaults = map[string]string{
	"allow_rule": "0", "blocks": "false", "capt_dir": "0", "capt_max": "0", "capt_min": "0",
	"capt_type": "0", "capt_on": "[]", "capt_rturn": "0", "child_cvt": "0", "child_rule": "0",
	"child_type": "0", "child_locs": "0", "crosscapt": "0", "evens": "false", "goal": "0",
	"goal_param": "0", "end_cond": "0", "end_param": "0", "grandslam": "0", "min_move": "1",
	"mlaps": "0", "move_one": "false", "moveunlock": "false", "multicapt": "0",
	"mustpass": "false", "mustshare": "false", "no_sides": "false", "nocaptmoves": "0",
	"nosinglecapt": "false", "capt_side": "0", "pickextra": "0", "prescribed": "0",
	"presowcapt": "0", "round_fill": "0", "round_starter": "0", "rounds": "0",
	"skip_start": "false", "play_locs": "0", "sow_direct": "1", "sow_stores": "0",
	"sow_rule": "0", "sow_start": "false", "sow_param": "0", "start_pattern": "0",
	"stores": "false", "udir_holes": "[]", "unclaimed": "0", "quitter": "4",
	"xc_sown": "false", "mlap_cont": "0", "xcpickown": "0", "mlap_param": "0",
}

// ssIgnored are parameters that change nothing in play: names and texts.
var ssIgnored = map[string]bool{"name": true, "about": true, "help_file": true}

// ssAllow is the sow.allow of each allow_rule the engine plays (StoneShark's
// OPP_OR_EMPTY, SINGLE_TO_ZERO, SINGLE_ONLY_ALL, SINGLE_ALL_TO_ZERO, TWO_ONLY_ALL,
// TWO_ONLY_ALL_RIGHT, NOT_XFROM_1S and OCCUPIED).
var ssAllow = map[string]string{"1": "opponent-or-empty", "2": "single-into-empty", "3": "single-last",
	"4": "single-last-into-empty", "5": "two-last", "6": "two-last-rightmost", "10": "not-across-single",
	"11": "last-into-occupied"}

// ssName is what a StoneShark game may be called: its file's name, and a variant's
// after "::".
var ssName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.'-]{0,39}(::[A-Za-z0-9][A-Za-z0-9_.'-]{0,39})?$`)

// StoneSharkError is a StoneShark game the engine cannot play: the file, the game, and
// the parameter and value it does not support (or what else is wrong), on one line.
type StoneSharkError struct {
	File  string
	Game  string
	Param string // "" when the problem is not one parameter
	Value string
	Msg   string
}

// Error reads "FILE: GAME: PARAM = VALUE: MESSAGE".
func (e *StoneSharkError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Game != "" {
		b.WriteString(": " + e.Game)
	}
	if e.Param != "" {
		fmt.Fprintf(&b, ": %s = %s", e.Param, e.Value)
	}
	b.WriteString(": " + e.Msg)
	return b.String()
}

// IsStoneSharkFile reports whether path names a StoneShark game file (*.txt), which
// the loaders read with ParseStoneShark rather than as TOML.
func IsStoneSharkFile(path string) bool { return strings.EqualFold(filepath.Ext(path), ".txt") }

// ParseStoneShark reads a StoneShark game file's text (file names it in errors, and
// its base name names the game) into the game and its variants (named
// GAME::VARIANT), in that order. A game or variant using a parameter the engine cannot
// play is refused as a *StoneSharkError: when the file's own game is, the whole file
// is; variants refused come back as Refused beside the games that were not.
func ParseStoneShark(file, text string) ([]Rules, error) {
	head, _, _ := strings.Cut(text, "\n<text_section>")
	var f ssFile
	if err := json.Unmarshal([]byte(head), &f); err != nil {
		return nil, &StoneSharkError{File: file, Msg: "not a StoneShark game file: " + err.Error()}
	}
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if !ssName.MatchString(name) {
		return nil, &StoneSharkError{File: file, Msg: fmt.Sprintf("%q cannot name a game: 1 to 40 letters, digits and _.'- from the file's name", clip(name))}
	}
	base, err := f.rules(file, name, nil)
	if err != nil {
		return nil, err
	}
	out := []Rules{base}
	var refused Refused
	vnames := make([]string, 0, len(f.Variants))
	for v := range f.Variants {
		vnames = append(vnames, v)
	}
	sort.Strings(vnames)
	for _, v := range vnames {
		if len(f.Variants[v]) == 0 {
			continue // the file's own game under another name
		}
		full := name + "::" + v
		if !ssName.MatchString(full) {
			refused = append(refused, &StoneSharkError{File: file, Game: full, Msg: "cannot name a game: 1 to 40 letters, digits and _.'- on either side of ::"})
			continue
		}
		r, err := f.rules(file, full, f.Variants[v])
		if err != nil {
			refused = append(refused, err)
			continue
		}
		out = append(out, r)
	}
	if len(refused) > 0 {
		return out, refused
	}
	return out, nil
}

// crossOn reports whether a game's parameters capture across: crosscapt ONE_ZEROS
// (true or 1) or ONE_ANY (3).
func crossOn(info map[string]string) bool {
	return info["crosscapt"] == "true" || info["crosscapt"] == "1" || info["crosscapt"] == "3"
}

// rules reads the file's game, with a variant's parameters over its own.
func (f *ssFile) rules(file, name string, over map[string]json.RawMessage) (Rules, error) {
	refuse := func(param, value, msg string) error {
		return &StoneSharkError{File: file, Game: name, Param: param, Value: value, Msg: msg}
	}
	if f.GameClass == "ShareOne" {
		// a player whose opponent holds no seed first moves one seed from a hole
		// of two or more into the opponent's first hole, then moves again
		return Rules{}, refuse("game_class", f.GameClass, "not supported yet: one seed shared into an empty row's first hole, then a move again (then pickextra 6, goal 6 and a random start)")
	}
	if f.GameClass != "" && f.GameClass != "Mancala" && f.GameClass != "NorthSouthCycle" && f.GameClass != "ZigZag" && f.GameClass != "BearOff" {
		return Rules{}, refuse("game_class", f.GameClass, "not supported yet: only the two-row classes Mancala, NorthSouthCycle, ZigZag and BearOff")
	}
	info := map[string]string{}
	for k, v := range f.Info {
		info[k] = compactJSON(v)
	}
	holes, seeds := f.Constants.Holes, f.Constants.Seeds
	for k, v := range over {
		switch k {
		case "holes", "nbr_start":
			var n int
			if json.Unmarshal(v, &n) != nil {
				return Rules{}, refuse(k, compactJSON(v), "a whole number was expected")
			}
			if k == "holes" {
				holes = n
			} else {
				seeds = n
			}
		default:
			info[k] = compactJSON(v)
		}
	}
	spec := gameSpec{Title: strings.ReplaceAll(name, "_", " "), Holes: intOrList{holes}, Seeds: intOrList{seeds}}
	if f.GameClass == "NorthSouthCycle" { // each player sows round their own row only
		if info["no_sides"] == "true" {
			return Rules{}, refuse("no_sides", "true", "not supported yet with game_class NorthSouthCycle (either player sows either row, each row's seeds staying in it)")
		}
		spec.Sow.Cycle = "own-row"
	}
	if err := spec.readStoneShark(info); err != nil {
		err.File, err.Game = file, name
		return Rules{}, err
	}
	seeds = spec.Seeds[0] // a hole's, where nbr_start counts the seeds in all (start_pattern 6)
	if f.GameClass == "ZigZag" {
		// Sown along the zigzag, each hole towards the middle of the row; a lone seed
		// may not go straight back across the middle unless its move captured.
		if dir := cmp.Or(info["sow_direct"], ssDefaults["sow_direct"]); dir != "4" {
			return Rules{}, refuse("sow_direct", dir, "not playable with game_class ZigZag: StoneShark refuses it too (its zigzag sows towards the middle, 4)")
		}
		spec.Sow.Path = "zigzag"
		spec.Sow.NoReturn = spec.Sow.MinSeeds < 2 && len(spec.Sow.Choice) == 0
	}
	if f.GameClass == "BearOff" {
		// Once no hole holds more than one seed, sowing bears off.
		if spec.Sow.MinSeeds > 1 {
			return Rules{}, refuse("min_move", info["min_move"], "not playable with game_class BearOff: StoneShark refuses it too (it needs min_move 1)")
		}
		spec.Sow.BearOff = true
	}
	if holes < 1 || holes > maxFileCols {
		return Rules{}, refuse("holes", fmt.Sprint(holes), fmt.Sprintf("not supported: 1 to %d holes a row", maxFileCols))
	}
	if seeds < 1 || 2*holes*seeds > maxFileSeeds {
		return Rules{}, refuse("nbr_start", fmt.Sprint(seeds), fmt.Sprintf("not supported: 1 or more seeds a hole, at most %d in all", maxFileSeeds))
	}
	r, bad := spec.compileRules()
	if bad != nil {
		return Rules{}, refuse("", "", "its rules contradict each other: "+strings.Join(bad.key, ".")+": "+bad.msg)
	}
	if spec.Start != "" {
		// a start_pattern's start counts the game's first turns as the game's own does
		spec.Start = strings.TrimSuffix(spec.Start, "-") + r.startState()
	}
	game := Rules{Name: name, Family: name, Title: spec.Title, Holes: holes, Seeds: seeds, rules: r, spec: spec, start: spec.Start, startMove: spec.StartMove}
	if bad := checkGame(game, ""); bad != nil {
		return Rules{}, refuse("start_pattern", info["start_pattern"], "not supported: "+bad.msg)
	}
	return game, nil
}

// compactJSON is a JSON value as one line without spaces, as errors quote it.
func compactJSON(v json.RawMessage) string {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return string(v)
	}
	b, _ := json.Marshal(x)
	return string(b)
}

// readStoneShark sets the rule keys from StoneShark's parameters (each given as
// compact JSON), or names the first parameter it cannot express.
func (g *gameSpec) readStoneShark(info map[string]string) *StoneSharkError {
	keys := make([]string, 0, len(info))
	for k := range info {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	unsupported := func(k string) *StoneSharkError {
		return &StoneSharkError{Param: k, Value: info[k], Msg: "not supported yet"}
	}
	// Every game scores captures, and ends as soon as a store holds more than half
	// the seeds or when the player to move has no move.
	g.End.Majority = true
	g.End.NoMove = "ends"
	g.Capture.Side = "both"
	g.End.LoopSeeds = "split" // the quitter's default: halves, the odd seed to the side behind
	// StoneShark's sowing gives up after 75 sowings and ends the game as a quitter.
	g.Sow.Endless, g.Sow.LapLimit = "ends-game", 75
	var evens bool
	var captMin, captMax int
	limit := 0 // end_cond 3 (SEEDS_LIMIT): the game, or round, ends with end_param seeds or fewer in play
	for _, k := range keys {
		v := info[k]
		if ssIgnored[k] || ssDefaults[k] == v {
			continue
		}
		switch {
		case k == "stores":
			g.Stores = v == "true"
		case k == "sow_direct" && (v == "-1" || v == "0" || v == "2" || v == "3" || v == "4"):
			g.Sow.Direction = map[string]string{"-1": "clockwise", "0": "outward", "2": "first-move", "3": "by-parity", "4": "inward"}[v]
		case k == "udir_holes" && info["sow_direct"] == "2":
			// PLAYALTDIR chooses at every hole whatever udir_holes says
		case k == "udir_holes":
			var cols []int
			if json.Unmarshal([]byte(v), &cols) != nil {
				return unsupported(k)
			}
			for _, c := range cols {
				if c < 0 || c >= maxFileCols {
					return unsupported(k)
				}
				g.Sow.Choice = append(g.Sow.Choice, string(rune('a'+c)))
			}
		case k == "mlaps" && v == "1":
			g.Sow.Laps = "relay"
		case k == "mlaps" && v == "2":
			// LAPPER_NEXT: the relay lifts the hole after the last one sown
			g.Sow.Laps = "relay-next"
		case k == "capt_type" && v == "2":
			// TWO_OUT: the hole after an empty next hole is taken, a chain going on
			// along the sowing (capt_dir 1)
			if m := info["multicapt"]; m != "" && m != "0" && info["capt_dir"] != "1" {
				return &StoneSharkError{Param: "capt_dir", Value: ssDefaults["capt_dir"], Msg: "not supported yet with capt_type 2 and multicapt: a chain against the sowing"}
			}
			g.Capture.TwoOut = true
		case k == "pickextra" && v == "1" && info["capt_type"] == "2":
			// PICKCROSS: the hole across from the hole taken goes too
			g.Capture.PickAcross = true
		case k == "mlap_cont" && (v == "3" || v == "4"):
			g.Sow.RelaySide = map[string]string{"3": "own", "4": "opponent"}[v]
		case k == "mlap_cont" && v == "6" && (info["sow_stores"] == "1" || info["sow_stores"] == "2"):
			// STOP_STORE: a relay ending in a store stops; with these stores every
			// sowing ending in one gives the mover another turn, which stops it anyway
		case k == "mlap_cont" && (v == "1" || v == "2"):
			// the relay goes on from a hole of exactly (1) or at least (2) mlap_param seeds
			var n int
			if json.Unmarshal([]byte(info["mlap_param"]), &n) != nil || n < 2 || n > maxFileSeeds {
				return &StoneSharkError{Param: "mlap_param", Value: info["mlap_param"], Msg: "not supported: 2 or more seeds"}
			}
			g.Sow.RelayCounts = []int{n}
			if v == "2" {
				for c := n + 1; c <= 2*g.Holes[0]*g.Seeds[0]; c++ {
					g.Sow.RelayCounts = append(g.Sow.RelayCounts, c)
				}
			}
		case k == "mlap_param" && (info["mlap_cont"] == "1" || info["mlap_cont"] == "2"):
			// read with mlap_cont
		case k == "skip_start":
			g.Sow.SkipStart = v == "true"
		case k == "sow_stores" && v == "1":
			g.Sow.Stores, g.Turn.ExtraOnStore = "own", true
		case k == "sow_stores" && v >= "2" && v <= "6" && len(v) == 1:
			// OWN_NR, BOTH, BOTH_NR, BOTH_NR_OWN, BOTH_NR_OPP: which stores, and which
			// of them give another turn.
			g.Sow.Stores = map[string]string{"3": "own"}[v]
			if g.Sow.Stores == "" {
				g.Sow.Stores = "both"
			}
			g.Turn.ExtraOnStore = v == "2" || v == "6"
			g.Turn.ExtraOnOtherStore = v == "2" || v == "5"
		case k == "min_move":
			var n int
			if json.Unmarshal([]byte(v), &n) != nil || n < 1 {
				return unsupported(k)
			}
			g.Sow.MinSeeds = n
		case k == "capt_on":
			var counts []int
			if json.Unmarshal([]byte(v), &counts) != nil {
				return unsupported(k)
			}
			g.Capture.Counts = counts
		case k == "capt_side" && (v == "1" || v == "2"): // 0, the default, is both sides
			g.Capture.Side = map[string]string{"1": "opponent", "2": "own"}[v]
		case k == "capt_side" && v == "5" && info["goal"] == "2": // OPP_TERR
			g.Capture.Side = "opponent-owned"
		case k == "capt_side" && v == "3" && !crossOn(info):
			// OPP_CONT: a capture begins on the opponent's row, and its chain goes on
			// through either
			g.Capture.Side = "opponent"
			if info["multicapt"] == "-1" {
				g.Capture.Side = "opponent-first"
			}
		case k == "nosinglecapt" && v == "true":
			no := false
			g.Capture.SingleSeed = &no
		case k == "capt_type" && v == "6":
			// PASS_STORE_CAPT: a last seed alone in a hole (on capt_side) gives the
			// mover's store to the opponent
			g.Capture.EmptyGivesStore = true
		case k == "capt_type" && v == "5" && info["pickextra"] == "2":
			// CAPT_OPP_1CCW with PICKOPPBASIC: a last seed on the opponent's row or
			// in the mover's last hole takes every opponent's hole of a capturing count
			g.Capture.Sweep = true
		case k == "pickextra" && v == "2" && info["capt_type"] == "5":
			// read with capt_type
		case k == "pickextra" && v == "2" && crossOn(info) && info["capt_side"] == "1" &&
			(info["multicapt"] == "" || info["multicapt"] == "0"):
			// PICKOPPBASIC after a cross capture: the opponent's holes of the
			// capturing counts (capt_on and the other count conditions) go too
			g.Capture.CrossSweep = true
		case k == "presowcapt" && v == "2":
			// ALL_SINGLE_XCAPT: before the sowing, each of the mover's holes that
			// held one seed takes the hole across
			g.Capture.SinglesTakeAcross = true
		case k == "presowcapt" && v == "3":
			// DRAW_1_XCAPT: a single seed lifted first takes the hole across
			g.Capture.SingleTakesAcross = true
		case k == "capt_type" && v == "8":
			// END_OPP_STORE_CAPT: a last seed in the opponent's store takes it
			g.Capture.OtherStore = true
		case k == "multicapt" && info["capt_dir"] == "2" && info["capt_type"] == "3" && len(v) == 1 && v >= "2" && v <= "9":
			// read with capt_dir
		case k == "moveunlock" && v == "true":
			g.Capture.LockedUntilPlayed = true
		case k == "multicapt" && (v == "-1" || len(v) == 1 && v >= "2" && v <= "9"):
			// a chain of captures: of any length (-1), or of at most v holes
			g.Capture.Chain = "backward"
			if info["capt_dir"] == "1" {
				g.Capture.Chain = "forward"
			}
			if v != "-1" {
				g.Capture.ChainMax = int(v[0] - '0')
			}
		case k == "capt_dir" && v == "1" && info["multicapt"] != "" && info["multicapt"] != "0":
			// read with multicapt
		case k == "capt_dir" && v == "2" && info["capt_type"] == "3" && len(info["multicapt"]) == 1 && info["multicapt"] >= "2" && info["multicapt"] <= "9":
			// BOTH with MATCH_OPP: the last hole, then up to multicapt - 1 holes
			// more each way, each matching its hole across
			g.Capture.MatchBothWays = int(info["multicapt"][0]-'0') - 1
		case k == "capt_dir" && v == "2":
			// BOTH: a chain of captures looking both ways from the last hole
			return &StoneSharkError{Param: k, Value: v, Msg: "not supported yet: a chain of captures both ways from the last hole but of matches (capt_type 3) of 2 to 9 holes"}
		case k == "capt_dir" && v == "1" && info["capt_type"] != "1":
			// without a chain only the next hole's capture (capt_type 1) looks
			// along or against the sowing: a single two-out capture goes along it
			// whatever capt_dir says, and the others take where the seed fell
		case k == "capt_type" && v == "1" && info["mlaps"] == "1" && (info["multicapt"] == "" || info["multicapt"] == "0") && info["capt_dir"] == "1":
			// NEXT after a relay, along the sowing (capt_dir 1, SOW): the last
			// seed on capt_side takes the next hole, in either row
			g.Capture.Next = true
		case k == "capt_dir" && v == "1" && info["capt_type"] == "1" && info["mlaps"] == "1" && (info["multicapt"] == "" || info["multicapt"] == "0"):
			// read with capt_type
		case k == "pickextra" && v == "5" && info["capt_type"] == "1":
			// PICKFINAL: a capture takes the last hole's seeds too
			g.Capture.PickLast = true
		case k == "capt_type" && v == "3" && (info["multicapt"] == "" || info["multicapt"] == "0" || info["capt_dir"] == "2") && info["mlaps"] != "2":
			// MATCH_OPP: a last hole holding as many as the hole across takes both;
			// a relay stops there (StoneShark's simulated capture)
			g.Capture.MatchAcross = true
		case k == "capt_type" && v == "4":
			// SINGLETONS: after a move every hole of one seed on capt_side is taken
			g.Capture.Singles = true
		case k == "capt_type" && v == "7":
			// PULL_ACROSS: a lone last seed pulls the hole across (on capt_side)
			// into its hole
			g.Capture.PullAcross = true
		case k == "prescribed" && v == "6":
			// NO_UDIR_FIRSTS: the first two turns sow the game's way, whichever the
			// mover chose
			g.Sow.OneWayTurns = 2
		case k == "nocaptmoves" && len(v) == 1 && v >= "1" && v <= "3":
			// no captures in the game's first turns
			g.Capture.AfterTurns = int(v[0] - '0')
		case k == "crosscapt" && (v == "true" || v == "1" || v == "3"):
			// ONE_ZEROS, and ONE_ANY (3), whose chain goes on from own holes holding
			// seeds too
			g.Capture.Cross = "opposite-not-empty"
			takes := info["xcpickown"] == "1" || info["xcpickown"] == "2"
			g.Capture.CrossTakesSower = &takes
			if info["xcpickown"] == "2" {
				// ALWAYS_PICK: the lone last seed is taken whether or not the hole
				// across held seeds
				g.Capture.Cross = "always"
			}
		case k == "xcpickown" && (v == "1" || v == "2") && crossOn(info):
			// read with crosscapt
		case k == "evens":
			evens = v == "true"
		case k == "capt_min" || k == "capt_max":
			var n int
			if json.Unmarshal([]byte(v), &n) != nil || n < 0 {
				return unsupported(k)
			}
			if k == "capt_min" {
				captMin = n
			} else {
				captMax = n
			}
		case k == "grandslam" && (v == "1" || v == "2" || v == "3" || v == "5" || v == "6"):
			// StoneShark calls a capture a grand slam only when the row held seeds
			// before the move.
			g.Capture.GrandSlam = map[string]string{"1": "forbidden", "2": "captures-nothing", "3": "gives-row", "5": "leaves-right", "6": "moves-again"}[v]
			fed := false
			g.Capture.SlamWhenFed = &fed
		case k == "mustshare":
			g.Feed.MustFeed = v != "false" && v != "0" // a number is read as Python reads it: 0 is false
		case k == "mustpass":
			if v == "true" {
				g.End.NoMove = "pass"
			}
		case k == "capt_rturn" && (v == "1" || v == "2"):
			// ALWAYS, or ONCE: a capture on the extra turn gives no other
			g.Turn.ExtraOnCapture, g.Turn.CaptureOnce = true, v == "2"
		case k == "quitter" && (v == "0" || v == "1" || v == "2"):
			// StoneShark applies its quitter when a user ends a game; the engine
			// when a position repeats (random-games.py --end-loops does the same)
			g.End.LoopSeeds = map[string]string{"0": "owner", "1": "nobody", "2": "other"}[v]
		case k == "unclaimed" && v == "1":
			g.End.SeedsLeft = "nobody"
		case k == "unclaimed" && v == "2":
			g.End.SeedsLeft = "other"
		case k == "unclaimed" && v == "4":
			g.End.SeedsLeft = "split"
		case k == "unclaimed" && v == "3":
			// The player who cannot be fed takes the seeds left; any other ending
			// shares them as the quitter does (set below, after the quitter).
			g.End.UnfedTakes = true
		case k == "no_sides" && v == "true":
			g.Sow.From = "any"
		case k == "end_cond" && v == "1":
			g.End.OwnRowEmpty = true
		case k == "end_cond" && v == "2":
			g.End.OtherRowEmpty = true
		case k == "end_cond" && v == "3" && info["rounds"] != "3" && info["rounds"] != "4":
			// rounds 3 and 4 have their own limit, which StoneShark keeps instead
			if json.Unmarshal([]byte(info["end_param"]), &limit) != nil || limit < 1 || limit >= maxFileSeeds {
				return &StoneSharkError{Param: "end_param", Value: info["end_param"], Msg: "not supported: 1 or more seeds"}
			}
		case k == "end_param" && info["end_cond"] == "3":
			// read with end_cond
		case k == "goal" && (v == "1" || v == "3" || v == "10"):
			g.End.Goal = map[string]string{"1": "deprive", "3": "clear", "10": "immobilize"}[v]
		case k == "goal" && (v == "4" || v == "5" || v == "7") && info["rounds"] == "2", k == "goal" && v == "5" && info["rounds"] == "3":
			// a tally of rounds won (RND_WIN_COUNT_MAX), the seeds held
			// (RND_SEED_COUNT) or points (RND_POINTS), read with the rounds
		case k == "goal" && v == "9" && info["rounds"] == "2":
			// a tally of rounds won by depriving the other (RND_WIN_COUNT_DEP), read
			// with the rounds
			g.End.Goal = "deprive"
		case k == "goal" && (v == "4" || v == "7") && info["rounds"] == "1" && info["start_pattern"] == "6":
			return &StoneSharkError{Param: "start_pattern", Value: "6", Msg: "not playable in rounds: each round begins from a new start drawn at random (a chance, not a move of the game)"}
		case k == "goal" && (v == "4" || v == "7") && info["rounds"] == "1":
			return &StoneSharkError{Param: "rounds", Value: "1", Msg: "not supported yet: a tally across rounds that end when a store holds half the seeds"}
		case k == "goal" && v >= "4" && v <= "9" && len(v) == 1, k == "goal" && v == "11":
			what := map[string]string{"4": "rounds won", "5": "the seeds held", "6": "the seeds won by", "7": "points",
				"8": "rounds won by clearing one's row", "9": "rounds won by depriving the other", "11": "rounds won by immobilizing the other"}[v]
			return &StoneSharkError{Param: k, Value: v, Msg: "not supported yet: a tally of " + what + " across rounds"}
		case (k == "sow_param" || k == "sow_rule") && (info["sow_rule"] == "1" || info["sow_rule"] == "2"):
			// SOW_BLKD_DIV(_NR): holes closed at sow_param, not the rows' last with 2
			n, err := strconv.Atoi(info["sow_param"])
			if err != nil || info["mlaps"] != "1" {
				return &StoneSharkError{Param: "sow_rule", Value: info["sow_rule"], Msg: "not supported yet: holes closed during play without laps"}
			}
			g.Sow.CloseAt, g.Sow.CloseNotLast = n, info["sow_rule"] == "2"
		case k == "start_pattern" && (v == "5" && g.Holes[0] < 4 || v == "7" && g.Holes[0]%2 != 0):
			return &StoneSharkError{Param: k, Value: v, Msg: "not playable on this board: StoneShark refuses it too (5 needs 4 holes or more, 7 an even number)"}
		case k == "start_pattern" && (v == "1" || v == "4" || v == "5" || v == "7" || v == "8" || (v == "11" || v == "3") && g.Holes[0] > 2):
			g.Start = ssStart(v, g.Holes[0], g.Seeds[0])
		case k == "start_pattern" && v == "6":
			// RANDOM: nbr_start is the seeds in all, dealt at random, at least two a
			// hole where they make two a hole; the fixed start is one such deal
			g.StartRandom, g.Start = "at-least-two", ssStart(v, g.Holes[0], g.Seeds[0])
			g.Seeds[0] = max(g.Seeds[0]/(2*g.Holes[0]), 1)
		case k == "start_pattern" && (v == "10" || v == "12"):
			return &StoneSharkError{Param: k, Value: v, Msg: "not playable: a start drawn at random, which a rule file's one start cannot say"}
		case k == "start_pattern" && v == "9":
			// MOVE_RIGHTMOST: the game begins after the starter's rightmost hole is
			// played; StoneShark then turns the board, the other player having
			// moved: North's leftmost as drawn, South to move.
			g.StartMove = "a2"
		case k == "sow_rule" && v == "5":
			// NO_SOW_OPP_NS: sowing passes over the opponent's holes of sow_param seeds
			var n int
			if _, err := fmt.Sscan(info["sow_param"], &n); err != nil || n < 1 {
				return &StoneSharkError{Param: "sow_param", Value: info["sow_param"], Msg: "not supported: sow_rule 5 needs a count of 1 or more"}
			}
			g.Sow.SkipOpponentCount = n
		case k == "sow_rule" && v == "9":
			// NO_OPP_CHILD: sowing passes over the opponent's children
			g.Sow.SkipOpponentChildren = true
		case k == "sow_rule" && v == "11":
			// OPP_CHILD_ONLY1: sowing passes over the opponent's children, but for
			// the last seed
			g.Sow.SkipOpponentChildren, g.Sow.LastIntoOpponentChildren = true, true
		case k == "sow_rule" && v == "7":
			// MAX_SOW: sowing passes over the holes of sow_param seeds or more
			var n int
			if _, err := fmt.Sscan(info["sow_param"], &n); err != nil || n < 1 {
				return &StoneSharkError{Param: "sow_param", Value: info["sow_param"], Msg: "not supported: sow_rule 7 needs a count of 1 or more"}
			}
			g.Sow.HoleLimit = n
		case k == "sow_param" && info["sow_rule"] == "7":
			// read with sow_rule
		case k == "sow_param" && info["sow_rule"] == "5":
			// read with sow_rule
		case k == "prescribed" && v == "2" && info["sow_rule"] == "5" && info["mlaps"] != "" && info["mlaps"] != "0":
			// MLAPS_SOWER: the game's first move is sown as a plain relay, without
			// sow_rule 5 (StoneShark counts moves, an extra turn included; the
			// engine turns)
			g.Sow.PlainTurns = 1
		case k == "allow_rule" && ssAllow[v] != "":
			g.Sow.Allow = ssAllow[v]
		case k == "allow_rule" && v == "13":
			// RIGHT_HALF_1ST_OPE: each player's first turn from the right half of
			// the row (StoneShark counts turns), then OPP_OR_EMPTY
			g.Sow.RightHalfTurns, g.Sow.Allow = 2, ssAllow["1"]
		case k == "allow_rule" && v == "9":
			// MOVE_ALL_HOLES_FIRST: every hole locked until played, a locked hole first
			g.Sow.EachHoleFirst = true
		case k == "capt_type" && v == "1" && (info["mlaps"] == "" || info["mlaps"] == "0") && info["multicapt"] != "" && info["multicapt"] != "0" && info["capt_dir"] == "1":
			// NEXT without relays, with a chain along the sowing: the chain of
			// counts begins at the hole after the last sown
			g.Capture.FromNext = true
		case k == "allow_rule" && (v == "7" || v == "8"):
			// FIRST_TURN_ONLY_RIGHT_TWO: the first turn from the two rightmost
			// playable holes (StoneShark counts turns); RIGHT_2_1ST_THEN_ALL_TWO:
			// that, and TWO_ONLY_ALL
			g.Sow.RightTwoTurns = 1
			if v == "8" {
				g.Sow.Allow = ssAllow["5"]
			}
		case k == "prescribed" && v == "4":
			// PLUS1MINUS1: the first move of the game and of each round (StoneShark
			// counts moves from 1 in each) moves a seed on from every other hole
			g.Sow.FirstMove = "plus-one-minus-one"
		case k == "prescribed" && v == "3":
			// SOW1OPP: each player's first turn sows one lap whose last seed goes on
			// into the opponent's row (StoneShark counts turns)
			g.Sow.LastToOpponentTurns = 2
		case k == "presowcapt" && v == "1":
			g.Sow.TakeOne = true
		case k == "sow_start" && v == "true":
			// the first seed goes back into the start hole: one stays there; with
			// move_one a lone seed moves on to the next hole
			g.Sow.LoneMoves = info["move_one"] == "true"
			if mm := info["min_move"]; (mm == "" || mm == "1") && !g.Sow.LoneMoves {
				return &StoneSharkError{Param: k, Value: v, Msg: "not playable with min_move 1: StoneShark refuses it too (a lone seed would go back into its hole)"}
			}
			g.Sow.LeaveOne = true
		case k == "move_one" && v == "true" && info["sow_start"] == "true":
			// read with sow_start
		case k == "child_type" || k == "child_cvt" || k == "child_rule" || k == "child_locs":
			// read together below
		case k == "pickextra" && v == "3":
			// the mover takes the seeds left when a move leaves a hole's start
			// count or fewer
			g.End.LastSeeds = g.Seeds[0]
		case k == "pickextra" && v == "4" && info["rounds"] != "" && info["rounds"] != "0":
			// the round's starter takes them when a move leaves twice that or fewer
			g.End.LastSeeds, g.End.LastSeedsTo = 2*g.Seeds[0], "starter"
		case k == "goal" && v == "2", k == "round_fill" && (v == "8" || v == "11" || v == "12" || v == "13") && info["goal"] == "2":
			// territory (goal 2), with the winner's choice of holes (round_fill 8),
			// the part-filled hole drawn at random (11, refused) or the loser's
			// (12), read with the rounds
		case k == "rounds" && (v == "2" || v == "1" && (info["goal"] == "" || info["goal"] == "0") || (v == "3" || v == "4") && info["goal"] == "2" || v == "3" && info["goal"] == "5"), k == "round_fill" && (v == "1" || v == "2" || v == "3" || v == "6" || v == "7" || v == "10"),
			k == "round_starter" && v >= "1" && v <= "3" && len(v) == 1, k == "blocks", k == "goal_param":
			// read below, together
		case k == "sow_rule" && (v == "8" || v == "10") && info["mlaps"] == "1":
			// LAP_CAPT: each sowing of the relay captures where it ends, and a
			// capture sows on; LAP_CAPT_OPP_GETS: with sow_param seeds or fewer on
			// the board, the opponent takes the seeds sown into its row
			g.Sow.LapCaptures = true
			if v == "10" {
				var n int
				if json.Unmarshal([]byte(info["sow_param"]), &n) != nil || n < 1 || n > maxFileSeeds {
					return &StoneSharkError{Param: "sow_param", Value: info["sow_param"], Msg: "not supported: 1 or more seeds"}
				}
				g.Sow.OpponentTakes = n
			}
		case k == "sow_rule" && v == "12" && info["mlaps"] == "1" && info["stores"] != "true":
			// LAP_CAPT_SEEDS: a lap's capture sown on with the landing hole's seeds
			g.Sow.LapCaptures, g.Sow.LapCapturesSown = true, true
		case k == "sow_param" && info["sow_rule"] == "10":
			// read with sow_rule
		case k == "sow_rule" && (v == "3" || v == "14" || v == "15"):
			// holes sown to a capturing count are their owner's (3) or the
			// sower's (14; 15, the sower's own holes only); the last hole
			// captures as usual, for the sower
			g.Capture.Passing = map[string]string{"3": "owner", "14": "sower", "15": "sower-own"}[v]
		case k == "sow_rule" && v == "4":
			// ENPAS_ALL_OWNER_OWN: the last hole of each sowing too is its owner's
			g.Capture.Passing = "owner-all"
		default:
			return unsupported(k)
		}
	}
	if g.Sow.Direction == "" {
		g.Sow.Direction = "counter-clockwise"
	}
	// StoneShark's must-share keeps a hole whose way the mover chooses when either
	// way feeds, and lists both ways (MustShareUdir).
	g.Feed.ByHole = g.Feed.MustFeed && len(g.Sow.Choice) > 0
	if g.Sow.Direction == "clockwise" && len(g.Sow.Choice) == 0 && g.Sow.Stores != "" {
		g.Sow.StoresAt = "right" // StoneShark's stores lie where counter-clockwise sowing puts them
	}
	if err := g.readStoneSharkChildren(info); err != nil {
		return err
	}
	if err := g.readRounds(info); err != nil {
		return err
	}
	if g.Sow.From == "any" {
		// Nobody owns a row: the seeds left at the end score for no one.
		g.End.SeedsLeft = "nobody"
	}
	if g.End.UnfedTakes {
		if !g.Feed.MustFeed || g.End.NoMove == "pass" {
			return &StoneSharkError{Param: "unclaimed", Value: info["unclaimed"], Msg: "not supported yet without mustshare, or with mustpass"}
		}
		g.End.SeedsLeft = g.End.LoopSeeds
	}
	if g.End.Goal != "" {
		// A game won by clearing one's row, or by leaving the other without seeds or
		// moves, ends only so: no majority, no sharing (a repetition is a draw).
		g.End.Majority, g.End.SeedsLeft, g.End.LoopSeeds = false, "", ""
		if g.End.NoMove == "pass" || g.End.OwnRowEmpty || g.End.UnfedTakes || g.Feed.MustFeed || g.End.LastSeeds > 0 {
			return unsupported("goal")
		}
	}
	crossCapt := crossOn(info)
	g.Capture.CrossChainAnyHole = info["crosscapt"] == "3" && g.Capture.Chain != ""
	if crossCapt {
		// StoneShark applies capt_side to the hole across: the opponent's (a last
		// seed in an own hole), the mover's own, or either.
		switch info["capt_side"] {
		case "1":
		case "5":
			return &StoneSharkError{Param: "capt_side", Value: "5", Msg: "not supported yet with crosscapt: cross captures of the holes the opponent owns"}
		case "2":
			g.Capture.CrossLands = "opponent"
		case "", "0":
			g.Capture.CrossLands = "either"
		default:
			return unsupported("capt_side")
		}
	}
	if evens || captMin > 0 || captMax > 0 {
		// The basic conditions all hold at once: a count in capt_on (when given),
		// even (evens), at least capt_min, at most capt_max.
		var counts []int
		for c := 1; c <= 2*g.Holes[0]*g.Seeds[0]; c++ {
			if (len(g.Capture.Counts) == 0 || slices.Contains(g.Capture.Counts, c)) &&
				(!evens || c%2 == 0) && c >= captMin && (captMax == 0 || c <= captMax) {
				counts = append(counts, c)
			}
		}
		if len(counts) == 0 {
			return &StoneSharkError{Param: "capt_on", Value: info["capt_on"], Msg: "no count captures"}
		}
		g.Capture.Counts = counts
	}
	if g.Capture.TwoOut && g.Capture.Passing == "" {
		// StoneShark's two-out capture looks at no count: without passing
		// captures the count conditions say nothing (Tap-Urdy's evens)
		g.Capture.Counts = nil
	}
	if crossCapt && len(g.Capture.Counts) > 0 {
		// The count conditions then say what the hole across must hold.
		g.Capture.CrossCounts, g.Capture.Counts = g.Capture.Counts, nil
	}
	// A relay stops where its last seed would capture by count (not for cross
	// captures, which need an empty hole, where a relay stops anyway).
	g.Sow.RelayStop = g.Sow.Laps == "relay" && len(g.Capture.Counts) > 0 && !crossCapt && !g.Sow.LapCaptures
	if g.Sow.LapCaptures && !g.Stores && !g.Sow.LapCapturesSown {
		// StoneShark then stops a relay when the opponent has no seeds left (as
		// sow.lap_captures_sown does)
		return unsupported("sow_rule")
	}
	// Without sowing into stores or a feeding rule that ends the game, a game ends
	// when fewer seeds are left than any capture needs: two for a cross capture
	// (the sower and the seeds across), else the smallest capturing count.
	feedEnds := g.Feed.MustFeed && g.End.NoMove != "pass"
	endsRounds := info["rounds"] == "3" || info["rounds"] == "4" // their own seed limit (readTerritory)
	// A game whose only captures are raids on wegs never ends so.
	wegOnly := g.Child.Raid > 0 && !crossCapt && len(g.Capture.Counts) == 0 && !evens && captMin == 0 && captMax == 0 && (info["capt_type"] == "" || info["capt_type"] == "0")
	if g.Sow.Stores == "" && !feedEnds && g.End.Goal == "" && g.End.LastSeeds == 0 && !endsRounds && !wegOnly {
		need := g.Child.Count // with children, a game may go on while a child's count can be made
		if crossCapt || evens || g.Capture.Next {
			need = 2
			if g.Child.Count > 0 {
				need = min(2, g.Child.Count)
			}
		}
		if g.Capture.TwoOut { // the last hole, the empty one, and one to take; with a relay the last hole may be empty
			t := 3
			if g.Sow.Laps != "" {
				t = 2
			}
			if need == 0 || t < need {
				need = t
			}
		}
		if captOn := info["capt_on"]; captOn != "" && captOn != "[]" {
			for _, c := range slices.Concat(g.Capture.Counts, g.Capture.CrossCounts) {
				if need == 0 || c < need {
					need = c
				}
			}
		}
		if captMin > 0 { // capt_min overrides
			need = max(need, captMin)
		}
		minMove := max(g.Sow.MinSeeds, 1)
		if need > minMove && need < 2*g.Holes[0]*g.Seeds[0] {
			g.End.FewerThan = need
		}
	}
	if limit > 0 {
		// StoneShark reads this ending before a majority, the other (too few seeds
		// for a capture) after it
		if g.End.FewerThan > limit+1 {
			return &StoneSharkError{Param: "end_param", Value: info["end_param"], Msg: "not supported yet: fewer seeds than the game's captures need"}
		}
		g.End.FewerThan, g.End.FewerThanFirst = limit+1, true
	}
	// With a fixed direction StoneShark chains against it even from a hole sown the
	// other way by choice.
	if g.Capture.Chain == "backward" && len(g.Sow.Choice) > 0 && (info["sow_direct"] == "" || info["sow_direct"] == "1" || info["sow_direct"] == "-1") {
		g.Capture.ChainBy = "game"
	}
	// Split sowing with single seeds playable forbids sowing back at once a seed just
	// sown across, unless an end hole's direction is chosen.
	if g.Sow.Direction == "outward" && g.Sow.MinSeeds < 2 && !slices.Contains(g.Sow.Choice, "a") &&
		!slices.Contains(g.Sow.Choice, string(rune('a'+g.Holes[0]-1))) {
		g.Sow.NoReturn = true
	}
	if len(g.Capture.Counts) == 0 && !g.Capture.EmptyGivesStore && !g.Capture.TwoOut && !g.Capture.PullAcross && !g.Capture.Next && !g.Capture.Singles && !g.Capture.MatchAcross && g.Capture.Side == "both" {
		g.Capture.Side = "" // no capture by count, whose side it would say
	}
	if g.Capture.Cross == "" && info["xcpickown"] != "" && info["xcpickown"] != "0" {
		return unsupported("xcpickown")
	}
	return nil
}

// readStoneSharkChildren reads StoneShark's children (child_type, child_cvt,
// child_rule, child_locs) into the child.* keys, or names the parameter it cannot
// express. A child_type of 0 makes no children, whatever the others say.
func (g *gameSpec) readStoneSharkChildren(info map[string]string) *StoneSharkError {
	typ := info["child_type"]
	if typ == "" || typ == "0" {
		return nil
	}
	refuse := func(k, msg string) *StoneSharkError {
		return &StoneSharkError{Param: k, Value: info[k], Msg: msg}
	}
	if info["child_locs"] == "11" {
		return refuse("child_locs", "not supported yet: each player's child fixed in their rightmost hole from the start, and no other made")
	}
	switch typ {
	case "1", "3", "4", "5", "6": // NORMAL, ONE_CHILD, WEG, BULL and QUR
	case "7": // RAM: a hole holding seeds enough to sow round into its own row is locked
		if (info["child_rule"] != "" && info["child_rule"] != "0") || (info["child_locs"] != "" && info["child_locs"] != "0") {
			return refuse("child_rule", "not supported with rams (child_type 7)")
		}
		g.Child.LapLocked = true
		return nil
	default:
		return refuse("child_type", "not supported yet")
	}
	// Without stores StoneShark keeps captures in the capturer's first child: a
	// player without one captures nothing.
	g.Child.KeepsCaptures = !g.Stores && (len(g.Capture.Counts) > 0 || g.Capture.Cross != "")
	var cvt int
	if json.Unmarshal([]byte(info["child_cvt"]), &cvt) != nil || cvt < 1 || cvt > maxFileSeeds {
		return refuse("child_cvt", "not supported: a child is made of 1 or more seeds")
	}
	g.Child.Count, g.Child.OneEach, g.Child.Across = cvt, typ == "3", typ == "6"
	if typ == "4" { // WEG: a last seed in the opponent's weg takes it and one more seed
		g.Child.Raid = 2
	}
	g.Child.PairWithPrevious = typ == "5" // BULL: the last hole and the one before, child_cvt and one less
	switch info["child_rule"] {
	case "", "0":
	case "1":
		g.Child.Side = "opponent"
	case "2":
		g.Child.Side = "own"
	case "4":
		if info["goal"] != "2" {
			return refuse("child_rule", "not supported: OPP_OWNER_ONLY needs territory (goal 2)")
		}
		g.Child.Side = "opponent-owned" // a hole the opponent owns this round
	default:
		return refuse("child_rule", "not supported yet")
	}
	// NOT_SYM_OPP (8) bars the hole symmetric to a child, and each player's child
	// from the top row's left end and the bottom row's right end: with children on
	// the opponent's row only, that is the last hole of the row where counter-
	// clockwise sowing leaves it. NOT_FACING (9) bars the facing hole and the other
	// two ends: the last hole of a row sown clockwise.
	switch locs, dir := info["child_locs"], info["sow_direct"]; {
	case locs == "" || locs == "0":
	case locs == "2" && g.Child.Side == "own":
		// NO_ENDS on one's own row
		g.Child.Side = "own-middle"
	case locs == "4" && g.Child.Side == "":
		// ENDS_PLUS_ONE_OPP: either end of a row, the hole next to an end of the other's
		g.Child.Side = "ends-and-opponent-seconds"
	case locs == "3" && g.Child.Side == "":
		// INV_ENDS_PLUS_MID: the middle of one's own row, the ends of the other's
		g.Child.Side = "own-middle-opponent-ends"
	case locs == "8" && g.Child.Side == "opponent" && (dir == "" || dir == "1"):
		g.Child.NotLast, g.Child.Apart = true, "symmetric"
	case locs == "9" && g.Child.Side == "opponent" && dir == "-1":
		g.Child.NotLast, g.Child.Apart = true, "facing"
	default:
		return refuse("child_locs", "not supported yet (8 and 9 with child_rule 1, counter-clockwise and clockwise)")
	}
	return nil
}

// readRounds reads a game played in rounds that end when no move is left
// (StoneShark's rounds 2, NO_MOVES) or a store holds more than half the seeds
// (rounds 1, HALF_SEEDS, in a game of the most seeds) and refill rows from a side or from both ends
// (round_fill 1, 2 and 3, LEFT_FILL, RIGHT_FILL and OUTSIDE_FILL, and 0 and 6,
// UCHOOSE, which fill as 3 does where no player chooses: StoneShark headless): the round keys, and the end of the game a store of
// more than the other can refill makes, instead of a majority.
func (g *gameSpec) readRounds(info map[string]string) *StoneSharkError {
	param := func(k string) string {
		if v, ok := info[k]; ok {
			return v
		}
		return ssDefaults[k]
	}
	if param("rounds") == "0" {
		// Without rounds no row is refilled: a side to fill from says nothing, and
		// nor does blocks 0 (false, as Python reads it); blocks closes holes in play
		// with sow_rule 1 and 2.
		for _, k := range []string{"round_fill", "round_starter", "blocks", "goal_param"} {
			if v := param(k); v != ssDefaults[k] && !(k == "round_fill" && (v == "1" || v == "2")) && !(k == "blocks" && (v == "0" || param("sow_rule") == "1" || param("sow_rule") == "2")) {
				return &StoneSharkError{Param: k, Value: v, Msg: "not supported yet"}
			}
		}
		return nil
	}
	starter := [...]string{"alternate", "loser", "winner", "last-mover"}[param("round_starter")[0]-'0']
	if param("goal") == "2" {
		return g.readTerritory(param, starter)
	}
	if goal := param("goal"); goal == "4" || goal == "5" || goal == "7" || goal == "9" {
		return g.readTally(param, starter)
	}
	if param("round_fill") == "7" && param("child_type") != "0" {
		// Leyla-Gobale::Rounds: StoneShark's new round fails on it, a store
		// falling below zero (its seed count check).
		return &StoneSharkError{Param: "round_fill", Value: "7", Msg: "not playable: StoneShark's own new round fails on it with children (its seed count check)"}
	}
	if param("child_cvt") != ssDefaults["child_cvt"] {
		// Krur::Rounds: StoneShark's new round, where children held seeds, lays
		// out more seeds than the game has, and its own seed count check stops
		// the game (5 of 50 random games).
		return &StoneSharkError{Param: "rounds", Value: param("rounds"), Msg: "not playable with children (but in territory): StoneShark's own new round miscounts their seeds, and its seed count check stops the game"}
	}
	// NOT_APPLICABLE (0) and UCHOOSE (6) fill as OUTSIDE_FILL (3) does in
	// StoneShark's new round (UCHOOSE lets the player move the seeds in its GUI).
	// LOSER_ONLY (10) refills the loser's row from column a.
	fill := map[string]string{"1": "left", "2": "right", "0": "outside", "3": "outside", "6": "outside", "10": "column-a"}[param("round_fill")]
	switch {
	case param("round_fill") == "7":
		return &StoneSharkError{Param: "round_fill", Value: "7", Msg: "not supported yet: the loser's seeds spread alike over both rows, as StoneShark's driver refills (UMOVE)"}
	case fill == "":
		return &StoneSharkError{Param: "round_fill", Value: param("round_fill"), Msg: "not supported yet"}
	}
	var holes int
	if _, err := fmt.Sscan(param("goal_param"), &holes); err != nil || holes < 0 || holes > g.Holes[0] {
		return &StoneSharkError{Param: "goal_param", Value: param("goal_param"), Msg: "not supported: 0 to the holes of a row"}
	}
	g.Round = roundSpec{Fill: fill, Blocks: param("blocks") == "true", Holes: holes, Starter: starter, LoserOnly: param("round_fill") == "10"}
	// Rounds that end when a store holds more than half the seeds (rounds 1,
	// HALF_SEEDS) keep the majority, which then ends the round.
	g.End.Majority = param("rounds") == "1"
	return nil
}

// readTally reads a game whose rounds end when no move is left (rounds 2) and
// begin as the game does, won by a tally across them (goal 4, RND_WIN_COUNT_MAX,
// rounds won; 5, RND_SEED_COUNT, the seeds held; 7, RND_POINTS, points): the
// tally that wins (goal_param).
func (g *gameSpec) readTally(param func(string) string, starter string) *StoneSharkError {
	for _, k := range []string{"round_fill", "blocks"} {
		if v := param(k); v != ssDefaults[k] && !(k == "blocks" && v == "0") {
			return &StoneSharkError{Param: k, Value: v, Msg: "not supported yet with a tally across rounds"}
		}
	}
	if param("rounds") == "3" {
		// END_S_SEEDS: a round also ends with a hole's start count of seeds or
		// fewer left (StoneShark's EndSeedsLimit), with no other ending for too
		// few seeds
		if param("pickextra") != "0" {
			return &StoneSharkError{Param: "pickextra", Value: param("pickextra"), Msg: "not supported yet with a tally across rounds"}
		}
		g.End.FewerThan = g.Seeds[0] + 1
	}
	tally := map[string]string{"4": "wins", "5": "seeds", "7": "points", "9": "wins"}[param("goal")]
	var target int
	if _, err := fmt.Sscan(param("goal_param"), &target); err != nil || target < 1 || target > narrowTarget && !g.wideTallyFits(slices.Index(tallyNames, tally), target) {
		return &StoneSharkError{Param: "goal_param", Value: param("goal_param"), Msg: "not supported: a tally to 1 to 15, or above on a board of 15 holes a row or fewer whose tally stays below 256"}
	}
	g.Round = roundSpec{Tally: tally, Target: target, Starter: starter}
	g.End.Majority = false
	return nil
}

// readTerritory reads a game of territory (goal 2, TERRITORY) in rounds that end
// when no move is left (rounds 2): the holes a player must own to win (goal_param).
// The winner of a round choosing which holes they own (round_fill 8, UCHOWN) is the
// user's choice in StoneShark's GUI; its random-games driver, and the engine, take
// the default. The hole the winner fills in part going to the loser (round_fill 12,
// TERR_EX_LOSER) is round.fill = "whole-holes".
func (g *gameSpec) readTerritory(param func(string) string, starter string) *StoneSharkError {
	refuse := func(k string) *StoneSharkError {
		return &StoneSharkError{Param: k, Value: param(k), Msg: "not supported yet with territory (goal 2)"}
	}
	// Rounds that end with a hole's start count, or twice it, or fewer seeds left
	// (rounds 3 and 4, END_S_SEEDS and END_2S_SEEDS) end as rounds 2 do where a
	// player takes those seeds (pickextra 3 and 4); there a store that would own
	// goal_param holes wins at once.
	// Without such a pick, those rounds end at that many seeds left (StoneShark's
	// EndSeedsLimit), with no other ending for too few seeds.
	storeWins := param("rounds") == "3" || param("rounds") == "4"
	switch {
	case param("rounds") == "3" && param("pickextra") == "0":
		g.End.FewerThan = g.Seeds[0] + 1
	case param("rounds") == "4" && param("pickextra") == "0":
		g.End.FewerThan = 2*g.Seeds[0] + 1
	}
	switch {
	case param("rounds") != "2" && !storeWins,
		storeWins && param("pickextra") != "0" && param("pickextra") != "3" && param("pickextra") != "4":
		return refuse("rounds")
	case param("round_fill") == "11":
		// TERR_EX_RANDOM: a hole each player fills half of goes to one drawn at random.
		return &StoneSharkError{Param: "round_fill", Value: "11", Msg: "not supported: a hole both players fill half of goes to a player drawn at random"}
	case param("round_fill") != "0" && param("round_fill") != "8" && param("round_fill") != "12" && param("round_fill") != "13":
		return refuse("round_fill")
	case param("blocks") == "true":
		return refuse("blocks")
	}
	var holes int
	if _, err := fmt.Sscan(param("goal_param"), &holes); err != nil || holes < 1 || holes > 2*g.Holes[0] {
		return &StoneSharkError{Param: "goal_param", Value: param("goal_param"), Msg: "not supported: 1 to the holes of the board"}
	}
	g.Round = roundSpec{Territory: true, StoreWins: storeWins, Holes: holes, Starter: starter}
	switch param("round_fill") {
	case "12":
		g.Round.Fill = "whole-holes"
	case "13": // TERR_EX_EMPTY
		g.Round.Fill = "whole-holes-empty"
	}
	g.End.Majority = false
	return nil
}

// ssStart is the start position of StoneShark's start_pattern 1 (GAMACHA: every
// other hole of the board from South's third, then the seeds of one of North's holes
// moved into a hole of South's), 4 (CLIPPEDTRIPLES: every third hole empty, from
// each row's first), 5 (TWOEMPTY: each row's last two holes empty), 7 (ALTS_SPLIT:
// every other hole, then a quarter of the seeds of the second player's last hole
// moved across into the starter's first), 8 (RIGHTMOST_PLUS_ONE: every hole, and a
// seed more in each player's rightmost) or 11 (NO_REPEAT_SOW_OWN: a seed moved so
// that no first move would end in the mover's store, were the game sown into
// stores; ssNoRepeat), for holes a row and seeds a filled hole, or 6 (RANDOM: seeds
// in all dealt by dealStart from fixedDealSeed), South to move.
func ssStart(pattern string, holes, seeds int) string {
	board := make([]int, 2*holes) // StoneShark's order: South's row, then North's from its right
	switch pattern {
	case "1":
		for h := 2; h < 2*holes; h += 2 {
			board[h] = seeds
		}
		dest := 1 + 2*((holes-1)/4)
		src := 2*holes - dest - 1
		board[dest], board[src] = board[src], 0
	case "4":
		for c := 2; c < holes; c += 3 {
			board[c-1], board[c] = seeds, seeds
			board[holes+c-1], board[holes+c] = seeds, seeds
		}
	case "5":
		for c := range holes - 2 {
			board[c], board[holes+c] = seeds, seeds
		}
	case "7":
		for h := 1; h < 2*holes; h += 2 {
			board[h] = seeds
		}
		board[holes] += seeds / 4 // as for North to begin: South gives
		board[holes-1] -= seeds / 4
		board = append(board[holes:], board[:holes]...) // turned for South
	case "8":
		for h := range board {
			board[h] = seeds
		}
		board[holes-1]++
		board[2*holes-1]++
	case "3":
		// ALTS_WITH_1: every other hole from South's second, North's second hole
		// from its right holding one seed, and on an even row South's second from
		// its right empty (the rows alike but for a seed)
		for h := 1; h < 2*holes; h += 2 {
			board[h] = seeds
		}
		board[holes+3-holes%2] = 1
		if holes%2 == 0 {
			board[holes-3] = 0
		}
	case "11":
		ssNoRepeat(board, holes, seeds)
	case "6":
		dealStart(board, seeds, rand.New(rand.NewPCG(fixedDealSeed, 0)))
	}
	row := func(cells []int) string {
		words := make([]string, len(cells))
		for i, n := range cells {
			words[i] = fmt.Sprint(n)
		}
		return strings.Join(words, ",")
	}
	north := slices.Clone(board[holes:])
	slices.Reverse(north) // the notation writes North's row from its column a
	return row(north) + "/" + row(board[:holes]) + " S 0 0 -"
}

// ssNoRepeat fills board (StoneShark's order) as start_pattern 11 does: every hole
// holding seeds, then on each row one seed moved from the hole whose sowing would
// end one past the store into the hole whose sowing would end in it; both rows
// alike, so either player may begin. Where no such holes are found the holes stay
// equal, as StoneShark leaves them.
func ssNoRepeat(board []int, holes, seeds int) {
	for i := range board {
		board[i] = seeds
	}
	var plus, minus int // the hole given a seed, and the hole it is taken from
	switch {
	case seeds <= 2:
		plus = holes - seeds
		minus = max(0, plus-2)
	case seeds <= holes:
		plus, minus = holes-seeds, holes+2-seeds
	default:
		over := seeds % (2*holes + 1) // the seeds past whole laps of holes and store
		plus = holes - over
		if plus < 0 || plus >= holes {
			return
		}
		if minus = holes + 2 - over; minus >= holes {
			minus = 0
		}
	}
	board[minus]--
	board[plus]++
	copy(board[holes:], board[:holes])
}

// TOMLName is the rule-file name of a StoneShark game: lower case, with "_" and "::"
// made dashes (Adji_Kui_I is adji-kui-i, Songo::Douala songo-douala), and
// "-stoneshark" after a name the engine's own games hold (Je_ki_n_je is
// je-ki-n-je-stoneshark).
func TOMLName(stoneShark string) string {
	s := strings.ToLower(stoneShark)
	s = strings.ReplaceAll(s, "::", "-")
	s = strings.NewReplacer("_", "-", ".", "-", "'", "").Replace(s)
	byName.RLock()
	defer byName.RUnlock()
	if v, ok := byName.games[s]; ok && v.Builtin() {
		s += "-stoneshark"
	}
	return s
}

// FormatRules writes games as a rule file (docs/rules-format.md), each as a table of
// the keys that differ from their defaults, named by TOMLName. Reading the text back
// gives the same rules: mancala convert turns StoneShark's files into the project's
// format with it.
func FormatRules(games []Rules) string {
	var b strings.Builder
	for i, g := range games {
		if i > 0 {
			b.WriteString("\n")
		}
		g.spec.writeTOML(&b, TOMLName(g.Name), g.Title, g.Holes, g.Seeds)
	}
	return b.String()
}

// writeTOML writes one game's table.
func (g *gameSpec) writeTOML(b *strings.Builder, name, title string, holes, seeds int) {
	fmt.Fprintf(b, "[%s]\ntitle = %q\nholes = %d\nseeds = %d\n", name, title, holes, seeds)
	if g.Start != "" {
		fmt.Fprintf(b, "start = %q\n", g.Start)
	}
	if g.StartMove != "" {
		fmt.Fprintf(b, "start_move = %q\n", g.StartMove)
	}
	if g.StartRandom != "" {
		fmt.Fprintf(b, "start_random = %q\n", g.StartRandom)
	}
	key := func(k string, v any) {
		switch x := v.(type) {
		case string:
			fmt.Fprintf(b, "%s = %q\n", k, x)
		case []string:
			words := make([]string, len(x))
			for i, w := range x {
				words[i] = fmt.Sprintf("%q", w)
			}
			fmt.Fprintf(b, "%s = [%s]\n", k, strings.Join(words, ", "))
		case []int:
			words := make([]string, len(x))
			for i, n := range x {
				words[i] = fmt.Sprint(n)
			}
			fmt.Fprintf(b, "%s = [%s]\n", k, strings.Join(words, ", "))
		default:
			fmt.Fprintf(b, "%s = %v\n", k, x)
		}
	}
	word := func(k, v string, dflt ...string) {
		if v != "" && !slices.Contains(dflt, v) {
			key(k, v)
		}
	}
	flag := func(k string, v bool) {
		if v {
			key(k, true)
		}
	}
	number := func(k string, v, dflt int) {
		if v != 0 && v != dflt {
			key(k, v)
		}
	}
	flag("stores", g.Stores)
	word("sow.direction", g.Sow.Direction, "counter-clockwise")
	word("sow.path", g.Sow.Path, "around")
	flag("sow.bear_off", g.Sow.BearOff)
	if len(g.Sow.Choice) > 0 {
		key("sow.choice", g.Sow.Choice)
	}
	word("sow.laps", g.Sow.Laps, "single")
	flag("sow.skip_start", g.Sow.SkipStart)
	flag("sow.leave_one", g.Sow.LeaveOne)
	flag("sow.lone_moves", g.Sow.LoneMoves)
	flag("sow.relay_stops_on_capture", g.Sow.RelayStop)
	word("sow.relay_side", g.Sow.RelaySide, "either")
	if len(g.Sow.RelayCounts) > 0 {
		key("sow.relay_counts", g.Sow.RelayCounts)
	}
	word("sow.stores", g.Sow.Stores, "none")
	word("sow.stores_at", g.Sow.StoresAt, "exit")
	word("sow.cycle", g.Sow.Cycle, "ring")
	number("sow.one_way_turns", g.Sow.OneWayTurns, 0)
	number("sow.skip_opponent_count", g.Sow.SkipOpponentCount, 0)
	flag("sow.skip_opponent_children", g.Sow.SkipOpponentChildren)
	flag("sow.last_into_opponent_children", g.Sow.LastIntoOpponentChildren)
	number("sow.hole_limit", g.Sow.HoleLimit, 0)
	number("sow.close_at", g.Sow.CloseAt, 0)
	flag("sow.close_not_last", g.Sow.CloseNotLast)
	number("sow.plain_turns", g.Sow.PlainTurns, 0)
	number("sow.right_half_turns", g.Sow.RightHalfTurns, 0)
	number("sow.right_two_turns", g.Sow.RightTwoTurns, 0)
	number("sow.last_to_opponent_turns", g.Sow.LastToOpponentTurns, 0)
	word("sow.first_move", g.Sow.FirstMove, "sown")
	number("sow.min_seeds", g.Sow.MinSeeds, 1)
	flag("sow.no_return", g.Sow.NoReturn)
	flag("sow.each_hole_first", g.Sow.EachHoleFirst)
	word("sow.from", g.Sow.From, "own")
	word("sow.allow", g.Sow.Allow, "any")
	flag("sow.take_one", g.Sow.TakeOne)
	flag("sow.lap_captures", g.Sow.LapCaptures)
	flag("sow.lap_captures_sown", g.Sow.LapCapturesSown)
	number("sow.opponent_takes", g.Sow.OpponentTakes, 0)
	word("sow.endless", g.Sow.Endless, "forbidden")
	number("sow.lap_limit", g.Sow.LapLimit, MaxLaps+1)
	if len(g.Capture.Counts) > 0 {
		key("capture.counts", []int(g.Capture.Counts))
	}
	word("capture.side", g.Capture.Side, "opponent")
	word("capture.chain", g.Capture.Chain, "none")
	word("capture.chain_by", g.Capture.ChainBy, "move")
	number("capture.chain_max", g.Capture.ChainMax, 0)
	number("capture.match_both_ways", g.Capture.MatchBothWays, 0)
	word("capture.cross", g.Capture.Cross, "none")
	word("capture.cross_lands", g.Capture.CrossLands, "own")
	if g.Capture.CrossTakesSower != nil && !*g.Capture.CrossTakesSower {
		key("capture.cross_takes_sower", false)
	}
	word("capture.passing", g.Capture.Passing, "none")
	if g.Capture.SingleSeed != nil && !*g.Capture.SingleSeed {
		key("capture.single_seed", false)
	}
	if len(g.Capture.CrossCounts) > 0 {
		key("capture.cross_counts", g.Capture.CrossCounts)
	}
	flag("capture.cross_chain_any_hole", g.Capture.CrossChainAnyHole)
	flag("capture.other_store", g.Capture.OtherStore)
	flag("capture.empty_gives_store", g.Capture.EmptyGivesStore)
	flag("capture.single_takes_across", g.Capture.SingleTakesAcross)
	flag("capture.singles_take_across", g.Capture.SinglesTakeAcross)
	flag("capture.sweep", g.Capture.Sweep)
	flag("capture.two_out", g.Capture.TwoOut)
	flag("capture.pick_across", g.Capture.PickAcross)
	flag("capture.pull_across", g.Capture.PullAcross)
	flag("capture.singles", g.Capture.Singles)
	flag("capture.cross_sweep", g.Capture.CrossSweep)
	flag("capture.locked_until_played", g.Capture.LockedUntilPlayed)
	flag("capture.from_next", g.Capture.FromNext)
	flag("capture.match_across", g.Capture.MatchAcross)
	flag("capture.next", g.Capture.Next)
	flag("capture.pick_last", g.Capture.PickLast)
	number("capture.after_turns", g.Capture.AfterTurns, 0)
	word("capture.grand_slam", g.Capture.GrandSlam, "allowed")
	if g.Capture.SlamWhenFed != nil && !*g.Capture.SlamWhenFed {
		key("capture.grand_slam_when_fed", false)
	}
	flag("turn.extra_on_store", g.Turn.ExtraOnStore)
	flag("turn.extra_on_other_store", g.Turn.ExtraOnOtherStore)
	flag("turn.extra_on_capture", g.Turn.ExtraOnCapture)
	flag("turn.capture_once", g.Turn.CaptureOnce)
	flag("feed.must_feed", g.Feed.MustFeed)
	flag("feed.by_hole", g.Feed.ByHole)
	word("end.no_move", g.End.NoMove, "ends")
	flag("end.row_empty", g.End.RowEmpty)
	flag("end.majority", g.End.Majority)
	number("end.fewer_than", g.End.FewerThan, 0)
	flag("end.fewer_than_first", g.End.FewerThanFirst)
	word("end.seeds_left", g.End.SeedsLeft, "owner")
	left := g.End.SeedsLeft
	if left == "" {
		left = "owner"
	}
	word("end.loop_seeds", g.End.LoopSeeds, left)
	flag("end.own_row_empty", g.End.OwnRowEmpty)
	flag("end.other_row_empty", g.End.OtherRowEmpty)
	flag("end.unfed_takes", g.End.UnfedTakes)
	word("end.goal", g.End.Goal, "seeds")
	number("end.last_seeds", g.End.LastSeeds, 0)
	word("end.last_seeds_to", g.End.LastSeedsTo, "mover")
	number("child.count", g.Child.Count, 0)
	word("child.side", g.Child.Side, "either")
	flag("child.one_each", g.Child.OneEach)
	flag("child.not_last", g.Child.NotLast)
	word("child.apart", g.Child.Apart, "none")
	flag("child.keeps_captures", g.Child.KeepsCaptures)
	flag("child.across", g.Child.Across)
	number("child.raid", g.Child.Raid, 0)
	flag("child.lap_locked", g.Child.LapLocked)
	flag("child.pair_with_previous", g.Child.PairWithPrevious)
	word("round.fill", g.Round.Fill)
	flag("round.territory", g.Round.Territory)
	flag("round.store_wins", g.Round.StoreWins)
	flag("round.loser_only", g.Round.LoserOnly)
	flag("round.blocks", g.Round.Blocks)
	word("round.starter", g.Round.Starter, "alternate")
	number("round.holes", g.Round.Holes, 1)
	word("round.tally", g.Round.Tally, "none")
	number("round.target", g.Round.Target, 0)
}
