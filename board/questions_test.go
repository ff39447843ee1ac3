package board_test

import (
	"math/rand/v2"
	"testing"

	"mancala/board"
)

// walkRandomGames plays games random games of the game called name, half from the
// start and half from random positions, and calls visit on every position reached
// (the last one included) with its legal moves. A game stops when it has no move or
// repeats a position. It returns the number of positions visited.
func walkRandomGames(t *testing.T, name string, games int, seed uint64, visit func(p *board.Position, cl *board.ChildList)) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(len(name))))
	visited := 0
	var cl board.ChildList
	seen := map[board.Position]bool{}
	for i := 0; i < games && !t.Failed(); i++ {
		start := variant(t, name).StartPosition()
		if i%2 == 1 {
			r := randomRefPosition(rng, name)
			start = parse(t, name, r.format())
		}
		clear(seen)
		for p := start; !seen[p]; {
			seen[p] = true
			visited++
			p.Generate(&cl)
			visit(&p, &cl)
			if cl.N == 0 {
				break
			}
			if len(seen) > maxGamePlies {
				t.Fatalf("%s: a random game from %q runs on", name, start.String())
			}
			p = cl.Children[rng.IntN(cl.N)].Pos
		}
	}
	return visited
}

// TestMayBeOverFalseMeansAMove checks the promise a search relies on to skip move
// generation at its horizon: wherever MayBeOver is false the side to move has a move
// or a pass. It also checks that the test is worth asking: false at the start and
// in most positions of random play.
func TestMayBeOverFalseMeansAMove(t *testing.T) {
	games := scaled(1000)
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		t.Run(name, func(t *testing.T) {
			if start := variant(t, name).StartPosition(); start.MayBeOver() {
				t.Errorf("MayBeOver true at the start")
			}
			ruledOut := 0
			n := walkRandomGames(t, name, games, 7, func(p *board.Position, cl *board.ChildList) {
				if p.MayBeOver() {
					return
				}
				ruledOut++
				if cl.N == 0 {
					t.Fatalf("%q: MayBeOver false but no legal move (result %v)", p.String(), p.Result())
				}
			})
			if ruledOut < n/2 {
				t.Errorf("MayBeOver ruled out the end in only %d of %d positions", ruledOut, n)
			}
		})
	}
}

// TestEndedAndNoMoveResultAgreeWithResult checks the one path of the package doc in
// every position of random games: Ended(false) ends the game with Result's result and
// no moves; otherwise the game is over exactly when Generate lists nothing, with
// NoMoveResult's result.
func TestEndedAndNoMoveResultAgreeWithResult(t *testing.T) {
	games := scaled(200)
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		t.Run(name, func(t *testing.T) {
			ended, stuck := 0, 0
			walkRandomGames(t, name, games, 8, func(p *board.Position, cl *board.ChildList) {
				res := p.Result()
				if r, over := p.Ended(false); over {
					ended++
					if r != res || cl.N != 0 || !r.Over() {
						t.Fatalf("%q: Ended %v with %d moves, Result %v", p.String(), r, cl.N, res)
					}
					return
				}
				if res.Over() != (cl.N == 0) {
					t.Fatalf("%q: Result %v with %d moves", p.String(), res, cl.N)
				}
				if cl.N == 0 {
					stuck++
					if r := p.NoMoveResult(); r != res || !r.Over() {
						t.Fatalf("%q: NoMoveResult %v, Result %v", p.String(), r, res)
					}
				}
				if r, over := p.Ended(true); !over || r.Reason != board.LoopEnding {
					t.Fatalf("%q: Ended(true) = %v, %v; want a loop ending", p.String(), r, over)
				}
			})
			// Bao la Kimasai's games end by Ended, the others' by having no move.
			if name == bao && ended == 0 || name != bao && (stuck == 0 || ended != 0) {
				t.Errorf("%d games ended by Ended, %d by no move", ended, stuck)
			}
		})
	}
}

// TestMinSowable checks the fewest seeds a playable hole needs, as docs/rules.md
// states it, and that no random position ever plays a hole with fewer.
func TestMinSowable(t *testing.T) {
	for name, want := range map[string]int{jeKiNJe: 1, adjiKui: 2, adjiBoto: 2, bao: 1} {
		t.Run(name, func(t *testing.T) {
			start := variant(t, name).StartPosition()
			if got := start.MinSowable(); got != want {
				t.Fatalf("MinSowable %d, want %d", got, want)
			}
			walkRandomGames(t, name, scaled(50), 9, func(p *board.Position, cl *board.ChildList) {
				for _, c := range cl.Children[:cl.N] {
					if c.Move != board.Pass && p.Seeds(int(c.Move)) < want {
						t.Fatalf("%q: %s played with %d seeds", p.String(), p.Variant().FormatMove(c.Move), p.Seeds(int(c.Move)))
					}
				}
			})
		})
	}
	// A hole of exactly MinSowable seeds is a move.
	for _, c := range []struct{ name, pos, hole string }{
		{jeKiNJe, "1,0,0,0,0,0/1,0,0,0,0,0 S 23 23 -", "a1"},
		{adjiKui, "1,0,0,0,0,0/2,1,1,0,0,0 S 21 22 -", "a1"},
		{adjiBoto, "1,0,0,0,0/2,1,1,0,0 S 45 50 -", "a1"},
		{bao, "0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S 31 31 -", "a2"},
	} {
		p := parse(t, c.name, c.pos)
		if _, err := p.Play(move(t, c.name, c.hole)); err != nil {
			t.Errorf("%s %q: a hole of MinSowable seeds refused: %v", c.name, c.pos, err)
		}
	}
}

// TestInnerCows counts Bao la Kimasai's inner rows (rows 2 and 3) by hand, and zero
// in the two-row games.
func TestInnerCows(t *testing.T) {
	p := parse(t, bao, "5,0,0,0,0,0,0,1/0,2,0,0,0,0,3,0/1,0,0,1,0,0,0,0/9,0,0,0,0,0,0,2 S 19 21 -")
	if s, n := p.InnerCows(board.South), p.InnerCows(board.North); s != 2 || n != 5 {
		t.Errorf("inner cows South %d, North %d; want 2 and 5", s, n)
	}
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto} {
		p := variant(t, name).StartPosition()
		if s, n := p.InnerCows(board.South), p.InnerCows(board.North); s != 0 || n != 0 {
			t.Errorf("%s: inner cows %d and %d, want none", name, s, n)
		}
	}
}

// TestSeedsOnBoard counts the holes of hand-made positions (Bao la Kimasai's reserves
// and the scoring games' stores are off the board), and checks along random games
// that the seeds on the board and off it make up the variant's seeds.
func TestSeedsOnBoard(t *testing.T) {
	for _, c := range []struct {
		name, pos string
		want      int
	}{
		{jeKiNJe, "1,0,0,0,0,0/1,0,0,0,0,0 S 23 23 -", 2},
		{adjiKui, "1,0,0,0,0,0/2,1,1,0,0,0 S 21 22 -", 5},
		{adjiBoto, "1,0,0,0,0/2,1,1,0,0 S 45 50 -", 5},
		{bao, "5,0,0,0,0,0,0,1/0,2,0,0,0,0,3,0/1,0,0,1,0,0,0,0/9,0,0,0,0,0,0,2 S 19 21 -", 24},
	} {
		p := parse(t, c.name, c.pos)
		if got := p.SeedsOnBoard(); got != c.want {
			t.Errorf("%s %q: SeedsOnBoard %d, want %d", c.name, c.pos, got, c.want)
		}
	}
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		walkRandomGames(t, name, scaled(20), 11, func(p *board.Position, _ *board.ChildList) {
			off := p.Store(board.South) + p.Store(board.North)
			if got := p.SeedsOnBoard(); got+off != p.Variant().Seeds {
				t.Fatalf("%q: %d seeds on the board and %d off it, want %d in all", p.String(), got, off, p.Variant().Seeds)
			}
		})
	}
}

// TestCapturedAgreesWithTrace checks Captured on every move of random games against
// the step-by-step sower of Trace: the seeds its capture steps put in the mover's
// store, or in Bao la Kimasai the cows its seize steps took, and that some moves of
// every game capture.
func TestCapturedAgreesWithTrace(t *testing.T) {
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		t.Run(name, func(t *testing.T) {
			moves, captures := 0, 0
			walkRandomGames(t, name, scaled(40), 12, func(p *board.Position, cl *board.ChildList) {
				for i := 0; i < cl.N; i++ {
					c := &cl.Children[i]
					tr, err := p.Trace(c.Move)
					if err != nil {
						t.Fatalf("%q: trace of %v: %v", p.String(), c.Move, err)
					}
					want := tr.Captured
					for _, s := range tr.Steps {
						if s.Kind == board.Seize {
							want += s.Count
						}
					}
					if got := p.Captured(&c.Pos); got != want {
						t.Fatalf("%q, move %s: Captured %d, the trace took %d", p.String(), p.Variant().FormatMove(c.Move), got, want)
					}
					moves++
					if want > 0 {
						captures++
					}
				}
			})
			if captures == 0 || captures == moves {
				t.Errorf("%d of %d moves captured; want some but not all", captures, moves)
			}
		})
	}
}
