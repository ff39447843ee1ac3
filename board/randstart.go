package board

import "math/rand/v2"

// compileStartRandom reads start_random: "at-least-two" deals the start's seeds at
// random, at least two a hole where the seeds make two a hole (StoneShark's
// start_pattern 6, RANDOM).
func (g *gameSpec) compileStartRandom(r *fileRules) *specError {
	n, err := oneOf(g.StartRandom, []string{"start_random"}, "", "at-least-two")
	if err != nil || n == 0 {
		return err
	}
	if r.round != nil {
		return bad("a game in rounds would begin each round with a new draw: not with round.*", "start_random")
	}
	r.startRandom = true
	return nil
}

// DrawsStart reports whether a new game of v begins from a start drawn at random
// (DrawStart) rather than from its fixed start, v.Start.
func (v *Variant) DrawsStart() bool { return v.file != nil && v.file.startRandom }

// DrawStart deals v's start at random from rng (dealStart): the seeds on the board
// of v's start position; the start's stores, side to move and state are kept. The
// same rng state gives the same start.
func (v *Variant) DrawStart(rng *rand.Rand) Position {
	p := v.StartPosition()
	counts := make([]int, v.holes)
	total := 0
	for h := range counts {
		total += int(p.holes[h])
	}
	dealStart(counts, total, rng)
	for h, n := range counts {
		p.holes[h] = uint8(n)
	}
	p.sum = p.keySum()
	return p
}

// fixedDealSeed seeds the deal of a StoneShark game's fixed start (ssStart), the
// start of position startpos, perft and bench.
const fixedDealSeed = 1

// dealStart spreads total seeds over the holes of counts, at least two a hole where
// there are two a hole or more (else none), each such deal as likely as any other.
func dealStart(counts []int, total int, rng *rand.Rand) {
	least := 0
	if total >= 2*len(counts) {
		least = 2
	}
	// The seeds over the least: a uniform choice of the places of the len-1 bars
	// among the spare seeds and the bars (stars and bars), one place at a time.
	spare, bars := total-least*len(counts), len(counts)-1
	h, n := 0, least
	for places := spare + bars; places > 0; places-- {
		if rng.IntN(places) < bars { // a bar: the next hole
			counts[h] = n
			h, n, bars = h+1, least, bars-1
		} else {
			n++
		}
	}
	counts[h] = n
}
