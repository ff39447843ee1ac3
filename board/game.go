package board

// Game is a game in progress: the position it started from, the moves played, and
// every position reached, so that a loop ending (the first repetition of a position)
// ends it.
type Game struct {
	positions []Position // positions[0] is the start; one more per move
	moves     []Move
	seen      map[Position]struct{} // the positions (loopKey), so that a repetition is found at once
	result    Result
	runStart  int        // index in positions of the first position since the last irreversible move
	taken     []takeBack // what Undo needs of each move: one per move
}

// takeBack is what playing a move changed beyond the position it added: the run's
// start before it, whether its position was new to seen, and the seen it replaced
// when it began a round.
type takeBack struct {
	runStart int
	added    bool
	seen     map[Position]struct{} // the positions before a round the move began, or nil
}

// NewGame starts a game from p.
func NewGame(p Position) *Game {
	return &Game{positions: []Position{p}, seen: map[Position]struct{}{p.loopKey(): {}}, result: p.Result()}
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Moves returns the moves played so far; the slice must not be modified.
func (g *Game) Moves() []Move { return g.moves }

// Positions returns the start position and every position since; the slice must not
// be modified.
func (g *Game) Positions() []Position { return g.positions }

// RunStart returns the index in Positions of the first position after the last
// irreversible move (one that changed a store, a reserve or the variant state; see
// Position.IrreversibleKey), 0 if there was none. No position before it can occur again, so
// the game replayed from Positions()[RunStart()] with the moves after it ends by a
// loop ending exactly when this game does.
func (g *Game) RunStart() int { return g.runStart }

// Result returns the game's result: Ongoing, or how and why it ended.
func (g *Game) Result() Result { return g.result }

// Play makes move m and judges the position it leads to by the package doc's path,
// with the game's history. It fails, changing nothing, if the game is over or m is
// illegal.
func (g *Game) Play(m Move) error {
	cur := g.Position()
	if g.result.Over() {
		return cur.whyIllegal(m, true)
	}
	next, err := cur.Play(m)
	if err != nil {
		return err
	}
	tb := takeBack{runStart: g.runStart}
	if next.RoundBegun() { // a new round: no earlier position can repeat
		tb.seen, g.seen = g.seen, map[Position]struct{}{}
	}
	_, repeated := g.seen[next.loopKey()]
	if !repeated {
		g.seen[next.loopKey()] = struct{}{}
	}
	g.result = next.result(repeated)
	tb.added = !repeated
	g.taken = append(g.taken, tb)
	if next.IrreversibleKey() != cur.IrreversibleKey() {
		g.runStart = len(g.positions)
	}
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
	return nil
}

// Undo takes back the last move, leaving the game as it was before the move was
// played (its result, repetitions and run included); it reports false, changing
// nothing, when no move has been played. Reading a tree of variations, one game
// then walks every line in time linear in its moves.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	tb := g.taken[n-1]
	if tb.added {
		delete(g.seen, g.positions[n].loopKey())
	}
	if tb.seen != nil {
		g.seen = tb.seen
	}
	g.positions, g.moves, g.taken = g.positions[:n], g.moves[:n-1], g.taken[:n-1]
	g.runStart = tb.runStart
	// A move was played from the position now last, so it was not a repetition.
	g.result = g.positions[n-1].result(false)
	return true
}
