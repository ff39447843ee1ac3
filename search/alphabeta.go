package search

// AlphaBeta is a PLACEHOLDER to be replaced by the real alpha-beta searcher.
type AlphaBeta struct{ greedy }

// NewAlphaBeta returns an alpha-beta searcher (placeholder: greedy).
func NewAlphaBeta(Options) *AlphaBeta { return &AlphaBeta{} }
