package baseline

import (
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// TestGreedyTakesTheWin: in this Bao la Kimasai position South's a2 captures North's
// only inner cow and wins at once; the greedy player must see it one ply ahead.
func TestGreedyTakesTheWin(t *testing.T) {
	v := board.BaoLaKimasai.Get()
	p, err := v.ParsePosition("4,4,4,4,4,4,3,3/0,1,0,0,0,0,0,0/1,1,0,0,0,0,0,0/4,4,4,4,4,4,4,3 S 0 0 -")
	if err != nil {
		t.Fatal(err)
	}
	res := NewGreedy().Search(search.Request{History: []board.Position{p}}, &search.Control{})
	next, err := p.Play(res.Best)
	if err != nil {
		t.Fatal(err)
	}
	if next.Result().Outcome != board.SouthWins || res.Score != (words.Score{Mate: true, Value: 1}) {
		t.Errorf("greedy played %v (result %v, score %+v), want the winning move as mate 1",
			v.FormatMove(res.Best), next.Result(), res.Score)
	}
}

func TestRandomIsLegalAndRepeatsAfterNewGame(t *testing.T) {
	v := board.JeKiNJe.Get()
	history := []board.Position{v.StartPosition()}
	r := NewRandom()
	var first []board.Move
	for range 20 {
		res := r.Search(search.Request{History: history}, &search.Control{})
		if _, err := history[0].Play(res.Best); err != nil {
			t.Fatal(err)
		}
		first = append(first, res.Best)
	}
	r.NewGame()
	for i := range first {
		if res := r.Search(search.Request{History: history}, &search.Control{}); res.Best != first[i] {
			t.Fatalf("choice %d after NewGame: %v, want %v", i, res.Best, first[i])
		}
	}
}
