package board

import "math/bits"

// adjiKuiRules: single-lap sowing counter-clockwise from holes of two or more seeds;
// a last seed that makes 2 or 3 in an opponent hole captures it and, going backwards,
// every adjacent opponent hole of 2 or 3; a player who cannot move passes.
type adjiKuiRules struct{}

func (adjiKuiRules) play(p *Position, h int, q *Position) verdict {
	n := p.holes[h&(MaxHoles-1)]
	if n < 2 {
		return tooFewSeeds
	}
	v := variants[AdjiKui1]
	me := p.side
	*q = *p
	k := q.liftAndSow(v.lifts, h, n)
	captured := uint8(0)
	for v.owner[k] != me {
		c := q.holes[k]
		if c != 2 && c != 3 {
			break
		}
		captured += q.take(k)
		k = int(v.prev[k] & (MaxHoles - 1))
	}
	if captured > 0 {
		q.setStore(me, q.stores[me&1]+captured)
	}
	q.flipSide()
	return legal
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

func (adjiKuiRules) parseState(s string) (uint16, error) { return noState(s) }

func (adjiKuiRules) formatState(uint16) string { return "-" }

func (adjiKuiRules) phase(*Position) int { return 0 }
