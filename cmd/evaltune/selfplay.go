package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"

	"mancala/board"
	"mancala/eval"
	"mancala/search"
	"mancala/search/alphabeta"
)

// playingEval names the evaluation that plays the self-play games: "hand", the
// hand-set features (eval.Hand, the committed data's: it does not change when a
// learned evaluation is adopted), or "default", the engine's own (eval.Default).
func playingEval(v *board.Variant, name string) (eval.Features, error) {
	switch name {
	case "hand":
		return eval.Hand(v), nil
	case "default":
		return eval.Default(v), nil
	}
	return 0, fmt.Errorf("unknown evaluation %q (hand or default)", name)
}

// selfPlay plays games of v with the engine's alpha-beta search at a fixed depth
// and the evaluation features f against itself, each from openingPlies random moves
// drawn from seed, and writes every position after the opening with the game's
// result: a line "position<TAB>r", r being 1, 0.5 or 0 for the side to move there.
// When randomEvery is above zero, one move in randomEvery is played at random (and
// its position is kept) so that the games cover more than the engine's own lines.
func selfPlay(w io.Writer, v *board.Variant, f eval.Features, games, depth, openingPlies, randomEvery int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, uint64(v.ID)))
	ab := alphabeta.New(search.Options{HashMB: 8})
	ab.SetEval(f.Evaluate)
	player := &sometimesRandom{Searcher: ab, every: randomEvery, rng: rng}
	bw := bufio.NewWriter(w)
	for i := 0; i < games; i++ {
		g, res, err := playGame(v, player, depth, openingPlies, rng)
		if err != nil {
			return fmt.Errorf("game %d: %v", i, err)
		}
		winner, decided := res.Winner()
		kept := g.Positions()[openingPlies : len(g.Positions())-1]
		for _, p := range kept {
			r := "0.5"
			if decided {
				r = "0"
				if winner == p.SideToMove() {
					r = "1"
				}
			}
			if _, err := fmt.Fprintf(bw, "%s\t%s\n", p, r); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// openingTries bounds the random openings drawn for one game: a long one can reach a
// position where every move ends the game, and is drawn again.
const openingTries = 100

// playGame plays one self-play game of v by the one game driver: openingPlies random
// moves that leave the game going (board.RandomOpening), then player's moves to the
// end or the ply cap (search.PlayGame). It returns the game and its result.
func playGame(v *board.Variant, player search.Searcher, depth, openingPlies int, rng *rand.Rand) (*board.Game, board.Result, error) {
	g, ok := board.RandomOpening(v.StartPosition(), openingPlies, rng)
	for try := 1; !ok; try++ {
		if try == openingTries {
			return g, board.Result{}, fmt.Errorf("no opening of %d random plies in %d tries leaves the game going", openingPlies, openingTries)
		}
		g, ok = board.RandomOpening(v.StartPosition(), openingPlies, rng)
	}
	rep, err := search.PlayGame(g, [2]search.Searcher{player, player}, search.GameConfig{Limits: search.Limits{Depth: depth}, MaxPlies: board.DefaultPlyCap})
	return g, rep.Result, err
}

// sometimesRandom plays one move in every (at random) at random, the others by its
// Searcher; every 0 never plays at random.
type sometimesRandom struct {
	search.Searcher
	every int
	rng   *rand.Rand
}

// Search plays a random legal move or asks the Searcher.
func (s *sometimesRandom) Search(req search.Request, ctl *search.Control) search.Result {
	if s.every <= 0 || s.rng.IntN(s.every) != 0 {
		return s.Searcher.Search(req, ctl)
	}
	var ml board.MoveList
	p := req.History[len(req.History)-1]
	p.LegalMoves(&ml)
	return search.Result{Best: ml.Moves[s.rng.IntN(ml.N)], Ponder: board.NoMove}
}
