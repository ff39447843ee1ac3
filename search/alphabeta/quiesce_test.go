package alphabeta

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
	"mancala/search"
)

// quiesceMinimax is the quiescence search's value without pruning: the side to move
// takes the better of the static evaluation and every capture, for qdepth plies,
// and a finished game scores its result.
func quiesceMinimax(th *thread, p *board.Position, ply, qdepth int) int {
	var cl board.ChildList
	p.Generate(&cl)
	if cl.N == 0 {
		return search.ResultValue(p.NoChildResult(), p.SideToMove(), ply)
	}
	best := search.ClampEval(th.run.eval(p))
	if qdepth == 0 {
		return best
	}
	for i := 0; i < cl.N; i++ {
		if c := &cl.Children[i].Pos; p.Captured(c) > 0 {
			v := quiesceMinimax(th, c, ply+1, qdepth-1)
			if c.SideToMove() != p.SideToMove() { // else an extra turn: the mover's own value
				v = -v
			}
			best = max(best, v)
		}
	}
	return best
}

// TestQuiesceIsCaptureMinimax checks the quiescence search with an open window against
// its plain minimax in positions of random games of every variant, and that the
// captures changed the value somewhere (else the test would not test them).
func TestQuiesceIsCaptureMinimax(t *testing.T) {
	games := 60
	if raceEnabled {
		games = 5
	}
	// The minimax without pruning grows fast with the depth in Bao la Kimasai, whose
	// captures are many; the search's code is the same at every depth.
	const testDepth = 4
	for _, v := range board.Samples() {
		name := v.Name
		t.Run(name, func(t *testing.T) {
			start := mustPosition(t, name, "")
			th := mainThread(start)
			rng := rand.New(rand.NewPCG(3, uint64(len(name))))
			changed := 0
			for i := 0; i < games; i++ {
				g, ok := board.RandomOpening(start, 4+rng.IntN(80), rng)
				if !ok {
					continue
				}
				p := g.Position()
				want := quiesceMinimax(th, &p, 0, testDepth)
				if got := th.quiesce(&p, -search.Infinite, search.Infinite, 0, testDepth); got != want {
					t.Fatalf("%q: quiescence %d, minimax of the captures %d", p.String(), got, want)
				}
				if want != search.ClampEval(th.run.eval(&p)) {
					changed++
				}
			}
			if changed == 0 {
				t.Errorf("no capture changed a value in %d positions", games)
			}
		})
	}
}
