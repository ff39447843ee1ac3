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

// Match plays pairs games of variant v between a and b: each pair starts from the
// same opening (openingPlies random legal moves from the start, drawn from seed) and
// lets each searcher play each side once. The games are played by search.PlayGame
// under limits (every game starts with NewGame for both searchers).
func Match(v *board.Variant, a, b search.Searcher, pairs int, limits search.Limits, openingPlies int, seed uint64) (MatchResult, error) {
	var res MatchResult
	rng := rand.New(rand.NewPCG(seed, uint64(v.ID)))
	for pair := 0; pair < pairs; pair++ {
		opening, ok := board.RandomOpening(v.StartPosition(), openingPlies, rng)
		if !ok {
			return res, fmt.Errorf("no opening of %d plies in %s", openingPlies, v.Name)
		}
		for aSide := board.South; aSide <= board.North; aSide++ {
			players := [2]search.Searcher{b, b}
			players[aSide] = a
			g := board.NewGame(opening.Start())
			for _, m := range opening.Moves() {
				if err := g.Play(m); err != nil {
					return res, err
				}
			}
			rep, err := search.PlayGame(g, players, search.GameConfig{Limits: limits, MaxPlies: board.DefaultPlyCap})
			if err != nil {
				return res, err
			}
			w, decided := rep.Result.Winner()
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
