package gui

import (
	"testing"
	"time"

	"mancala/board"
	"mancala/search/words"
	"mancala/tablebase"
)

// reviewAll gives every position of r the scores cps (South's view) as if the engine
// had searched them, and ends the review.
func reviewAll(r *review, cps ...int) {
	for r.next = 0; r.next < len(r.nodes); r.next++ {
		if r.scores[r.next] == nil {
			r.score(cps[r.next], nil)
		}
	}
}

// TestReviewBelongsToItsLine: a review keeps its own scores (analysis of its
// positions afterwards changes the graph, not its accuracy); its marks name the moves
// reviewed, so a move played instead is not marked; deleting reviewed moves cuts the
// review there, and deleting all of them ends it.
func TestReviewBelongsToItsLine(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	for _, m := range lineMoves(t, v, "c1", "b2", "a1", "e2") {
		if _, _, err := l.play(m); err != nil {
			t.Fatal(err)
		}
	}
	r := newReview(&l, nil, time.Millisecond)
	// a1 (South, the third move) gives away 7 seeds: 0 before it, -7 after.
	reviewAll(r, 0, 0, 0, -700, -700)
	out := r.report()
	if len(out.Moves) != 4 || out.Moves[2].Mark != "??" || out.Moves[2].Node != l.path[3].id {
		t.Fatalf("review: %+v", out.Moves)
	}
	accuracy := *out.Accuracy[0]

	// Analysis of the reviewed position after a1 finds it better for South.
	l.setEval(3, 0)
	if again := r.report(); *again.Accuracy[0] != accuracy || again.Moves[2].Mark != "??" {
		t.Errorf("after analysis of a reviewed position: accuracy %v, was %v", *again.Accuracy[0], accuracy)
	}

	// e1 instead of a1 at ply 2: the marks name a1's node, not the shown line's.
	l.goTo(2)
	if _, _, err := l.play(lineMoves(t, v, "e1")[0]); err != nil {
		t.Fatal(err)
	}
	for _, m := range r.report().Moves {
		if m.Mark != "" && m.Node == l.path[3].id {
			t.Errorf("e1 (node %d) carries the mark of a move reviewed: %+v", l.path[3].id, m)
		}
	}
	// Delete a1: the review keeps its first two moves.
	a1 := r.nodes[3]
	if err := l.goToNode(a1.id); err != nil {
		t.Fatal(err)
	}
	if err := l.remove(); err != nil {
		t.Fatal(err)
	}
	if !r.keepTree(&l) {
		t.Fatal("the review ended with moves still in the tree")
	}
	cut := r.report()
	if len(cut.Moves) != 2 || cut.Total != 3 || cut.Running {
		t.Errorf("after deleting a1: %+v", cut)
	}
	for _, m := range cut.Moves {
		if m.Mark != "" {
			t.Errorf("after deleting a1, a mark is left: %+v", m)
		}
	}
	l.goTo(1)
	l.remove()
	if r.keepTree(&l) {
		t.Error("the review goes on after all its moves were deleted")
	}
}

// TestProvenResultsAtReachableMargins: a proven result without its margin is valued
// by its line's end, by the endgame table's bound for the winner, by the game's end
// when the same side wins there, and else by the smallest winning margin; never by
// the seeds of the whole game.
func TestProvenResultsAtReachableMargins(t *testing.T) {
	skipUnderRace(t, "builds an endgame table on one goroutine")
	v, _ := board.VariantByName("adji-kui-1")
	dir := t.TempDir()
	tb, err := tablebase.Build(v, 9, tablebase.Options{Workers: 1, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// The position: a1 wins by 30, f1 by 12 to 14 (bounds).
	p, err := v.ParsePosition("0,0,1,0,0,2/3,0,1,0,0,2 S 30 9 -")
	if err != nil {
		t.Fatal(err)
	}
	f1 := lineMoves(t, v, "f1")[0]
	loss := lossByTable(tb, board.NewGame(p), f1)
	if loss == nil || loss.exact || loss.loss != 16 {
		t.Errorf("f1's loss by the table: %+v, want at least 16 (30 less f1's bound 14)", loss)
	}
	after := board.NewGame(p)
	after.Play(f1)
	if got := provenValue(words.ProvenWin, after, nil, tb); got == nil || *got != 1200 {
		t.Errorf("South's proven win after f1 valued %v, want 1200 (the least the table proves)", got)
	}
	if got := provenValue(words.ProvenWin, after, nil, nil); got != nil {
		t.Errorf("without a table or a line to the end: %v, want none", *got)
	}
	if got := provenValue(300, after, nil, tb); got != nil {
		t.Errorf("an evaluation got a proven value %v", *got)
	}

	// A game played to its end: a mate's line to the end gives its margin.
	pos, last, res := lastMoveGame(t, v, 7)
	end := board.NewGame(pos)
	mate := words.ProvenWin
	if w, _ := res.Winner(); w == board.North {
		mate = -mate
	}
	if got := provenValue(mate, end, []string{v.FormatMove(last)}, nil); got == nil || *got != 100*(res.South-res.North) {
		t.Errorf("a mate whose line ends %d-%d valued %v", res.South, res.North, got)
	}
	// The graph of a line whose end is that game, every position proven for the
	// winner: all at the final margin.
	l := newGameLine(pos)
	l.play(last)
	l.setEval(0, mate)
	l.setEval(1, mate)
	for i, val := range l.graphValues() {
		if val == nil || *val != 100*(res.South-res.North) {
			t.Errorf("graph value %d: %v, want the final margin %d", i, val, 100*(res.South-res.North))
		}
	}
	// A line not finished: the smallest winning margin (48 seeds: 2).
	open := newGameLine(v.StartPosition())
	open.setEval(0, -words.ProvenWin-5)
	if got := open.graphValues()[0]; got == nil || *got != -200 {
		t.Errorf("a proven loss for South in an open line: %v, want -200", got)
	}
	// Bao la Kimasai has no margins: its scores stay as they are.
	bao, _ := board.VariantByName("bao-la-kimasai")
	bl := newGameLine(bao.StartPosition())
	bl.setEval(0, words.ProvenWin)
	if got := bl.graphValues()[0]; got == nil || *got != words.ProvenWin {
		t.Errorf("Bao's proven win drawn at %v", got)
	}
}

// TestReviewThresholdsInTheGamesUnit: the review's marks, accuracy and thresholds
// follow the game's profile: seeds (1, 2, 4) in the scoring games, log-odds units
// (0.5, 1, 2) in Bao la Kimasai.
func TestReviewThresholdsInTheGamesUnit(t *testing.T) {
	adji, _ := board.VariantByName("adji-kui-1")
	bao, _ := board.VariantByName("bao-la-kimasai")
	if got, want := thresholds(adji.Profile.Words.Score), "?! from 1 seed lost, ? from 2, ?? from 4; a move's accuracy is 100% less 25% a seed lost"; got != want {
		t.Errorf("Adji Kui I: %q, want %q", got, want)
	}
	if got, want := thresholds(bao.Profile.Words.Score), "?! from 0.5 log-odds units lost, ? from 1, ?? from 2; a move's accuracy is 100% less 50% a log-odds unit lost"; got != want {
		t.Errorf("Bao la Kimasai: %q, want %q", got, want)
	}
	// One Bao move losing 1 log-odds unit: a mistake, 50% accuracy.
	l := newGameLine(bao.StartPosition())
	var ml board.MoveList
	start := bao.StartPosition()
	start.LegalMoves(&ml)
	l.play(ml.Moves[0])
	r := newReview(&l, nil, time.Millisecond)
	reviewAll(r, 0, -100)
	out := r.report()
	if m := out.Moves[0]; m.Mark != "?" || *m.Loss != 1 || *out.Accuracy[0] != 50 {
		t.Errorf("a Bao move losing 1 unit: %+v (loss %v), accuracy %v", m, *m.Loss, *out.Accuracy[0])
	}
}
