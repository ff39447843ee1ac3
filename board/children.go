package board

import (
	"fmt"
	"math/bits"
)

// Children (a rule file's child.* keys, StoneShark's child_cvt): a last seed that
// makes a hole hold child.count seeds turns it into the mover's child, where the
// rules allow one there. Nobody plays a child, nothing is captured from it, and
// the seeds sown into it stay there and are its owner's: at the end of the game,
// and for end.majority, which counts a player's store and children together.
// The position keeps each side's children (Position.child), hashed and written in
// the notation ("12n": a hole of 12 seeds, North's child).

// childRules are the rules of a game's children.
type childRules struct {
	count   uint8 // child.count: the seeds that make a hole a child
	side    uint8 // child.side: childSides' index
	oneEach bool  // child.one_each: a player has one child at most
	notLast bool  // child.not_last: not in the last hole of a row, in the sowing direction
	apart   uint8 // child.apart: none, symmetric or facing
	// keeps: child.keeps_captures, captures go into the capturer's first child
	keeps bool
	// across: child.across, a lone last seed and the hole across holding count
	across bool
	// raid: child.raid, the seeds a last seed in the opponent's child takes from it
	raid uint8
	// pairs: child.pair_with_previous; prev[h] is the hole sown before hole h
	pairs bool
	prev  [MaxHoles]uint8
	// lapLocked: child.lap_locked, locked holes (in both sides' masks, nobody's);
	// lockAt[h] is the count that locks hole h
	lapLocked bool
	lockAt    [MaxHoles]uint8
	// where[s] has the bits of the holes side s may make a child in (side, not_last);
	// partner[h] is the hole that may not be a child when h becomes one (apart).
	where   [2]uint32
	partner [MaxHoles]uint8
}

// The values of child.side, childSides' indexes, and of child.apart, in
// compileChildren's order.
const (
	childEither, childOwn, childOpponent   = 0, 1, 2
	childOwnMiddle                         = 3 // own-middle-opponent-ends
	childEndsSeconds                       = 4 // ends-and-opponent-seconds
	childOwnInner                          = 5 // own-middle
	childOppOwned                          = 6 // opponent-owned
	apartNone, apartSymmetric, apartFacing = 0, 1, 2
)

// childSides are child.side's words, by value.
var childSides = []string{"either", "own", "opponent", "own-middle-opponent-ends", "ends-and-opponent-seconds", "own-middle", "opponent-owned"}

// compileChildren reads the child.* keys into r; children need rules that the
// format's other keys state for rows without them, so those are refused with them.
func (g *gameSpec) compileChildren(r *fileRules) *specError {
	c := g.Child
	if g.Sow.LastIntoOpponentChildren && !g.Sow.SkipOpponentChildren {
		return bad("says the last seed is not passed over the opponent's children, but sow.skip_opponent_children is not set", "sow", "last_into_opponent_children")
	}
	if c.LapLocked {
		return g.compileLapLocked(r)
	}
	if c.Count == 0 {
		if g.Sow.SkipOpponentChildren {
			return bad("passes over the opponent's children, but child.count (the seeds that make one) is not set", "sow", "skip_opponent_children")
		}
		if c.Side != "" || c.OneEach || c.NotLast || c.Apart != "" || c.KeepsCaptures || c.Across || c.Raid != 0 || c.PairWithPrevious {
			return bad("says where children are made, but child.count (the seeds that make one) is not set", "child", "count")
		}
		return nil
	}
	if c.Count < 1 || c.Count > maxFileSeeds {
		return bad(fmt.Sprintf("%d: a hole becomes a child with 1 to %d seeds (0: no children)", c.Count, maxFileSeeds), "child", "count")
	}
	if c.Raid < 0 || c.Raid > maxFileSeeds {
		return bad(fmt.Sprintf("%d: a last seed in the opponent's child takes 0 to %d of its seeds", c.Raid, maxFileSeeds), "child", "raid")
	}
	side, err := oneOf(c.Side, []string{"child", "side"}, childSides...)
	if err != nil {
		return err
	}
	apart, err := oneOf(c.Apart, []string{"child", "apart"}, "none", "symmetric", "facing")
	if err != nil {
		return err
	}
	switch {
	case r.relayNext, r.lapCaptures, r.relay && (c.Across || r.relayStop), r.passing, r.takeOne, r.lastSeeds > 0, r.twoOut:
		return bad("children are not supported yet with relays from the next hole, relays that stop or capture on the way, children made in pairs across with relays, two-out captures, sow.take_one, capture.passing or end.last_seeds", "child", "count")
	case r.grandSlam != slamAllowed, r.mustFeed, r.unfedTakes:
		return bad("children are not supported yet with a grand slam rule or the feeding rule", "child", "count")
	case r.noSingle, r.otherStore, r.storeGift, r.singleAcross, r.singlesAcross, r.sweep, r.pullAcross, r.singles, r.matchAcross, r.crossSweep, r.takeNext, r.countsTurns():
		return bad("children are not supported yet with capture.single_seed, other_store, empty_gives_store, single_takes_across, singles_take_across, sweep, pull_across, singles, match_across, cross_sweep, next, after_turns or the other rules of the game's first turns (sow.one_way_turns, plain_turns, right_half_turns, last_to_opponent_turns)", "child", "count")
	case r.rowEmptyEnds, r.ownRowEnds, r.otherRowEnds, r.clearGoal, r.outGoal(): // but with locked holes (compileLapLocked)
		return bad("children are not supported yet with endings on an empty row (end.row_empty, end.own_row_empty, end.other_row_empty, end.goal)", "child", "count")
	case side == childOppOwned && !g.Round.Territory:
		return bad("only in a game of territory does a player own the other's holes: child.side = \"opponent-owned\" needs round.territory", "child", "side")
	case r.anyHole && side != childEither:
		return bad("a player who plays any hole has no row of their own: child.side = \"either\" with sow.from = \"any\"", "child", "side")
	case c.Across && (c.OneEach || c.NotLast || c.Apart != ""):
		return bad("children made in pairs across are not supported with child.one_each, not_last or apart", "child", "across")
	case c.PairWithPrevious && (c.Count < 2 || side != childEither || c.OneEach || c.NotLast || c.Apart != "" || c.Across || c.Raid > 0 || c.KeepsCaptures || r.mixedDirections()):
		return bad("children made in pairs with the hole before need child.count 2 or more, sowing one way and none of the other child.* keys", "child", "pair_with_previous")
	case c.Raid > 0 && c.KeepsCaptures:
		return bad("a raid on a child takes its seeds into the mover's store, which child.keeps_captures keeps in a child: not with it", "child", "raid")
	case c.KeepsCaptures && g.Stores:
		return bad("captures go into the stores of a board with stores: child.keeps_captures needs stores = false", "child", "keeps_captures")
	case c.NotLast && r.mixedDirections():
		return bad("the last hole of a row is where its sowing leaves it, which holes sowing both ways do not say", "child", "not_last")
	}
	if g.Sow.SkipOpponentChildren && r.skipOpp > 0 {
		return bad("passes over holes by their count, which sow.skip_opponent_children does not: not with sow.skip_opponent_count", "sow", "skip_opponent_children")
	}
	r.kids, r.skipKids, r.lastIntoKids = true, g.Sow.SkipOpponentChildren, g.Sow.LastIntoOpponentChildren
	r.child = childRules{count: uint8(c.Count), side: uint8(side), oneEach: c.OneEach, notLast: c.NotLast, apart: uint8(apart), keeps: c.KeepsCaptures, across: c.Across, raid: uint8(c.Raid), pairs: c.PairWithPrevious}
	return nil
}

// compileLapLocked reads child.lap_locked, which makes no other children, on a
// board with stores sown one way (StoneShark's rams).
func (g *gameSpec) compileLapLocked(r *fileRules) *specError {
	c := g.Child
	switch {
	case c.Count != 0 || c.Side != "" || c.OneEach || c.NotLast || c.Apart != "" || c.KeepsCaptures || c.Across || c.Raid != 0:
		return bad("locked holes are nobody's children: not with the other child.* keys", "child", "lap_locked")
	case !g.Stores || r.mixedDirections() || r.dirRule > dirCW:
		return bad("a hole is locked by the seeds that sow round into its own row, which needs stores and sowing one way (counter-clockwise or clockwise)", "child", "lap_locked")
	case r.relay, r.passing, r.takeOne, r.lastSeeds > 0, r.twoOut, r.grandSlam != slamAllowed, r.mustFeed, r.unfedTakes, r.countsTurns(),
		r.noSingle, r.otherStore, r.storeGift, r.singleAcross, r.sweep, r.rowEmptyEnds, r.clearGoal, r.outGoal(), r.anyHole:
		return bad("locked holes are not supported yet with relays, capture rules but counts and cross captures, the feeding rule, sow.from = \"any\" or endings but end.own_row_empty and end.other_row_empty", "child", "lap_locked")
	}
	r.kids = true
	r.child = childRules{lapLocked: true}
	return nil
}

// layoutChildren builds the tables of children on a board of cols holes a row.
func (r *fileRules) layoutChildren(cols int) {
	c := &r.child
	c.where = [2]uint32{}
	holes := 2 * cols
	if c.lapLocked {
		// The seeds that sow round the board into the hole's own row again: twice
		// the row less the hole's place in it, counted the way the board sows, and
		// one more for each store sown and for the seed sow.leave_one keeps.
		extra := int(r.keep) + int(r.sowStores)
		for h := range holes {
			place := h % cols
			if r.clockwise {
				place = cols - 1 - place
			}
			c.lockAt[h] = uint8(min(2*cols-place+extra, maxFileSeeds))
		}
	}
	for h := range holes {
		c.prev[h] = uint8((h + holes - 1) % holes)
		if r.clockwise {
			c.prev[h] = uint8((h + 1) % holes)
		}
		row := Side(h / cols)
		// The hole a row's sowing leaves it by: the last index of the row, or the
		// first where the sowing goes clockwise.
		last := h == int(row)*cols+cols-1
		if r.clockwise {
			last = h == int(row)*cols
		}
		col := h - int(row)*cols
		end := col == 0 || col == cols-1
		second := !end && cols >= 4 && (col == 1 || col == cols-2)
		for s := South; s <= North; s++ {
			ok := c.side == childEither || c.side == childOppOwned || c.side == childOwn && row == s || c.side == childOpponent && row != s ||
				c.side == childOwnMiddle && (row == s) != end ||
				c.side == childEndsSeconds && (end || second && row != s) ||
				c.side == childOwnInner && row == s && !end
			if ok && !(c.notLast && last) {
				c.where[s] |= 1 << h
			}
		}
		switch c.apart {
		case apartSymmetric: // the same place along the other row, in its own order
			c.partner[h] = uint8((h + cols) % holes)
		case apartFacing:
			c.partner[h] = uint8(holes - 1 - h)
		default:
			c.partner[h] = uint8(h)
		}
	}
}

// settleChild is settle's step for a last seed in hole last (not a store) of a
// game with children: it reports whether that hole is a child or becomes side
// me's child now, and then nothing else is captured. A last seed in the
// opponent's child takes child.raid of its seeds (all, where it holds fewer) into
// me's store, and again becomes true with turn.extra_on_capture.
func (r *fileRules) settleChild(q *Position, me Side, last uint8, again *bool) bool {
	k := last & (MaxHoles - 1)
	if (q.child[South]^q.child[North])>>k&1 != 0 { // a child, not a locked hole
		if r.child.raid > 0 && q.child[me.Other()&1]>>k&1 != 0 {
			taken := min(r.child.raid, q.holes[k])
			q.set(int(k), q.holes[k]-taken)
			q.setStore(me, q.stores[me&1]+taken)
			*again = *again || r.extraOnCapture
		}
		return true
	}
	if !r.makesChild(q.child, &q.holes, me, k) {
		return false
	}
	switch {
	case r.child.across:
		r.makeAcross(q, me, k)
	case r.child.pairs && r.pairsWith(q.child, &q.holes, k):
		q.makeChild(int(k), me)
		q.makeChild(int(r.child.prev[k]), me)
	default:
		q.makeChild(int(k), me)
	}
	return true
}

// pairsWith reports whether hole k and the hole sown before it, neither a child
// (kids: each side's children), hold child.count and child.count - 1 seeds in
// either order (child.pair_with_previous; holes: the counts).
func (r *fileRules) pairsWith(kids [2]uint32, holes *[MaxHoles]uint8, k uint8) bool {
	c := &r.child
	pv := c.prev[k&(MaxHoles-1)]
	a, b := holes[k&(MaxHoles-1)], holes[pv]
	return (kids[South]|kids[North])>>pv&1 == 0 && (a == c.count && b == c.count-1 || a == c.count-1 && b == c.count)
}

// makesChild reports whether a last seed in hole k, not a child, makes it side
// me's child (with child.across, it and the hole across), kids being each side's
// children and holes the counts with the last seed sown.
func (r *fileRules) makesChild(kids [2]uint32, holes *[MaxHoles]uint8, me Side, k uint8) bool {
	c := &r.child
	if c.across {
		o := int(r.crossOf[k]) & (MaxHoles - 1)
		return holes[k] == 1 && c.where[me&1]>>k&1 != 0 && holes[o] == c.count
	}
	if c.pairs && r.pairsWith(kids, holes, k) {
		return true
	}
	all := kids[South] | kids[North]
	if c.side == childOppOwned && r.owned[me.Other()&1]>>k&1 == 0 { // the holes the opponent owns this round
		return false
	}
	return holes[k] == c.count && c.where[me&1]>>k&1 != 0 && !(c.oneEach && kids[me&1] != 0) &&
		!(c.apart != apartNone && all>>(c.partner[k]&(MaxHoles-1))&1 != 0)
}

// relayStopsAt reports whether a relay of side me whose lap ended in slot last
// (a hole) stops there for a child: the hole is a child, or the last seed makes it
// one (StoneShark stops its laps there). kids and holes are as for makesChild.
func (r *fileRules) relayStopsAt(kids [2]uint32, holes *[MaxHoles]uint8, me Side, last uint8) bool {
	k := last & (MaxHoles - 1)
	return (kids[South]|kids[North])>>k&1 != 0 || r.makesChild(kids, holes, me, k)
}

// keepCaptured moves the seeds side me captured into its store since it held
// before into me's first child (child.keeps_captures), the child of the lowest hole.
func (q *Position) keepCaptured(me Side, before uint8) {
	taken := q.stores[me&1] - before
	q.setStore(me, before)
	h := bits.TrailingZeros32(q.child[me&1])
	q.set(h, q.holes[h]+taken)
}

// makeAcross is settleChild's step with child.across: a last seed alone in hole k
// across from a hole of child.count seeds makes both holes side me's children (the
// hole across whoever's child it was).
func (r *fileRules) makeAcross(q *Position, me Side, k uint8) {
	o := int(r.crossOf[k]) & (MaxHoles - 1)
	q.makeChild(int(k), me)
	if other := me.Other() & 1; q.child[other]>>o&1 != 0 {
		q.child[other] &^= 1 << o
		q.sum -= childKeys[other][o]
	}
	if q.child[me&1]>>o&1 == 0 {
		q.makeChild(o, me)
	}
}

// childSeeds returns the seeds in each side's children (own) and, by row, the seeds
// in children and locked holes on each side's row (inRow): a locked hole's seeds
// (child.lap_locked) are nobody's.
func (p *Position) childSeeds() (own, inRow [2]int) {
	v := variants[p.variant]
	if v.file != nil && v.file.playLocks {
		return own, inRow // capture.locked_until_played: a locked hole's seeds are its owner's
	}
	locked := p.child[South] & p.child[North]
	for s, kids := range p.child {
		for kids &^= locked; kids != 0; kids &= kids - 1 {
			h := bits.TrailingZeros32(kids)
			own[s] += int(p.holes[h])
			inRow[v.owner[h]] += int(p.holes[h])
		}
	}
	for ; locked != 0; locked &= locked - 1 {
		h := bits.TrailingZeros32(locked)
		inRow[v.owner[h]] += int(p.holes[h])
	}
	return own, inRow
}

// lockHoles locks the holes of q holding their lock count or more and unlocks the
// others (child.lap_locked), after a move whose last seed fell into a hole.
func (r *fileRules) lockHoles(q *Position) {
	for h := range 2 * int(r.cols) {
		full := q.holes[h] >= r.child.lockAt[h]
		if was := q.child[South]>>h&1 != 0; full != was {
			q.child[South] ^= 1 << h
			q.child[North] ^= 1 << h
			if full {
				q.sum += childKeys[South][h] + childKeys[North][h]
			} else {
				q.sum -= childKeys[South][h] + childKeys[North][h]
			}
		}
	}
}

// rowLeft is the seeds on side s's row for the endings on an empty row, a locked
// hole's aside (child.lap_locked).
func (r *fileRules) rowLeft(p *Position, s Side) int {
	n := p.RowSeeds(s)
	if r.child.lapLocked && p.child[South]&p.child[North] != 0 {
		_, inRow := p.childSeeds() // the locked holes': no other children
		n -= inRow[s&1]
	}
	return n
}

// ChildSeeds returns the seeds in each side's children (own, by owner) and in the
// children on each side's row (inRow, by the row's side): a child's seeds are its
// owner's, whichever row it lies on. Both are zero in a game without children.
func (p *Position) ChildSeeds() (own, inRow [2]int) { return p.childSeeds() }

// claimed returns each side's seeds: its store and, in a game with children, its
// children's seeds.
func (r *fileRules) claimed(p *Position) (south, north int) {
	south, north = int(p.stores[South]), int(p.stores[North])
	if r.kids {
		own, _ := p.childSeeds()
		south, north = south+own[South], north+own[North]
	}
	return south, north
}

// childMajority reports whether a side's store and children hold more than half
// the seeds (end.majority, in a game with children).
func (r *fileRules) childMajority(p *Position) bool {
	if p.child == [2]uint32{} {
		return false // the stores alone, as isDecided asks first
	}
	s, n := r.claimed(p)
	return max(s, n) > int(r.winAbove)
}

// clearChildren makes every child of p a plain hole again, updating the hash (a
// round of territory begins without children).
func (p *Position) clearChildren() {
	for s, kids := range p.child {
		for ; kids != 0; kids &= kids - 1 {
			p.sum -= childKeys[s][bits.TrailingZeros32(kids)]
		}
	}
	p.child = [2]uint32{}
}

// Locked reports whether hole h of p is locked (a rule file's child.lap_locked):
// nobody plays it while it holds seeds enough to sow round into its own row, and
// its seeds are nobody's. ChildOf reports it as no child.
func (p *Position) Locked(h int) bool {
	return p.child[South]&p.child[North]>>(h&(MaxHoles-1))&1 != 0
}

// unlock unlocks hole h (capture.locked_until_played), updating the hash.
func (p *Position) unlock(h int) {
	h &= MaxHoles - 1
	if p.child[South]&p.child[North]>>h&1 != 0 {
		p.child[South] &^= 1 << h
		p.child[North] &^= 1 << h
		p.sum -= childKeys[South][h] + childKeys[North][h]
	}
}

// lockAll locks the first n holes (capture.locked_until_played), updating the hash.
func (p *Position) lockAll(n int) {
	for h := range n {
		if p.child[South]&p.child[North]>>h&1 == 0 {
			p.child[South] |= 1 << h
			p.child[North] |= 1 << h
			p.sum += childKeys[South][h] + childKeys[North][h]
		}
	}
}

// isChild reports whether hole h of p is a child.
func (p *Position) isChild(h int) bool {
	return (p.child[South]|p.child[North])>>(h&(MaxHoles-1))&1 != 0
}

// checkChildren refuses children that the game's rules could not have made: more
// than one a side with child.one_each, or in a hole where its owner may not make one.
func (r *fileRules) checkChildren(p *Position) error {
	if r.child.lapLocked || r.playLocks {
		if p.child[South] != p.child[North] {
			return fmt.Errorf("a hole is a side's child in a game whose locked holes are nobody's")
		}
		return nil
	}
	if p.child[South]&p.child[North] != 0 {
		return fmt.Errorf("a hole is the child of both sides")
	}
	for s := South; s <= North; s++ {
		if !r.child.across && p.child[s]&^r.child.where[s] != 0 {
			return fmt.Errorf("%s has a child where the rules let it make none", s.Name())
		}
		if r.child.oneEach && bits.OnesCount32(p.child[s]) > 1 {
			return fmt.Errorf("%s has %d children, and this game allows one each", s.Name(), bits.OnesCount32(p.child[s]))
		}
	}
	return nil
}

// HasChildren reports whether holes may become children in the game (a rule
// file's child.count): positions then hold more than counts, stores and a side.
func (v *Variant) HasChildren() bool { return v.file != nil && v.file.kids }

// HasLocks reports whether the game locks its holes until they are played (a rule
// file's capture.locked_until_played or sow.each_hole_first): positions then hold
// more than counts, stores and a side.
func (v *Variant) HasLocks() bool { return v.file != nil && v.file.playLocks }
