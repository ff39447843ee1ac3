package gui

import (
	"mancala/board"
	"mancala/search/words"
	"mancala/tablebase"
)

// A proven result without its margin (a mate; a win the endgame table proves without
// its margin) is a score beyond any the game can reach (words.Score.Centiseeds). The
// graph and game review put it at a margin the game can reach instead, the first
// known of: the margin its line ends with, the value (or the winner's bound) of the
// endgame table, the margin the game on screen ends with when the same side wins
// there, and the smallest margin that wins. Bao la Kimasai has no margins: its
// scores are kept.

// isProven reports whether cp (centiseeds, either view) stands for a proven result
// without its margin in a scoring game.
func isProven(v *board.Variant, cp int) bool {
	return v.Scoring && (cp >= words.ProvenWin || cp <= -words.ProvenWin)
}

// lineResult is the result of playing pv from root, when the line ends the game.
func lineResult(root board.Position, pv []string) (board.Result, bool) {
	v := root.Variant()
	g := board.NewGame(root)
	for _, s := range pv {
		m, err := v.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return board.Result{}, false
		}
	}
	r := g.Result()
	return r, r.Over()
}

// tableBounds is the value the endgame table gives bg's position in centiseeds from
// South's view, as bounds (lo == hi when exact); ok is false when it does not hold it.
func tableBounds(tb *tablebase.Table, bg *board.Game) (lo, hi int, ok bool) {
	mvs := tableMoves(tb, bg)
	if len(mvs) == 0 {
		return 0, 0, false
	}
	lo, hi = mvs[0].Lo, mvs[0].Hi
	for _, m := range mvs {
		lo, hi = max(lo, m.Lo), max(hi, m.Hi)
	}
	if pos := bg.Position(); pos.SideToMove() == board.North {
		lo, hi = -hi, -lo
	}
	return 100 * lo, 100 * hi, true
}

// provenValue is a margin the game can reach (centiseeds, South's view) for a proven
// score cp of bg's position whose line is pv: the final margin of the line when it
// ends the game with cp's winner, else the least the endgame table proves for the
// winner; nil when neither says (see endValue), or when cp is not such a score.
func provenValue(cp int, bg *board.Game, pv []string, tb *tablebase.Table) *int {
	pos := bg.Position()
	if !isProven(pos.Variant(), cp) {
		return nil
	}
	if r, ok := lineResult(pos, pv); ok && r.Scored && r.South != r.North && (r.South > r.North) == (cp > 0) {
		m := 100 * (r.South - r.North)
		return &m
	}
	if lo, hi, ok := tableBounds(tb, bg); ok {
		m := lo // South wins by at least lo
		if cp < 0 {
			m = hi // North wins: South gets at most hi
		}
		if (m > 0) == (cp > 0) && m != 0 {
			return &m
		}
	}
	return nil
}

// endValue is the margin a proven score cp stands for when nothing better is known:
// the final margin of end (the game on screen, or the line reviewed) when it is over
// with cp's winner, else the smallest margin that wins a game of seeds (1, or 2 when
// seeds is even: the margin has the parity of the seeds).
func endValue(cp int, end board.Result, seeds int) int {
	if end.Over() && end.Scored && end.South != end.North && (end.South > end.North) == (cp > 0) {
		return 100 * (end.South - end.North)
	}
	least := 100 * (2 - seeds%2)
	if cp < 0 {
		return -least
	}
	return least
}

// graphValues are the shown line's scores as the graph and the bar draw them: the
// evaluations, a proven result at its margin (provenValue when it was known, else
// endValue with the end of the shown line).
func (l *gameLine) graphValues() []*int {
	out := make([]*int, len(l.path))
	var end *board.Result
	v := l.start.Variant()
	for i, n := range l.path {
		switch {
		case n.eval == nil:
		case !isProven(v, *n.eval):
			out[i] = n.eval
		case n.value != nil:
			out[i] = n.value
		default:
			if end == nil {
				r := l.game(len(l.moves)).Result()
				end = &r
			}
			m := endValue(*n.eval, *end, totalSeeds(l.start))
			out[i] = &m
		}
	}
	return out
}
