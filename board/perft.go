package board

import (
	"errors"
	"fmt"
	"math/bits"
)

// MaxPerftDepth is the deepest count the perft functions accept. No count that deep
// ever finishes except in a tiny endgame, and the recursion (about 1 KB of stack a
// ply) stays far from the stack limit.
const MaxPerftDepth = 1000

// ErrPerftStopped is DivideGame's error when its stop function said to stop.
var ErrPerftStopped = errors.New("perft stopped")

// Perft counts the move sequences of exactly depth moves from p (the leaves of the
// game tree cut at depth; finished games end a branch early and count nothing). It
// knows no history, so it never applies the loop ending: PerftGame does. depth must
// be at most MaxPerftDepth.
func Perft(p *Position, depth int) uint64 {
	switch depth {
	case 0:
		return 1
	case 1:
		return uint64(p.countMoves())
	}
	var n uint64
	var c childCursor
	var q Position
	for p.nextChild(&c, &q) {
		n += Perft(&q, depth-1)
	}
	return n
}

// DivideEntry is one legal move and the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft count of depth-1 below it.
func Divide(p *Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var cl ChildList
	p.Generate(&cl)
	out := make([]DivideEntry, cl.N)
	for i := 0; i < cl.N; i++ {
		out[i] = DivideEntry{Move: cl.Children[i].Move, Nodes: Perft(&cl.Children[i].Pos, depth-1)}
	}
	return out
}

// PerftGame counts the games that go on for exactly depth more moves after history,
// the positions of the game so far (its start first, the current position last).
// Unlike Perft it applies the loop ending: a move that brings back a position of
// history, or of the moves before it, ends the game there, so it counts as the last
// move of a sequence and no sequence continues after it. A game already over (also
// by a loop ending within history) has no moves. depth 0 counts 1.
func PerftGame(history []Position, depth int) (uint64, error) {
	if depth < 0 || depth > MaxPerftDepth {
		return 0, fmt.Errorf("perft depth must be from 0 to %d, not %d", MaxPerftDepth, depth)
	}
	c, root, err := newGameCounter(history, depth, nil)
	if err != nil {
		return 0, err
	}
	if c.over && depth > 0 {
		return 0, nil
	}
	n, _ := c.count(&root, depth)
	return n, nil
}

// DivideGame returns, for each legal move of the game whose positions are history,
// the PerftGame count of depth-1 below it (depth at least 1). stop, if not nil, is
// asked now and then; once it says true the count is abandoned with ErrPerftStopped.
func DivideGame(history []Position, depth int, stop func() bool) ([]DivideEntry, error) {
	if depth < 1 || depth > MaxPerftDepth {
		return nil, fmt.Errorf("perft depth must be from 1 to %d, not %d", MaxPerftDepth, depth)
	}
	c, root, err := newGameCounter(history, depth, stop)
	if err != nil || c.over {
		return nil, err
	}
	var cl ChildList
	root.Generate(&cl)
	out := make([]DivideEntry, cl.N)
	for i := 0; i < cl.N; i++ {
		n, ok := c.child(&cl.Children[i].Pos, depth-1)
		if !ok {
			return nil, ErrPerftStopped
		}
		out[i] = DivideEntry{Move: cl.Children[i].Move, Nodes: n}
	}
	return out, nil
}

// stopCheckDepth is the remaining depth at and above which the game count asks its
// stop function: often enough to stop within milliseconds, too rarely to cost time.
const stopCheckDepth = 3

// gameCounter counts games for PerftGame and DivideGame: line holds the positions a
// move must not repeat, those of the history and of the line being counted, oldest
// first. Only positions with the current position's IrreversibleKey are kept from
// the history (no other can come back), and a look in line goes back from the
// newest only while the key stays the same (it changes one way along a game).
// filter counts line's positions by the low bits of their hash sum, so that most
// positions are known to be new without a look.
type gameCounter struct {
	line   []Position
	filter [filterSize]uint32
	stop   func() bool
	over   bool // the history already ended in a loop
}

// filterSize is the number of gameCounter.filter's buckets, a power of two.
const filterSize = 1 << 12

// add puts p at the end of line.
func (c *gameCounter) add(p *Position) {
	c.line = append(c.line, *p)
	c.filter[p.sum&(filterSize-1)]++
}

// remove takes p, the last position of line, off it.
func (c *gameCounter) remove(p *Position) {
	c.line = c.line[:len(c.line)-1]
	c.filter[p.sum&(filterSize-1)]--
}

// has reports whether p is in line.
func (c *gameCounter) has(p *Position) bool {
	return c.filter[p.sum&(filterSize-1)] != 0 && c.inLine(p)
}

// inLine is has past the filter.
func (c *gameCounter) inLine(p *Position) bool {
	key := p.IrreversibleKey()
	for i := len(c.line) - 1; i >= 0; i-- {
		q := &c.line[i]
		if q.sum == p.sum && *q == *p {
			return true
		}
		if q.IrreversibleKey() != key {
			return false
		}
	}
	return false
}

// newGameCounter returns the counter for a count of depth (checked by the caller) and
// the current position.
func newGameCounter(history []Position, depth int, stop func() bool) (*gameCounter, Position, error) {
	if len(history) == 0 {
		return nil, Position{}, errors.New("perft needs a position")
	}
	root := history[len(history)-1]
	key := root.IrreversibleKey()
	c := &gameCounter{stop: stop}
	for i := range history[:len(history)-1] {
		if history[i].IrreversibleKey() == key && !c.has(&history[i]) {
			c.line = append(c.line, history[i])
			c.filter[history[i].sum&(filterSize-1)]++
		}
	}
	if c.over = c.has(&root); !c.over {
		c.line = append(make([]Position, 0, len(c.line)+depth+1), c.line...)
		c.add(&root)
	}
	return c, root, nil
}

// count counts the games of depth more moves from p, which is in seen. ok is false
// when the stop function stopped it.
func (c *gameCounter) count(p *Position, depth int) (n uint64, ok bool) {
	if depth-1 <= bits.OnesCount16(p.OpeningLeft()) {
		// Nothing above the leaves can repeat (depth <= 1: a last move counts,
		// repeating or not). In Adji-Boto's opening each move plays a hole not yet
		// played and a pass is never followed by a pass, so no position of the
		// opening comes back, nor does the first after it (the first of its key).
		return Perft(p, depth), true
	}
	if depth >= stopCheckDepth && c.stop != nil && c.stop() {
		return 0, false
	}
	var cur childCursor
	var q Position
	if depth == 2 { // the children's moves are the last ones: count them, as child would
		for p.nextChild(&cur, &q) {
			if !c.has(&q) {
				n += uint64(q.countMoves())
			}
		}
		return n, true
	}
	for p.nextChild(&cur, &q) { // child's work, depth-1 being at least 2
		if c.has(&q) {
			continue
		}
		c.add(&q)
		k, ok := c.count(&q, depth-1)
		c.remove(&q)
		if !ok {
			return 0, false
		}
		n += k
	}
	return n, true
}

// child counts the games of depth more moves after the move that reached q: none if
// that move repeated a position (the game ended with it) and more moves are wanted.
func (c *gameCounter) child(q *Position, depth int) (n uint64, ok bool) {
	if depth == 0 {
		return 1, true
	}
	if c.has(q) {
		return 0, true
	}
	if depth == 1 {
		return Perft(q, 1), true // no need to remember q below it
	}
	c.add(q)
	n, ok = c.count(q, depth)
	c.remove(q)
	return n, ok
}
