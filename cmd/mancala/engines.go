package main

import (
	"mancala/protocol"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
)

// algorithms are the engine's search algorithms, the values of its Search option;
// the first is the default.
func algorithms() []protocol.Algorithm {
	return []protocol.Algorithm{
		{Name: "alphabeta", New: func(o search.Options) search.Searcher { return alphabeta.New(o) }},
		{Name: "mcts", New: func(o search.Options) search.Searcher { return mcts.New(o) }},
	}
}
