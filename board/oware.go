package board

// owareRules: Oware Abapa as Aalina 1.2.1 plays it (docs/rules.md). Single-lap
// sowing counter-clockwise from any non-empty hole, skipping the emptied hole on laps
// of 12 or more; a last seed making 2 or 3 in an opponent hole captures it and,
// going backwards, every adjacent opponent hole of 2 or 3, unless that would take
// every seed the opponent has (grand slam: nothing is captured); a move must leave
// the opponent's row fed; more than half the seeds in a store wins at once.
type owareRules struct{}

// owareMajority is the store that wins Oware Abapa at once: more than half of 48.
const owareMajority = 24

func (owareRules) play(p *Position, h int, q *Position) verdict {
	n := p.holes[h]
	if n == 0 {
		return emptyHole
	}
	v := variants[p.variant&(MaxVariants-1)]
	me, opp := p.side, p.side.Other()
	hungry := p.RowSeeds(opp) == 0
	*q = *p
	q.take(h)
	start := int(v.next[h])
	var k int
	if n < 12 {
		k = q.sowLastLap(v, start, n)
	} else {
		// Laps of 11 skip the emptied hole: sow whole laps of 12 and take back the
		// ones that fell into h, then the rest, fewer than 11, never reach h.
		laps, rest := n/11, n%11
		q.sowWholeLaps(v, start, laps*12)
		q.take(h)
		if rest == 0 {
			k = int(v.prev[h])
		} else {
			k = q.sowLastLap(v, start, rest)
		}
	}
	captured := uint8(0)
	for j := k; v.owner[j] == opp && (q.holes[j] == 2 || q.holes[j] == 3); j = int(v.prev[j]) {
		captured += q.holes[j]
	}
	if captured > 0 && int(captured) < q.RowSeeds(opp) { // a grand slam captures nothing
		for j := k; v.owner[j] == opp && (q.holes[j] == 2 || q.holes[j] == 3); j = int(v.prev[j]) {
			q.take(j)
		}
		q.setStore(me, q.stores[me]+captured)
	}
	if hungry && q.RowSeeds(opp) == 0 {
		return mustFeed
	}
	q.flipSide()
	return legal
}

// decided: a store of more than half the seeds has won; the game ends with the
// stores as they are (the seeds on the board are not shared out).
func (owareRules) decided(p *Position) (Result, bool) {
	if p.stores[South] > owareMajority || p.stores[North] > owareMajority {
		return scoredResult(int(p.stores[South]), int(p.stores[North]), MajorityCaptured), true
	}
	return Result{}, false
}

func (owareRules) stuck(p *Position) Result { return eachTakesOwn(p, NoLegalMove) }

func (owareRules) loop(p *Position) Result { return eachTakesOwn(p, LoopEnding) }

// mayBeOver: any non-empty own hole is a move unless the feeding rule bites, which
// needs the opponent's row empty; and a store past 24 has decided the game.
func (owareRules) mayBeOver(p *Position) bool {
	return p.RowSeeds(p.side) == 0 || p.RowSeeds(p.side.Other()) == 0 ||
		p.stores[South] > owareMajority || p.stores[North] > owareMajority
}

func (owareRules) minSowable() int { return 1 }

func (owareRules) parseState(_ *Variant, s string) (uint16, error) { return noState(s) }

func (owareRules) formatState(*Variant, uint16) string { return "-" }

func (owareRules) phase(*Position) int { return 0 }
