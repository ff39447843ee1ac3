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

// TestReviewReport: losses from the mover's view (clamped to the seeds in the game),
// marks by the thresholds, accuracy per side, only for positions the review reached;
// a stopped review keeps them.
func TestReviewReport(t *testing.T) {
	cp := func(v int) *int { return &v }
	v, _ := board.VariantByName("je-ki-n-je")
	var nodes []*node
	for i := range 6 {
		nodes = append(nodes, &node{id: i})
	}
	r := &review{variant: v, nodes: nodes, sides: []board.Side{board.South, board.North, board.South, board.North, board.South, board.North},
		table: make([]*tableLoss, 5), scores: []*int{cp(0), cp(-150), cp(-100), cp(9000), cp(8000), cp(0)}, values: make([]*int, 6),
		seeds: 48, next: 5}
	r.table[1] = &tableLoss{loss: 3, exact: true}
	out := r.report()
	// Move 1 (South): 0 -> -1.50, lost 1.5: ?!. Move 2 (North): exact 3: ?.
	// Move 3 (South): -1 -> +48 (clamped), no loss. Move 4 (North): 48 -> 80 clamped 48, no loss.
	// Move 5: position 5 not reached (next is 5): unknown.
	want := []struct {
		loss  float64
		mark  string
		exact bool
	}{{1.5, "?!", false}, {3, "?", true}, {0, "", false}, {0, "", false}}
	for i, w := range want {
		m := out.Moves[i]
		if m.Loss == nil || *m.Loss != w.loss || m.Mark != w.mark || m.Exact != w.exact {
			t.Errorf("move %d: %+v (loss %v), want %+v", i+1, m, m.Loss, w)
		}
	}
	if out.Moves[4].Loss != nil {
		t.Errorf("move 5 has a loss before the review reached its position")
	}
	// South: moves 1 and 3: (62.5 + 100) / 2; North: moves 2 and 4: (25 + 100) / 2.
	if out.Accuracy[0] == nil || *out.Accuracy[0] != 81.3 || out.Accuracy[1] == nil || *out.Accuracy[1] != 62.5 {
		t.Errorf("accuracy %v %v", *out.Accuracy[0], *out.Accuracy[1])
	}
	if !out.Running || out.Done != 5 || out.Total != 6 || out.Stopped {
		t.Errorf("progress %+v", out)
	}
	// Stopped by the person: the losses found stand, and it no longer runs.
	r.stopped = true
	stopped := r.report()
	if stopped.Running || !stopped.Stopped || stopped.Done != 5 || r.running() {
		t.Errorf("stopped review: %+v", stopped)
	}
	for i := range out.Moves {
		a, b := out.Moves[i], stopped.Moves[i]
		if (a.Loss == nil) != (b.Loss == nil) || a.Loss != nil && *a.Loss != *b.Loss || a.Mark != b.Mark {
			t.Errorf("move %d: %+v before the stop, %+v after", i+1, a, b)
		}
	}
	for _, c := range []struct {
		loss float64
		mark string
	}{{0.99, ""}, {1, "?!"}, {1.99, "?!"}, {2, "?"}, {3.99, "?"}, {4, "??"}, {40, "??"}} {
		if got := markFor(c.loss, [3]float64{1, 2, 4}); got != c.mark {
			t.Errorf("markFor(%v) = %q, want %q", c.loss, got, c.mark)
		}
	}
}

// TestShownGameFollowsTheShownPly: the game kept for reading is always the replay of
// the shown ply, after moves, steps back and forth, a variation and its removal.
func TestShownGameFollowsTheShownPly(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	same := func(what string) {
		t.Helper()
		got, want := l.shownGame(), l.game(l.cursor)
		if len(got.Positions()) != len(want.Positions()) || got.Position() != want.Position() {
			t.Fatalf("%s: kept game at %s after %d plies, the shown ply is %s after %d", what,
				got.Position().String(), len(got.Moves()), want.Position().String(), len(want.Moves()))
		}
	}
	same("start")
	for _, m := range lineMoves(t, v, "c1", "b2", "a1") {
		if _, _, err := l.play(m); err != nil {
			t.Fatal(err)
		}
		same("after a move")
	}
	for _, n := range []int{1, 3, 0, 2} {
		if err := l.goTo(n); err != nil {
			t.Fatal(err)
		}
		same("after a step")
	}
	l.goTo(1)
	if _, _, err := l.play(lineMoves(t, v, "f2")[0]); err != nil {
		t.Fatal(err)
	}
	same("in a variation")
	if err := l.remove(); err != nil {
		t.Fatal(err)
	}
	same("after removing it")
}
