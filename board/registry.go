package board

import (
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// The games of the program: the games of the rule files embedded from board/games
// (builtin.toml's first), then any a user's rule file adds at run time
// (LoadRuleFile). A game keeps its ID for the program's life; a later file that
// names a game again makes the name find the new game, while positions of the old
// one stay valid.

// registered counts the entries of variants in use; entries below it never change.
var registered atomic.Int32

// byName maps each protocol name to its newest game, and lists the names in the
// order they were first registered.
var byName = struct {
	sync.RWMutex
	games map[string]*Variant
	order []string
}{games: map[string]*Variant{}}

// register adds v under its name, giving it the next ID; the caller holds byName.
func register(v *Variant) error {
	id := registered.Load()
	if id >= MaxVariants {
		return fmt.Errorf("%s: no room for more games (at most %d in one program)", v.Name, MaxVariants)
	}
	v.ID = VariantID(id)
	variants[id] = v
	kinds[id] = v.kind
	registered.Store(id + 1)
	if _, ok := byName.games[v.Name]; !ok {
		byName.order = append(byName.order, v.Name)
	}
	byName.games[v.Name] = v
	return nil
}

//go:embed games/*.toml
var embeddedRules embed.FS

// loadEmbedded registers the rule files of board/games, in file name order, each
// with the profile file beside it (NAME.profile.toml), if any.
func loadEmbedded() {
	files, err := embeddedRules.ReadDir("games")
	if err != nil {
		panic("board: " + err.Error())
	}
	for _, f := range files {
		if isProfileFile(f.Name()) {
			continue
		}
		path := "board/games/" + f.Name()
		text, err := embeddedRules.ReadFile("games/" + f.Name())
		if err != nil {
			panic("board: " + err.Error())
		}
		var profiles map[string]*profileSpec
		if ptext, err := embeddedRules.ReadFile("games/" + filepath.Base(ProfileFileOf(f.Name()))); err == nil {
			if profiles, err = parseProfiles(ProfileFileOf(path), string(ptext), true); err != nil {
				panic("board: " + err.Error())
			}
		}
		games, err := ParseRules(path, string(text))
		if err == nil {
			_, err = registerRules(path, games, profiles)
		}
		if err != nil {
			panic("board: " + err.Error())
		}
	}
}

// LoadRules reads a rule file's text (file names it in errors) and registers its
// games, returning them in the file's order. A file that fails to parse, or names a
// game of named rules again, registers nothing.
func LoadRules(file, text string) ([]*Variant, error) {
	games, err := ParseRules(file, text)
	if err != nil {
		return nil, err
	}
	return registerRules(file, games, nil)
}

// registerRules registers a file's games, all or none, each with its table of the
// profile file beside the rule file, if any (profiles, read from profileFile).
func registerRules(file string, games []Rules, profiles map[string]*profileSpec) ([]*Variant, error) {
	byName.Lock()
	defer byName.Unlock()
	for _, g := range games {
		if old, ok := byName.games[g.Name]; ok && old.Builtin() {
			return nil, &RuleFileError{File: file, Key: g.Name, Msg: "a game of that name is built in (board/games/builtin.toml)"}
		}
	}
	if int(registered.Load())+len(games) > MaxVariants {
		return nil, &RuleFileError{File: file, Msg: fmt.Sprintf("no room for %d more games (at most %d in one program)", len(games), MaxVariants)}
	}
	out := make([]*Variant, 0, len(games))
	for _, g := range games {
		v := newFileVariant(g)
		v.source = file
		if spec := profiles[g.Name]; spec != nil {
			pr, err := spec.apply(v)
			if err != nil {
				err.(*RuleFileError).File = ProfileFileOf(file)
				return nil, err
			}
			v.Profile = pr
		}
		out = append(out, v)
	}
	for name, spec := range profiles {
		if !slices.ContainsFunc(games, func(g Rules) bool { return g.Name == name }) {
			return nil, &RuleFileError{File: ProfileFileOf(file), Line: spec.line, Key: name, Msg: "no game of that name in " + filepath.Base(file)}
		}
	}
	for _, v := range out {
		if err := register(v); err != nil {
			return nil, err
		}
	}
	for i, g := range games {
		if g.start != "" {
			if err := out[i].layRoundStart(); err != nil {
				return nil, &RuleFileError{File: file, Key: g.Name + ".start", Msg: err.Error()}
			}
		}
		if g.startMove == "" {
			continue
		}
		if err := out[i].playStartMove(g.startMove); err != nil {
			return nil, &RuleFileError{File: file, Key: g.Name + ".start_move", Msg: err.Error()}
		}
	}
	return out, nil
}

// playStartMove makes v's start the position that move (checked by checkGame to be a
// hole), played from the start by its hole's owner, leaves.
func (v *Variant) playStartMove(move string) error {
	p, err := v.ParsePosition(v.Start)
	if err != nil {
		return err
	}
	m, err := v.ParseMove(move)
	if err != nil {
		return err
	}
	if p.side != v.owner[m.Hole()] {
		p.flipSide()
	}
	q, err := p.Play(m)
	if err != nil {
		return fmt.Errorf("%s cannot be played from the start: %v", move, err)
	}
	if r := q.Result(); r.Over() {
		return fmt.Errorf("%s ends the game from the start", move)
	}
	v.Start = q.String()
	return nil
}

// Refused lists the StoneShark games (of a folder, or a file's variants) that the
// engine cannot play yet, one *StoneSharkError each; LoadRuleFile returns it beside
// the games it did load, which callers keep, showing each refusal as a warning.
type Refused []error

// Error says how many games were refused and why the first was.
func (r Refused) Error() string {
	if len(r) == 1 {
		return r[0].Error()
	}
	return fmt.Sprintf("%d games refused, the first: %v", len(r), r[0])
}

// LoadRuleFile reads the rule file at path, or every rule file of the folder at path
// in name order, and registers their games (see LoadRules). A rule file is TOML
// (*.toml, docs/rules-format.md) or a StoneShark game file (*.txt, read by
// ParseStoneShark; a folder's files named _* are templates and skipped). The first
// TOML file that fails stops the load, the games of the files before it staying
// registered; StoneShark games the engine cannot play (a folder's files, a file's
// variants) are skipped and returned as Refused, with the games that loaded. A lone
// StoneShark file whose own game is refused is an error like a TOML file's.
func LoadRuleFile(path string) ([]*Variant, error) {
	files, err := RuleFiles(path)
	if err != nil {
		return nil, err
	}
	dir := len(files) > 1 || files[0] != path
	var out []*Variant
	var refused Refused
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			return out, fmt.Errorf("rule file: %w", err)
		}
		if strings.IndexByte(string(text), 0) >= 0 {
			return out, &RuleFileError{File: f, Msg: "not a text file"}
		}
		profiles, err := readProfiles(ProfileFileOf(f))
		if err != nil {
			return out, err
		}
		var vs []*Variant
		if IsStoneSharkFile(f) {
			games, perr := ParseStoneShark(f, string(text))
			var some Refused
			if errors.As(perr, &some) {
				refused = append(refused, some...)
			} else if perr != nil {
				err = perr
			}
			if err == nil {
				vs, err = registerRules(f, games, profiles)
			}
			if err != nil && dir {
				refused = append(refused, err)
				continue
			}
		} else {
			var games []Rules
			if games, err = ParseRules(f, string(text)); err == nil {
				vs, err = registerRules(f, games, profiles)
			}
		}
		if err != nil {
			return out, err
		}
		out = append(out, vs...)
	}
	if len(refused) > 0 {
		return out, refused
	}
	return out, nil
}

// RuleFiles lists the rule files at path: the file itself, or a folder's *.toml and
// StoneShark *.txt files in name order, letters' case aside (StoneShark's mikro_tsoro
// among its capitalised names; files named _*, StoneShark's template among them, and
// profile files, *.profile.toml, left out). An error says the path is missing or the folder holds none.
func RuleFiles(path string) ([]string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("rule file: %w", err)
	}
	if !st.IsDir() {
		return []string{path}, nil
	}
	var files []string
	for _, pattern := range []string{"*.toml", "*.txt"} {
		found, err := filepath.Glob(filepath.Join(path, pattern))
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if !strings.HasPrefix(filepath.Base(f), "_") && !isProfileFile(f) {
				files = append(files, f)
			}
		}
	}
	sort.Slice(files, func(i, j int) bool {
		a, b := strings.ToLower(files[i]), strings.ToLower(files[j])
		return a < b || a == b && files[i] < files[j]
	})
	if len(files) == 0 {
		return nil, fmt.Errorf("rule file: %s holds no rule file (*.toml, or StoneShark's *.txt)", path)
	}
	return files, nil
}

// newFileVariant lays out the board of a rule file's game.
func newFileVariant(g Rules) *Variant {
	if g.named != nil {
		v := newNamedVariant(g)
		v.Profile = namedProfile(v)
		if g.profile != nil {
			v.Profile = *g.profile
		}
		return v
	}
	r := g.rules // a copy: each game of a family has its own tables
	seeds := 2 * g.Holes * g.Seeds
	if n := startSeeds(g.start); n > 0 {
		seeds = n // a start pattern that leaves holes empty or adds seeds: the game has the start's
	}
	v := &Variant{Name: g.Name, Family: g.Family, Title: g.Title, Rows: 2, Cols: g.Holes, Seeds: seeds,
		Scoring: !r.clearGoal && !r.outGoal(), file: &r}
	v.rules = v.file
	v.holes = 2 * g.Holes
	v.ring = v.holes
	for c := 0; c < g.Holes; c++ {
		v.place(c, 0, c, South)
		v.place(g.Holes+c, 1, g.Holes-1-c, North)
	}
	for h := 0; h < v.holes; h++ {
		v.inRing[h] = uint8(h)
		v.next[h] = uint8((h + 1) % v.holes)
		v.prev[h] = uint8((h + v.holes - 1) % v.holes)
		if r.ownRow { // round the hole's own row
			b := h / g.Holes * g.Holes
			v.next[h] = uint8(b + (h-b+1)%g.Holes)
			v.prev[h] = uint8(b + (h-b+g.Holes-1)%g.Holes)
		}
		if r.clockwise {
			v.next[h], v.prev[h] = v.prev[h], v.next[h]
		}
	}
	for row := 0; row < 2; row++ {
		for c := 0; c < g.Holes; c++ {
			i := v.index[row][c]
			if r.anyHole || r.round != nil && r.round.territory { // both players may play every hole, in coordinate order
				v.own[South] = append(v.own[South], i)
				v.own[North] = append(v.own[North], i)
				v.rows[v.owner[i]] = append(v.rows[v.owner[i]], i)
				continue
			}
			v.own[v.owner[i]] = append(v.own[v.owner[i]], i)
		}
	}
	v.finishRows()
	v.file.layout(g.Holes, seeds)
	cell := fmt.Sprint(g.Seeds)
	if r.playLocks {
		cell += "r" // capture.locked_until_played: every hole begins locked
	}
	row := strings.TrimSuffix(strings.Repeat(cell+",", g.Holes), ",")
	v.Start = row + "/" + row + " S 0 0 " + r.startState()
	if g.start != "" {
		v.Start = g.start
	}
	v.Profile = fileProfile(v)
	if g.profile != nil {
		v.Profile = *g.profile
	}
	return v
}

// Samples lists one game of each kind: every game of builtin.toml, of each family of
// a rule file (a table whose holes or seeds are lists) its last, largest board, and
// of each file's single generic games its last. Checks that run per game (the
// compliance check, the engines' tests) run on these: the boards of a family differ
// only in size, and the single games of a file share the one generic rules engine.
func Samples() []*Variant {
	all := Variants()
	size := map[string]int{}
	for _, v := range all {
		size[v.Family]++
	}
	var out []*Variant
	last := map[string]int{} // kind -> index in out
	for _, v := range all {
		kind := v.Family
		if !v.Builtin() && size[v.Family] == 1 {
			kind = "file " + v.source
		}
		if i, ok := last[kind]; ok && !v.Builtin() {
			out[i] = v
			continue
		}
		last[kind] = len(out)
		out = append(out, v)
	}
	return out
}
