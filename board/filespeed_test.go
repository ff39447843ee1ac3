package board_test

import (
	"testing"

	"mancala/board"
)

// BenchmarkPerftFile counts perft from the start of games of the generic rules:
// Oware Abapa (builtin.toml) and Kalah (kalah.toml); bench/perft-two-builds.sh
// compares the binary's perft speed with another build's.
func BenchmarkPerftFile(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth int
	}{{"oware-abapa", 9}, {"kalah-6-4", 8}} {
		b.Run(c.name, func(b *testing.B) {
			p := variant(b, c.name).StartPosition()
			var nodes uint64
			cpu0, cpuOK := processCPUTime()
			for b.Loop() {
				nodes += board.Perft(&p, c.depth)
			}
			if cpu1, ok := processCPUTime(); cpuOK && ok && cpu1 > cpu0 {
				b.ReportMetric(float64(nodes)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
			}
		})
	}
}

// TestFileGamesDoNotAllocate proves the generic engine's hot paths make no heap
// allocation, as TestNoAllocations does for the games written in Go: in Oware and
// Kalah as rule files, and in games of the differential test with relay sowing,
// stores on both sides and a wide board.
func TestFileGamesDoNotAllocate(t *testing.T) {
	withFileSpecs(t, func(games map[string]*board.Variant) { testFileGamesDoNotAllocate(t, games) })
}

func testFileGamesDoNotAllocate(t *testing.T, games map[string]*board.Variant) {
	for _, c := range []struct{ name, pos string }{
		{"diff-oware", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},
		{"diff-oware", "0,0,0,0,0,19/2,1,0,2,1,3 N 10 10 -"},
		{"kalah-6-4", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},
		{"diff-relay", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},
		{"diff-clockwise-both", "3,3,3,3,3/3,3,3,3,3 N 0 0 -"},
		{"diff-wide", "5,5,5,5,5,5,5,5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5,5,5,5,5,5,5,5 S 0 0 -"},
	} {
		v, ok := games[c.name]
		if !ok {
			v = variant(t, c.name) // shipped
		}
		p, err := v.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		var cl board.ChildList
		p.Generate(&cl)
		if cl.N == 0 {
			t.Fatalf("%s %q: no move", c.name, c.pos)
		}
		m := cl.Children[cl.N-1].Move
		var q board.Position
		var sink uint64
		for name, f := range map[string]func(){
			"Generate":  func() { p.Generate(&cl) },
			"Perft":     func() { sink += board.Perft(&p, 3) },
			"PlayInto":  func() { _ = p.PlayInto(m, &q); sink += q.Hash() },
			"Result":    func() { sink += uint64(p.Result().South) },
			"MayBeOver": func() { sink += boolInt(p.MayBeOver()) },
		} {
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s %q %s: %v allocations per run, want 0", c.name, c.pos, name, n)
			}
		}
	}
}
