package solve

import (
	"math/rand/v2"
	"testing"
	"time"

	"mancala/board"
)

// minimax is the value of p by plain minimax over every line to the end of the game:
// no table, no window, no bounds, no ordering, the definition Solve must meet. A
// position's value depends on it alone, so each is computed once (minimaxValues):
// the tests ask for the same positions many times, minimaxTable at every probe.
func minimax(p *board.Position) int {
	if v, ok := minimaxValues[*p]; ok {
		return v
	}
	v := minimaxOf(p)
	minimaxValues[*p] = v
	return v
}

// minimaxValues holds the values minimax computed.
var minimaxValues = map[board.Position]int{}

// minimaxOf is minimax's value of p from its children's.
func minimaxOf(p *board.Position) int {
	if r, over := p.Ended(false); over {
		return margin(r, p.SideToMove())
	}
	var cl board.ChildList
	p.Generate(&cl)
	if cl.N == 0 {
		return margin(p.NoChildResult(), p.SideToMove())
	}
	best := -1 << 14
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i].Pos
		v := minimax(c)
		if c.SideToMove() != p.SideToMove() {
			v = -v
		}
		best = max(best, v)
	}
	return best
}

// TestSolveMatchesMinimax checks Solve against plain minimax on small Kalah boards of
// both capture rules, from the start and from positions of random games (extra
// turns, captures and the row ending all occur), with a table so small that entries
// are overwritten all the time, and with the table kept from one position to the next.
func TestSolveMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	kept := New(1)
	checked := 0
	for _, name := range []string{"kalah-2-2", "kalah-2-3", "kalah-3-1", "kalah-3-2", "kalah-2-3-standard", "kalah-3-2-standard"} {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for game := range 12 {
			p := v.StartPosition()
			for ply := 0; ply < game; ply++ { // a random opening of game plies
				var cl board.ChildList
				p.Generate(&cl)
				if cl.N == 0 {
					break
				}
				p = cl.Children[rng.IntN(cl.N)].Pos
			}
			want := minimax(&p)
			for _, s := range []*Solver{New(1), kept} {
				lo, hi, exact := s.Solve(nil, p, 0, nil)
				if !exact || lo != want || hi != want {
					t.Fatalf("%s %q: Solve %d..%d (exact %v), minimax %d", name, p.String(), lo, hi, exact, want)
				}
			}
			checked++
		}
	}
	t.Logf("%d positions solved as minimax values them", checked)
}

// TestSolveStepsNarrowToTheValue checks the progress reports: bounds that only
// narrow, each step's node count growing, and the last step's bounds the value.
func TestSolveStepsNarrowToTheValue(t *testing.T) {
	v, err := board.VariantByName("kalah-3-3")
	if err != nil {
		t.Fatal(err)
	}
	var steps []Progress
	s := New(16)
	lo, hi, exact := s.Solve(nil, v.StartPosition(), 0, func(pr Progress) { steps = append(steps, pr) })
	if !exact || lo != hi || len(steps) == 0 {
		t.Fatalf("Solve: %d..%d exact %v after %d steps", lo, hi, exact, len(steps))
	}
	for i := 1; i < len(steps); i++ {
		a, b := steps[i-1], steps[i]
		if b.Depth == 0 && a.Depth == 0 && (b.Lo < a.Lo || b.Hi > a.Hi) || b.Nodes < a.Nodes {
			t.Fatalf("step %d %+v does not narrow step %d %+v", i, b, i-1, a)
		}
	}
	if last := steps[len(steps)-1]; last.Lo != lo || last.Hi != hi {
		t.Errorf("last step %+v, value %d", last, lo)
	}
	p := v.StartPosition()
	if want := minimax(&p); lo != want {
		t.Errorf("kalah-3-3: Solve %d, minimax %d", lo, want)
	}
}

// TestExtrapolate checks the first exact search's guess: stepped up by one more than
// the rise of the last four plies where the values climb (Kalah(6,4)'s iterations to
// depth 14, value 10), the last value where they fall or are too few to tell.
func TestExtrapolate(t *testing.T) {
	for _, c := range []struct {
		guesses []int
		want    int
	}{
		{[]int{2, 1, 3, 4, 5, 6, 7}, 10},
		{[]int{5, 1, 2, 2, 2, 4, 3}, 5},
		{[]int{3, 3, 3}, 4},
		{[]int{0, -2, 1, 3, 2, 1, 1}, 1},
		{[]int{4, 7}, 7},
		{nil, 0},
	} {
		guess := 0
		if n := len(c.guesses); n > 0 {
			guess = c.guesses[n-1]
		}
		if got := extrapolate(c.guesses, guess); got != c.want {
			t.Errorf("extrapolate(%v, %d) = %d, want %d", c.guesses, guess, got, c.want)
		}
	}
}

// TestSolveStopsAtItsTimeLimit checks that a solve too large for its time limit
// stops with bounds that hold the value (here the value Solve finds without a limit).
func TestSolveStopsAtItsTimeLimit(t *testing.T) {
	v, err := board.VariantByName("kalah-5-3")
	if err != nil {
		t.Fatal(err)
	}
	s := New(16)
	lo, hi, exact := s.Solve(nil, v.StartPosition(), time.Nanosecond, nil)
	if exact {
		t.Fatalf("a one-nanosecond solve of kalah-5-3 finished: %d", lo)
	}
	if lo > hi || hi-lo > 60 {
		t.Fatalf("bounds %d..%d", lo, hi)
	}
	if s.Nodes > 1<<17 {
		t.Errorf("the stopped solve went on for %d nodes", s.Nodes)
	}
}

// minimaxTable is an endgame table for the tests: minimax's value of the board seeds
// (the final margin less the store lead) of every position with at most k seeds on
// the board, as exact values, or widened to bounds by slack on each side.
type minimaxTable struct {
	k, slack int
	probes   int
}

func (m *minimaxTable) MaxSeeds() int { return m.k }

func (m *minimaxTable) Probe(p *board.Position) (lo, hi int, ok bool) {
	if p.SeedsOnBoard() > m.k {
		return 0, 0, false
	}
	m.probes++
	d, _ := lead(p)
	v := minimax(p) - d
	return v - m.slack, v + m.slack, true
}

// TestSolveWithTables checks Solve with endgame tables against minimax on Kalah boards
// of both capture rules, from random openings: with exact tables and with tables of
// bounds only the value is the same, the tables are probed and settle positions
// (TBHits), and exact tables take fewer nodes than none.
func TestSolveWithTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	var plain, tabled uint64
	var probes [2]int
	var hits [2]uint64
	for _, name := range []string{"kalah-3-2", "kalah-2-3", "kalah-3-2-standard", "kalah-3-3"} {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		for game := range 6 {
			p := v.StartPosition()
			for ply := 0; ply < game; ply++ {
				var cl board.ChildList
				p.Generate(&cl)
				if cl.N == 0 {
					break
				}
				p = cl.Children[rng.IntN(cl.N)].Pos
			}
			want := minimax(&p)
			none := New(1)
			if lo, _, _ := none.Solve(nil, p, 0, nil); lo != want {
				t.Fatalf("%s %q: Solve without tables %d, minimax %d", name, p.String(), lo, want)
			}
			plain += none.Nodes
			for _, slack := range []int{0, 1} {
				tb := &minimaxTable{k: 6, slack: slack}
				s := New(1)
				s.Tables = tb
				lo, hi, exact := s.Solve(nil, p, 0, nil)
				if !exact || lo != want || hi != want {
					t.Fatalf("%s %q, tables with slack %d: Solve %d..%d (exact %v), minimax %d", name, p.String(), slack, lo, hi, exact, want)
				}
				probes[slack] += tb.probes
				hits[slack] += s.TBHits
				if slack == 0 {
					tabled += s.Nodes
				}
			}
		}
	}
	if tabled >= plain {
		t.Errorf("with exact tables %d nodes, without %d", tabled, plain)
	}
	for slack := range 2 {
		if probes[slack] == 0 || hits[slack] == 0 {
			t.Errorf("tables with slack %d: %d probes, %d hits", slack, probes[slack], hits[slack])
		}
	}
	t.Logf("nodes: %d without tables, %d with; probes %v, hits %v", plain, tabled, probes, hits)
}

// TestEntryRoundTrip checks the packed table entry: bounds, every kind of move and
// depth read back as packed, a bound beyond a byte reads back as no bound (never as
// a tighter one), and a slot answers only the key it was packed with, empty never.
func TestEntryRoundTrip(t *testing.T) {
	key := uint64(0x9E3779B97F4A7C15)
	for _, m := range []board.Move{0, 5, 31, board.Clockwise | 7, board.Pass, board.NoMove} {
		for _, depth := range []int{0, 1, minDepthOfExact - 2, exactDepth} {
			for _, b := range [][2]int{{-127, 126}, {0, 0}, {-3, 5}, {-200, 300}, {-128, 127}} {
				e := pack(key, b[0], b[1], depth, m)
				if !e.matches(key) || e.matches(key^1<<63) || e.move() != m || e.depth() != depth {
					t.Fatalf("pack(%d..%d, depth %d, move %d): matches %v, move %d, depth %d", b[0], b[1], depth, m, e.matches(key), e.move(), e.depth())
				}
				lo, hi := b[0], b[1]
				if lo <= -128 {
					lo = -noBound
				}
				if hi >= 127 {
					hi = noBound
				}
				if e.lo() != lo || e.hi() != hi {
					t.Fatalf("pack(%d..%d) reads back %d..%d, want %d..%d", b[0], b[1], e.lo(), e.hi(), lo, hi)
				}
			}
		}
	}
	if (entry(0)).matches(0) {
		t.Error("an empty slot matches key 0")
	}
}
