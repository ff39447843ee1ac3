package tablebase

import (
	"bytes"
	"sync"
	"sync/atomic"
	"testing"

	"mancala/board"
)

// The reference builder: the first, simple algorithm, kept only to check the fast one.
// It regenerates every board's moves in each pass over a seed count and applies the
// bound inequalities in place until a pass changes nothing; the loop refinement comes
// from a Tarjan search that generates moves on the fly. refBuild must write the same
// bytes as Build.

// refBuild solves every board of v with 0..maxSeeds seeds by the reference algorithm.
func refBuild(v *board.Variant, maxSeeds, workers int) *Table {
	t := &Table{variant: v, holes: v.Holes()}
	b := &refBuilder{t: t, workers: workers}
	for k := 0; k <= maxSeeds; k++ {
		layer, _ := b.solve(k)
		t.layers = append(t.layers, layer)
	}
	return t
}

// refBuilder is the state of a reference build.
type refBuilder struct {
	t       *Table
	workers int
}

// solve computes the bounds of every board of k seeds, the smaller counts being
// done, by passes to a fixpoint. The building layer packs two entries into each
// word; a worker writes only the words of its own chunks and every access is
// atomic, so workers see each other's improvements during a pass (which only
// speeds convergence: any bound read is a true one).
func (b *refBuilder) solve(k int) (layer []byte, passes int) {
	size := layerSize(k, b.t.holes)
	cycles := b.cycleMoves(k)
	words := make([]uint32, (size+1)/2)
	init := uint32(pack(-k, k))
	for i := range words {
		words[i] = init | init<<16
	}
	for {
		passes++
		var next atomic.Uint64
		var changed atomic.Bool
		var wg sync.WaitGroup
		for w := 0; w < b.workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := newRefSolver(b.t, k, words, cycles)
				for {
					from := next.Add(chunk) - chunk
					if from >= size {
						return
					}
					to := min(from+chunk, size)
					if s.run(from, to) {
						changed.Store(true)
					}
				}
			}()
		}
		wg.Wait()
		if !changed.Load() {
			break
		}
	}
	layer = make([]byte, 2*size)
	for i := uint64(0); i < size; i++ {
		e := uint16(atomic.LoadUint32(&words[i/2]) >> (16 * (i % 2)))
		layer[2*i], layer[2*i+1] = byte(e), byte(e>>8)
	}
	return layer, passes
}

// refSolver is one worker's state for one seed count.
type refSolver struct {
	t      *Table
	v      *board.Variant
	k      int
	words  []uint32
	cycles []byte // per board, the moves that may meet the loop ending (scc.go)
	holes  []int
	pos    board.Position
	cl     board.ChildList
}

func newRefSolver(t *Table, k int, words []uint32, cycles []byte) *refSolver {
	return &refSolver{t: t, v: t.variant, k: k, words: words, cycles: cycles, holes: make([]int, t.holes)}
}

// position returns the board in s.holes with South to move.
func (s *refSolver) position() board.Position {
	south, north := splitStores(s.v, s.k)
	p, err := s.v.PositionFrom(s.holes, board.South, south, north)
	if err != nil {
		panic("tablebase: " + err.Error()) // the cursor makes only valid boards
	}
	return p
}

// load reads entry i of the building layer.
func (s *refSolver) load(i uint64) (lo, hi int) {
	return unpack(uint16(atomic.LoadUint32(&s.words[i/2]) >> (16 * (i % 2))))
}

// run applies the bound inequalities once to boards from..to-1 and reports whether
// any bound moved.
func (s *refSolver) run(from, to uint64) bool {
	changed := false
	c := newCursor(s.k, s.t.holes, from)
	for i := from; i < to; i++ {
		lo, hi := s.load(i)
		if lo != hi {
			copy(s.holes, c.counts[:s.t.holes])
			nlo, nhi := s.bounds(s.cycles[i])
			nlo, nhi = max(lo, nlo), min(hi, nhi)
			if nlo != lo || nhi != hi {
				changed = true
				w := &s.words[i/2]
				shift := 16 * (i % 2)
				old := atomic.LoadUint32(w)
				atomic.StoreUint32(w, old&^(0xFFFF<<shift)|uint32(pack(nlo, nhi))<<shift)
			}
		}
		if i+1 < to {
			c.next()
		}
	}
	return changed
}

// bounds applies the inequalities of the package doc to the board in s.holes, South
// to move; cycles marks the moves that may meet the loop ending.
func (s *refSolver) bounds(cycles byte) (lo, hi int) {
	s.pos = s.position()
	p := &s.pos // a field, so that board's Result does not move it to the heap
	p.Generate(&s.cl)
	if s.cl.N == 0 {
		t := terminalValue(p)
		return t, t
	}
	lo, hi = -128, -128
	for j := 0; j < s.cl.N; j++ {
		c := &s.cl.Children[j].Pos
		captured := c.Store(board.South) - p.Store(board.South)
		k, idx := rank(c, s.t.holes)
		var clo, chi int
		if k < s.k {
			clo, chi = s.t.entry(k, idx)
		} else {
			clo, chi = s.load(idx)
			if cycles&(1<<j) != 0 {
				loop := loopValue(c)
				clo, chi = min(clo, loop), max(chi, loop)
			}
		}
		lo = max(lo, captured-chi)
		hi = max(hi, captured-clo)
	}
	return lo, hi
}

// The loop refinement. A move to C without a capture can meet the loop ending only
// if C occurred earlier in the game, and then the game went from C to the current
// position P without a capture (the stores were the same at both): C reaches P by
// moves that capture nothing. So C may repeat only if C and P lie in the same
// strongly connected component of the graph of non-capturing moves between boards
// of one seed count. Components are found with Tarjan's algorithm; for each board a
// byte marks which of its moves (bit j for board's j-th move) stay in its
// component. Moves that leave it are treated like captures: the child's own bounds.

// refFrame is one board on the depth-first search stack, with its non-capturing moves.
type refFrame struct {
	node  uint32
	next  uint8 // next child to visit
	n     uint8
	child [maxHoles/2 + 1]uint32 // a mover has at most one move per own hole, or a pass
}

// components returns, for every board of k seeds, a component number.
func (s *refSolver) components() []uint32 {
	size := layerSize(s.k, s.t.holes)
	order := make([]uint32, size) // depth-first number from 1; 0 = not yet visited
	low := make([]uint32, size)   // lowlink while on the stack; component number after
	done := make([]uint64, (size+63)/64)
	var stack []uint32
	var dfs []refFrame
	counter, comps := uint32(0), uint32(0)
	for root := uint64(0); root < size; root++ {
		if order[root] != 0 {
			continue
		}
		dfs = append(dfs, s.frameOf(uint32(root)))
		counter++
		order[root], low[root] = counter, counter
		stack = append(stack, uint32(root))
		for len(dfs) > 0 {
			f := &dfs[len(dfs)-1]
			if f.next < f.n {
				c := f.child[f.next]
				f.next++
				switch {
				case order[c] == 0:
					counter++
					order[c], low[c] = counter, counter
					stack = append(stack, c)
					dfs = append(dfs, s.frameOf(c))
				case done[c/64]&(1<<(c%64)) == 0: // on the stack
					low[f.node] = min(low[f.node], order[c])
				}
				continue
			}
			v := f.node
			dfs = dfs[:len(dfs)-1]
			if len(dfs) > 0 {
				u := dfs[len(dfs)-1].node
				low[u] = min(low[u], low[v])
			}
			if low[v] == order[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					done[w/64] |= 1 << (w % 64)
					low[w] = comps
					if w == v {
						break
					}
				}
				comps++
			}
		}
	}
	return low
}

// frameOf lists the non-capturing moves of board i (South to move) as board indexes.
func (s *refSolver) frameOf(i uint32) refFrame {
	f := refFrame{node: i}
	c := newCursor(s.k, s.t.holes, uint64(i))
	copy(s.holes, c.counts[:s.t.holes])
	p := s.position()
	p.Generate(&s.cl)
	for j := 0; j < s.cl.N; j++ {
		if k, idx := rank(&s.cl.Children[j].Pos, s.t.holes); k == s.k {
			f.child[f.n] = uint32(idx)
			f.n++
		}
	}
	return f
}

// cycleMoves computes, for every board of k seeds, the bit set of its moves that
// stay in its component (see above), using both workers.
func (b *refBuilder) cycleMoves(k int) []byte {
	size := layerSize(k, b.t.holes)
	comp := newRefSolver(b.t, k, nil, nil).components()
	marks := make([]byte, size)
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < b.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newRefSolver(b.t, k, nil, nil)
			for {
				from := next.Add(chunk) - chunk
				if from >= size {
					return
				}
				to := min(from+chunk, size)
				c := newCursor(k, b.t.holes, from)
				for i := from; i < to; i++ {
					copy(s.holes, c.counts[:b.t.holes])
					p := s.position()
					p.Generate(&s.cl)
					var m byte
					for j := 0; j < s.cl.N; j++ {
						if ck, idx := rank(&s.cl.Children[j].Pos, b.t.holes); ck == k && comp[idx] == comp[i] {
							m |= 1 << j
						}
					}
					marks[i] = m
					if i+1 < to {
						c.next()
					}
				}
			}
		}()
	}
	wg.Wait()
	return marks
}

// TestFastBuildMatchesReference: the component-by-component builder writes the same
// bytes as the reference builder's passes over whole seed counts, for every board up
// to a few seeds of each tabled game. It catches a component solved before one its
// moves lead to, a capture folded wrongly into a board's base, a loop-ending value
// taken from the wrong board, or a sweep stopped early.
func TestFastBuildMatchesReference(t *testing.T) {
	for _, c := range []struct {
		id    board.VariantID
		seeds int
	}{{board.AdjiKui1, 8}, {board.JeKiNJe, 8}, {board.AdjiBoto, 9}, {board.OwareAbapa, 8}} {
		v := c.id.Get()
		if raceEnabled {
			c.seeds -= 2
		}
		want := refBuild(v, c.seeds, 2)
		for _, workers := range []int{1, 2} {
			if raceEnabled && workers == 1 {
				continue // one worker shares nothing to race; the plain run builds it
			}
			got, err := Build(v, c.seeds, Options{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= c.seeds; k++ {
				if !bytes.Equal(got.layers[k], want.layers[k]) {
					t.Errorf("%s, %d seeds, %d workers: the fast builder's bounds differ from the reference's", v.Name, k, workers)
				}
			}
		}
	}
}

// TestRoundsMatchWorklist: solving components in rounds that two workers share
// writes the same bounds as the one-goroutine worklist, with every component of more
// than one board solved by rounds alone (parallelMin 1) or by rounds and then the
// worklist (parallelMin 64). Under -race it also checks that the workers share the
// component's boards safely. It catches a predecessor not queued again when a board
// moves, a round's places lost, or the rounds stopping before nothing can move.
// Under -race the tables are smaller (7 and 6 seeds, not 8), still with components
// of more than two workers' 1,024-place slices (2,084 and 7,257 boards).
func TestRoundsMatchWorklist(t *testing.T) {
	defer func(m int) { parallelMin = m }(parallelMin)
	for _, c := range []struct {
		id           board.VariantID
		seeds, raced int // raced: the seeds under -race
	}{{board.AdjiKui1, 8, 7}, {board.JeKiNJe, 8, 6}} {
		v, seeds := c.id.Get(), c.seeds
		if raceEnabled {
			seeds = c.raced
		}
		want, err := Build(v, seeds, Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []int{1, 64} {
			parallelMin = m
			got, err := Build(v, seeds, Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for k := range want.layers {
				if !bytes.Equal(got.layers[k], want.layers[k]) {
					t.Errorf("%s, %d seeds, rounds from %d boards: the bounds differ from the worklist's", v.Name, k, m)
				}
			}
		}
	}
}
