package tablebase

import (
	"testing"

	"mancala/board"
)

// TestIndexBijection: walking a seed count with the cursor visits every composition of
// k once, in index order, and rank, unrank and rankCounts agree on each.
func TestIndexBijection(t *testing.T) {
	for _, n := range []int{10, 12} {
		for k := 0; k <= 4; k++ {
			size := layerSize(k, n)
			seen := map[[maxHoles]int]bool{}
			c := newCursor(k, n, 0)
			for i := uint64(0); i < size; i++ {
				sum := 0
				for _, x := range c.counts[:n] {
					sum += x
				}
				if sum != k || seen[c.counts] {
					t.Fatalf("n=%d k=%d index %d: counts %v repeat or do not sum to k", n, k, i, c.counts[:n])
				}
				seen[c.counts] = true
				if r := rankCounts(c.counts[:n]); r != i {
					t.Fatalf("n=%d k=%d: cursor at %d has rank %d", n, k, i, r)
				}
				if u := newCursor(k, n, i); u.counts != c.counts {
					t.Fatalf("n=%d k=%d: unrank(%d) = %v, cursor has %v", n, k, i, u.counts[:n], c.counts[:n])
				}
				c.next()
			}
		}
	}
}

// TestRankMirror: a position and its mirror (rows swapped, other side to move) have the
// same index.
func TestRankMirror(t *testing.T) {
	v := board.AdjiKui1.Get()
	holes := []int{3, 0, 1, 0, 2, 0, 0, 5, 0, 0, 1, 0}
	mirror := append(append([]int{}, holes[6:]...), holes[:6]...)
	p, _ := v.PositionFrom(holes, board.South, 36, 0)
	q, _ := v.PositionFrom(mirror, board.North, 0, 36)
	kp, ip := rank(&p, 12)
	kq, iq := rank(&q, 12)
	if kp != 12 || kq != 12 || ip != iq {
		t.Errorf("mirror ranks differ: %d/%d vs %d/%d", kp, ip, kq, iq)
	}
}
