package board

// DefaultPlyCap is the ply cap the tools put on a game unless told otherwise: the
// tournament runner's --maxplies default, and the cap of the games that
// bench.Match, cmd/evaltune and cmd/tbmeasure play. No game of their measurements
// came near it.
const DefaultPlyCap = 1000

// PlyCapResult is how a ply cap ends g, if it does: a cap of maxPlies (0: none)
// stops a game that is not over and holds maxPlies moves or more (an opening's
// moves included), and scores it as the rules score a loop ending at its position,
// with the reason Adjudicated: in the scoring games each side takes the seeds on its
// own side and the larger total wins; Bao la Kimasai's loop ending is a draw. The
// cap is no rule of the games but a limit the tools put on a game's length: the
// tournament runner's --maxplies, search.PlayGame's MaxPlies and the programs built
// on it all end capped games by this one rule.
func (g *Game) PlyCapResult(maxPlies int) (Result, bool) {
	if maxPlies <= 0 || len(g.moves) < maxPlies || g.result.Over() {
		return Result{}, false
	}
	p := g.Position()
	r, _ := p.Ended(true)
	r.Reason = Adjudicated
	return r, true
}
