package tablebase

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mancala/board"
)

// built caches the small tables the tests share.
var built = map[board.VariantID]*Table{}

// smallTable builds (once) the table of v up to k seeds.
func smallTable(t *testing.T, v board.VariantID, k int) *Table {
	t.Helper()
	if tb, ok := built[v]; ok && tb.MaxSeeds() >= k {
		return tb
	}
	tb, err := Build(v.Get(), k, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	built[v] = tb
	return tb
}

// randomPosition returns a random position of v with k seeds on the board.
func randomPosition(t *testing.T, r *rand.Rand, v *board.Variant, k int) board.Position {
	holes := make([]int, v.Holes())
	for range k {
		holes[r.IntN(len(holes))]++
	}
	side := board.Side(r.IntN(2))
	for {
		south := r.IntN(v.Seeds - k + 1)
		p, err := v.PositionFrom(holes, side, south, v.Seeds-k-south)
		if err != nil {
			t.Fatal(err)
		}
		if _, over := p.Ended(false); !over { // not won already by a store (Oware Abapa)
			return p
		}
	}
}

// TestValueIsBestMove is the property test: for random positions whose value and
// whose children's values are exact, the value is the best over moves of the seeds
// the move captures (on board's accounting, the change of the mover's store) minus
// the child's value; and every stored pair of bounds holds lo <= hi within -k..k.
// It catches a wrong sign, a capture counted wrongly, or a child looked up under the
// wrong index.
func TestValueIsBestMove(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, id := range []board.VariantID{board.AdjiKui1, board.JeKiNJe, board.AdjiBoto, board.OwareAbapa} {
		v := id.Get()
		tb := smallTable(t, id, 8)
		checked := 0
		for range 4000 {
			k := r.IntN(9)
			p := randomPosition(t, r, v, k)
			lo, hi, ok := tb.Probe(&p)
			if !ok || lo < -k || lo > hi || hi > k {
				t.Fatalf("%s: %v: probe %d..%d ok=%v", v.Name, p, lo, hi, ok)
			}
			if lo != hi {
				continue
			}
			moves, ok := tb.MoveValues(&p, nil)
			if !ok {
				if want := terminalValue(&p); lo != want {
					t.Errorf("%s: %v: game over, value %d, board's result says %d", v.Name, p, lo, want)
				}
				continue
			}
			best, allExact := -1<<30, true
			for _, m := range moves {
				allExact = allExact && m.Lo == m.Hi
				best = max(best, m.Lo)
			}
			if !allExact {
				continue
			}
			checked++
			if best != lo {
				t.Errorf("%s: %v: value %d, best move gives %d", v.Name, p, lo, best)
			}
		}
		if checked < 200 {
			t.Errorf("%s: only %d positions with exact children checked", v.Name, checked)
		}
	}
}

// TestBoundsAreAFixpoint: applying the bound inequalities once more to a built table
// changes nothing, so the build did not stop early.
func TestBoundsAreAFixpoint(t *testing.T) {
	for _, id := range []board.VariantID{board.AdjiKui1, board.JeKiNJe, board.AdjiBoto} {
		tb := smallTable(t, id, 8)
		k := 6
		size := layerSize(k, tb.holes)
		words := make([]uint32, (size+1)/2)
		for i := uint64(0); i < size; i++ {
			lo, hi := tb.entry(k, i)
			words[i/2] |= uint32(pack(lo, hi)) << (16 * (i % 2))
		}
		// One pass of the reference builder (reference_test.go), which shares nothing
		// with the fast one but the index and board's rules.
		b := &refBuilder{t: &Table{variant: tb.variant, holes: tb.holes, layers: tb.layers[:k]}, workers: 1}
		s := newRefSolver(b.t, k, words, b.cycleMoves(k))
		if s.run(0, size) {
			t.Errorf("%s: one more pass over %d seeds changed a bound", id.Get().Name, k)
		}
	}
}

// TestMirrorSymmetry: a position and its mirror (rows swapped, the other side to
// move) probe the same, through the same entry; checked on the board, not the index.
func TestMirrorSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, id := range []board.VariantID{board.AdjiKui1, board.JeKiNJe, board.AdjiBoto} {
		v := id.Get()
		tb := smallTable(t, id, 8)
		for range 500 {
			p := randomPosition(t, r, v, r.IntN(9))
			n := v.Holes()
			holes := make([]int, n)
			for h := range holes {
				holes[h] = p.Seeds((h + n/2) % n)
			}
			q, err := v.PositionFrom(holes, p.SideToMove().Other(), p.Store(board.North), p.Store(board.South))
			if err != nil {
				t.Fatal(err)
			}
			pl, ph, _ := tb.Probe(&p)
			ql, qh, _ := tb.Probe(&q)
			if pl != ql || ph != qh {
				t.Errorf("%s: %v probes %d..%d, its mirror %v %d..%d", v.Name, p, pl, ph, q, ql, qh)
			}
		}
	}
}

// TestProbeOutsideTheTable: positions the table does not hold are reported so.
func TestProbeOutsideTheTable(t *testing.T) {
	tb := smallTable(t, board.AdjiBoto, 8)
	start := board.AdjiBoto.Get().StartPosition()
	if _, _, ok := tb.Probe(&start); ok {
		t.Error("Adji-Boto's opening position was found in the table")
	}
	p, _ := board.AdjiBoto.Get().ParsePosition("0,0,0,0,0/0,0,0,0,9 S 50 41 -")
	if _, _, ok := tb.Probe(&p); ok {
		t.Error("a board of 9 seeds was found in a table of 8")
	}
	if _, ok := tb.Outcome(&p); ok {
		t.Error("a board of 9 seeds was adjudicated by a table of 8")
	}
	q, _ := board.AdjiKui1.Get().ParsePosition("0,0,0,0,0,0/0,0,0,0,0,2 S 46 0 -")
	if _, _, ok := tb.Probe(&q); ok {
		t.Error("an Adji Kui I position was found in the Adji-Boto table")
	}
	if _, err := Build(board.BaoLaKimasai.Get(), 2, Options{}); err == nil {
		t.Error("a table of Bao la Kimasai was built")
	}
}

// TestProbeDoesNotAllocate: the search probes in its hot path.
func TestProbeDoesNotAllocate(t *testing.T) {
	tb := smallTable(t, board.AdjiKui1, 8)
	p, _ := board.AdjiKui1.Get().ParsePosition("0,0,1,0,0,2/3,0,1,0,0,2 N 30 9 -")
	if n := testing.AllocsPerRun(100, func() { tb.Probe(&p) }); n != 0 {
		t.Errorf("Probe allocates %.0f times", n)
	}
}

// TestBestMoveKeepsTheValue: playing BestMove for both sides from exact positions, with
// the game's real history, finishes with exactly the value the table gave, loop
// endings included. It catches a chooser that drifts into a worse line or mishandles
// a repetition.
func TestBestMoveKeepsTheValue(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, id := range []board.VariantID{board.AdjiKui1, board.JeKiNJe, board.AdjiBoto} {
		v := id.Get()
		tb := smallTable(t, id, 8)
		for games := 0; games < 200; {
			p := randomPosition(t, r, v, 1+r.IntN(8))
			lo, hi, _ := tb.Probe(&p)
			if lo != hi {
				continue
			}
			games++
			g := board.NewGame(p)
			seen := func(q *board.Position) bool {
				for _, old := range g.Positions() {
					if old == *q {
						return true
					}
				}
				return false
			}
			for !g.Result().Over() {
				cur := g.Position()
				m, ok := tb.BestMove(&cur, seen)
				if !ok {
					t.Fatalf("%s: no best move at %v", v.Name, cur)
				}
				if err := g.Play(m.Move); err != nil {
					t.Fatal(err)
				}
			}
			res := g.Result()
			got := boardShare(&p, res)
			if got != lo {
				t.Errorf("%s: from %v the table says %d, perfect play by both gave %d (%v)", v.Name, p, lo, got, res)
			}
			// A runner's table adjudication gives that final count at once.
			out, ok := tb.Outcome(&p)
			if !ok || out.Outcome != res.Outcome || out.South != res.South || out.North != res.North || out.Reason != board.Adjudicated {
				t.Errorf("%s: from %v the table adjudicates %v (%v, ok %v), perfect play gave %v", v.Name, p, out, out.Reason, ok, res)
			}
		}
	}
}

// TestFileRoundTrip: a table written to files and opened again probes the same on
// every board.
func TestFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	v := board.AdjiKui1.Get()
	tb, err := Build(v, 6, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	back, err := Open(dir, v)
	if err != nil {
		t.Fatal(err)
	}
	if back.MaxSeeds() != 6 {
		t.Fatalf("opened %d seed counts, want 0..6", back.MaxSeeds())
	}
	for k := 0; k <= 6; k++ {
		if string(back.layers[k]) != string(tb.layers[k]) {
			t.Errorf("seed count %d differs after the round trip", k)
		}
	}
	// A second build loads the files rather than solving again.
	loaded := 0
	if _, err := Build(v, 6, Options{Dir: dir, Layer: func(s LayerStats) {
		if s.Loaded {
			loaded++
		}
	}}); err != nil || loaded != 7 {
		t.Errorf("rebuild loaded %d of 7 files (err %v)", loaded, err)
	}
}

// TestDamagedFilesAreRefused: a flipped byte, a truncated file, another version and
// another variant's file are each refused with a message saying which.
func TestDamagedFilesAreRefused(t *testing.T) {
	v := board.AdjiKui1.Get()
	src := t.TempDir()
	if _, err := Build(v, 3, Options{Dir: src}); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(src, FileName(v, 3)))
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte{}, good...)
	flipped[len(flipped)/2] ^= 0x40
	version := append([]byte{}, good...)
	version[len(magic)]++
	jkj := board.JeKiNJe.Get()
	for _, c := range []struct {
		name    string
		data    []byte
		variant *board.Variant
		want    string
	}{
		{"flipped byte", flipped, v, "checksum mismatch"},
		{"truncated", good[:len(good)-7], v, "damaged: 763 bytes, the table of its seed count has 770"},
		{"overlong", append(append([]byte{}, good...), 0), v, "damaged: 771 bytes"},
		{"other version", version, v, "format version 2, this program reads version 1"},
		{"other variant", good, jkj, `a table of "adji-kui-1", not of je-ki-n-je`},
		{"not a table", []byte("hello"), v, "not an endgame table file"},
	} {
		dir := t.TempDir()
		for k := 0; k < 3; k++ {
			data, _ := os.ReadFile(filepath.Join(src, FileName(v, k)))
			if err := os.WriteFile(filepath.Join(dir, FileName(c.variant, k)), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, FileName(c.variant, 3)), c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(dir, c.variant)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), FileName(c.variant, 3)) && c.variant == v {
			t.Errorf("%s: error %v, want one naming the file and saying %q", c.name, err, c.want)
		}
	}
	if _, err := Open(t.TempDir(), v); err == nil || !strings.Contains(err.Error(), "no endgame table") {
		t.Errorf("empty folder: error %v", err)
	}
}

// TestSolvingDoesNotAllocate: generating the moves of a chunk of boards into a
// buffer with room, and sweeping a seed count's boards, allocate nothing per board.
func TestSolvingDoesNotAllocate(t *testing.T) {
	tb := smallTable(t, board.JeKiNJe, 8)
	k := 5
	b := &builder{t: &Table{variant: tb.variant, holes: tb.holes, layers: tb.layers[:k]}, opt: Options{Workers: 1}}
	g := b.generate(k)
	gen := &generator{t: b.t, v: b.t.variant, k: k, holes: make([]int, b.t.holes)}
	buf := make([]uint32, 0, 8*g.size)
	if n := testing.AllocsPerRun(3, func() { buf = gen.chunkOf(g, 0, g.size, buf[:0]) }); n != 0 {
		t.Errorf("generating %d boards allocates %.0f times", g.size, n)
	}
	layer := make([]byte, 2*g.size)
	b.solveGraph(g, layer)
	for i := range g.nodes {
		g.nodes[i].state |= inComp // every board in one component: every move may repeat
	}
	if n := testing.AllocsPerRun(3, func() {
		for i := range uint32(g.size) {
			g.update(i, false)
			g.update(i, true)
		}
	}); n != 0 {
		t.Errorf("a sweep over %d boards allocates %.0f times", g.size, n)
	}
}

// TestGamesAreTheOnesATableHolds: Games lists exactly the games Build accepts.
func TestGamesAreTheOnesATableHolds(t *testing.T) {
	listed := map[string]bool{}
	for _, name := range Games() {
		listed[name] = true
	}
	for _, v := range board.Variants() {
		_, err := Build(v, 0, Options{})
		if (err == nil) != listed[v.Name] {
			t.Errorf("%s: listed %v, Build at 0 seeds: %v", v.Name, listed[v.Name], err)
		}
	}
}

// TestRandomExactDrawsWhatItSays: every position RandomExact accepts has the asked
// seeds on the board, a store lead within the bound, the asked side to move, more than
// one move, and the table's exact value; with eitherSide both sides come up.
func TestRandomExactDrawsWhatItSays(t *testing.T) {
	tb := smallTable(t, board.AdjiKui1, 8)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, either := range []bool{false, true} {
		sides := map[board.Side]int{}
		for range 400 {
			p, value, ok := tb.RandomExact(6, 2, either, rng)
			if !ok {
				continue
			}
			lo, hi, in := tb.Probe(&p)
			lead := p.Store(board.South) - p.Store(board.North)
			var cl board.ChildList
			p.Generate(&cl)
			if p.SeedsOnBoard() != 6 || max(lead, -lead) > 2 || !in || lo != hi || lo != value || cl.N < 2 ||
				!either && p.SideToMove() != board.South {
				t.Fatalf("%s (value %d, table %d..%d, %d moves) is not what was asked", p.String(), value, lo, hi, cl.N)
			}
			sides[p.SideToMove()]++
		}
		if either && (sides[board.South] == 0 || sides[board.North] == 0) || len(sides) == 0 {
			t.Errorf("eitherSide %v: sides drawn %v", either, sides)
		}
	}
}

// TestOutcomeOnlyWhereExact: a position the table bounds but does not value exactly
// is never adjudicated.
func TestOutcomeOnlyWhereExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tb := smallTable(t, board.AdjiKui1, 8)
	v := board.AdjiKui1.Get()
	var bounded, exact int
	for range 2000 {
		p := randomPosition(t, r, v, 1+r.IntN(8))
		lo, hi, _ := tb.Probe(&p)
		_, ok := tb.Outcome(&p)
		if ok != (lo == hi) {
			t.Fatalf("%v: bounds %d..%d: adjudicated %v", p, lo, hi, ok)
		}
		if lo == hi {
			exact++
		} else {
			bounded++
		}
	}
	if bounded == 0 || exact == 0 {
		t.Fatalf("the sample has %d bounded and %d exact positions: it tests nothing", bounded, exact)
	}
}
