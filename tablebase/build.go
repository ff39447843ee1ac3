package tablebase

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
)

// Progress is a snapshot of a build, for progress bars.
type Progress struct {
	Seeds      int           // seed count being solved
	Pass       int           // pass over that seed count, from 1
	LayerDone  uint64        // boards of this seed count done in this pass
	LayerTotal uint64        // boards of this seed count
	Finished   uint64        // boards of the seed counts already solved (or loaded)
	Loaded     uint64        // of those, boards loaded from files rather than solved
	Total      uint64        // boards of every seed count up to the build's maximum
	Passes     float64       // mean passes per seed count so far (at least 2): to estimate time left
	Elapsed    time.Duration // since the build started
}

// LayerStats describes one solved seed count.
type LayerStats struct {
	Seeds     int
	Positions uint64
	Exact     uint64 // boards whose bounds met
	Passes    int    // passes over the seed count, the last one changing nothing
	Loaded    bool   // read from an existing file rather than solved
	Time      time.Duration
}

// Options controls a build.
type Options struct {
	// Workers is the number of goroutines solving a seed count; 0 means GOMAXPROCS.
	Workers int
	// Dir, when not empty, is where each seed count's file is written as soon as it
	// is solved; a valid file already there is loaded instead of solved again.
	Dir string
	// Progress, when not nil, is called about twice a second from one goroutine.
	Progress func(Progress)
	// Layer, when not nil, is called after each seed count is solved or loaded.
	Layer func(LayerStats)
}

// chunk is how many boards a worker takes at a time; even, so that two entries
// sharing a word of the building layer always belong to the same worker.
const chunk = 1 << 14

// Build solves every board of v with 0..maxSeeds seeds on it.
func Build(v *board.Variant, maxSeeds int, opt Options) (*Table, error) {
	if err := checkVariant(v); err != nil {
		return nil, err
	}
	if maxSeeds < 0 || maxSeeds > seedLimit(v) {
		return nil, fmt.Errorf("seed count %d out of range 0..%d for %s", maxSeeds, seedLimit(v), v.Title)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{variant: v, holes: v.Holes()}
	b := &builder{t: t, opt: opt, start: time.Now(), passes: 2}
	for k := 0; k <= maxSeeds; k++ {
		b.total += layerSize(k, t.holes)
	}
	var stop chan struct{}
	var wg sync.WaitGroup
	if opt.Progress != nil {
		stop = make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(500 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					opt.Progress(b.snapshot())
				}
			}
		}()
	}
	err := b.run(maxSeeds)
	if stop != nil {
		close(stop)
		wg.Wait()
		opt.Progress(b.snapshot())
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// seedLimit is the largest seed count of v that a table can index.
func seedLimit(v *board.Variant) int { return min(v.Seeds, maxSeeds) }

// builder holds the state of one build.
type builder struct {
	t     *Table
	opt   Options
	start time.Time
	total uint64

	mu         sync.Mutex // guards the fields below, read by snapshot
	seeds      int
	pass       int
	finished   uint64
	loaded     uint64
	passes     float64
	passTotal  int
	layersDone int

	layerDone atomic.Uint64
}

func (b *builder) snapshot() Progress {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.seeds
	return Progress{Seeds: k, Pass: b.pass, LayerDone: b.layerDone.Load(),
		LayerTotal: layerSize(k, b.t.holes), Finished: b.finished, Loaded: b.loaded, Total: b.total,
		Passes: b.passes, Elapsed: time.Since(b.start)}
}

// run solves (or loads) each seed count in turn.
func (b *builder) run(maxSeeds int) error {
	v := b.t.variant
	for k := 0; k <= maxSeeds; k++ {
		began := time.Now()
		b.mu.Lock()
		b.seeds, b.pass = k, 0
		b.mu.Unlock()
		b.layerDone.Store(0)
		var st LayerStats
		var layer []byte
		if b.opt.Dir != "" {
			if l, err := ReadLayer(b.opt.Dir, v, k); err == nil {
				layer = l
				st.Loaded = true
			}
		}
		if layer == nil {
			layer, st.Passes = b.solve(k)
		}
		b.t.layers = append(b.t.layers, layer)
		st.Seeds, st.Positions, st.Time = k, uint64(len(layer)/2), time.Since(began)
		for i := 0; i < len(layer); i += 2 {
			if layer[i] == layer[i+1] {
				st.Exact++
			}
		}
		if !st.Loaded && b.opt.Dir != "" {
			if err := WriteLayer(b.opt.Dir, v, k, layer); err != nil {
				return err
			}
		}
		b.mu.Lock()
		b.finished += st.Positions
		if st.Loaded {
			b.loaded += st.Positions
		} else {
			b.passTotal += st.Passes
			b.layersDone++
			b.passes = max(2, float64(b.passTotal)/float64(b.layersDone))
		}
		b.mu.Unlock()
		if b.opt.Layer != nil {
			b.opt.Layer(st)
		}
	}
	return nil
}

// solve computes the bounds of every board of k seeds, the smaller counts being
// done, by passes to a fixpoint. The building layer packs two entries into each
// word; a worker writes only the words of its own chunks and every access is
// atomic, so workers see each other's improvements during a pass (which only
// speeds convergence: any bound read is a true one).
func (b *builder) solve(k int) (layer []byte, passes int) {
	size := layerSize(k, b.t.holes)
	cycles := b.cycleMoves(k)
	words := make([]uint32, (size+1)/2)
	init := uint32(pack(-k, k))
	for i := range words {
		words[i] = init | init<<16
	}
	for {
		passes++
		b.mu.Lock()
		b.pass = passes
		b.mu.Unlock()
		b.layerDone.Store(0)
		var next atomic.Uint64
		var changed atomic.Bool
		var wg sync.WaitGroup
		for w := 0; w < b.opt.Workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := newSolver(b.t, k, words, cycles)
				for {
					from := next.Add(chunk) - chunk
					if from >= size {
						return
					}
					to := min(from+chunk, size)
					if s.run(from, to) {
						changed.Store(true)
					}
					b.layerDone.Add(to - from)
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

// pack encodes bounds as an entry: lo in the low byte, hi in the high byte.
func pack(lo, hi int) uint16 { return uint16(uint8(int8(lo))) | uint16(uint8(int8(hi)))<<8 }

// unpack decodes an entry.
func unpack(e uint16) (lo, hi int) { return int(int8(uint8(e))), int(int8(uint8(e >> 8))) }

// solver is one worker's state for one seed count.
type solver struct {
	t      *Table
	v      *board.Variant
	k      int
	words  []uint32
	cycles []byte // per board, the moves that may meet the loop ending (scc.go)
	holes  []int
	pos    board.Position
	cl     board.ChildList
}

func newSolver(t *Table, k int, words []uint32, cycles []byte) *solver {
	return &solver{t: t, v: t.variant, k: k, words: words, cycles: cycles, holes: make([]int, t.holes)}
}

// position returns the board in s.holes with South to move.
func (s *solver) position() board.Position {
	p, err := s.v.PositionFrom(s.holes, board.South, s.v.Seeds-s.k, 0)
	if err != nil {
		panic("tablebase: " + err.Error()) // the cursor makes only valid boards
	}
	return p
}

// load reads entry i of the building layer.
func (s *solver) load(i uint64) (lo, hi int) {
	return unpack(uint16(atomic.LoadUint32(&s.words[i/2]) >> (16 * (i % 2))))
}

// run applies the bound inequalities once to boards from..to-1 and reports whether
// any bound moved.
func (s *solver) run(from, to uint64) bool {
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
func (s *solver) bounds(cycles byte) (lo, hi int) {
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
