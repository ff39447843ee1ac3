package search

// MCTS is a PLACEHOLDER to be replaced by the real Monte-Carlo tree searcher.
type MCTS struct{ greedy }

// NewMCTS returns an MCTS searcher (placeholder: greedy).
func NewMCTS(Options) *MCTS { return &MCTS{} }
