package protocol

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/words"
	"mancala/tablebase"
)

// tableAdapter is a tablebase.Table as search.Endgames, as cmd/mancala wires it in.
type tableAdapter struct{ *tablebase.Table }

func (t tableAdapter) BestMove(p *board.Position, seen func(*board.Position) bool) (board.Move, int, int, bool) {
	mv, ok := t.Table.BestMove(p, seen)
	return mv.Move, mv.Lo, mv.Hi, ok
}

func openTestTable(dir string, v *board.Variant) (search.Endgames, error) {
	t, err := tablebase.Open(dir, v)
	if err != nil {
		return nil, err
	}
	return tableAdapter{t}, nil
}

// buildTable builds the Adji Kui I table up to seeds into a new directory.
func buildTable(t *testing.T, seeds int) (string, *tablebase.Table) {
	t.Helper()
	dir := t.TempDir()
	tb, err := tablebase.Build(board.AdjiKui1.Get(), seeds, tablebase.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return dir, tb
}

// endgameConfig is the real engine with endgame tables.
func endgameConfig() Config {
	cfg := realConfig()
	cfg.OpenEndgames = openTestTable
	return cfg
}

// smallFen has 4 seeds on the board, 44 in the stores.
const smallFen = "0,0,1,0,0,1/1,0,1,0,0,0 S 23 21 -"

// tableLineOf returns the display's Tablebase line, or "".
func tableLineOf(lines []string) string {
	for _, l := range lines {
		if strings.HasPrefix(l, "Tablebase:") {
			return l
		}
	}
	return ""
}

// TestTablebasePathOption: a good directory loads the table (d shows its value), a
// missing, damaged or other-variant directory is one error line and changes nothing,
// an empty value removes the table, and a new Variant reopens the table.
func TestTablebasePathOption(t *testing.T) {
	dir, tb := buildTable(t, 4)
	p, err := board.AdjiKui1.Get().ParsePosition("1,0,0,0,0,0/2,0,0,0,0,1 S 20 24 -")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi, ok := tb.Probe(&p)
	if !ok {
		t.Fatal("position not in the table")
	}
	want := fmt.Sprintf("Tablebase: %+d", lo)
	if lo != hi {
		want = fmt.Sprintf("Tablebase: %+d to %+d", lo, hi)
	}
	s := newSession(t, endgameConfig())
	show := "d"
	got := s.exchange("setoption name Variant value adji-kui-1", "position fen "+p.String(), show)
	if l := tableLineOf(got); l != "" {
		t.Fatalf("no table set, yet d shows %q", l)
	}
	got = s.exchange("setoption name TablebasePath value "+dir, show)
	if l := tableLineOf(got); !strings.HasPrefix(l, want) {
		t.Fatalf("with the table d shows %q, want %q\n%s", l, want, strings.Join(got, "\n"))
	}

	damaged := t.TempDir()
	other := t.TempDir()
	for k := 0; k <= 4; k++ {
		data, err := os.ReadFile(filepath.Join(dir, tablebase.FileName(board.AdjiKui1.Get(), k)))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(other, tablebase.FileName(board.JeKiNJe.Get(), k)), data, 0o644); err != nil {
			t.Fatal(err)
		}
		if k == 3 {
			data[len(data)/2] ^= 0x40
		}
		if err := os.WriteFile(filepath.Join(damaged, tablebase.FileName(board.AdjiKui1.Get(), k)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ dir, msg string }{
		{filepath.Join(dir, "missing"), "no endgame table of adji-kui-1"},
		{damaged, "damaged"},
	} {
		got = s.exchange("setoption name TablebasePath value "+c.dir, show)
		if len(got) == 0 || !strings.HasPrefix(got[0], "info string error: setoption TablebasePath: ") || !strings.Contains(got[0], c.msg) {
			t.Errorf("%s: first line %q, want an error naming %q", c.dir, got, c.msg)
		}
		if l := tableLineOf(got); !strings.HasPrefix(l, want) {
			t.Errorf("%s: the refused directory changed the table: d shows %q", c.dir, l)
		}
	}

	// A new variant reopens the directory: no table of Je ki n je in it.
	got = s.exchange("setoption name Variant value je-ki-n-je")
	if len(got) != 1 || !strings.HasPrefix(got[0], "info string no endgame table: ") {
		t.Errorf("variant without a table: %q", got)
	}
	// A table of Adji Kui I named as Je ki n je's is refused.
	got = s.exchange("setoption name TablebasePath value " + other)
	if len(got) != 1 || !strings.Contains(got[0], `a table of "adji-kui-1", not of je-ki-n-je`) {
		t.Errorf("other variant's files: %q", got)
	}
	got = s.exchange("setoption name Variant value adji-kui-1", "position fen "+p.String(), show)
	if l := tableLineOf(got); !strings.HasPrefix(l, want) {
		t.Errorf("back to Adji Kui I, the table is not reopened: d shows %q", l)
	}
	for _, empty := range []string{"setoption name TablebasePath value", "setoption name TablebasePath value <empty>"} {
		s.exchange("setoption name TablebasePath value " + dir)
		got = s.exchange(empty, show)
		if l := tableLineOf(got); l != "" {
			t.Errorf("%q: the table is still used: %q", empty, l)
		}
	}
}

// infoDepth returns the depth of an info line, or 0.
func infoDepth(line string) int { return infoNumber(line, "depth") }

// tbHits returns the tbhits of an info line, or 0.
func tbHits(line string) int { return infoNumber(line, "tbhits") }

// infoNumber returns the number after the word name in an info line, or 0.
func infoNumber(line, name string) int {
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] == name {
			n, _ := strconv.Atoi(f[i+1])
			return n
		}
	}
	return 0
}

// randomFen is a position of Adji Kui I with k seeds spread at random over the board,
// the rest in the stores about evenly, South to move.
func randomFen(k int, rng *rand.Rand) string {
	var holes [12]int
	for i := 0; i < k; i++ {
		holes[rng.IntN(12)]++
	}
	var cells []string
	for _, h := range holes {
		cells = append(cells, strconv.Itoa(h))
	}
	south := (48-k)/2 - 4 + rng.IntN(9) // close stores: the board decides the game
	return fmt.Sprintf("%s/%s S %d %d -", strings.Join(cells[:6], ","), strings.Join(cells[6:], ","), south, 48-k-south)
}

// TestTableRootPlay: at a root the table knows exactly both engines play a move that
// keeps the table's value (given the game's history) and report a table hit without
// searching; at a root with bounds only they search; above the table alpha-beta
// reports its probes in the tree as tbhits.
func TestTableRootPlay(t *testing.T) {
	dir, tb := buildTable(t, 6)
	v := board.AdjiKui1.Get()
	rng := rand.New(rand.NewPCG(5, 6))
	exact, bounded := 0, 0
	for _, algo := range []string{"alphabeta", "mcts"} {
		s := newSession(t, endgameConfig())
		s.exchange("setoption name Variant value adji-kui-1", "setoption name Search value "+algo,
			"setoption name TablebasePath value "+dir)
		for n := 0; n < 20; n++ {
			p, err := v.ParsePosition(randomFen(3+rng.IntN(4), rng))
			if err != nil {
				t.Fatal(err)
			}
			moves, ok := tb.MoveValues(&p, nil)
			if !ok {
				continue // the game is over there
			}
			s.send("position fen "+p.String(), "go depth 4")
			got := s.until("bestmove")
			if lo, hi, _ := tb.Probe(&p); lo != hi {
				bounded++
				if depth := infoDepth(got[len(got)-2]); depth < 2 {
					t.Errorf("%s at %s (bounds %d..%d): played from the table, not searched: %q", algo, p.String(), lo, hi, got[len(got)-2])
				}
				continue
			}
			exact++
			played, err := v.ParseMove(strings.Fields(got[len(got)-1])[1])
			if err != nil {
				t.Fatal(err)
			}
			best := moves[0].Lo
			for _, m := range moves {
				best = max(best, m.Lo)
			}
			for _, m := range moves {
				if m.Move == played && m.Lo != best {
					t.Errorf("%s at %s played %s worth at least %d, the table's best move %d", algo, p.String(), v.FormatMove(played), m.Lo, best)
				}
			}
			if tbHits(got[len(got)-2]) < 1 {
				t.Errorf("%s at %s: no tbhits in %q", algo, p.String(), got[len(got)-2])
			}
			lo, _, _ := tb.Probe(&p)
			margin := words.Score{Value: 100 * (p.Store(board.South) - p.Store(board.North) + lo), Bound: words.Exact}
			if !strings.Contains(got[len(got)-2], " score "+margin.String()+" ") {
				t.Errorf("%s at %s: the table's exact margin, %s, is not the score of %q", algo, p.String(), margin, got[len(got)-2])
			}
		}
	}
	if exact == 0 || bounded == 0 {
		t.Errorf("%d exact and %d bounded roots: the sample misses a case", exact, bounded)
	}
	s := newSession(t, endgameConfig())
	s.exchange("setoption name Variant value adji-kui-1", "setoption name TablebasePath value "+dir)
	s.send("position fen "+randomFen(10, rng), "go depth 8")
	got := s.until("bestmove")
	if tbHits(got[len(got)-2]) < 1 {
		t.Errorf("a search above the table reports no tbhits: %q", got[len(got)-2])
	}
}

// TestTableCutsAgreeWithBiggerTable: alpha-beta with a table of 5 seeds searches
// positions of 7 and 8 seeds; whenever it reports a win or loss the table proves, a
// table of 8 seeds agrees, and a proven win is played with a winning move.
func TestTableCutsAgreeWithBiggerTable(t *testing.T) {
	v := board.AdjiKui1.Get()
	big, err := tablebase.Build(v, 8, tablebase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	small, err := tablebase.Build(v, 5, tablebase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ab := alphabeta.New(search.Options{Endgames: tableAdapter{small}})
	rng := rand.New(rand.NewPCG(7, 8))
	proven, hits := 0, uint64(0)
	for n := 0; n < 60; n++ {
		p, err := v.ParsePosition(randomFen(7+rng.IntN(2), rng))
		if err != nil {
			t.Fatal(err)
		}
		lo, hi, ok := big.Probe(&p)
		moves, movesOK := big.MoveValues(&p, nil)
		if !ok || !movesOK {
			continue
		}
		ab.NewGame()
		var ctl search.Control
		res := ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Depth: 10}}, &ctl)
		hits += res.TBHits
		d := p.Store(board.South) - p.Store(board.North)
		sc := res.Score.Value
		switch {
		case res.Score.Mate:
		case sc >= search.TableWinMin:
			proven++
			if d+hi <= 0 {
				t.Errorf("%s: search proves a win, the table's value is %d..%d with a lead of %d", p.String(), lo, hi, d)
			}
			for _, m := range moves {
				if m.Move == res.Best && d+m.Hi <= 0 {
					t.Errorf("%s: proven win played with %s, worth %d..%d", p.String(), v.FormatMove(m.Move), m.Lo, m.Hi)
				}
			}
		case sc <= -search.TableWinMin:
			proven++
			if d+lo >= 0 {
				t.Errorf("%s: search proves a loss, the table's value is %d..%d with a lead of %d", p.String(), lo, hi, d)
			}
		}
	}
	t.Logf("%d table hits, %d results proven by the table", hits, proven)
	if hits == 0 {
		t.Errorf("no table hits")
	}
	if proven == 0 {
		t.Errorf("no search proved a result from the table")
	}
}

// TestTableProbeAllocs: probing and converting the bounds allocate nothing.
func TestTableProbeAllocs(t *testing.T) {
	_, tb := buildTable(t, 4)
	var eg search.Endgames = tableAdapter{tb}
	p, err := board.AdjiKui1.Get().ParsePosition(smallFen)
	if err != nil {
		t.Fatal(err)
	}
	hits := 0
	allocs := testing.AllocsPerRun(100, func() {
		if lo, hi, ok := eg.Probe(&p); ok {
			if _, cut := search.TableCut(&p, lo, hi, 3, -1, 1, 0); cut {
				hits++
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%.1f allocations per probe", allocs)
	}
	_ = hits
}
