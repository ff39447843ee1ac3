package tablebase

import (
	"sync"
	"sync/atomic"
)

// The loop refinement. A move to C without a capture can meet the loop ending only
// if C occurred earlier in the game, and then the game went from C to the current
// position P without a capture (the stores were the same at both): C reaches P by
// moves that capture nothing. So C may repeat only if C and P lie in the same
// strongly connected component of the graph of non-capturing moves between boards
// of one seed count. Components are found with Tarjan's algorithm; for each board a
// byte marks which of its moves (bit j for board's j-th move) stay in its
// component. Moves that leave it are treated like captures: the child's own bounds.

// frame is one board on the depth-first search stack, with its non-capturing moves.
type frame struct {
	node  uint32
	next  uint8 // next child to visit
	n     uint8
	child [maxHoles/2 + 1]uint32 // a mover has at most one move per own hole, or a pass
}

// components returns, for every board of k seeds, a component number.
func (s *solver) components() []uint32 {
	size := layerSize(s.k, s.t.holes)
	order := make([]uint32, size) // depth-first number from 1; 0 = not yet visited
	low := make([]uint32, size)   // lowlink while on the stack; component number after
	done := make([]uint64, (size+63)/64)
	var stack []uint32
	var dfs []frame
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
func (s *solver) frameOf(i uint32) frame {
	f := frame{node: i}
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
func (b *builder) cycleMoves(k int) []byte {
	size := layerSize(k, b.t.holes)
	comp := newSolver(b.t, k, nil, nil).components()
	marks := make([]byte, size)
	var next atomic.Uint64
	var wg sync.WaitGroup
	for w := 0; w < b.opt.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSolver(b.t, k, nil, nil)
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
