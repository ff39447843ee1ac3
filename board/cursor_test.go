package board

import (
	"math/rand/v2"
	"testing"
)

// TestNextChildMatchesGenerate walks the children of the positions of random games
// of every game with nextChild (perft's way) and checks that they are Generate's
// children, position for position, in the same order, passes and finished games
// included.
func TestNextChildMatchesGenerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 1))
	positions := 0
	for _, v := range Variants() {
		for range 40 {
			p := v.StartPosition()
			for ply := 0; ply < 300; ply++ {
				var cl ChildList
				p.Generate(&cl)
				var cur childCursor
				var q Position
				i := 0
				for p.nextChild(&cur, &q) {
					if i >= cl.N || q != cl.Children[i].Pos {
						t.Fatalf("%s %q: child %d from nextChild is %q, Generate lists %d children", v.Name, p.String(), i, q.String(), cl.N)
					}
					i++
				}
				if i != cl.N {
					t.Fatalf("%s %q: nextChild walks %d children, Generate lists %d", v.Name, p.String(), i, cl.N)
				}
				positions++
				if cl.N == 0 {
					break
				}
				p = cl.Children[rng.IntN(cl.N)].Pos
			}
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions compared", positions)
	}
}
