package board_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// A refused move leaves the game exactly as it was.
func TestGameRefusesIllegalMove(t *testing.T) {
	g := board.NewGame(variant(t, adjiBoto).StartPosition())
	if err := g.Play(move(t, adjiBoto, "a1")); err != nil {
		t.Fatal(err)
	}
	before := g.Position()
	for _, m := range []string{"a1", "b1", "pass"} { // a1, b1: South's holes; N is to move
		if err := g.Play(move(t, adjiBoto, m)); err == nil {
			t.Errorf("%s accepted for North", m)
		}
	}
	if err := g.Play(move(t, adjiBoto, "a2")); err != nil {
		t.Fatal(err)
	}
	if err := g.Play(move(t, adjiBoto, "a1")); err == nil || !strings.Contains(err.Error(), "opening") {
		t.Errorf("replaying a1 in the opening: %v, want the opening rule", err)
	}
	if len(g.Moves()) != 2 || len(g.Positions()) != 3 || g.Positions()[1] != before || g.Start() != variant(t, adjiBoto).StartPosition() {
		t.Errorf("refused moves changed the game: %d moves, %d positions", len(g.Moves()), len(g.Positions()))
	}
	if g.Result().Over() {
		t.Errorf("game over after two opening moves: %q", g.Result())
	}
}

// A game that starts in a finished position is over at once.
func TestGameStartsFinished(t *testing.T) {
	g := board.NewGame(parse(t, adjiKui, "1,1,0,0,0,0/1,1,1,0,0,0 S 20 23 -"))
	if res := g.Result(); res.String() != "0-1 23-25" || res.Reason != board.NoLegalMove {
		t.Errorf("result %q (%v)", res, res.Reason)
	}
	if err := g.Play(board.Pass); err == nil || !strings.Contains(err.Error(), "game is over") {
		t.Errorf("pass in a finished game: %v", err)
	}
}

// The loop ending of the scoring games (Ended with repeated true) gives each side the
// seeds on its own row.
func TestLoopEndingScoring(t *testing.T) {
	for _, c := range []struct{ variant, pos, want string }{
		{jeKiNJe, "0,0,0,0,0,0/0,3,0,0,0,1 N 20 24 -", "1/2-1/2 24-24"},
		{adjiKui, "2,0,0,0,0,0/1,1,1,0,0,0 S 20 23 -", "0-1 23-25"},
		{adjiBoto, "1,0,1,0,0/0,1,0,1,1 S 45 50 -", "0-1 48-52"},
		{adjiBoto, "3,0,0,0,0/1,1,0,0,0 S 45 50 -", "0-1 47-53"},
	} {
		p := parse(t, c.variant, c.pos)
		if res, over := p.Ended(true); !over || res.String() != c.want || res.Reason != board.LoopEnding {
			t.Errorf("%s %q: loop result %q (%v), want %q", c.variant, c.pos, res, res.Reason, c.want)
		}
	}
}

// A game replayed from RunStart with the moves after it reaches the same result at
// every ply, and no position before RunStart can occur again (its IrreversibleKey differs).
func TestRunStartKeepsTheLoopRule(t *testing.T) {
	moved := 0
	for _, v := range builtinVariants() {
		for seed := range uint64(20) {
			rng := rand.New(rand.NewPCG(seed, 7))
			g := board.NewGame(v.StartPosition())
			for ply := 0; ply < 300 && !g.Result().Over(); ply++ {
				var ml board.MoveList
				p := g.Position()
				p.LegalMoves(&ml)
				if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
				k := g.RunStart()
				if k > 0 {
					moved++
				}
				cur := g.Position()
				for i, q := range g.Positions()[:k] {
					if q.IrreversibleKey() == cur.IrreversibleKey() {
						t.Fatalf("%s seed %d ply %d: position %d before the run start %d has the current run key", v.Name, seed, ply, i, k)
					}
				}
				replay := board.NewGame(g.Positions()[k])
				for _, m := range g.Moves()[k:] {
					if err := replay.Play(m); err != nil {
						t.Fatalf("%s seed %d: replay from %d: %v", v.Name, seed, k, err)
					}
				}
				if replay.Result() != g.Result() {
					t.Fatalf("%s seed %d ply %d: replay from %d ends %v, the game %v", v.Name, seed, ply, k, replay.Result(), g.Result())
				}
			}
		}
	}
	if moved == 0 {
		t.Error("no game had an irreversible move: the test checks nothing")
	}
}

// TestUndoRestoresTheGame: a game walked forward and back at random by Play and Undo
// is, after every step, the game replayed from its start along its moves: the same
// positions, result and run start, and every legal move next judged the same (so the
// repetitions it remembers are the same). Undo with no move changes nothing.
func TestUndoRestoresTheGame(t *testing.T) {
	undone := 0
	for _, v := range board.Samples() {
		for seed := range uint64(10) {
			rng := rand.New(rand.NewPCG(seed, 11))
			g := board.NewGame(v.StartPosition())
			if g.Undo() || len(g.Positions()) != 1 {
				t.Fatalf("%s: Undo of a game with no move reported a move taken back", v.Name)
			}
			for step := 0; step < 400; step++ {
				var ml board.MoveList
				p := g.Position()
				p.LegalMoves(&ml)
				if g.Result().Over() || ml.N == 0 || rng.IntN(3) == 0 {
					if !g.Undo() {
						break
					}
					undone++
				} else if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
					t.Fatal(err)
				}
				replay := board.NewGame(v.StartPosition())
				for _, m := range g.Moves() {
					if err := replay.Play(m); err != nil {
						t.Fatalf("%s seed %d step %d: replay: %v", v.Name, seed, step, err)
					}
				}
				if !slices.Equal(replay.Positions(), g.Positions()) || replay.Result() != g.Result() || replay.RunStart() != g.RunStart() {
					t.Fatalf("%s seed %d step %d: after %d moves the game differs from its replay: result %v / %v, run start %d / %d",
						v.Name, seed, step, len(g.Moves()), g.Result(), replay.Result(), g.RunStart(), replay.RunStart())
				}
				if g.Result().Over() {
					continue
				}
				p = g.Position()
				p.LegalMoves(&ml)
				for _, m := range ml.Moves[:ml.N] {
					g.Play(m)
					replay.Play(m)
					if g.Result() != replay.Result() {
						t.Fatalf("%s seed %d step %d: move %s ends %v, in the replay %v", v.Name, seed, step, v.FormatMove(m), g.Result(), replay.Result())
					}
					g.Undo()
					replay.Undo()
				}
			}
		}
	}
	if undone == 0 {
		t.Error("no move was taken back: the test checks nothing")
	}
}
