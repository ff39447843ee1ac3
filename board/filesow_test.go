package board

import (
	"fmt"
	"testing"
)

// TestFileSowingTablesMatchSeedBySeed checks the generic engine's sowing tables
// against dropping seeds one at a time: for boards of 1 to 15 holes a row, both
// directions, each store rule, with and without skipping the start hole, from every
// hole, by either side, every number of seeds the game has (whole laps included),
// over a board whose other holes and stores hold seeds too (so that a borrow or a
// carry between counts would show), in games of up to 254 seeds (a hole of more
// than 128 sown, Toguz Kumalak's 162 seeds): the counts, the stores, the last slot
// and the hash must agree.
func TestFileSowingTablesMatchSeedBySeed(t *testing.T) {
	text := ""
	names := []string{}
	for i, c := range []struct {
		cols      int
		clockwise bool
		stores    string
		skip      bool
		seeds     int
	}{
		{1, false, "both", true, 4}, {1, true, "none", false, 4}, {2, false, "own", false, 4}, {4, true, "both", true, 4},
		{6, false, "none", true, 4}, {6, false, "own", false, 4}, {8, true, "own", true, 4}, {9, false, "both", false, 4},
		{15, true, "none", false, 4}, {15, false, "own", true, 4},
		{9, false, "own", false, 9}, {9, true, "both", true, 9}, {1, false, "both", false, 127}, {3, true, "own", true, 42},
	} {
		name := fmt.Sprintf("sow-table-%d", i)
		names = append(names, name)
		dir := "counter-clockwise"
		if c.clockwise {
			dir = "clockwise"
		}
		text += fmt.Sprintf("[%s]\nholes = %d\nseeds = %d\nstores = true\nsow.direction = %q\nsow.stores = %q\nsow.skip_start = %v\ncapture.cross = \"always\"\nend.row_empty = true\n\n",
			name, c.cols, c.seeds, dir, c.stores, c.skip)
	}
	games, err := ParseRules(t.Name()+".toml", text)
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for _, g := range games { // laid out, not registered: the program's games are few
		v := newFileVariant(g)
		r := v.file
		holes := v.holes
		for me := South; me <= North; me++ {
			for h := range holes {
				// The slots after h, once round, found without the tables: the next
				// hole in the direction, and a store where the sowing leaves its
				// owner's row when the rules sow into it.
				var round []uint8
				for i := h; len(round) == 0 || i != h; {
					j := (i + 1) % holes
					if r.clockwise {
						j = (i + holes - 1) % holes
					}
					if o := v.owner[i]; o != v.owner[j] && r.sowsInto(me, o) {
						round = append(round, storeSlot+uint8(o))
					}
					round = append(round, uint8(j))
					i = j
				}
				for n := 1; n <= v.Seeds-2*holes; n++ {
					most = max(most, n)
					var p Position
					p.variant = v.ID
					for i := range holes {
						p.holes[i] = uint8(1 + i%3)
					}
					p.holes[h] = uint8(n)
					p.stores = [2]uint8{uint8(v.Seeds - 2*holes - n), 0}
					p.sum = p.keySum()
					want := p
					want.holes[h] = 0
					var last uint8
					for k, i := 0, 0; k < n; i = (i + 1) % len(round) {
						if r.skipStart && int(round[i]) == h {
							continue
						}
						if last = round[i]; last >= storeSlot {
							want.stores[last-storeSlot]++
						} else {
							want.holes[last]++
						}
						k++
					}
					got := p
					land := r.sow.sowFrom(&got, me, h, uint8(n))
					if land != last || got.holes != want.holes || got.stores != want.stores {
						t.Fatalf("%s: %v sows %d seeds from %d: last %d, %v %v; want %d, %v %v",
							v.Name, me, n, h, land, got.holes[:holes], got.stores, last, want.holes[:holes], want.stores)
					}
					if got.sum != got.keySum() {
						t.Fatalf("%s: %v sows %d seeds from %d: hash %x, from scratch %x", v.Name, me, n, h, got.sum, got.keySum())
					}
				}
			}
		}
	}
	if most < 200 {
		t.Fatalf("the largest sowing tried is %d seeds, want more than 200", most)
	}
	if len(games) != len(names) {
		t.Fatalf("%d games, want %d", len(games), len(names))
	}
}
