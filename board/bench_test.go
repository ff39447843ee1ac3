package board_test

import (
	"testing"

	"mancala/board"
)

// benchPositions are the start position and middle-game positions of each game,
// with the perft depth each benchmark iteration searches.
var benchPositions = []struct {
	variant, label, pos string
	depth               int
}{
	{jeKiNJe, "start", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 7},
	{jeKiNJe, "middle", "1,1,1,6,0,2/2,1,11,1,2,0 S 3 17 -", 7},
	{jeKiNJe, "late", "3,0,1,0,1,1/2,0,0,0,2,2 S 9 27 -", 9},
	{adjiKui, "start", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 7},
	{adjiKui, "middle", "2,3,0,11,6,1/7,1,11,0,0,1 S 2 3 -", 8},
	{adjiKui, "late", "3,0,5,1,2,4/3,2,2,5,1,1 S 0 19 -", 9},
	{adjiBoto, "start", "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2", 11},
	{adjiBoto, "middle", "8,14,2,12,6/8,4,17,4,20 S 0 5 -", 7},
	{adjiBoto, "late", "10,12,2,8,10/9,16,14,9,5 S 0 5 -", 7},
	{bao, "start", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *", 5},
	{bao, "reserve", "3,1,0,2,1,0,6,1/2,0,2,0,1,0,1,3/3,2,0,2,2,1,0,1/1,0,1,1,1,4,1,2 S 10 9 -", 4},
	{bao, "raiding", "4,3,1,3,0,1,4,1/6,1,0,0,5,3,1,3/1,4,0,7,2,1,2,0/2,0,1,4,3,1,0,0 S 0 0 -", 4},
}

// BenchmarkPerft reports the leaves perft counts per second. In Je ki n je and Bao
// la Kimasai every leaf is a move that was played; in Adji Kui I and Adji-Boto the
// last ply is counted from the counts, without playing its moves (the moves made
// above the leaves are not counted in either case). "moves/s" divides by
// wall-clock time, "moves/cpu-s" by the CPU time the process used, which stays
// meaningful on a busy shared machine.
func BenchmarkPerft(b *testing.B) {
	for _, c := range benchPositions {
		b.Run(c.variant+"/"+c.label, func(b *testing.B) {
			p := parse(b, c.variant, c.pos)
			var nodes uint64
			cpu0, cpuOK := processCPUTime()
			for b.Loop() {
				nodes += board.Perft(&p, c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "moves/s")
			if cpu1, ok := processCPUTime(); cpuOK && ok && cpu1 > cpu0 {
				b.ReportMetric(float64(nodes)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
			}
		})
	}
}

// BenchmarkPerftGame is BenchmarkPerft with the loop ending applied (PerftGame): the
// ratio of the two is the cost of remembering the line's positions.
func BenchmarkPerftGame(b *testing.B) {
	for _, c := range benchPositions {
		b.Run(c.variant+"/"+c.label, func(b *testing.B) {
			h := []board.Position{parse(b, c.variant, c.pos)}
			var nodes uint64
			cpu0, cpuOK := processCPUTime()
			for b.Loop() {
				n, err := board.PerftGame(h, c.depth)
				if err != nil {
					b.Fatal(err)
				}
				nodes += n
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "moves/s")
			if cpu1, ok := processCPUTime(); cpuOK && ok && cpu1 > cpu0 {
				b.ReportMetric(float64(nodes)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
			}
		})
	}
}

// BenchmarkGenerate measures generating every legal move with its position.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range benchPositions {
		b.Run(c.variant+"/"+c.label, func(b *testing.B) {
			p := parse(b, c.variant, c.pos)
			var cl board.ChildList
			for b.Loop() {
				p.Generate(&cl)
			}
		})
	}
}

// BenchmarkPlay measures playing the first legal move: by Play, which returns a copy,
// and ("into") by PlayInto, which fills a given position, the search's way to try the
// table's move before generating the others.
func BenchmarkPlay(b *testing.B) {
	for _, c := range benchPositions {
		p := parse(b, c.variant, c.pos)
		var ml board.MoveList
		p.LegalMoves(&ml)
		m := ml.Moves[0]
		b.Run(c.variant+"/"+c.label, func(b *testing.B) {
			for b.Loop() {
				if _, err := p.Play(m); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.variant+"/"+c.label+"/into", func(b *testing.B) {
			var q board.Position
			for b.Loop() {
				if !p.PlayInto(m, &q) {
					b.Fatal("the first legal move is refused")
				}
			}
		})
	}
}

// BenchmarkGenerateEndless generates the moves of the je-ki-n-je position reached by
// e1 d2 d1, where North's e2 is endless: the generator sows 1001 laps before it gives
// the move up, and this shows what that costs.
func BenchmarkGenerateEndless(b *testing.B) {
	for _, c := range []struct{ variant, label, pos string }{
		{jeKiNJe, "e1d2d1", "1,2,1,0,4,1/3,4,9,2,3,11 N 7 0 -"},
		{bao, "1001laps", "1,1,1,2,0,2,2,0/1,2,3,0,0,2,0,1/1,0,3,6,0,4,3,2/2,1,4,1,2,3,10,3 S 0 1 -"},
	} {
		b.Run(c.variant+"/"+c.label, func(b *testing.B) {
			p := parse(b, c.variant, c.pos)
			var cl board.ChildList
			for b.Loop() {
				p.Generate(&cl)
			}
		})
	}
}

// TestNoAllocations proves the hot paths make no heap allocation: Generate, Perft,
// Play by copy, PlayInto, LegalMoves, Result and the questions a search asks at every node.
func TestNoAllocations(t *testing.T) {
	for _, c := range benchPositions {
		p := parse(t, c.variant, c.pos)
		var cl board.ChildList
		var ml board.MoveList
		p.LegalMoves(&ml)
		m := ml.Moves[0]
		var q board.Position
		var sink uint64
		for name, f := range map[string]func(){
			"Generate":   func() { p.Generate(&cl) },
			"Perft":      func() { sink += board.Perft(&p, 3) },
			"Play":       func() { q, _ := p.Play(m); sink += q.Hash() },
			"PlayInto":   func() { _ = p.PlayInto(m, &q); sink += q.Hash() },
			"LegalMoves": func() { p.LegalMoves(&ml) },
			"Result":     func() { sink += uint64(p.Result().South) },
			"MayBeOver":  func() { sink += boolInt(p.MayBeOver()) },
			"Ended": func() {
				r, _ := p.Ended(false)
				l, _ := p.Ended(true)
				sink += uint64(r.South + l.South)
			},
			"NoMoveResult": func() { sink += uint64(p.NoMoveResult().South) },
			"MinSowable":   func() { sink += uint64(p.MinSowable() + p.InnerCows(board.South)) },
		} {
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s %s: %v allocations per run, want 0", c.variant, name, n)
			}
		}
	}
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
