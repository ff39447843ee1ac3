package alphabeta

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// drawOrPlayOn finds, by random games of v from a fixed seed, a position where one
// move ends the game drawn and another leaves it going on; it returns the position
// and the drawing move.
func drawOrPlayOn(t *testing.T, v *board.Variant) (board.Position, board.Move) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 2000; game++ {
		p := v.StartPosition()
		for ply := 0; ply < 300 && p.Result().Outcome == board.Ongoing; ply++ { // no loop endings here
			var cl board.ChildList
			p.Generate(&cl)
			drawing, other := board.NoMove, board.NoMove
			for i := 0; i < cl.N; i++ {
				switch cl.Children[i].Pos.Result().Outcome {
				case board.Draw:
					drawing = cl.Children[i].Move
				case board.Ongoing:
					other = cl.Children[i].Move
				}
			}
			if drawing != board.NoMove && other != board.NoMove {
				return p, drawing
			}
			p = cl.Children[rng.IntN(cl.N)].Pos
		}
	}
	t.Fatalf("%s: no position with both a drawing move and one that plays on", v.Name)
	return board.Position{}, board.NoMove
}

// TestContemptAvoidsADraw: every position the search does not end scores -20 for
// the root's side (the evaluation gives +20 to the side to move after the root's
// move). With no contempt, or contempt below 20, a draw is worth more and the search
// plays the drawing move, reported as the proven draw it is (an exact margin of 0,
// whatever the draw was worth to the search); with contempt above 20 it plays on,
// scored -20; with negative contempt it keeps the draw, now worth more than 0.
func TestContemptAvoidsADraw(t *testing.T) {
	// Je ki n je has no quiescence search, so every line is cut at the horizon (in
	// the games that have one, a line of captures may find a win behind it).
	v := board.JeKiNJe.Get()
	p, drawing := drawOrPlayOn(t, v)
	for _, tc := range []struct {
		contempt  int
		wantDraw  bool
		wantScore int
	}{
		{0, true, 0},
		{10, true, 0},
		{30, false, -20},
		{-40, true, 0},
	} {
		ab := New(search.Options{HashMB: 1, Contempt: tc.contempt})
		ab.SetEval(func(*board.Position) int { return 20 })
		res, _ := searchInfos(ab, []board.Position{p}, search.Limits{Depth: 3})
		want := words.Score{Value: tc.wantScore}
		if tc.wantDraw {
			want.Bound = words.Exact
		}
		if (res.Best == drawing) != tc.wantDraw || res.Score != want {
			t.Errorf("%s, contempt %d: played %v (the drawing move is %v) scored %+v; want the draw %v, score %+v",
				v.Name, tc.contempt, res.Best, drawing, res.Score, tc.wantDraw, want)
		}
	}
}

// TestContemptKeepsTheTableToOneSide: the table's draw values hold for one side at
// the root, so with contempt a search for the other side starts with an empty table;
// without contempt nothing is emptied.
func TestContemptKeepsTheTableToOneSide(t *testing.T) {
	south := mustPosition(t, "je-ki-n-je", "")
	var ml board.MoveList
	south.LegalMoves(&ml)
	north, err := south.Play(ml.Moves[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, contempt := range []int{0, 25} {
		ab := New(search.Options{HashMB: 1, Contempt: contempt})
		searchInfos(ab, []board.Position{south}, search.Limits{Depth: 6})
		searchInfos(ab, []board.Position{north}, search.Limits{Depth: 1})
		if _, kept := ab.tt.probe(south.Hash()); kept != (contempt == 0) {
			t.Errorf("contempt %d: South's root entry kept %v after a search for North", contempt, kept)
		}
	}
}
