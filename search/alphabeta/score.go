package alphabeta

import "mancala/search"

// Search depth bounds.
const (
	maxPly   = 128        // deepest ply the search stack holds
	maxDepth = maxPly - 8 // deepest iteration of iterative deepening
)

// toTT converts a value at ply ply into the ply-independent form the transposition
// table stores: proven results (the search's and the endgame table's) count plies
// from the node rather than the root.
func toTT(v, ply int) int {
	switch {
	case v >= search.TableWinMin:
		return v + ply
	case v <= -search.TableWinMin:
		return v - ply
	}
	return v
}

// fromTT is the inverse of toTT at ply ply.
func fromTT(v, ply int) int {
	switch {
	case v >= search.TableWinMin:
		return v - ply
	case v <= -search.TableWinMin:
		return v + ply
	}
	return v
}
