package search

import (
	"testing"

	"mancala/board"
	"mancala/search/words"
)

// TestTableCutWithContempt: the table's proven draws and draw bounds take the draw
// value given (here -30, the root's side with contempt 30), both as the value
// returned and as the bound the window is compared with.
func TestTableCutWithContempt(t *testing.T) {
	v := board.JeKiNJe.Get()
	p, err := v.ParsePosition("4,4,4,4,4,4/4,4,4,4,2,2 S 2 2 -") // store lead 0
	if err != nil {
		t.Fatal(err)
	}
	const ply = 3
	for _, tc := range []struct {
		name                string
		lo, hi, alpha, beta int
		draw                int
		want                int
		cut                 bool
	}{
		{"win", 1, 3, -50, 50, -30, TableWin - ply, true},
		{"loss", -3, -1, -50, 50, -30, -(TableWin - ply), true},
		{"exact draw, no contempt", 0, 0, -50, 50, 0, 0, true},
		{"exact draw", 0, 0, -50, 50, -30, -30, true},
		{"at least a draw, window above it", 0, 2, -100, -30, -30, -30, true},
		{"at least a draw, window asks more", 0, 2, -100, -29, -30, 0, false},
		{"at most a draw, window below it", -2, 0, -30, 50, -30, -30, true},
		{"at most a draw, window asks less", -2, 0, -31, 50, -30, 0, false},
		{"open", -1, 1, -50, 50, -30, 0, false},
	} {
		got, cut := TableCut(&p, tc.lo, tc.hi, ply, tc.alpha, tc.beta, tc.draw)
		if got != tc.want || cut != tc.cut {
			t.Errorf("%s: TableCut = %d, %v; want %d, %v", tc.name, got, cut, tc.want, tc.cut)
		}
	}
}

// fakeTable knows every position exactly at value and answers BestMove with the
// bounds lo..hi, as the table does when the game's history opens a repetition.
type fakeTable struct{ value, lo, hi int }

func (f fakeTable) Probe(*board.Position) (int, int, bool) { return f.value, f.value, true }

func (f fakeTable) BestMove(p *board.Position, _ func(*board.Position) bool) (board.Move, int, int, bool) {
	var ml board.MoveList
	p.LegalMoves(&ml)
	return ml.Moves[0], f.lo, f.hi, true
}

// TestTableMoveReportsTheProvenMargin: a root the table knows exactly is reported as
// its final margin, the store lead plus the value, marked Exact; where the history
// leaves the best move's value open, as its lower bound, marked Lower.
func TestTableMoveReportsTheProvenMargin(t *testing.T) {
	p, err := board.AdjiKui1.Get().ParsePosition("1,0,0,0,0,0/2,0,0,0,0,1 S 20 24 -") // South 4 behind
	if err != nil {
		t.Fatal(err)
	}
	req := Request{History: []board.Position{p}}
	for _, c := range []struct {
		table fakeTable
		want  words.Score
	}{
		{fakeTable{3, 3, 3}, words.Score{Value: -100, Bound: words.Exact}},
		{fakeTable{6, 2, 6}, words.Score{Value: -200, Bound: words.Lower}},
	} {
		res, ok := TableMove(c.table, req)
		if !ok || res.Score != c.want || res.TBHits != 1 {
			t.Errorf("%+v: %v, %v; want %v", c.table, res.Score, ok, c.want)
		}
	}
}
