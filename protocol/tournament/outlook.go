package tournament

import (
	"mancala/board"
	"mancala/protocol/tournament/stats"
	"mancala/search/words"
)

// LevelMargin is the reported score, in centiseeds of expected final margin (Bao la
// Kimasai: hundredths of its log-odds unit, docs/protocol.md), within which an
// engine's score counts as level: half a seed (chosen, not measured).
const LevelMargin = 50

// The three kinds of score an engine can give a game, from its own side.
const (
	Ahead  = iota // above +LevelMargin, or a mate score for it
	Level         // within LevelMargin of 0
	Behind        // below -LevelMargin, or a mate score against it
)

// Outlook tallies one engine's games by what it said of them against how they
// ended for it. Only scores of searches deeper than one ply count: an engine may
// answer a forced move at depth 1 (this one did before search.ForcedShare), with
// little more than a static evaluation behind its score.
// First holds the games by the first such score (Ahead, Level, Behind); Level the
// games in which every such score was level; Unscored the games without one. When
// an engine's first search already sees the result, and every game it keeps level
// is drawn, the openings decided the games more than the play did.
type Outlook struct {
	First    [3]stats.WDL
	Level    stats.WDL
	Unscored int
}

// Scored is the number of games with at least one score deeper than one ply.
func (o Outlook) Scored() int {
	return o.First[Ahead].Games() + o.First[Level].Games() + o.First[Behind].Games()
}

// add counts one game: the engine's points in it and its outlook there.
func (o *Outlook) add(points float64, g gameOutlook) {
	if !g.scored {
		o.Unscored++
		return
	}
	o.First[g.first].Add(points)
	if g.level {
		o.Level.Add(points)
	}
}

// gameOutlook is what one engine said of one game.
type gameOutlook struct {
	scored bool // it gave a score from a search deeper than one ply
	first  int  // the kind of the first such score
	level  bool // every such score was level
}

// outlooks reads the scores South and North gave in a record. The side that made
// each move comes from replaying the opening and then alternating (a pass is a
// move); a record whose opening does not replay gives no outlook.
func outlooks(r *Record) [2]gameOutlook {
	var out [2]gameOutlook
	v, err := board.VariantByName(r.Variant)
	if err != nil {
		return out
	}
	g, err := r.Opening.Game(v)
	if err != nil {
		return out
	}
	start := g.Position()
	side := start.SideToMove()
	for _, m := range r.Moves {
		mover := side
		side = side.Other()
		if m.Depth <= 1 {
			continue
		}
		kind, ok := scoreKind(m.Score)
		if !ok {
			continue
		}
		o := &out[mover]
		if !o.scored {
			o.scored, o.first, o.level = true, kind, true
		}
		o.level = o.level && kind == Level
	}
	return out
}

// scoreKind classifies a recorded score, "cp X" or "mate N", from the mover's side.
func scoreKind(s string) (int, bool) {
	sc, err := words.ParseScore(s)
	switch cp := sc.Centiseeds(); {
	case err != nil:
		return 0, false
	case cp > LevelMargin:
		return Ahead, true
	case cp < -LevelMargin:
		return Behind, true
	}
	return Level, true
}
