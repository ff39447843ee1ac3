package alphabeta

import (
	"mancala/board"
	"mancala/search"
)

// leaf scores a node at the horizon: exactly if the game is over there, else by the
// static evaluation. Generating the moves of every leaf would cost more than the rest
// of the search, so a cheap test first rules out the game being over in nearly
// every position.
func (t *thread) leaf(p *board.Position, fr *frame, ply int) int {
	if p.MayBeOver() {
		p.Generate(&fr.children)
		if fr.children.N == 0 {
			return search.ResultValue(search.NoChildResult(p), p.SideToMove(), ply)
		}
	}
	return search.ClampEval(t.run.eval(p))
}
