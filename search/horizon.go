package search

import "mancala/board"

// The moves over which a sudden-death clock is spread (NewBudget) come from each
// game's profile (board.ClockProfile). In the two-row games the number follows the
// game: the moves the side to move still makes, as estimated from the share of the
// variant's seeds still on the board (Clock.MovesLeft), times the share of its
// target that a search takes on average (Clock.SpendAlphaBeta, SpendMCTS), so that
// a game is expected to end with little of the clock left. A game whose progress the
// seeds on the board do not tell (Bao la Kimasai, whose cows on the board grow while
// the reserves are placed) keeps a flat number of moves (Clock.Flat).
//
// The tables are measured with `go run ./cmd/clockfit moves FILE...` (every move
// counted as one), `go run ./cmd/clockfit demand --tc TC --engine final FILE...`
// (each move counted by the share of a full search it takes) and
// `go run ./cmd/clockfit simulate --engine final FILE...` (the spend ratios) over
// the records of matches (docs/ledger.md, "The clock", "The clock by demand", "MCTS
// and the clock").

// minHorizon keeps a long ending from eating the clock in a few moves. Not measured
// in matches; the simulation (clockfit simulate) changed by at most 4 points of clock
// used between 2 and 5.
const minHorizon = 3

// horizon is the number of moves, at least minHorizon, over which a search of p by
// method spreads the time left on the clock of the side to move when the clock is for
// the rest of the game.
func horizon(p *board.Position, method Method) float64 {
	v := p.Variant()
	c := &v.Profile.Clock
	if c.Flat > 0 {
		return c.Flat
	}
	spend := c.SpendAlphaBeta
	if method == MCTS {
		spend = c.SpendMCTS
	}
	bins := float64(len(c.MovesLeft))
	x := float64(p.SeedsOnBoard())/float64(v.Seeds)*bins - 0.5 // in bins from the first middle
	i := min(max(int(x), 0), len(c.MovesLeft)-2)
	f := min(max(x-float64(i), 0), 1)
	return max(spend*(c.MovesLeft[i]+(c.MovesLeft[i+1]-c.MovesLeft[i])*f), minHorizon)
}
