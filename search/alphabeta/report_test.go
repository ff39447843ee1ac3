package alphabeta

import (
	"testing"

	"mancala/board"
	"mancala/search"
)

// A search cut off by its node limit in the middle of an iteration reports once more:
// the last search.Info gives the nodes of the whole search and still starts with the best
// move, and a reply to ponder on is known.
func TestFinalInfoCarriesWholeSearch(t *testing.T) {
	for _, v := range board.Samples() {
		p := v.StartPosition()
		ab := New(search.Options{HashMB: 1})
		limit := uint64(50_000)
		if raceEnabled {
			limit = 5_000
		}
		res, infos := searchInfos(ab, []board.Position{p}, search.Limits{Nodes: limit})
		if len(infos) < 2 {
			t.Fatalf("%s: %d info lines", v.Name, len(infos))
		}
		last, before := infos[len(infos)-1], infos[len(infos)-2]
		if last.Nodes != res.Nodes || res.Nodes != limit {
			t.Errorf("%s: last info has %d nodes, the result %d, the limit %d", v.Name, last.Nodes, res.Nodes, limit)
		}
		if last.Nodes <= before.Nodes {
			t.Errorf("%s: the last info (%d nodes) adds nothing to the one before (%d)", v.Name, last.Nodes, before.Nodes)
		}
		if len(last.PV) < 2 || last.PV[0] != res.Best || res.Ponder != last.PV[1] {
			t.Errorf("%s: last PV %v, best %v, ponder %v", v.Name, last.PV, res.Best, res.Ponder)
		}
	}
}
