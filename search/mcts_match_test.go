package search

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"mancala/board"
)

// TestMCTSLeafModeMatch plays the evaluation-valued MCTS against the playout-valued
// one at equal time per move, in every variant, and logs the score. It measures
// rather than checks (only illegal moves fail it), and it is slow, so it runs only
// when asked:
//
//	MCTS_MATCH=1 go test ./search -run TestMCTSLeafModeMatch -v -timeout 60m
//
// MCTS_MATCH_PAIRS (default 10) sets the game pairs per variant (each opening is
// played twice, colours swapped), MCTS_MATCH_MS (default 50) the time per move, and
// MCTS_MATCH_VARIANTS a comma-separated list of variants.
func TestMCTSLeafModeMatch(t *testing.T) {
	if os.Getenv("MCTS_MATCH") == "" {
		t.Skip("set MCTS_MATCH=1 to play the leaf-mode match")
	}
	pairs := mctsEnvInt(t, "MCTS_MATCH_PAIRS", 10)
	moveTime := time.Duration(mctsEnvInt(t, "MCTS_MATCH_MS", 50)) * time.Millisecond
	names := board.VariantNames()
	if s := os.Getenv("MCTS_MATCH_VARIANTS"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		evalSide, playoutSide := NewMCTS(Options{}), NewMCTS(Options{})
		evalSide.tune.mode = mctsLeafEval
		playoutSide.tune.mode = mctsLeafPlayout
		w, d, l := mctsPlayMatch(t, v, evalSide, playoutSide, pairs, moveTime)
		t.Logf("%s: evaluation vs playouts at %v/move: +%d =%d -%d (%.1f%%)",
			name, moveTime, w, d, l, 100*(float64(w)+float64(d)/2)/float64(w+d+l))
	}
}

// mctsEnvInt reads a positive integer from the environment, or returns def.
func mctsEnvInt(t *testing.T, key string, def int) int {
	s := os.Getenv(key)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", key, s)
	}
	return n
}

// mctsMatchPlyCap ends a match game as a draw if it has not finished by then.
const mctsMatchPlyCap = 600

// mctsPlayMatch plays pairs of games between a and b from random openings of v (each
// opening once with a as South, once as North) and returns a's wins, draws and
// losses.
func mctsPlayMatch(t *testing.T, v *board.Variant, a, b Searcher, pairs int, moveTime time.Duration) (w, d, l int) {
	rng := rand.New(rand.NewPCG(7, uint64(v.ID)))
	for i := 0; i < pairs; i++ {
		open := mctsOpening(v, rng, 2+i%3)
		for _, aSide := range []board.Side{board.South, board.North} {
			players := [2]Searcher{b, b}
			players[aSide] = a
			winner, decisive := mctsPlayGame(t, v, open, players, moveTime)
			switch {
			case !decisive:
				d++
			case winner == aSide:
				w++
			default:
				l++
			}
		}
	}
	return w, d, l
}

// mctsOpening returns up to plies random moves from v's start position.
func mctsOpening(v *board.Variant, rng *rand.Rand, plies int) []board.Move {
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

// mctsPlayGame plays one game of v after the opening moves and returns the winner
// (decisive false for a draw or a game cut at mctsMatchPlyCap).
func mctsPlayGame(t *testing.T, v *board.Variant, open []board.Move, players [2]Searcher, moveTime time.Duration) (board.Side, bool) {
	g := board.NewGame(v.StartPosition())
	for _, m := range open {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range players {
		p.NewGame()
	}
	var ctl Control
	for ply := 0; !g.Result().Over() && ply < mctsMatchPlyCap; ply++ {
		pos := g.Position()
		ctl.Reset()
		res := players[pos.SideToMove()].Search(Request{History: g.Positions(),
			Limits: Limits{MoveTime: moveTime}}, &ctl)
		if err := g.Play(res.Best); err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
	}
	return g.Result().Winner()
}
