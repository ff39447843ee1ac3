package main

import (
	"mancala/board"
	"mancala/protocol"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
	"mancala/tablebase"
)

// algorithms are the engine's search algorithms, the values of its Search option;
// the first is the default.
func algorithms() []protocol.Algorithm {
	return []protocol.Algorithm{
		{Name: "alphabeta", New: func(o search.Options) search.Searcher { return alphabeta.New(o) }},
		{Name: "mcts", New: func(o search.Options) search.Searcher { return mcts.New(o) }},
	}
}

// endgames is a tablebase.Table as the searches probe it.
type endgames struct{ *tablebase.Table }

// BestMove is tablebase.Table.BestMove in the shape of search.Endgames.
func (t endgames) BestMove(p *board.Position, seen func(*board.Position) bool) (board.Move, int, int, bool) {
	mv, ok := t.Table.BestMove(p, seen)
	return mv.Move, mv.Lo, mv.Hi, ok
}

// openEndgames opens the endgame table of v in dir, for the TablebasePath option.
func openEndgames(dir string, v *board.Variant) (search.Endgames, error) {
	t, err := tablebase.Open(dir, v)
	if err != nil {
		return nil, err
	}
	return endgames{t}, nil
}
