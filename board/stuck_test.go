package board

import "testing"

// TestBaoNoLegalMoveLoses checks the rule "a player to move with no legal move loses"
// at the function that applies it. In Bao la Kimasai a player with cows in the inner
// row always has a non-empty hole, so only a position whose every move is endless
// could reach it; extensive searches (see board/rules_test.go's endless-move tests)
// found none, so the rule is checked directly on NoMoveResult, the result Position.Result
// and Game.Play give whenever Generate finds no move in a position that has not Ended.
func TestBaoNoLegalMoveLoses(t *testing.T) {
	v := variants[BaoLaKimasai]
	for _, c := range []struct {
		pos  string
		want Outcome
	}{
		{"0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N 24 24 -", SouthWins},
		{"0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 -", NorthWins},
	} {
		p, err := v.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		r := p.NoMoveResult()
		if r.Outcome != c.want || r.Reason != NoLegalMove || r.Scored {
			t.Errorf("%s NoMoveResult: got %+v, want outcome %v by %v without seed counts", c.pos, r, c.want, NoLegalMove)
		}
	}
}
