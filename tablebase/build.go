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
	Pass       int           // step of that seed count: 1 generating moves, 2 solving
	LayerDone  uint64        // boards of this seed count done in this pass
	LayerTotal uint64        // boards of this seed count
	Finished   uint64        // boards of the seed counts already solved (or loaded)
	Loaded     uint64        // of those, boards loaded from files rather than solved
	Total      uint64        // boards of every seed count up to the build's maximum
	Passes     float64       // steps per seed count (2: generating moves, then solving)
	Elapsed    time.Duration // since the build started
}

// LayerStats describes one solved seed count.
type LayerStats struct {
	Seeds     int
	Positions uint64
	Exact     uint64 // boards whose bounds met
	Evals     uint64 // evaluations of a board's bounds while solving (each reads its moves' bounds)
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

// chunk is how many boards a worker takes at a time while generating moves.
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
	b := &builder{t: t, opt: opt, start: time.Now()}
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

// seedLimit is the largest seed count of v that a table can index: at most the
// game's seeds, maxSeeds, and the count whose boards still fit in maxLayer.
func seedLimit(v *board.Variant) int {
	k := 0
	for k < min(v.Seeds, maxSeeds) && layerSize(k+1, v.Holes()) <= maxLayer {
		k++
	}
	return k
}

// builder holds the state of one build.
type builder struct {
	t     *Table
	opt   Options
	start time.Time
	total uint64

	mu       sync.Mutex // guards the fields below, read by snapshot
	seeds    int
	pass     int
	finished uint64
	loaded   uint64

	layerDone atomic.Uint64
}

func (b *builder) snapshot() Progress {
	b.mu.Lock()
	defer b.mu.Unlock()
	k := b.seeds
	return Progress{Seeds: k, Pass: b.pass, LayerDone: b.layerDone.Load(),
		LayerTotal: layerSize(k, b.t.holes), Finished: b.finished, Loaded: b.loaded, Total: b.total,
		Passes: 2, Elapsed: time.Since(b.start)}
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
			layer, st.Evals = b.solve(k)
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
		}
		b.mu.Unlock()
		if b.opt.Layer != nil {
			b.opt.Layer(st)
		}
	}
	return nil
}

// solve computes the bounds of every board of k seeds, the smaller counts being
// done (see solve.go), and returns them with the number of evaluations it took.
func (b *builder) solve(k int) (layer []byte, evals uint64) {
	b.setPass(1)
	g := b.generate(k)
	b.setPass(2)
	layer = make([]byte, 2*g.size)
	b.solveGraph(g, layer)
	return layer, g.evals
}

// setPass starts step pass of the seed count being solved.
func (b *builder) setPass(pass int) {
	b.mu.Lock()
	b.pass = pass
	b.mu.Unlock()
	b.layerDone.Store(0)
}

// pack encodes bounds as an entry: lo in the low byte, hi in the high byte.
func pack(lo, hi int) uint16 { return uint16(uint8(int8(lo))) | uint16(uint8(int8(hi)))<<8 }

// unpack decodes an entry.
func unpack(e uint16) (lo, hi int) { return int(int8(uint8(e))), int(int8(uint8(e >> 8))) }
