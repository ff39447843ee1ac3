package board

import "fmt"

// PositionFrom builds a position of v without notation: the seeds in each hole (by hole
// index, Holes() of them), the side to move and the two stores, with no variant state
// (state "-"; in a game of capture.locked_until_played every hole locked, as at the
// start). It is the fast way for programs that enumerate positions (endgame
// tables) to make them; the seed total must be the variant's.
func (v *Variant) PositionFrom(holes []int, side Side, south, north int) (Position, error) {
	var p Position
	if len(holes) != v.holes {
		return p, fmt.Errorf("%s has %d holes, got %d counts", v.Title, v.holes, len(holes))
	}
	if v.Reserves {
		return p, fmt.Errorf("%s positions need their reserve state; use the notation", v.Title)
	}
	total := south + north
	for h, n := range holes {
		if n < 0 || n > v.Seeds {
			return p, fmt.Errorf("hole %s: count %d out of range", v.FormatMove(Move(h)), n)
		}
		p.holes[h] = uint8(n)
		total += n
	}
	if south < 0 || north < 0 || total != v.Seeds {
		return p, fmt.Errorf("%s has %d seeds in all, these counts have %d", v.Title, v.Seeds, total)
	}
	p.variant = v.ID
	p.side = side
	p.stores = [2]uint8{uint8(south), uint8(north)}
	if v.file != nil && v.file.round != nil && v.file.round.tracksStarter() && side == North {
		p.state = northBegan // the side to move began the round
	}
	if v.file != nil && v.file.playLocks {
		all := uint32(1)<<v.holes - 1 // every hole locked, as at the start (capture.locked_until_played)
		p.child = [2]uint32{all, all}
	}
	p.sum = p.keySum()
	return p, nil
}
