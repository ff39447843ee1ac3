package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Games played in rounds (round.* in a rule file, docs/rules-format.md). A round
// ends where a game of one round would end (no move left, too few seeds, the
// seeds left going as end.seeds_left says); then each player refills their row
// from the seeds they hold, a hole's start count at a time in the order
// round.fill says, keeping the rest in their store. With round.blocks the holes a
// player cannot fill are out of play for the round: sowing passes over them. A
// player who cannot fill round.holes holes loses the game, which then ends as a
// game of one round would; so does a store holding more seeds than leave the other
// player round.holes holes.
//
// In a game of territory (round.territory) a round's end refills every hole and
// empties the stores instead, and the seeds each player held decide the holes
// they own in the new round: the player who held more owns a hole for each
// start count of seeds (and one more for a remainder above half of one), from
// their row's first hole counter-clockwise on into the other row (South from
// a1, North from a2), the other player the rest. A player plays the holes they
// own, sowing passes every hole, and the seeds left in a hole are its owner's.
// The game ends when a player holds more than (round.holes - 1) start counts and
// one seed, as StoneShark ends it.
//
// The round's end is a transition the move makes: the position after the last
// move of a round is the next round's start, its starter to move. The position's
// state says what a round needs: each side's blocked holes (a count: they are the
// last of the side's fill order) or, in a game of territory, the holes of the
// other row a player owns (a count: the first of that row, counter-clockwise), who
// began the round where the starter alternates, and that the round just began (so
// that a game's history restarts).
//
// In a tallied game (round.tally) each round begins as the game does, every hole
// holding its start count and the stores empty, and a tally across the rounds
// decides the game: rounds won, points (one for a round won, two where the
// winner held three quarters of the seeds or more), or the seeds held. The game
// ends when a player's tally reaches round.target; a repetition or an endless
// sowing ends it too, the round's result counted first, won by the higher tally.
// The tally (each player's, below round.target) lives where the blocked holes
// do, four bits a player, or for a target above 15 in the position's two hole
// bytes past the board (wideSouth, wideNorth), and the
// position's state says who began the round, whatever round.starter says: after
// a tied round the other player begins, as in StoneShark.

// roundRules is a game's rounds: the round.* keys and what layout builds from them.
type roundRules struct {
	fill      uint8 // round.fill: fillLeft, fillRight, fillOutside, fillColumnA or, with territory, fillWholeHoles or fillWholeEmpty
	blocks    bool  // unfilled holes are blocked for the round
	territory bool  // round.territory: the seeds held decide the holes owned
	storeWins bool  // round.store_wins: a store that would own round.holes holes wins
	loserOnly bool  // round.loser_only: only the round's loser refills their row
	starter   uint8 // round.starter, in compileRounds' order
	// began: the positions say who began the round (northBegan), where
	// round.starter alternates, in a tallied game, and with end.last_seeds_to =
	// "starter"
	began  bool
	holes  int   // the fewest holes a player must fill to play on (territory: own to win)
	tally  uint8 // round.tally: tallyNone, tallyWins, tallyPoints or tallySeeds
	target int   // round.target: the tally that wins
	skunk  int   // the seeds of a round won for two points (round.tally = "points")
	// bare is the game's rules whose moves do not end the round (their round
	// rules have probe set), which hasMove plays where feed.must_feed (without
	// end.no_move = "pass") may rule out every hole; nil otherwise.
	bare  *fileRules
	probe bool
	// start is a tallied game's start position (the rule file's start), whose
	// holes, by index, each round begins with (nil: every hole perHole seeds).
	start      string
	tallyStart []uint8
	// Set by layout: the seeds a hole gets, the seeds round.holes holes need (with
	// territory, the fewest a player must hold to play on), each side's holes in
	// fill order, and the rules of every pair of blocked counts or, with
	// territory, of owned holes (by the state's byte of counts; nil where no hole
	// is blocked or changed owner).
	perHole int
	need    int
	order   [2][]uint8
	cfg     [256]*fileRules
	// In a game of territory with a start layout (layRoundStart), fromStart is set
	// and layout[s] is the board of a new round side s begins.
	fromStart bool
	layout    [2][MaxHoles]uint8
}

// The values of round.fill: from the player's left, their right, or from both
// ends of their row inwards, the left end first (StoneShark's OUTSIDE_FILL), or
// from column a (South's left, North's right: StoneShark's LOSER_ONLY); in a
// game of territory, fillWholeHoles: the player who held more owns only the holes
// their seeds fill wholly, the hole they fill in part going to the other
// (StoneShark's TERR_EX_LOSER); fillWholeEmpty: the same, but that hole begins the
// round empty and each player keeps in their store the seeds that do not fill a
// hole (TERR_EX_EMPTY).
const (
	fillLeft, fillRight, fillOutside, fillColumnA, fillWholeHoles, fillWholeEmpty = 0, 1, 2, 3, 4, 5
)

// fillNames are round.fill's words, by value.
var fillNames = []string{"left", "right", "outside", "column-a", "whole-holes", "whole-holes-empty"}

// The values of round.tally: none, rounds won, points, or the seeds held.
const (
	tallyNone, tallyWins, tallyPoints, tallySeeds = 0, 1, 2, 3
)

// tallyNames are round.tally's words, by value.
var tallyNames = []string{"none", "wins", "points", "seeds"}

// A tally above 15 (round.target above 15) does not fit the state's four bits a
// player: each player's lives in one of the position's last two hole bytes, which
// a board of 15 holes a row or fewer never uses, hashed as a hole's seeds are.
const (
	wideSouth, wideNorth = MaxHoles - 2, MaxHoles - 1
	narrowTarget         = 15  // the highest target the state's bits hold
	wideTarget           = 255 // the highest tally a hole byte holds
)

// The values of round.starter.
const (
	startAlternate, startLoser, startWinner, startLastMover = 0, 1, 2, 3
)

// State bits of a round game (the other bits are the turn's: movesAgain).
const (
	roundBegun  uint16 = 1 << 6 // the position is a round's first: the history restarts
	northBegan  uint16 = 1 << 7 // North began the round (round.starter = "alternate")
	blockedBits uint16 = 0xFF00 // South's blocked holes (bits 8-11) and North's (12-15)
	// In a game of territory the same bits count the holes of North's row South
	// owns (bits 8-11) and of South's row North owns (12-15).
	southOwns, northOwns = 8, 12
	// In a tallied game they hold South's tally (bits 8-11) and North's (12-15).
	southTally, northTally = 8, 12
	// roundBits are what a round keeps from move to move.
	roundBits = northBegan | blockedBits
)

// compileRounds reads round.* and checks it against the rules it cannot play with
// yet.
func (g *gameSpec) compileRounds(r *fileRules) *specError {
	rs := g.Round
	if rs == (roundSpec{}) {
		return nil
	}
	fill, err := oneOf(rs.Fill, []string{"round", "fill"}, fillNames...)
	if err != nil {
		return err
	}
	tally, err := oneOf(rs.Tally, []string{"round", "tally"}, tallyNames...)
	if err != nil {
		return err
	}
	switch {
	case tally != tallyNone && (rs.Fill != "" || rs.Blocks || rs.Territory || rs.StoreWins || rs.LoserOnly || rs.Holes != 0):
		return bad("a tallied game begins each round as the game begins: no round.fill, round.blocks, round.territory, round.store_wins, round.loser_only or round.holes", "round", "tally")
	case rs.LoserOnly && (rs.Territory || rs.Fill == ""):
		return bad("only the loser refilling their row needs rows refilled: round.fill, and no round.territory", "round", "loser_only")
	case tally != tallyNone && (rs.Target < 1 || rs.Target > narrowTarget && !g.wideTallyFits(tally, rs.Target)):
		return bad(fmt.Sprintf("%d: the tally that wins, from 1 to 15, or above on a board of 15 holes a row or fewer whose tally stays below 256 (the target and a round's seeds with round.tally = \"seeds\", two points more with \"points\")", rs.Target), "round", "target")
	case tally == tallyNone && rs.Target != 0:
		return bad("only a tallied game has a target: round.tally = \"wins\" or \"points\"", "round", "target")
	case tally != tallyNone && g.StartMove != "":
		return bad("a tallied game begins each round as its start: not yet with start_move", "round", "tally")
	case tally != tallyNone:
		// no refill to check
	case rs.Territory && (rs.Fill != "" && fill < fillWholeHoles || rs.Blocks):
		return bad("a game of territory refills every hole: no round.fill (but \"whole-holes\" or \"whole-holes-empty\") or round.blocks", "round", "territory")
	case fill >= fillWholeHoles && !rs.Territory:
		return bad("only a game of territory owns whole holes: round.territory", "round", "fill")
	case rs.StoreWins && !rs.Territory:
		return bad("only a game of territory wins by a store that would own round.holes holes: round.territory", "round", "store_wins")
	case rs.Fill == "" && !rs.Territory:
		return bad("a game in rounds says how rows are refilled: round.fill = \"left\", \"right\", \"outside\" or \"column-a\" (or round.territory, or round.tally)", "round", "fill")
	}
	starter, err := oneOf(rs.Starter, []string{"round", "starter"}, "alternate", "loser", "winner", "last-mover")
	if err != nil {
		return err
	}
	most, what := maxFileCols, "the fewest holes a player must fill to play another round, from 1 to the holes of a row"
	if rs.Territory {
		most, what = 2*maxFileCols, "the holes a player must own to win, from 1 to the holes of the board"
	}
	if rs.Holes < 0 || rs.Holes > most || rs.Territory && rs.Holes == 0 {
		return bad(fmt.Sprintf("%d: %s", rs.Holes, what), "round", "holes")
	}
	switch {
	case r.majority && (tally != tallyNone || rs.Territory):
		return bad("a round ends at a store of more than half the seeds only where rows are refilled: end.majority is not supported with round.tally or round.territory yet", "end", "majority")
	case r.seedsLeft == leftNobody && tally == tallyNone:
		return bad("the seeds left at a round's end would leave the game: end.seeds_left = \"nobody\" is not supported with rounds but tallied ones", "end", "seeds_left")
	case r.mustFeed && !r.pass && r.mixedDirections():
		return bad("a game in rounds with feed.must_feed (without end.no_move = \"pass\") needs every hole to sow one way", "feed", "must_feed")
	case r.grandSlam == slamBan, r.noReturn, r.relay && !r.endlessEnds:
		return bad("a round ends when no hole can be played: not yet with capture.grand_slam = \"forbidden\", sow.no_return or sow.endless = \"forbidden\"", "round")
	case tally == tallySeeds && r.outGoal():
		return bad("a tally of the seeds held needs rounds won by seeds: not with end.goal", "round", "tally")
	case tally != tallyNone && r.firstMove:
		return bad("a tallied game keeps its tally where sow.direction = \"first-move\" keeps the ways: not with it", "round", "tally")
	case r.anyHole, r.clearGoal, r.outGoal() && tally == tallyNone, r.immobileGoal, r.ownRowEnds && (rs.Territory || tally != tallyNone), r.otherRowEnds, r.kids && (!rs.Territory || tally != tallyNone), r.oneWayTurns > 0, r.plainTurns > 0 && r.firstMove:
		return bad("not yet with sow.from = \"any\", end.goal other than \"seeds\" (but \"deprive\" in a tallied game), end.own_row_empty (but where rows are refilled), end.other_row_empty, sow.one_way_turns, sow.plain_turns with sow.direction = \"first-move\" or children (but in a game of territory)", "round")
	case r.kids && r.seedsLeft != leftOwner:
		return bad("children in rounds are not supported yet with end.seeds_left other than \"owner\"", "round")
	case g.Sow.EachHoleFirst:
		return bad("not yet with sow.each_hole_first (its locks are not tested across rounds)", "round")
	case r.rightHalfTurns > 0 || r.rightTwoTurns > 0 || r.toOppTurns > 0:
		return bad("a game in rounds keeps its blocked holes or tallies where sow.right_half_turns, right_two_turns and last_to_opponent_turns count the first turns: not with them", "round")
	}
	r.round = &roundRules{fill: uint8(fill), blocks: rs.Blocks, territory: rs.Territory, storeWins: rs.StoreWins, loserOnly: rs.LoserOnly, starter: uint8(starter), holes: max(rs.Holes, 1),
		tally: uint8(tally), target: rs.Target, began: starter == startAlternate || tally != tallyNone || r.lastToStarter}
	if tally != tallyNone && g.Start != "" {
		r.round.start = g.Start
	}
	if r.firstMove { // each round's first move sets the ways
		r.chosenBit, r.cwBit = roundWayChosen, roundSouthClockwise
		r.roundWays = r.chosenBit | r.cwBit
	}
	if r.plainTurns > 0 { // counted where a round's state leaves room
		r.turnBits = r.turnBits&^plainBits | oneWayBits
		r.plainAt = oneWayShift
	}
	// Every move goes through settle, which ends the round, and move generation
	// through playAllWays, which picks the rules of the blocked holes.
	r.viaSowMove = true
	return nil
}

// wideTallyFits reports whether a tally to target (above 15) fits the hole bytes
// it is kept in on every board of g: 15 holes a row or fewer, and the highest
// tally below 256 (a round adds at most two points, or every seed: with a start,
// every seed of the start).
func (g *gameSpec) wideTallyFits(tally, target int) bool {
	for _, cols := range g.Holes {
		for _, seeds := range g.Seeds {
			most := target - 1 + 2
			switch {
			case tally == tallySeeds && g.Start != "" && startSeeds(g.Start) == 0:
				return false // unread: compiling the start says what is wrong
			case tally == tallySeeds && g.Start != "":
				most = target - 1 + startSeeds(g.Start)
			case tally == tallySeeds:
				most = target - 1 + 2*cols*seeds
			}
			if cols > (MaxHoles-2)/2 || most > wideTarget {
				return false
			}
		}
	}
	return true
}

// wide reports whether the tally lives in the hole bytes wideSouth and wideNorth.
func (rr *roundRules) wide() bool { return rr.target > narrowTarget }

// layoutRounds builds what the rounds need on a 2 x cols board of perHole seeds a
// hole: the fill orders, the seeds to go on, with round.blocks the rules of every
// pair of blocked counts, each sowing past its blocked holes, and with
// feed.must_feed the rules hasMove plays.
func (r *fileRules) layoutRounds(cols, seeds int) {
	r.layoutRoundRules(cols, seeds)
	if r.mustFeed && !r.pass {
		r.round.bare = r.probeRules()
	}
}

// probeRules is a copy of r, and of the rules of its rounds' blocked or owned
// holes, whose moves do not end the round: a move's legality without the
// positions of the next round.
func (r *fileRules) probeRules() *fileRules {
	pr := *r.round
	pr.probe = true
	for k, c := range pr.cfg {
		if c != nil {
			b := *c
			b.round = &pr
			pr.cfg[k] = &b
		}
	}
	b := *r
	b.round = &pr
	return &b
}

// layoutRoundRules is layoutRounds but for the rules hasMove plays.
func (r *fileRules) layoutRoundRules(cols, seeds int) {
	rr := *r.round // each board its own
	r.round = &rr
	rr.perHole = seeds / (2 * cols)
	rr.need = rr.holes * rr.perHole
	r.winAbove = uint8(seeds - rr.need)
	if r.majority { // the round ends at a store of more than half the seeds
		r.winAbove = uint8(seeds / 2)
	}
	if rr.tally != tallyNone {
		// A round ends when no move is left (or a store holds every seed), and
		// every round can be played.
		rr.need, rr.skunk = 0, seeds*3/4
		r.winAbove = uint8(seeds - 1)
	}
	for s := South; s <= North; s++ {
		rr.order[s] = nil
		for i := range cols {
			h := int(s)*cols + i
			switch rr.fill {
			case fillRight:
				h = int(s)*cols + cols - 1 - i
			case fillColumnA: // North's a2 is the last index
				h = i
				if s == North {
					h = 2*cols - 1 - i
				}
			case fillOutside: // the row's ends first, then the holes inside them
				k := i / 2
				if i%2 == 1 {
					k = cols - 1 - k
				}
				h = int(s)*cols + k
				if s == North { // North's left end is a2, the last index
					h = 2*cols - 1 - k
				}
			}
			rr.order[s] = append(rr.order[s], uint8(h))
		}
	}
	if rr.territory {
		// StoneShark's ending: a player holding more than (holes - 1) start counts
		// and a seed wins; a store of every seed, or with round.store_wins one that
		// would own round.holes holes (more than holes - 1 counts and half one),
		// ends it at once.
		// With round.fill = "whole-holes" the hole filled in part is the other
		// player's: a player must hold holes start counts to own holes holes.
		rr.need = seeds - (rr.holes-1)*rr.perHole - 1
		r.winAbove = uint8(seeds - 1)
		if rr.storeWins {
			r.winAbove = uint8((rr.holes-1)*rr.perHole + rr.perHole/2)
		}
		if rr.fill >= fillWholeHoles {
			rr.need = seeds - rr.holes*rr.perHole + 1
			if rr.storeWins {
				r.winAbove = uint8(rr.holes * rr.perHole)
			}
		}
		for k := 1; k <= cols; k++ {
			for s := South; s <= North; s++ {
				// Side s owns the first k holes of the other row too.
				c := *r
				c.general = true
				first := int(s.Other()) * cols
				m := uint32(1)<<(first+k) - uint32(1)<<first
				c.owned[s] |= m
				c.owned[s.Other()] &^= m
				c.oppRow = [2]uint32{c.owned[North], c.owned[South]}
				if c.captureSide == sideOppOwned {
					c.capturable = c.oppRow
				}
				c.startable = c.capturable // where a capture begins: as in layout
				if c.captureSide == sideOppFirst {
					c.startable = c.oppRow
				}
				rr.cfg[k<<(4*int(s))] = &c
			}
		}
		return
	}
	if rr.tally != tallyNone && rr.start != "" {
		rr.tallyStart = startHoles(rr.start, cols)
	}
	if !rr.blocks {
		return
	}
	most := cols - rr.holes // a row keeps round.holes holes in play
	for ks := 0; ks <= most; ks++ {
		for kn := 0; kn <= most; kn++ {
			if ks == 0 && kn == 0 {
				continue
			}
			c := *r
			c.round, c.blocked = nil, rr.blockedMask(ks, kn)
			c.layout(cols, seeds)
			c.round, c.winAbove, c.general = &rr, r.winAbove, true
			if c.flip != nil { // the holes sown clockwise end the round too
				c.flip.round, c.flip.winAbove, c.flip.general = &rr, r.winAbove, true
			}
			rr.cfg[ks|kn<<4] = &c
		}
	}
}

// blockedMask is the bit set, by hole index, of the holes blocked when South's last
// ks holes and North's last kn holes (in fill order) are.
func (rr *roundRules) blockedMask(ks, kn int) uint32 {
	var m uint32
	for s, k := range [2]int{ks, kn} {
		o := rr.order[s]
		for _, h := range o[len(o)-k:] {
			m |= 1 << h
		}
	}
	return m
}

// inRound returns the rules that play p: those of its blocked holes.
func (r *fileRules) inRound(p *Position) *fileRules {
	if c := r.round.cfg[p.state>>8]; c != nil {
		return c
	}
	return r
}

// endRound ends side me's move at q in a game of rounds: the turn is decided, and
// if the round is over and both players can fill round.holes holes, q becomes the
// next round's start. Otherwise q stays as the move left it: a position that goes
// on, or one whose game is over (its result then read as a game of one round's).
func (r *fileRules) endRound(q *Position, me Side) {
	if q.state&roundBegun != 0 {
		q.setState(q.state &^ roundBegun)
	}
	rr := r.round
	if !r.roundOver(q) {
		return
	}
	res := r.roundShare(q, me)
	if r.outGoal() { // a tallied game won by depriving: who won the round
		res = winFor(q.side.Other(), NoLegalMove)
		if r.isDecided(q) {
			res = r.decidedResult(q)
		}
	}
	if rr.tally != tallyNone {
		r.nextTallied(q, me, res)
		return
	}
	winner, decided := res.Winner()
	switch {
	case !rr.loserOnly && (res.South < rr.need || res.North < rr.need):
		return
	case rr.loserOnly && (!decided || [2]int{res.South, res.North}[winner.Other()] < rr.need || !r.hasMove(q, winner)):
		// Only a loser holding round.holes times seeds plays on, against a
		// winner who can move; a tie ends the game.
		return
	}
	// Who begins the next round.
	var starter Side
	switch rr.starter {
	case startAlternate:
		starter = North
		if q.state&northBegan != 0 {
			starter = South
		}
	case startLastMover:
		starter = me
	default:
		switch {
		case !decided && rr.starter == startLoser:
			starter = q.side.Other()
		case !decided:
			starter = q.side
		case rr.starter == startLoser:
			starter = winner.Other()
		default:
			starter = winner
		}
	}
	cols := int(r.cols)
	state := roundBegun | r.quietTurns<<quietShift | r.plainTurns<<r.plainAt // each round's first turns are counted again
	if r.plusMinus {
		state |= firstPattern // the round's first move has its pattern
	}
	if rr.began && starter == North {
		state |= northBegan
	}
	if rr.territory {
		for h := range 2 * cols {
			n := uint8(rr.perHole)
			if rr.fromStart {
				n = rr.layout[starter][h]
			}
			q.set(h, n)
		}
		q.setStore(South, 0)
		q.setStore(North, 0)
		q.clearChildren()
		state |= rr.owners(res.South, res.North, cols)
		if rr.fill == fillWholeEmpty {
			rr.emptyPart(q, res.South, res.North, cols)
		}
	}
	for s, seeds := range [2]int{res.South, res.North} {
		if rr.territory {
			break
		}
		if rr.loserOnly && Side(s) == winner { // the winner's row, store and blocked holes stay
			state |= q.state & (15 << (8 + 4*s))
			continue
		}
		fill := min(seeds/rr.perHole, cols)
		for i, h := range rr.order[s] {
			n := 0
			if i < fill {
				n = rr.perHole
			}
			q.set(int(h), uint8(n))
		}
		q.setStore(Side(s), uint8(seeds-fill*rr.perHole))
		if rr.blocks {
			state |= uint16(cols-fill) << (8 + 4*s)
		}
	}
	q.setState(state)
	if r.playLocks {
		q.lockAll(2 * cols)
	}
	if q.side != starter {
		q.flipSide()
	}
}

// layRoundStart keeps the boards the new rounds of v, a game of territory with a
// start layout, begin with: StoneShark lays the start pattern out again, as the
// start position when North begins the round and turned round when South does.
func (v *Variant) layRoundStart() error {
	r := v.file
	if r == nil || r.round == nil || !r.round.territory {
		return nil
	}
	p, err := v.ParsePosition(v.Start)
	if err != nil {
		return err
	}
	rr := r.round
	for h := range v.holes {
		rr.layout[North][h] = p.holes[h]
		rr.layout[South][h] = p.holes[(h+v.Cols)%v.holes]
	}
	rr.fromStart = true
	return nil
}

// tracksStarter reports whether the positions say who began the round: where
// round.starter alternates, in a tallied game, whose tied rounds alternate, and
// where the round's starter takes the last seeds (end.last_seeds_to).
func (rr *roundRules) tracksStarter() bool {
	return rr.began
}

// tallies returns each side's tally in state.
func tallies(state uint16) (s, n int) {
	return int(state >> southTally & 15), int(state >> northTally & 15)
}

// talliesAt returns each side's tally at p: in its state, or its hole bytes
// wideSouth and wideNorth.
func (rr *roundRules) talliesAt(p *Position) (s, n int) {
	if rr.wide() {
		return int(p.holes[wideSouth]), int(p.holes[wideNorth])
	}
	return tallies(p.state)
}

// counted returns the tallies at p with the round that ended there, res, counted:
// a round won adds one to the winner's (in points, two where the winner held
// three quarters of the seeds or more; points go by the seeds held); with
// round.tally = "seeds" each player adds the seeds they held, won or tied.
func (rr *roundRules) counted(p *Position, res Result) (s, n int) {
	s, n = rr.talliesAt(p)
	if rr.tally == tallySeeds {
		return s + res.South, n + res.North
	}
	w, ok := res.Winner()
	if !ok {
		return s, n
	}
	add := 1
	if rr.tally == tallyPoints && max(res.South, res.North) >= rr.skunk {
		add = 2
	}
	if w == South {
		return s + add, n
	}
	return s, n + add
}

// tallied is the result of a tallied game at p, whose last round's result is res:
// won by the higher tally, the round counted; the seed counts are the round's
// where they agree with the outcome.
func (rr *roundRules) tallied(p *Position, res Result) Result {
	s, n := rr.counted(p, res)
	out := res
	switch {
	case s > n:
		out.Outcome = SouthWins
	case n > s:
		out.Outcome = NorthWins
	default:
		out.Outcome = Draw
	}
	if out.Outcome != res.Outcome {
		out.Scored, out.South, out.North = false, 0, 0
	}
	return out
}

// nextTallied begins the next round of a tallied game at q, where a round ended
// with res, side me having made its last move, unless a tally reached round.target:
// q then stays as the move left it, the game over. Every hole gets its start count,
// and the round's starter is as round.starter says, the other of the last round's
// after a tie.
func (r *fileRules) nextTallied(q *Position, me Side, res Result) {
	rr := r.round
	s, n := rr.counted(q, res)
	if s >= rr.target || n >= rr.target {
		return
	}
	began := Side(q.state & northBegan >> 7)
	starter := began.Other()
	if w, ok := res.Winner(); ok {
		switch rr.starter {
		case startLoser:
			starter = w.Other()
		case startWinner:
			starter = w
		case startLastMover:
			starter = me
		}
	}
	cols := int(r.cols)
	for h := range 2 * cols {
		switch {
		case rr.tallyStart == nil:
			q.set(h, uint8(rr.perHole))
		case began == South: // StoneShark lays the start turned round
			q.set(h, rr.tallyStart[(h+cols)%(2*cols)])
		default:
			q.set(h, rr.tallyStart[h])
		}
	}
	q.setStore(South, 0)
	q.setStore(North, 0)
	state := roundBegun | r.quietTurns<<quietShift | r.plainTurns<<r.plainAt | uint16(s)<<southTally | uint16(n)<<northTally
	if rr.wide() {
		state = roundBegun | r.quietTurns<<quietShift | r.plainTurns<<r.plainAt
		q.set(wideSouth, uint8(s))
		q.set(wideNorth, uint8(n))
	}
	if r.plusMinus {
		state |= firstPattern // the round's first move has its pattern
	}
	if starter == North {
		state |= northBegan
	}
	q.setState(state)
	if q.side != starter {
		q.flipSide()
	}
}

// startHoles reads the holes of a start position (the notation's rows, North's
// written from its column a) by index, on a board of cols holes a row.
func startHoles(start string, cols int) []uint8 {
	out := make([]uint8, 2*cols)
	north, south, _ := strings.Cut(strings.Fields(start)[0], "/")
	for i, w := range strings.Split(north, ",") {
		n, _ := strconv.Atoi(w)
		out[2*cols-1-i] = uint8(n)
	}
	for i, w := range strings.Split(south, ",") {
		n, _ := strconv.Atoi(w)
		out[i] = uint8(n)
	}
	return out
}

// owners is the state of the holes owned in a game of territory's new round, South
// having held s seeds and North n: the player who held more owns a hole for each
// start count and one for a remainder above half of one (none with round.fill =
// "whole-holes"), from their row's first hole on (a tie leaves each their row).
func (rr *roundRules) owners(s, n, cols int) uint16 {
	if s == n {
		return 0
	}
	winner, seeds := South, s
	if n > s {
		winner, seeds = North, n
	}
	holes := seeds / rr.perHole
	if seeds%rr.perHole > rr.perHole/2 && rr.fill < fillWholeHoles {
		holes++
	}
	return uint16(min(holes-cols, cols)) << (southOwns + 4*int(winner))
}

// emptyPart leaves empty, at the start of a round of round.fill =
// "whole-holes-empty", the hole the player who held more filled in part (the
// first the other owns, after the first player's counter-clockwise from their
// row's first hole), South having held s seeds and North n, and puts in each
// store the seeds its player holds past whole holes.
func (rr *roundRules) emptyPart(q *Position, s, n, cols int) {
	part := s % rr.perHole
	if part == 0 || s == n {
		return
	}
	q.setStore(South, uint8(part))
	q.setStore(North, uint8(n%rr.perHole))
	winner, seeds := 0, s
	if n > s {
		winner, seeds = cols, n
	}
	q.set((winner+seeds/rr.perHole)%(2*cols), 0)
}

// roundOver reports whether the round is over at q: a rule of the game's end
// decides it (end.fewer_than, a store of more than the other can refill), or the
// side to move cannot move, nor pass.
func (r *fileRules) roundOver(q *Position) bool {
	if r.isDecided(q) {
		return true
	}
	if r.hasMove(q, q.side) {
		return false
	}
	return !r.pass || !r.hasMove(q, q.side.Other())
}

// hasMove reports whether side s has a legal move at q: a hole of enough seeds
// that sow.allow allows and, with feed.must_feed, that feeds the other side where
// it must (the other rules that could forbid one are not played with rounds:
// compileRounds).
func (r *fileRules) hasMove(q *Position, s Side) bool {
	v := variants[q.variant]
	own := r.inRound(q).owned[s&1]
	if !r.playLocks {
		own &^= q.child[South] | q.child[North]
	}
	p := q
	if s != q.side { // allowed and play ask of the side to move
		c := *q
		c.flipSide()
		p = &c
	}
	var scratch Position
	for _, h := range v.own[s&1] {
		if q.holes[h&(MaxHoles-1)] < r.minSeeds || own>>(h&(MaxHoles-1))&1 == 0 {
			continue
		}
		if bare := r.round.bare; bare != nil {
			if bare.play(v, p, int(h), &scratch) == legal {
				return true
			}
		} else if r.allow == allowAny || r.allowed(v, p, int(h)) {
			return true
		}
	}
	return false
}

// roundShare is what each player holds at the end of a round at q, side me having
// made its last move: stores and children and, a store of more than the other can
// refill aside, the seeds left on the board as end.seeds_left gives them (none
// with "nobody", in a tallied game).
func (r *fileRules) roundShare(q *Position, me Side) Result {
	if r.seedsLeft == leftSplit {
		return shareLeft(q, leftSplit, NoLegalMove)
	}
	s, n := r.claimed(q)
	if r.seedsLeft == leftNobody {
		return scoredResult(s, n, NoLegalMove)
	}
	rows := q.ownedSeeds()
	if r.seedsLeft == leftOther { // the last mover
		if me == South {
			s += rows[South] + rows[North]
		} else {
			n += rows[South] + rows[North]
		}
		return scoredResult(s, n, NoLegalMove)
	}
	return scoredResult(s+rows[South], n+rows[North], NoLegalMove)
}

// ownedSeeds is the seeds on each side's holes but its children: their rows', or
// in a game of territory the holes they own this round.
func (p *Position) ownedSeeds() [2]int {
	var out [2]int
	if r := variants[p.variant].file; r != nil && r.round != nil && r.round.territory && p.state&blockedBits != 0 {
		own := r.inRound(p).owned
		kids := p.child[South] | p.child[North]
		for h, c := range p.holes {
			if kids>>h&1 == 0 {
				out[own[North]>>h&1] += int(c)
			}
		}
		return out
	}
	out = [2]int{p.RowSeeds(South), p.RowSeeds(North)}
	if p.child != [2]uint32{} {
		_, inRow := p.childSeeds()
		out[South], out[North] = out[South]-inRow[South], out[North]-inRow[North]
	}
	return out
}

// Owner returns the side hole h belongs to: its row's, or in a game of territory
// (round.territory) the side that owns it this round.
func (p *Position) Owner(h int) Side {
	v := variants[p.variant]
	if v.PlaysTerritory() {
		return Side(v.file.inRound(p).owned[North] >> (h & (MaxHoles - 1)) & 1)
	}
	return v.owner[h&(MaxHoles-1)]
}

// RoundBegun reports whether p is the first position of a round of a game played
// in rounds, other than the game's first: the game's history of positions, for
// its repetitions, restarts there.
func (p *Position) RoundBegun() bool {
	return p.state&roundBegun != 0 && variants[p.variant].PlaysRounds() // other games use the bit otherwise
}

// parseRoundItems reads the state field of a game in rounds: its items separated
// by commas, "again" where the game tracks it and the round's items.
func (r *fileRules) parseRoundItems(v *Variant, s string) (uint16, error) {
	var state uint16
	for _, item := range strings.Split(s, ",") {
		if item == "again" && r.trackAgain && state&movesAgain == 0 {
			state |= movesAgain
			continue
		}
		if item == "capture-again" && r.captureOnce && state&captureAgain == 0 {
			state |= captureAgain
			continue
		}
		var n uint16
		if state&quietBits == 0 && fmtSscan(item, "no-capture:%d", &n) && n >= 1 && n <= r.quietTurns {
			state |= n << quietShift
			continue
		}
		if state&(3<<r.plainAt) == 0 && fmtSscan(item, "plain:%d", &n) && n >= 1 && n <= r.plainTurns {
			state |= n << r.plainAt
			continue
		}
		if ways, ok := r.parseWay(item); ok && r.firstMove && state&r.roundWays == 0 {
			state |= ways
			continue
		}
		bits, ok, err := r.parseRoundState(v, item)
		if err != nil {
			return 0, err
		}
		if !ok || state&bits != 0 {
			return 0, fmt.Errorf("state field must be - or, separated by commas, new-round, north-began (round.starter = \"alternate\", round.tally or end.last_seeds_to = \"starter\"), no-capture:N (capture.after_turns), plain:N (sow.plain_turns), south-clockwise or south-counter-clockwise (sow.direction = \"first-move\"), blocked:HOLES (round.blocks), south-owns:K or north-owns:K (round.territory), tally:S-N (round.tally), again (where the game says who moves again) or capture-again (turn.capture_once), each once; not %q", clip(s))
		}
		state |= bits
	}
	if state>>southOwns&15 != 0 && state>>northOwns&15 != 0 && r.round.territory {
		return 0, fmt.Errorf("state field %q: one player owns holes of the other's row, not both", clip(s))
	}
	return state, nil
}

// parseRoundState reads the round items of a state field ("new-round",
// "north-began", "blocked:f1.g1.a2") into state bits.
func (r *fileRules) parseRoundState(v *Variant, item string) (uint16, bool, error) {
	rr := r.round
	switch {
	case item == "new-round":
		return roundBegun, true, nil
	case item == "north-began" && rr.tracksStarter():
		return northBegan, true, nil
	case item == "drawn" && r.outGoal():
		return endedDrawn, true, nil
	case rr.tally != tallyNone:
		return r.parseTally(item)
	case rr.territory:
		return r.parseOwners(item)
	case !strings.HasPrefix(item, "blocked:") || !rr.blocks:
		return 0, false, nil
	}
	var mask uint32
	for _, name := range strings.Split(strings.TrimPrefix(item, "blocked:"), ".") {
		m, err := v.ParseMove(name)
		if err != nil && r.firstMove && !strings.HasSuffix(name, "+") { // every hole is chosen: a2 is a2+
			m, err = v.ParseMove(name + "+")
		}
		if err != nil || m == Pass || mask>>m.Hole()&1 != 0 {
			return 0, true, fmt.Errorf("blocked holes are written blocked:f1.g1.a2 (each hole once), not %q", clip(item))
		}
		mask |= 1 << m.Hole()
	}
	for ks := 0; ks <= int(r.cols)-rr.holes; ks++ {
		for kn := 0; kn <= int(r.cols)-rr.holes; kn++ {
			if rr.blockedMask(ks, kn) == mask {
				return uint16(ks)<<8 | uint16(kn)<<12, true, nil
			}
		}
	}
	from := "the player's " + fillNames[rr.fill]
	if rr.fill == fillColumnA {
		from = "column a"
	}
	return 0, true, fmt.Errorf("blocked holes %q: a row's blocked holes are its last to be refilled, from %s (round.fill)", clip(item), from)
}

// Tally returns each side's tally at p in a tallied game (round.tally): the rounds
// won, or the points, before the round being played; 0 and 0 in other games.
func (p *Position) Tally() (south, north int) {
	if _, target := variants[p.variant].Tally(); target == 0 {
		return 0, 0
	}
	return variants[p.variant].file.round.talliesAt(p)
}

// parseTally reads the tally item of a tallied game's state field, "tally:S-N":
// South's tally, then North's, each below round.target (a wide tally, which the
// notation reads apart, is no state item).
func (r *fileRules) parseTally(item string) (uint16, bool, error) {
	s, n, ok, err := r.round.readTally(item)
	if !ok || err != nil || r.round.wide() {
		return 0, ok && !r.round.wide(), err
	}
	return uint16(s)<<southTally | uint16(n)<<northTally, true, nil
}

// readTally reads a tally item, "tally:S-N"; ok is false where item is another.
func (rr *roundRules) readTally(item string) (s, n int, ok bool, err error) {
	k, ok := strings.CutPrefix(item, "tally:")
	if !ok {
		return 0, 0, false, nil
	}
	a, b, _ := strings.Cut(k, "-")
	s, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || s < 0 || n < 0 || s >= rr.target || n >= rr.target || s+n == 0 {
		return 0, 0, true, fmt.Errorf("tally: South's and North's, each 0 to %d and not both 0, as tally:3-2, not %q", rr.target-1, clip(item))
	}
	return s, n, true, nil
}

// cutWideTally takes the tally item out of the state field of a game whose tally
// is wide, returning the field's other items ("-" for none) and the tally.
func (rr *roundRules) cutWideTally(field string) (rest string, s, n int, err error) {
	var items []string
	seen := false
	for _, item := range strings.Split(field, ",") {
		ts, tn, ok, err := rr.readTally(item)
		switch {
		case err != nil:
			return "", 0, 0, err
		case ok && !seen:
			s, n, seen = ts, tn, true
		default: // another item, or a second tally, which the state's reading refuses
			items = append(items, item)
		}
	}
	if len(items) == 0 {
		return "-", s, n, nil
	}
	return strings.Join(items, ","), s, n, nil
}

// withWideTally adds to state, the state field of p without its wide tally, the
// tally item where a tally is begun.
func (rr *roundRules) withWideTally(p *Position, state string) string {
	s, n := rr.talliesAt(p)
	switch {
	case s+n == 0:
		return state
	case state == "-":
		return fmt.Sprintf("tally:%d-%d", s, n)
	}
	return fmt.Sprintf("%s,tally:%d-%d", state, s, n)
}

// parseOwners reads a state item of a game of territory: "south-owns:K" (South
// owns the first K holes of North's row, counter-clockwise from f2 on a board of
// six) or "north-owns:K" (North owns a1 to the K-th hole of South's row).
func (r *fileRules) parseOwners(item string) (uint16, bool, error) {
	for s, word := range [2]string{"south-owns:", "north-owns:"} {
		k, ok := strings.CutPrefix(item, word)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > int(r.cols) {
			return 0, true, fmt.Errorf("%s: the holes of the other row owned, 1 to %d, not %q", strings.TrimSuffix(word, ":"), r.cols, clip(item))
		}
		return uint16(n) << (southOwns + 4*s), true, nil
	}
	return 0, false, nil
}

// formatRoundState writes the round items of state.
func (r *fileRules) formatRoundState(v *Variant, state uint16) []string {
	var items []string
	if q := state & quietBits >> quietShift; q != 0 && r.quietTurns > 0 {
		items = append(items, fmt.Sprintf("no-capture:%d", q))
	}
	if w := state >> r.plainAt & 3; w != 0 && r.plainTurns > 0 {
		items = append(items, fmt.Sprintf("plain:%d", w))
	}
	items = append(items, r.formatWays(state)...)
	if state&roundBegun != 0 {
		items = append(items, "new-round")
	}
	if state&northBegan != 0 {
		items = append(items, "north-began")
	}
	if state&endedDrawn != 0 && r.outGoal() {
		items = append(items, "drawn")
	}
	if s, n := tallies(state); r.round.tally != tallyNone && s+n != 0 {
		items = append(items, fmt.Sprintf("tally:%d-%d", s, n))
	}
	if k := state >> southOwns & 15; r.round.territory && k != 0 {
		items = append(items, fmt.Sprintf("south-owns:%d", k))
	}
	if k := state >> northOwns & 15; r.round.territory && k != 0 {
		items = append(items, fmt.Sprintf("north-owns:%d", k))
	}
	if state&blockedBits != 0 && r.round.blocks {
		mask := r.round.blockedMask(int(state>>8&15), int(state>>12))
		var names []string
		for row := 0; row < 2; row++ {
			for col := 0; col < int(r.cols); col++ {
				if h := v.index[row][col]; mask>>h&1 != 0 {
					names = append(names, strings.TrimSuffix(v.FormatMove(Move(h)), "+")) // a hole, not a way
				}
			}
		}
		items = append(items, "blocked:"+strings.Join(names, "."))
	}
	return items
}

// Blocked reports whether hole h is out of play for the round (round.blocks):
// sowing passes over it.
func (p *Position) Blocked(h int) bool {
	v := variants[p.variant]
	if v.file != nil && v.file.closeAt > 0 {
		return p.Locked(h) // closed during play (sow.close_at)
	}
	if v.file == nil || v.file.round == nil || p.state&blockedBits == 0 {
		return false
	}
	return v.file.inRound(p).blocked>>(h&(MaxHoles-1))&1 != 0
}
