package board

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// fileRules plays a game described by a rule file (rulefile.go): one engine for
// every such game, reading what it needs from tables built once when the game is
// registered and from flags decided at load. Holes are laid out as in the two-row
// games of named rules: index 0..H-1 is row 1 from column a, H..2H-1 is row 2 from
// the last column back to a, so counter-clockwise is index+1.
//
// A sowing costs a few table lookups however many seeds it sows (sowTables): the
// seeds of a hole less than a lap are one entry, whole laps another, each adding
// eight counts at once, the stores' and the hash's change. The captures walk
// tables too: which holes a count captures for each side, and the next hole of a
// chain.
type fileRules struct {
	// Sowing.
	clockwise bool
	zigzag    bool // sow.path = "zigzag": across the board at every hole (zigzagNext)
	bearOff   bool // sow.bear_off: the state's bearingOff sows by bearOffLap
	// flip is the same rules sown the other way round, for a game whose holes do not
	// all sow one way (sow.direction outward, inward or by-parity, sow.choice); the
	// game's own rules then sow counter-clockwise. dirOf says which way each hole
	// sows. flip is nil when every hole sows in clockwise's direction.
	flip        *fileRules
	dirOf       [MaxHoles]uint8
	dirRule     uint8  // sow.direction, in compileRules' order
	choice      uint16 // the columns where the mover chooses (bit c for column c)
	chainByGame bool   // a backward chain runs against sow.direction, whichever way the move went
	crossChain  bool   // capture.chain with capture.cross and no counts: a chain of cross captures
	// capture.cross_chain_any_hole: the chain goes on past own holes holding seeds
	crossChainAny bool
	relay         bool  // lift the landing hole's seeds and sow on while it was occupied
	relayNext     bool  // sow.laps = "relay-next": the relay lifts the hole after the landing hole, while it holds seeds
	relayStop     bool  // a relay stops where its last seed would capture by count
	relaySide     uint8 // sow.relay_side: either, own or opponent (relayFrom)
	relayCount    [256]bool
	// relayFrom[s] has the bits of the holes side s's relay may lift (relay_side).
	relayFrom   [2]uint32
	skipStart   bool // laps pass over the emptied start hole
	endlessEnds bool // a sowing past lapLimit ends the game (else the move is illegal)
	lapLimit    int  // the most sowings one move may take (a relay's lifts, counting the first)
	leaveOne    bool // the start hole keeps one seed
	loneMoves   bool // sow.lone_moves: with leaveOne, a lone seed is sown on all the same
	storesAsCCW bool // clockwise sowing passes the stores where counter-clockwise sowing leaves a row (sow.stores_at = "right")
	ownRow      bool // sow.cycle = "own-row": each side sows round its own row (and store) only
	sowStores   uint8
	minSeeds    uint8
	allow       uint8 // sow.allow: which holes may be played, besides min_seeds
	takeOne     bool  // each sowing first puts one of its seeds in the mover's store
	passing     bool  // holes sown to a capturing count on the way are captured at once
	passSower   bool  // by the sower (capture.passing = "sower"), else by their owner
	passAll     bool  // capture.passing = "owner-all": the last seed's hole too
	passOwn     bool  // capture.passing = "sower-own": by the sower, in the sower's own holes only
	// lapCaptures: each sowing of a relay captures where it ends, and a capture
	// sows on (sow.lap_captures; lapcapture.go); oppTakes: with this many seeds
	// or fewer on the board the opponent takes the seeds sown into its row
	// (sow.opponent_takes), 0 never.
	lapCaptures bool
	lapSown     bool // sow.lap_captures_sown: the seeds a lap captures are sown on, and an empty opponent's row ends the relay
	oppTakes    uint8
	lastSeeds   uint8 // a move leaving 1 to lastSeeds seeds on the board gives them to the mover
	// lastToStarter: to the player who began the round instead (end.last_seeds_to)
	lastToStarter bool
	// viaSowMove sends every move to playFed and sowMove (relays, take_one, passing
	// captures, last_seeds);
	// general sends every move generation through playAllWays (directions,
	// sow.no_return, sow.allow).
	viaSowMove, general bool
	// Captures.
	captureCount    [256]bool // a last seed making one of these counts captures
	countCaptures   bool
	captureSide     uint8
	chain           uint8
	cross           uint8
	crossTakesSower bool
	grandSlam       uint8
	slamNeedsSeeds  bool // only a row that held seeds before the move suffers a grand slam
	noSingle        bool // capture.single_seed = false: a move of one seed captures nothing
	crossCount      [256]bool
	otherStore      bool // capture.other_store: a last seed in the opponent's store takes it
	storeGift       bool // capture.empty_gives_store: a lone last seed gives the mover's store away
	singleAcross    bool // capture.single_takes_across: a single seed lifted takes the hole across first
	singlesAcross   bool // capture.singles_take_across: every single seed of the mover's takes across first
	sweep           bool // capture.sweep: see sweepLands
	twoOut          bool // capture.two_out: the hole after an empty next hole is taken
	pickAcross      bool // capture.pick_across: with it, the hole across from the one taken
	pullAcross      bool // capture.pull_across: a lone last seed pulls the hole across into its hole
	takeNext        bool // capture.next: a relay's last seed on capture.side takes the next hole
	singles         bool // capture.singles: after a move, every hole of one seed on capture.side is taken
	crossSweep      bool // capture.cross_sweep: a cross capture takes the opponent's holes of cross counts too
	playLocks       bool // holes locked (both child masks) until played: capture.locked_until_played, sow.each_hole_first
	lockedNoCapture bool // capture.locked_until_played: nothing captured from a locked hole
	eachFirst       bool // sow.each_hole_first: a locked hole of the mover's first
	fromNext        bool // capture.from_next: count captures from the hole after the last
	matchAcross     bool // capture.match_across: a last hole holding as many as the hole across takes both
	matchBothWays   int  // capture.match_both_ways: the most holes more taken each way after a match
	pickLast        bool // capture.pick_last: with it, the last hole's seeds too
	// oddCaptures says the game has one of the capture rules settleOdd plays.
	oddCaptures bool
	chainLimit  int // capture.chain_max: the most holes a chain takes (0: every hole)
	// quietTurns (capture.after_turns) is the game's first turns without captures,
	// oneWayTurns (sow.one_way_turns) those sown in sow.direction whatever the
	// mover chose; a position counts those left in its state (quietBits, oneWayBits),
	// turnBits has the bits of the state that count them in this game.
	// plainTurns (sow.plain_turns) those sown without skipOpp, the count of the
	// opponent's holes that sowing passes over (sow.skip_opponent_count, 0 none).
	quietTurns, oneWayTurns, plainTurns, turnBits uint16
	// plainAt is where the state counts sow.plain_turns: plainShift, or in a game
	// in rounds (whose roundBegun and northBegan those bits are) oneWayShift.
	plainAt uint8
	// rightHalfTurns (sow.right_half_turns) are the game's first turns played
	// from the right half of the mover's row only, in place of sow.allow
	// (rightHalfBits); toOppTurns (sow.last_to_opponent_turns) those sown in one
	// lap whose last seed passes over the mover's own holes (toOppBits).
	rightHalfTurns, toOppTurns uint16
	// rightTwoTurns (sow.right_two_turns) are those played from the mover's two
	// rightmost playable holes only (rightTwoBits).
	rightTwoTurns uint16
	// plusMinus (sow.first_move = "plus-one-minus-one"): the first move of the
	// game and of each round, while the state has firstPattern, leaves its hole
	// as it is and moves a seed from every other hole after it into the next,
	// the last into the hole across (plusOneMinusOne).
	plusMinus bool
	skipOpp   uint8
	holeLimit uint8 // sow.hole_limit: holes of this many seeds or more are passed over
	// closeAt (sow.close_at): a relay's sowing that ends in an opponent's hole
	// making it hold this many closes it (both child masks) and sows on; sowing
	// passes over the mover's closed holes and puts the seeds for the opponent's
	// out of play, in South's store as StoneShark keeps them (a game won by
	// depriving or immobilizing never counts the stores). closeNotLast
	// (sow.close_not_last): the last hole of each row is never closed.
	closeAt      uint8
	closeNotLast bool
	// firstMove (sow.direction = "first-move"): the game's first move, in either
	// direction from any hole, sets the way each side sows for the rest of the game,
	// the mover's that way and the other the other way (the state's chosenBit and
	// cwBit: wayChosen and southClockwise, or in a game in rounds roundWayChosen
	// and roundSouthClockwise, which roundWays has); the flip keeps it too.
	firstMove                   bool
	chosenBit, cwBit, roundWays uint16
	// Turns, feeding and endings.
	extraOnStore, extraOnCapture bool
	captureOnce                  bool // turn.capture_once: a capture on a capture's extra turn gives none (the state's captureAgain)
	extraOnOtherStore            bool // a last seed in the opponent's store moves again too
	mustFeed                     bool
	feedByHole                   bool // feed.by_hole: a chosen hole sows either way where one way feeds
	pass                         bool
	rowEmptyEnds, majority       bool
	fewerThan                    uint8 // the game ends when 1 to fewerThan-1 seeds are left on the board
	fewerFirst                   bool  // end.fewer_than_first: that ending is read before a majority
	seedsLeft                    uint8
	loopSeeds                    uint8 // who takes the seeds left when a position repeats
	ownRowEnds                   bool  // end.own_row_empty: the mover's emptied row ends the game
	otherRowEnds                 bool  // end.other_row_empty: the opponent's emptied row ends it
	unfedTakes                   bool  // end.unfed_takes: the seeds left go to the player not fed
	clearGoal                    bool  // end.goal = "clear": the first to empty their row wins
	depriveGoal                  bool  // end.goal = "deprive": the first to empty the other's row wins
	immobileGoal                 bool  // end.goal = "immobilize": the player who leaves the other no move wins
	// noReturn (sow.no_return): a single seed just sown into the other row may not be
	// sown straight back; the state holds that hole, plus one. On the zigzag path,
	// where every hole sows into the other row, only a seed that the hole it fell
	// into sows straight back, and after a move that captured nothing: sendsTo[k] has
	// the bits of the holes a lone seed in hole k is sown into (either way where the
	// mover chooses).
	noReturn bool
	sendsTo  [MaxHoles]uint32
	cols     uint8 // holes a row, to name a state's hole
	// round is a game played in rounds (rounds.go), nil for one round; blocked has
	// the bits of the holes out of play in these rules, which sow past them.
	round   *roundRules
	blocked uint32
	// startRandom: new games begin from a start drawn at random (start_random).
	startRandom bool
	anyHole     bool // sow.from = "any": either player plays any hole
	// kids says the game has children (child.count; children.go), child their rules.
	kids  bool
	child childRules
	// skipKids: sowing passes over the opponent's children (sow.skip_opponent_children).
	skipKids bool
	// lastIntoKids: a sowing's last seed is not passed over them
	// (sow.last_into_opponent_children).
	lastIntoKids bool
	// trackAgain says that a position tells whether its side to move moves again
	// (the state bit movesAgain): the endings that need the last mover, in a game
	// with extra turns.
	trackAgain bool

	// Tables of one board, built by layout.
	cycle    [2][MaxHoles + 2]uint8 // the slots side s sows through, from hole 0 on
	cycleLen [2]uint8
	at       [2][MaxHoles]uint8 // each hole's place in side s's cycle
	// winAbove is the store that wins at once: half the seeds with end.majority,
	// else 255 (none).
	winAbove uint8
	// boardEnds says that the seeds on the board may end the game (end.row_empty,
	// end.fewer_than).
	boardEnds bool
	sow       *sowTables // the sowings, shared by the boards of a size
	// keep is the seeds the start hole keeps (1 with sow.leave_one).
	keep uint8
	// capturable[s] has bit h set when a count in hole h captures for side s
	// (capture.side), startable[s] when a capture may begin there (the opponent's
	// holes only with "opponent-first"); oppRow[s] has the bits of the holes of s's
	// opponent, and owned[s] those s plays (in a game of territory, the holes s
	// owns: rounds.go).
	capturable, startable, oppRow, owned [2]uint32
	// otherRow[s] has the bits of the row of s's opponent, whoever owns its holes:
	// the row a grand slam empties (StoneShark's, in a game of territory too).
	otherRow [2]uint32
	// rowBytes[s] has the bytes of side s's holes set, four words of eight holes.
	rowBytes [2][MaxHoles / 8]uint64
	// chainNext is the hole a chain of captures goes on to from each hole (against
	// or along the sowing), chainMax the most holes one capture takes by count.
	chainNext [MaxHoles]uint8
	chainMax  int
	crossOf   [MaxHoles]uint8 // the hole across from each hole
	// crossLands[s] has the bits of the holes where side s's last seed, alone in a
	// hole, captures across (capture.cross_lands); crossLand is that key. loneLands[s]
	// has those where such a seed may capture at all: across, the mover's store
	// given away (capture.empty_gives_store), or the hole across pulled in
	// (capture.pull_across: where that hole is on capture.side).
	crossLands, loneLands [2]uint32
	crossLand             uint8
	// sweepLands[s] has the holes where side s's last seed sweeps (capture.sweep):
	// the opponent's row and s's own last hole, where s's sowing leaves its row.
	sweepLands [2]uint32
}

// The values of the rule file's words, in the order compileRules lists them.
const (
	storesNone, storesOwn, storesBoth  = 0, 1, 2
	sideOpponent, sideOwn, sideBoth    = 0, 1, 2
	sideOppOwned                       = 3 // the holes the opponent owns (round.territory)
	sideOppFirst                       = 4 // a chain begins on the opponent's row, goes on through either
	chainNone, chainBackward, chainFwd = 0, 1, 2
	crossNone, crossAlways, crossFed   = 0, 1, 2
	landOwn, landOpponent, landEither  = 0, 1, 2
	sideRelayOwn, sideRelayOpponent    = 1, 2 // sow.relay_side, after "either"
	slamAllowed, slamNothing, slamBan  = 0, 1, 2
	slamLeavesRight                    = 3 // the opponent's rightmost hole holding seeds keeps them
	slamMovesAgain                     = 4 // taken, and the mover moves again
	slamGivesRow                       = 5 // taken, and the mover's row goes to the opponent's store
	leftOwner, leftOther, leftNobody   = 0, 1, 2
	leftSplit                          = 3 // halves, the odd seed to the side behind in store
	leftUnfed                          = 4 // all to the side not to move (end.unfed_takes)
	dirCCW, dirCW, dirOutward          = 0, 1, 2
	dirInward, dirParity               = 3, 4
	dirFirstMove                       = 5 // sow.direction = "first-move"
	allowAny, allowOppOrEmpty          = 0, 1
	allowSingle, allowSingleLast       = 2, 3
	allowSingleLastAny                 = 4 // a lone seed only when every playable own hole holds one
	allowTwoLast                       = 5 // a hole of two only when every playable own hole holds two
	allowTwoLastRight                  = 6 // and then only the mover's rightmost
	allowNotAcrossSingle               = 7 // not a hole across from a lone seed
	allowLastOccupied                  = 8 // the first sowing's last seed into a hole that held seeds
)

// Which way a hole sows (fileRules.dirOf) in a game with flip.
const (
	sowsOwnWay  = iota // the rules' own way: counter-clockwise
	sowsFlipped        // clockwise
	sowsChosen         // as the mover chooses: counter-clockwise, or clockwise with the move's Clockwise bit
	sowsByCount        // counter-clockwise an odd count, clockwise an even one
)

// outGoal reports whether the game is won by putting the other player out of the
// game, not by seeds: end.goal "deprive" or "immobilize". The player to move who
// cannot move loses, and an endless sowing ends the game in a draw.
func (r *fileRules) outGoal() bool { return r.depriveGoal || r.immobileGoal }

// endedDrawn is the state bit of a game won by putting the other player out
// (outGoal) that an endless sowing ended: a draw, the board left as the sowing
// stopped.
const endedDrawn uint16 = 1 << 5

// The state of a rule file's game that counts the game's first turns left: without
// captures (quietBits, capture.after_turns), sown one way (oneWayBits,
// sow.one_way_turns), sown without sow.skip_opponent_count (plainBits,
// sow.plain_turns), played from the right half of the row (rightHalfBits,
// sow.right_half_turns), sown with the last seed into the opponent's row
// (toOppBits, sow.last_to_opponent_turns) and played from the two rightmost
// playable holes (rightTwoBits, sow.right_two_turns); maxOpeningTurns is the most
// each holds. Bits 8 to 15 are a round game's or a first-move game's, which count
// no turns.
const (
	quietShift             = 1
	quietBits       uint16 = 3 << quietShift
	oneWayShift            = 3
	oneWayBits      uint16 = 3 << oneWayShift
	plainShift             = 6
	plainBits       uint16 = 3 << plainShift
	rightHalfShift         = 10
	rightHalfBits   uint16 = 3 << rightHalfShift
	toOppShift             = 12
	toOppBits       uint16 = 3 << toOppShift
	rightTwoShift          = 14
	rightTwoBits    uint16 = 3 << rightTwoShift
	maxOpeningTurns        = 3
)

// firstPattern is the state bit of a game of sow.first_move = "plus-one-minus-one"
// whose next move is the game's or the round's first: a bit of the counted turns'
// quietBits, which such a game has not.
const firstPattern uint16 = 1 << 1

// nextTurns is the count of opening turns t after a turn: each that is not done
// one less.
func (r *fileRules) nextTurns(t uint16) uint16 {
	if t&quietBits != 0 {
		t -= 1 << quietShift
	}
	if t&oneWayBits != 0 && r.oneWayTurns > 0 {
		t -= 1 << oneWayShift
	}
	if t&(3<<r.plainAt) != 0 {
		t -= 1 << r.plainAt
	}
	if t&rightHalfBits != 0 {
		t -= 1 << rightHalfShift
	}
	if t&toOppBits != 0 {
		t -= 1 << toOppShift
	}
	if t&rightTwoBits != 0 {
		t -= 1 << rightTwoShift
	}
	return t
}

// The state of a game of sow.direction = "first-move" once its first move is made:
// wayChosen, and southClockwise where South sows clockwise (North then counter-
// clockwise). Bits of a round game's blockedBits, which such a game has not, they
// are kept from move to move as a round's are. A game in rounds, whose round's
// first move sets the ways again, keeps them in the bits of oneWayBits instead
// (sow.one_way_turns is not played with "first-move"), carried across each turn.
const (
	wayChosen           uint16 = 1 << 8
	southClockwise      uint16 = 1 << 9
	roundWayChosen      uint16 = 1 << 3
	roundSouthClockwise uint16 = 1 << 4
)

// wrongWay reports whether move m (with its Clockwise bit) from p goes against the
// way the game's first move set for the side to move (sow.direction = "first-move").
func (r *fileRules) wrongWay(p *Position, m int) bool {
	return p.state&r.chosenBit != 0 && (m&int(Clockwise) != 0) != (p.state&r.cwBit != 0 == (p.side == South))
}

// extraTurns reports whether a player may move twice in a row.
func (r *fileRules) extraTurns() bool {
	return r.extraOnStore || r.extraOnOtherStore || r.extraOnCapture || r.grandSlam == slamMovesAgain
}

// movesAgain is the state bit of a rule file's game that tracks extra turns
// (fileRules.trackAgain): the side to move moved last and moves again.
const movesAgain uint16 = 1

// bearingOff is the state bit of a game of sow.bear_off once a move has left no hole
// with more than one seed: it lasts the game.
const bearingOff uint16 = 1 << 10

// captureAgain is the state bit of a game of turn.capture_once: the side to move
// moves again after a capture, and its captures give no other turn now.
const captureAgain uint16 = 1 << 5

// loopKey is p as a repetition compares it: in a game of turn.capture_once without
// the state's captureAgain, and in a game of sow.no_return without the barred hole
// (the state's only item there), as StoneShark's loop test looks at the board, the
// stores and the turn only.
func (p Position) loopKey() Position {
	r := variants[p.variant].file
	switch {
	case r == nil:
	case r.captureOnce && p.state&captureAgain != 0:
		p.setState(p.state &^ captureAgain)
	case r.noReturn && p.state != 0:
		p.setState(0)
	}
	return p
}

// passFileTurn passes the turn to the other player in a rule file's game, who then
// does not move again.
func (p *Position) passFileTurn() {
	p.flipSide()
	if p.state&^roundBits != 0 {
		p.setState(p.state & roundBits)
	}
}

// passTurn passes the turn, as a pass move does: in a rule file's game the side to
// move then no longer moves again, but with turn.capture_once a pass on a capture's
// extra turn leaves the other side's next capture without one (StoneShark counts
// the extra turns until a move passes the turn), and with capture.after_turns a
// pass counts a turn without captures but the last; the games written in Go keep
// their state.
func (p *Position) passTurn() {
	if r := variants[p.variant].file; r != nil {
		kept := p.state & captureAgain
		if !r.captureOnce {
			kept = 0
		}
		kept |= p.state & r.roundWays // the ways a round's first move set
		quiet := p.state & r.turnBits & quietBits
		p.passFileTurn()
		if kept != 0 {
			p.setState(p.state | kept)
		}
		if quiet != 0 {
			// capture.after_turns: a pass counts as a turn, but the turns without
			// captures end only after a move, as StoneShark's inhibitor ends them.
			p.setState(p.state | max(quiet-1<<quietShift, 1<<quietShift))
		}
		return
	}
	p.flipSide()
}

// overAgain reports whether the game is over at q, whose side to move moved last
// and moves again: only then does a position say so (movesAgain), since only an
// ending asks who moved last, and positions that go on are the same whoever moved
// last (a repetition, as StoneShark counts it, need not look at the last mover).
// The moves are tried until one is legal.
func (r *fileRules) overAgain(q *Position) bool {
	q.setState(q.state | movesAgain) // a game that tracks again has no other turn state
	defer func() { q.setState(q.state &^ movesAgain) }()
	if r.isDecided(q) {
		return true
	}
	oppEmpty := r.ownSeeds(q, q.side.Other()) == 0
	var scratch Position
	for _, h := range variants[q.variant].own[q.side&1] {
		if r.owned[q.side&1]>>(h&(MaxHoles-1))&1 == 0 {
			continue
		}
		for m := int(h); ; m |= int(Clockwise) {
			if r.direction(q, m).playFed(q, m, &scratch, oppEmpty) == legal {
				return false
			}
			if !r.chosen(m) || m&int(Clockwise) != 0 {
				break
			}
		}
	}
	return !r.mayPass(q)
}

// lastMover is the side that made the move leading to p: the side to move when the
// position says it moves again (at the end of a game), else the other.
func lastMover(p *Position) Side {
	if p.state&movesAgain != 0 {
		return p.side
	}
	return p.side.Other()
}

// storeSlot is the slot number of South's store in a sowing cycle (North's is one
// more): above every hole index.
const storeSlot = MaxHoles

// Limits of the games a rule file may describe: a count must fit a byte, and so
// must the sum of any counts (RowSeeds adds eight counts at once, and the sowing
// tables add whole words of counts).
const (
	maxFileCols  = 15
	maxFileSeeds = 255
)

// sowTables are the sowings of one board shape and sowing rule (direction, stores,
// skipped start), for every side, start hole and number of seeds. A step is what
// sowing changes: add holds the change of the first 16 holes' counts, eight to a
// word (the lifted hole's decrease included, as a two's-complement borrow that the
// counts absorb: every count stays within a byte, so the words add up to the
// right bytes), store the seeds dropped in South's store (low byte) and North's
// (high byte), key the change of the hash, land the slot of the last seed; in 32
// bytes. A board of more than 16 holes (wide) has the change of the others in high,
// entry for entry.
type sowTables struct {
	// steps[(s*MaxHoles+h)*stride+r] lifts r seeds (1 to lap) from hole h and sows
	// them through side s's cycle.
	steps  []sowStepFile
	high   [][2]uint64
	stride int
	// laps[s][h] lifts lap seeds from h and sows one whole lap (land unused).
	laps     [2][MaxHoles]sowStepFile
	lapsHigh [2][MaxHoles][2]uint64
	// lap is the slots one lap sows: the cycle, less the start hole with skip_start.
	lap uint8
	// wide says that the holes reach past the first two words (more than 16).
	wide bool
	// wholeLaps[n] is the whole laps sown before the last of n seeds: (n-1)/lap.
	wholeLaps [maxFileSeeds + 1]uint8
}

// sowStepFile is one entry of sowTables.
type sowStepFile struct {
	add   [2]uint64
	key   uint64
	store uint16
	land  uint8
}

// sowShape is what the sowing tables depend on.
type sowShape struct {
	cols                         int
	clockwise, zigzag, skipStart bool
	stores                       uint8
	storesAsCCW, ownRow          bool
	blocked                      uint32
}

// sowCache shares the sowing tables between the games of one shape (the boards of
// a family that differ only in their seeds, Kalah's two rules).
var sowCache = struct {
	sync.Mutex
	tables map[sowShape]*sowTables
}{tables: map[sowShape]*sowTables{}}

// layout builds the tables of a 2 x cols board with seeds seeds in all.
func (r *fileRules) layout(cols, seeds int) {
	holes := 2 * cols
	r.cols = uint8(cols)
	r.winAbove = 255
	if r.majority {
		r.winAbove = uint8(seeds / 2)
	}
	var next, prev [MaxHoles]uint8 // along the sowing
	for h := range holes {
		n := r.ccwNext(h, cols)
		next[h], prev[n] = uint8(n), uint8(h)
	}
	if r.clockwise {
		next, prev = prev, next
	}
	// The store of side s lies where s's sowing leaves s's row; in a game whose holes
	// sow both ways, where its counter-clockwise sowing leaves it (storesAsCCW: the
	// clockwise sowings pass a store as they enter its owner's row).
	for s := South; s <= North; s++ {
		n := 0
		h := 0
		for range holes {
			if r.blocked>>h&1 == 0 { // sowing passes over a blocked hole
				r.at[s][h] = uint8(n)
				r.cycle[s][n] = uint8(h)
				n++
			}
			k := int(next[h])
			owner := Side(h / cols)
			if r.storesAsCCW {
				owner = Side(k / cols)
			}
			if Side(h/cols) != Side(k/cols) && r.sowsInto(s, owner) {
				r.cycle[s][n] = storeSlot + uint8(owner)
				n++
			}
			h = k
		}
		r.cycleLen[s] = uint8(n)
		if r.ownRow {
			r.ownRowCycle(s, cols)
		}
	}
	r.boardEnds = r.rowEmptyEnds || r.fewerThan > 0 || r.ownRowEnds || r.otherRowEnds || r.clearGoal || r.outGoal()
	if r.leaveOne {
		r.keep = 1
	}
	shape := sowShape{cols: cols, clockwise: r.clockwise, zigzag: r.zigzag, skipStart: r.skipStart, stores: r.sowStores, storesAsCCW: r.storesAsCCW, blocked: r.blocked, ownRow: r.ownRow}
	sowCache.Lock()
	if r.sow = sowCache.tables[shape]; r.sow == nil {
		r.sow = r.sowTables(holes)
		sowCache.tables[shape] = r.sow
	}
	sowCache.Unlock()

	for h := range holes {
		owner := Side(h / cols)
		r.oppRow[owner.Other()] |= 1 << h
		r.otherRow[owner.Other()] |= 1 << h
		r.owned[owner] |= 1 << h
		r.rowBytes[owner][h/8] |= 0xFF << (8 * (h % 8))
		if r.captureSide != sideOpponent && r.captureSide != sideOppOwned {
			r.capturable[owner] |= 1 << h
		}
		if r.captureSide != sideOwn {
			r.capturable[owner.Other()] |= 1 << h
		}
		r.chainNext[h] = prev[h]
		if r.chain == chainFwd {
			r.chainNext[h] = next[h]
		}
		r.crossOf[h] = uint8(holes - 1 - h)
		if r.relaySide != sideRelayOpponent {
			r.relayFrom[owner] |= 1 << h
		}
		if r.relaySide != sideRelayOwn {
			r.relayFrom[owner.Other()] |= 1 << h
		}
		if r.crossLand != landOpponent {
			r.crossLands[owner] |= 1 << h
		}
		if r.crossLand != landOwn {
			r.crossLands[owner.Other()] |= 1 << h
		}
	}
	for h := range holes {
		// the opponent's row, and the own hole the sowing leaves the row from
		owner := Side(h / cols)
		r.sweepLands[owner.Other()] |= 1 << h
		if Side(int(next[h])/cols) != owner {
			r.sweepLands[owner] |= 1 << h
		}
	}
	for s := range r.loneLands {
		r.startable[s] = r.capturable[s]
		if r.captureSide == sideOppFirst {
			r.startable[s] = r.oppRow[s]
		}
		if r.cross != crossNone {
			r.loneLands[s] = r.crossLands[s]
		}
		if r.storeGift {
			r.loneLands[s] = r.capturable[s]
		}
		if r.pullAcross {
			for h := range holes {
				if r.capturable[s]>>r.crossOf[h]&1 != 0 {
					r.loneLands[s] |= 1 << h
				}
			}
		}
	}
	for h := range holes { // a chain goes on past a blocked hole
		j := int(r.chainNext[h])
		for r.blocked>>j&1 != 0 {
			j = int(r.chainNext[j])
		}
		r.chainNext[h] = uint8(j)
	}
	r.chainMax = 1
	if r.chain != chainNone {
		r.chainMax = holes - bits.OnesCount32(r.blocked) // each hole in play once
		if r.chainLimit > 0 {
			r.chainMax = min(r.chainMax, r.chainLimit)
		}
	}
	if r.kids {
		r.layoutChildren(cols)
	}
	if r.dirRule == dirFirstMove { // every hole chosen, the first move's way kept after
		r.choice = 1<<cols - 1
	}
	if r.mixedDirections() {
		r.layoutDirections(cols, seeds)
	}
	if r.zigzag && r.noReturn {
		for k := range holes {
			switch r.dirOf[k] {
			case sowsFlipped:
				r.sendsTo[k] = 1 << prev[k]
			case sowsChosen:
				r.sendsTo[k] = 1<<next[k] | 1<<prev[k]
			default: // the rules' own way, as a lone seed's odd count sows too
				r.sendsTo[k] = 1 << next[k]
			}
		}
		if r.flip != nil {
			r.flip.sendsTo = r.sendsTo
		}
	}
	r.general = r.flip != nil || r.noReturn || r.allow != allowAny || r.rightHalfTurns > 0 || r.kids || r.loneMoves || r.round != nil || r.playLocks
	if r.round != nil {
		r.layoutRounds(cols, seeds)
	}
}

// ownRowCycle makes side s's sowing cycle its own row (sow.cycle = "own-row"): its
// holes in the sowing's direction from the row's first, then its store where the
// sowing goes round from the row's last hole (counter-clockwise) or first
// (clockwise) back into it.
func (r *fileRules) ownRowCycle(s Side, cols int) {
	r.at[s] = [MaxHoles]uint8{} // no sowing of s's passes the other row
	n := 0
	for k := range cols {
		h := int(s)*cols + k
		if r.clockwise {
			h = int(s)*cols + cols - 1 - k
		}
		if r.blocked>>h&1 == 0 {
			r.at[s][h] = uint8(n)
			r.cycle[s][n] = uint8(h)
			n++
		}
	}
	if r.sowsInto(s, s) {
		r.cycle[s][n] = storeSlot + uint8(s)
		n++
	}
	r.cycleLen[s] = uint8(n)
}

// ccwNext is the hole after hole h, on a board of cols holes a row, along the
// sowing's path counter-clockwise: the next index round the board, or the next hole
// of the zigzag (sow.path = "zigzag").
func (r *fileRules) ccwNext(h, cols int) int {
	if r.zigzag {
		return zigzagNext(h, cols)
	}
	return (h + 1) % (2 * cols)
}

// zigzagNext is the hole after hole h on the zigzag path counter-clockwise, which
// crosses the board at every hole: out from South's a1 to North's b2, South's c1,
// North's d2 and so on to the last column, back through the other holes to North's
// a2, and on to a1 again. A hole sends the sowing one column right where South's
// column is even or North's odd (counting from 0 at a), else one column left, and
// straight across where that column is off the board.
func zigzagNext(h, cols int) int {
	row, col := h/cols, h
	if row == 1 {
		col = 2*cols - 1 - h
	}
	if (col+row)%2 == 0 {
		col++
	} else {
		col--
	}
	col = min(max(col, 0), cols-1)
	if row == 1 {
		return col
	}
	return 2*cols - 1 - col
}

// towardMiddle reports whether the hole after h along next lies in a column nearer
// the middle of the row than h's, or across the middle: the way a hole sows
// inward.
func towardMiddle(h, next, cols int) bool {
	col := func(k int) int {
		if k >= cols {
			return 2*cols - 1 - k
		}
		return k
	}
	step, mid := 2*(col(next)-col(h)), cols-1-2*col(h)
	return step > 0 && mid > 0 || step < 0 && mid < 0
}

// mixedDirections reports whether the holes of the game do not all sow one way.
func (r *fileRules) mixedDirections() bool { return r.dirRule >= dirOutward || r.choice != 0 }

// layoutDirections builds flip, the rules sown clockwise, and says which way each
// hole sows. Inward, each hole sows the way that goes towards the middle of the row
// (towardMiddle): round the board, the left half of South's row counter-clockwise and
// the right half clockwise; outward the other way, as StoneShark's split sowing does;
// a middle hole of an odd row must be chosen (compileRules checks).
func (r *fileRules) layoutDirections(cols, seeds int) {
	flip := *r
	flip.clockwise, flip.flip, flip.dirRule, flip.choice = true, nil, dirCW, 0
	flip.storesAsCCW = true
	flip.layout(cols, seeds)
	if r.chainByGame { // both ways chain against the game's own direction
		if r.dirRule == dirCW {
			r.chainNext = flip.chainNext
		} else {
			flip.chainNext = r.chainNext
		}
	}
	r.flip = &flip
	for h := range 2 * cols {
		k := h % cols // place along the sowing from the row's start
		col := k
		if h >= cols {
			col = cols - 1 - k // North's columns count from a2
		}
		switch {
		case r.choice>>col&1 != 0:
			r.dirOf[h] = sowsChosen
		case r.dirRule == dirCW:
			r.dirOf[h] = sowsFlipped
		case r.dirRule == dirParity:
			r.dirOf[h] = sowsByCount
		case r.dirRule == dirOutward && towardMiddle(h, r.ccwNext(h, cols), cols),
			r.dirRule == dirInward && !towardMiddle(h, r.ccwNext(h, cols), cols):
			r.dirOf[h] = sowsFlipped
		}
	}
}

// direction returns the rules that sow move m (a hole, with the Clockwise bit where
// the mover chose) from p: r, or flip where that hole sows clockwise.
func (r *fileRules) direction(p *Position, m int) *fileRules {
	if r.flip == nil {
		return r
	}
	if p.state&r.turnBits&oneWayBits != 0 { // an opening turn sown one way (sow.one_way_turns)
		if r.dirRule == dirCW {
			return r.flip
		}
		return r
	}
	h := m & (MaxHoles - 1)
	switch r.dirOf[h] {
	case sowsFlipped:
		return r.flip
	case sowsChosen:
		if m&int(Clockwise) != 0 {
			return r.flip
		}
	case sowsByCount:
		if p.holes[h]%2 == 0 {
			return r.flip
		}
	}
	return r
}

// chosen reports whether the mover chooses the direction of hole h's sowing.
func (r *fileRules) chosen(h int) bool {
	return r.flip != nil && r.dirOf[h&(MaxHoles-1)] == sowsChosen
}

// sowTables builds the sowing tables of the board from the cycles, seed by seed.
func (r *fileRules) sowTables(holes int) *sowTables {
	t := &sowTables{lap: r.cycleLen[South], wide: holes > 16}
	if r.skipStart {
		t.lap--
	}
	for n := 1; n <= maxFileSeeds; n++ {
		t.wholeLaps[n] = uint8((n - 1) / int(t.lap))
	}
	t.stride = int(t.lap) + 1
	t.steps = make([]sowStepFile, 2*MaxHoles*t.stride)
	if t.wide {
		t.high = make([][2]uint64, len(t.steps))
	}
	for s := South; s <= North; s++ {
		cyc := r.cycle[s][:r.cycleLen[s]]
		for h := range holes {
			if r.blocked>>h&1 != 0 {
				continue // never played: a blocked hole holds no seed
			}
			// Sowing no seed (a lone seed taken with sow.take_one) changes nothing
			// and ends in the start hole.
			t.steps[t.index(s, h, 0)].land = uint8(h)
			var inc [MaxHoles]uint8
			var store [2]uint8
			key := uint64(0)
			// A lap at most: with skip_start a lap is a slot short of the cycle, so
			// no seed comes back to h.
			i := int(r.at[s][h])
			for n := 1; n <= int(t.lap); n++ {
				if i++; i == len(cyc) {
					i = 0
				}
				slot := cyc[i]
				if slot >= storeSlot {
					store[slot-storeSlot]++
					key += storeKeys[slot-storeSlot]
				} else {
					inc[slot]++
					key += holeKeys[slot]
				}
				var dec [MaxHoles]uint8
				dec[h] = uint8(n)
				var add [4]uint64
				for w := range add {
					add[w] = le.Uint64(inc[8*w:]) - le.Uint64(dec[8*w:])
				}
				at := t.index(s, h, uint8(n))
				t.steps[at] = sowStepFile{add: [2]uint64{add[0], add[1]}, key: key - uint64(n)*holeKeys[h],
					store: uint16(store[0]) | uint16(store[1])<<8, land: slot}
				if t.wide {
					t.high[at] = [2]uint64{add[2], add[3]}
				}
			}
			t.laps[s][h] = t.steps[t.index(s, h, t.lap)]
			if t.wide {
				t.lapsHigh[s][h] = t.high[t.index(s, h, t.lap)]
			}
		}
	}
	return t
}

// sowsInto reports whether side s's sowing drops a seed in owner's store.
func (r *fileRules) sowsInto(s, owner Side) bool {
	return r.sowStores == storesBoth || r.sowStores == storesOwn && s == owner
}

// addStep adds step e to the position: one sowing. The holes past the first 16
// are added only in a wide board (addHigh).
func (q *Position) addStep(e *sowStepFile) {
	le.PutUint64(q.holes[0:], le.Uint64(q.holes[0:])+e.add[0])
	le.PutUint64(q.holes[8:], le.Uint64(q.holes[8:])+e.add[1])
	le.PutUint16(q.stores[:], le.Uint16(q.stores[:])+e.store)
	q.sum += e.key
}

// addHigh adds k times the change high of the holes past the first 16.
func (q *Position) addHigh(high *[2]uint64, k uint64) {
	le.PutUint64(q.holes[16:], le.Uint64(q.holes[16:])+k*high[0])
	le.PutUint64(q.holes[24:], le.Uint64(q.holes[24:])+k*high[1])
}

// addFileLaps adds k times step e to the position: k whole laps (but for the
// holes past the first 16).
func (q *Position) addFileLaps(e *sowStepFile, k uint64) {
	le.PutUint64(q.holes[0:], le.Uint64(q.holes[0:])+k*e.add[0])
	le.PutUint64(q.holes[8:], le.Uint64(q.holes[8:])+k*e.add[1])
	le.PutUint16(q.stores[:], le.Uint16(q.stores[:])+uint16(k)*e.store)
	q.sum += k * e.key
}

// index is the place in steps of the entry that lifts n seeds (1 to lap) from
// hole h through side me's cycle.
func (t *sowTables) index(me Side, h int, n uint8) int {
	return (int(me&1)*MaxHoles+h&(MaxHoles-1))*t.stride + int(n)
}

// sowFrom lifts n seeds (1 to maxFileSeeds) from hole h and sows them through side
// me's cycle, whole laps included, and returns the slot the last one falls into.
func (t *sowTables) sowFrom(q *Position, me Side, h int, n uint8) uint8 {
	if n > t.lap {
		laps := t.wholeLaps[n]
		q.addFileLaps(&t.laps[me&1][h&(MaxHoles-1)], uint64(laps))
		if t.wide {
			q.addHigh(&t.lapsHigh[me&1][h&(MaxHoles-1)], uint64(laps))
		}
		n -= laps * t.lap
	}
	i := t.index(me, h, n)
	e := &t.steps[i]
	q.addStep(e)
	if t.wide {
		q.addHigh(&t.high[i], 1)
	}
	return e.land
}

// sowMove sows n seeds lifted from hole h by side me, relaying where the rules say
// so (on from an occupied landing hole, unless sow.relay_stops_on_capture and its
// count captures, which no count does in the turns of capture.after_turns; with
// sow.laps = "relay-next" on from the hole after the landing hole while it holds
// seeds; in a game with children not from a child, nor from a hole the last seed
// makes one), and returns the slot the last seed fell into; ok is false for an
// endless move (more sowings than sow.lap_limit).
func (r *fileRules) sowMove(q *Position, me Side, h int, n uint8) (last uint8, ok bool) {
	last = r.sowLap(q, me, h, n)
	if !r.relay {
		return last, true
	}
	for lift := 1; last < storeSlot; lift++ {
		if r.kids && r.relayStopsAt(q.child, &q.holes, me, last) {
			break // a child to settle
		}
		from, captured := last, false
		if r.lapSown && q.RowSeeds(me.Other()) == 0 {
			break // the opponent's row is empty: the move ends
		}
		if r.lapCaptures {
			var k int
			k, captured = r.lapCapture(q, me, last)
			from = uint8(k)
		} else if r.relayNext {
			if r.crossTakes(&q.holes, &q.child, me, int(last)) {
				break // StoneShark's relay stops where its last seed captures across
			}
			if from = r.nextSlot(me, last); from >= storeSlot {
				// the mover's store after its last hole (sow.stores): lifted while
				// it holds seeds, and sown on from there
				n := q.stores[me&1]
				if n == 0 {
					break
				}
				if lift >= r.lapLimit {
					if r.endlessEnds {
						q.setStore(me, 0) // StoneShark's quirk: the seeds in hand leave the game
					}
					return 0, false
				}
				q.setStore(me, 0)
				last = r.sowFromStore(q, me, from, n)
				continue
			}
			if q.holes[from] == 0 {
				break
			}
		}
		n := q.holes[from&(MaxHoles-1)]
		if !captured && !r.relayNext && (n <= 1 || r.relayStop && q.state&r.turnBits&quietBits == 0 && r.startable[me&1]>>(from&(MaxHoles-1))&1 != 0 && r.captureCount[n] ||
			r.matchAcross && r.matches(&q.holes, me, from) ||
			!r.relayCount[n] || r.relayFrom[me&1]>>(from&(MaxHoles-1))&1 == 0) {
			break
		}
		if lift >= r.lapLimit {
			if r.endlessEnds {
				q.take(int(from)) // StoneShark's quirk: the seeds in hand leave the game
			}
			return 0, false
		}
		if n == 0 { // a capture's next hole is empty: nothing to sow on
			return from, true
		}
		if r.closeAt > 0 {
			r.closeHole(q, me, from)
		}
		last = r.sowLap(q, me, int(from), n)
	}
	return last, true
}

// matches reports whether hole k of the counts holes holds as many seeds, one or
// more, as the hole across, both on capture.side for side me (capture.match_across).
func (r *fileRules) matches(holes *[MaxHoles]uint8, me Side, k uint8) bool {
	o := r.crossOf[k&(MaxHoles-1)]
	return k < storeSlot && holes[k] > 0 && holes[k] == holes[o] && r.capturable[me&1]>>k&1 != 0 && r.capturable[me&1]>>o&1 != 0
}

// matchChains takes for side me, after a match at hole last, the holes matching
// their holes across each way from it (capture.match_both_ways): up to
// matchBothWays along the sowing, then up to as many against it; where the first
// hole against it does not match but every hole along it did, the next hole along
// is taken too when it matches (StoneShark's chain going on from where the first
// way stopped). It returns the seeds taken. A chain never reaches the other row:
// a row's end hole and its neighbour there are across from each other.
func (r *fileRules) matchChains(q *Position, me Side, last int) int {
	n := 2 * int(r.cols)
	along := 1
	if r.clockwise {
		along = n - 1
	}
	taken, took := 0, 0
	k := (last + along) % n
	for ; took < r.matchBothWays && r.matches(&q.holes, me, uint8(k)); k, took = (k+along)%n, took+1 {
		taken += int(q.take(k)) + int(q.take(int(r.crossOf[k])))
	}
	j := (last + n - along) % n
	if !r.matches(&q.holes, me, uint8(j)) {
		if took == r.matchBothWays && r.matches(&q.holes, me, uint8(k)) {
			taken += int(q.take(k)) + int(q.take(int(r.crossOf[k])))
		}
		return taken
	}
	for i := 0; i < r.matchBothWays && r.matches(&q.holes, me, uint8(j)); j, i = (j+n-along)%n, i+1 {
		taken += int(q.take(j)) + int(q.take(int(r.crossOf[j])))
	}
	return taken
}

// storesShrink reports whether a move may take a store's seeds: the opponent's
// store taken (capture.other_store), the mover's given away
// (capture.empty_gives_store), or lifted by a relay from the next hole (sow.laps =
// "relay-next" with sow.stores).
func (r *fileRules) storesShrink() bool {
	return r.otherStore || r.storeGift || r.relayNext && r.sowStores != storesNone
}

// sowFromStore sows n seeds, lifted from side me's store (slot store of its
// cycle), one by one from the slot after it, and returns the slot of the last seed
// (sow.laps = "relay-next" with sow.stores).
func (r *fileRules) sowFromStore(q *Position, me Side, store, n uint8) uint8 {
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	i := slices.Index(cyc, store)
	last := store
	for ; n > 0; n-- {
		if i++; i == len(cyc) {
			i = 0
		}
		if last = cyc[i]; last >= storeSlot {
			q.setStore(Side(last-storeSlot), q.stores[last-storeSlot]+1)
		} else {
			q.set(int(last), q.holes[last]+1)
		}
	}
	return last
}

// crossTakes reports whether side me's last seed in hole k captures across: alone
// in a hole where cross captures land, the hole across holding a count that
// capture.cross takes, and no child.
func (r *fileRules) crossTakes(holes *[MaxHoles]uint8, child *[2]uint32, me Side, k int) bool {
	if r.cross == crossNone || k >= storeSlot || r.crossLands[me&1]>>k&1 == 0 || holes[k] != 1 {
		return false
	}
	o := int(r.crossOf[k]) & (MaxHoles - 1)
	return (r.cross == crossAlways || r.crossCount[holes[o]]) && !(r.kids && (child[South]^child[North])>>o&1 != 0) // a child is never captured (a locked hole is)
}

// nextSlot is the slot after slot k in side me's cycle: the next hole sown.
func (r *fileRules) nextSlot(me Side, k uint8) uint8 {
	i := int(r.at[me&1][k&(MaxHoles-1)]) + 1
	if i == int(r.cycleLen[me&1]) {
		i = 0
	}
	return r.cycle[me&1][i]
}

// sowLap is one sowing of sowMove: n seeds lifted from hole h, less the one
// sow.take_one puts in the mover's store, sown from the tables, or seed by seed
// where holes are captured on the way (capture.passing) or the opponent may take
// the seeds sown into its row (sow.opponent_takes).
func (r *fileRules) sowLap(q *Position, me Side, h int, n uint8) uint8 {
	if r.bearOff && q.state&bearingOff != 0 {
		return r.bearOffLap(q, me, h, n)
	}
	if r.takeOne && n > 0 {
		q.set(h, q.holes[h&(MaxHoles-1)]-1)
		q.setStore(me, q.stores[me&1]+1)
		n--
	}
	if r.passing {
		return r.sowPassing(q, me, h, n)
	}
	if r.oppTakes > 0 {
		return r.sowOppTakes(q, me, h, n)
	}
	if r.skipOpp > 0 && q.state&(3<<r.plainAt) == 0 || r.holeLimit > 0 {
		return r.sowSkipping(q, me, h, n)
	}
	if r.skipKids {
		return r.sowPastChildren(q, me, h, n)
	}
	if r.closeAt > 0 {
		return r.sowClosed(q, me, h, n)
	}
	return r.sow.sowFrom(q, me, h, n)
}

// sowToOpponent lifts n seeds from hole h and sows them one by one through side
// me's cycle, in one lap, the last seed passing over me's own holes into the first
// hole of the opponent's row it reaches (sow.last_to_opponent_turns). It returns
// the hole of the last seed.
func (r *fileRules) sowToOpponent(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	last := uint8(h)
	for i := int(r.at[me&1][h]); n > 0; {
		if i++; i == len(cyc) {
			i = 0
		}
		k := cyc[i]
		if n == 1 && r.oppRow[me&1]>>k&1 == 0 {
			continue
		}
		q.set(int(k), q.holes[k]+1)
		last = k
		n--
	}
	return last
}

// bearOffLap is one sowing of a game bearing off (sow.bear_off): n seeds lifted
// from hole h sown through the mover's holes, until a seed would fall into an
// opponent's hole: that seed and those still in hand go to the mover's store. The
// last hole is the last one sown (h where none was), as StoneShark's BearOff class
// has it.
func (r *fileRules) bearOffLap(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	last := uint8(h)
	for k := last; n > 0; n-- {
		if k = r.nextSlot(me, k); r.oppRow[me&1]>>k&1 != 0 {
			q.setStore(me, q.stores[me&1]+n)
			break
		}
		q.set(int(k), q.holes[k]+1)
		last = k
	}
	return last
}

// plusOneMinusOne plays hole h as the first move of a game of sow.first_move =
// "plus-one-minus-one": h keeps its seeds, and along side me's sowing a seed is
// taken from the next hole and put into the one after it, and so on round the
// board, the seed taken from the hole before h going into the hole across from h.
// It returns that hole, the last seed's; ok is false where a hole to take from is
// empty.
func (r *fileRules) plusOneMinusOne(q *Position, me Side, h int) (last uint8, ok bool) {
	h &= MaxHoles - 1
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	i := int(r.at[me&1][h])
	for step := 1; step < len(cyc); step++ {
		k := cyc[(i+step)%len(cyc)]
		if step%2 == 1 {
			if q.holes[k] == 0 {
				return 0, false
			}
			q.set(int(k), q.holes[k]-1)
		} else {
			q.set(int(k), q.holes[k]+1)
		}
	}
	last = r.crossOf[h]
	q.set(int(last), q.holes[last]+1)
	return last, true
}

// bearsOff reports whether a game of sow.bear_off bears off after the move that
// led to q: no hole holds more than one seed.
func (r *fileRules) bearsOff(q *Position) bool {
	for h := range 2 * int(r.cols) {
		if q.holes[h] > 1 {
			return false
		}
	}
	return true
}

// sowClosed lifts n seeds from hole h and sows them one by one through side me's
// cycle, passing over me's closed holes and putting a seed for an opponent's
// closed hole out of play (sow.close_at). It returns the hole of the last seed,
// a closed hole where that seed went out of play.
func (r *fileRules) sowClosed(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	closed := q.child[South] & q.child[North]
	last := uint8(h)
	for i := int(r.at[me&1][h]); n > 0; {
		if i++; i == len(cyc) {
			i = 0
		}
		k := cyc[i]
		switch {
		case closed>>k&1 == 0:
			q.set(int(k), q.holes[k]+1)
		case r.oppRow[me&1]>>k&1 != 0:
			q.setStore(South, q.stores[South]+1)
		default:
			continue
		}
		last = k
		n--
	}
	return last
}

// closes reports whether side me's relay, its sowing ending in hole k that then
// holds n seeds, closes it (sow.close_at; state: the position's, for the turns
// without captures).
func (r *fileRules) closes(n uint8, state uint16, me Side, k uint8) bool {
	return n == r.closeAt && r.oppRow[me&1]>>k&1 != 0 && state&r.turnBits&quietBits == 0 &&
		!(r.closeNotLast && (k == r.cols-1 || k == 2*r.cols-1))
}

// closeHole closes hole k, where a sowing of side me's relay ended and goes on
// from (sow.close_at): an opponent's hole holding closeAt seeds, but the last of
// its row with sow.close_not_last, after the game's turns without captures.
func (r *fileRules) closeHole(q *Position, me Side, k uint8) {
	k &= MaxHoles - 1
	if !r.closes(q.holes[k], q.state, me, k) {
		return
	}
	q.child[South] |= 1 << k
	q.child[North] |= 1 << k
	q.sum += childKeys[South][k] + childKeys[North][k]
}

// sowPastChildren lifts n seeds from hole h and sows them one by one through side
// me's cycle, passing over the opponent's children (sow.skip_opponent_children). It
// returns the slot of the last seed.
func (r *fileRules) sowPastChildren(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	theirs := q.child[me.Other()&1]
	last := uint8(h)
	for i := int(r.at[me&1][h]); n > 0; {
		if i++; i == len(cyc) {
			i = 0
		}
		k := cyc[i]
		if r.skipStart && int(k) == h || k < storeSlot && theirs>>k&1 != 0 && (n > 1 || !r.lastIntoKids) {
			continue
		}
		if k >= storeSlot {
			q.setStore(Side(k-storeSlot), q.stores[k-storeSlot]+1)
		} else {
			q.set(int(k), q.holes[k]+1)
		}
		last = k
		n--
	}
	return last
}

// sowSkipping lifts n seeds from hole h and sows them one by one through side me's
// cycle, passing over the opponent's holes that hold skipOpp seeds as a seed would
// reach them (sow.skip_opponent_count), or the holes that hold holeLimit seeds or
// more (sow.hole_limit). It returns the hole of the last seed.
func (r *fileRules) sowSkipping(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	opp := r.oppRow[me&1]
	last := uint8(h)
	for i := int(r.at[me&1][h]); n > 0; {
		if i++; i == len(cyc) {
			i = 0
		}
		k := cyc[i]
		if r.skipStart && int(k) == h || r.skipOpp > 0 && opp>>k&1 != 0 && q.holes[k] == r.skipOpp || r.holeLimit > 0 && q.holes[k] >= r.holeLimit {
			continue
		}
		q.set(int(k), q.holes[k]+1)
		last = k
		n--
	}
	return last
}

// sowPassing lifts n seeds from hole h and sows them one by one through side me's
// cycle; every seed but the last (with "owner-all", the last too) that makes a
// capturing count (capture.counts, on capture.side) in a hole gives that hole's
// seeds to the hole's owner (capture.passing = "owner" or "owner-all") or to the
// mover ("sower"; "sower-own": in the mover's own holes only). It returns the
// slot of the last seed. In the turns of capture.after_turns nothing is taken.
func (r *fileRules) sowPassing(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	q.set(h, q.holes[h]-n)
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	last := uint8(h)
	for i := int(r.at[me&1][h]); n > 0; {
		if i++; i == len(cyc) {
			i = 0
		}
		slot := cyc[i]
		if r.skipStart && int(slot) == h {
			continue
		}
		last = slot
		if slot >= storeSlot {
			q.setStore(Side(slot-storeSlot), q.stores[slot-storeSlot]+1)
			n--
			continue
		}
		c := q.holes[slot] + 1
		if (n > 1 || r.passAll) && r.capturable[me&1]>>slot&1 != 0 && r.captureCount[c] && !(r.passOwn && r.oppRow[me&1]>>slot&1 != 0) && q.state&r.turnBits&quietBits == 0 {
			owner := me
			if !r.passSower && r.oppRow[me&1]>>slot&1 != 0 {
				owner = me.Other()
			}
			q.take(int(slot))
			q.setStore(owner, q.stores[owner&1]+c)
		} else {
			q.set(int(slot), c)
		}
		n--
	}
	return last
}

// play plays move m (a hole of the side to move, with the Clockwise bit where the
// mover chose) into q.
func (r *fileRules) play(v *Variant, p *Position, m int, q *Position) verdict {
	if !r.mayPlay(v, p, m) {
		return notAllowed
	}
	if r.round != nil {
		if r = r.inRound(p); r.owned[p.side&1]>>(m&(MaxHoles-1))&1 == 0 {
			return notOwned
		}
	}
	oppEmpty := r.ownSeeds(p, p.side.Other()) == 0
	verdict := r.playWay(p, m, q, oppEmpty)
	if verdict == mustFeed && r.pass && !r.feeds(v, p) {
		// feed.must_feed with end.no_move = "pass": where no move feeds, any may be played
		verdict = r.direction(p, m).playFed(p, m, q, false)
	}
	return verdict
}

// playWay is playFed in the way move m sows. With feed.by_hole a hole whose way the
// mover chooses may be sown either way where one of them feeds the opponent's
// empty row (oppEmpty).
func (r *fileRules) playWay(p *Position, m int, q *Position, oppEmpty bool) verdict {
	verdict := r.direction(p, m).playFed(p, m, q, oppEmpty)
	if verdict == mustFeed && r.feedByHole && r.chosen(m) {
		var scratch Position
		if other := m ^ int(Clockwise); r.direction(p, other).playFed(p, other, &scratch, oppEmpty) == legal {
			verdict = r.direction(p, m).playFed(p, m, q, false)
		}
	}
	return verdict
}

// feeds reports whether a move of p feeds the opponent's empty row: with
// feed.must_feed and end.no_move = "pass", the rule that every move must feed holds
// only where one can.
func (r *fileRules) feeds(v *Variant, p *Position) bool {
	var scratch [1]Child
	return r.playAllWays(v, p, scratch[:], 0, true) > 0
}

// mayPlay reports whether the side to move may play hole h of p: in the game's
// first turns of sow.right_half_turns only a hole of the right half of its row (the
// last half along the counter-clockwise sowing, a middle hole of an odd row in
// neither half), else where sow.allow lets it (allowed).
func (r *fileRules) mayPlay(v *Variant, p *Position, h int) bool {
	if p.state&r.turnBits&rightHalfBits != 0 {
		cols := int(r.cols)
		return (h&(MaxHoles-1))%cols >= cols-cols/2
	}
	if p.state&r.turnBits&rightTwoBits != 0 && !r.rightTwo(v, p, h) {
		return false
	}
	if r.eachFirst {
		locked := p.child[South] & p.child[North] & r.owned[p.side&1]
		if locked != 0 && locked>>(h&(MaxHoles-1))&1 == 0 {
			return false // sow.each_hole_first: a locked hole first
		}
	}
	return r.allow == allowAny || r.allowed(v, p, h)
}

// rightTwo reports whether hole h is one of the two rightmost of the mover's holes
// that min_seeds and sow.allow let them play (sow.right_two_turns): fewer than two
// such holes lie to its right (at higher indexes of its row, for either side).
func (r *fileRules) rightTwo(v *Variant, p *Position, h int) bool {
	h &= MaxHoles - 1
	end := (h/int(r.cols) + 1) * int(r.cols)
	found := 0
	for k := h + 1; k < end && found < 2; k++ {
		if p.holes[k] >= r.minSeeds && (r.allow == allowAny || r.allowed(v, p, k)) {
			found++
		}
	}
	return found < 2
}

// allowed reports whether sow.allow lets the side to move play hole h of p (a hole
// too small to be played is left to playFed). Every hole sows one way, without
// stores (compileRules checks), but for the rules that look at counts alone.
func (r *fileRules) allowed(v *Variant, p *Position, h int) bool {
	h &= MaxHoles - 1
	n := p.holes[h]
	if n < r.minSeeds {
		return true
	}
	me := p.side & 1
	cyc := r.cycle[me][:r.cycleLen[me]]
	at := int(r.at[me][h])
	switch r.allow {
	case allowNotAcrossSingle:
		return p.holes[r.crossOf[h]] != 1
	case allowLastOccupied:
		// The first sowing (no relay) leaves more than the one seed it drops there
		// in the hole its last seed falls into.
		q := *p
		last := r.sowLap(&q, p.side, h, n-r.kept(n))
		return last >= storeSlot || q.holes[last] != 1
	case allowTwoLast, allowTwoLastRight:
		return n != 2 || r.twoLast(v, p, h)
	case allowOppOrEmpty:
		// The first sowing reaches the opponent's row, or its last seed falls into
		// an own hole that was empty.
		land := h
		for s := n - r.kept(n); s > 0; s-- {
			at = (at + 1) % len(cyc)
			if land = int(cyc[at]); r.oppRow[me]>>land&1 != 0 {
				return true
			}
		}
		return p.holes[land] == 0
	case allowSingleLast, allowSingleLastAny:
		// A lone seed only when every playable own hole holds one.
		if n == 1 {
			for _, o := range v.own[me] {
				if c := p.holes[o&(MaxHoles-1)]; c >= r.minSeeds && c != 1 {
					return false
				}
			}
		}
		if r.allow == allowSingleLastAny {
			return true
		}
	}
	// A lone seed only into an empty hole.
	return n != 1 || p.holes[cyc[(at+1)%len(cyc)]] == 0
}

// twoLast reports whether the side to move may play hole h holding two seeds under
// sow.allow "two-last": only when every own hole that could be played holds two;
// with "two-last-rightmost", then only the mover's rightmost such hole (South's last
// column, North's a2 and on: where counter-clockwise sowing leaves each row).
func (r *fileRules) twoLast(v *Variant, p *Position, h int) bool {
	own := v.own[p.side&1]
	rightmost := -1
	for i := range own {
		o := own[i]
		if p.side == North {
			o = own[len(own)-1-i] // North's right is a2: count from its last column
		}
		c := p.holes[o&(MaxHoles-1)]
		if c < r.minSeeds {
			continue
		}
		if c != 2 {
			return false
		}
		rightmost = int(o & (MaxHoles - 1))
	}
	return r.allow == allowTwoLast || rightmost == h
}

// playAllWays is playAll for a game whose holes do not all sow one way (a hole
// where the mover chooses gives two moves, counter-clockwise first), whose seed
// may not go straight back (sow.no_return) or whose sow.allow rule rules out holes.
func (r *fileRules) playAllWays(v *Variant, p *Position, out []Child, stride int, oppEmpty bool) int {
	if r.round != nil {
		r = r.inRound(p)
	}
	n := 0
	for _, h := range v.own[p.side&1] {
		m := int(h & (MaxHoles - 1))
		if r.owned[p.side&1]>>m&1 == 0 || !r.mayPlay(v, p, m) {
			continue
		}
		for {
			c := &out[n*stride]
			if r.playWay(p, m, &c.Pos, oppEmpty) == legal {
				c.Move = Move(m)
				n++
			}
			if !r.chosen(m) || m&int(Clockwise) != 0 {
				break
			}
			m |= int(Clockwise)
		}
	}
	return n
}

// playAll is playHoles for a rule file's game: it plays every move of p, in
// coordinate order, into out[i*stride] and returns how many are legal. Whether the
// opponent's row is empty is asked once, holes too small to play are passed over, and
// a single sowing of less than a lap that captures nothing, the common move, is
// played here without a call (TestNextChildMatchesGenerate holds this to play). With
// feed.must_feed and end.no_move = "pass", where no move feeds the opponent's empty
// row, every move is played again without the feeding rule (strict false).
func (r *fileRules) playAll(v *Variant, p *Position, out []Child, stride int, strict bool) int {
	me := p.side & 1
	oppEmpty := strict && r.ownSeeds(p, Side(me^1)) == 0
	if r.general {
		if n := r.playAllWays(v, p, out, stride, oppEmpty); !r.unfed(n, oppEmpty) {
			return n
		}
		return r.playAll(v, p, out, stride, false)
	}
	hungry := r.mustFeed && oppEmpty
	t := r.sow
	long := t.lap // sowings of more seeds go to playFed
	if r.viaSowMove {
		long = 0
	}
	n := 0
	for _, h := range v.own[me] {
		h &= MaxHoles - 1
		seeds := p.holes[h]
		if seeds < r.minSeeds {
			continue
		}
		c := &out[n*stride]
		q := &c.Pos
		if seeds -= r.keep; seeds > long {
			if r.playFed(p, int(h), q, oppEmpty) == legal {
				c.Move = Move(h)
				n++
			}
			continue
		}
		*q = *p
		i := t.index(me, int(h), seeds)
		e := &t.steps[i]
		q.addStep(e)
		if t.wide {
			q.addHigh(&t.high[i], 1)
		}
		last := e.land
		if last >= storeSlot || hungry || r.mayCapture(q, me, last) {
			if r.settle(q, me, last, oppEmpty, seeds == 1) != legal {
				continue
			}
		} else {
			q.passFileTurn()
		}
		c.Move = Move(h)
		n++
	}
	if r.unfed(n, oppEmpty) {
		return r.playAll(v, p, out, stride, false)
	}
	return n
}

// unfed reports whether n moves, none feeding the opponent's empty row (oppEmpty),
// are to be played again without the feeding rule: with feed.must_feed and
// end.no_move = "pass", where no move feeds, any may be played.
func (r *fileRules) unfed(n int, oppEmpty bool) bool {
	return n == 0 && oppEmpty && r.mustFeed && r.pass
}

// countMoves is Position.countMoves for a rule file's game: the moves Generate
// would list, played into a scratch position, in one call.
func (r *fileRules) countMoves(v *Variant, p *Position) int {
	if r.isDecided(p) {
		return 0
	}
	var scratch [1]Child
	n := r.playAll(v, p, scratch[:], 0, true)
	if n == 0 && r.mayPass(p) {
		n = 1
	}
	return n
}

// playFed is play, told whether the opponent's row is empty before the move (it
// must be fed with feed.must_feed, and suffers no grand slam when
// capture.grand_slam_when_fed is false). A single sowing of less than a lap, the
// common case, is one table entry; whole laps and relays go to sowMove.
func (r *fileRules) playFed(p *Position, h int, q *Position, oppEmpty bool) verdict {
	if r.firstMove && r.wrongWay(p, h) {
		return otherWay
	}
	cw := h&int(Clockwise) != 0
	h &= MaxHoles - 1
	n := p.holes[h]
	if r.noReturn && p.state == uint16(h)+1 {
		return seedReturns
	}
	if n < r.minSeeds {
		if n == 0 {
			return emptyHole
		}
		return tooFewSeeds
	}
	if r.kids && p.isChild(h) {
		return childHole
	}
	me := p.side & 1
	*q = *p
	if r.playLocks {
		q.unlock(h)
	}
	if r.firstMove && p.state&r.chosenBit == 0 { // the game's (or round's) first move sets the ways
		way := r.chosenBit
		if cw == (me == South) {
			way |= r.cwBit
		}
		q.setState(q.state | way)
	}
	if r.singlesAcross { // before the sowing, across from each hole of one seed
		for o := range 2 * int(r.cols) {
			if r.owned[me]>>o&1 != 0 && p.holes[o] == 1 {
				q.setStore(me, q.stores[me]+q.take(int(r.crossOf[o])))
			}
		}
	}
	t := r.sow
	var last uint8
	if n -= r.kept(n); n == 1 && r.singleAcross { // the hole across first, then the seed
		o := int(r.crossOf[h])
		q.setStore(me, q.stores[me]+q.take(o))
	}
	if r.plusMinus && q.state&firstPattern != 0 {
		q.setState(q.state &^ firstPattern)
		var ok bool
		if last, ok = r.plusOneMinusOne(q, me, h); !ok {
			return patternEmpty
		}
	} else if q.state&r.turnBits&toOppBits != 0 {
		last = r.sowToOpponent(q, me, h, n)
	} else if n <= t.lap && !r.viaSowMove {
		i := t.index(me, h, n)
		e := &t.steps[i]
		q.addStep(e)
		if t.wide {
			q.addHigh(&t.high[i], 1)
		}
		last = e.land
	} else {
		var ok bool
		if last, ok = r.sowMove(q, me, h, n); !ok {
			if !r.endlessEnds {
				return endlessMove
			}
			r.endGame(q)
			return legal
		}
	}
	v := r.settle(q, me, last, oppEmpty, n == 1)
	if r.bearOff && v == legal && q.state&bearingOff == 0 && r.bearsOff(q) {
		q.setState(q.state | bearingOff)
	}
	if r.noReturn && v == legal && p.holes[h] == 1 && last < storeSlot &&
		r.oppRow[me]>>last&1 != 0 && q.holes[last] == 1 &&
		(!r.zigzag || r.sendsTo[last]>>h&1 != 0 && q.stores == p.stores) {
		q.setState(uint16(last) + 1) // the seed may not go straight back
	}
	return v
}

// kept is the seeds the start hole keeps when its n seeds are played: one with
// sow.leave_one, unless it is a lone seed that sow.lone_moves sows on.
func (r *fileRules) kept(n uint8) uint8 {
	if n == 1 && r.loneMoves {
		return 0
	}
	return r.keep
}

// endGame ends the game at q after an endless sowing (sow.endless = "ends-game"):
// the seeds still sown go as a repetition's do, into the stores, and the turn passes;
// in a game won by putting the other player out (outGoal) it is a draw, the board and
// the turn left as they are (the state endedDrawn).
func (r *fileRules) endGame(q *Position) {
	if r.outGoal() { // a draw: the mover's board as the sowing stopped
		keep := uint16(0)
		if r.round != nil { // a tallied game keeps its tally
			keep = q.state & roundBits
		}
		q.setState(endedDrawn | keep)
		return
	}
	if q.state&^roundBits != 0 { // q is the mover's, mid-move: "other" is the mover's opponent
		q.setState(q.state & roundBits)
	}
	res := shareLeft(q, r.loopSeeds, LoopEnding)
	for h := range 2 * int(r.cols) { // the board's holes: a wide tally stays
		q.set(h, 0)
	}
	q.setStore(South, uint8(res.South))
	q.setStore(North, uint8(res.North))
	q.passFileTurn()
}

// mayCapture reports whether a last seed in slot last may capture for side me:
// in a hole whose count captures where a capture may begin, or, with a cross capture
// rule, in a hole that was empty where cross captures land (an own hole, unless
// capture.cross_lands says otherwise), or with capture.empty_gives_store in a hole
// that was empty on capture.side.
func (r *fileRules) mayCapture(q *Position, me Side, last uint8) bool {
	k := last & (MaxHoles - 1)
	c := q.holes[k]
	return last < storeSlot && (r.startable[me&1]>>k&1 != 0 && r.captureCount[c] ||
		c == 1 && r.loneLands[me&1]>>k&1 != 0)
}

// settle ends side me's move whose last seed fell into slot last: the captures
// (none after a move of a single seed, lone, where capture.single_seed is false),
// the extra turns, the feeding rule (oppEmpty: the opponent's row was empty before
// the move) and the turn.
func (r *fileRules) settle(q *Position, me Side, last uint8, oppEmpty, lone bool) verdict {
	again := last == storeSlot+uint8(me) && r.extraOnStore || last == storeSlot+uint8(me^1) && r.extraOnOtherStore
	turns := q.state & r.turnBits
	if r.kids && last < storeSlot && r.settleChild(q, me, last, &again) {
		// a child made, or a last seed in a child: nothing is captured but a raid
	} else if r.oddCaptures && r.settleOdd(q, me, last, lone && r.noSingle || turns&quietBits != 0, &again) {
		// a capture rule of a few games decided it
	} else if r.twoOut {
		again = r.captureTwoOut(q, me, last) > 0 && r.extraOnCapture
	} else if r.takeNext {
		again = r.captureNext(q, me, last) > 0 && r.extraOnCapture
	} else if r.child.keeps && q.child[me&1] == 0 {
		// a player without a child, where children keep the captures, captures nothing
	} else if r.fromNext && last < storeSlot && r.mayCapture(q, me, r.nextSlot(me, last)) {
		captured, _ := r.capture(q, me, int(r.nextSlot(me, last)), oppEmpty) // capture.from_next
		again = captured > 0 && r.extraOnCapture
	} else if !r.fromNext && r.mayCapture(q, me, last) {
		before := q.stores[me&1]
		captured, slam := r.capture(q, me, int(last), oppEmpty)
		if r.child.keeps {
			q.keepCaptured(me, before)
		}
		if slam && r.grandSlam == slamBan {
			return grandSlam
		}
		again = captured > 0 && (r.extraOnCapture || slam && r.grandSlam == slamMovesAgain)
		if slam && r.grandSlam == slamGivesRow {
			r.giveRow(q, me)
		}
	}
	if r.child.lapLocked && last < storeSlot { // a last seed in a store leaves the locks as they were
		r.lockHoles(q)
	}
	if r.lastSeeds > 0 {
		r.takeLast(q, me)
	}
	if r.mustFeed && oppEmpty && r.ownSeeds(q, me.Other()) == 0 {
		return mustFeed
	}
	if again && r.captureOnce { // turn.capture_once: one extra turn, not two
		if again = q.state&captureAgain == 0; again {
			q.setState(q.state | captureAgain)
		}
	}
	if again {
		if r.trackAgain && r.overAgain(q) {
			q.setState(q.state | movesAgain)
		}
	} else {
		ways := q.state & r.roundWays
		q.passFileTurn()
		if turns != 0 { // one opening turn fewer (passFileTurn keeps northBegan, plainBits' high bit)
			q.setState(q.state&^r.turnBits | r.nextTurns(turns))
		}
		if ways != 0 {
			q.setState(q.state | ways)
		}
	}
	if r.round != nil && !r.round.probe {
		r.endRound(q, me)
	}
	return legal
}

// settleOdd settles the captures of the rules few games have, and reports whether it
// did: none where quiet (a move of a single seed with capture.single_seed = false,
// or of the game's first turns with capture.after_turns); capture.sweep's; the
// opponent's store taken (capture.other_store); every single seed on capture.side
// taken (capture.singles); a last hole and the hole across holding as many taken
// (capture.match_across); the hole across pulled into a lone
// last seed's hole (capture.pull_across). Any other last seed is left to settle's
// captures. again is the mover's extra turn.
func (r *fileRules) settleOdd(q *Position, me Side, last uint8, quiet bool, again *bool) bool {
	switch {
	case quiet:
		return true
	case r.sweep && last < storeSlot:
		if r.sweepLands[me&1]>>last&1 != 0 {
			*again = r.sweepRow(q, me) > 0 && r.extraOnCapture
		}
		return true
	case r.matchAcross && last < storeSlot:
		if r.matches(&q.holes, me, last) {
			o := int(r.crossOf[last])
			taken := int(q.take(int(last))) + int(q.take(o))
			if r.matchBothWays > 0 {
				taken += r.matchChains(q, me, int(last))
			}
			q.setStore(me, q.stores[me&1]+uint8(taken))
			*again = *again || r.extraOnCapture
		}
		return true
	case r.singles && last < storeSlot:
		taken := 0
		for rest := r.capturable[me&1] &^ r.blocked; rest != 0; rest &= rest - 1 {
			if h := bits.TrailingZeros32(rest); q.holes[h] == 1 {
				taken += int(q.take(h))
			}
		}
		q.setStore(me, q.stores[me&1]+uint8(taken))
		*again = *again || taken > 0 && r.extraOnCapture
		return true
	case r.pullAcross && last < storeSlot:
		if o := int(r.crossOf[last]); q.holes[last] == 1 && q.holes[o] > 0 && r.loneLands[me&1]>>last&1 != 0 {
			q.set(int(last), 1+q.take(o))
			*again = *again || r.extraOnCapture
		}
		return true
	case r.otherStore && last == storeSlot+uint8(me^1):
		taken := q.stores[me^1]
		q.setStore(me^1, 0)
		q.setStore(me, q.stores[me]+taken)
		*again = *again || r.extraOnCapture
		return true
	}
	return false
}

// captureTwoOut takes for side me, whose last seed fell into slot last, the hole
// two out (capture.two_out): where the hole after last is empty, the seeds of the
// hole after that, on capture.side. Without a relay the last hole must have held
// seeds before (a last seed alone takes nothing); with capture.chain = "forward"
// the capture goes on from the hole taken while the holes after it alternate empty
// and occupied; with capture.pick_across the hole across from the first hole taken
// goes too. It returns the seeds taken.
func (r *fileRules) captureTwoOut(q *Position, me Side, last uint8) int {
	if last >= storeSlot || !r.relay && q.holes[last] <= 1 {
		return 0
	}
	taken, first := 0, -1
	for k, holes := last, 0; holes < r.chainMax; holes++ {
		gap := r.nextSlot(me, k)
		k = r.nextSlot(me, gap)
		if q.holes[gap] != 0 || q.holes[k] == 0 || r.capturable[me&1]>>k&1 == 0 {
			break
		}
		if first < 0 {
			first = int(k)
		}
		taken += int(q.take(int(k)))
		if !r.relay {
			break // the hole taken is empty now: no chain goes on without a relay
		}
	}
	if o := int(r.crossOf[first&(MaxHoles-1)]); first >= 0 && r.pickAcross && r.capturable[me&1]>>o&1 != 0 {
		taken += int(q.take(o))
	}
	q.setStore(me, q.stores[me&1]+uint8(taken))
	return taken
}

// captureNext takes for side me, whose relay's last seed fell into slot last on
// capture.side, the seeds of the next hole along the sowing, in either row
// (capture.next), and with capture.pick_last the last hole's seeds too. It returns
// the seeds taken.
func (r *fileRules) captureNext(q *Position, me Side, last uint8) int {
	if last >= storeSlot || r.capturable[me&1]>>last&1 == 0 {
		return 0
	}
	next := int(r.nextSlot(me, last))
	if q.holes[next] == 0 {
		return 0
	}
	taken := int(q.take(next))
	if r.pickLast {
		taken += int(q.take(int(last)))
	}
	q.setStore(me, q.stores[me&1]+uint8(taken))
	return taken
}

// sweepRow takes every hole of side me's opponent that holds a capturing count
// (capture.sweep) into me's store, and returns the seeds it took.
func (r *fileRules) sweepRow(q *Position, me Side) int {
	taken := 0
	for rest := r.oppRow[me&1]; rest != 0; rest &= rest - 1 {
		if h := bits.TrailingZeros32(rest); r.captureCount[q.holes[h]] {
			taken += int(q.take(h))
		}
	}
	q.setStore(me, q.stores[me&1]+uint8(taken))
	return taken
}

// takeLast gives the seeds on the board to side me, the mover, when 1 to
// end.last_seeds are left in the holes where me captures by count (capture.side),
// or on the board in a game that does not.
func (r *fileRules) takeLast(q *Position, me Side) {
	left := q.SeedsOnBoard()
	counted := left
	if r.countCaptures && r.captureSide != sideBoth {
		switch r.captureSide {
		case sideOwn:
			counted = q.RowSeeds(me)
		case sideOppOwned:
			counted = q.ownedSeeds()[me.Other()]
		default:
			counted = q.RowSeeds(me.Other())
		}
	}
	if counted == 0 || counted > int(r.lastSeeds) {
		return
	}
	if r.lastToStarter { // the state says who began the round
		me = Side(q.state & northBegan >> 7)
	}
	for h := range 2 * int(r.cols) {
		q.take(h)
	}
	q.setStore(me, q.stores[me&1]+uint8(left))
}

// giveRow gives every seed of side me's row to the other side's store
// (capture.grand_slam = "gives-row").
func (r *fileRules) giveRow(q *Position, me Side) {
	given := 0
	for rest := r.oppRow[me.Other()&1]; rest != 0; rest &= rest - 1 { // me's row
		given += int(q.take(bits.TrailingZeros32(rest)))
	}
	q.setStore(me.Other(), q.stores[me.Other()&1]+uint8(given))
}

// capture takes what a last seed in hole k captures for side me, and returns how
// many seeds it took and whether the capture would have taken every seed of the
// opponent's row (a grand slam: then, by the rules, it takes all, nothing, or the
// move is illegal). A cross capture, where it applies, is the only capture. A row
// that was empty before the move (oppEmpty) suffers no grand slam where
// capture.grand_slam_when_fed is false.
func (r *fileRules) capture(q *Position, me Side, k int, oppEmpty bool) (taken int, slam bool) {
	noSlam := oppEmpty && r.slamNeedsSeeds
	k &= MaxHoles - 1
	if r.storeGift { // mayCapture found a lone seed on capture.side
		given := q.stores[me&1]
		q.setStore(me, 0)
		q.setStore(me.Other(), q.stores[me.Other()&1]+given)
		return int(given), false
	}
	if r.crossTakes(&q.holes, &q.child, me, k) {
		o := int(r.crossOf[k]) & (MaxHoles - 1)
		if r.crossChain && r.grandSlam != slamAllowed && !noSlam {
			return r.crossChainSlam(q, me, k)
		}
		fromOpp := int(q.holes[o]) * int(r.otherRow[me&1]>>o&1)
		if fromOpp > 0 && fromOpp == q.RowSeeds(me.Other()) && !noSlam {
			// one hole taken: leaves-right has no other hole to keep
			if r.grandSlam == slamNothing || r.grandSlam == slamBan {
				return 0, true
			}
			slam = true
		}
		taken = int(q.take(o))
		if r.crossTakesSower {
			taken += int(q.take(k))
		}
		for rest := r.oppRow[me&1] &^ (q.child[South] | q.child[North]); r.crossSweep && rest != 0; rest &= rest - 1 {
			if h := bits.TrailingZeros32(rest); q.holes[h] > 0 && r.crossCount[q.holes[h]] {
				taken += int(q.take(h)) // capture.cross_sweep
			}
		}
		if r.crossChain { // capture.chain = "forward" with cross captures and no counts
			taken += r.takeCrossChain(q, me, k)
		}
		q.setStore(me, q.stores[me&1]+uint8(taken))
		return taken, slam
	}
	if !r.countCaptures || r.startable[me&1]>>k&1 == 0 {
		return 0, false
	}
	// Count the chain, then take it unless the grand slam rule says otherwise.
	fromOpp, holes := 0, 0
	capturable := r.capturable[me&1] &^ (q.child[South] ^ q.child[North]) // a child is never captured (a locked hole is)
	if r.lockedNoCapture {
		capturable &^= q.child[South] & q.child[North] // capture.locked_until_played
	}
	for j := k; holes < r.chainMax && capturable>>j&1 != 0; j = int(r.chainNext[j]) & (MaxHoles - 1) {
		c := q.holes[j]
		if !r.captureCount[c] {
			break
		}
		taken += int(c)
		fromOpp += int(c) * int(r.otherRow[me&1]>>j&1)
		holes++
	}
	if holes == 0 {
		return 0, false
	}
	slam = fromOpp > 0 && fromOpp == q.RowSeeds(me.Other()) && !noSlam
	keeper, kept := -1, uint8(0)
	switch {
	case slam && r.grandSlam == slamLeavesRight:
		keeper = r.slamKeeper(q, me)
		if keeper >= 0 {
			kept, slam = q.holes[keeper], false
		}
	case slam && (r.grandSlam == slamNothing || r.grandSlam == slamBan):
		return 0, true
	}
	for j := k; holes > 0; holes-- {
		q.take(j)
		j = int(r.chainNext[j]) & (MaxHoles - 1)
	}
	if keeper >= 0 {
		q.set(keeper, kept)
		taken -= int(kept)
	}
	q.setStore(me, q.stores[me&1]+uint8(taken))
	return taken, slam
}

// crossChainSlam is capture's cross capture from hole k with a chain of them and a
// grand slam rule: the capture is made, and where it took the whole of the
// opponent's row (a grand slam), undone and, by the rule, nothing taken, the move
// refused, or every opponent's hole but the rightmost holding seeds taken
// (leaves-right, where two or more held seeds; not the sower). It returns the seeds
// taken and whether the capture was a grand slam.
func (r *fileRules) crossChainSlam(q *Position, me Side, k int) (taken int, slam bool) {
	saved := *q
	o := int(r.crossOf[k]) & (MaxHoles - 1)
	taken = int(q.take(o))
	if r.crossTakesSower {
		taken += int(q.take(k))
	}
	taken += r.takeCrossChain(q, me, k)
	if q.RowSeeds(me.Other()) > 0 {
		q.setStore(me, q.stores[me&1]+uint8(taken))
		return taken, false
	}
	switch keeper := r.slamKeeper(&saved, me); {
	case r.grandSlam == slamNothing || r.grandSlam == slamBan:
		*q = saved
		return 0, true
	case r.grandSlam == slamLeavesRight && keeper >= 0:
		*q, taken = saved, 0
		for rest := r.otherRow[me&1] &^ (1 << keeper); rest != 0; rest &= rest - 1 {
			taken += int(q.take(bits.TrailingZeros32(rest)))
		}
		q.setStore(me, q.stores[me&1]+uint8(taken))
		return taken, false
	}
	q.setStore(me, q.stores[me&1]+uint8(taken))
	return taken, true
}

// takeCrossChain goes on from the cross capture side me made from hole k: while the
// next hole in the sowing direction is empty (or holds any count, with
// capture.cross_chain_any_hole), where cross captures land, and the hole across it
// holds seeds (not a child), those are taken too, up to capture.chain_max holes in
// all. It returns the seeds taken.
func (r *fileRules) takeCrossChain(q *Position, me Side, k int) int {
	taken := 0
	for n, j := 1, int(r.chainNext[k])&(MaxHoles-1); n < r.chainMax; n, j = n+1, int(r.chainNext[j])&(MaxHoles-1) {
		o := int(r.crossOf[j]) & (MaxHoles - 1)
		if r.crossLands[me&1]>>j&1 == 0 || q.holes[j] != 0 && !r.crossChainAny || q.holes[o] == 0 || !r.crossCount[q.holes[o]] ||
			r.kids && (q.child[South]^q.child[North])>>o&1 != 0 {
			break
		}
		taken += int(q.take(o))
	}
	return taken
}

// slamKeeper is the hole a grand slam leaves its seeds in with capture.grand_slam =
// "leaves-right": of the opponent's holes holding seeds, the rightmost as the mover
// sees the board (North's f2 on a board of six for South, South's a1 for North), or
// -1 where only one holds seeds, which the capture then takes.
func (r *fileRules) slamKeeper(q *Position, me Side) int {
	keeper, held := -1, 0
	for rest := r.otherRow[me&1]; rest != 0; rest &= rest - 1 {
		if h := bits.TrailingZeros32(rest); q.holes[h] > 0 {
			if held++; keeper < 0 {
				keeper = h
			}
		}
	}
	if held < 2 {
		return -1
	}
	return keeper
}

// decided ends a game whose store holds more than half the seeds (end.majority),
// whose row emptied (end.row_empty), or with fewer seeds left on the board than
// end.fewer_than.
func (r *fileRules) decided(p *Position) (Result, bool) {
	if r.isDecided(p) {
		return r.talliedResult(p, r.decidedResult(p)), true
	}
	return Result{}, false
}

// talliedResult is res, the result of the round that ended at p, made the
// game's in a tallied game (round.tally): won by the higher tally.
func (r *fileRules) talliedResult(p *Position, res Result) Result {
	if r.round == nil || r.round.tally == tallyNone {
		return res
	}
	return r.round.tallied(p, res)
}

// isDecided reports whether decided ends the game at p.
func (r *fileRules) isDecided(p *Position) bool {
	return max(p.stores[South], p.stores[North]) > r.winAbove || r.boardEnds && r.boardDecided(p) ||
		r.kids && r.majority && r.childMajority(p)
}

// boardDecided reports whether the seeds on the board end the game: a row empty
// (end.row_empty), or fewer seeds left than end.fewer_than.
func (r *fileRules) boardDecided(p *Position) bool {
	return (r.rowEmptyEnds || r.clearGoal || r.depriveGoal) && r.rowEmpty(p) || r.fewSeeds(p) ||
		r.ownRowEnds && r.rowLeft(p, lastMover(p)) == 0 || r.otherRowEnds && r.rowLeft(p, lastMover(p).Other()) == 0 ||
		p.state&endedDrawn != 0 && r.outGoal()
}

// fewSeeds reports whether 1 to end.fewer_than - 1 seeds are left on the board, and
// no child, which seeds may still be sown into, is.
func (r *fileRules) fewSeeds(p *Position) bool {
	left := p.SeedsOnBoard()
	return left > 0 && left < int(r.fewerThan) && p.child == [2]uint32{}
}

// rowEmpty reports whether either row is empty, eight holes tested at once.
func (r *fileRules) rowEmpty(p *Position) bool {
	var s, n uint64
	for w := range r.rowBytes[South] {
		x := le.Uint64(p.holes[8*w:])
		s |= x & r.rowBytes[South][w]
		n |= x & r.rowBytes[North][w]
	}
	return s == 0 || n == 0
}

// decidedResult is the result of a game decided at p.
func (r *fileRules) decidedResult(p *Position) Result {
	switch {
	case r.ownRowEnds && r.rowLeft(p, lastMover(p)) == 0, r.otherRowEnds && r.rowLeft(p, lastMover(p).Other()) == 0:
		return r.share(p, RowEmpty) // before a majority: the seeds left are shared first
	case r.fewerFirst && r.fewSeeds(p):
		return r.share(p, FewSeeds)
	case r.kids && r.majority && r.childMajority(p):
		s, n := r.claimed(p)
		return scoredResult(s, n, MajorityCaptured)
	case max(p.stores[South], p.stores[North]) > r.winAbove:
		return scoredResult(int(p.stores[South]), int(p.stores[North]), MajorityCaptured)
	case r.clearGoal:
		// The mover wins who emptied their row, else the player whose row it emptied.
		if mover := lastMover(p); p.RowSeeds(mover) == 0 {
			return winFor(mover, RowEmpty)
		}
		return winFor(lastMover(p).Other(), RowEmpty)
	case r.outGoal() && p.state&endedDrawn != 0:
		return Result{Outcome: Draw, Reason: NoLegalMove}
	case r.depriveGoal:
		// The mover wins who emptied the other's row, else the player whose row it
		// emptied of the mover's own seeds.
		if mover := lastMover(p); p.RowSeeds(mover.Other()) == 0 {
			return winFor(mover, RowEmpty)
		}
		return winFor(lastMover(p).Other(), RowEmpty)
	case r.rowEmptyEnds && r.rowEmpty(p):
		return r.share(p, RowEmpty)
	}
	return r.share(p, FewSeeds)
}

// share ends the game at p, the seeds left on the board going as end.seeds_left says.
func (r *fileRules) share(p *Position, why Reason) Result { return shareLeft(p, r.seedsLeft, why) }

// shareLeft ends the game at p, the seeds left on the board going to their owners,
// the last mover, nobody, or split in halves; the seeds in children are their
// owners' in every case.
func shareLeft(p *Position, left uint8, why Reason) Result {
	s, n := int(p.stores[South]), int(p.stores[North])
	rows := p.ownedSeeds() // children aside
	if p.child != [2]uint32{} {
		own, _ := p.childSeeds()
		s, n = s+own[South], n+own[North]
	}
	board := rows[South] + rows[North]
	switch left {
	case leftSplit:
		s += board / 2
		n += board / 2
		if board%2 == 1 {
			if n > s {
				s++
			} else {
				n++
			}
		}
	case leftUnfed:
		if p.side == South {
			n += board
		} else {
			s += board
		}
	case leftOwner:
		s += rows[South]
		n += rows[North]
	case leftOther:
		if lastMover(p) == North {
			n += board
		} else {
			s += board
		}
	}
	return scoredResult(s, n, why)
}

// ownSeeds is the seeds in side s's holes at p, which the feeding rule looks at:
// its row's, or in a game of territory the holes it owns (StoneShark's must-share
// looks at the owners).
func (r *fileRules) ownSeeds(p *Position, s Side) int {
	if r.round != nil && r.round.territory {
		return p.ownedSeeds()[s&1]
	}
	return p.RowSeeds(s)
}

// mayBeOver is true where the game may be over: a rule decided it, no own hole holds
// enough seeds to be played, or the feeding rule may forbid every move.
func (r *fileRules) mayBeOver(v *Variant, p *Position) bool {
	if _, over := r.decided(p); over {
		return true
	}
	if r.mustFeed && r.ownSeeds(p, p.side.Other()) == 0 {
		return true
	}
	own := r.owned[p.side&1]
	if r.round != nil {
		own = r.inRound(p).owned[p.side&1]
	}
	for _, h := range v.own[p.side] {
		if p.holes[h] >= r.minSeeds && own>>(h&(MaxHoles-1))&1 != 0 && (r.playLocks || !p.isChild(int(h))) {
			// A forbidden grand slam, sow.allow or sow.right_half_turns may rule
			// out every move.
			return r.grandSlam == slamBan || r.allow != allowAny || r.eachFirst || p.state&r.turnBits&rightHalfBits != 0 || r.plusMinus && p.state&firstPattern != 0
		}
	}
	return true
}

// stuck ends the game of a side to move with no move. With end.unfed_takes, a side
// that could play but not feed the other's empty row gives the seeds left to that
// other side, the player it could not feed.
func (r *fileRules) stuck(p *Position) Result {
	return r.talliedResult(p, r.stuckRound(p))
}

// stuckRound is stuck's result of the round (of the game, but in a tallied game).
func (r *fileRules) stuckRound(p *Position) Result {
	if r.outGoal() { // the player who cannot move loses
		return winFor(p.side.Other(), NoLegalMove)
	}
	if r.unfedTakes {
		for _, h := range variants[p.variant].own[p.side] {
			if p.holes[h] >= r.minSeeds {
				return shareLeft(p, leftUnfed, FeedingImpossible)
			}
		}
	}
	return r.share(p, NoLegalMove)
}

// loop ends a game whose position repeated: the seeds left are shared as
// end.loop_seeds says, or, in a game won by clearing one's row, it is a draw.
func (r *fileRules) loop(p *Position) Result {
	if r.clearGoal || r.outGoal() {
		return r.talliedResult(p, Result{Outcome: Draw, Reason: LoopEnding})
	}
	return r.talliedResult(p, shareLeft(p, r.loopSeeds, LoopEnding))
}

// mayPass: with end.no_move = "pass", a side with no move passes while the other side
// has one; when neither has, the game ends.
func (r *fileRules) mayPass(p *Position) bool {
	if !r.pass {
		return false
	}
	q := *p
	q.flipSide()
	var scratch [1]Child
	return q.playHoles(scratch[:], 0) != 0
}

func (r *fileRules) minSowable() int { return int(r.minSeeds) }

// parseState reads the state field: "-", "again" where the side to move moves
// again in a game that tracks it, or "drawn" where an endless sowing ended a game
// won by putting the other player out.
func (r *fileRules) parseState(v *Variant, s string) (uint16, error) {
	if rest, ok := strings.CutPrefix(s, "first-move"); ok && r.plusMinus && (rest == "" || rest[0] == ',') {
		// the game's or the round's first move is next (sow.first_move)
		if rest = strings.TrimPrefix(rest, ","); rest == "" {
			return firstPattern, nil
		}
		state, err := r.parseStateItems(v, rest)
		return state | firstPattern, err
	}
	return r.parseStateItems(v, s)
}

// parseStateItems is parseState but for sow.first_move's item.
func (r *fileRules) parseStateItems(v *Variant, s string) (uint16, error) {
	if s == "bear-off" && r.bearOff {
		return bearingOff, nil
	}
	if s == "drawn" && r.outGoal() {
		return endedDrawn, nil
	}
	if r.noReturn && s != "-" {
		// The hole the side to move may not play: a single seed just sown into it.
		if len(s) == 2 && s[0] >= 'a' && s[0] < 'a'+r.cols && (s[1] == '1' || s[1] == '2') {
			col, row := int(s[0]-'a'), int(s[1]-'1')
			if row == 1 {
				col = int(r.cols) - 1 - col
			}
			return uint16(row*int(r.cols)+col) + 1, nil
		}
		return 0, fmt.Errorf("state field must be - or the hole a single seed was just sown into (a1 to %c2), not %q", 'a'+r.cols-1, clip(s))
	}
	if r.round != nil && s != "-" {
		return r.parseRoundItems(v, s)
	}
	if r.countsTurns() && s != "-" {
		return r.parseTurnItems(s)
	}
	if r.firstMove && s != "-" {
		return r.parseWays(s)
	}
	if s == "capture-again" && r.captureOnce {
		return captureAgain, nil
	}
	if s == "again" {
		if !r.trackAgain {
			return 0, fmt.Errorf("state field must be - in this game, not %q (its positions do not say who moves again)", s)
		}
		return movesAgain, nil
	}
	return noState(s)
}

func (r *fileRules) formatState(v *Variant, state uint16) string {
	if r.plusMinus && state&firstPattern != 0 {
		if rest := r.formatState(v, state&^firstPattern); rest != "-" {
			return "first-move," + rest
		}
		return "first-move"
	}
	switch {
	case state == 0:
		return "-"
	case state == endedDrawn && r.outGoal():
		return "drawn"
	case state == bearingOff && r.bearOff:
		return "bear-off"
	case state == captureAgain && r.captureOnce:
		return "capture-again"
	case r.round != nil:
		items := r.formatRoundState(v, state)
		if state&captureAgain != 0 && r.captureOnce {
			items = append([]string{"capture-again"}, items...)
		}
		if state&movesAgain != 0 {
			items = append([]string{"again"}, items...)
		}
		return strings.Join(items, ",")
	case r.firstMove:
		var items []string
		if state&movesAgain != 0 {
			items = append(items, "again")
		}
		return strings.Join(append(items, r.formatWays(state)...), ",")
	case r.countsTurns():
		var items []string
		if state&movesAgain != 0 {
			items = append(items, "again")
		}
		if q := state & quietBits >> quietShift; q != 0 {
			items = append(items, fmt.Sprintf("no-capture:%d", q))
		}
		if w := state & oneWayBits >> oneWayShift; w != 0 {
			items = append(items, fmt.Sprintf("one-way:%d", w))
		}
		if w := state >> r.plainAt & 3; w != 0 && r.plainTurns > 0 {
			items = append(items, fmt.Sprintf("plain:%d", w))
		}
		if w := state & rightHalfBits >> rightHalfShift; w != 0 {
			items = append(items, fmt.Sprintf("right-half:%d", w))
		}
		if w := state & toOppBits >> toOppShift; w != 0 {
			items = append(items, fmt.Sprintf("to-opponent:%d", w))
		}
		if w := state & rightTwoBits >> rightTwoShift; w != 0 {
			items = append(items, fmt.Sprintf("right-two:%d", w))
		}
		return strings.Join(items, ",")
	case r.noReturn:
		h := int(state) - 1
		row, col := h/int(r.cols), h%int(r.cols)
		if row == 1 {
			col = int(r.cols) - 1 - col
		}
		return fmt.Sprintf("%c%d", 'a'+col, row+1)
	}
	return "again"
}

// countsTurns reports whether positions count the game's first turns (capture.
// after_turns, sow.one_way_turns, plain_turns, right_half_turns,
// last_to_opponent_turns).
func (r *fileRules) countsTurns() bool {
	return r.quietTurns > 0 || r.oneWayTurns > 0 || r.plainTurns > 0 || r.rightHalfTurns > 0 || r.toOppTurns > 0 || r.rightTwoTurns > 0
}

// parseTurnItems reads the state field of a game that counts its first turns:
// "again" (where positions say who moves again), "no-capture:N", "one-way:N",
// "plain:N", "right-half:N" and "to-opponent:N", the turns left of each rule of the
// game's first turns, this one included, separated by commas.
func (r *fileRules) parseTurnItems(s string) (uint16, error) {
	var state uint16
	for _, item := range strings.Split(s, ",") {
		var n uint16
		switch {
		case item == "again" && r.trackAgain && state&movesAgain == 0:
			state |= movesAgain
		case state&quietBits == 0 && fmtSscan(item, "no-capture:%d", &n) && n >= 1 && n <= r.quietTurns:
			state |= n << quietShift
		case state&oneWayBits == 0 && fmtSscan(item, "one-way:%d", &n) && n >= 1 && n <= r.oneWayTurns:
			state |= n << oneWayShift
		case state&(3<<r.plainAt) == 0 && fmtSscan(item, "plain:%d", &n) && n >= 1 && n <= r.plainTurns:
			state |= n << r.plainAt
		case state&rightHalfBits == 0 && fmtSscan(item, "right-half:%d", &n) && n >= 1 && n <= r.rightHalfTurns:
			state |= n << rightHalfShift
		case state&toOppBits == 0 && fmtSscan(item, "to-opponent:%d", &n) && n >= 1 && n <= r.toOppTurns:
			state |= n << toOppShift
		case state&rightTwoBits == 0 && fmtSscan(item, "right-two:%d", &n) && n >= 1 && n <= r.rightTwoTurns:
			state |= n << rightTwoShift
		default:
			var want []string
			if r.trackAgain {
				want = append(want, "again")
			}
			if r.quietTurns > 0 {
				want = append(want, fmt.Sprintf("no-capture:N (N from 1 to %d)", r.quietTurns))
			}
			if r.oneWayTurns > 0 {
				want = append(want, fmt.Sprintf("one-way:N (N from 1 to %d)", r.oneWayTurns))
			}
			if r.plainTurns > 0 {
				want = append(want, fmt.Sprintf("plain:N (N from 1 to %d)", r.plainTurns))
			}
			if r.rightHalfTurns > 0 {
				want = append(want, fmt.Sprintf("right-half:N (N from 1 to %d)", r.rightHalfTurns))
			}
			if r.toOppTurns > 0 {
				want = append(want, fmt.Sprintf("to-opponent:N (N from 1 to %d)", r.toOppTurns))
			}
			if r.rightTwoTurns > 0 {
				want = append(want, fmt.Sprintf("right-two:N (N from 1 to %d)", r.rightTwoTurns))
			}
			return 0, fmt.Errorf("state field must be -, or %s, separated by commas, each once, not %q", strings.Join(want, ", "), clip(s))
		}
	}
	return state, nil
}

// parseWays reads the state field of a game of sow.direction = "first-move":
// "south-clockwise" or "south-counter-clockwise" once the first move has set the
// ways, after "again" where positions say who moves again.
func (r *fileRules) parseWays(s string) (uint16, error) {
	var state uint16
	if r.trackAgain && (s == "again" || strings.HasPrefix(s, "again,")) {
		state, s = movesAgain, strings.TrimPrefix(strings.TrimPrefix(s, "again"), ",")
	}
	if ways, ok := r.parseWay(s); ok {
		return state | ways, nil
	}
	switch s {
	case "":
		if state != 0 {
			return state, nil
		}
	}
	again := ""
	if r.trackAgain {
		again = `, after "again," where the side to move moves again`
	}
	return 0, fmt.Errorf("state field must be -, south-clockwise or south-counter-clockwise (the ways the first move set)%s, not %q", again, clip(s))
}

// parseWay reads a state item of a game of sow.direction = "first-move", the
// ways its first move set: "south-clockwise" or "south-counter-clockwise".
func (r *fileRules) parseWay(item string) (uint16, bool) {
	switch item {
	case "south-clockwise":
		return r.chosenBit | r.cwBit, true
	case "south-counter-clockwise":
		return r.chosenBit, true
	}
	return 0, false
}

// formatWays writes the ways of state, once the first move set them, as parseWay
// reads them.
func (r *fileRules) formatWays(state uint16) []string {
	switch {
	case !r.firstMove || state&r.chosenBit == 0:
		return nil
	case state&r.cwBit != 0:
		return []string{"south-clockwise"}
	}
	return []string{"south-counter-clockwise"}
}

// fmtSscan reports whether item is exactly format with one number read into n.
func fmtSscan(item, format string, n *uint16) bool {
	k, err := fmt.Sscanf(item, format, n)
	return err == nil && k == 1 && fmt.Sprintf(format, *n) == item
}

// startState is the state field of the game's start position: "-", or the turns
// of each rule of the game's first turns (countsTurns), after "first-move" where
// that move has its pattern (sow.first_move).
func (r *fileRules) startState() string {
	state := r.quietTurns<<quietShift | r.oneWayTurns<<oneWayShift | r.plainTurns<<r.plainAt |
		r.rightHalfTurns<<rightHalfShift | r.toOppTurns<<toOppShift | r.rightTwoTurns<<rightTwoShift
	if r.plusMinus {
		state |= firstPattern
	}
	return r.formatState(nil, state)
}

func (r *fileRules) phase(*Position) int { return 0 }
