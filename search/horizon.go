package search

import "mancala/board"

// The moves over which a sudden-death clock is spread (NewBudget). In the two-row
// games the number follows the game: the moves the side to move still makes, as
// estimated from the share of the variant's seeds still on the board, times the
// share of its target that a search takes on average, so that a game is expected to
// end with little of the clock left. Bao la Kimasai keeps a flat 30 moves.
//
// Adji Kui I and Adji-Boto count every move left as one, measured with
// `go run ./cmd/clockfit moves FILE...` (the tables) and
// `go run ./cmd/clockfit simulate --engine final FILE...` (the spend ratios), FILE
// the records of 400 games per game at 1 s + 10 ms between main's engine at d2f35df
// ("final") and the engine before issue 10 (docs/ledger.md, "The clock").
//
// Je ki n je counts each move left by its demand, the share of a full search it
// takes: its endings are long, and most of their moves are forced or solved, so
// that counting them as full moves left a third to a half of the clock unused
// (docs/ledger.md, "The clock by demand"). Its table and spend are the means of
// `go run ./cmd/clockfit demand --tc TC --engine final FILE...` over the records of
// main's engine at 4c1d92b against the engine before issue 10, at 1 s + 10 ms (800
// games) and 10 s + 100 ms (400 games).
//
// In Bao la Kimasai the seeds on the board grow while the reserves are placed, so
// their share does not tell how far the game has gone.
//
// MCTS stops once more playouts cannot change its move, and so takes a smaller share
// of its target than alpha-beta: in Adji Kui I and Adji-Boto the mean share of its
// moves spreads its clock, measured with `go run ./cmd/clockfit demand --engine new
// FILE` over 100 games of MCTS at 1 s + 10 ms when its budget was still
// alpha-beta's (docs/ledger.md, "MCTS and the clock"; `--search mcts` replays the
// records of MCTS with its own budget). In Je ki n je its own share (0.25) gained
// nothing in an SPRT (most of its moves stop early whatever the target), so it keeps
// alpha-beta's.
const (
	// flatHorizon is Bao la Kimasai's spread: its games at 1 s + 10 ms end with
	// about 12% of the clock left, and a flat 20 lost there (docs/ledger.md). MCTS
	// keeps it too: a spread of 22 for MCTS, which takes 0.65 of its target there
	// where alpha-beta takes 0.89, was undecided after 800 games (docs/ledger.md,
	// "MCTS and the clock").
	flatHorizon = 30
	// minHorizon keeps a long ending from eating the clock in a few moves. Not
	// measured in matches; the simulation (clockfit simulate) changed by at most 4
	// points of clock used between 2 and 5.
	minHorizon = 3
)

// clockModel is what the time manager knows of a variant's games.
type clockModel struct {
	// spend is, per Method, the mean time the search took over its (trend-scaled)
	// target per move.
	spend [2]float64
	// movesLeft is the mean number of moves the side to move still makes, the one to
	// be searched included, each counted as one or by its demand (above), by the
	// share of the variant's seeds on the board: entry i
	// is the mean over the positions with a share from i/10 to (i+1)/10, taken to hold
	// at the middle of that range, with straight lines between.
	movesLeft []float64
}

// models holds the two-row games' models; a variant without one (Bao la Kimasai) is
// spread over flatHorizon moves.
var models = [...]clockModel{
	board.JeKiNJe:  {[2]float64{AlphaBeta: 0.5, MCTS: 0.5}, []float64{1.45, 5.5, 9.95, 12.65, 14.45, 16.4, 17.1, 18.65, 20.35, 21.45}},
	board.AdjiKui1: {[2]float64{AlphaBeta: 0.54, MCTS: 0.19}, []float64{2.0, 3.4, 4.6, 6.1, 8.3, 10.3, 13.1, 16.3, 19.2, 23.1}},
	board.AdjiBoto: {[2]float64{AlphaBeta: 0.73, MCTS: 0.32}, []float64{2.1, 4.9, 8.2, 12.1, 16.0, 20.1, 24.4, 29.5, 35.4, 43.0}},
}

// horizon is the number of moves, at least minHorizon, over which a search of p by
// method spreads the time left on the clock of the side to move when the clock is for
// the rest of the game.
func horizon(p *board.Position, method Method) float64 {
	v := p.Variant()
	if int(v.ID) >= len(models) || len(models[v.ID].movesLeft) == 0 {
		return flatHorizon
	}
	m := &models[v.ID]
	bins := float64(len(m.movesLeft))
	x := float64(p.SeedsOnBoard())/float64(v.Seeds)*bins - 0.5 // in bins from the first middle
	i := min(max(int(x), 0), len(m.movesLeft)-2)
	f := min(max(x-float64(i), 0), 1)
	return max(m.spend[method]*(m.movesLeft[i]+(m.movesLeft[i+1]-m.movesLeft[i])*f), minHorizon)
}
