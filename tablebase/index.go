package tablebase

import (
	"math"
	"math/bits"

	"mancala/board"
)

// maxHoles is the most holes a tabled board has (2 x 15).
const maxHoles = 30

// maxSeeds is the largest seed count a table can hold: values are signed bytes.
const maxSeeds = 100

// maxLayer bounds the boards of one seed count: the builder numbers them in 32 bits.
const maxLayer = 1<<32 - 1

// binom[n][r] = C(n, r) for every n and r the index needs, saturating at the largest
// uint64 where C(n, r) is larger (such layers are beyond maxLayer, never built).
var binom [maxSeeds + maxHoles][maxHoles]uint64

func init() {
	for n := range binom {
		binom[n][0] = 1
		for r := 1; r < maxHoles; r++ {
			if n > 0 {
				sum, carry := bits.Add64(binom[n-1][r-1], binom[n-1][r], 0)
				if carry != 0 {
					sum = math.MaxUint64
				}
				binom[n][r] = sum
			}
		}
	}
}

// layerSize is the number of boards of k seeds in n holes.
func layerSize(k, n int) uint64 { return binom[k+n-1][n-1] }

// rankCounts returns the index of the composition c (n counts summing to k).
func rankCounts(c []int) uint64 {
	var r uint64
	b := 0
	for j := 0; j < len(c)-1; j++ {
		b += c[j]
		r += binom[b+j][j+1]
	}
	return r
}

// rank returns the seed count on the board of p and its index, with the side to
// move normalised: the holes are read in sowing order from the mover's first hole.
func rank(p *board.Position, n int) (k int, idx uint64) {
	off := 0
	if p.SideToMove() == board.North {
		off = n / 2
	}
	var r uint64
	b := 0
	for j := 0; j < n; j++ {
		c := p.Seeds((j + off) % n)
		k += c
		if j < n-1 {
			b += c
			r += binom[b+j][j+1]
		}
	}
	return k, r
}

// cursor walks the boards of one seed count in index order. bars are the bar
// positions b_0 < ... < b_{n-2} of the composition; counts is the composition.
type cursor struct {
	k, n   int
	bars   [maxHoles]int
	counts [maxHoles]int
}

// newCursor starts a cursor at index idx of the boards of k seeds in n holes.
func newCursor(k, n int, idx uint64) cursor {
	c := cursor{k: k, n: n}
	// Unrank greedily from the highest bar down.
	top := k + n - 2
	for j := n - 2; j >= 0; j-- {
		b := top
		for binom[b][j+1] > idx {
			b--
		}
		c.bars[j] = b
		idx -= binom[b][j+1]
		top = b - 1
	}
	c.fill()
	return c
}

// fill derives the counts from the bars.
func (c *cursor) fill() {
	prev := -1
	for j := 0; j < c.n-1; j++ {
		c.counts[j] = c.bars[j] - prev - 1
		prev = c.bars[j]
	}
	c.counts[c.n-1] = c.k + c.n - 2 - prev
}

// next moves to the following index (colex order of the bar sets).
func (c *cursor) next() {
	last := c.n - 2
	for j := 0; j <= last; j++ {
		limit := c.k + c.n - 1
		if j < last {
			limit = c.bars[j+1]
		}
		if c.bars[j]+1 < limit {
			c.bars[j]++
			for i := 0; i < j; i++ {
				c.bars[i] = i
			}
			c.fill()
			return
		}
	}
}
