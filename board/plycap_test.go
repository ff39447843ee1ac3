package board_test

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
)

// TestPlyCapResult checks the one ply-cap rule in every game: no cap (0) and a game
// shorter than the cap go on; a game at or past the cap ends, adjudicated, scored as
// the rules score a loop ending there (the seeds on each side counted in the scoring
// games, a draw in Bao la Kimasai); a game the rules ended is not capped.
func TestPlyCapResult(t *testing.T) {
	for _, v := range builtinVariants() {
		t.Run(v.Name, func(t *testing.T) {
			g, ok := board.RandomOpening(v.StartPosition(), 10, rand.New(rand.NewPCG(5, 6)))
			if !ok {
				t.Fatal("no opening")
			}
			for _, limit := range []int{0, -1, 11, 100} {
				if r, capped := g.PlyCapResult(limit); capped {
					t.Errorf("a cap of %d stops a game of 10 plies: %v", limit, r)
				}
			}
			for _, limit := range []int{1, 9, 10} {
				r, capped := g.PlyCapResult(limit)
				if !capped || r.Reason != board.Adjudicated || !r.Over() {
					t.Fatalf("a cap of %d does not stop a game of 10 plies: %v, %v", limit, r, capped)
				}
				p := g.Position()
				south, north := p.Store(board.South)+p.RowSeeds(board.South), p.Store(board.North)+p.RowSeeds(board.North)
				want := board.Result{Outcome: board.Draw, Reason: board.Adjudicated}
				if v.Scoring {
					want.Scored, want.South, want.North = true, south, north
					switch {
					case south > north:
						want.Outcome = board.SouthWins
					case north > south:
						want.Outcome = board.NorthWins
					}
				}
				if r != want {
					t.Errorf("capped at %s: %+v, want %+v", p.String(), r, want)
				}
			}
			for !g.Result().Over() {
				var ml board.MoveList
				p := g.Position()
				p.LegalMoves(&ml)
				if err := g.Play(ml.Moves[0]); err != nil {
					t.Fatal(err)
				}
			}
			if r, capped := g.PlyCapResult(1); capped {
				t.Errorf("a cap stops a game the rules ended (%v): %v", g.Result(), r)
			}
		})
	}
}
