package tablebase

import (
	"math/rand/v2"
	"slices"
	"testing"

	"mancala/board"
)

// exhaustive is the independent solver of the tests: plain minimax over the game with
// its real history, the loop ending applied exactly (a position that occurred before
// ends the game with board's loop result), from the position p after the positions in
// hist. It returns p's value for the side to move, as the table defines it (final
// seeds minus the opponent's, less the stores). It shares nothing with the table's
// builder but board. Two exact speed-ups keep it fast enough: alpha-beta pruning
// (with the window -inf..inf at the root the value is exact), and, since stores only
// grow, no position before seeds leave the board (a capture, or seeds sown into a
// store) can occur again, so the game after that is solved from an empty history and
// memoised in fresh. A move that gives an extra turn leads to a position whose value
// is the mover's own: it is added, not negated.
func exhaustive(p board.Position, hist []board.Position, fresh map[board.Position]int) int {
	return alphaBeta(p, hist, -1<<30, 1<<30, fresh)
}

// alphaBeta is exhaustive's search of p within the window alpha..beta (fail-soft).
func alphaBeta(p board.Position, hist []board.Position, alpha, beta int, fresh map[board.Position]int) int {
	var cl board.ChildList
	p.Generate(&cl)
	me := p.SideToMove()
	if cl.N == 0 {
		return share(&p, p.Result())
	}
	onBoard := p.RowSeeds(board.South) + p.RowSeeds(board.North)
	hist = append(hist, p)
	// Order the moves by a guess (seeds banked, then the mover's row after the
	// move) so that alpha-beta cuts sooner; the order does not change the value.
	children := cl.Children[:cl.N]
	guess := func(c *board.Position) int {
		return 4*(c.Store(me)-p.Store(me)-c.Store(me.Other())+p.Store(me.Other())) + c.RowSeeds(me) - c.RowSeeds(me.Other())
	}
	slices.SortStableFunc(children, func(a, b board.Child) int { return guess(&b.Pos) - guess(&a.Pos) })
	best := -1 << 30
	for i := 0; i < len(children) && best < beta && best < onBoard; i++ {
		c := children[i].Pos
		// Seeds banked: the mover's store's gain less the opponent's. After an extra
		// turn (the same side to move in c) c's value is the mover's own, else the
		// opponent's.
		banked := c.Store(me) - p.Store(me) - (c.Store(me.Other()) - p.Store(me.Other()))
		sign := -1
		if c.SideToMove() == me {
			sign = 1
		}
		repeated := false
		for _, q := range hist {
			if q == c {
				repeated = true
				break
			}
		}
		var score int
		switch {
		case repeated:
			score = sign * share(&c, c.LoopResult())
		case c.SeedsOnBoard() < onBoard: // seeds went to a store: c cannot repeat anything before it
			c = playOn(c)
			v, ok := fresh[c]
			if !ok {
				v = exhaustive(c, nil, fresh)
				fresh[c] = v
			}
			score = banked + sign*v
		case sign == 1:
			score = alphaBeta(c, hist, max(alpha, best), beta, fresh)
		default:
			score = -alphaBeta(c, hist, -beta, -max(alpha, best), fresh)
		}
		best = max(best, score)
	}
	return best
}

// share turns a final result into the board value of q for its side to move.
// playOn gives a position after a capture the stores the builder gives its boards
// (split evenly), so that the game goes on from it as the table's does past a store
// of more than half the seeds (Oware Abapa; in the other games the stores change
// nothing).
func playOn(c board.Position) board.Position {
	v := c.Variant()
	holes := make([]int, v.Holes())
	k := 0
	for h := range holes {
		holes[h] = c.Seeds(h)
		k += holes[h]
	}
	south, north := splitStores(v, k)
	q, err := v.PositionFrom(holes, c.SideToMove(), south, north)
	if err != nil {
		panic(err)
	}
	return q
}

func share(q *board.Position, r board.Result) int {
	d := (r.South - q.Store(board.South)) - (r.North - q.Store(board.North))
	if q.SideToMove() == board.North {
		return -d
	}
	return d
}

// everyPosition calls f with every board of v with k seeds, each side to move.
func everyPosition(t *testing.T, v *board.Variant, k int, f func(p board.Position)) {
	n := v.Holes()
	c := newCursor(k, n, 0)
	for i := uint64(0); i < layerSize(k, n); i++ {
		for _, side := range []board.Side{board.South, board.North} {
			south, north := splitStores(v, k)
			p, err := v.PositionFrom(c.counts[:n], side, south, north)
			if err != nil {
				t.Fatal(err)
			}
			f(p)
		}
		c.next()
	}
}

// TestTableAgreesWithExhaustiveSolver: every exact value of a freshly built table
// equals the exhaustive solver's value from an empty history, and every pair of bounds
// contains it, for every position with up to N seeds (both sides to move). It catches
// a wrong index or mirror, a wrong terminal or loop value, and an unsound treatment
// of cycles (a bound that a real game with the loop ending breaks).
func TestTableAgreesWithExhaustiveSolver(t *testing.T) {
	cases := []struct {
		v board.VariantID
		n int
	}{{board.JeKiNJe, 3}, {board.AdjiKui1, 6}, {board.AdjiBoto, 8}, {board.OwareAbapa, 3}}
	for _, tc := range cases {
		v := tc.v.Get()
		if raceEnabled {
			tc.n = max(tc.n-2, 3)
		}
		t.Run(v.Name, func(t *testing.T) { checkAgainstExhaustive(t, v, tc.n) })
	}
}

// checkAgainstExhaustive builds v's table up to n seeds and checks every position;
// under the race detector, every fourth of n seeds (the exhaustive solver is one
// goroutine's work, its positions of n seeds the most of it) and all the others.
func checkAgainstExhaustive(t *testing.T, v *board.Variant, n int) {
	tb, err := Build(v, n, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	{
		fresh := map[board.Position]int{}
		for k := 0; k <= n; k++ {
			exact, bounded, seen := 0, 0, 0
			everyPosition(t, v, k, func(p board.Position) {
				if seen++; raceEnabled && k == n && seen%4 != 1 {
					return
				}
				lo, hi, ok := tb.Probe(&p)
				if !ok {
					t.Fatalf("%s: %v not in the table", v.Name, p)
				}
				want := exhaustive(p, nil, fresh)
				if lo == hi {
					exact++
				} else {
					bounded++
				}
				if want < lo || want > hi {
					t.Errorf("%s: %v: table says %d..%d, exhaustive solver %d", v.Name, p, lo, hi, want)
				}
			})
			t.Logf("%s, %d seeds: %d positions exact, %d bounded", v.Name, k, exact, bounded)
		}
	}
}

// TestBoundsHoldUnderAnyHistory: the bounds must hold whatever came before, not only
// from an empty history. Random walks of moves that capture nothing lead to a
// position P with a history in which many of P's successors already occurred; the
// exhaustive solver's value of P after that history must lie within P's bounds. This
// is where the loop ending matters: it catches a repetition scored with the wrong
// sign, or cycles treated as if they could not repeat.
//
// Under -race it makes a quarter of the walks: the exhaustive solver is one
// goroutine's work.
func TestBoundsHoldUnderAnyHistory(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	walks := 2000
	if raceEnabled {
		walks = 500
	}
	for _, tc := range []struct {
		v board.VariantID
		n int
	}{{board.JeKiNJe, 3}, {board.AdjiKui1, 6}, {board.AdjiBoto, 8}, {board.OwareAbapa, 3}} {
		v := tc.v.Get()
		tb := smallTable(t, tc.v, 8)
		fresh := map[board.Position]int{}
		checked := 0
		for range walks {
			p := randomPosition(t, r, v, 1+r.IntN(tc.n))
			var hist []board.Position
			for range r.IntN(40) {
				var cl board.ChildList
				p.Generate(&cl)
				if cl.N == 0 {
					break
				}
				c := cl.Children[r.IntN(cl.N)].Pos
				if c.Store(p.SideToMove()) != p.Store(p.SideToMove()) || slices.Contains(hist, c) || c == p {
					break
				}
				hist = append(hist, p)
				p = c
			}
			if len(hist) == 0 {
				continue
			}
			checked++
			lo, hi, _ := tb.Probe(&p)
			if got := exhaustive(p, hist, fresh); got < lo || got > hi {
				t.Errorf("%s: %v after %d positions: table says %d..%d, exhaustive solver %d", v.Name, p, len(hist), lo, hi, got)
			}
		}
		if checked < walks/4 {
			t.Errorf("%s: only %d walks checked", v.Name, checked)
		}
	}
}
