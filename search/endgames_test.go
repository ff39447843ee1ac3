package search

import (
	"strings"
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
type fakeTable struct {
	value, lo, hi int
	signOnly      bool // right only in sign, as a game that a store majority ends
}

func (f fakeTable) ExactMargins() bool { return !f.signOnly }

func (f fakeTable) Probe(*board.Position) (int, int, bool) { return f.value, f.value, true }

func (f fakeTable) BestMove(p *board.Position, _ func(*board.Position) bool) (board.Move, int, int, bool) {
	var ml board.MoveList
	p.LegalMoves(&ml)
	return ml.Moves[0], f.lo, f.hi, true
}

// TestTableMoveReportsTheProvenMargin: a root the table knows exactly is reported as
// its final margin, the store lead plus the value, marked Exact; where the history
// leaves the best move's value open, as its lower bound, marked Lower. A table right
// only in sign (the game played on past a majority) is reported by what the sign
// proves, never by its margin: a win as at least one seed, a loss as at most minus
// one, a draw as exactly none; a lower bound below a draw proves nothing, and the
// engine searches instead.
func TestTableMoveReportsTheProvenMargin(t *testing.T) {
	p, err := board.AdjiKui1.Get().ParsePosition("1,0,0,0,0,0/2,0,0,0,0,1 S 20 24 -") // South 4 behind
	if err != nil {
		t.Fatal(err)
	}
	req := Request{History: []board.Position{p}}
	for _, c := range []struct {
		table fakeTable
		want  words.Score
		ok    bool
	}{
		{fakeTable{3, 3, 3, false}, words.Score{Value: -100, Bound: words.Exact}, true},
		{fakeTable{6, 2, 6, false}, words.Score{Value: -200, Bound: words.Lower}, true},
		{fakeTable{9, 9, 9, true}, words.Score{Value: 100, Bound: words.Lower}, true},  // +5
		{fakeTable{4, 4, 4, true}, words.Score{Value: 0, Bound: words.Exact}, true},    // 0
		{fakeTable{1, 1, 1, true}, words.Score{Value: -100, Bound: words.Upper}, true}, // -3
		{fakeTable{6, 4, 6, true}, words.Score{Value: 0, Bound: words.Lower}, true},    // at least 0
		{fakeTable{6, 2, 6, true}, words.Score{}, false},                               // at least -2
		{fakeTable{6, 6, 9, true}, words.Score{Value: 100, Bound: words.Lower}, true},  // at least +2
	} {
		res, ok := TableMove(c.table, req)
		if ok != c.ok || ok && (res.Score != c.want || res.TBHits != 1) {
			t.Errorf("%+v: %v, %v; want %v, %v", c.table, res.Score, ok, c.want, c.ok)
		}
	}
}

// TestSignWords: what a sign-only table proves, in words, for each kind of bounds.
func TestSignWords(t *testing.T) {
	for _, c := range []struct {
		lo, hi int
		want   string
	}{{2, 2, "a win for South"}, {-1, -1, "a loss for South"}, {0, 0, "a draw"}, {0, 3, "at least a draw for South"},
		{-3, 0, "at most a draw for South"}, {-1, 1, "open: a win, a draw or a loss for South"}} {
		if got := SignWords(c.lo, c.hi, board.South); !strings.HasPrefix(got, c.want+" (") {
			t.Errorf("SignWords(%d, %d) = %q, want it to start %q", c.lo, c.hi, got, c.want)
		}
	}
}
