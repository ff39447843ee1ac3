package search

import (
	"mancala/board"
	"mancala/search/words"
)

// Values are the engines' internal scores: plain ints from the side to move's point of
// view. Evaluations are centiseeds clamped to ±EvalLimit; a proven result is
// Mate-ply (a win found ply plies below the root) or its negation (a loss); draws,
// proven or by a loop ending, are 0, or ±contempt (see Draws). Every value fits in an
// int16.
const (
	Infinite = 32000           // beyond every real value
	Mate     = 31000           // a win at the root itself; a win at ply d is Mate-d
	MateMin  = Mate - MaxPlies // |v| >= MateMin is a proven win or loss
	// EvalLimit bounds static evaluations, well clear of the proven results.
	EvalLimit = 20000
	// MaxPlies bounds the plies to a proven result that a value can express.
	MaxPlies = 1000
)

// IsMate reports whether v is a proven win or loss.
func IsMate(v int) bool { return v >= MateMin || v <= -MateMin }

// ResultValue is the value of a finished game with result r, ply plies below the
// root, for side: a win or loss as a proven result, a draw as 0. It is the one
// conversion of game results into values; Draws.Result values draws otherwise.
func ResultValue(r board.Result, side board.Side, ply int) int {
	return Draws{}.Result(r, side, ply)
}

// Draws is what a drawn game is worth to each side to move, indexed by board.Side.
// With contempt, the side to move at the root values a draw below 0 and its opponent
// above, so that the search prefers a line it judges a little worse than a draw to
// the draw itself: against a weaker opponent such a line keeps chances to win. The
// zero Draws values every draw as 0.
type Draws [2]int

// NewDraws returns the draw values of a search whose root has root to move, with
// contempt centiseeds.
func NewDraws(root board.Side, contempt int) Draws {
	var d Draws
	d[root], d[root.Other()] = -contempt, contempt
	return d
}

// Result is the value of a finished game with result r, ply plies below the root,
// for side: a win or loss as a proven result, a draw as d[side].
func (d Draws) Result(r board.Result, side board.Side, ply int) int {
	w, ok := r.Winner()
	switch {
	case !ok:
		return d[side]
	case w == side:
		return Mate - ply
	default:
		return -(Mate - ply)
	}
}

// ClampEval keeps a static evaluation clear of the proven results.
func ClampEval(v int) int { return max(-EvalLimit, min(EvalLimit, v)) }

// ToScore converts a value at the root into the API's words.Score, still in internal
// values (Reported converts it for the protocol). A proven result is reported
// in moves of the side to move at the root, (plies+1)/2 as UCI counts them, positive
// for a win and negative for a loss.
func ToScore(v int) words.Score {
	if !IsMate(v) {
		return words.Score{Value: v}
	}
	if v > 0 {
		return words.Score{Mate: true, Value: (Mate - v + 1) / 2}
	}
	return words.Score{Mate: true, Value: -(Mate + v + 1) / 2}
}
