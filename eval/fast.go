package eval

import "mancala/board"

// scorer computes Weights.Score(Extract(p)) in one pass over the holes, without the
// vector: the evaluation runs at every leaf of the search.
type scorer struct {
	w Weights
	// bucket[0][n] and bucket[1][n] are the weights of a hole of n seeds of the side
	// to move and of the other side.
	bucket [2][256]int32
	// outer[s] and inner[s] are side s's holes outside and in the inner row.
	outer, inner [2][]uint8
}

// newScorer prepares the weights w for game v.
func newScorer(v *board.Variant, w Weights) *scorer {
	sc := &scorer{w: w}
	for n := 1; n < 256; n++ {
		sc.bucket[0][n] = w[BucketMine+Term(bucketOf[n])]
		sc.bucket[1][n] = w[BucketTheirs+Term(bucketOf[n])]
	}
	for s := board.South; s <= board.North; s++ {
		for _, h := range v.RowHoles(s) {
			if v.IsInner(int(h)) {
				sc.inner[s] = append(sc.inner[s], h)
			} else {
				sc.outer[s] = append(sc.outer[s], h)
			}
		}
	}
	return sc
}

// score is w.Score of the terms of p.
func (sc *scorer) score(p *board.Position) int {
	me, opp := p.SideToMove(), p.SideToMove().Other()
	v := p.Variant()
	w := &sc.w
	var row, innerCows, innerHoles [2]int
	s := int(w[Tempo])
	for i, side := range [2]board.Side{me, opp} {
		bucket := &sc.bucket[i]
		for _, h := range sc.outer[side] {
			n := p.Seeds(int(h))
			row[i] += n
			s += int(bucket[n])
		}
		for _, h := range sc.inner[side] {
			n := p.Seeds(int(h))
			innerCows[i] += n
			innerHoles[i] += min(n, 1)
			s += int(bucket[n])
		}
		row[i] += innerCows[i]
	}
	mine, theirs := p.Store(me), p.Store(opp)
	off := mine + theirs
	if v.Reserves {
		s += int(w[ReserveMine])*mine + int(w[ReserveTheirs])*theirs
		s += int(w[InnerMine])*innerCows[0] + int(w[InnerTheirs])*innerCows[1]
		s += int(w[InnerHolesMine])*innerHoles[0] + int(w[InnerHolesTheirs])*innerHoles[1]
		mine += row[0]
		theirs += row[1]
	}
	material := mine - theirs
	s += int(w[Material])*material + int(w[MaterialLate])*material*off
	if v.Scoring {
		s += int(w[RowMine])*row[0] + int(w[RowTheirs])*row[1] + int(w[RowLate])*(row[0]-row[1])*off
	}
	return s / WeightScale
}
