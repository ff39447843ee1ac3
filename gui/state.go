package gui

import (
	"fmt"

	"mancala/board"
)

// The page's contract: static/app.js reads the events and answers below by their
// JSON names, and nothing else. A field added here is drawn only once app.js reads it.

// state is everything the page draws: the "state" event, the answer to every action
// and to /api/new (as its "state").
type state struct {
	ID       string      `json:"id"`       // the game's id, sent back with every action
	Seq      int         `json:"seq"`      // grows with every change: the page draws states in order and drops older ones
	Variant  string      `json:"variant"`  // board's name of the game
	Title    string      `json:"title"`    // its title
	Counts   []int       `json:"counts"`   // seeds by hole index (board's numbering; /api/config's grid places them)
	Stores   [2]int      `json:"stores"`   // South's and North's store (or reserve)
	Side     int         `json:"side"`     // to move: 0 South, 1 North
	FEN      string      `json:"fen"`      // the shown position in the notation of docs/rules.md
	StartFEN string      `json:"startFen"` // the game's start position
	Legal    []legalMove `json:"legal"`    // legal moves other than pass (none once the game is over)
	Pass     bool        `json:"pass"`     // passing is the move
	Moves    []string    `json:"moves"`    // the shown line in notation (see gameLine)
	Nodes    []int       `json:"nodes"`    // the node of each move of the shown line (a review's marks name theirs)
	Ply      int         `json:"ply"`      // the ply shown: the position after moves[:ply]
	// Movers are the side (0 South, 1 North) that plays each move of Moves: in a
	// game with extra turns a side may play two in a row.
	Movers []int `json:"movers"`
	// Again says the side to move also played the move before (an extra turn; not
	// where that move ended a round and the side begins the next).
	Again bool `json:"again"`
	// Variations are the other moves played at plies of the shown line, each with
	// its line (up to 6 moves, and whether it goes on); MainLine says the shown ply
	// is on the main line.
	Variations []alternative `json:"variations"`
	MainLine   bool          `json:"mainLine"`
	Players    [2]string     `json:"players"`  // "human" or "engine", South then North
	Strength   string        `json:"strength"` // Level or Skill value ("" for the engine's default)
	MoveTimeMS int64         `json:"moveTimeMs"`
	Analysing  bool          `json:"analysing"` // analysis is on
	MultiPV    int           `json:"multipv"`   // lines analysed
	Paused     bool          `json:"paused"`
	Engine     string        `json:"engine"` // what the engine does now: "thinking" (its move), "analysing", "reviewing" or "idle"
	Phase      string        `json:"phase"`  // the game's phase, in its profile's words
	Seeds      int           `json:"seeds"`  // seeds in the game (holes, stores and reserves of the start): the scores' range
	Status     string        `json:"status"` // the engine's or a load's message, until the next change after it
	Failed     bool          `json:"failed"` // Status reports a failure
	// Evals are the best scores by ply, in centiseeds from South's view (null: not known).
	Evals []*int `json:"evals"`
	// Values are Evals as the graph and the bar draw them: a proven result without its
	// margin at a margin the game can reach (margins.go).
	Values      []*int     `json:"values"`
	Result      *resultOut `json:"result,omitempty"`      // set once the game is over
	OpeningLeft []int      `json:"openingLeft,omitempty"` // holes not yet played: Adji-Boto's opening cycle, holes locked until played
	Children    []child    `json:"children,omitempty"`    // holes that are a player's child (Toguz Kumalak's tuzdik)
	Locked      []int      `json:"locked,omitempty"`      // holes locked by child.lap_locked (StoneShark's rams)
	Blocked     []int      `json:"blocked,omitempty"`     // holes out of play for the round (a game in rounds, round.blocks)
	Owned       []child    `json:"owned,omitempty"`       // holes of a row its opponent owns this round (round.territory)
	// Round is the number of the shown position's round, from 1, in a game played in
	// rounds (0 in the others); Rounds tallies the rounds finished before it.
	Round  int          `json:"round,omitempty"`
	Rounds []roundTally `json:"rounds,omitempty"`
	// TallyTarget, in a tallied game (round.tally), is the tally that wins, and
	// TallyPoints says the tally counts points, TallySeeds the seeds held (else
	// rounds won); Rounds then holds what each round added to the tally.
	TallyTarget int        `json:"tallyTarget,omitempty"`
	TallyPoints bool       `json:"tallyPoints,omitempty"`
	TallySeeds  bool       `json:"tallySeeds,omitempty"`
	Anim        *animation `json:"anim,omitempty"`     // the trace of the move that led to the shown ply, if played just now
	LastMove    *lastMove  `json:"lastMove,omitempty"` // the move that led to the shown ply (none at ply 0)
	// Table is every legal move's value from the endgame tables (--tablebases), when
	// they hold the shown position.
	Table []tableMove `json:"table,omitempty"`
	// Review is the game review, running or done (none before one is asked for).
	Review *reviewOut `json:"review,omitempty"`
}

// lastMove marks the move that led to the shown position on the board.
type lastMove struct {
	Move     string `json:"move"`
	From     int    `json:"from"`     // the hole it was played from (-1: a pass)
	LastSeed int    `json:"lastSeed"` // the hole its last seed fell in (-1: none, or a store)
	// LastStore is the side whose store its last seed fell in (-1: none, or a hole).
	LastStore int `json:"lastStore"`
}

// describeLastMove finds where move m, played from pos, started and where its last
// seed fell.
func describeLastMove(pos board.Position, m board.Move) *lastMove {
	lm := &lastMove{Move: pos.Variant().FormatMove(m), From: -1, LastSeed: -1, LastStore: -1}
	tr, err := pos.Trace(m)
	if err != nil {
		return lm
	}
	for i, st := range tr.Steps {
		if i == 0 && (st.Kind == board.Lift || st.Kind == board.Reserve) {
			lm.From = st.Hole
		}
		switch st.Kind {
		case board.Drop, board.Reserve:
			lm.LastSeed, lm.LastStore = st.Hole, -1
		case board.Store:
			lm.LastSeed, lm.LastStore = -1, st.Hole
		}
	}
	return lm
}

// child is a hole that is a player's child (a rule file's child.* keys, Toguz
// Kumalak's tuzdik): nobody plays it, and its seeds are its owner's.
type child struct {
	Hole int `json:"hole"`
	Side int `json:"side"` // its owner: 0 South, 1 North
}

// children lists the holes of p that are children, by hole index.
func children(p board.Position) []child {
	var out []child
	for h := 0; h < p.Variant().Holes(); h++ {
		if s, ok := p.ChildOf(h); ok {
			out = append(out, child{Hole: h, Side: int(s)})
		}
	}
	return out
}

// locked lists the holes of p that are locked (a rule file's child.lap_locked,
// StoneShark's rams), by hole index: nobody plays them, their seeds are nobody's.
// A hole closed during play (sow.close_at) is blocked, not locked.
func locked(p board.Position) []int {
	if p.Variant().HasLocks() {
		return nil // its locks are holes not yet played (notYetPlayed)
	}
	return holesWhere(p, func(h int) bool { return p.Locked(h) && !p.Blocked(h) })
}

// notYetPlayed lists the holes of p not yet played, by hole index, which the page
// circles: Adji-Boto's in its opening, and the holes locked until played of a rule
// file's capture.locked_until_played or sow.each_hole_first (blocked ones aside).
func notYetPlayed(p board.Position) []int {
	locks := p.Variant().HasLocks()
	return holesWhere(p, func(h int) bool {
		return p.OpeningLeft()&(1<<h) != 0 || locks && p.Locked(h) && !p.Blocked(h)
	})
}

// blocked lists the holes of p out of play for the round (a game in rounds with
// round.blocks) or closed for the rest of the game (sow.close_at), by hole index:
// sowing passes over them.
func blocked(p board.Position) []int { return holesWhere(p, p.Blocked) }

// holesWhere lists the holes h of p for which is(h) holds, by hole index.
func holesWhere(p board.Position, is func(h int) bool) []int {
	var out []int
	for h := 0; h < p.Variant().Holes(); h++ {
		if is(h) {
			out = append(out, h)
		}
	}
	return out
}

// owned lists the holes of p that the player of the other row owns this round (a
// game of territory, round.territory), by hole index with their owner.
func owned(p board.Position) []child {
	var out []child
	v := p.Variant()
	if !v.PlaysTerritory() {
		return nil
	}
	for h := 0; h < v.Holes(); h++ {
		if s := p.Owner(h); s != v.Owner(h) {
			out = append(out, child{Hole: h, Side: int(s)})
		}
	}
	return out
}

// roundTally is a finished round of a game played in rounds: the seeds each player
// held at its end (store and row, as the next round's rows were filled from them),
// or in a tallied game (round.tally), whose rounds each begin as the game does,
// what the round added to each player's tally (a round won, or its points).
type roundTally struct {
	South int `json:"south"`
	North int `json:"north"`
}

// tallyRounds lists the rounds finished in positions, a game's positions from its
// start: each ends where the next round's first position begins.
func tallyRounds(positions []board.Position) []roundTally {
	var out []roundTally
	var s0, n0, target int // a tallied game's tally before the round, and its target
	if len(positions) > 0 {
		s0, n0 = positions[0].Tally()
		_, target = positions[0].Variant().Tally()
	}
	for i := 1; i < len(positions); i++ {
		p := &positions[i]
		switch {
		case !p.RoundBegun():
		case target > 0:
			s, n := p.Tally()
			out = append(out, roundTally{South: s - s0, North: n - n0})
			s0, n0 = s, n
		default:
			out = append(out, roundTally{South: p.Store(board.South) + p.RowSeeds(board.South),
				North: p.Store(board.North) + p.RowSeeds(board.North)})
		}
	}
	return out
}

// previewOut is the answer to the "preview" action: the position after an engine
// line's first moves, which the page draws without changing the game.
type previewOut struct {
	Counts   []int     `json:"counts"`
	Stores   [2]int    `json:"stores"`
	Children []child   `json:"children,omitempty"`
	Locked   []int     `json:"locked,omitempty"`
	Blocked  []int     `json:"blocked,omitempty"`
	Owned    []child   `json:"owned,omitempty"`
	FEN      string    `json:"fen"`
	Side     int       `json:"side"`
	LastMove *lastMove `json:"lastMove"`
}

// totalSeeds counts the seeds of a position: holes, stores and reserves.
func totalSeeds(p board.Position) int {
	n := p.Store(board.South) + p.Store(board.North)
	for h := 0; h < p.Variant().Holes(); h++ {
		n += p.Seeds(h)
	}
	return n
}

// legalMove is one legal move: its notation and its hole.
type legalMove struct {
	Move string `json:"move"`
	Hole int    `json:"hole"`
}

// resultOut is a finished game's result.
type resultOut struct {
	Score  string `json:"score"`  // "1-0", "0-1" or "1/2-1/2"
	Reason string `json:"reason"` // board's name of the ending
	Text   string `json:"text"`   // who won, why, and the final counts, in words
	South  *int   `json:"south,omitempty"`
	North  *int   `json:"north,omitempty"` // the final counts of a scoring game
}

// info is the "info" event: the current search's lines.
type info struct {
	Tag       int      `json:"tag"`       // the search's number (0: none)
	Ply       int      `json:"ply"`       // the ply searched
	Thinking  bool     `json:"thinking"`  // the engine is choosing its move
	Analysing bool     `json:"analysing"` // the engine analyses the shown position
	Reviewing bool     `json:"reviewing"` // the engine searches a position of a game review
	Lines     []pvLine `json:"lines"`     // by rank; a line with depth 0 is not yet reported
	Evals     []*int   `json:"evals"`     // as in state
	Values    []*int   `json:"values"`    // as in state
}

// statusEvent is the "status" event: an engine message.
type statusEvent struct {
	Message string `json:"message"`
	Failed  bool   `json:"failed"` // a failure: the page keeps it until dismissed
}

// pvLine is one line of the engine's current search, as the page shows it.
type pvLine struct {
	MultiPV int      `json:"multipv"`
	Depth   int      `json:"depth"`
	Score   string   `json:"score"` // in seeds from South's view: "+1.35", "North wins in 3"
	Cp      int      `json:"cp"`    // centiseeds, South's view (mates far beyond)
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMS  int64    `json:"timeMs"`
	PV      []string `json:"pv"`
	Movers  []int    `json:"movers"`        // the side that plays each move of PV, as far as it is legal
	WDL     []int    `json:"wdl,omitempty"` // South wins, draws, North wins, per mille (UCI_ShowWDL)
}

// animation is the trace of the move that led to the shown position.
type animation struct {
	Seq    int       `json:"seq"`
	Ply    int       `json:"ply"` // the ply the move leads to
	Move   string    `json:"move"`
	Side   int       `json:"side"`
	Again  bool      `json:"again"`  // the mover moves again next (an extra turn)
	Before []int     `json:"before"` // hole counts before the move
	Stores [2]int    `json:"stores"` // stores or reserves before the move
	Steps  []stepOut `json:"steps"`
	Laps   int       `json:"laps"`
}

// stepOut is one step of a trace: board's step kind, the hole (for a "store" step
// the side whose store gets the seed), the seeds moved and the lap.
type stepOut struct {
	Kind  string `json:"k"`
	Hole  int    `json:"h"`
	Count int    `json:"n"`
	Lap   int    `json:"lap"`
}

// newAnimation describes move m's trace tr from pos, leading to ply.
func newAnimation(seq, ply int, pos board.Position, m board.Move, tr board.Trace) *animation {
	v := pos.Variant()
	a := &animation{Seq: seq, Ply: ply, Move: v.FormatMove(m), Side: int(tr.Side),
		Stores: [2]int{pos.Store(board.South), pos.Store(board.North)}, Laps: tr.Laps, Again: tr.Again, Steps: []stepOut{}}
	for h := 0; h < v.Holes(); h++ {
		a.Before = append(a.Before, pos.Seeds(h))
	}
	for _, st := range tr.Steps {
		a.Steps = append(a.Steps, stepOut{Kind: st.Kind.String(), Hole: st.Hole, Count: st.Count, Lap: st.Lap})
	}
	return a
}

// stateLocked is everything the page draws. The caller holds g.mu.
func (g *session) stateLocked() state {
	v := g.variant
	bg := g.line.shownGame()
	pos := bg.Position()
	counts := make([]int, v.Holes())
	for h := range counts {
		counts[h] = pos.Seeds(h)
	}
	res := bg.Result()
	legal := []legalMove{}
	pass := false
	if !res.Over() {
		var ml board.MoveList
		pos.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if m == board.Pass {
				pass = true
				continue
			}
			legal = append(legal, legalMove{Move: v.FormatMove(m), Hole: m.Hole()})
		}
	}
	movers := g.line.movers()
	moves, nodes := []string{}, []int{}
	for i, m := range g.line.moves {
		moves = append(moves, v.FormatMove(m))
		nodes = append(nodes, g.line.path[i+1].id)
	}
	st := state{ID: g.id, Seq: g.seq, Variant: v.Name, Title: v.Title, Counts: counts,
		Stores: [2]int{pos.Store(board.South), pos.Store(board.North)}, Side: int(pos.SideToMove()),
		FEN: pos.String(), StartFEN: g.line.start.String(), Legal: legal, Pass: pass, Moves: moves, Nodes: nodes,
		Ply: g.line.cursor, Movers: movers, Again: !res.Over() && g.line.cursor > 0 && movers[g.line.cursor-1] == int(pos.SideToMove()) && !pos.RoundBegun(), Variations: g.line.alternatives(v, 6), MainLine: g.line.mainLine(), Players: g.players, Strength: g.strength, MoveTimeMS: g.moveTime.Milliseconds(),
		Analysing: g.analysing, MultiPV: g.multipv, Paused: g.paused, Engine: g.engineActivity(),
		Phase: pos.Phase(), Seeds: totalSeeds(g.line.start), Status: g.status, Failed: g.failed, Evals: g.line.evalsCopy(),
		Values: g.line.graphValues()}
	if res.Over() {
		r := &resultOut{Score: res.Score(), Reason: res.Reason.String(), Text: describeResult(v, res)}
		if res.Scored {
			r.South, r.North = &res.South, &res.North
		}
		st.Result = r
	}
	st.OpeningLeft = notYetPlayed(pos)
	st.Children = children(pos)
	st.Locked = locked(pos)
	st.Blocked = blocked(pos)
	st.Owned = owned(pos)
	if v.PlaysRounds() {
		st.Rounds = tallyRounds(bg.Positions())
		st.Round = len(st.Rounds) + 1
		st.TallyPoints, st.TallyTarget = v.Tally()
		st.TallySeeds = v.TalliesSeeds()
	}
	st.Table = tableMoves(g.srv.endgameTable(v), bg)
	if g.review != nil {
		st.Review = g.review.report()
	}
	if n := g.line.cursor; n > 0 {
		st.LastMove = describeLastMove(bg.Positions()[n-1], g.line.moves[n-1])
	}
	if g.anim != nil && g.anim.Ply == g.line.cursor {
		st.Anim = g.anim
	}
	return st
}

// describeResult says who won game v, why, in the words of the game's profile, and
// with what final seed count.
func describeResult(v *board.Variant, r board.Result) string {
	who := "Draw"
	if s, ok := r.Winner(); ok {
		who = s.Name() + " wins"
	}
	text := fmt.Sprintf("%s (%s)", who, r.Reason)
	if words := v.EndWords(r.Reason); words != "" {
		text += ": " + words
	}
	if r.Scored {
		text += fmt.Sprintf(". South %d, North %d", r.South, r.North)
	}
	return text
}
