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
	side    uint8 // child.side: either, own or opponent row, or own-middle-opponent-ends
	oneEach bool  // child.one_each: a player has one child at most
	notLast bool  // child.not_last: not in the last hole of a row, in the sowing direction
	apart   uint8 // child.apart: none, symmetric or facing
	// keeps: child.keeps_captures, captures go into the capturer's first child
	keeps bool
	// across: child.across, a lone last seed and the hole across holding count
	across bool
	// where[s] has the bits of the holes side s may make a child in (side, not_last);
	// partner[h] is the hole that may not be a child when h becomes one (apart).
	where   [2]uint32
	partner [MaxHoles]uint8
}

// The values of child.side and child.apart, in compileChildren's order.
const (
	childEither, childOwn, childOpponent   = 0, 1, 2
	childOwnMiddle                         = 3 // own-middle-opponent-ends
	childEndsSeconds                       = 4 // ends-and-opponent-seconds
	childOwnInner                          = 5 // own-middle
	apartNone, apartSymmetric, apartFacing = 0, 1, 2
)

// compileChildren reads the child.* keys into r; children need rules that the
// format's other keys state for rows without them, so those are refused with them.
func (g *gameSpec) compileChildren(r *fileRules) *specError {
	c := g.Child
	if c.Count == 0 {
		if c.Side != "" || c.OneEach || c.NotLast || c.Apart != "" || c.KeepsCaptures || c.Across {
			return bad("says where children are made, but child.count (the seeds that make one) is not set", "child", "count")
		}
		return nil
	}
	if c.Count < 1 || c.Count > maxFileSeeds {
		return bad(fmt.Sprintf("%d: a hole becomes a child with 1 to %d seeds (0: no children)", c.Count, maxFileSeeds), "child", "count")
	}
	side, err := oneOf(c.Side, []string{"child", "side"}, "either", "own", "opponent", "own-middle-opponent-ends", "ends-and-opponent-seconds", "own-middle")
	if err != nil {
		return err
	}
	apart, err := oneOf(c.Apart, []string{"child", "apart"}, "none", "symmetric", "facing")
	if err != nil {
		return err
	}
	switch {
	case r.relay, r.passing, r.takeOne, r.lastSeeds > 0, r.twoOut:
		return bad("children are not supported yet with relays, two-out captures, sow.take_one, capture.passing or end.last_seeds", "child", "count")
	case r.grandSlam != slamAllowed, r.mustFeed, r.unfedTakes:
		return bad("children are not supported yet with a grand slam rule or the feeding rule", "child", "count")
	case r.noSingle, r.otherStore, r.storeGift, r.singleAcross, r.singlesAcross, r.sweep, r.countsTurns():
		return bad("children are not supported yet with capture.single_seed, other_store, empty_gives_store, single_takes_across, singles_take_across, sweep, after_turns or sow.one_way_turns", "child", "count")
	case r.rowEmptyEnds, r.ownRowEnds, r.otherRowEnds, r.clearGoal, r.outGoal():
		return bad("children are not supported yet with endings on an empty row (end.row_empty, end.own_row_empty, end.other_row_empty, end.goal)", "child", "count")
	case r.anyHole && side != childEither:
		return bad("a player who plays any hole has no row of their own: child.side = \"either\" with sow.from = \"any\"", "child", "side")
	case c.Across && (c.OneEach || c.NotLast || c.Apart != ""):
		return bad("children made in pairs across are not supported with child.one_each, not_last or apart", "child", "across")
	case c.KeepsCaptures && g.Stores:
		return bad("captures go into the stores of a board with stores: child.keeps_captures needs stores = false", "child", "keeps_captures")
	case c.NotLast && r.mixedDirections():
		return bad("the last hole of a row is where its sowing leaves it, which holes sowing both ways do not say", "child", "not_last")
	}
	r.kids = true
	r.child = childRules{count: uint8(c.Count), side: uint8(side), oneEach: c.OneEach, notLast: c.NotLast, apart: uint8(apart), keeps: c.KeepsCaptures, across: c.Across}
	return nil
}

// layoutChildren builds the tables of children on a board of cols holes a row.
func (r *fileRules) layoutChildren(cols int) {
	c := &r.child
	c.where = [2]uint32{}
	holes := 2 * cols
	for h := range holes {
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
			ok := c.side == childEither || c.side == childOwn && row == s || c.side == childOpponent && row != s ||
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
// me's child now, and then nothing is captured.
func (r *fileRules) settleChild(q *Position, me Side, last uint8) bool {
	k := last & (MaxHoles - 1)
	all := q.child[South] | q.child[North]
	if all>>k&1 != 0 {
		return true
	}
	c := &r.child
	if c.across {
		return r.settleAcross(q, me, k)
	}
	if q.holes[k] != c.count || c.where[me&1]>>k&1 == 0 || c.oneEach && q.child[me&1] != 0 ||
		c.apart != apartNone && all>>(c.partner[k]&(MaxHoles-1))&1 != 0 {
		return false
	}
	q.makeChild(int(k), me)
	return true
}

// keepCaptured moves the seeds side me captured into its store since it held
// before into me's first child (child.keeps_captures), the child of the lowest hole.
func (q *Position) keepCaptured(me Side, before uint8) {
	taken := q.stores[me&1] - before
	q.setStore(me, before)
	h := bits.TrailingZeros32(q.child[me&1])
	q.set(h, q.holes[h]+taken)
}

// settleAcross is settleChild's step with child.across: a last seed alone in hole
// k, where side me may make a child, with child.count seeds in the hole across
// makes both holes me's children (the hole across whoever's child it was).
func (r *fileRules) settleAcross(q *Position, me Side, k uint8) bool {
	o := int(r.crossOf[k]) & (MaxHoles - 1)
	if q.holes[k] != 1 || r.child.where[me&1]>>k&1 == 0 || q.holes[o] != r.child.count {
		return false
	}
	q.makeChild(int(k), me)
	if other := me.Other() & 1; q.child[other]>>o&1 != 0 {
		q.child[other] &^= 1 << o
		q.sum -= childKeys[other][o]
	}
	if q.child[me&1]>>o&1 == 0 {
		q.makeChild(o, me)
	}
	return true
}

// childSeeds returns the seeds in each side's children (own) and, by row, the seeds
// in children on each side's row (inRow).
func (p *Position) childSeeds() (own, inRow [2]int) {
	v := variants[p.variant]
	for s, kids := range p.child {
		for ; kids != 0; kids &= kids - 1 {
			h := bits.TrailingZeros32(kids)
			own[s] += int(p.holes[h])
			inRow[v.owner[h]] += int(p.holes[h])
		}
	}
	return own, inRow
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

// isChild reports whether hole h of p is a child.
func (p *Position) isChild(h int) bool {
	return (p.child[South]|p.child[North])>>(h&(MaxHoles-1))&1 != 0
}

// checkChildren refuses children that the game's rules could not have made: more
// than one a side with child.one_each, or in a hole where its owner may not make one.
func (r *fileRules) checkChildren(p *Position) error {
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
