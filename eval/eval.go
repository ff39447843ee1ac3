// Package eval scores positions for the search, one evaluation per variant, in
// centiseeds (100 = one seed) from the side to move's point of view.
//
// Every evaluation starts from material: the store difference in the scoring games,
// and in Bao la Kimasai (no stores) the cows each player owns on the board and in
// reserve. Features add to it; each can be switched off (Features) so that self-play
// matches can measure what it is worth. Only features that won their match are in
// Default; the ledger in eval/FEATURES.md records the results.
package eval

import "mancala/board"

// Features is a set of evaluation terms on top of material.
type Features uint32

// The evaluation terms.
const (
	// Row counts the seeds on each player's row at a fraction of a stored seed: the
	// scoring games end with each player taking the seeds on their own side.
	Row Features = 1 << iota
	// Mobility counts the holes each player could play from.
	Mobility
	// Inner counts each player's cows in their inner row (Bao la Kimasai), the row
	// whose emptying loses the game and where captures strike. It weighs against the
	// player: cows kept back in the outer row measured better than cows exposed in
	// the inner row.
	Inner
)

// All is every feature.
const All = Row | Mobility | Inner

// Default is the feature set Evaluate uses in each game, indexed by board.VariantID.
var Default = [...]Features{
	board.JeKiNJe:      0,
	board.AdjiKui1:     Row,
	board.AdjiBoto:     Row | Mobility,
	board.BaoLaKimasai: Inner,
}

// Weights of the features, in centiseeds per unit.
const (
	rowWeight      = 25  // per seed on the row
	mobilityWeight = 10  // per playable hole
	innerWeight    = -30 // per inner-row cow
)

// Evaluate returns the static score of p for the side to move with the Default features.
func Evaluate(p *board.Position) int { return Default[p.Variant().ID].Evaluate(p) }

// Evaluate returns the static score of p for the side to move using the features f.
func (f Features) Evaluate(p *board.Position) int {
	if p.Variant().ID == board.BaoLaKimasai {
		return f.bao(p)
	}
	return f.scoring(p)
}

// scoring evaluates Je ki n je, Adji Kui I and Adji-Boto.
func (f Features) scoring(p *board.Position) int {
	me, opp := p.SideToMove(), p.SideToMove().Other()
	v := p.Variant()
	score := 100 * (p.Store(me) - p.Store(opp))
	if f&Row != 0 {
		score += rowWeight * (p.RowSeeds(me) - p.RowSeeds(opp))
	}
	if f&Mobility != 0 {
		minSeeds := 2 // Adji Kui I and Adji-Boto play holes of two or more
		if v.ID == board.JeKiNJe {
			minSeeds = 1
		}
		score += mobilityWeight * (playable(p, me, minSeeds) - playable(p, opp, minSeeds))
	}
	return score
}

// playable counts side s's holes holding at least minSeeds seeds.
func playable(p *board.Position, s board.Side, minSeeds int) int {
	n := 0
	for _, h := range p.Variant().OwnHoles(s) {
		if p.Seeds(int(h)) >= minSeeds {
			n++
		}
	}
	return n
}

// bao evaluates Bao la Kimasai: cows owned (board and reserve), inner-row strength.
func (f Features) bao(p *board.Position) int {
	me, opp := p.SideToMove(), p.SideToMove().Other()
	v := p.Variant()
	score := 100 * (p.RowSeeds(me) + p.Store(me) - p.RowSeeds(opp) - p.Store(opp))
	var inner, mobile [2]int
	for s := board.South; s <= board.North; s++ {
		for _, h := range v.OwnHoles(s) {
			n := p.Seeds(int(h))
			if n > 0 {
				mobile[s]++
			}
			if v.IsInner(int(h)) {
				inner[s] += n
			}
		}
	}
	if f&Inner != 0 {
		score += innerWeight * (inner[me] - inner[opp])
	}
	if f&Mobility != 0 {
		score += mobilityWeight * (mobile[me] - mobile[opp])
	}
	return score
}
