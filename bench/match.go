package bench

import (
	"fmt"
	"math/rand/v2"

	"mancala/board"
	"mancala/search"
)

// MatchResult counts the games of a match from the first player's point of view.
type MatchResult struct {
	Wins, Losses, Draws int
}

// Games is the number of games played.
func (r MatchResult) Games() int { return r.Wins + r.Losses + r.Draws }

// Score is the first player's points (a win 1, a draw 1/2) per game.
func (r MatchResult) Score() float64 {
	if r.Games() == 0 {
		return 0
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// String formats the result as "+W -L =D (score%)".
func (r MatchResult) String() string {
	return fmt.Sprintf("+%d -%d =%d (%.1f%%)", r.Wins, r.Losses, r.Draws, 100*r.Score())
}

// maxGamePlies ends a match game that runs this long as a draw.
const maxGamePlies = 1000

// Match plays pairs games of variant v between a and b: each pair starts from the
// same opening (openingPlies random legal moves from the start, drawn from seed) and
// lets each searcher play each side once. Every move is searched under limits with a
// fresh Control; every game starts with NewGame for both searchers.
func Match(v *board.Variant, a, b search.Searcher, pairs int, limits search.Limits, openingPlies int, seed uint64) (MatchResult, error) {
	var res MatchResult
	rng := rand.New(rand.NewPCG(seed, uint64(v.ID)))
	for pair := 0; pair < pairs; pair++ {
		opening := randomOpening(v, openingPlies, rng)
		for aSide := board.South; aSide <= board.North; aSide++ {
			players := [2]search.Searcher{b, b}
			players[aSide] = a
			r, err := playGame(opening, players, limits)
			if err != nil {
				return res, err
			}
			w, decided := r.Winner()
			switch {
			case !decided:
				res.Draws++
			case w == aSide:
				res.Wins++
			default:
				res.Losses++
			}
		}
	}
	return res, nil
}

// randomOpening plays up to plies random moves from the start, stopping early should
// the game end.
func randomOpening(v *board.Variant, plies int, rng *rand.Rand) *board.Game {
	g := board.NewGame(v.StartPosition())
	for i := 0; i < plies && !g.Result().Over(); i++ {
		var ml board.MoveList
		p := g.Position()
		p.LegalMoves(&ml)
		if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
			panic("bench: a legal move was refused: " + err.Error())
		}
	}
	return g
}

// playGame plays the game on from opening, players[side] choosing side's moves, and
// returns its result (a draw after maxGamePlies).
func playGame(opening *board.Game, players [2]search.Searcher, limits search.Limits) (board.Result, error) {
	g := board.NewGame(opening.Start())
	for _, m := range opening.Moves() {
		if err := g.Play(m); err != nil {
			return board.Result{}, err
		}
	}
	players[0].NewGame()
	players[1].NewGame()
	for ply := 0; !g.Result().Over(); ply++ {
		if ply == maxGamePlies {
			return board.Result{Outcome: board.Draw, Reason: board.Adjudicated}, nil
		}
		var ctl search.Control
		p := g.Position()
		res := players[p.SideToMove()].Search(search.Request{History: g.Positions(), Limits: limits}, &ctl)
		if err := g.Play(res.Best); err != nil {
			return board.Result{}, fmt.Errorf("searcher played an illegal move in %s: %v", p, err)
		}
	}
	return g.Result(), nil
}
