package search

import (
	"mancala/board"
	"mancala/search/words"
)

// Endgames is an endgame table as the engines use it: for boards with few seeds, the
// value of the seeds still on the board for the side to move (what it finishes with
// from them minus what the opponent does), stored as bounds that hold whatever the
// history before the position, so long as the position itself has not occurred
// before. cmd/mancala wires package tablebase in through it, so that the searches
// need not know how tables are stored or built.
type Endgames interface {
	// Probe returns bounds on the value of p's board seeds for the side to move;
	// lo == hi means the value is exact. ok is false when p is not in the table.
	// It must not allocate: the searches call it at every node.
	Probe(p *board.Position) (lo, hi int, ok bool)
	// BestMove returns a move of p that keeps the table's value, and bounds on the
	// value it leads to; seen reports a position that already occurred in the game.
	// ok is false when p is not in the table or has no move.
	BestMove(p *board.Position, seen func(*board.Position) bool) (m board.Move, lo, hi int, ok bool)
	// ExactMargins reports whether the values are the game's own margins; false
	// where they are right only in sign (a game that a store majority ends, tabled
	// as the game played on past it).
	ExactMargins() bool
}

// Table values: a result the endgame table proves is a win or loss without a
// distance to the end, so it scores in a band of its own between the evaluations and
// the proven results of the search: TableWin-ply for a win found ply plies below the
// root, its negation for a loss.
const (
	TableWin    = MateMin - 1000
	TableWinMin = TableWin - MaxPlies // v >= TableWinMin is a win the table proves (or a mate)
)

// storeLead is the side to move's store minus the opponent's.
func storeLead(p *board.Position) int {
	me := p.SideToMove()
	return p.Store(me) - p.Store(me.Other())
}

// TableCut turns the table's bounds lo..hi on the board seeds of p, ply plies below
// the root, into a search value where they decide the node in the window
// (alpha, beta), a draw being worth draw to the side to move (0, or ±contempt; see
// Draws): with d the store lead of the side to move, d+lo > 0 is a proven win,
// d+hi < 0 a proven loss, and d+lo >= 0 (at least a draw) or d+hi <= 0 (at most a
// draw) answer a window that asks no more than a draw (beta <= draw) or no less
// (alpha >= draw), with the draw's value as a fail-soft bound. cut is false where the
// bounds leave the window's question open.
func TableCut(p *board.Position, lo, hi, ply, alpha, beta, draw int) (v int, cut bool) {
	d := storeLead(p)
	switch {
	case d+lo > 0:
		return TableWin - ply, true
	case d+hi < 0:
		return -(TableWin - ply), true
	case d+lo >= 0 && (d+hi <= 0 || beta <= draw):
		return draw, true
	case d+hi <= 0 && alpha >= draw:
		return draw, true
	}
	return 0, false
}

// TableMove is the move an engine plays when the table knows the root of req exactly:
// the table's best move with the game's real history (a move back to an earlier
// position is the loop ending), scored as the exact final margin the table proves
// (store lead plus the value of the board after the move, Bound Exact; where the
// game's history leaves only bounds on that value, a repetition being in reach, its
// lower bound, Bound Lower). A table right only in sign (Endgames.ExactMargins
// false) scores what the sign proves: a win is at least one seed, a loss at most
// minus one, a draw exactly none. ok is false when eg is nil, the
// root is not in the table, or the table has only bounds for it: there the move that
// secures the lower bound need not be the best one (in Je ki n je nearly every board
// has only bounds, the loop ending deciding its value), so the engine searches, the
// table cutting its tree.
func TableMove(eg Endgames, req Request) (res Result, ok bool) {
	if eg == nil || len(req.History) == 0 {
		return res, false
	}
	root := &req.History[len(req.History)-1]
	if lo, hi, in := eg.Probe(root); !in || lo != hi {
		return res, false
	}
	keys := make(map[uint64]bool, len(req.History))
	for i := range req.History {
		keys[req.History[i].Hash()] = true
	}
	m, lo, hi, ok := eg.BestMove(root, func(p *board.Position) bool { return keys[p.Hash()] })
	if !ok {
		return res, false
	}
	score := words.Score{Value: 100 * (storeLead(root) + lo), Bound: words.Exact}
	if lo != hi {
		score.Bound = words.Lower
	}
	if !eg.ExactMargins() {
		if score, ok = signOnly(storeLead(root)+lo, lo == hi); !ok {
			return res, false
		}
	}
	return Result{Best: m, Ponder: board.NoMove, Score: score, Nodes: 1, TBHits: 1}, true
}

// signOnly is the score a table right only in sign proves for a final margin of m in
// the played-on game (exact: no repetition leaves it a bound): a win of at least one
// seed, a loss of at most minus one, a draw. ok is false where a bound proves nothing
// (a lower bound below a draw).
func signOnly(m int, exact bool) (s words.Score, ok bool) {
	switch {
	case m > 0:
		return words.Score{Value: 100, Bound: words.Lower}, true
	case m == 0 && exact:
		return words.Score{Value: 0, Bound: words.Exact}, true
	case m == 0:
		return words.Score{Value: 0, Bound: words.Lower}, true
	case exact:
		return words.Score{Value: -100, Bound: words.Upper}, true
	}
	return words.Score{}, false
}

// SignWords says what a table right only in sign proves for side, whose final margin
// in the played-on game lies in lo..hi: a win, a draw, a loss, or at least or at most
// a draw ("the table of the game played on past a majority" said with it).
func SignWords(lo, hi int, side board.Side) string {
	var r string
	switch {
	case lo > 0:
		r = "a win for " + side.Name()
	case hi < 0:
		r = "a loss for " + side.Name()
	case lo == 0 && hi == 0:
		r = "a draw"
	case lo >= 0:
		r = "at least a draw for " + side.Name()
	case hi <= 0:
		r = "at most a draw for " + side.Name()
	default:
		r = "open: a win, a draw or a loss for " + side.Name()
	}
	return r + " (the table of the game played on past its majority: right in sign, not in margin)"
}
