package board

import (
	"fmt"
	"strings"
)

// MaxHoles is the largest number of holes on any supported board (Bao la Kimasai's 4 x 8).
const MaxHoles = 32

// MaxMoves bounds the number of legal moves in any position: one per own hole plus pass.
const MaxMoves = 17

// MaxLaps is the largest number of laps a legal move may sow; a move that needs more is
// an endless move and is not legal.
const MaxLaps = 1000

// maxRows and maxCols bound the board shapes the coordinate tables can describe.
const (
	maxRows = 4
	maxCols = 16
	maxRing = 16 // the longest sowing ring
)

// VariantID identifies a game; it is stored in every Position.
type VariantID uint16

// The games of board/games/builtin.toml, the first rule file loaded, by the IDs its
// games get in its order: handles for tests and tools, checked at start against the
// names the file gives them. Nothing chooses rules by them (the file's rules key
// does, named.go).
const (
	JeKiNJe VariantID = iota
	AdjiKui1
	AdjiBoto
	BaoLaKimasai
	OwareAbapa
	numBuiltins // the games of builtin.toml; the games of the other files follow
)

// builtinNames are the names builtin.toml gives the games of the constants above.
var builtinNames = [numBuiltins]string{"je-ki-n-je", "adji-kui-1", "adji-boto", "bao-la-kimasai", "oware-abapa"}

// MaxVariants bounds the games one program can hold, built in and read from rule
// files together.
const MaxVariants = 4096

// Variant describes one game: its board shape, seed total, start position and the
// rules that move its seeds. Everything except the rules is plain data.
type Variant struct {
	ID   VariantID
	Name string // protocol name, e.g. "je-ki-n-je"
	// Family names the games that share their rules and differ in board size or
	// seeds (a rule file's table with lists of holes or seeds, e.g. "kalah"); a
	// game of its own is its own family.
	Family string
	source string // the rule file a game was read from
	Title  string // human name, e.g. "Je ki n je"
	Rows   int    // rows of holes (2 or 4)
	Cols   int    // holes per row
	Seeds  int    // seeds (or cows) in the game, on the board, in stores and in reserves
	// Scoring games end with a seed count ("1-0 27-21"); Bao la Kimasai does not.
	Scoring bool
	// Reserves is true when the two number fields of the notation are reserves
	// (cows still to be placed) rather than stores of captured seeds.
	Reserves bool
	// Start is the start position in the notation of docs/rules.md.
	Start string
	// Profile is how the engine is set for this game (profile.go).
	Profile Profile

	holes int            // Rows * Cols
	ring  int            // length of one sowing ring (all holes, or one player's holes)
	base  [2]uint8       // first hole index of each player's sowing ring
	owner [MaxHoles]Side // who owns each hole
	row   [MaxHoles]uint8
	col   [MaxHoles]uint8
	index [maxRows][maxCols]uint8
	own   [2][]uint8 // each player's holes in coordinate order (rows up, columns a..)
	// rows holds each player's row where it differs from the holes they play
	// (sow.from = "any": every hole); nil elsewhere.
	rows [2][]uint8
	// Sowing tables. A ring is a run of consecutive indexes starting at base (all the
	// holes, or one player's 16 in Bao la Kimasai); inRing[h] is h's place in its
	// ring, lap[b/16][k] the hole k places after the start of the ring at base b
	// (k < 3*ring). Sowing n < ring seeds from hole h is sowSteps[h][n]; whole laps
	// add ringOnes (a one in each of the ring's bytes, as two words from base) to the
	// counts and ringKeys[base/16] to the hash.
	lap      [2][3 * maxRing]uint8
	inRing   [MaxHoles]uint8
	ringLen  uint8
	ringOnes [2]uint64
	ringKeys [2]uint64
	sowSteps [MaxHoles][maxRing]sowStep
	// lifts[h][m] is the whole sowing of m seeds lifted from hole h and sown from
	// the next hole on (liftAndSow).
	lifts    *[MaxHoles][maxLift]liftStep
	next     [MaxHoles]uint8
	prev     [MaxHoles]uint8
	isInner  [MaxHoles]bool // Bao la Kimasai's inner rows
	rowMask  uint64         // the bytes of one side's row, for a two-row game
	rowStart [2]uint8       // each side's first hole
	inner    [2][]uint8     // each player's inner-row holes (Bao la Kimasai), in the same order
	rowMask2 uint64         // the bytes of the second word of one side's row, for more than 16 holes
	rules    rules
	// file is the generic rules of a game of the format's keys (nil for a game of
	// named rules), and kind says which rules play it (named.go).
	file *fileRules
	kind ruleKind
}

// sowStep is how a position changes when r < ring seeds are sown from a hole: add
// holds the increments of the ring's holes, eight to a word, from base, the ring's
// first hole, and key what they add to the hash; land is the hole the last seed
// falls into (for r = 0, the hole before the start, where the last of any whole
// laps ends).
type sowStep struct {
	add  [2]uint64
	key  uint64
	base uint8
	land uint8
}

// liftStep is how a position changes when m seeds are lifted from a hole and sown
// one by one from the next hole of its ring on, over as many laps as they take: add
// holds the change of every count of the ring, eight to a word from base, the
// ring's first hole (the lifted hole's -m included, as a two's-complement borrow
// that the counts left absorb), key what it adds to the hash, land the hole the
// last seed falls into.
type liftStep struct {
	add  [2]uint64
	key  uint64
	base uint8
	land uint8
}

// maxLift bounds the seeds lifted at once: a power of two above maxCount.
const maxLift = 128

// rules is the variant-specific part of a game that is off the hot path: how a stuck
// or looping game ends, the fewest seeds a hole needs, and how the state field reads
// and writes. The hot rules of each game (play, mayPass, decided, mayBeOver) are
// methods of the same types, called through the switches in dispatch.go and
// questions.go.
type rules interface {
	// stuck is the result when the side to move has no legal move and may not pass.
	stuck(p *Position) Result
	// loop is the result of a loop ending at p.
	loop(p *Position) Result
	// minSowable is the fewest seeds a hole needs to be played.
	minSowable() int
	// parseState and formatState convert the notation's state field of game v.
	parseState(v *Variant, s string) (uint16, error)
	formatState(v *Variant, state uint16) string
	// phase numbers the phase of the game at p, an index into the profile's
	// Words.Phases.
	phase(p *Position) int
}

// variants holds every game by ID, in the order the rule files registered them
// (registry.go). An entry never changes once its ID is handed out.
var variants [MaxVariants]*Variant

func init() {
	loadEmbedded()
	for id, name := range builtinNames {
		v := variants[id]
		if v == nil || v.Name != name {
			panic(fmt.Sprintf("board: board/games/builtin.toml must give game %d the name %s", id, name))
		}
		if err := v.Profile.Check(); err != nil {
			panic("board: the profile of " + name + " (board/games/builtin.profile.toml): " + err.Error())
		}
	}
}

// noRules stops a program that reaches a game whose rules a switch on the variant
// does not list, rather than letting it play another game's rules.
func noRules(id VariantID) string {
	return fmt.Sprintf("board: no rules for variant %d", id)
}

func (v *Variant) place(i, row, col int, s Side) {
	v.owner[i] = s
	v.row[i] = uint8(row)
	v.col[i] = uint8(col)
	v.index[row][col] = uint8(i)
}

// finish derives the ring neighbours, each player's hole lists in coordinate order
// and the sowing tables.
func (v *Variant) finish() {
	for h := 0; h < v.holes; h++ {
		b := int(v.base[v.owner[h]])
		v.inRing[h] = uint8(h - b)
		v.next[h] = uint8(b + (h-b+1)%v.ring)
		v.prev[h] = uint8(b + (h-b+v.ring-1)%v.ring)
		v.isInner[h] = v.Rows == 4 && (v.row[h] == 1 || v.row[h] == 2)
	}
	for r := 0; r < v.Rows; r++ {
		for c := 0; c < v.Cols; c++ {
			i := v.index[r][c]
			s := v.owner[i]
			v.own[s] = append(v.own[s], i)
			if v.IsInner(int(i)) {
				v.inner[s] = append(v.inner[s], i)
			}
		}
	}
	for _, b := range v.base {
		for k := range 3 * v.ring {
			v.lap[b/maxRing][k] = b + uint8(k%v.ring)
		}
	}
	v.ringLen = uint8(v.ring)
	var counts [maxRing]uint8
	for k := range v.ring {
		counts[k] = 1
	}
	v.ringOnes = [2]uint64{le.Uint64(counts[:]), le.Uint64(counts[8:])}
	for h := 0; h < v.holes; h++ {
		b := v.base[v.owner[h]]
		s := int(v.inRing[h])
		v.ringKeys[b/maxRing] = 0
		for k := range v.ring {
			v.ringKeys[b/maxRing] += holeKeys[int(b)+k]
		}
		for r := range v.ring {
			counts = [maxRing]uint8{}
			key := uint64(0)
			for k := range r {
				counts[(s+k)%v.ring]++
				key += holeKeys[int(b)+(s+k)%v.ring]
			}
			v.sowSteps[h][r] = sowStep{
				add:  [2]uint64{le.Uint64(counts[:]), le.Uint64(counts[8:])},
				key:  key,
				base: b,
				land: v.lap[b/maxRing][s+r+v.ring-1],
			}
		}
	}
	v.finishRows()
	v.lifts = newLifts(v)
}

// finishRows derives each side's first hole and the masks RowSeeds adds a row with.
func (v *Variant) finishRows() {
	half := v.holes / 2
	v.rowStart = [2]uint8{0, uint8(half)}
	if half <= 8 {
		v.rowMask = 1<<(8*half) - 1
	} else {
		v.rowMask, v.rowMask2 = ^uint64(0), 1<<(8*(half-8))-1
	}
}

// newLifts makes the lifts table from the ring's neighbours, for every hole and
// every number of seeds a hole can hold.
func newLifts(v *Variant) *[MaxHoles][maxLift]liftStep {
	t := new([MaxHoles][maxLift]liftStep)
	for h := 0; h < v.holes; h++ {
		b := int(v.base[v.owner[h]])
		var inc, dec [maxRing]uint8 // the counts sown and lifted, from b
		sown := uint64(0)           // what the seeds sown add to the hash
		land := h
		for m := 0; m <= maxCount; m++ {
			if m > 0 { // one seed more than the entry before
				land = int(v.next[land])
				inc[land-b]++
				sown += holeKeys[land]
			}
			dec[h-b] = uint8(m)
			key := sown - uint64(m)*holeKeys[h]
			t[h][m] = liftStep{
				add: [2]uint64{le.Uint64(inc[:]) - le.Uint64(dec[:]),
					le.Uint64(inc[8:]) - le.Uint64(dec[8:])},
				key:  key,
				base: uint8(b),
				land: uint8(land),
			}
		}
	}
	return t
}

// Variants lists the supported games in the order the rule files registered them:
// board/games/builtin.toml's first, then the other embedded files', then any a
// program loads.
func Variants() []*Variant {
	return variants[:registered.Load()]
}

// DefaultVariant is the game a program plays when told none: the engine's Variant
// option and the --variant flag of every command start with it.
const DefaultVariant = JeKiNJe

// VariantNames lists the protocol names of the games a name finds (VariantByName),
// in the order of Variants, a name given again by a later file counted once.
func VariantNames() []string {
	byName.RLock()
	defer byName.RUnlock()
	return append([]string(nil), byName.order...)
}

// VariantByName finds a game by its protocol name.
func VariantByName(name string) (*Variant, error) {
	byName.RLock()
	v, ok := byName.games[name]
	byName.RUnlock()
	if ok {
		return v, nil
	}
	names := VariantNames()
	listed := names[:min(len(names), int(numBuiltins))]
	more := ""
	if n := len(names) - len(listed); n > 0 {
		more = fmt.Sprintf(", and %d games of rule files such as %s", n, names[len(listed)])
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s%s)", clip(name), strings.Join(listed, ", "), more)
}

// Get returns the variant with the given ID.
func (id VariantID) Get() *Variant { return variants[id] }

// Holes is the number of holes on the board.
func (v *Variant) Holes() int { return v.holes }

// Owner tells which player owns hole h.
func (v *Variant) Owner(h int) Side { return v.owner[h] }

// OwnHoles lists the holes side s may play in coordinate order (row 1 before row 2,
// column a first): its own, or every hole where either player plays any hole. The
// slice is shared and must not be modified.
func (v *Variant) OwnHoles(s Side) []uint8 { return v.own[s] }

// RowHoles lists the holes of side s's own side of the board (its row, or rows), in
// coordinate order: OwnHoles, except where either player plays any hole. The slice
// is shared and must not be modified.
func (v *Variant) RowHoles(s Side) []uint8 {
	if v.rows[s] != nil {
		return v.rows[s]
	}
	return v.own[s]
}

// HoleAt returns the index of the hole at the given 0-based row and column.
func (v *Variant) HoleAt(row, col int) int { return int(v.index[row][col]) }

// Row and Col give the 0-based row and column of hole h.
func (v *Variant) Row(h int) int { return int(v.row[h]) }

// Col gives the 0-based column of hole h.
func (v *Variant) Col(h int) int { return int(v.col[h]) }

// Next is the hole after h in the direction its owner sows.
func (v *Variant) Next(h int) int { return int(v.next[h]) }

// Prev is the hole before h in the direction its owner sows.
func (v *Variant) Prev(h int) int { return int(v.prev[h]) }

// IsInner reports whether h is in an inner row (Bao la Kimasai rows 2 and 3).
func (v *Variant) IsInner(h int) bool { return v.isInner[h] }

// ExtraTurns reports whether a move may leave the same side to move (a last seed in
// the own store, or a capture, giving another turn); in the other games every move,
// a pass included, passes the turn.
func (v *Variant) ExtraTurns() bool {
	return v.file != nil && v.file.extraTurns()
}

// StoresIdle reports whether the rules never read the stores: no rule ends the game
// on a store's count, the stores' seeds never return to the board, and no capture
// moves them. Two positions that differ only in their stores then play alike, and
// the final margin of one is the other's shifted by the difference of their store
// leads. It holds for the generic games without end.majority played in one round
// whose captures take from the board only; it is not claimed for the games of named
// rules.
func (v *Variant) StoresIdle() bool {
	return v.file != nil && !v.file.majority && v.file.round == nil && !v.CapturesStores()
}

// CapturesStores reports whether a move takes a store's seeds (a rule file's
// capture.other_store or capture.empty_gives_store, or a relay from the next hole
// lifting the mover's store, sow.laps = "relay-next" with sow.stores), so that a
// store may shrink.
func (v *Variant) CapturesStores() bool {
	return v.file != nil && v.file.storesShrink()
}

// PlaysRounds reports whether the game is played in rounds (a rule file's round.*):
// the seeds each player holds at a round's end refill the board.
func (v *Variant) PlaysRounds() bool { return v.file != nil && v.file.round != nil }

// Tally says how a tallied game (a rule file's round.tally) is won: by the first
// to win target rounds or hold target seeds across rounds (points false) or to
// score target points (a round won is one, two where the winner held three
// quarters of the seeds or more); target is 0 in other games.
func (v *Variant) Tally() (points bool, target int) {
	if !v.PlaysRounds() || v.file.round.tally == tallyNone {
		return false, 0
	}
	return v.file.round.tally == tallyPoints, v.file.round.target
}

// TalliesSeeds reports whether a tallied game's tally is the seeds each player held
// at the rounds' ends, added up (round.tally = "seeds"), rather than rounds won or
// points.
func (v *Variant) TalliesSeeds() bool {
	return v.PlaysRounds() && v.file.round.tally == tallySeeds
}

// wideTally returns the rounds of a tallied game whose tally lives in the
// position's hole bytes wideSouth and wideNorth (round.target above 15); nil
// for other games.
func (v *Variant) wideTally() *roundRules {
	if !v.PlaysRounds() || !v.file.round.wide() {
		return nil
	}
	return v.file.round
}

// PlaysTerritory reports whether the holes a player owns change between rounds (a
// rule file's round.territory): Position.Owner says whose each hole is.
func (v *Variant) PlaysTerritory() bool {
	return v.file != nil && v.file.round != nil && v.file.round.territory
}

// PlaysAnyHole reports whether either player may play any hole of the board, not only
// their own row's (a rule file's sow.from = "any").
func (v *Variant) PlaysAnyHole() bool { return v.file != nil && v.file.anyHole }

// SetsWaysOnFirstMove reports whether the game's first move sets which way each side
// sows for the rest of the game (a rule file's sow.direction = "first-move"): how a
// board plays then depends on the position's state.
func (v *Variant) SetsWaysOnFirstMove() bool { return v.file != nil && v.file.firstMove }

// BearsOff reports whether the game's sowing changes for good once no hole holds
// more than one seed (a rule file's sow.bear_off), which the position's state says.
func (v *Variant) BearsOff() bool { return v.file != nil && v.file.bearOff }

// WonByClearing reports whether the game is won by emptying one's own row first (a
// rule file's end.goal = "clear"), not by seeds.
func (v *Variant) WonByClearing() bool { return v.file != nil && v.file.clearGoal }

// WonByDepriving reports whether the game is won by leaving the other player
// without seeds or without a move (a rule file's end.goal = "deprive" or
// "immobilize"), not by seeds: the seeds a player keeps on their row are their means.
func (v *Variant) WonByDepriving() bool { return v.file != nil && v.file.outGoal() }

// Generic reports whether the generic rules engine plays the game from its rule
// file's keys; false for a game whose file names rules written in Go (named.go).
func (v *Variant) Generic() bool { return v.file != nil }

// Builtin reports whether the game is one of the five of board/games/builtin.toml,
// which the bench signs and no other file may replace.
func (v *Variant) Builtin() bool { return v.ID < numBuiltins }

// Facing returns the inner hole facing inner hole h across the board (Bao la Kimasai).
func (v *Variant) Facing(h int) int { return 31 - h }

// StartPosition returns the variant's start position.
func (v *Variant) StartPosition() Position {
	p, err := v.ParsePosition(v.Start)
	if err != nil {
		panic("board: bad start position for " + v.Name + ": " + err.Error())
	}
	return p
}

// String returns the protocol name.
func (v *Variant) String() string { return v.Name }
