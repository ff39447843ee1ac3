package gui

import (
	"testing"

	"mancala/board"
)

// lineMoves parses moves of the variant, failing the test on a bad one.
func lineMoves(t *testing.T, v *board.Variant, texts ...string) []board.Move {
	t.Helper()
	var ms []board.Move
	for _, s := range texts {
		m, err := v.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// TestGameLineFollowsAndReplaces: playing the line's next move follows it (the rest
// and its scores stay); another move replaces the rest and the scores after it; an
// illegal move changes nothing; the invariants hold throughout.
func TestGameLineFollowsAndReplaces(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	check := func(what string) {
		t.Helper()
		if len(l.evals) != len(l.moves)+1 || l.cursor < 0 || l.cursor > len(l.moves) {
			t.Fatalf("%s: cursor %d, %d moves, %d evals", what, l.cursor, len(l.moves), len(l.evals))
		}
	}
	for i, m := range lineMoves(t, v, "c1", "b2", "a1") {
		before := l.shown().Position()
		pos, tr, err := l.play(m)
		if err != nil {
			t.Fatal(err)
		}
		if pos != before || tr.Side != before.SideToMove() {
			t.Fatalf("move %d: trace from %q, side %v", i, pos.String(), tr.Side)
		}
		l.setEval(l.cursor, 100*(i+1))
		check("play")
	}
	if err := l.goTo(1); err != nil {
		t.Fatal(err)
	}
	// Following the line keeps the rest and its scores.
	if _, _, err := l.play(lineMoves(t, v, "b2")[0]); err != nil || len(l.moves) != 3 || l.cursor != 2 || l.evals[3] == nil || *l.evals[3] != 300 {
		t.Fatalf("following: err %v, %d moves, cursor %d, evals %v", err, len(l.moves), l.cursor, l.evals)
	}
	check("follow")
	// Another move replaces the rest.
	l.goTo(1)
	if _, _, err := l.play(lineMoves(t, v, "f2")[0]); err != nil || len(l.moves) != 2 || l.cursor != 2 || l.evals[2] != nil || *l.evals[1] != 100 {
		t.Fatalf("replacing: err %v, %d moves, cursor %d, evals %v", err, len(l.moves), l.cursor, l.evals)
	}
	check("replace")
	// An illegal move (a North hole with South to move) changes nothing.
	before := len(l.moves)
	if _, _, err := l.play(lineMoves(t, v, "a2")[0]); err == nil || len(l.moves) != before || l.cursor != 2 {
		t.Fatalf("illegal move: err %v, %d moves, cursor %d", err, len(l.moves), l.cursor)
	}
	if err := l.goTo(3); err == nil || l.cursor != 2 {
		t.Fatalf("goTo past the end: err %v, cursor %d", err, l.cursor)
	}
	if err := l.goTo(-1); err == nil {
		t.Fatal("goTo(-1) accepted")
	}
	if got := l.game(2).Position(); got != l.shown().Position() {
		t.Fatal("game(cursor) is not the shown position")
	}
}
