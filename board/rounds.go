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
// decides the game: rounds won, or points (one for a round won, two where the
// winner held three quarters of the seeds or more). The game ends when a
// player's tally reaches round.target; a repetition or an endless sowing ends it
// too, the round's result counted first, won by the higher tally. The tally (each
// player's, below round.target) lives where the blocked holes do, and the
// position's state says who began the round, whatever round.starter says: after
// a tied round the other player begins, as in StoneShark.

// roundRules is a game's rounds: the round.* keys and what layout builds from them.
type roundRules struct {
	fill      uint8 // round.fill: fillLeft, fillRight, fillOutside or, with territory, fillWholeHoles or fillWholeEmpty
	blocks    bool  // unfilled holes are blocked for the round
	territory bool  // round.territory: the seeds held decide the holes owned
	storeWins bool  // round.store_wins: a store that would own round.holes holes wins
	starter   uint8 // round.starter, in compileRounds' order
	holes     int   // the fewest holes a player must fill to play on (territory: own to win)
	tally     uint8 // round.tally: tallyNone, tallyWins or tallyPoints
	target    int   // round.target: the tally that wins
	skunk     int   // the seeds of a round won for two points (round.tally = "points")
	// bare is the game's rules without its rounds, which hasMove plays where
	// feed.must_feed may rule out every hole (a tallied game); nil otherwise.
	bare *fileRules
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
// ends of their row inwards, the left end first (StoneShark's OUTSIDE_FILL); in a
// game of territory, fillWholeHoles: the player who held more owns only the holes
// their seeds fill wholly, the hole they fill in part going to the other
// (StoneShark's TERR_EX_LOSER); fillWholeEmpty: the same, but that hole begins the
// round empty and each player keeps in their store the seeds that do not fill a
// hole (TERR_EX_EMPTY).
const (
	fillLeft, fillRight, fillOutside, fillWholeHoles, fillWholeEmpty = 0, 1, 2, 3, 4
)

// fillNames are round.fill's words, by value.
var fillNames = []string{"left", "right", "outside", "whole-holes", "whole-holes-empty"}

// The values of round.tally: none, rounds won, or points.
const (
	tallyNone, tallyWins, tallyPoints = 0, 1, 2
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
	tally, err := oneOf(rs.Tally, []string{"round", "tally"}, "none", "wins", "points")
	if err != nil {
		return err
	}
	switch {
	case tally != tallyNone && (rs.Fill != "" || rs.Blocks || rs.Territory || rs.StoreWins || rs.Holes != 0):
		return bad("a tallied game begins each round as the game begins: no round.fill, round.blocks, round.territory, round.store_wins or round.holes", "round", "tally")
	case tally != tallyNone && (rs.Target < 1 || rs.Target > 15):
		return bad(fmt.Sprintf("%d: the tally that wins, from 1 to 15", rs.Target), "round", "target")
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
		return bad("a game in rounds says how rows are refilled: round.fill = \"left\", \"right\" or \"outside\" (or round.territory, or round.tally)", "round", "fill")
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
	case r.majority:
		return bad("a game in rounds ends its rounds when no move is left: end.majority is not supported with rounds yet", "end", "majority")
	case r.seedsLeft == leftNobody:
		return bad("the seeds left at a round's end would leave the game: end.seeds_left = \"nobody\" is not supported with rounds", "end", "seeds_left")
	case tally != tallyNone && r.mustFeed && !r.pass && r.mixedDirections():
		return bad("a tallied game with feed.must_feed (without end.no_move = \"pass\") needs every hole to sow one way", "round", "tally")
	case r.mustFeed && !r.pass && tally == tallyNone, r.grandSlam == slamBan, r.allow != allowAny && tally == tallyNone, r.noReturn, r.relay && !r.endlessEnds:
		return bad("a round ends when no hole can be played: not yet with feed.must_feed (but with end.no_move = \"pass\", or in a tallied game), capture.grand_slam = \"forbidden\", sow.allow (but in a tallied game), sow.no_return or sow.endless = \"forbidden\"", "round")
	case tally != tallyNone && r.firstMove:
		return bad("a tallied game keeps its tally where sow.direction = \"first-move\" keeps the ways: not with it", "round", "tally")
	case r.mixedDirections() && tally == tallyNone, r.anyHole, r.clearGoal, r.outGoal() && tally == tallyNone, r.immobileGoal, r.ownRowEnds, r.otherRowEnds, r.kids && (!rs.Territory || tally != tallyNone), r.countsTurns():
		return bad("not yet with holes sowing both ways (but in a tallied game), sow.from = \"any\", end.goal other than \"seeds\" (but \"deprive\" in a tallied game), end.own_row_empty, end.other_row_empty, capture.after_turns, sow.one_way_turns, sow.plain_turns or children (but in a game of territory)", "round")
	case r.kids && r.seedsLeft != leftOwner:
		return bad("children in rounds are not supported yet with end.seeds_left other than \"owner\"", "round")
	}
	r.round = &roundRules{fill: uint8(fill), blocks: rs.Blocks, territory: rs.Territory, storeWins: rs.StoreWins, starter: uint8(starter), holes: max(rs.Holes, 1),
		tally: uint8(tally), target: rs.Target}
	if tally != tallyNone && g.Start != "" {
		r.round.start = g.Start
	}
	// Every move goes through settle, which ends the round, and move generation
	// through playAllWays, which picks the rules of the blocked holes.
	r.viaSowMove = true
	return nil
}

// layoutRounds builds what the rounds need on a 2 x cols board of perHole seeds a
// hole: the fill orders, the seeds to go on, and with round.blocks the rules of
// every pair of blocked counts, each sowing past its blocked holes.
func (r *fileRules) layoutRounds(cols, seeds int) {
	rr := *r.round // each board its own
	r.round = &rr
	rr.perHole = seeds / (2 * cols)
	rr.need = rr.holes * rr.perHole
	r.winAbove = uint8(seeds - rr.need)
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
	if rr.tally != tallyNone && r.mustFeed && !r.pass {
		b := *r
		b.round = nil
		rr.bare = &b
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
	if res.South < rr.need || res.North < rr.need {
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
		winner, decided := res.Winner()
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
	state := roundBegun
	if r.plusMinus {
		state |= firstPattern // the round's first move has its pattern
	}
	if rr.starter == startAlternate && starter == North {
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
// round.starter alternates, and in a tallied game, whose tied rounds alternate.
func (rr *roundRules) tracksStarter() bool {
	return rr.starter == startAlternate || rr.tally != tallyNone
}

// tallies returns each side's tally in state.
func tallies(state uint16) (s, n int) {
	return int(state >> southTally & 15), int(state >> northTally & 15)
}

// counted returns the tallies at p with the round that ended there, res, counted:
// a round won adds one to the winner's (in points, two where the winner held
// three quarters of the seeds or more; points go by the seeds held).
func (rr *roundRules) counted(p *Position, res Result) (s, n int) {
	s, n = tallies(p.state)
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
	state := roundBegun | uint16(s)<<southTally | uint16(n)<<northTally
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
// that sow.allow allows and, in a tallied game with feed.must_feed, that feeds
// the other side where it must (the other rules that could forbid one are not
// played with rounds: compileRounds).
func (r *fileRules) hasMove(q *Position, s Side) bool {
	v := variants[q.variant]
	own := r.inRound(q).owned[s&1] &^ (q.child[South] | q.child[North])
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
// refill aside, the seeds left on the board as end.seeds_left gives them.
func (r *fileRules) roundShare(q *Position, me Side) Result {
	if r.seedsLeft == leftSplit {
		return shareLeft(q, leftSplit, NoLegalMove)
	}
	s, n := r.claimed(q)
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
		bits, ok, err := r.parseRoundState(v, item)
		if err != nil {
			return 0, err
		}
		if !ok || state&bits != 0 {
			return 0, fmt.Errorf("state field must be - or, separated by commas, new-round, north-began (round.starter = \"alternate\", or round.tally), blocked:HOLES (round.blocks), south-owns:K or north-owns:K (round.territory), tally:S-N (round.tally), again (where the game says who moves again) or capture-again (turn.capture_once), each once; not %q", clip(s))
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
	return 0, true, fmt.Errorf("blocked holes %q: a row's blocked holes are its last to be refilled, from the player's %s (round.fill)", clip(item), fillNames[rr.fill])
}

// Tally returns each side's tally at p in a tallied game (round.tally): the rounds
// won, or the points, before the round being played; 0 and 0 in other games.
func (p *Position) Tally() (south, north int) {
	if _, target := variants[p.variant].Tally(); target == 0 {
		return 0, 0
	}
	return tallies(p.state)
}

// parseTally reads the tally item of a tallied game's state field, "tally:S-N":
// South's tally, then North's, each below round.target.
func (r *fileRules) parseTally(item string) (uint16, bool, error) {
	k, ok := strings.CutPrefix(item, "tally:")
	if !ok {
		return 0, false, nil
	}
	a, b, _ := strings.Cut(k, "-")
	s, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || s < 0 || n < 0 || s >= r.round.target || n >= r.round.target || s+n == 0 {
		return 0, true, fmt.Errorf("tally: South's and North's, each 0 to %d and not both 0, as tally:3-2, not %q", r.round.target-1, clip(item))
	}
	return uint16(s)<<southTally | uint16(n)<<northTally, true, nil
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
					names = append(names, v.FormatMove(Move(h)))
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
