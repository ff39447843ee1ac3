package board

import "math/bits"

// adjiKuiRules: single-lap sowing counter-clockwise from holes of two or more seeds;
// a last seed that makes 2 or 3 in an opponent hole captures it and, going backwards,
// every adjacent opponent hole of 2 or 3; a player who cannot move passes.
type adjiKuiRules struct{}

func (r adjiKuiRules) play(p *Position, h int, q *Position) verdict {
	n := p.holes[h&(MaxHoles-1)]
	if n < 2 {
		return tooFewSeeds
	}
	v := variants[p.variant&(MaxVariants-1)]
	*q = *p
	k := q.liftAndSow(v.lifts, h, n)
	if v.owner[k] != q.side && q.holes[k]|1 == 3 {
		r.capture(q, k)
	}
	q.flipSide()
	return legal
}

// playAll is playHoles for Adji Kui I: it plays every move of p, in coordinate
// order, into out[i*stride] and returns how many there are. Each hole of two or
// more seeds (found eight at a time) is a move, played as play does, without a call
// per move but for captures (TestNextChildMatchesGenerate holds the two to the same
// children).
func (r adjiKuiRules) playAll(p *Position, out []Child, stride int) int {
	v := variants[p.variant&(MaxVariants-1)]
	me := p.side
	own := p.holesOfTwo(me)
	n := 0
	for own != 0 {
		h := bits.TrailingZeros16(own) // South's coordinate order: a1 = 0 upwards
		if me == North {
			h = 15 - bits.LeadingZeros16(own) // North's: a2 = 11 downwards
		}
		own &^= 1 << h
		c := &out[n*stride]
		c.Move = Move(h)
		n++
		q := &c.Pos
		*q = *p
		k := q.liftAndSow(v.lifts, h, p.holes[h&(MaxHoles-1)])
		if v.owner[k] != me && q.holes[k]|1 == 3 {
			r.capture(q, k)
		}
		q.flipSide()
	}
	return n
}

// capture takes, for the side to move of q, the opponent's hole k, where the last
// seed made 2 or 3, and going backwards every adjacent opponent hole of 2 or 3.
func (adjiKuiRules) capture(q *Position, k int) {
	v := variants[q.variant&(MaxVariants-1)]
	me := q.side
	captured := uint8(0)
	for v.owner[k&(MaxHoles-1)] != me {
		c := q.holes[k&(MaxHoles-1)]
		if c != 2 && c != 3 {
			break
		}
		captured += q.take(k)
		k = int(v.prev[k&(MaxHoles-1)])
	}
	q.setStore(me, q.stores[me&1]+captured)
}

// countMoves: every hole of two or more seeds is a move; without one, a pass if the
// opponent has one.
func (adjiKuiRules) countMoves(p *Position) int {
	if own := p.holesOfTwo(p.side); own != 0 {
		return bits.OnesCount16(own)
	}
	if p.holesOfTwo(p.side.Other()) != 0 {
		return 1
	}
	return 0
}

// mayPass: a player without a hole of two or more seeds passes if the opponent can move.
func (adjiKuiRules) mayPass(p *Position) bool {
	return p.holesOfTwo(p.side.Other()) != 0
}

func (adjiKuiRules) stuck(p *Position) Result { return eachTakesOwn(p, NoLegalMove) }

func (adjiKuiRules) loop(p *Position) Result { return eachTakesOwn(p, LoopEnding) }

// mayBeOver: a hole of two or more is a move for its owner and a pass for the other.
func (adjiKuiRules) mayBeOver(p *Position) bool {
	return p.holesOfTwo(South)|p.holesOfTwo(North) == 0
}

func (adjiKuiRules) minSowable() int { return 2 }

func (adjiKuiRules) parseState(_ *Variant, s string) (uint16, error) { return noState(s) }

func (adjiKuiRules) formatState(*Variant, uint16) string { return "-" }

func (adjiKuiRules) phase(*Position) int { return 0 }
