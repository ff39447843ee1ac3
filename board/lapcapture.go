package board

// Captures at the end of each lap of a relay (sow.lap_captures, StoneShark's
// LAP_CAPT) and, when few seeds are left, the opponent taking the seeds sown into
// its row (sow.opponent_takes, StoneShark's LAP_CAPT_OPP_GETS).

// lapCapture is the end of one sowing of a relay with sow.lap_captures, its last
// seed in hole last: where that seed captures, the capture is taken and the relay
// goes on, from the landing hole after a cross capture (its lone seed, and with
// sow.lap_captures_sown the seeds taken, put back into it) and from
// the next hole after a capture by count; from reports that hole, and captured
// whether a capture was taken. With capture.two_out a last seed in an occupied hole
// takes two out where it can, and the relay goes on from the landing hole, as it
// does without a capture (StoneShark's GapNextCapt).
func (r *fileRules) lapCapture(q *Position, me Side, last uint8) (from int, captured bool) {
	k := int(last & (MaxHoles - 1))
	if r.twoOut {
		return k, last < storeSlot && q.holes[k] > 1 && r.captureTwoOut(q, me, last) > 0
	}
	if !r.mayCapture(q, me, last) {
		return k, false
	}
	taken, _ := r.capture(q, me, k, false)
	if taken == 0 {
		return k, false
	}
	if r.lapSown { // sow.lap_captures_sown: the seeds taken join the lone seed
		q.setStore(me, q.stores[me&1]-uint8(taken))
		q.set(k, q.holes[k]+uint8(taken))
	}
	if r.cross != crossNone {
		return k, true
	}
	cyc := r.cycle[me&1][:r.cycleLen[me&1]]
	return int(cyc[(int(r.at[me&1][k])+1)%len(cyc)]), true
}

// sowOppTakes sows n seeds lifted from hole h by side me one by one, when the board
// holds no more than sow.opponent_takes seeds besides them: each seed that would
// fall into the opponent's row goes to the opponent's store instead, but a last
// seed that makes a capturing count there (capture.counts, on capture.side). With
// more seeds on the board it sows as any sowing does. It returns the slot of the
// last seed (a hole of the opponent's that kept its count when the opponent took
// that seed). There is no sowing into stores (compileRules checks).
func (r *fileRules) sowOppTakes(q *Position, me Side, h int, n uint8) uint8 {
	h &= MaxHoles - 1
	if q.SeedsOnBoard()-int(n) > int(r.oppTakes) {
		return r.sow.sowFrom(q, me, h, n)
	}
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
		c := q.holes[slot] + 1
		if r.oppRow[me&1]>>slot&1 != 0 && (n > 1 || !r.captureCount[c] || r.capturable[me&1]>>slot&1 == 0) {
			q.setStore(me.Other(), q.stores[me.Other()&1]+1)
		} else {
			q.set(int(slot), c)
		}
		n--
	}
	return last
}
