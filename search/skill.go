package search

import (
	"math/rand/v2"

	"mancala/board"
	"mancala/eval"
)

// randomMover plays a uniformly random legal move; its stream of choices restarts
// with NewGame so that games against it are reproducible.
type randomMover struct{ rng *rand.Rand }

func newRandomMover() *randomMover {
	r := &randomMover{}
	r.NewGame()
	return r
}

// Search plays a random legal move of the root.
func (r *randomMover) Search(req Request, _ *Control) Result {
	root := req.History[len(req.History)-1]
	var ml board.MoveList
	root.LegalMoves(&ml)
	if ml.N == 0 {
		return Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	best := ml.Moves[r.rng.IntN(ml.N)]
	report(req, Info{Depth: 1, Nodes: uint64(ml.N), PV: []board.Move{best}})
	return Result{Best: best, Ponder: board.NoMove, Nodes: uint64(ml.N)}
}

// NewGame restarts the stream of random choices.
func (r *randomMover) NewGame() { r.rng = rand.New(rand.NewPCG(1, 2)) }

// SetOptions ignores the options: a random mover has none.
func (r *randomMover) SetOptions(Options) {}

// greedy plays the move whose resulting position evaluates best for the mover (one
// ply, no search); a finished game counts as won, drawn or lost.
type greedy struct{}

func newGreedy() greedy { return greedy{} }

// Search plays the child the evaluation likes best for the mover.
func (greedy) Search(req Request, _ *Control) Result {
	root := req.History[len(req.History)-1]
	var cl board.ChildList
	root.Generate(&cl)
	if cl.N == 0 {
		return Result{Best: board.NoMove, Ponder: board.NoMove}
	}
	best, bestScore := 0, 0
	for i := 0; i < cl.N; i++ {
		s := -staticScore(&cl.Children[i].Pos)
		if i == 0 || s > bestScore {
			best, bestScore = i, s
		}
	}
	m := cl.Children[best].Move
	report(req, Info{Depth: 1, Score: Score{Value: bestScore}, Nodes: uint64(cl.N), PV: []board.Move{m}})
	return Result{Best: m, Ponder: board.NoMove, Score: Score{Value: bestScore}, Nodes: uint64(cl.N)}
}

// NewGame does nothing: the greedy player learns nothing.
func (greedy) NewGame() {}

// SetOptions ignores the options: the greedy player has none.
func (greedy) SetOptions(Options) {}

// staticScore is the evaluation of p for its side to move, with finished games
// scored far beyond any evaluation.
func staticScore(p *board.Position) int {
	if r := p.Result(); r.Over() {
		w, ok := r.Winner()
		switch {
		case !ok:
			return 0
		case w == p.SideToMove():
			return 1_000_000
		default:
			return -1_000_000
		}
	}
	return eval.Evaluate(p)
}

// report sends an info line if the request wants them.
func report(req Request, info Info) {
	if info.MultiPV == 0 {
		info.MultiPV = 1
	}
	if req.Info != nil {
		req.Info(info)
	}
}
