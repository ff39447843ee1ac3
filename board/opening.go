package board

import (
	"math/rand/v2"
	"slices"
)

// RandomOpening starts a game from start and plays plies random moves, each chosen
// uniformly among the legal moves after which the game goes on (a move that ends it,
// by any rule or by repeating a position of the game, is never chosen), so that the
// game it returns is still to be played. ok is false, with the game as far as it
// got, if start is already over or at some ply every legal move ends the game. The
// same rng state gives the same opening.
func RandomOpening(start Position, plies int, rng *rand.Rand) (g *Game, ok bool) {
	g = NewGame(start)
	if g.result.Over() {
		return g, false
	}
	var cl ChildList
	var goesOn [MaxMoves]Move
	for range plies {
		p := g.Position()
		p.Generate(&cl)
		n := 0
		for i := 0; i < cl.N; i++ {
			q := &cl.Children[i].Pos
			key := q.loopKey() // as Play compares positions
			repeated := slices.ContainsFunc(g.positions, func(x Position) bool { return x.loopKey() == key })
			if !q.result(repeated).Over() { // openings are short: a scan will do
				goesOn[n] = cl.Children[i].Move
				n++
			}
		}
		if n == 0 {
			return g, false
		}
		if err := g.Play(goesOn[rng.IntN(n)]); err != nil {
			panic("board: a generated move was refused: " + err.Error())
		}
	}
	return g, true
}
