package board

import (
	"fmt"
	"math/bits"
	"strings"
)

// adjiBotoRules: leave one seed and sow the rest counter-clockwise (stores are not in
// the ring); in the opening each player plays each of their holes once, without
// captures; afterwards the holes after the landing hole holding 1, 3 or 5 are captured
// one after another; a player who cannot move passes.
type adjiBotoRules struct{}

func (adjiBotoRules) play(p *Position, h int, q *Position) verdict {
	n := p.holes[h&(MaxHoles-1)]
	if n < 2 {
		return tooFewSeeds
	}
	opening := p.state
	if opening != 0 && opening&(1<<h) == 0 {
		return playedInOpening
	}
	v := variants[p.variant&(MaxVariants-1)]
	me := p.side
	*q = *p
	land := q.liftAndSow(v.lifts, h, n-1) // one seed stays
	if opening != 0 {
		q.setState(opening &^ (1 << h))
	} else {
		captured := uint8(0)
		for k := int(v.next[land] & (MaxHoles - 1)); k != land; k = int(v.next[k] & (MaxHoles - 1)) {
			c := q.holes[k]
			if c != 1 && c != 3 && c != 5 {
				break
			}
			captured += q.take(k)
		}
		if captured > 0 {
			q.setStore(me, q.stores[me&1]+captured)
		}
	}
	q.flipSide()
	return legal
}

// countMoves: every hole of two or more seeds (in the opening, not yet played) is a
// move; without one, a pass if the opponent has one.
func (r adjiBotoRules) countMoves(p *Position) int {
	if own := r.playable(p, p.side); own != 0 {
		return bits.OnesCount16(own)
	}
	if r.playable(p, p.side.Other()) != 0 {
		return 1
	}
	return 0
}

// playable returns the bit set, by hole index, of the holes side s could play if it
// were to move: those of two or more seeds, in the opening those not yet played.
func (adjiBotoRules) playable(p *Position, s Side) uint16 {
	if p.state != 0 {
		return p.holesOfTwo(s) & p.state
	}
	return p.holesOfTwo(s)
}

// mayPass: a player with no legal move passes if the opponent has one.
func (r adjiBotoRules) mayPass(p *Position) bool {
	return r.playable(p, p.side.Other()) != 0
}

func (adjiBotoRules) stuck(p *Position) Result { return eachTakesOwn(p, NoLegalMove) }

func (adjiBotoRules) loop(p *Position) Result { return eachTakesOwn(p, LoopEnding) }

// mayBeOver: a hole of two or more (during the opening, one not yet played) is a move
// for its owner and a pass for the other; sowing is a single lap, so it is exact.
func (r adjiBotoRules) mayBeOver(p *Position) bool {
	return r.playable(p, South)|r.playable(p, North) == 0
}

func (adjiBotoRules) minSowable() int { return 2 }

// The opening state lists unplayed holes in the order a1..e1, a2..e2.
func (adjiBotoRules) parseState(v *Variant, s string) (uint16, error) {
	switch s {
	case "-":
		return 0, nil
	case "":
		return 0, fmt.Errorf("state field is empty: want - or the holes not yet played in the opening")
	}
	var state uint16
	last := -1
	for rest := s; rest != ""; rest = rest[min(2, len(rest)):] {
		coord := rest[:min(2, len(rest))]
		m, err := v.ParseMove(coord)
		if err != nil || m == Pass {
			return 0, fmt.Errorf("opening state %q: %q is not a hole", clip(s), coord)
		}
		order := v.Row(int(m))*v.Cols + v.Col(int(m))
		if order <= last {
			return 0, fmt.Errorf("opening state %q: holes must be listed once each, in the order a1..e1 then a2..e2", clip(s))
		}
		last = order
		state |= 1 << m
	}
	return state, nil
}

func (adjiBotoRules) formatState(v *Variant, state uint16) string {
	if state == 0 {
		return "-"
	}
	var b strings.Builder
	for _, s := range [2]Side{South, North} {
		for _, h := range v.own[s] {
			if state&(1<<h) != 0 {
				b.WriteString(v.FormatMove(Move(h)))
			}
		}
	}
	return b.String()
}

// Adji-Boto's phases (Profile.Words.Phases): the opening cycle, then play with captures.
const (
	adjiBotoOpening = iota
	adjiBotoPlay
)

func (adjiBotoRules) phase(p *Position) int {
	if p.OpeningLeft() != 0 {
		return adjiBotoOpening
	}
	return adjiBotoPlay
}
