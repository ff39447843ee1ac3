package board_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"mancala/board"
)

// randomRefPosition builds a random legal-looking position of the game in reference
// form: seeds scattered over the holes (often leaving some empty), the rest in the
// stores or reserves, a random side to move and, where the game has one, a random
// state.
func randomRefPosition(rng *rand.Rand, name string) refPos {
	g := refGames[name]
	p := refPos{g: g, side: rng.IntN(2)}
	rest := g.total
	if name == bao {
		for s := range 2 {
			if rng.IntN(3) > 0 {
				p.store[s] = rng.IntN(25)
			}
			rest -= p.store[s]
		}
		p.first = rng.IntN(10) == 0
	} else if rng.IntN(2) == 0 {
		p.store[0] = rng.IntN(rest/2 + 1)
		p.store[1] = rng.IntN(rest/2 + 1)
		rest -= p.store[0] + p.store[1]
	}
	// Favour a few holes so that large counts and empty holes both occur.
	used := 1 + rng.IntN(g.rows*g.cols)
	for ; rest > 0; rest-- {
		k := rng.IntN(used)
		if rng.IntN(4) == 0 {
			k = rng.IntN(g.rows * g.cols)
		}
		p.seeds[k/g.cols][k%g.cols]++
	}
	// Shuffle the holes so the favoured ones are anywhere.
	cells := make([]int, 0, g.rows*g.cols)
	for r := 0; r < g.rows; r++ {
		cells = append(cells, p.seeds[r][:g.cols]...)
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	for i, n := range cells {
		p.seeds[i/g.cols][i%g.cols] = n
	}
	if name == adjiBoto && rng.IntN(3) == 0 {
		for r := 0; r < 2; r++ {
			for c := 0; c < 5; c++ {
				p.opening[r][c] = rng.IntN(2) == 0
			}
		}
	}
	return p
}

// sameAsRef reports whether a board position and a reference position are the same,
// field by field (cheaper than comparing their notations).
func sameAsRef(p *board.Position, r *refPos) bool {
	v := p.Variant()
	if int(p.SideToMove()) != r.side || p.Store(board.South) != r.store[0] || p.Store(board.North) != r.store[1] ||
		p.IsFirstMove() != r.first {
		return false
	}
	for row := 0; row < v.Rows; row++ {
		for col := 0; col < v.Cols; col++ {
			h := v.HoleAt(row, col)
			if p.Seeds(h) != r.seeds[row][col] || (p.OpeningLeft()&(1<<h) != 0) != r.opening[row][col] {
				return false
			}
		}
	}
	return true
}

// compareWithReference checks that board and the reference agree on a position: its
// notation, legal moves, child positions and result. kids are r's children.
func compareWithReference(t *testing.T, p *board.Position, r *refPos, kids []refChild) bool {
	t.Helper()
	if p.String() != r.format() {
		t.Errorf("board position %q, reference %q", p.String(), r.format())
		return false
	}
	var cl board.ChildList
	p.Generate(&cl)
	same := cl.N == len(kids)
	for i := 0; same && i < cl.N; i++ {
		same = p.Variant().FormatMove(cl.Children[i].Move) == kids[i].move && sameAsRef(&cl.Children[i].Pos, &kids[i].pos)
	}
	if !same {
		var got, want []string
		for i := 0; i < cl.N; i++ {
			got = append(got, p.Variant().FormatMove(cl.Children[i].Move)+" "+cl.Children[i].Pos.String())
		}
		for _, k := range kids {
			want = append(want, k.move+" "+k.pos.format())
		}
		t.Errorf("%s %q: board moves\n%q\nreference\n%q", p.Variant().Name, p.String(), got, want)
		return false
	}
	if !slices.Equal(legalMoves(p), moveNames(kids)) {
		t.Errorf("%q: LegalMoves %v, reference %v", p.String(), legalMoves(p), moveNames(kids))
		return false
	}
	res := p.Result()
	score, reason := r.result(kids)
	if res.String() != score || res.Reason.String() != reason {
		t.Errorf("%q: result %q (%v), reference %q (%s)", p.String(), res, res.Reason, score, reason)
		return false
	}
	if lr, over := p.Ended(true); !over || lr.String() != r.loopResult() || lr.Reason != board.LoopEnding {
		t.Errorf("%q: loop result %q (%v), reference %q", p.String(), lr, lr.Reason, r.loopResult())
		return false
	}
	return true
}

func moveNames(kids []refChild) []string {
	out := []string{}
	for _, k := range kids {
		out = append(out, k.move)
	}
	return out
}

// playAgainstReference plays a random game from start in board.Game and in the
// reference side by side, comparing every position, and returns the number of moves.
func playAgainstReference(t *testing.T, rng *rand.Rand, name, start string, maxPlies int) int {
	t.Helper()
	g := board.NewGame(parse(t, name, start))
	r := mustRef(t, name, start)
	seen := map[string]bool{start: true}
	for ply := 0; ply < maxPlies; ply++ {
		p := g.Position()
		kids := r.children()
		if !compareWithReference(t, &p, &r, kids) {
			return ply
		}
		if g.Result().Over() != (len(kids) == 0) {
			t.Errorf("%q: game over %v, reference has %d moves", p.String(), g.Result().Over(), len(kids))
			return ply
		}
		if g.Result().Over() {
			return ply
		}
		k := kids[rng.IntN(len(kids))]
		if err := g.Play(move(t, name, k.move)); err != nil {
			t.Errorf("%q: move %s refused: %v", p.String(), k.move, err)
			return ply
		}
		r = k.pos
		key := r.format()
		if seen[key] {
			if res := g.Result(); res.Reason != board.LoopEnding || res.String() != r.loopResult() {
				t.Errorf("%q repeats: game result %q (%v), want loop ending %q", key, res, res.Reason, r.loopResult())
			}
			return ply + 1
		}
		seen[key] = true
		if res := g.Result(); res.Reason == board.LoopEnding {
			t.Errorf("%q: loop ending but the position is new", key)
			return ply + 1
		}
	}
	return maxPlies
}

// TestRandomGamesMatchReference plays random games from each start position and from
// random positions, comparing board with the reference after every move.
func TestRandomGamesMatchReference(t *testing.T) {
	games := scaled(150)
	for _, name := range builtinNames() {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, uint64(len(name))))
			start := variant(t, name).Start
			for i := 0; i < games && !t.Failed(); i++ {
				playAgainstReference(t, rng, name, start, 1000)
				r := randomRefPosition(rng, name)
				playAgainstReference(t, rng, name, r.format(), 200)
			}
		})
	}
}
