package tablebase

import (
	"fmt"
	"math/rand/v2"

	"mancala/board"
)

// Table is an endgame table of one variant for every board with 0..MaxSeeds seeds.
// It is read-only once built or loaded, and safe for concurrent probes.
type Table struct {
	variant *board.Variant
	holes   int
	layers  [][]byte // layers[k]: two signed bytes (lo, hi) per board of k seeds
}

// Variant returns the game the table is for.
func (t *Table) Variant() *board.Variant { return t.variant }

// MaxSeeds returns the largest seed count on the board that the table covers.
func (t *Table) MaxSeeds() int { return len(t.layers) - 1 }

// Positions returns the number of boards of k seeds in the table.
func (t *Table) Positions(k int) uint64 { return uint64(len(t.layers[k]) / 2) }

// entry returns the bounds stored for index i of seed count k.
func (t *Table) entry(k int, i uint64) (lo, hi int) {
	l := t.layers[k]
	return int(int8(l[2*i])), int(int8(l[2*i+1]))
}

// Probe returns bounds on the value of p for the side to move: the seeds it will
// finish with from those on the board, minus the opponent's, under optimal play,
// whatever the history before p (so long as p itself has not occurred before).
// lo == hi means the value is exact. ok is false when p is not in the table (another
// variant, the Adji-Boto opening, more seeds than the table holds). It never
// allocates.
func (t *Table) Probe(p *board.Position) (lo, hi int, ok bool) {
	if p.Variant() != t.variant || p.OpeningLeft() != 0 || p.SeedsOnBoard() >= len(t.layers) {
		return 0, 0, false
	}
	k, i := rank(p, t.holes)
	lo, hi = t.entry(k, i)
	return lo, hi, true
}

// Outcome is how the game at p ends under optimal play by both, when the table holds
// p's exact value: each side's store plus its share of the board seeds, with reason
// board.Adjudicated (a runner's verdict, not the rules'; where the rules have ended
// the game at p, the counts are theirs). In Oware Abapa the counts are those of play
// continued past a majority, which never changes who wins. ok is false when the
// table does not hold p or holds only bounds.
func (t *Table) Outcome(p *board.Position) (r board.Result, ok bool) {
	lo, hi, ok := t.Probe(p)
	if !ok || lo != hi {
		return board.Result{}, false
	}
	b := p.SeedsOnBoard()
	mover, other := (b+lo)/2, (b-lo)/2
	if p.SideToMove() == board.North {
		mover, other = other, mover
	}
	return board.AdjudicatedScore(p.Store(board.South)+mover, p.Store(board.North)+other), true
}

// MoveValue is a legal move with bounds on the value it leads to for the mover
// (seeds banked by the move plus what follows, as in Probe).
type MoveValue struct {
	Move     board.Move
	Captured int  // seeds the move banks: the mover's store's gain less the opponent's (captures, and seeds sown into the stores)
	Lo, Hi   int  // bounds on the mover's value after this move
	Repeat   bool // the move repeats an earlier position: the loop ending, exact
	Again    bool // the mover moves again (an extra turn): Lo and Hi count the position after it as the mover's own
}

// MoveValues lists the value of every legal move of p, in board's move order.
// seen, which may be nil, reports a position that already occurred in the game: a
// move to it ends the game at once (loop ending) with an exact value. ok is false
// when p is not in the table or the game is over at p.
func (t *Table) MoveValues(p *board.Position, seen func(*board.Position) bool) (moves []MoveValue, ok bool) {
	if _, _, ok := t.Probe(p); !ok {
		return nil, false
	}
	var cl board.ChildList
	p.Generate(&cl)
	me := p.SideToMove()
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i]
		mv := MoveValue{Move: c.Move, Captured: gained(p, &c.Pos)}
		var lo, hi int
		if seen != nil && seen(&c.Pos) {
			mv.Repeat = true
			lo = loopValue(&c.Pos)
			hi = lo
		} else if lo, hi, ok = t.Probe(&c.Pos); !ok {
			return nil, false
		}
		if c.Pos.SideToMove() == me { // an extra turn: the child's value is the mover's own
			lo, hi = -hi, -lo
			mv.Again = true
		}
		mv.Lo, mv.Hi = mv.Captured-hi, mv.Captured-lo
		moves = append(moves, mv)
	}
	return moves, cl.N > 0
}

// BestMove chooses a move of p that keeps the table's value: the highest lower
// bound, then the highest upper bound, then the largest capture (seeds banked now
// rather than later), then board's move order. Playing it at every turn finishes
// with at least the lower bound Probe gave. seen is as in MoveValues.
func (t *Table) BestMove(p *board.Position, seen func(*board.Position) bool) (best MoveValue, ok bool) {
	moves, ok := t.MoveValues(p, seen)
	if !ok {
		return best, false
	}
	best = moves[0]
	for _, m := range moves[1:] {
		if m.Lo > best.Lo || m.Lo == best.Lo && (m.Hi > best.Hi || m.Hi == best.Hi && m.Captured > best.Captured) {
			best = m
		}
	}
	return best, true
}

// gained is what the move from p to its child c banks for p's side to move: its
// store's gain less the opponent's (captures, and seeds sown into the stores; the
// opponent's store gains only where sowing passes both stores).
func gained(p, c *board.Position) int {
	me := p.SideToMove()
	return c.Store(me) - p.Store(me) - (c.Store(me.Other()) - p.Store(me.Other()))
}

// terminalValue is the value of a position where the game is over (no legal move),
// from board's result: the mover's final seeds minus the opponent's, less the stores.
func terminalValue(p *board.Position) int {
	return boardShare(p, p.Result())
}

// loopValue is the value for the side to move of a loop ending at p.
func loopValue(p *board.Position) int {
	return boardShare(p, p.LoopResult())
}

// boardShare turns a final result into the mover's share of the board seeds minus
// the opponent's.
func boardShare(p *board.Position, r board.Result) int {
	d := (r.South - p.Store(board.South)) - (r.North - p.Store(board.North))
	if p.SideToMove() == board.North {
		d = -d
	}
	return d
}

// RandomExact draws a position of t's game with k seeds spread at random over the
// holes and the rest in the stores (their lead at most lead seeds, any if lead < 0),
// South to move or, with eitherSide, either side; ok is false when the position is
// over, has a single move, or is not exact in t. value is the table's value of the
// board seeds for the side to move. Measuring tools (cmd/tbmeasure, cmd/scorefit)
// draw their samples with it.
func (t *Table) RandomExact(k, lead int, eitherSide bool, rng *rand.Rand) (p board.Position, value int, ok bool) {
	v := t.Variant()
	holes := make([]int, v.Holes())
	for range k {
		holes[rng.IntN(len(holes))]++
	}
	rest := v.Seeds - k
	south := rng.IntN(rest + 1)
	if lead >= 0 {
		south = rest/2 - lead/2 + rng.IntN(lead+1)
	}
	side := board.South
	if eitherSide {
		side = board.Side(rng.IntN(2))
	}
	p, err := v.PositionFrom(holes, side, south, rest-south)
	if err != nil {
		return p, 0, false
	}
	lo, hi, in := t.Probe(&p)
	var cl board.ChildList
	p.Generate(&cl)
	return p, lo, in && lo == hi && cl.N > 1
}

// ExactMargins reports whether the table's values are the game's own: false for a
// game that ends once a store holds more than half the seeds (Oware Abapa, a rule
// file's game with end.majority), whose table is that of the game played on past
// that point, right in the sign of the final margin but not in its size (the
// package doc).
func (t *Table) ExactMargins() bool {
	v := t.variant
	if v.StoresIdle() {
		return true
	}
	// A store past half the seeds and one seed in a hole of each row: a game that
	// ends on the majority is over.
	holes := make([]int, v.Holes())
	holes[0], holes[v.Holes()-1] = 1, v.Seeds-v.Seeds/2-2
	p, err := v.PositionFrom(holes, board.South, v.Seeds/2+1, 0)
	if err != nil {
		panic("tablebase: " + err.Error())
	}
	_, over := p.Ended(false)
	return !over
}

// Games lists the games a table can hold, by name.
func Games() []string {
	var names []string
	for _, v := range board.Variants() {
		if checkVariant(v) == nil {
			names = append(names, v.Name)
		}
	}
	return names
}

// checkVariant refuses the games a table cannot hold. A game whose stores are idle
// (board.Variant.StoresIdle) has an exact table: the value of a board is the same
// whatever the stores hold. One that a store majority ends (Oware Abapa, and a rule
// file's game with end.majority) is tabled as the game played on past its majority,
// right in sign (the package doc, "Stores that end the game").
func checkVariant(v *board.Variant) error {
	if !v.Scoring || v.Rows != 2 {
		return fmt.Errorf("no endgame tables for %s: it is not a seed-scoring game on two rows", v.Title)
	}
	if v.Holes() > maxHoles {
		return fmt.Errorf("no endgame tables for %s: %d holes, tables hold boards of at most %d", v.Title, v.Holes(), maxHoles)
	}
	if v.PlaysAnyHole() {
		return fmt.Errorf("no endgame tables for %s: either player plays any hole, so a board turned round is not the same board for the other player", v.Name)
	}
	if v.HasChildren() {
		return fmt.Errorf("no endgame tables for %s: its holes become children (child.count), which a table's boards do not hold", v.Name)
	}
	if v.HasLocks() {
		return fmt.Errorf("no endgame tables for %s: its holes are locked until played (capture.locked_until_played, sow.each_hole_first), which a table's boards do not hold", v.Name)
	}
	if v.SetsWaysOnFirstMove() {
		return fmt.Errorf("no endgame tables for %s: its first move sets which way each side sows (sow.direction = \"first-move\"), which a table's boards do not hold", v.Name)
	}
	if v.BearsOff() {
		return fmt.Errorf("no endgame tables for %s: it bears off once no hole holds two seeds (sow.bear_off), which a table's boards do not hold", v.Name)
	}
	if v.PlaysRounds() {
		return fmt.Errorf("no endgame tables for %s: it is played in rounds, whose seeds return to the board", v.Name)
	}
	if v.CapturesStores() {
		return fmt.Errorf("no endgame tables for %s: its moves take a store's seeds (capture.other_store, capture.empty_gives_store, or sow.laps = \"relay-next\" with sow.stores lifting one), so a board's value depends on the stores", v.Name)
	}
	return nil
}

// splitStores is how the builder fills the stores of a board of k seeds: evenly, so
// that neither passes half the seeds (which in Oware Abapa would have ended the game
// before the board is played: see the package doc, "Stores that end the game").
func splitStores(v *board.Variant, k int) (south, north int) {
	return (v.Seeds - k + 1) / 2, (v.Seeds - k) / 2
}
