package board_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// moveCase is one move from a position, with the position after it worked out by
// hand from the rules.
type moveCase struct {
	note, from, move, want string
}

// checkMoves plays each case with Position.Play and compares the result with the
// hand-written position; the reference implementation must agree too.
func checkMoves(t *testing.T, name string, cases []moveCase) {
	t.Helper()
	for _, c := range cases {
		got := after(t, name, c.from, c.move)
		if got != c.want {
			t.Errorf("%s: %q %s\n got %q\nwant %q", c.note, c.from, c.move, got, c.want)
		}
		r := mustRef(t, name, c.from)
		var ref string
		for _, k := range r.children() {
			if k.move == c.move {
				ref = k.pos.format()
			}
		}
		if ref != c.want {
			t.Errorf("%s: reference gives %q, want %q", c.note, ref, c.want)
		}
	}
}

// checkIllegal checks that the move is not legal and that the error names the reason.
func checkIllegal(t *testing.T, name, from, mv, reason string) {
	t.Helper()
	p := parse(t, name, from)
	q, err := p.Play(move(t, name, mv))
	if err == nil {
		t.Errorf("%q: %s was accepted, giving %q", from, mv, q.String())
		return
	}
	if !strings.Contains(err.Error(), reason) || strings.Contains(err.Error(), "\n") {
		t.Errorf("%q: %s: error %q does not say %q on one line", from, mv, err, reason)
	}
	var e *board.IllegalMoveError
	if !errors.As(err, &e) || e.Move != move(t, name, mv) || e.Name != mv || !strings.Contains(e.Reason, reason) {
		t.Errorf("%q: %s: error %#v does not carry the move and the reason %q", from, mv, err, reason)
	}
	if q != p {
		t.Errorf("%q: a refused move returned %q, want the position unchanged", from, q.String())
	}
	if slices.Contains(legalMoves(&p), mv) {
		t.Errorf("%q: %s is refused but listed as legal", from, mv)
	}
}

// checkLegal checks the exact list of legal moves.
func checkLegal(t *testing.T, name, from string, want ...string) {
	t.Helper()
	p := parse(t, name, from)
	if got := legalMoves(&p); !slices.Equal(got, want) {
		t.Errorf("%q: legal moves %q, want %q", from, got, want)
	}
}

// checkResult checks the result of a position (no history): its string and reason.
func checkResult(t *testing.T, name, pos, want string, reason board.Reason) {
	t.Helper()
	p := parse(t, name, pos)
	res := p.Result()
	if res.String() != want || res.Reason != reason {
		t.Errorf("%q: result %q (%v), want %q (%v)", pos, res, res.Reason, want, reason)
	}
	var cl board.ChildList
	p.Generate(&cl)
	if res.Over() != (cl.N == 0) {
		t.Errorf("%q: result over=%v but %d legal moves", pos, res.Over(), cl.N)
	}
}

// checkGame plays moves in a board.Game and checks the final result.
func checkGame(t *testing.T, name, from, moves, want string, reason board.Reason) *board.Game {
	t.Helper()
	g := board.NewGame(parse(t, name, from))
	for _, m := range splitMoves(moves) {
		if err := g.Play(move(t, name, m)); err != nil {
			t.Fatalf("%q: move %s: %v", g.Position().String(), m, err)
		}
	}
	if res := g.Result(); res.String() != want || res.Reason != reason {
		t.Errorf("%q after %s: result %q (%v), want %q (%v)", from, moves, res, res.Reason, want, reason)
	}
	return g
}

// ---- Je ki n je ----

// The seed text's example: South plays b1 (3 seeds), relays through e1 and e2, lands
// in empty b2, moves the seed on into a2 and captures its 4 seeds plus the moved one.
func TestJeKiNJeWorkedExample(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"seed text example", "4,0,3,3,2,4/4,3,4,4,2,4 S 6 5 -", "b1", "0,0,4,4,0,5/4,0,5,5,0,5 N 11 5 -"},
	})
}

func TestJeKiNJeRelay(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"b1 lands in d1 (1 seed): relay 2 to f1", "1,0,0,0,0,0/0,2,0,1,0,0 S 20 24 -", "b1", "1,0,0,0,0,0/0,0,1,0,1,1 N 20 24 -"},
		{"a lap passing its landing hole twice relays from it", "0,0,0,0,0,0/13,0,0,0,0,0 S 17 18 -", "a1", "0,2,0,2,0,2/2,1,2,0,2,0 N 17 18 -"},
		{"North relays from a2 into South's row", "1,1,0,0,0,0/0,0,0,0,0,1 N 22 23 -", "b2", "0,0,0,0,0,0/1,1,0,0,0,1 S 22 23 -"},
	})
}

func TestJeKiNJeStartingHoleNotSkipped(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"12 seeds: the 12th goes back into the emptied a1", "0,0,0,0,0,0/12,0,0,0,0,0 S 18 18 -", "a1", "1,1,1,1,1,1/1,1,1,1,1,1 N 18 18 -"},
	})
}

func TestJeKiNJeCaptureMovesLastSeedOn(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"f1 lands in empty f2; e2 holds 3: capture 3+1", "2,0,0,0,3,0/0,0,0,0,0,1 S 20 22 -", "f1", "2,0,0,0,0,0/0,0,0,0,0,0 N 24 22 -"},
		{"North a2 lands in empty a1; b1 holds 2: capture 2+1", "1,0,0,0,0,0/0,2,0,0,0,1 N 20 24 -", "a2", "0,0,0,0,0,0/0,0,0,0,0,1 S 20 27 -"},
	})
}

func TestJeKiNJeNoCaptureWhenNextEmpty(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"f1 lands in empty f2; e2 empty: the seed stays", "2,0,0,0,0,0/0,0,0,0,0,1 S 23 22 -", "f1", "2,0,0,0,0,1/0,0,0,0,0,0 N 23 22 -"},
	})
}

func TestJeKiNJeNoCaptureNextOnOwnSide(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"f1 lands in empty a2; the next hole a1 is South's own", "0,0,0,3,0,0/1,0,0,0,0,6 S 19 19 -", "f1", "1,1,1,4,1,1/1,0,0,0,0,0 N 19 19 -"},
		{"landing on the mover's own side never captures", "1,0,0,0,0,0/0,2,0,1,0,0 S 20 24 -", "b1", "1,0,0,0,0,0/0,0,1,0,1,1 N 20 24 -"},
	})
}

func TestJeKiNJeNoGrandSlam(t *testing.T) {
	checkMoves(t, jeKiNJe, []moveCase{
		{"capturing e2 would empty North's row: no capture, seed stays", "0,0,0,0,3,0/2,0,0,0,0,1 S 20 22 -", "f1", "0,0,0,0,3,1/2,0,0,0,0,0 N 20 22 -"},
		{"a capture leaving one seed is made", "1,0,0,0,3,0/2,0,0,0,0,1 S 20 21 -", "f1", "1,0,0,0,0,0/2,0,0,0,0,0 N 24 21 -"},
	})
}

func TestJeKiNJeFeedingRule(t *testing.T) {
	const hungry = "0,0,0,0,0,0/1,0,0,0,0,1 S 23 23 -"
	checkLegal(t, jeKiNJe, hungry, "f1")
	checkIllegal(t, jeKiNJe, hungry, "a1", "does not feed")
	checkMoves(t, jeKiNJe, []moveCase{
		{"f1 feeds North", hungry, "f1", "0,0,0,0,0,1/1,0,0,0,0,0 N 23 23 -"},
	})
	// The rule applies only when the row is empty as the turn starts: here a1 does
	// not reach North, yet it is legal.
	checkLegal(t, jeKiNJe, "0,0,0,0,0,1/1,0,0,0,0,0 S 23 23 -", "a1")
}

func TestJeKiNJeFeedingImpossibleEnds(t *testing.T) {
	checkResult(t, jeKiNJe, "0,0,0,0,0,0/1,0,0,0,0,0 S 30 17 -", "1-0 31-17", board.FeedingImpossible)
	checkResult(t, jeKiNJe, "0,1,0,0,0,0/0,0,0,0,0,0 N 20 27 -", "0-1 20-28", board.FeedingImpossible)
	checkResult(t, jeKiNJe, "0,0,0,0,0,0/0,0,2,0,0,0 S 21 25 -", "0-1 23-25", board.FeedingImpossible)
}

func TestJeKiNJeNoMoveEnds(t *testing.T) {
	checkResult(t, jeKiNJe, "1,2,0,0,0,0/0,0,0,0,0,0 S 20 25 -", "0-1 20-28", board.NoLegalMove)
	checkResult(t, jeKiNJe, "0,0,0,0,0,0/0,3,0,0,0,1 N 20 24 -", "1/2-1/2 24-24", board.NoLegalMove)
	checkResult(t, jeKiNJe, variant(t, jeKiNJe).Start, "*", board.NotOver)
}

// The two endless moves of the je-ki-n-je perft tree at depth 4 (found by searching
// the tree with the reference): after e1 d2 d1, North's e2; after f1 c2 e1, North's d2.
func TestJeKiNJeEndlessMoveIllegal(t *testing.T) {
	start := variant(t, jeKiNJe).Start
	for _, c := range []struct{ line, pos, endless string }{
		{"e1 d2 d1", "1,2,1,0,4,1/3,4,9,2,3,11 N 7 0 -", "e2"},
		{"f1 c2 e1", "2,1,0,4,1,11/1,3,4,9,2,3 N 7 0 -", "d2"},
	} {
		if got := after(t, jeKiNJe, start, c.line); got != c.pos {
			t.Fatalf("after %s: %q, want %q", c.line, got, c.pos)
		}
		checkIllegal(t, jeKiNJe, c.pos, c.endless, "endless move (more than 1000 laps)")
		r := mustRef(t, jeKiNJe, c.pos)
		if long := r.try(refSpot{row: int(c.endless[1] - '1'), col: int(c.endless[0] - 'a')}, 100_000); long.why != "endless" {
			t.Errorf("%q %s: the reference finds it ends after %d laps", c.pos, c.endless, long.laps)
		}
	}
	// Exactly two moves are endless among all depth-4 moves.
	count := 0
	var walk func(p board.Position, depth int)
	walk = func(p board.Position, depth int) {
		if depth == 0 {
			for _, h := range p.Variant().OwnHoles(p.SideToMove()) {
				if _, err := p.Play(board.Move(h)); err != nil && strings.Contains(err.Error(), "endless") {
					count++
				}
			}
			return
		}
		var cl board.ChildList
		p.Generate(&cl)
		for i := 0; i < cl.N; i++ {
			walk(cl.Children[i].Pos, depth-1)
		}
	}
	walk(variant(t, jeKiNJe).StartPosition(), 3)
	if count != 2 {
		t.Errorf("%d endless moves at depth 4, want 2", count)
	}
}

func TestJeKiNJeLoopEnding(t *testing.T) {
	g := checkGame(t, jeKiNJe, "1,0,0,0,0,1/1,0,0,0,0,1 S 22 22 -", "f1 a2 b1 e2 d1 c2", "1/2-1/2 24-24", board.LoopEnding)
	if g.Position() != g.Start() || len(g.Positions()) != 7 {
		t.Errorf("the loop ends on %q after %d moves, want the start position again after 6", g.Position(), len(g.Moves()))
	}
	// Five moves in, nothing has repeated yet.
	checkGame(t, jeKiNJe, "1,0,0,0,0,1/1,0,0,0,0,1 S 22 22 -", "f1 a2 b1 e2 d1", "*", board.NotOver)
	if err := g.Play(move(t, jeKiNJe, "a1")); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("a move after the loop ending: error %v, want game is over", err)
	}
}

// ---- Adji Kui I ----

func TestAdjiKuiSingletonsCannotMove(t *testing.T) {
	const pos = "2,0,0,0,0,0/1,1,1,0,0,0 S 20 23 -"
	checkLegal(t, adjiKui, pos, "pass")
	checkIllegal(t, adjiKui, pos, "a1", "two or more seeds")
	checkIllegal(t, adjiKui, pos, "d1", "two or more seeds")
}

func TestAdjiKuiNoRelay(t *testing.T) {
	checkMoves(t, adjiKui, []moveCase{
		{"a1 lands in e1 (4 seeds): no relay", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "a1", "4,4,4,4,4,4/0,5,5,5,5,4 N 0 0 -"},
	})
}

func TestAdjiKuiStartingHoleNotSkipped(t *testing.T) {
	checkMoves(t, adjiKui, []moveCase{
		{"13 seeds: a1 gets the 12th, b1 the 13th", "0,0,0,0,0,0/13,0,0,0,0,0 S 17 18 -", "a1", "1,1,1,1,1,1/1,2,1,1,1,1 N 17 18 -"},
	})
}

func TestAdjiKuiBackwardChainCapture(t *testing.T) {
	checkMoves(t, adjiKui, []moveCase{
		{"lands d2=2, then e2=3, f2=2 captured; f1 is own", "3,0,1,1,2,1/2,0,0,0,4,0 S 10 24 -", "e1", "3,0,1,0,0,0/2,0,0,0,0,1 N 17 24 -"},
		{"c2 captured; the chain stops at d2 holding 4", "0,2,1,3,1,0/4,0,0,0,0,4 S 10 23 -", "f1", "0,2,0,4,2,1/4,0,0,0,0,0 N 12 23 -"},
		{"landing with 4 captures nothing", "0,0,0,3,3,3/2,0,0,0,0,3 S 10 24 -", "f1", "0,0,0,4,4,4/2,0,0,0,0,0 N 10 24 -"},
		{"North takes b1 (3) then a1 (2); a2 is its own", "0,3,0,0,1,0/1,2,0,2,0,0 N 20 19 -", "b2", "1,0,0,0,1,0/0,0,0,2,0,0 S 20 24 -"},
	})
}

func TestAdjiKuiChainStopsAtOwnSide(t *testing.T) {
	checkMoves(t, adjiKui, []moveCase{
		{"f2 captured; f1 (own, now 2) is not", "0,0,0,0,0,1/0,0,0,0,2,1 S 20 24 -", "e1", "0,0,0,0,0,0/0,0,0,0,0,2 N 22 24 -"},
	})
}

func TestAdjiKuiCaptureMayEmptyRow(t *testing.T) {
	const emptied = "0,0,0,0,0,0/0,0,0,0,0,2 N 22 24 -"
	checkMoves(t, adjiKui, []moveCase{
		{"the capture empties North's row", "0,0,0,0,0,1/0,0,0,0,2,1 S 20 24 -", "e1", emptied},
	})
	checkLegal(t, adjiKui, emptied, "pass")
}

func TestAdjiKuiPass(t *testing.T) {
	checkMoves(t, adjiKui, []moveCase{
		{"South passes", "2,0,0,0,0,0/1,1,1,0,0,0 S 20 23 -", "pass", "2,0,0,0,0,0/1,1,1,0,0,0 N 20 23 -"},
		{"North passes", "0,0,0,0,0,0/0,0,0,0,0,2 N 22 24 -", "pass", "0,0,0,0,0,0/0,0,0,0,0,2 S 22 24 -"},
	})
	checkIllegal(t, adjiKui, variant(t, adjiKui).Start, "pass", "South has a move to make")
}

func TestAdjiKuiNeitherCanMoveEnds(t *testing.T) {
	checkResult(t, adjiKui, "1,1,0,0,0,0/1,1,1,0,0,0 S 20 23 -", "0-1 23-25", board.NoLegalMove)
	checkResult(t, adjiKui, "0,0,0,0,0,0/1,0,1,0,0,1 N 27 18 -", "1-0 30-18", board.NoLegalMove)
	checkResult(t, adjiKui, "2,0,0,0,0,0/1,1,1,0,0,0 S 20 23 -", "*", board.NotOver)
}

// A loop found by searching random games: twelve moves bring the position back.
func TestAdjiKuiLoopEnding(t *testing.T) {
	checkGame(t, adjiKui, "1,2,0,0,0,0/0,0,0,0,2,1 N 21 21 -", "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2 d1", "1/2-1/2 24-24", board.LoopEnding)
	// One move short of the loop the game goes on.
	checkGame(t, adjiKui, "1,2,0,0,0,0/0,0,0,0,2,1 N 21 21 -", "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2", "*", board.NotOver)
}

// ---- Adji-Boto ----

func TestAdjiBotoLeaveOneSeed(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"a1 keeps one, sows 9", "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2", "a1", "11,11,11,11,11/1,11,11,11,11 N 0 0 b1c1d1e1a2b2c2d2e2"},
		{"a hole of two sows one", "0,0,3,0,0/0,0,0,0,2 S 45 50 -", "e1", "0,0,3,0,1/0,0,0,0,1 N 45 50 -"},
	})
	checkIllegal(t, adjiBoto, "0,0,3,0,0/0,0,0,1,1 S 45 50 -", "e1", "two or more seeds")
}

func TestAdjiBotoStartingHoleSownOnLongLap(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"a1 (12) keeps one and sows 11: a1 gets the 10th, b1 the 11th", "0,0,0,0,0/12,0,1,0,0 S 40 47 -", "a1", "1,1,1,1,1/2,2,2,1,1 N 40 47 -"},
	})
}

func TestAdjiBotoOpeningEachHoleOnce(t *testing.T) {
	const pos = "2,12,12,12,12/2,12,12,12,12 S 0 0 b1c1d1e1b2c2d2e2"
	if got := after(t, adjiBoto, variant(t, adjiBoto).Start, "a1 a2"); got != pos {
		t.Fatalf("after a1 a2: %q, want %q", got, pos)
	}
	checkLegal(t, adjiBoto, pos, "b1", "c1", "d1", "e1")
	checkIllegal(t, adjiBoto, pos, "a1", "already played in the opening")
	// A player whose opening holes are all played passes while the other finishes.
	checkLegal(t, adjiBoto, "2,12,12,12,12/2,12,12,12,12 S 0 0 b2c2", "pass")
	checkLegal(t, adjiBoto, "2,12,12,12,12/2,12,12,12,12 N 0 0 b2c2", "b2", "c2")
}

func TestAdjiBotoNoCaptureInOpening(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"last opening move: b2 (3) after the landing hole is not taken", "0,3,0,0,3/5,0,0,0,0 N 45 44 e2", "e2", "0,3,1,1,1/5,0,0,0,0 S 45 44 -"},
		{"the same move after the opening captures b2", "0,3,0,0,3/5,0,0,0,0 N 45 44 -", "e2", "0,0,1,1,1/5,0,0,0,0 S 45 47 -"},
	})
}

func TestAdjiBotoForwardChainCapture135(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"c2 1, b2 3, a2 5, a1 1 taken; b1 (2) stops", "5,3,1,0,0/1,2,0,4,0 S 40 44 -", "d1", "0,0,0,1,1/0,2,0,1,1 N 50 44 -"},
		{"the hole after the landing hole holds 0: nothing", "5,3,1,0,0/1,2,0,2,0 S 40 46 -", "d1", "5,3,1,0,0/1,2,0,1,1 N 40 46 -"},
		{"an even count stops the chain at once", "0,0,4,2,0/0,0,0,3,0 S 46 45 -", "d1", "0,0,4,2,1/0,0,0,1,1 N 46 45 -"},
	})
}

func TestAdjiBotoCaptureBothRows(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"North's capture runs along South's row into its own", "0,3,0,0,3/0,1,3,5,1 N 40 44 -", "b2", "1,1,0,0,0/1,0,0,0,0 S 40 57 -"},
	})
}

func TestAdjiBotoCaptureStopsAtLandingHole(t *testing.T) {
	checkMoves(t, adjiBoto, []moveCase{
		{"every other hole is odd: all taken, the landing e2 (5) stays", "1,1,1,1,4/1,1,1,1,2 S 43 43 -", "e1", "0,0,0,0,5/0,0,0,0,0 N 52 43 -"},
	})
}

func TestAdjiBotoPass(t *testing.T) {
	checkLegal(t, adjiBoto, "3,0,0,0,0/1,1,0,0,0 S 45 50 -", "pass")
	checkMoves(t, adjiBoto, []moveCase{
		{"South passes", "3,0,0,0,0/1,1,0,0,0 S 45 50 -", "pass", "3,0,0,0,0/1,1,0,0,0 N 45 50 -"},
		{"North moves again", "3,0,0,0,0/1,1,0,0,0 N 45 50 -", "a2", "1,0,0,0,0/2,2,0,0,0 S 45 50 -"},
	})
	checkIllegal(t, adjiBoto, "3,0,0,0,0/1,1,0,0,0 N 45 50 -", "pass", "North has a move to make")
}

func TestAdjiBotoNeitherCanMoveEnds(t *testing.T) {
	checkResult(t, adjiBoto, "1,0,1,0,0/0,1,0,1,1 S 45 50 -", "0-1 48-52", board.NoLegalMove)
	checkResult(t, adjiBoto, "0,0,0,0,0/0,0,0,0,0 N 50 50 -", "1/2-1/2 50-50", board.NoLegalMove)
	// Opening holes all played by both sides but the state still lists one that
	// cannot be played (one seed): nobody can move.
	checkResult(t, adjiBoto, "1,0,0,0,0/0,0,0,0,0 S 49 50 a2", "0-1 49-51", board.NoLegalMove)
}

func TestAdjiBotoWorkedGame(t *testing.T) {
	got := after(t, adjiBoto, variant(t, adjiBoto).Start, "a1 a2 b1 b2 c1 c2 d1 d2 e1 e2 c1")
	if want := "17,14,11,8,4/16,14,0,9,6 N 1 0 -"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// ---- Bao la Kimasai ----

// The worked example: b2 lands in c2 facing c3; the captured cow is sown from c2
// itself, then c2 relays to f2.
func TestBaoRaidingCaptureResown(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"worked example", "40,0,0,0,0,0,0,0/1,0,1,0,0,0,0,0/0,1,1,0,0,0,0,0/20,0,0,0,0,0,0,0 S 0 0 -", "b2", "40,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,1,1,1,0,0/20,0,0,0,0,0,0,0 N 0 0 -"},
		{"three captured cows: c2, d2, e2", "31,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,1,1,0,0,0,0,0/27,0,0,0,0,0,0,0 S 0 0 -", "b2", "31,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,3,1,1,0,0,0/27,0,0,0,0,0,0,0 N 0 0 -"},
		{"North b3 lands in a3 facing a2 (2): a3, a4 get them", "0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0/2,0,0,0,0,0,0,1/0,0,0,0,0,0,0,59 N 0 0 -", "b3", "1,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,59 S 0 0 -"},
		{"an outer landing hole relays, it never captures", "59,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/1,0,0,0,0,0,0,1/0,0,0,0,0,0,0,1 S 0 0 -", "h2", "59,0,0,0,0,0,0,0/1,0,0,0,0,0,0,1/1,0,0,0,0,0,0,0/0,0,0,0,0,1,1,0 N 0 0 -"},
	})
}

func TestBaoFirstMoveAddsNoCow(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"a2 (1 cow, none added) relays along row 2 to g1", variant(t, bao).Start, "a2", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N 24 24 -"},
		{"a first move by North also adds none", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N 24 24 *", "h3", "1,1,0,0,0,0,0,0/0,2,0,2,0,2,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 -"},
	})
}

func TestBaoReserveCowAdded(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"a3 gets a reserve cow (2) and sows a4, b4", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 N 24 24 -", "a3", "1,1,0,0,0,0,0,0/0,1,1,1,1,1,1,1/0,0,2,0,2,0,2,0/0,0,0,0,0,0,1,1 S 24 23 -"},
	})
}

func TestBaoNoCaptureWhileReserves(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"both reserves: c2 facing c3 relays", "29,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/1,0,1,0,0,0,0,0/27,0,0,0,0,0,0,0 S 1 1 -", "a2", "29,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,1,0,1,1,0,0,0/27,0,0,0,0,0,0,0 N 0 1 -"},
		{"own reserve empty, opponent's not: no cow added, no capture", "30,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,1,1,0,0,0,0,0/27,0,0,0,0,0,0,0 S 0 1 -", "b2", "30,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,0,0,1,1,0,0,0/27,0,0,0,0,0,0,0 N 0 1 -"},
		{"both reserves empty: the same move captures", "31,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,1,1,0,0,0,0,0/27,0,0,0,0,0,0,0 S 0 0 -", "b2", "31,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,3,1,1,0,0,0/27,0,0,0,0,0,0,0 N 0 0 -"},
	})
}

func TestBaoLastReserveMoveCapturesNothing(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"the move placing the last reserve cow relays", "30,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/1,0,1,0,0,0,0,0/27,0,0,0,0,0,0,0 S 1 0 -", "a2", "30,0,0,0,0,0,0,0/1,0,3,0,0,0,0,0/0,1,0,1,1,0,0,0/27,0,0,0,0,0,0,0 N 0 0 -"},
	})
}

func TestBaoClockwiseOwnRing(t *testing.T) {
	const south = "0,0,0,0,26,0,0,2/2,0,1,0,0,0,0,0/0,0,1,0,0,0,0,3/2,0,0,26,0,0,0,0 S 0 1 -"
	const north = "0,0,0,0,26,0,0,2/2,0,1,0,0,0,0,0/0,0,1,0,0,0,0,3/2,0,0,26,0,0,0,0 N 1 0 -"
	checkMoves(t, bao, []moveCase{
		{"South: h2 goes on to h1, g1, f1", south, "h2", "0,0,0,0,26,0,0,2/2,0,1,0,0,0,0,0/0,0,1,0,0,0,0,0/2,0,0,26,0,1,1,1 N 0 1 -"},
		{"South: a1 goes on to a2, b2", south, "a1", "0,0,0,0,26,0,0,2/2,0,1,0,0,0,0,0/1,1,1,0,0,0,0,3/0,0,0,26,0,0,0,0 N 0 1 -"},
		{"North: h4 goes on to h3, g3", north, "h4", "0,0,0,0,26,0,0,0/2,0,1,0,0,0,1,1/0,0,1,0,0,0,0,3/2,0,0,26,0,0,0,0 S 1 0 -"},
		{"North: a3 goes on to a4, b4", north, "a3", "1,1,0,0,26,0,0,2/0,0,1,0,0,0,0,0/0,0,1,0,0,0,0,3/2,0,0,26,0,0,0,0 S 1 0 -"},
	})
}

func TestBaoStartingHoleNotSkipped(t *testing.T) {
	checkMoves(t, bao, []moveCase{
		{"16 cows from a2: one in every South hole, the last back in a2", "46,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/16,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0 1 -", "a2", "46,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 N 0 1 -"},
		// a2 gets the 16th cow and b2 the 17th; b2 (2) relays to d2, d2 to f2, and
		// so on round the ring in steps of two until a1's two cows reach a2 and the
		// emptied b2.
		{"17 cows: the 17th lands in b2, relays run round to b2", "45,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/17,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 0 1 -", "a2", "45,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,1,2,0,2,0,2,0/0,2,0,2,0,2,0,2 N 0 1 -"},
	})
}

func TestBaoInnerRowEmptyWins(t *testing.T) {
	const won = "40,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,1,1,1,0,0/21,0,0,0,0,0,0,0 N 0 0 -"
	checkMoves(t, bao, []moveCase{
		{"South takes North's last inner cow", "40,0,0,0,0,0,0,0/0,0,1,0,0,0,0,0/0,1,1,0,0,0,0,0/21,0,0,0,0,0,0,0 S 0 0 -", "b2", won},
	})
	checkResult(t, bao, won, "1-0", board.InnerRowEmpty)
	// Both inner rows empty: the player who just moved wins.
	checkResult(t, bao, "40,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/24,0,0,0,0,0,0,0 N 0 0 -", "1-0", board.InnerRowEmpty)
	checkResult(t, bao, "40,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/24,0,0,0,0,0,0,0 S 0 0 -", "0-1", board.InnerRowEmpty)
}

func TestBaoInnerRowEmptyLoses(t *testing.T) {
	const lost = "40,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/22,0,0,0,0,0,0,1 N 0 0 -"
	checkMoves(t, bao, []moveCase{
		{"South sows its last inner cow into h1", "40,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/22,0,0,0,0,0,0,0 S 0 0 -", "h2", lost},
	})
	checkResult(t, bao, lost, "0-1", board.InnerRowEmpty)
	checkResult(t, bao, variant(t, bao).Start, "*", board.NotOver)
}

// The boundary of the endless-move rule, built from a South move of 1453 laps found
// by search (a hill climb on the reference): after 453 of its laps the relay is about
// to take up g1, so from that position g1 sows exactly 1000 laps; one lap earlier the
// relay takes up d2, and d2 from that position needs 1001.
func TestBaoEndlessMoveBoundary(t *testing.T) {
	const (
		exactly1000 = "1,1,1,2,0,2,2,0/1,2,3,0,0,2,0,1/1,0,3,0,1,5,4,3/2,1,4,1,2,3,11,4 S 0 1 -"
		exactly1001 = "1,1,1,2,0,2,2,0/1,2,3,0,0,2,0,1/1,0,3,6,0,4,3,2/2,1,4,1,2,3,10,3 S 0 1 -"
	)
	r := mustRef(t, bao, exactly1000)
	m := r.try(refSpot{row: 0, col: 6}, -1)
	if !m.legal || m.laps != 1000 {
		t.Fatalf("reference: g1 takes %d laps (legal %v), want 1000", m.laps, m.legal)
	}
	r = mustRef(t, bao, exactly1001)
	if m := r.try(refSpot{row: 1, col: 3}, -1); m.laps != 1001 {
		t.Fatalf("reference: d2 takes %d laps, want 1001", m.laps)
	}
	p := parse(t, bao, exactly1000)
	if _, err := p.Play(move(t, bao, "g1")); err != nil {
		t.Errorf("a move of exactly 1000 laps is refused: %v", err)
	}
	checkIllegal(t, bao, exactly1001, "d2", "endless move")
}

// A Bao la Kimasai loop built by hand. A "staircase" of k, k-1, ..., 1 cows on
// consecutive holes of a ring, followed by an empty hole, moves one hole forward when
// its top is played: the k cows land one each on the next k holes and the last one
// lands in the empty hole, so nothing relays or captures. Each player has three
// staircases (6, 4 and 1 high: 32 cows) and plays their tops in turn, so after 48
// moves each (96 in all) every staircase has gone once round its ring and the start
// position is back. At least three of the eleven occupied holes are always inner,
// so no inner row empties on the way.
func TestBaoLoopIsDraw(t *testing.T) {
	const start = "6,5,4,3,2,1,0,0/0,1,0,0,1,2,3,4/6,5,4,3,2,1,0,0/0,1,0,0,1,2,3,4 S 0 0 -"
	rings := [2][]string{
		strings.Fields("a2 b2 c2 d2 e2 f2 g2 h2 h1 g1 f1 e1 d1 c1 b1 a1"),
		strings.Fields("a4 b4 c4 d4 e4 f4 g4 h4 h3 g3 f3 e3 d3 c3 b3 a3"),
	}
	tops := []int{0, 8, 14} // ring places of the three staircase tops
	var moves []string
	for ply := 0; ply < 96; ply++ {
		side, turn := ply%2, ply/2
		moves = append(moves, rings[side][(tops[turn%3]+turn/3)%16])
	}
	g := board.NewGame(parse(t, bao, start))
	r := mustRef(t, bao, start)
	for i, m := range moves {
		if g.Result().Over() {
			t.Fatalf("the game ended after %d moves: %q", i, g.Result())
		}
		if err := g.Play(move(t, bao, m)); err != nil {
			t.Fatalf("move %d (%s) from %q: %v", i, m, g.Positions()[i].String(), err)
		}
		step := r.try(refSpot{row: int(m[1] - '1'), col: int(m[0] - 'a')}, refLapLimit)
		if !step.legal || step.laps != 1 {
			t.Fatalf("move %d (%s): reference laps %d legal %v, want a single lap", i, m, step.laps, step.legal)
		}
		r = step.pos
		if g.Position().String() != r.format() {
			t.Fatalf("move %d (%s): board %q, reference %q", i, m, g.Position().String(), r.format())
		}
	}
	if g.Position().String() != start {
		t.Fatalf("after 96 moves: %q, want the start again", g.Position().String())
	}
	if res := g.Result(); res.String() != "1/2-1/2" || res.Reason != board.LoopEnding || res.Scored {
		t.Errorf("loop result %q (%v, scored %v), want an unscored draw by loop ending", res, res.Reason, res.Scored)
	}
}

// ---- Oware Abapa ----

// Any non-empty hole may be played; from the start f1 sows its 4 seeds into North's
// f2, e2, d2 and c2.
func TestOwareSingleLap(t *testing.T) {
	checkMoves(t, oware, []moveCase{
		{"f1 from the start", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", "f1", "4,4,5,5,5,5/4,4,4,4,4,0 N 0 0 -"},
		{"a2 sows into a1", "1,1,1,1,1,1/0,1,1,1,1,1 N 18 19 -", "a2", "0,1,1,1,1,1/1,1,1,1,1,1 S 18 19 -"},
	})
}

// Laps of 12 or more skip the emptied hole: 11 seeds fill every other hole once,
// the 12th goes on to b1, and 23 seeds go round twice and end in b1.
func TestOwareSkipsEmptiedHole(t *testing.T) {
	checkMoves(t, oware, []moveCase{
		{"11 seeds end in a2", "0,0,0,0,0,0/11,0,0,0,0,0 S 18 19 -", "a1", "1,1,1,1,1,1/0,1,1,1,1,1 N 18 19 -"},
		{"the 12th seed skips a1", "0,0,0,0,0,0/12,0,0,0,0,0 S 18 18 -", "a1", "1,1,1,1,1,1/0,2,1,1,1,1 N 18 18 -"},
		{"23 seeds: two laps of 11 and b1", "0,0,0,0,0,0/23,0,0,0,0,0 S 12 13 -", "a1", "2,2,2,2,2,2/0,3,2,2,2,2 N 12 13 -"},
		{"after a lap f2 holds 3 and is captured", "0,0,0,0,0,1/0,0,0,0,0,12 S 15 20 -", "f1", "1,1,1,1,1,0/1,1,1,1,1,0 N 18 20 -"},
	})
}

func TestOwareBackwardChainCapture(t *testing.T) {
	checkMoves(t, oware, []moveCase{
		{"d2=3, e2=2, f2=2 captured; f1 is own", "0,0,1,2,1,1/1,0,0,0,0,3 S 15 24 -", "f1", "0,0,1,0,0,0/1,0,0,0,0,0 N 22 24 -"},
		{"d2 captured; the chain stops at e2 holding 4", "0,0,1,2,3,1/1,0,0,0,0,3 S 15 22 -", "f1", "0,0,1,0,4,2/1,0,0,0,0,0 N 18 22 -"},
		{"landing with 4 captures nothing", "0,0,0,3,3,3/2,0,0,0,0,3 S 10 24 -", "f1", "0,0,0,4,4,4/2,0,0,0,0,0 N 10 24 -"},
		{"North takes c1 (2), b1 (3), a1 (2); a2 is its own", "0,4,0,0,0,0/1,2,1,4,0,0 N 20 16 -", "b2", "1,0,0,0,0,0/0,0,0,4,0,0 S 20 23 -"},
	})
}

// A capture that would take every seed the opponent has captures nothing; one seed
// more on the opponent's side and the same move captures.
func TestOwareGrandSlamCapturesNothing(t *testing.T) {
	checkMoves(t, oware, []moveCase{
		{"e2 and f2 are all North has", "0,0,0,0,1,2/1,0,0,0,0,2 S 20 22 -", "f1", "0,0,0,0,2,3/1,0,0,0,0,0 N 20 22 -"},
		{"d2 keeps a seed, so e2 and f2 are taken", "0,0,0,1,1,2/1,0,0,0,0,2 S 20 21 -", "f1", "0,0,0,1,0,0/1,0,0,0,0,0 N 25 21 -"},
	})
}

// A player must feed an opponent whose row is empty; when no move can, the game
// ends and each player takes the seeds on their own row.
func TestOwareMustFeed(t *testing.T) {
	const hungry = "0,0,0,0,0,0/2,1,0,0,0,1 S 20 24 -"
	checkLegal(t, oware, hungry, "f1")
	checkIllegal(t, oware, hungry, "a1", "does not feed")
	checkIllegal(t, oware, hungry, "b1", "does not feed")
	checkResult(t, oware, "0,0,0,0,0,0/1,1,0,0,0,0 S 22 24 -", "1/2-1/2 24-24", board.NoLegalMove)
	checkResult(t, oware, "0,0,0,0,0,0/6,1,0,0,0,0 S 17 24 -", "*", board.NotOver)
}

// The side to move without a seed cannot move: the game ends, each takes their own.
func TestOwareNoMoveEnds(t *testing.T) {
	checkResult(t, oware, "0,0,0,1,0,0/0,0,0,0,0,0 S 23 24 -", "0-1 23-25", board.NoLegalMove)
	checkResult(t, oware, "0,0,0,0,0,0/0,0,0,0,0,0 S 24 24 -", "1/2-1/2 24-24", board.NoLegalMove)
	checkIllegal(t, oware, "0,0,0,1,0,0/0,0,0,0,0,0 S 23 24 -", "a1", "the game is over")
}

// More than 24 seeds in a store wins at once, the seeds left on the board unshared.
func TestOwareMajorityWinsAtOnce(t *testing.T) {
	checkGame(t, oware, "0,0,0,1,1,2/1,0,0,0,0,2 S 20 21 -", "f1", "1-0 25-21", board.MajorityCaptured)
	checkResult(t, oware, "0,0,0,1,0,0/1,0,0,0,0,0 N 25 21 -", "1-0 25-21", board.MajorityCaptured)
	checkResult(t, oware, "4,4,4,0,0,0/0,0,0,0,0,0 S 11 25 -", "0-1 11-25", board.MajorityCaptured)
	checkResult(t, oware, "0,0,0,1,0,0/1,0,0,0,0,0 N 24 22 -", "*", board.NotOver)
}

// A loop found by searching random games: twelve moves, each hole played once, bring
// the position back; each player then takes the seeds on their own row.
func TestOwareLoopEnding(t *testing.T) {
	const from = "0,0,0,0,0,1/1,0,0,0,0,0 S 22 24 -"
	checkGame(t, oware, from, "a1 f2 b1 e2 c1 d2 d1 c2 e1 b2 f1 a2", "0-1 23-25", board.LoopEnding)
	checkGame(t, oware, from, "a1 f2 b1 e2 c1 d2 d1 c2 e1 b2 f1", "*", board.NotOver)
}
