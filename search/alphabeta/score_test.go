package alphabeta

import (
	"testing"

	"mancala/search"
)

func TestTableScoresAreRelativeToTheNode(t *testing.T) {
	for _, v := range []int{search.Mate - 7, -(search.Mate - 9), 123, -search.EvalLimit} {
		for _, ply := range []int{0, 3, 20} {
			if got := fromTT(toTT(v, ply), ply); got != v {
				t.Errorf("round trip of %d at ply %d gives %d", v, ply, got)
			}
		}
	}
	// A win 5 plies below a node at ply 3 is a win in 5 from the node itself.
	if got := toTT(search.Mate-8, 3); got != search.Mate-5 {
		t.Errorf("toTT = %d, want %d", got, search.Mate-5)
	}
}
