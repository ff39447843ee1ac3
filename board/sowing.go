package board

// fileRules plays a game described by a rule file (rulefile.go): one loop for every
// such game, reading what it needs from tables built once when the game is
// registered (the sowing cycle of each side with the stores it passes, the hole
// across from each hole) and from flags decided at load. Holes are laid out as in
// the two-row games written in Go: index 0..H-1 is row 1 from column a, H..2H-1 is
// row 2 from the last column back to a, so counter-clockwise is index+1.
type fileRules struct {
	// Sowing.
	clockwise   bool
	relay       bool // lift the landing hole's seeds and sow on while it was occupied
	relayStop   bool // a relay stops where its last seed would capture by count
	skipStart   bool // laps pass over the emptied start hole
	endlessEnds bool // a sowing past lapLimit ends the game (else the move is illegal)
	lapLimit    int  // the most sowings one move may take (a relay's lifts, counting the first)
	leaveOne    bool // the start hole keeps one seed
	sowStores   uint8
	minSeeds    uint8
	// Captures.
	captureCount    [256]bool // a last seed making one of these counts captures
	countCaptures   bool
	captureSide     uint8
	chain           uint8
	cross           uint8
	crossTakesSower bool
	grandSlam       uint8
	slamNeedsSeeds  bool // only a row that held seeds before the move suffers a grand slam
	// Turns, feeding and endings.
	extraOnStore, extraOnCapture bool
	mustFeed                     bool
	pass                         bool
	rowEmptyEnds, majority       bool
	fewerThan                    uint8 // the game ends when 1 to fewerThan-1 seeds are left on the board
	seedsLeft                    uint8
	loopSeeds                    uint8 // who takes the seeds left when a position repeats

	// Tables of one board, built by layout.
	cycle    [2][MaxHoles + 2]uint8 // the slots side s sows through, from hole 0 on
	cycleLen [2]uint8
	at       [2][MaxHoles]uint8 // each hole's place in side s's cycle
	holeRing uint8              // 2H: the holes alone, for chains
	half     uint8              // more than this in a store wins, with end.majority
}

// The values of the rule file's words, in the order compileRules lists them.
const (
	storesNone, storesOwn, storesBoth  = 0, 1, 2
	sideOpponent, sideOwn, sideBoth    = 0, 1, 2
	chainNone, chainBackward, chainFwd = 0, 1, 2
	crossNone, crossAlways, crossFed   = 0, 1, 2
	slamAllowed, slamNothing, slamBan  = 0, 1, 2
	leftOwner, leftOther, leftNobody   = 0, 1, 2
	leftSplit                          = 3 // halves, the odd seed to the side behind in store
)

// storeSlot is the slot number of South's store in a sowing cycle (North's is one
// more): above every hole index.
const storeSlot = MaxHoles

// Limits of the games a rule file may describe: a count must fit a byte, and the
// sum of a row must too (RowSeeds adds eight counts at once).
const (
	maxFileCols  = 15
	maxFileSeeds = 240
)

// layout builds the tables of a 2 x cols board with seeds seeds in all.
func (r *fileRules) layout(cols, seeds int) {
	holes := 2 * cols
	r.holeRing = uint8(holes)
	r.half = uint8(seeds / 2)
	step := 1
	if r.clockwise {
		step = holes - 1
	}
	// The store of side s lies where s's sowing leaves s's row.
	for s := South; s <= North; s++ {
		n := 0
		h := 0
		for range holes {
			r.at[s][h] = uint8(n)
			r.cycle[s][n] = uint8(h)
			n++
			next := (h + step) % holes
			if owner := Side(h / cols); owner != Side(next/cols) && r.sowsInto(s, owner) {
				r.cycle[s][n] = storeSlot + uint8(owner)
				n++
			}
			h = next
		}
		r.cycleLen[s] = uint8(n)
	}
}

// sowsInto reports whether side s's sowing drops a seed in owner's store.
func (r *fileRules) sowsInto(s, owner Side) bool {
	return r.sowStores == storesBoth || r.sowStores == storesOwn && s == owner
}

// drop sows one seed into slot.
func (q *Position) drop(slot uint8) {
	if slot >= storeSlot {
		s := Side(slot - storeSlot)
		q.setStore(s, q.stores[s&1]+1)
		return
	}
	q.set(int(slot), q.holes[slot&(MaxHoles-1)]+1)
}

// sow lifts the seeds of hole h and sows them on through side me's cycle, relaying
// where the rules say so, and returns the slot the last seed fell into; ok is false
// for an endless move.
func (r *fileRules) sow(v *Variant, q *Position, me Side, h int) (last uint8, ok bool) {
	cyc := r.cycle[me][:r.cycleLen[me]]
	size := len(cyc)
	for lift := 0; ; lift++ {
		if lift >= r.lapLimit {
			if r.endlessEnds {
				q.take(h) // StoneShark's quirk: the seeds in hand leave the game
			}
			return 0, false
		}
		n := int(q.take(h))
		if r.leaveOne && lift == 0 {
			q.set(h, 1)
			n--
		}
		lap := size
		if r.skipStart {
			lap--
		}
		i := int(r.at[me][h])
		if n > lap { // whole laps at once, leaving at least one seed to sow singly
			laps := (n - 1) / lap
			for _, s := range cyc {
				if !r.skipStart || int(s) != h {
					for range laps {
						q.drop(s)
					}
				}
			}
			n -= laps * lap
		}
		for n > 0 {
			if i++; i == size {
				i = 0
			}
			if r.skipStart && int(cyc[i]) == h {
				continue
			}
			q.drop(cyc[i])
			n--
		}
		last = cyc[i]
		if !r.relay || last >= storeSlot || q.holes[last&(MaxHoles-1)] <= 1 ||
			r.relayStop && r.takes(v, q, me, int(last)) {
			return last, true
		}
		h = int(last)
	}
}

// play plays the move from hole h of the side to move into q.
func (r *fileRules) play(v *Variant, p *Position, h int, q *Position) verdict {
	n := p.holes[h]
	switch {
	case n == 0:
		return emptyHole
	case n < r.minSeeds:
		return tooFewSeeds
	}
	me, opp := p.side, p.side.Other()
	oppEmpty := p.RowSeeds(opp) == 0
	hungry := r.mustFeed && oppEmpty
	*q = *p
	last, ok := r.sow(v, q, me, h)
	if !ok {
		if !r.endlessEnds {
			return endlessMove
		}
		// The game ends at once: the seeds still sown go as a repetition's do.
		res := shareLeft(q, r.loopSeeds, LoopEnding)
		for _, hh := range v.own[South] {
			q.set(int(hh), 0)
		}
		for _, hh := range v.own[North] {
			q.set(int(hh), 0)
		}
		q.setStore(South, uint8(res.South))
		q.setStore(North, uint8(res.North))
		q.flipSide()
		return legal
	}
	again := last == storeSlot+uint8(me) && r.extraOnStore
	if last < storeSlot {
		captured, slam := r.capture(v, q, me, int(last), oppEmpty)
		if slam && r.grandSlam == slamBan {
			return grandSlam
		}
		if captured > 0 && r.extraOnCapture {
			again = true
		}
	}
	if hungry && q.RowSeeds(opp) == 0 {
		return mustFeed
	}
	if !again {
		q.flipSide()
	}
	return legal
}

// capture takes what a last seed in hole k captures for side me, and returns how
// many seeds it took and whether the capture would have taken every seed of the
// opponent's row (a grand slam: then, by the rules, it takes all, nothing, or the
// move is illegal).
// A row that was empty before the move (oppEmpty) suffers no grand slam where
// capture.grand_slam_when_fed is false.
func (r *fileRules) capture(v *Variant, q *Position, me Side, k int, oppEmpty bool) (taken int, slam bool) {
	var grab [MaxHoles + 1]uint8 // the holes to empty
	ng := 0
	fromOpp := 0
	if r.cross != crossNone && v.owner[k] == me && q.holes[k] == 1 {
		o := int(r.holeRing) - 1 - k
		if r.cross == crossAlways || q.holes[o] > 0 {
			grab[ng] = uint8(o)
			ng++
			fromOpp += int(q.holes[o])
			if r.crossTakesSower {
				grab[ng] = uint8(k)
				ng++
			}
		}
	}
	if r.countCaptures && ng == 0 {
		step := int(r.holeRing) - 1 // backward: against the sowing
		if r.clockwise != (r.chain == chainFwd) {
			step = 1
		}
		for j := k; ng < int(r.holeRing) && r.takes(v, q, me, j); j = (j + step) % int(r.holeRing) {
			grab[ng] = uint8(j)
			ng++
			if v.owner[j] != me {
				fromOpp += int(q.holes[j])
			}
			if r.chain == chainNone {
				break
			}
		}
	}
	if ng == 0 {
		return 0, false
	}
	slam = fromOpp > 0 && fromOpp == q.RowSeeds(me.Other()) && !(oppEmpty && r.slamNeedsSeeds)
	if slam && r.grandSlam != slamAllowed {
		return 0, true
	}
	for _, j := range grab[:ng] {
		taken += int(q.take(int(j)))
	}
	q.setStore(me, q.stores[me]+uint8(taken))
	return taken, slam
}

// takes reports whether hole j's seeds are captured by count for side me.
func (r *fileRules) takes(v *Variant, q *Position, me Side, j int) bool {
	switch r.captureSide {
	case sideOpponent:
		if v.owner[j] == me {
			return false
		}
	case sideOwn:
		if v.owner[j] != me {
			return false
		}
	}
	return r.captureCount[q.holes[j]]
}

// decided ends a game whose row emptied (end.row_empty) or whose store holds more
// than half the seeds (end.majority).
func (r *fileRules) decided(p *Position) (Result, bool) {
	if r.majority && (p.stores[South] > r.half || p.stores[North] > r.half) {
		return scoredResult(int(p.stores[South]), int(p.stores[North]), MajorityCaptured), true
	}
	if r.rowEmptyEnds && (p.RowSeeds(South) == 0 || p.RowSeeds(North) == 0) {
		return r.share(p, RowEmpty), true
	}
	if left := p.SeedsOnBoard(); left > 0 && left < int(r.fewerThan) {
		return r.share(p, FewSeeds), true
	}
	return Result{}, false
}

// share ends the game at p, the seeds left on the board going as end.seeds_left says.
func (r *fileRules) share(p *Position, why Reason) Result { return shareLeft(p, r.seedsLeft, why) }

// shareLeft ends the game at p, the seeds left on the board going to their owners,
// the side that is not to move (the last mover), nobody, or split in halves.
func shareLeft(p *Position, left uint8, why Reason) Result {
	s, n := int(p.stores[South]), int(p.stores[North])
	switch left {
	case leftSplit:
		board := p.SeedsOnBoard()
		s += board / 2
		n += board / 2
		if board%2 == 1 {
			if n > s {
				s++
			} else {
				n++
			}
		}
	case leftOwner:
		s += p.RowSeeds(South)
		n += p.RowSeeds(North)
	case leftOther:
		if p.side == South {
			n += p.SeedsOnBoard()
		} else {
			s += p.SeedsOnBoard()
		}
	}
	return scoredResult(s, n, why)
}

// mayBeOver is true where the game may be over: a rule decided it, no own hole holds
// enough seeds to be played, or the feeding rule may forbid every move.
func (r *fileRules) mayBeOver(v *Variant, p *Position) bool {
	if _, over := r.decided(p); over {
		return true
	}
	if r.mustFeed && p.RowSeeds(p.side.Other()) == 0 {
		return true
	}
	for _, h := range v.own[p.side] {
		if p.holes[h] >= r.minSeeds {
			return r.grandSlam == slamBan // a forbidden grand slam may rule out every move
		}
	}
	return true
}

func (r *fileRules) stuck(p *Position) Result { return r.share(p, NoLegalMove) }

func (r *fileRules) loop(p *Position) Result { return shareLeft(p, r.loopSeeds, LoopEnding) }

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

func (r *fileRules) parseState(s string) (uint16, error) { return noState(s) }

func (r *fileRules) formatState(uint16) string { return "-" }

func (r *fileRules) phase(*Position) int { return 0 }
