package gui

import (
	"strings"
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

// TestGameLineFollowsAndBranches: playing the line's next move follows it (the rest
// and its scores stay); another move shows a new line without the old one's scores;
// an illegal move changes nothing; the invariants hold throughout.
func TestGameLineFollowsAndBranches(t *testing.T) {
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
	// Another move shows a new line.
	l.goTo(1)
	if _, _, err := l.play(lineMoves(t, v, "f2")[0]); err != nil || len(l.moves) != 2 || l.cursor != 2 || l.evals[2] != nil || *l.evals[1] != 100 {
		t.Fatalf("branching: err %v, %d moves, cursor %d, evals %v", err, len(l.moves), l.cursor, l.evals)
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

// shownMoves is the shown line in notation.
func shownMoves(l *gameLine) string {
	v := l.start.Variant()
	var out []string
	for _, m := range l.moves {
		out = append(out, v.FormatMove(m))
	}
	return strings.Join(out, " ")
}

// TestGameLineVariations: a move from an earlier ply starts a variation and keeps the
// old line (with its scores) as an alternative; going to a node of it shows it again;
// playing a move already in the tree follows it; promote makes a variation the main
// choice; delete removes a move and what follows.
func TestGameLineVariations(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	for _, m := range lineMoves(t, v, "c1", "b2", "a1") {
		if _, _, err := l.play(m); err != nil {
			t.Fatal(err)
		}
	}
	l.setEval(3, 250)
	l.goTo(1)
	l.play(lineMoves(t, v, "f2")[0])
	if got := shownMoves(&l); got != "c1 f2" || l.cursor != 2 || l.mainLine() {
		t.Fatalf("after the variation: line %q, cursor %d, main %v", got, l.cursor, l.mainLine())
	}
	alts := l.alternatives(v, 6)
	if len(alts) != 1 || alts[0].Ply != 2 || strings.Join(alts[0].Moves, " ") != "b2 a1" {
		t.Fatalf("alternatives %+v: want b2 a1 at ply 2", alts)
	}
	nodes := len(l.nodes)
	// Back to the old line through its node: its scores are kept.
	if err := l.goToNode(alts[0].Nodes[1]); err != nil {
		t.Fatal(err)
	}
	if got := shownMoves(&l); got != "c1 b2 a1" || l.cursor != 3 || l.evals[3] == nil || *l.evals[3] != 250 || !l.mainLine() {
		t.Fatalf("old line: %q, cursor %d, evals %v", got, l.cursor, l.evals)
	}
	// Playing f2 at ply 1 again follows the variation: no new node.
	l.goTo(1)
	l.play(lineMoves(t, v, "f2")[0])
	if len(l.nodes) != nodes || shownMoves(&l) != "c1 f2" {
		t.Fatalf("replaying a known move: %d nodes (had %d), line %q", len(l.nodes), nodes, shownMoves(&l))
	}
	if err := l.promote(); err != nil || !l.mainLine() {
		t.Fatalf("promote: %v, main %v", err, l.mainLine())
	}
	if err := l.promote(); err == nil {
		t.Fatal("promoting the main line accepted")
	}
	if alts := l.alternatives(v, 6); len(alts) != 1 || alts[0].Moves[0] != "b2" {
		t.Fatalf("after promote, alternatives %+v", alts)
	}
	// Delete f2: the line of b2 a1 is shown from ply 1.
	if err := l.remove(); err != nil {
		t.Fatal(err)
	}
	if got := shownMoves(&l); got != "c1 b2 a1" || l.cursor != 1 || len(l.nodes) != nodes-1 {
		t.Fatalf("after delete: %q, cursor %d, %d nodes", got, l.cursor, len(l.nodes))
	}
	if err := l.goToNode(999); err == nil {
		t.Fatal("going to a missing node accepted")
	}
	l.goTo(0)
	if err := l.remove(); err == nil {
		t.Fatal("deleting at the start accepted")
	}
}
