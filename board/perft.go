package board

// Perft counts the move sequences of exactly depth moves from p (the leaves of the
// game tree cut at depth; finished games end a branch early and count nothing).
func Perft(p *Position, depth int) uint64 {
	switch depth {
	case 0:
		return 1
	case 1:
		return uint64(p.countMoves())
	}
	var cl ChildList
	p.Generate(&cl)
	var n uint64
	for i := 0; i < cl.N; i++ {
		n += Perft(&cl.Children[i].Pos, depth-1)
	}
	return n
}

// DivideEntry is one legal move and the perft count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft count of depth-1 below it.
func Divide(p *Position, depth int) []DivideEntry {
	if depth < 1 {
		return nil
	}
	var cl ChildList
	p.Generate(&cl)
	out := make([]DivideEntry, cl.N)
	for i := 0; i < cl.N; i++ {
		out[i] = DivideEntry{Move: cl.Children[i].Move, Nodes: Perft(&cl.Children[i].Pos, depth-1)}
	}
	return out
}
