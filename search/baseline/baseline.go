// Package baseline holds the weak players that strength measurements compare
// against and the protocol's Skill option offers: Random plays a uniformly random
// legal move, Greedy the move whose position evaluates best one ply ahead.
package baseline

import (
	"math/rand/v2"

	"mancala/board"
	"mancala/search"
)

// Random plays a uniformly random legal move; its stream of choices restarts with
// NewGame so that games against it are reproducible.
type Random struct{ rng *rand.Rand }

// NewRandom returns a random mover at the start of its stream.
func NewRandom() *Random {
	r := &Random{}
	r.NewGame()
	return r
}

// Search plays a random legal move of the root.
func (r *Random) Search(req search.Request, _ *search.Control) search.Result {
	if len(req.History) == 0 {
		return search.Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	root := req.History[len(req.History)-1]
	var ml board.MoveList
	root.LegalMoves(&ml)
	if ml.N == 0 {
		return search.Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	best := ml.Moves[r.rng.IntN(ml.N)]
	req.Report(search.Info{Depth: 1, Nodes: uint64(ml.N), PV: []board.Move{best}})
	return search.Result{Best: best, Ponder: board.NoMove, Nodes: uint64(ml.N)}
}

// NewGame restarts the stream of random choices.
func (r *Random) NewGame() { r.rng = rand.New(rand.NewPCG(1, 2)) }

// SetOptions ignores the options: a random mover has none.
func (r *Random) SetOptions(search.Options) {}

// Greedy plays the move whose resulting position evaluates best for the mover (one
// ply, no search); a finished game counts as won, drawn or lost.
type Greedy struct{ eval search.Evaluator }

// NewGreedy returns a greedy player using search.DefaultEvaluator.
func NewGreedy() *Greedy { return &Greedy{eval: search.DefaultEvaluator} }

// SetEval replaces the evaluation the greedy player maximises.
func (g *Greedy) SetEval(f search.Evaluator) { g.eval = f }

// Search plays the child the evaluation likes best for the mover.
func (g *Greedy) Search(req search.Request, _ *search.Control) search.Result {
	if len(req.History) == 0 {
		return search.Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	root := req.History[len(req.History)-1]
	var cl board.ChildList
	root.Generate(&cl)
	if cl.N == 0 {
		return search.Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	best, bestValue := 0, 0
	for i := 0; i < cl.N; i++ {
		v := -g.value(&cl.Children[i].Pos)
		if i == 0 || v > bestValue {
			best, bestValue = i, v
		}
	}
	m := cl.Children[best].Move
	score := search.ToScore(bestValue)
	req.Report(search.Info{Depth: 1, Score: score, Nodes: uint64(cl.N), PV: []board.Move{m}})
	return search.Result{Best: m, Ponder: board.NoMove, Score: score, Nodes: uint64(cl.N)}
}

// NewGame does nothing: the greedy player learns nothing.
func (*Greedy) NewGame() {}

// SetOptions ignores the options: the greedy player has none.
func (*Greedy) SetOptions(search.Options) {}

// value is the value of p for its side to move: a finished game as a proven result
// one ply below the root, else the clamped evaluation.
func (g *Greedy) value(p *board.Position) int {
	if r := p.Result(); r.Over() {
		return search.ResultValue(r, p.SideToMove(), 1)
	}
	return search.ClampEval(g.eval(p))
}
