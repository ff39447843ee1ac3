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

// maxPlies ends a self-play game that runs this long as a draw (a safety net, not
// measured: no game of the committed data came near it).
const maxPlies = 600

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
// and the evaluation features f against itself, each from openingPlies random moves drawn from seed, and writes
// every position after the opening with the game's result: a line "position<TAB>r",
// r being 1, 0.5 or 0 for the side to move there. When randomEvery is above zero,
// one move in randomEvery is played at random (and its position is kept) so that
// the games cover more than the engine's own lines.
func selfPlay(w io.Writer, v *board.Variant, f eval.Features, games, depth, openingPlies, randomEvery int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, uint64(v.ID)))
	ab := alphabeta.New(search.Options{HashMB: 8})
	ab.SetEval(f.Evaluate)
	bw := bufio.NewWriter(w)
	for i := 0; i < games; i++ {
		g := board.NewGame(v.StartPosition())
		ab.NewGame()
		var kept []board.Position
		for ply := 0; !g.Result().Over() && ply < maxPlies; ply++ {
			p := g.Position()
			var m board.Move
			if ply < openingPlies || (randomEvery > 0 && rng.IntN(randomEvery) == 0) {
				var ml board.MoveList
				p.LegalMoves(&ml)
				m = ml.Moves[rng.IntN(ml.N)]
			} else {
				var ctl search.Control
				m = ab.Search(search.Request{History: g.Positions(), Limits: search.Limits{Depth: depth}}, &ctl).Best
			}
			if ply >= openingPlies {
				kept = append(kept, p)
			}
			if err := g.Play(m); err != nil {
				return fmt.Errorf("game %d: %v", i, err)
			}
		}
		winner, decided := g.Result().Winner()
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
