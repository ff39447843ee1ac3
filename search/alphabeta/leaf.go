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
	if mayBeOver(p) {
		p.Generate(&fr.children)
		if fr.children.N == 0 {
			return search.ResultValue(p.Result(), p.SideToMove(), ply)
		}
	}
	return search.ClampEval(t.run.eval(p))
}

// mayBeOver reports whether the game may be over at p; false means the side to move
// has a legal move or a pass. It errs only on the safe side, except that it does not
// look for endless moves (more than board.MaxLaps laps): a position whose every move
// is endless, which only the relay games can have and hardly ever do, it takes for
// one that goes on.
func mayBeOver(p *board.Position) bool {
	v := p.Variant()
	me, opp := p.SideToMove(), p.SideToMove().Other()
	switch v.ID {
	case board.JeKiNJe:
		// A move exists unless the own row is empty; the feeding rule can only
		// bite when the opponent's row is empty.
		return p.RowSeeds(me) == 0 || p.RowSeeds(opp) == 0
	case board.AdjiKui1:
		// Any hole of two or more gives its owner a move, and the other a pass.
		return !hasHoleOf(p, me, 2, 0) && !hasHoleOf(p, opp, 2, 0)
	case board.AdjiBoto:
		// During the opening only the holes not yet played count.
		return !hasHoleOf(p, me, 2, p.OpeningLeft())
	default: // Bao la Kimasai: an empty inner row ends the game.
		return innerEmpty(p, me) || innerEmpty(p, opp)
	}
}

// hasHoleOf reports whether side s has a hole with at least n seeds, among the holes
// in the bit set only if only is not zero.
func hasHoleOf(p *board.Position, s board.Side, n int, only uint16) bool {
	for _, h := range p.Variant().OwnHoles(s) {
		if p.Seeds(int(h)) >= n && (only == 0 || only&(1<<h) != 0) {
			return true
		}
	}
	return false
}

// innerEmpty reports whether side s has no cow in their inner row (Bao la Kimasai).
func innerEmpty(p *board.Position, s board.Side) bool {
	v := p.Variant()
	for _, h := range v.OwnHoles(s) {
		if v.IsInner(int(h)) && p.Seeds(int(h)) > 0 {
			return false
		}
	}
	return true
}
