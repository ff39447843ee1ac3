// Package eval scores positions for the search, one evaluation per variant, in
// centiseeds (100 = one seed) from the side to move's point of view.
package eval

import "mancala/board"

// Evaluate returns the static score of p for the side to move.
func Evaluate(p *board.Position) int {
	me := p.SideToMove()
	return 100 * (p.Store(me) - p.Store(me.Other()))
}
