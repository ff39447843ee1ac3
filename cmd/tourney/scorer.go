package main

import (
	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
	"mancala/search/alphabeta"
)

// searchScorer judges random openings for the runner: an alpha-beta search to the
// given depth, its score in centiseeds (a proven result counts as far out of
// balance).
func searchScorer(depth int) (tournament.Scorer, error) {
	s := alphabeta.New(search.Options{HashMB: 1, Threads: 1, MultiPV: 1})
	return func(g *board.Game) int {
		s.NewGame()
		res := s.Search(search.Request{History: g.Positions(), Limits: search.Limits{Depth: depth}}, &search.Control{})
		if res.Score.Mate {
			return 1 << 30
		}
		return res.Score.Value
	}, nil
}
