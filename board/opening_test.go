package board_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"mancala/board"
)

// TestRandomOpeningPlaysOnFromTheStart checks openings of every game: the number of
// plies asked for, a game still going, the same moves from the same seed and
// different openings from different seeds.
func TestRandomOpeningPlaysOnFromTheStart(t *testing.T) {
	for _, v := range builtinVariants() {
		t.Run(v.Name, func(t *testing.T) {
			distinct := map[string]bool{}
			for seed := range uint64(20) {
				g, ok := board.RandomOpening(v.StartPosition(), 8, rand.New(rand.NewPCG(seed, 1)))
				if !ok || len(g.Moves()) != 8 || g.Result().Over() || g.Start() != v.StartPosition() {
					t.Fatalf("seed %d: ok %v after %d moves, result %v", seed, ok, len(g.Moves()), g.Result())
				}
				again, _ := board.RandomOpening(v.StartPosition(), 8, rand.New(rand.NewPCG(seed, 1)))
				if !slices.Equal(g.Moves(), again.Moves()) {
					t.Fatalf("seed %d: two openings from the same seed differ", seed)
				}
				distinct[g.Position().String()] = true
			}
			if len(distinct) < 10 {
				t.Errorf("20 seeds gave only %d distinct openings", len(distinct))
			}
		})
	}
}

// TestRandomOpeningAvoidsEndings checks, one ply from positions of random games, that
// RandomOpening succeeds exactly when some legal move lets the game go on, and then
// never picks a move that ends it.
func TestRandomOpeningAvoidsEndings(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range builtinNames() {
		t.Run(name, func(t *testing.T) {
			ending := 0
			walkRandomGames(t, name, scaled(50), 10, func(p *board.Position, cl *board.ChildList) {
				goesOn := false
				for _, c := range cl.Children[:cl.N] {
					if c.Pos.Result().Over() {
						ending++
					} else {
						goesOn = true
					}
				}
				g, ok := board.RandomOpening(*p, 1, rng)
				if ok != goesOn || ok && (len(g.Moves()) != 1 || g.Result().Over()) || !ok && len(g.Moves()) != 0 {
					t.Fatalf("%q: ok %v (a move goes on: %v), %d moves, result %v", p.String(), ok, goesOn, len(g.Moves()), g.Result())
				}
			})
			if ending == 0 {
				t.Errorf("no position had a move that ends the game: the test checked nothing")
			}
		})
	}
	// The loop of TestJeKiNJeLoopEnding: after its first five moves, North's c2
	// repeats the start; b2 and f2 go on, so the opening plays one of them. (Other
	// lines may meet a position whose every move ends the game: ok is then false.)
	start := parse(t, jeKiNJe, "1,0,0,0,0,1/1,0,0,0,0,1 S 22 22 -")
	loop := []board.Move{move(t, jeKiNJe, "f1"), move(t, jeKiNJe, "a2"), move(t, jeKiNJe, "b1"), move(t, jeKiNJe, "e2"), move(t, jeKiNJe, "d1")}
	intoLoop := 0
	for range 400 {
		g, ok := board.RandomOpening(start, 6, rng)
		if g.Result().Over() || ok != (len(g.Moves()) == 6) {
			t.Fatalf("opening %v: ok %v, result %v", g.Moves(), ok, g.Result())
		}
		if ok && slices.Equal(g.Moves()[:5], loop) {
			intoLoop++
			if g.Moves()[5] == move(t, jeKiNJe, "c2") {
				t.Fatalf("the opening chose the loop ending")
			}
		}
	}
	if intoLoop == 0 {
		t.Errorf("no opening reached the loop: the test checked nothing")
	}
	// A finished start gives no opening.
	if g, ok := board.RandomOpening(parse(t, adjiKui, "1,1,0,0,0,0/1,1,1,0,0,0 S 20 23 -"), 1, rng); ok || len(g.Moves()) != 0 {
		t.Errorf("opening from a finished game: ok %v after %d moves", ok, len(g.Moves()))
	}
}

// TestDivideFromRandomOpenings checks Divide, Perft and the reference against each
// other, move by move, in middle-game positions reached by random openings.
func TestDivideFromRandomOpenings(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, v := range builtinVariants() {
		for range 3 {
			g, ok := board.RandomOpening(v.StartPosition(), 12, rng)
			if !ok {
				t.Fatalf("%s: no random opening of 12 plies: %v", v.Name, g.Moves())
			}
			p := g.Position()
			r := mustRef(t, v.Name, p.String())
			var sum uint64
			for _, e := range board.Divide(&p, 3) {
				q, err := p.Play(e.Move)
				if err != nil {
					t.Fatal(err)
				}
				rq := mustRef(t, v.Name, q.String())
				if want := refPerft(&rq, 2); e.Nodes != want {
					t.Errorf("%q: Divide %s = %d, reference %d", p.String(), v.FormatMove(e.Move), e.Nodes, want)
				}
				sum += e.Nodes
			}
			if want := refPerft(&r, 3); sum != want || board.Perft(&p, 3) != want {
				t.Errorf("%q: Divide sums to %d, Perft %d, reference %d", p.String(), sum, board.Perft(&p, 3), want)
			}
		}
	}
}
