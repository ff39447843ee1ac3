package alphabeta

import (
	"math"

	"mancala/board"
	"mancala/search"
)

// futilityDepth is the deepest remaining depth at which reverse futility pruning
// applies. Not measured against other depths: 9 gave nearly the same bench tree.
const futilityDepth = 6

// futile reports whether the null-window node p, depth plies from the horizon, fails
// high on its static evaluation alone, and with what value (reverse futility pruning,
// the "static null move" of chess engines): its static evaluation stands the game's
// profile's Search.FutilityMargin per ply of depth above beta. A position where the
// game may be over, and windows at proven results, are always searched.
func (t *thread) futile(p *board.Position, beta, depth int) (int, bool) {
	margin := p.Variant().Profile.Search.FutilityMargin
	if margin <= 0 || depth > futilityDepth || search.IsMate(beta) || p.MayBeOver() {
		return 0, false
	}
	v := search.ClampEval(t.run.eval(p))
	return v, v-margin*depth >= beta
}

// singularDepth is the shallowest depth at which a table move may be extended, and
// singularSlack how much shallower than the node the table's entry may be. Not
// measured against other values.
const (
	singularDepth = 6
	singularSlack = 3
)

// singular tests the table's move of p, whose table entry is e, for a singular
// extension: a reduced null-window search of the other moves, the table's move left
// out, at singularBeta, the entry's score less the game's profile's
// Search.SingularMargin per ply of depth (singular extensions, as in Stockfish). If no
// other move reaches it, the node's value rests on the table's move alone: ext is 1,
// and the move is searched a ply deeper. If one does and singularBeta is at least
// beta, two moves (the table's, by its entry, and that one) beat beta, and the node
// fails high on singularBeta without a search of its own: cut is true (multi-cut).
// Only entries that are at least a lower bound, not too shallow and not a proven
// result qualify. The results are meaningless if t.stopped is set.
func (t *thread) singular(p *board.Position, e ttEntry, depth, ply, beta int) (ext, v int, cut bool) {
	margin := p.Variant().Profile.Search.SingularMargin
	score := fromTT(e.score, ply)
	if margin <= 0 || depth < singularDepth || e.move == board.NoMove || e.depth < depth-singularSlack ||
		e.bound&boundLower == 0 || search.IsMate(score) {
		return 0, 0, false
	}
	sBeta := score - margin*depth
	fr := &t.stack[ply]
	fr.excluded = e.move
	v = t.search(p, sBeta-1, sBeta, (depth-1)/2, ply, false)
	fr.excluded = board.NoMove
	switch {
	case v < sBeta:
		return 1, 0, false
	case sBeta >= beta:
		return 0, sBeta, true
	}
	return 0, 0, false
}

// iirDepth is the shallowest depth at which a node without a table move is searched
// one ply shallower (internal iterative reduction). Not measured against other
// depths.
const iirDepth = 4

// lmrTable[d][n] is the late-move reduction of the n-th move tried (from 0) at depth
// d: 0.75 + ln(d)·ln(n)/2.25 plies, rounded down (the formula and constants of
// Stockfish's earlier versions, not tuned here). Against the fixed steps it replaced
// (1 ply from the third move at depth 3, 2 from the sixth at depth 6) it won an SPRT
// in je-ki-n-je (docs/ledger.md, "Pruning"). It reduces the second move by nothing.
var lmrTable = func() (r [maxPly][board.MaxMoves]int8) {
	for d := 1; d < maxPly; d++ {
		for n := 1; n < board.MaxMoves; n++ {
			r[d][n] = int8(0.75 + math.Log(float64(d))*math.Log(float64(n))/2.25)
		}
	}
	return r
}()

// reduction is how many plies shallower the n-th move tried at depth is searched
// first with a null window.
func reduction(depth, n int) int {
	if depth < 3 {
		return 0
	}
	return int(lmrTable[min(depth, maxPly-1)][n])
}
