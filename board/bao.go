package board

import "fmt"

// baoRules: each player sows clockwise around their own 16 holes with relay. While
// reserves last, a move first adds a reserve cow to the chosen hole and nothing is
// captured; in the raiding phase a lap ending in an occupied inner hole facing an
// occupied opponent hole captures those cows and sows them on, starting in the
// landing hole. A player whose inner row is empty has lost.
type baoRules struct{}

func (baoRules) play(p *Position, h int, q *Position) verdict {
	if p.holes[h] == 0 {
		return emptyHole
	}
	v := variants[p.variant&(MaxVariants-1)]
	me := p.side
	*q = *p
	capturing := false
	switch {
	case q.state&firstMove != 0:
		q.setState(q.state &^ firstMove) // the first move of the game adds no cow
	case q.stores[me] > 0:
		q.setStore(me, q.stores[me]-1)
		q.set(h, q.holes[h]+1)
	default:
		capturing = q.stores[me.Other()] == 0
	}
	// The cows in hand are lifted from land and sown from the hole after it, or,
	// captured, sown from land itself.
	land, n, captured := h, q.holes[h], false
	for laps := 1; ; laps++ {
		if laps > MaxLaps {
			return endlessMove
		}
		if captured {
			land = q.sowLastLap(v, land, q.sowWholeLaps(v, land, n))
		} else {
			land = q.liftAndSow(v.lifts, land, n)
		}
		if n = q.holes[land]; n == 1 {
			break // landed in an empty hole
		}
		facing := v.Facing(land)
		if captured = capturing && v.isInner[land] && q.holes[facing&(MaxHoles-1)] > 0; captured {
			n = q.take(facing)
		}
	}
	q.flipSide()
	return legal
}

// baoInnerCows is InnerCows for Bao la Kimasai, whose inner rows are holes 0..7
// (South) and 24..31 (North): eight counts read at once.
func baoInnerCows(p *Position, s Side) int {
	return byteSum(le.Uint64(p.holes[24*int(s&1):]))
}

// decided judges the move that produced p: if the side to move has no inner cow the
// mover won; otherwise if the mover has none, the mover lost.
func (baoRules) decided(p *Position) (Result, bool) {
	mover := p.side.Other()
	if baoInnerCows(p, p.side) == 0 {
		return winFor(mover, InnerRowEmpty), true
	}
	if baoInnerCows(p, mover) == 0 {
		return winFor(p.side, InnerRowEmpty), true
	}
	return Result{}, false
}

// stuck: a player to move without a legal move loses.
func (baoRules) stuck(p *Position) Result { return winFor(p.side.Other(), NoLegalMove) }

func (baoRules) loop(*Position) Result { return Result{Outcome: Draw, Reason: LoopEnding} }

// mayBeOver: the game goes on while both inner rows hold cows (decided), and the side
// to move then has a non-empty hole, a move unless it is endless.
func (baoRules) mayBeOver(p *Position) bool {
	return p.InnerCows(South) == 0 || p.InnerCows(North) == 0
}

func (baoRules) minSowable() int { return 1 }

func (baoRules) parseState(_ *Variant, s string) (uint16, error) {
	switch s {
	case "-":
		return 0, nil
	case "*":
		return firstMove, nil
	}
	return 0, fmt.Errorf("state field must be - or * in Bao la Kimasai, not %q", clip(s))
}

func (baoRules) formatState(_ *Variant, state uint16) string {
	if state&firstMove != 0 {
		return "*"
	}
	return "-"
}

// Bao la Kimasai's phases (Profile.Words.Phases): the first move of the game, which
// adds no cow, the reserve phase, and the raiding phase once both reserves are empty.
const (
	baoFirstMove = iota
	baoReserve
	baoRaiding
)

func (baoRules) phase(p *Position) int {
	switch {
	case p.IsFirstMove():
		return baoFirstMove
	case p.stores[South] > 0 || p.stores[North] > 0:
		return baoReserve
	}
	return baoRaiding
}
