package main

import (
	"context"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
	"mancala/search/alphabeta"
)

// searchScorer judges random openings for the runner: an alpha-beta search to the
// given depth, its score in centiseeds (a proven result counts as far out of
// balance). When ctx ends, the search under way stops at once (its score is then
// meaningless, and the generator, which checks ctx, drops it).
func searchScorer(ctx context.Context, depth int) (tournament.Scorer, error) {
	s := alphabeta.New(search.Options{HashMB: 1, Threads: 1, MultiPV: 1})
	return func(g *board.Game) int {
		s.NewGame()
		var ctl search.Control
		defer context.AfterFunc(ctx, ctl.Stop)()
		res := s.Search(search.Request{History: g.Positions(), Limits: search.Limits{Depth: depth}}, &ctl)
		if res.Score.Mate {
			return 1 << 30
		}
		return res.Score.Value
	}, nil
}
