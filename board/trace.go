package board

import "slices"

// A trace says what happened in a move, seed by seed, for front-ends that animate
// sowing. It is produced by a plain step-by-step sower, separate from the fast move
// generator, and tested against it: replaying a legal move's steps from the position
// gives the counts, stores and reserves of the position Play returns.

// StepKind is what one step of a trace does.
type StepKind uint8

// The kinds of step.
const (
	// Lift takes Count seeds from Hole into the hand (the start of a lap). In
	// Adji-Boto one seed stays behind, so Count is one less than the hole held.
	Lift StepKind = iota
	// Drop puts one seed from the hand into Hole.
	Drop
	// Capture moves all Count seeds of Hole to the mover's store.
	Capture
	// Reserve puts one cow from the mover's reserve into Hole (Bao la Kimasai's
	// reserve phase).
	Reserve
	// Seize takes the Count cows of Hole, the opponent's inner hole facing the landing
	// hole, into the hand to sow them on (Bao la Kimasai's raiding phase).
	Seize
	// Store puts one seed from the hand into a store: Hole is the side (0 South, 1
	// North) whose store receives it (a rule file's sow.stores, and sow.take_one's
	// seed).
	Store
	// Give moves all Count seeds of Hole to the store of the hole's owner, while
	// seeds are still in hand, or with capture.passing = "owner-all" as the last
	// seed of a sowing falls into it (a rule file's capture.passing).
	Give
	// LiftStore takes the Count seeds of a store into the hand (the start of a
	// lap): Hole is the side (0 South, 1 North) whose store it is (a rule file's
	// sow.laps = "relay-next" with sow.stores).
	LiftStore
)

var stepNames = [...]string{"lift", "drop", "capture", "reserve", "seize", "store", "give", "lift-store"}

// String names the step kind in one lower-case word.
func (k StepKind) String() string {
	if int(k) < len(stepNames) {
		return stepNames[k]
	}
	return "unknown"
}

// Step is one event of a move. Lap counts the laps of the sowing from 1 (steps before
// the first lift, such as a reserve placement, are in lap 0; captures at the end
// belong to the last lap).
type Step struct {
	Kind  StepKind
	Hole  int
	Count int
	Lap   int
}

// Trace is what happened in one move, in order.
type Trace struct {
	Move     Move
	Side     Side // the mover
	Steps    []Step
	Laps     int  // laps sown (0 for a pass)
	Captured int  // seeds moved to the mover's store by Capture steps
	Again    bool // the mover moves again (an extra turn)
}

// Trace returns the steps of legal move m from p, or the reason m is not legal.
func (p *Position) Trace(m Move) (Trace, error) {
	q, err := p.Play(m)
	if err != nil {
		return Trace{}, err
	}
	s := sower{p: p, v: variants[p.variant], me: p.side, holes: p.holes, stores: p.stores}
	s.t = Trace{Move: m, Side: p.side, Again: q.SideToMove() == p.side}
	if m == Pass {
		return s.t, nil
	}
	h := int(m)
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe:
		s.jeKiNJe(h)
	case kindAdjiKui:
		s.adjiKui(h)
	case kindAdjiBoto:
		s.adjiBoto(h)
	case kindBao:
		s.bao(h)
	default:
		r := p.fileRules()
		if r.round != nil {
			r = r.inRound(p) // sowing past the blocked holes
		}
		s.file(h&(MaxHoles-1), r.direction(p, h))
	}
	return s.t, nil
}

// sower plays one legal move seed by seed on its own copy of the counts, recording
// every step.
type sower struct {
	p      *Position
	v      *Variant
	me     Side
	holes  [MaxHoles]uint8
	stores [2]uint8
	hand   int
	t      Trace
}

func (s *sower) add(k StepKind, h, n int) {
	s.t.Steps = append(s.t.Steps, Step{Kind: k, Hole: h, Count: n, Lap: s.t.Laps})
}

// lift starts a lap by taking n seeds from hole h (leaving the rest).
func (s *sower) lift(h, n int) {
	s.t.Laps++
	s.holes[h] -= uint8(n)
	s.hand = n
	s.add(Lift, h, n)
}

// seize starts a lap with the cows of hole h, captured.
func (s *sower) seize(h int) {
	s.t.Laps++
	s.hand = int(s.holes[h])
	s.holes[h] = 0
	s.add(Seize, h, s.hand)
}

// sowFrom drops the hand one seed at a time, the first into hole h, and returns the
// hole that received the last seed.
func (s *sower) sowFrom(h int) int {
	last := h
	for k := h; s.hand > 0; k = s.v.Next(k) {
		s.holes[k]++
		s.hand--
		s.add(Drop, k, 1)
		last = k
	}
	return last
}

// give moves hole h's seeds to its owner's store in the middle of a sowing.
func (s *sower) give(h int) {
	n := s.holes[h]
	s.holes[h] = 0
	s.stores[s.v.owner[h]] += n
	s.add(Give, h, int(n))
}

// onBoard is the seeds on the board, those in hand not counted.
func (s *sower) onBoard() int {
	n := 0
	for _, c := range s.holes {
		n += int(c)
	}
	return n
}

// lapCapture takes what the last seed of a sowing, in hole last, captures with
// sow.lap_captures, as Capture steps, and returns the hole the relay goes on from
// and whether it captured (fileRules.lapCapture, played on a copy of the counts).
func (s *sower) lapCapture(r *fileRules, last uint8) (int, bool) {
	q := *s.p
	q.holes, q.stores = s.holes, s.stores
	from, captured := r.lapCapture(&q, s.me, last)
	for h := range s.holes {
		if q.holes[h] >= s.holes[h] {
			continue
		}
		n := int(s.holes[h])
		s.capture(h)
		for ; r.lapSown && n > 0; n-- { // sow.lap_captures_sown: back from the store into the landing hole
			s.stores[s.me]--
			s.holes[from]++
			s.add(Reserve, from, 1)
		}
	}
	return from, captured
}

// capture moves hole h's seeds to the mover's store.
func (s *sower) capture(h int) {
	n := int(s.holes[h])
	s.holes[h] = 0
	s.stores[s.me] += uint8(n)
	s.t.Captured += n
	s.add(Capture, h, n)
}

// rowSeeds counts side x's seeds on the sower's board.
func (s *sower) rowSeeds(x Side) int {
	n := 0
	for _, h := range s.v.own[x] {
		n += int(s.holes[h])
	}
	return n
}

// jeKiNJe: relay until a last seed falls into an empty hole; there, in an opponent
// hole followed by an occupied opponent hole, both are captured unless that would
// leave the opponent's row empty.
func (s *sower) jeKiNJe(h int) {
	opp := s.me.Other()
	s.lift(h, int(s.holes[h]))
	land := s.sowFrom(s.v.Next(h))
	for s.holes[land] > 1 {
		s.lift(land, int(s.holes[land]))
		land = s.sowFrom(s.v.Next(land))
	}
	next := s.v.Next(land)
	if s.v.owner[land] == opp && s.v.owner[next] == opp && s.holes[next] > 0 &&
		s.rowSeeds(opp) > int(s.holes[next])+1 {
		s.capture(land)
		s.capture(next)
	}
}

// adjiKui: one lap; then the landing hole and the opponent holes before it are
// captured while they hold 2 or 3.
func (s *sower) adjiKui(h int) {
	s.lift(h, int(s.holes[h]))
	k := s.sowFrom(s.v.Next(h))
	for s.v.owner[k] != s.me && (s.holes[k] == 2 || s.holes[k] == 3) {
		s.capture(k)
		k = s.v.Prev(k)
	}
}

// adjiBoto: leave one seed, sow the rest; after the opening, the holes after the
// landing hole are captured while they hold 1, 3 or 5.
func (s *sower) adjiBoto(h int) {
	s.lift(h, int(s.holes[h])-1)
	land := s.sowFrom(s.v.Next(h))
	if s.p.state != 0 {
		return
	}
	for k := s.v.Next(land); k != land; k = s.v.Next(k) {
		if c := s.holes[k]; c != 1 && c != 3 && c != 5 {
			break
		}
		s.capture(k)
	}
}

// bao: maybe a reserve cow first; then relay around the mover's ring. In the
// raiding phase a lap ending in an occupied inner hole facing occupied cows seizes
// them and sows them from the landing hole itself.
func (s *sower) bao(h int) {
	capturing := false
	switch {
	case s.p.state&firstMove != 0:
	case s.stores[s.me] > 0:
		s.stores[s.me]--
		s.holes[h]++
		s.add(Reserve, h, 1)
	default:
		capturing = s.stores[s.me.Other()] == 0
	}
	s.lift(h, int(s.holes[h]))
	land := s.sowFrom(s.v.Next(h))
	for s.holes[land] > 1 {
		if f := s.v.Facing(land); capturing && s.v.IsInner(land) && s.holes[f] > 0 {
			s.seize(f)
			land = s.sowFrom(land)
			continue
		}
		s.lift(land, int(s.holes[land]))
		land = s.sowFrom(s.v.Next(land))
	}
}

// file: a rule file's game, sown seed by seed through the mover's cycle of holes and
// stores (each sowing's first seed to the mover's store with sow.take_one, holes
// made capturing counts on the way given to their owners, or taken by the mover,
// with capture.passing, the seeds for the opponent's row its own once few are left
// with sow.opponent_takes, passing over the mover's closed holes and putting the
// seed for the opponent's out of play with sow.close_at, the seeds in hand put in the
// mover's store as a seed would enter the opponent's row once the game bears off with
// sow.bear_off), relaying where the rules say (from the landing hole, or
// with sow.laps = "relay-next" from the hole after it), capturing at the end of each
// sowing with sow.lap_captures; a pull across (capture.pull_across) is a lift of the
// hole across, its seeds all dropped into the last hole; the captures at the end are the holes that hold
// fewer seeds in the position Play returns than the sowing left, taken from the
// landing hole backwards round the board.
func (s *sower) file(h int, r *fileRules) {
	if r.plusMinus && s.p.state&firstPattern != 0 {
		s.fileSettled(r, s.plusOneMinusOne(r, h))
		return
	}
	cyc := r.cycle[s.me][:r.cycleLen[s.me]]
	closed := s.p.child[South] & s.p.child[North] // sow.close_at's closed holes
	toOpp := s.p.state&r.turnBits&toOppBits != 0  // one lap, the last seed into the opponent's row
	bearing := r.bearOff && s.p.state&bearingOff != 0
	n := int(s.holes[h] - r.kept(s.holes[h]))
	s.lift(h, n)
	var last uint8
	for lift := 1; ; lift++ {
		if r.takeOne && s.hand > 0 {
			s.stores[s.me]++
			s.hand--
			s.add(Store, int(s.me), 1)
		}
		last = uint8(h) // where no seed is left to sow
		oppTakes := r.oppTakes > 0 && s.onBoard() <= int(r.oppTakes)
		i := int(r.at[s.me][h&(MaxHoles-1)])
		if h >= storeSlot { // sown on from the mover's store (sow.laps = "relay-next")
			i = slices.Index(cyc, uint8(h))
		}
		for s.hand > 0 {
			i = (i + 1) % len(cyc)
			slot := cyc[i]
			if bearing && r.oppRow[s.me&1]>>slot&1 != 0 { // sow.bear_off: the rest to the mover's store
				for ; s.hand > 0; s.hand-- {
					s.stores[s.me]++
					s.add(Store, int(s.me), 1)
				}
				break
			}
			if r.skipStart && int(slot) == h {
				continue
			}
			if toOpp && s.hand == 1 && r.oppRow[s.me&1]>>slot&1 == 0 {
				continue // sow.last_to_opponent_turns
			}
			if r.skipOpp > 0 && s.p.state&(3<<r.plainAt) == 0 && slot < storeSlot && r.oppRow[s.me&1]>>slot&1 != 0 && s.holes[slot] == r.skipOpp {
				continue // sow.skip_opponent_count
			}
			if r.skipKids && slot < storeSlot && s.p.child[s.me.Other()&1]>>slot&1 != 0 && (s.hand > 1 || !r.lastIntoKids) {
				continue // sow.skip_opponent_children
			}
			if r.holeLimit > 0 && slot < storeSlot && s.holes[slot] >= r.holeLimit {
				continue // sow.hole_limit
			}
			if r.closeAt > 0 && slot < storeSlot && closed>>slot&1 != 0 {
				if r.oppRow[s.me&1]>>slot&1 == 0 {
					continue // the mover's closed hole
				}
				s.stores[South]++ // a seed out of play, in South's store
				s.add(Store, int(South), 1)
				s.hand--
				last = slot
				continue
			}
			switch {
			case slot >= storeSlot:
				s.stores[slot-storeSlot]++
				s.add(Store, int(slot-storeSlot), 1)
			case oppTakes && r.oppRow[s.me&1]>>slot&1 != 0 && (s.hand > 1 ||
				!r.captureCount[s.holes[slot]+1] || r.capturable[s.me&1]>>slot&1 == 0):
				s.stores[s.me.Other()]++ // sow.opponent_takes: the seed is the opponent's
				s.add(Store, int(s.me.Other()), 1)
			default:
				s.holes[slot]++
				s.add(Drop, int(slot), 1)
			}
			s.hand--
			last = slot
			if r.passing && (s.hand > 0 || r.passAll) && slot < storeSlot && r.capturable[s.me&1]>>slot&1 != 0 && r.captureCount[s.holes[slot]] &&
				!(r.passOwn && r.oppRow[s.me&1]>>slot&1 != 0) && s.p.state&r.turnBits&quietBits == 0 {
				if r.passSower {
					s.capture(int(slot))
				} else {
					s.give(int(slot))
				}
			}
		}
		if r.lapSown && s.rowSeeds(s.me.Other()) == 0 {
			break // sow.lap_captures_sown: the opponent's row is empty, the move ends
		}
		if r.lapCaptures && last < storeSlot && lift < r.lapLimit {
			if from, captured := s.lapCapture(r, last); captured {
				if s.holes[from] == 0 { // nothing to sow on
					last = uint8(from)
					break
				}
				h = from
				s.lift(h, int(s.holes[h]))
				continue
			}
		}
		if !r.relay || toOpp || last >= storeSlot || lift >= r.lapLimit {
			break // an endless sowing stops at its limit; Play's position shows the end
		}
		if r.relayNext { // on from the next hole while it holds seeds, unless the last seed captures across
			if r.crossTakes(&s.holes, &s.p.child, s.me, int(last)) {
				break
			}
			if h = int(r.nextSlot(s.me, last)); h >= storeSlot { // the mover's store, with sow.stores
				if s.stores[s.me] == 0 {
					break
				}
				s.t.Laps++
				s.hand = int(s.stores[s.me])
				s.stores[s.me] = 0
				s.add(LiftStore, int(s.me), s.hand)
				continue
			}
			if s.holes[h] == 0 {
				break
			}
		} else if r.kids && r.relayStopsAt(s.p.child, &s.holes, s.me, last) {
			break // a child, or one made: StoneShark's relay stops
		} else if s.holes[last] <= 1 ||
			r.relayStop && s.p.state&r.turnBits&quietBits == 0 && r.startable[s.me&1]>>last&1 != 0 && r.captureCount[s.holes[last]] ||
			r.matchAcross && r.matches(&s.holes, s.me, last) ||
			!r.relayCount[s.holes[last]] || r.relayFrom[s.me&1]>>last&1 == 0 { // sow.relay_counts, sow.relay_side
			break
		} else {
			h = int(last)
		}
		if r.closeAt > 0 && r.closes(s.holes[h], s.p.state, s.me, uint8(h)) {
			closed |= 1 << h // closed, and sown on
		}
		s.lift(h, int(s.holes[h]))
	}
	s.fileSettled(r, last)
}

// plusOneMinusOne traces the first move of a game of sow.first_move =
// "plus-one-minus-one": along the sowing from hole h, a seed lifted from every
// other hole is dropped into the next, the last into the hole across from h,
// which it returns.
func (s *sower) plusOneMinusOne(r *fileRules, h int) uint8 {
	cyc := r.cycle[s.me][:r.cycleLen[s.me]]
	i := int(r.at[s.me][h])
	for step := 1; step < len(cyc); step += 2 {
		s.lift(int(cyc[(i+step)%len(cyc)]), 1)
		to := r.crossOf[h]
		if step+1 < len(cyc) {
			to = cyc[(i+step+1)%len(cyc)]
		}
		s.holes[to]++
		s.add(Drop, int(to), 1)
		s.hand--
	}
	return r.crossOf[h]
}

// fileSettled traces what a rule file's move does after its last seed fell into
// slot last: the captures, read from the position the move leaves.
func (s *sower) fileSettled(r *fileRules, last uint8) {
	after, _ := s.p.Play(s.t.Move)
	if r.pullAcross && last < storeSlot && after.holes[last] > s.holes[last] {
		// capture.pull_across: the hole across lifted, its seeds dropped into the
		// last hole
		o := int(r.crossOf[last])
		s.lift(o, int(s.holes[o]))
		for s.hand > 0 {
			s.holes[last]++
			s.hand--
			s.add(Drop, int(last), 1)
		}
	}
	k := int(last)
	if last >= storeSlot {
		k = 0
	}
	// capture.grand_slam = "gives-row": what the mover's store did not gain of the
	// mover's row went to the opponent's store
	other := s.me.Other()
	gives := r.grandSlam == slamGivesRow && after.stores[other&1] > s.stores[other&1]
	mine := int(after.stores[s.me&1]) - int(s.stores[s.me&1]) // captured for the mover
	var given, own []int                                      // the mover's holes emptied, the opponent's captured first
	for range s.v.holes {
		if n := int(s.holes[k]) - int(after.holes[k]); n > 0 {
			if gives && r.oppRow[other&1]>>k&1 != 0 {
				own = append(own, k)
			} else {
				mine -= n
				s.capture(k)
			}
		}
		k = (k + s.v.holes - 1) % s.v.holes
	}
	for _, h := range own {
		if n := int(s.holes[h]); n <= mine {
			mine -= n
			s.capture(h)
		} else {
			given = append(given, h)
		}
	}
	for _, h := range given { // lifted and dropped into the opponent's store
		s.lift(h, int(s.holes[h]))
		for ; s.hand > 0; s.hand-- {
			s.stores[other&1]++
			s.add(Store, int(other), 1)
		}
	}
}
