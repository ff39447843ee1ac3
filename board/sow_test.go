package board

import "testing"

// TestSowMatchesSeedBySeed checks the sowing tables against dropping seeds one by
// one with Next: from every hole of every game, for every number of seeds a hole
// can hold (whole laps included, which perft rarely reaches), the counts, the
// landing hole and the hash must agree with a sower that knows nothing of tables.
func TestSowMatchesSeedBySeed(t *testing.T) {
	for _, v := range namedVariants() {
		for start := 0; start < v.holes; start++ {
			for n := 1; n <= maxCount; n++ {
				p := v.StartPosition()
				p.side = South
				p.state = 0
				for h := range p.holes {
					p.holes[h] = 0
				}
				p.stores = [2]uint8{}
				p.sum = p.keySum()

				want := p
				land := start
				for i := 0; i < n; i++ {
					if i > 0 {
						land = v.Next(land)
					}
					want.holes[land]++
				}

				got := p
				gotLand := got.sowLastLap(v, start, got.sowWholeLaps(v, start, uint8(n)))
				if gotLand != land || got.holes != want.holes {
					t.Fatalf("%s: %d seeds from %d: landed in %d with %v, want %d with %v",
						v.Name, n, start, gotLand, got.holes[:v.holes], land, want.holes[:v.holes])
				}
				if got.sum != got.keySum() {
					t.Fatalf("%s: %d seeds from %d: hash %x, from scratch %x", v.Name, n, start, got.sum, got.keySum())
				}
			}
		}
	}
}

// TestLiftMatchesSeedBySeed checks the lifts tables against lifting the seeds of a
// hole and dropping them one by one with Next: from every hole, for every number of
// seeds a hole can hold, over a board where every other hole and store holds seeds
// too (so that a borrow or carry between counts would show), the counts, the
// landing hole and the hash must agree.
func TestLiftMatchesSeedBySeed(t *testing.T) {
	for _, v := range namedVariants() {
		for h := 0; h < v.holes; h++ {
			for m := 0; m <= maxCount-2*v.holes; m++ {
				p := v.StartPosition()
				p.state = 0
				for i := 0; i < v.holes; i++ {
					p.holes[i] = uint8(1 + i%3)
				}
				p.holes[h] = uint8(m + h%2)
				p.stores = [2]uint8{3, 5}
				p.sum = p.keySum()

				want := p
				want.holes[h] -= uint8(m)
				land := h
				for range m {
					land = v.Next(land)
					want.holes[land]++
				}

				got := p
				gotLand := got.liftAndSow(v.lifts, h, uint8(m))
				if gotLand != land || got.holes != want.holes || got.stores != want.stores {
					t.Fatalf("%s: %d seeds lifted from %d: landed in %d with %v, want %d with %v",
						v.Name, m, h, gotLand, got.holes[:v.holes], land, want.holes[:v.holes])
				}
				if got.sum != got.keySum() {
					t.Fatalf("%s: %d seeds lifted from %d: hash %x, from scratch %x", v.Name, m, h, got.sum, got.keySum())
				}
			}
		}
	}
}

// TestHashSeparatesNeighbours checks that the hash tells apart a start position and
// every position one seed away from it (one seed moved from any hole or store to any
// other), and those from each other: the keys are distinct and the mix loses nothing.
func TestHashSeparatesNeighbours(t *testing.T) {
	for _, v := range namedVariants() {
		start := v.StartPosition()
		seen := map[uint64]string{start.Hash(): start.String()}
		for from := 0; from < v.holes+2; from++ {
			for to := 0; to < v.holes+2; to++ {
				p := start
				if from == to || !p.moveSeed(v, from, to) {
					continue
				}
				if p.Hash() != p.ComputeHash() {
					t.Fatalf("%s %q: hash %x, from scratch %x", v.Name, p.String(), p.Hash(), p.ComputeHash())
				}
				if other, dup := seen[p.Hash()]; dup {
					t.Fatalf("%s: %q and %q have the same hash", v.Name, p.String(), other)
				}
				seen[p.Hash()] = p.String()
			}
		}
		if len(seen) < 2*v.holes {
			t.Fatalf("%s: only %d positions compared", v.Name, len(seen))
		}
	}
}

// moveSeed moves one seed from place from to place to, where a place is a hole or,
// past the last hole, South's then North's store; false if from is empty.
func (p *Position) moveSeed(v *Variant, from, to int) bool {
	count := func(i int) uint8 {
		if i < v.holes {
			return p.holes[i]
		}
		return p.stores[i-v.holes]
	}
	put := func(i int, n uint8) {
		if i < v.holes {
			p.set(i, n)
		} else {
			p.setStore(Side(i-v.holes), n)
		}
	}
	if count(from) == 0 {
		return false
	}
	put(from, count(from)-1)
	put(to, count(to)+1)
	return true
}

// namedVariants lists the games of named rules, whose sowing tables (sowSteps,
// lifts) the generic rules' games do not have.
func namedVariants() []*Variant {
	var out []*Variant
	for _, v := range Variants()[:numBuiltins] {
		if !v.Generic() {
			out = append(out, v)
		}
	}
	return out
}
