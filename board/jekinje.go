package board

import "fmt"

// jeKiNJeRules: multi-lap relay sowing counter-clockwise; a last seed landing in an
// empty opponent hole moves on into the next opponent hole and captures it; no grand
// slam; the opponent must be fed.
type jeKiNJeRules struct{}

func (jeKiNJeRules) play(p *Position, h int, q *Position) verdict {
	n := p.holes[h&(MaxHoles-1)]
	if n == 0 {
		return emptyHole
	}
	v := variants[p.variant&(MaxVariants-1)]
	me, opp := p.side, p.side.Other()
	mustFeedOpponent := p.RowSeeds(opp) == 0
	*q = *p
	land, ok := q.relay(v.lifts, h, n)
	if !ok {
		return endlessMove
	}
	if v.owner[land] == opp {
		next := v.next[land] & (MaxHoles - 1)
		if v.owner[next] == opp && q.holes[next] > 0 {
			captured := q.holes[next] + 1
			if q.RowSeeds(opp) > int(captured) { // no grand slam
				q.set(land, 0)
				q.set(int(next), 0)
				q.setStore(me, q.stores[me&1]+captured)
			}
		}
	}
	if mustFeedOpponent && q.RowSeeds(opp) == 0 {
		return mustFeed
	}
	q.flipSide()
	return legal
}

func (jeKiNJeRules) stuck(p *Position) Result {
	if p.RowSeeds(p.side.Other()) == 0 {
		// Feeding impossible: the player to move takes every seed left on the board.
		board := p.RowSeeds(South) + p.RowSeeds(North)
		south, north := int(p.stores[South]), int(p.stores[North])
		if p.side == South {
			south += board
		} else {
			north += board
		}
		return scoredResult(south, north, FeedingImpossible)
	}
	return eachTakesOwn(p, NoLegalMove)
}

func (jeKiNJeRules) loop(p *Position) Result { return eachTakesOwn(p, LoopEnding) }

// mayBeOver: any non-empty own hole is a move (endless moves aside) unless the
// feeding rule bites, which needs the opponent's row empty.
func (jeKiNJeRules) mayBeOver(p *Position) bool {
	return p.RowSeeds(p.side) == 0 || p.RowSeeds(p.side.Other()) == 0
}

func (jeKiNJeRules) minSowable() int { return 1 }

func (jeKiNJeRules) parseState(_ *Variant, s string) (uint16, error) { return noState(s) }

func (jeKiNJeRules) formatState(*Variant, uint16) string { return "-" }

func (jeKiNJeRules) phase(*Position) int { return 0 }

// noState parses the state field of a game without variant state.
func noState(s string) (uint16, error) {
	if s != "-" {
		return 0, fmt.Errorf("state field must be - in this game, not %q", clip(s))
	}
	return 0, nil
}
