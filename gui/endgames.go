package gui

import (
	"fmt"

	"mancala/board"
	"mancala/tablebase"
)

// endgameTables opens the endgame tables of --tablebases once per game, lazily;
// a game without tables in the directory has none.
func (s *Server) endgameTable(v *board.Variant) *tablebase.Table {
	if s.cfg.Tablebases == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.tables[v.Name]; ok {
		return t
	}
	t, err := tablebase.Open(s.cfg.Tablebases, v)
	if err != nil {
		fmt.Fprintf(s.cfg.Log, "endgame tables of %s: %v\n", v.Name, err)
		t = nil
	}
	s.tables[v.Name] = t
	return t
}

// tableMove is one move's exact value (or bounds) from the endgame table, as the
// tablebase panel shows it: the final seed margin for the side that moves.
type tableMove struct {
	Move  string `json:"move"`
	Lo    int    `json:"lo"`    // the mover's final margin in seeds, lower bound
	Hi    int    `json:"hi"`    // and upper bound (Lo == Hi: exact)
	Text  string `json:"text"`  // "wins by 4", "draws", "loses by 2", "between -2 and +4"
	Best  bool   `json:"best"`  // one of the moves with the highest value
	Exact bool   `json:"exact"` // Lo == Hi
}

// describeMargin says a final margin, or its bounds, in words for the mover.
func describeMargin(lo, hi int) string {
	switch {
	case lo == hi && lo > 0:
		return fmt.Sprintf("wins by %d", lo)
	case lo == hi && lo < 0:
		return fmt.Sprintf("loses by %d", -lo)
	case lo == hi:
		return "draws"
	case lo > 0:
		return fmt.Sprintf("wins by %d to %d", lo, hi)
	case hi < 0:
		return fmt.Sprintf("loses by %d to %d", -hi, -lo)
	}
	return fmt.Sprintf("between %+d and %+d", lo, hi)
}

// tableMoves lists every legal move of the shown position with its value from the
// table, when the table holds the position (nil otherwise). Positions met before in
// the game make a move to them a loop ending, as the table's probe says.
func tableMoves(t *tablebase.Table, bg *board.Game) []tableMove {
	if t == nil || bg.Result().Over() {
		return nil
	}
	pos := bg.Position()
	seen := map[board.Position]bool{}
	ps := bg.Positions()
	for _, p := range ps[bg.RunStart() : len(ps)-1] {
		seen[p] = true
	}
	mvs, ok := t.MoveValues(&pos, func(p *board.Position) bool { return seen[*p] })
	if !ok {
		return nil
	}
	me := pos.SideToMove()
	banked := pos.Store(me) - pos.Store(me.Other()) // the stores' margin before the move
	best := mvs[0].Lo
	for _, m := range mvs {
		best = max(best, m.Lo)
	}
	v := pos.Variant()
	out := make([]tableMove, 0, len(mvs))
	for _, m := range mvs {
		lo, hi := banked+m.Lo, banked+m.Hi
		out = append(out, tableMove{Move: v.FormatMove(m.Move), Lo: lo, Hi: hi, Text: describeMargin(lo, hi),
			Best: m.Lo == best, Exact: lo == hi})
	}
	return out
}
