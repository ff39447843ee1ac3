package board

import "testing"

// TestEndedByInnerRowEmpty checks that Ended, without generating moves, ends a Bao la
// Kimasai game whose last move emptied the opponent's inner row, as Result does.
func TestEndedByInnerRowEmpty(t *testing.T) {
	v, _ := VariantByName("bao-la-kimasai")
	p, err := v.ParsePosition("1,0,0,0,0,1,8,0/1,3,1,0,2,2,5,0/2,1,1,10,2,6,4,1/0,1,0,1,1,2,1,7 S 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	if _, over := p.Ended(false); over {
		t.Error("a position with cows in both inner rows has ended")
	}
	h2, _ := v.ParseMove("h2")
	q, err := p.Play(h2) // empties North's inner row
	if err != nil {
		t.Fatal(err)
	}
	r, over := q.Ended(false)
	if !over || r != q.Result() || r.Outcome != SouthWins || r.Reason != InnerRowEmpty {
		t.Errorf("after h2: Ended %v %v, Result %v; want South's win by both", r, over, q.Result())
	}
}
