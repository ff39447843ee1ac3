package search

import (
	"testing"

	"mancala/board"
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
