package tournament

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"mancala/board"
)

func TestParseOpening(t *testing.T) {
	v, _ := board.VariantByName("je-ki-n-je")
	o, err := ParseOpening(v, "startpos moves a1 b2")
	if err != nil || o.FEN != v.Start || !reflect.DeepEqual(o.Moves, []string{"a1", "b2"}) {
		t.Errorf("%+v %v", o, err)
	}
	// A position with a leading zero is written back in the board's own form.
	o, err = ParseOpening(v, "04,4,4,4,4,4/4,4,4,4,4,4 S 0 0 - c1")
	if err != nil || o.FEN != v.Start || !reflect.DeepEqual(o.Moves, []string{"c1"}) {
		t.Errorf("%+v %v", o, err)
	}
	if o.String() != v.Start+" moves c1" {
		t.Errorf("String %q", o.String())
	}
	for _, bad := range []string{"", "start", "4,4 S 0 0 -", "startpos moves a2", "startpos z9",
		"4,4,4,4,4,4/0,0,0,0,0,0 S 12 12 -"} {
		if _, err := ParseOpening(v, bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestReadOpenings(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	text := "# openings\n\nstartpos a1\n   \n" + v.Start + " moves b1 a2\n"
	os, err := ReadOpenings(v, strings.NewReader(text))
	if err != nil || len(os) != 2 || os[1].Moves[1] != "a2" {
		t.Fatalf("%+v %v", os, err)
	}
	_, err = ReadOpenings(v, strings.NewReader("startpos\nstartpos a1 a1\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("error %v does not name line 2", err)
	}
	if _, err := ReadOpenings(v, strings.NewReader("# nothing\n")); err == nil {
		t.Error("empty file accepted")
	}
}

func TestGeneratedOpeningsAreReproducibleDistinctAndPlayable(t *testing.T) {
	for _, v := range board.Samples() {
		gen := Generator{Plies: 6, Seed: 5}
		a, err := gen.Generate(context.Background(), v, 8)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := gen.Generate(context.Background(), v, 8)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the same seed gave different openings", v.Name)
		}
		gen.Seed = 6
		if c, _ := gen.Generate(context.Background(), v, 8); reflect.DeepEqual(a, c) {
			t.Errorf("%s: different seeds gave the same openings", v.Name)
		}
		seen := map[string]bool{}
		for _, o := range a {
			if seen[o.String()] {
				t.Errorf("%s: %s twice", v.Name, o)
			}
			seen[o.String()] = true
			g, err := o.Game(v)
			if err != nil || g.Result().Over() || len(o.Moves) != 6 || o.FEN != v.Start {
				t.Errorf("%s: opening %s: %v", v.Name, o, err)
			}
		}
	}
}

func TestGeneratedOpeningsAreJudgedInRange(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	for _, c := range []struct {
		name          string
		score         func(call int) int // the judge's score at its call-th call
		lead, balance int
		want          func(score int) bool // a kept opening's score is right
		kept          int                  // openings asked for
		leastCalls    int                  // the judge must have been asked at least this often (0: any)
	}{
		{"balanced: every third far from equal (either sign)",
			func(n int) int { return []int{900, -30, 40}[n%3] }, 0, 100,
			func(s int) bool { return s >= -100 && s <= 100 }, 6, 8},
		{"balanced: all far off, the least unbalanced fill up",
			func(n int) int { return -1000 - n%7 }, 0, 100,
			func(s int) bool { return s == -1000 }, 3, 0},
		{"a lead: below, inside and above 35..100",
			func(n int) int { return []int{-20, 10, -40, 900, 60}[n%5] }, 35, 100,
			func(s int) bool { return max(s, -s) >= 35 && max(s, -s) <= 100 }, 6, 13},
		{"a lead: none reached, the nearest fill up",
			func(n int) int { return 20 + n%7 }, 50, 100,
			func(s int) bool { return s == 26 }, 3, 0},
	} {
		said := map[string]int{}
		calls := 0
		judge := func(g *board.Game) int {
			calls++
			s := c.score(calls)
			said[g.Position().String()] = s
			return s
		}
		gen := Generator{Plies: 8, Score: judge, Lead: c.lead, Balance: c.balance, Seed: 3}
		os, err := gen.Generate(context.Background(), v, c.kept)
		if err != nil || len(os) != c.kept {
			t.Fatalf("%s: %v %v", c.name, os, err)
		}
		for _, o := range os {
			g, _ := o.Game(v)
			if s, ok := said[g.Position().String()]; !ok || !c.want(s) {
				t.Errorf("%s: opening %s kept with score %d (judged: %v)", c.name, o, s, ok)
			}
		}
		if calls < c.leastCalls {
			t.Errorf("%s: only %d openings judged for %d kept", c.name, calls, c.kept)
		}
	}
}

func TestGeneratorRejectsBadRequests(t *testing.T) {
	v := board.Variants()[0]
	if _, err := (Generator{Plies: 4}).Generate(context.Background(), v, 0); err == nil {
		t.Error("zero openings accepted")
	}
	// Je ki n je's start has only six first moves, so at most six distinct one-ply openings.
	if _, err := (Generator{Plies: 1}).Generate(context.Background(), v, 7); err == nil {
		t.Error("seven distinct one-ply openings found")
	}
	if os, err := (Generator{Plies: 1}).Generate(context.Background(), v, 6); err != nil || len(os) != 6 {
		t.Errorf("six one-ply openings: %v %v", os, err)
	}
}

func TestGenerateReportsProgressAndStops(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	// The judge rejects every other opening it sees.
	calls := 0
	judge := func(*board.Game) int { calls++; return 500 * (calls % 2) }
	var kept, tried []int
	gen := Generator{Plies: 6, Score: judge, Balance: 100, Seed: 9,
		Progress: func(k, n int) { kept, tried = append(kept, k), append(tried, n) }}
	if _, err := gen.Generate(context.Background(), v, 5); err != nil {
		t.Fatal(err)
	}
	if len(tried) != calls || tried[len(tried)-1] != calls || kept[len(kept)-1] != 5 || calls != 10 {
		t.Errorf("%d judged; progress kept %v, tried %v", calls, kept, tried)
	}
	for i := range tried {
		if tried[i] != i+1 || kept[i] != (i+1)/2 {
			t.Fatalf("progress call %d: kept %d tried %d, want %d and %d", i, kept[i], tried[i], (i+1)/2, i+1)
		}
	}
	// An ended context stops the search for openings before the next one.
	ctx, cancel := context.WithCancel(context.Background())
	calls = 0
	gen.Progress = func(k, n int) {
		if n == 3 {
			cancel()
		}
	}
	if os, err := gen.Generate(ctx, v, 5); err != context.Canceled || os != nil || calls != 3 {
		t.Errorf("after cancel: %d openings, error %v, %d judged", len(os), err, calls)
	}
}

// TestAalinaMatchOpeningsFile: the committed openings of the matches against Aalina
// (bench/oware-aalina-openings.txt) read as 50 distinct legal Oware Abapa openings,
// 25 of 2 to 4 plies and 25 of 6 or 8.
func TestAalinaMatchOpeningsFile(t *testing.T) {
	v, _ := board.VariantByName("oware-abapa")
	f, err := os.Open("../../bench/oware-aalina-openings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ops, err := ReadOpenings(v, f)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	short, long := 0, 0
	for _, o := range ops {
		if seen[o.String()] {
			t.Errorf("opening %s twice", o)
		}
		seen[o.String()] = true
		switch n := len(o.Moves); {
		case n >= 2 && n <= 4:
			short++
		case n == 6 || n == 8:
			long++
		default:
			t.Errorf("opening %s: %d plies", o, n)
		}
	}
	if short != 25 || long != 25 {
		t.Errorf("%d openings of 2-4 plies and %d of 6 or 8, want 25 and 25", short, long)
	}
}

// TestGeneratedOpeningsDrawTheirStarts: in a game that draws its start (Mangala I),
// each opening begins from a start drawn from the seed, written as its fen: the
// same seed gives the same starts, none is the fixed start, all are the game's.
func TestGeneratedOpeningsDrawTheirStarts(t *testing.T) {
	v, err := board.VariantByName("mangala-i")
	if err != nil || !v.DrawsStart() {
		t.Fatal("mangala-i does not draw its start")
	}
	gen := Generator{Plies: 0, Seed: 3}
	os, err := gen.Generate(context.Background(), v, 6)
	again, err2 := gen.Generate(context.Background(), v, 6)
	if err != nil || err2 != nil || !reflect.DeepEqual(os, again) {
		t.Fatalf("%v %v: %v then %v", err, err2, os, again)
	}
	starts := map[string]bool{}
	for _, o := range os {
		if _, err := ParseOpening(v, o.String()); err != nil || o.FEN == v.Start || len(o.Moves) != 0 {
			t.Errorf("%q: %v", o.String(), err)
		}
		starts[o.FEN] = true
	}
	if len(starts) != 6 {
		t.Errorf("6 openings from %d starts", len(starts))
	}
}
