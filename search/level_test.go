package search_test

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
	"mancala/search"
)

// fullStrength is the searcher the levels weaken in these tests.
func fullStrength() search.Searcher { return search.NewAlphaBeta(search.Options{}) }

// levelPlyCap ends a test game as a draw if it has not finished by then.
const levelPlyCap = 400

// levelOpening returns plies random moves from v's start position.
func levelOpening(v *board.Variant, rng *rand.Rand, plies int) []board.Move {
	var moves []board.Move
	p := v.StartPosition()
	var cl board.ChildList
	for range plies {
		if p.Generate(&cl); cl.N == 0 {
			break
		}
		c := cl.Children[rng.IntN(cl.N)]
		moves = append(moves, c.Move)
		p = c.Pos
	}
	return moves
}

// levelPlayGame plays one game of v after the opening, every move searched to depth,
// and returns its moves and result.
func levelPlayGame(t *testing.T, v *board.Variant, open []board.Move, players [2]search.Searcher, depth int) ([]board.Move, board.Result) {
	t.Helper()
	g := board.NewGame(v.StartPosition())
	for _, m := range open {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range players {
		p.NewGame()
	}
	var ctl search.Control
	for ply := 0; !g.Result().Over() && ply < levelPlyCap; ply++ {
		pos := g.Position()
		ctl.Reset()
		res := players[pos.SideToMove()].Search(search.Request{History: g.Positions(),
			Limits: search.Limits{Depth: depth}}, &ctl)
		if err := g.Play(res.Best); err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
	}
	return g.Moves(), g.Result()
}

// levelMatch plays pairs of games (each opening with a as South, then as North) and
// returns a's points, counting a win 1 and a draw 1/2.
func levelMatch(t *testing.T, v *board.Variant, a, b search.Searcher, pairs, depth int) float64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, uint64(v.ID)))
	points := 0.0
	for range pairs {
		open := levelOpening(v, rng, 2)
		for _, aSide := range []board.Side{board.South, board.North} {
			players := [2]search.Searcher{b, b}
			players[aSide] = a
			_, r := levelPlayGame(t, v, open, players, depth)
			switch w, decisive := r.Winner(); {
			case !decisive:
				points += 0.5
			case w == aSide:
				points++
			}
		}
	}
	return points
}

// TestLevelOneLosesToLevelTen: level 1 must lose clearly to full strength at the same
// depth. A wrapper that ignored its level would score about half.
func TestLevelOneLosesToLevelTen(t *testing.T) {
	const pairs, depth = 5, 4
	for _, v := range []*board.Variant{board.JeKiNJe.Get(), board.AdjiKui1.Get()} {
		weak := search.WithLevel(fullStrength(), 1, 1, search.Options{})
		points := levelMatch(t, v, weak, fullStrength(), pairs, depth)
		t.Logf("%s: level 1 scored %.1f of %d against level 10", v.Name, points, 2*pairs)
		if points > 2 {
			t.Errorf("%s: level 1 scored %.1f of %d against level 10, want at most 2", v.Name, points, 2*pairs)
		}
	}
}
