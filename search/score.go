package search

import "mancala/board"

// Internal alpha-beta scores are plain ints from the side to move's point of view:
// evaluations in centiseeds, clamped well inside ±evalLimit, and proven results as
// scoreMate-ply (a win found ply plies below the root) or its negation (a loss).
// Draws, proven or by a loop ending, are 0. Every value fits in the int16 of a
// transposition-table entry.
const (
	maxPly        = 128              // deepest ply the search stack holds
	maxDepth      = maxPly - 8       // deepest iteration of iterative deepening
	scoreInfinite = 32000            // beyond every real score
	scoreMate     = 31000            // a win at the root itself; a win at ply d is scoreMate-d
	scoreMateMin  = scoreMate - 1000 // |v| >= scoreMateMin is a proven win or loss
	evalLimit     = 20000            // static evaluations are clamped to ±evalLimit
)

// isMate reports whether v is a proven win or loss.
func isMate(v int) bool { return v >= scoreMateMin || v <= -scoreMateMin }

// resultScore scores a finished game at p, found ply plies below the root, for p's
// side to move: a win or loss as a mate score, a draw as 0.
func resultScore(r board.Result, p *board.Position, ply int) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return 0
	case w == p.SideToMove():
		return scoreMate - ply
	default:
		return -(scoreMate - ply)
	}
}

// clampEval keeps a static evaluation clear of the mate scores.
func clampEval(v int) int { return max(-evalLimit, min(evalLimit, v)) }

// toScore converts an internal root score into the API's Score. A proven result is
// reported in moves of the side to move at the root, (plies+1)/2 as UCI counts them,
// positive for a win and negative for a loss.
func toScore(v int) Score {
	if !isMate(v) {
		return Score{Value: v}
	}
	if v > 0 {
		return Score{Mate: true, Value: (scoreMate - v + 1) / 2}
	}
	return Score{Mate: true, Value: -(scoreMate + v + 1) / 2}
}

// toTT converts a score at ply ply into the ply-independent form the transposition
// table stores: mate scores count plies from the node rather than the root.
func toTT(v, ply int) int {
	switch {
	case v >= scoreMateMin:
		return v + ply
	case v <= -scoreMateMin:
		return v - ply
	}
	return v
}

// fromTT is the inverse of toTT at ply ply.
func fromTT(v, ply int) int {
	switch {
	case v >= scoreMateMin:
		return v - ply
	case v <= -scoreMateMin:
		return v + ply
	}
	return v
}
