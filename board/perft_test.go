package board_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
)

// The perft anchors of the rules: leaves of the game tree from each start position at
// depths 1 to 4.
func TestPerftAnchors(t *testing.T) {
	anchors := map[string][4]uint64{
		jeKiNJe:  {6, 28, 127, 584},
		adjiKui:  {6, 36, 180, 900},
		adjiBoto: {5, 25, 100, 400},
		bao:      {8, 64, 416, 2912},
		oware:    {6, 36, 190, 1014},
	}
	for name, want := range anchors {
		v := variant(t, name)
		for d, n := range want {
			p := v.StartPosition()
			if got := board.Perft(&p, d+1); got != n {
				t.Errorf("%s perft(%d) = %d, want %d", name, d+1, got, n)
			}
			r := mustRef(t, name, v.Start)
			if got := refPerft(&r, d+1); got != n {
				t.Errorf("%s reference perft(%d) = %d, want %d", name, d+1, got, n)
			}
		}
	}
}

// perftCase holds regression perft counts of a position from depth 1 upwards. Every
// count below 3,000,000 was confirmed by the reference implementation when the table
// was written (deeper ones are board's own, kept to catch changes); each run
// re-checks the counts within perftLimits with board, and the smaller ones with the
// reference too.
type perftCase struct {
	variant string
	pos     string
	counts  []uint64
}

var perftCases = []perftCase{
	{jeKiNJe, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", []uint64{6, 28, 127, 584, 2675, 12073, 53335, 237177, 1043972, 4577353}},
	{jeKiNJe, "1,1,1,6,0,2/2,1,11,1,2,0 S 3 17 -", []uint64{5, 22, 91, 380, 1583, 6253, 25334, 101606, 402227, 1612288, 6280670}},
	{jeKiNJe, "0,0,1,0,5,0/2,4,0,6,1,1 S 9 19 -", []uint64{5, 15, 61, 239, 916, 3538, 13235, 49945, 183738, 674922, 2449920, 8810251}},
	{jeKiNJe, "3,0,1,0,1,1/2,0,0,0,2,2 S 9 27 -", []uint64{3, 9, 35, 102, 359, 1141, 3745, 12128, 37812, 119698, 365156, 1130675, 3385030, 10254476}},
	{adjiKui, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", []uint64{6, 36, 180, 900, 3767, 16126, 63495, 259250, 1025598, 4145190, 16687304}},
	{adjiKui, "2,3,0,11,6,1/7,1,11,0,0,1 S 2 3 -", []uint64{2, 10, 32, 136, 526, 2067, 8355, 31891, 131317, 494756, 1996099, 7498039}},
	{adjiKui, "3,0,5,1,2,4/3,2,2,5,1,1 S 0 19 -", []uint64{4, 15, 51, 168, 623, 1933, 6701, 21601, 69243, 225251, 690490, 2167899, 6555751, 19958229}},
	{adjiKui, "5,3,0,2,0,0/0,0,0,0,0,0 S 11 27 -", []uint64{1, 3, 3, 6, 7, 7, 10, 10, 29, 29, 89, 89, 222, 229, 382, 430}},
	{adjiBoto, "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2", []uint64{5, 25, 100, 400, 1200, 3600, 7200, 14400, 14400, 14400, 72000, 356066, 1714339, 8153078}},
	{adjiBoto, "8,14,2,12,6/8,4,17,4,20 S 0 5 -", []uint64{5, 25, 117, 553, 2542, 11877, 54230, 251199, 1148706, 5234364}},
	{adjiBoto, "10,12,2,8,10/9,16,14,9,5 S 0 5 -", []uint64{5, 24, 116, 534, 2479, 11594, 53484, 247422, 1142942, 5225247}},
	// Oware Abapa's start: Aalina's counts (../shared/oware/README.md).
	{oware, "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", []uint64{6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872, 18137964}},
	{bao, "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *", []uint64{8, 64, 416, 2912, 20272, 151316, 1120658, 8836576}},
	{bao, "3,1,0,2,1,0,6,1/2,0,2,0,1,0,1,3/3,2,0,2,2,1,0,1/1,0,1,1,1,4,1,2 S 10 9 -", []uint64{13, 143, 1562, 19312, 217192, 2588737}},
	{bao, "0,2,1,4,1,1,0,1/1,0,2,3,2,0,1,4/3,0,2,1,1,0,0,3/1,2,2,3,0,1,1,2 S 10 9 -", []uint64{12, 144, 1752, 20878, 247962, 2843760}},
	{bao, "4,3,1,3,0,1,4,1/6,1,0,0,5,3,1,3/1,4,0,7,2,1,2,0/2,0,1,4,3,1,0,0 S 0 0 -", []uint64{11, 124, 1374, 15245, 163108, 1831113, 19504178}},
}

// perftLimits returns the largest counts board and the reference check in this run:
// smaller ones under -short or the race detector (see raceEnabled).
func perftLimits() (boardLimit, refLimit uint64) {
	if testing.Short() || raceEnabled {
		return 100_000, 10_000
	}
	return 1_500_000, 80_000
}

// TestPerftRegression checks board.Perft against the table, and the reference against
// the smaller counts of the table.
func TestPerftRegression(t *testing.T) {
	boardLimit, refLimit := perftLimits()
	for _, c := range perftCases {
		p := parse(t, c.variant, c.pos)
		r := mustRef(t, c.variant, c.pos)
		for i, want := range c.counts {
			d := i + 1
			if want <= boardLimit {
				if got := board.Perft(&p, d); got != want {
					t.Errorf("%s %q: perft(%d) = %d, want %d", c.variant, c.pos, d, got, want)
				}
			}
			if want <= refLimit {
				if got := refPerft(&r, d); got != want {
					t.Errorf("%s %q: reference perft(%d) = %d, want %d", c.variant, c.pos, d, got, want)
				}
			}
		}
	}
}

// Divide splits perft by first move: the parts add up to perft, follow the legal moves
// in order, and each part is the perft of the child.
func TestDivide(t *testing.T) {
	for _, c := range perftCases {
		p := parse(t, c.variant, c.pos)
		const depth = 4
		entries := board.Divide(&p, depth)
		var cl board.ChildList
		p.Generate(&cl)
		if len(entries) != cl.N {
			t.Fatalf("%q: Divide has %d entries, %d legal moves", c.pos, len(entries), cl.N)
		}
		var sum uint64
		for i, e := range entries {
			if e.Move != cl.Children[i].Move {
				t.Errorf("%q: Divide entry %d is move %d, want %d", c.pos, i, e.Move, cl.Children[i].Move)
			}
			r := mustRef(t, c.variant, cl.Children[i].Pos.String())
			if want := refPerft(&r, depth-1); e.Nodes != want {
				t.Errorf("%q: Divide %s = %d, reference %d", c.pos, p.Variant().FormatMove(e.Move), e.Nodes, want)
			}
			sum += e.Nodes
		}
		if sum != c.counts[depth-1] {
			t.Errorf("%q: Divide sums to %d, want %d", c.pos, sum, c.counts[depth-1])
		}
	}
	p := variant(t, bao).StartPosition()
	if got := board.Divide(&p, 0); got != nil {
		t.Errorf("Divide(depth 0) = %v, want nil", got)
	}
}

// The loop example of docs/rules.md (TestJeKiNJeLoopEnding): from loopStart, the six
// moves of loopMoves bring the start position back, which ends the game.
const (
	loopStart = "1,0,0,0,0,1/1,0,0,0,0,1 S 22 22 -"
	loopMoves = "f1 a2 b1 e2 d1 c2"
)

// gamesByReplay is the brute-force count of PerftGame: every sequence of depth moves
// that board.Game accepts after played, each sequence replayed from the start.
func gamesByReplay(t *testing.T, start board.Position, played []board.Move, depth int) uint64 {
	g := board.NewGame(start)
	for _, m := range played {
		if err := g.Play(m); err != nil {
			t.Fatalf("replaying %v: %v", played, err)
		}
	}
	if depth == 0 {
		return 1
	}
	if g.Result().Over() {
		return 0
	}
	var ml board.MoveList
	p := g.Position()
	p.LegalMoves(&ml)
	var n uint64
	for _, m := range ml.Slice() {
		n += gamesByReplay(t, start, append(played[:len(played):len(played)], m), depth-1)
	}
	return n
}

// PerftGame counts games: after any prefix of the loop example (the prefix is the
// history), a move that repeats a position ends the game, counted as a last move only.
// Brute force through board.Game agrees, and the loop makes some counts differ from
// the history-free Perft.
func TestPerftGameLoopEnding(t *testing.T) {
	start := parse(t, jeKiNJe, loopStart)
	var line []board.Move
	for _, text := range splitMoves(loopMoves) {
		line = append(line, move(t, jeKiNJe, text))
	}
	differs := false
	for k := 0; k < len(line); k++ {
		g := board.NewGame(start)
		for _, m := range line[:k] {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		history := g.Positions()
		for depth := 0; depth <= 8-k; depth++ {
			got, err := board.PerftGame(history, depth)
			if err != nil {
				t.Fatal(err)
			}
			if want := gamesByReplay(t, start, line[:k], depth); got != want {
				t.Errorf("after %d moves of the loop, PerftGame(%d) = %d, brute force %d", k, depth, got, want)
			}
			p := g.Position()
			if got != board.Perft(&p, depth) {
				differs = true
			}
		}
	}
	if !differs {
		t.Errorf("the loop never changed a count: the test does not exercise the loop ending")
	}
	// The last move of the loop repeats the start: it is a move, but nothing follows it.
	g := board.NewGame(start)
	for _, m := range line[:5] {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := board.DivideGame(g.Positions(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	last := line[5]
	found := false
	for _, e := range entries {
		if e.Move == last {
			found = true
			if e.Nodes != 0 {
				t.Errorf("after the loop's repeating move, %d continuations counted, want 0", e.Nodes)
			}
		}
	}
	if !found {
		t.Errorf("the loop's last move is missing from DivideGame: %v", entries)
	}
	if n, err := board.PerftGame(append(g.Positions(), start), 1); err != nil || n != 0 {
		t.Errorf("a game over by a loop in its history: PerftGame(1) = %d, %v; want 0", n, err)
	}
}

// Without a repetition in reach, PerftGame and DivideGame count what Perft counts.
func TestPerftGameMatchesPerftWithoutLoops(t *testing.T) {
	for _, c := range perftCases {
		p := parse(t, c.variant, c.pos)
		const depth = 4
		entries, err := board.DivideGame([]board.Position{p}, depth, nil)
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, e := range entries {
			sum += e.Nodes
		}
		n, err := board.PerftGame([]board.Position{p}, depth)
		if err != nil || n != sum || n != c.counts[depth-1] {
			t.Errorf("%s %q: PerftGame(%d) = %d (%v), DivideGame sums to %d, want %d", c.variant, c.pos, depth, n, err, sum, c.counts[depth-1])
		}
	}
}

// A depth beyond MaxPerftDepth (once a stack overflow) or below 1 is an error.
func TestPerftGameDepthLimits(t *testing.T) {
	h := []board.Position{variant(t, jeKiNJe).StartPosition()}
	for _, depth := range []int{-1, board.MaxPerftDepth + 1, 2_000_000} {
		if _, err := board.PerftGame(h, depth); err == nil || !strings.Contains(err.Error(), "from 0 to 1000") {
			t.Errorf("PerftGame(depth %d): error %v, want the allowed range", depth, err)
		}
		if _, err := board.DivideGame(h, depth, nil); err == nil || !strings.Contains(err.Error(), "from 1 to 1000") {
			t.Errorf("DivideGame(depth %d): error %v, want the allowed range", depth, err)
		}
	}
	if _, err := board.DivideGame(h, 0, nil); err == nil {
		t.Errorf("DivideGame(depth 0) accepted")
	}
	if _, err := board.PerftGame(nil, 1); err == nil {
		t.Errorf("PerftGame without a position accepted")
	}
	// The deepest allowed count runs: a finished game ends it at once.
	over := parse(t, bao, "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 N 24 32 -")
	if n, err := board.PerftGame([]board.Position{over}, board.MaxPerftDepth); err != nil || n != 0 {
		t.Errorf("PerftGame of a finished game at the maximum depth = %d, %v; want 0", n, err)
	}
}

// DivideGame gives up with ErrPerftStopped once its stop function says so.
func TestDivideGameStops(t *testing.T) {
	h := []board.Position{variant(t, jeKiNJe).StartPosition()}
	asked := 0
	_, err := board.DivideGame(h, 8, func() bool { asked++; return asked > 3 })
	if !errors.Is(err, board.ErrPerftStopped) {
		t.Errorf("DivideGame with stop: error %v, want ErrPerftStopped", err)
	}
}

// TestOwarePerftMatchesAalina compares perft from the boards of
// testdata/oware-perft-aalina.txt (the start, the positions Aualé sent Aalina, and
// positions of random games) with the counts of Aalina's own perft tool, with board
// for counts within perftLimits and with the reference for the smaller ones.
func TestOwarePerftMatchesAalina(t *testing.T) {
	data, err := os.ReadFile("testdata/oware-perft-aalina.txt")
	if err != nil {
		t.Fatal(err)
	}
	v := variant(t, oware)
	boardLimit, refLimit := perftLimits()
	refLimit = min(refLimit, 10_000) // 56 boards: the reference's share stays small
	boards := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		p, err := v.ParseDashPosition(f[0])
		if err != nil {
			t.Fatalf("%q: %v", f[0], err)
		}
		r := mustRef(t, oware, p.String())
		for i, text := range f[1:] {
			want, err := strconv.ParseUint(text, 10, 64)
			if err != nil {
				t.Fatalf("%q: count %q: %v", f[0], text, err)
			}
			if want <= boardLimit {
				if got := board.Perft(&p, i+1); got != want {
					t.Errorf("%s (%s): perft(%d) = %d, Aalina %d", f[0], p.String(), i+1, got, want)
				}
			}
			if want <= refLimit {
				if got := refPerft(&r, i+1); got != want {
					t.Errorf("%s (%s): reference perft(%d) = %d, Aalina %d", f[0], p.String(), i+1, got, want)
				}
			}
		}
		boards++
	}
	if boards < 50 {
		t.Errorf("%d boards in the file, want the 56 written", boards)
	}
	// The start's two deepest counts of ../shared/oware/README.md (3.6 and 18.1
	// million leaves), beyond perftLimits: about a second, outside -short and -race.
	if !testing.Short() && !raceEnabled {
		start := v.StartPosition()
		for d, want := range map[int]uint64{9: 3_592_872, 10: 18_137_964} {
			if got := board.Perft(&start, d); got != want {
				t.Errorf("start: perft(%d) = %d, Aalina %d", d, got, want)
			}
		}
	}
}

// TestPerftGameInAdjiBotosOpening: in Adji-Boto's opening the game count takes
// Perft's count as long as only opening positions and the first after it lie above
// the leaves; on random opening positions of few seeds (some with a side that must
// pass) PerftGame agrees with brute force through board.Game at every depth up to
// two beyond the opening's end.
func TestPerftGameInAdjiBotosOpening(t *testing.T) {
	v := variant(t, adjiBoto)
	r := rand.New(rand.NewPCG(11, 12))
	passes, tried := 0, 0
	for tried < 40 {
		holes := make([]int, v.Holes())
		sum := 0
		for i := range holes {
			holes[i] = r.IntN(4)
			sum += holes[i]
		}
		var state []string
		for i := range holes {
			if r.IntN(10) < 3 {
				state = append(state, v.FormatMove(board.Move(i)))
			}
		}
		if len(state) == 0 || len(state) > 4 {
			continue
		}
		south := r.IntN(v.Seeds - sum + 1)
		base, err := v.PositionFrom(holes, board.Side(r.IntN(2)), south, v.Seeds-sum-south)
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(base.String())
		f[len(f)-1] = strings.Join(state, "")
		fen := strings.Join(f, " ")
		p, err := v.ParsePosition(fen)
		if err != nil || p.Result().Over() {
			continue
		}
		tried++
		var ml board.MoveList
		p.LegalMoves(&ml)
		if slices.Contains(ml.Slice(), board.Pass) {
			passes++
		}
		for depth := 1; depth <= len(state)+2; depth++ {
			got, err := board.PerftGame([]board.Position{p}, depth)
			if want := gamesByReplay(t, p, nil, depth); err != nil || got != want {
				t.Errorf("%s: PerftGame(%d) = %d (%v), brute force %d", fen, depth, got, err, want)
			}
		}
	}
	if passes == 0 {
		t.Error("no sampled position starts with a pass: the test misses the opening's passes")
	}
}
