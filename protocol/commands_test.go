package protocol

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"mancala/board"
	"mancala/search"
)

func TestUCIIdentifiesAndDeclaresOptions(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.send("uci")
	got := s.until("uciok")
	want := []string{
		"id name mancala " + Version,
		"id author the mancala project",
		"option name Variant type combo default je-ki-n-je var " + strings.Join(board.VariantNames(), " var "),
		"option name Hash type spin default 16 min 1 max 4096",
		"option name Threads type spin default 1 min 1 max 64",
		"option name MultiPV type spin default 1 min 1 max 17",
		"option name Search type combo default alphabeta var alphabeta var mcts",
		"option name Move Overhead type spin default 10 min 0 max 5000",
		"option name Contempt type spin default 0 min -1000 max 1000",
		"option name Skill type combo default full var full var greedy var random",
		"option name Level type spin default 10 min 1 max 10",
		"option name Ponder type check default false",
		"option name UCI_ShowWDL type check default false",
		"option name OwnBook type check default false",
		"option name Notation type combo default coordinates var coordinates var letters",
		"option name TablebasePath type string default <empty>",
		"option name VariantPath type string default <empty>",
		"uciok",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("uci answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestConfigVariantIsTheDefault(t *testing.T) {
	f := newFake(quick)
	cfg := f.config()
	cfg.Variant = "adji-boto"
	s := newSession(t, cfg)
	s.send("uci")
	if got := s.until("option name Variant")[2]; !strings.Contains(got, "default adji-boto var") {
		t.Errorf("Variant option: %s", got)
	}
	if got := fenLine(t, s.exchange("d")); got != "Fen: 10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2" {
		t.Errorf("start position of adji-boto: %s", got)
	}
}

func TestNewEngineRejectsUnknownVariant(t *testing.T) {
	if _, err := NewEngine(strings.NewReader(""), &strings.Builder{}, Config{Variant: "chess", Algorithms: realAlgorithms()}); err == nil {
		t.Fatal("NewEngine accepted variant chess")
	}
}

func TestDisplayStartPosition(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	got := s.exchange("d")
	want := []string{
		"     a    b    c    d    e    f",
		"  +----+----+----+----+----+----+",
		"2 |  4 |  4 |  4 |  4 |  4 |  4 |  North store 0",
		"  +====+====+====+====+====+====+",
		"1 |  4 |  4 |  4 |  4 |  4 |  4 |  South store 0",
		"  +----+----+----+----+----+----+",
		"     a    b    c    d    e    f",
		"",
		"Variant: je-ki-n-je (Je ki n je)",
		"Side to move: South",
		"Key: " + keyOf(t, "je-ki-n-je", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"),
		"Fen: 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -",
		"Moves: a1 b1 c1 d1 e1 f1",
		"Result: *",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("d printed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDisplayChildren: a child's count is followed by its owner's letter in the
// picture, as in the Fen line.
func TestDisplayChildren(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.send("setoption name Variant value toguz-kumalak")
	s.send("position fen 9,9,9,9,9,9,9,9,2/9,9,9,9,9,9,9,3,9 S 13 0 - moves h1")
	got := s.exchange("d")
	for _, want := range []string{
		"2 |  9 |  9 |  9 |  9 |  9 |  9 |  9 |  9 |  3s|  North store 0",
		"Fen: 9,9,9,9,9,9,9,9,3s/9,9,9,9,9,9,9,1,10 N 13 0 -",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("d printed\n%s\nwant the line\n%s", strings.Join(got, "\n"), want)
		}
	}
}

// keyOf is the hash the Key line shows.
func keyOf(t *testing.T, variant, fen string) string {
	t.Helper()
	v, err := board.VariantByName(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	h := p.Hash()
	const digits = "0123456789abcdef"
	b := make([]byte, 16)
	for i := 15; i >= 0; i-- {
		b[i] = digits[h&15]
		h >>= 4
	}
	return string(b)
}

// line returns the output line with the given prefix.
func line(t *testing.T, lines []string, prefix string) string {
	t.Helper()
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no %q line in\n%s", prefix, strings.Join(lines, "\n"))
	return ""
}

func fenLine(t *testing.T, lines []string) string { t.Helper(); return line(t, lines, "Fen:") }

func TestDisplayBaoShowsFourRowsAndReserves(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	got := s.exchange("setoption name Variant value bao-la-kimasai", "d")
	want := []string{
		"     a    b    c    d    e    f    g    h",
		"  +----+----+----+----+----+----+----+----+",
		"4 |  0 |  0 |  0 |  0 |  0 |  0 |  0 |  0 |  North reserve 24",
		"  +----+----+----+----+----+----+----+----+",
		"3 |  1 |  1 |  1 |  1 |  1 |  1 |  1 |  1 |",
		"  +====+====+====+====+====+====+====+====+",
		"2 |  1 |  1 |  1 |  1 |  1 |  1 |  1 |  1 |",
		"  +----+----+----+----+----+----+----+----+",
		"1 |  0 |  0 |  0 |  0 |  0 |  0 |  0 |  0 |  South reserve 24",
		"  +----+----+----+----+----+----+----+----+",
		"     a    b    c    d    e    f    g    h",
	}
	if !reflect.DeepEqual(got[:len(want)], want) {
		t.Errorf("d printed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if l := line(t, got, "Moves:"); l != "Moves: a2 b2 c2 d2 e2 f2 g2 h2" {
		t.Errorf("got %s", l)
	}
}

func TestPositionStartposMoves(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	// Je ki n je, c1 from the start (ring a1..f1, f2..a2): 4 seeds to d1 e1 f1 f2,
	// landing in f2 (now 5): relay 5 to e2 d2 c2 b2 a2 (a2 now 5): relay 5 to a1 b1 c1
	// d1 e1 (e1 now 6): relay 6 to f1 f2 e2 d2 c2 b2 (b2 now 6): relay 6 to a2 a1 b1
	// c1 d1 e1, landing in e1, emptied before: the move ends on South's own side.
	got := s.exchange("position startpos moves c1", "d")
	if l := fenLine(t, got); l != "Fen: 1,0,6,6,6,1/6,6,2,7,1,6 N 0 0 -" {
		t.Errorf("after c1: %s", l)
	}
	if l := line(t, got, "Side to move:"); l != "Side to move: North" {
		t.Errorf("got %s", l)
	}
}

func TestPositionFenOfAFinishedGame(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	// Adji Kui I: nobody has a hole of two seeds, so nobody can move; each player takes
	// the seeds on their side: South 30 + 2, North 16.
	got := s.exchange("setoption name Variant value adji-kui-1", "position fen 0,0,0,0,0,0/1,0,0,0,0,1 S 30 16 -", "d")
	for _, want := range []string{"Game over: no legal move", "Fen: 0,0,0,0,0,0/1,0,0,0,0,1 S 30 16 -", "Moves:", "Result: 1-0 32-16"} {
		if l := line(t, got, strings.SplitAfter(want, ":")[0]); l != want {
			t.Errorf("got %q, want %q", l, want)
		}
	}
	s.send("go depth 3")
	if l := s.next(); l != "bestmove (none)" {
		t.Errorf("go on a finished game: %q", l)
	}
	s.send("go perft 2")
	if got := s.until("Nodes searched"); !reflect.DeepEqual(got, []string{"", "Nodes searched: 0"}) {
		t.Errorf("perft on a finished game: %q", got)
	}
}

// loopMoves walk the two single seeds of loopFen once round the board each; the
// position after them is the one the game started from, so the game ends.
const (
	loopFen   = "0,0,0,0,0,1/1,0,0,0,0,0 S 23 23 -"
	loopMoves = "a1 f2 b1 e2 c1 d2 d1 c2 e1 b2 f1 a2"
)

func TestLoopEndingFinishesTheGame(t *testing.T) {
	f := newFake(quick)
	s := newSession(t, f.config())
	before := s.exchange("position fen "+loopFen+" moves "+loopMoves[:len(loopMoves)-3], "d")
	if l := line(t, before, "Result:"); l != "Result: *" {
		t.Fatalf("one move before the loop: %s", l)
	}
	got := s.exchange("position fen "+loopFen+" moves "+loopMoves, "d")
	// Each player takes the seeds on their own side: 23 + 1 each.
	for _, want := range []string{"Game over: loop ending", "Fen: " + loopFen, "Moves:", "Result: 1/2-1/2 24-24"} {
		if l := line(t, got, strings.SplitAfter(want, ":")[0]); l != want {
			t.Errorf("got %q, want %q", l, want)
		}
	}
	s.send("go nodes 100")
	if l := s.next(); l != "bestmove (none)" {
		t.Errorf("go after a loop ending: %q", l)
	}
	if _, _, reqs, _ := f.record(); len(reqs) != 0 {
		t.Errorf("the searcher was asked to search a finished game")
	}
	if got := s.exchange("position fen " + loopFen + " moves " + loopMoves + " a1"); len(got) != 1 ||
		got[0] != "info string error: position: move 13 (a1): illegal move a1: the game is over" {
		t.Errorf("a move after the loop ending: %q", got)
	}
}

func TestSetOptionVariantResetsThePosition(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.exchange("setoption name Variant value adji-boto", "position startpos moves a1")
	got := s.exchange("setoption name variant value ADJI-BOTO", "d")
	if l := fenLine(t, got); l != "Fen: 10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2" {
		t.Errorf("after setting the variant again: %s", l)
	}
}

func TestSetOptionReachesTheSearcher(t *testing.T) {
	f := newFake(quick)
	s := newSession(t, f.config())
	s.exchange("setoption name Hash value 64", "setoption name threads value 2", "setoption name MultiPV value 3",
		"setoption name Move Overhead value 25", "setoption name Contempt value -35", "setoption name Ponder value true")
	built, options, _, _ := f.record()
	last := options[len(options)-1]
	want := search.Options{HashMB: 64, Threads: 2, MultiPV: 3, MoveOverhead: 25_000_000, Contempt: -35}
	if last != want || len(options) != 5 {
		t.Errorf("searcher options %+v after %d calls, want %+v after 5", last, len(options), want)
	}
	s.exchange("setoption name Search value mcts", "setoption name Skill value random")
	built2, _, _, _ := f.record()
	if want := append(built, "mcts/full", "mcts/random"); !reflect.DeepEqual(built2, want) {
		t.Errorf("searchers built %q, want %q", built2, want)
	}
}

// TestSetOptionLevelWeakensTheSearch: a level below 10 rebuilds the searcher, asks it
// for every root move's line and caps the depth of a go depth; level 10 gives back
// the unweakened searcher with the caller's MultiPV and the requested depth.
func TestSetOptionLevelWeakensTheSearch(t *testing.T) {
	f := newFake(quick)
	s := newSession(t, f.config())
	s.exchange("setoption name Level value 3")
	s.send("position startpos", "go depth 20")
	s.until("bestmove")
	built, options, requests, _ := f.record()
	if len(built) != 2 {
		t.Errorf("searchers built %q, want a second one for the new level", built)
	}
	if len(options) == 0 || options[len(options)-1].MultiPV != board.MaxMoves {
		t.Errorf("options at level 3 %+v, want MultiPV %d (every root move)", options, board.MaxMoves)
	}
	if d := requests[len(requests)-1].Limits.Depth; d < 1 || d >= 20 {
		t.Errorf("go depth 20 at level 3 searched to depth %d, want a cap below 20", d)
	}
	s.exchange("setoption name Level value 10")
	f.mu.Lock()
	multiPV := f.multiPV
	f.mu.Unlock()
	s.send("go depth 20")
	s.until("bestmove")
	built, _, requests, _ = f.record()
	if d := requests[len(requests)-1].Limits.Depth; len(built) != 3 || d != 20 || multiPV != 1 {
		t.Errorf("at level 10: %d searchers built, depth %d, MultiPV %d; want 3, 20, 1", len(built), d, multiPV)
	}
}

func TestUCINewGameForgets(t *testing.T) {
	f := newFake(quick)
	s := newSession(t, f.config())
	s.exchange("ucinewgame", "ucinewgame")
	if _, _, _, n := f.record(); n != 2 {
		t.Errorf("NewGame called %d times, want 2", n)
	}
}

func TestGoPerftListsEveryMove(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.send("go perft 1")
	got := s.until("Nodes searched")
	want := []string{"a1: 1", "b1: 1", "c1: 1", "d1: 1", "e1: 1", "f1: 1", "", "Nodes searched: 6"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("go perft 1: %q", got)
	}
}

func TestGoPerftMatchesBoardDivide(t *testing.T) {
	for _, v := range board.Samples() {
		s := newSession(t, newFake(quick).config())
		s.send("setoption name Variant value "+v.Name, "go perft 4")
		got := s.until("Nodes searched")
		p := v.StartPosition()
		var want []string
		var total uint64
		for _, d := range board.Divide(&p, 4) {
			want = append(want, v.FormatMove(d.Move)+": "+itoa(d.Nodes))
			total += d.Nodes
		}
		want = append(want, "", "Nodes searched: "+itoa(total))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: go perft 4 printed %q, want %q", v.Name, got, want)
		}
	}
}

func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

func TestGoPerftStops(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.send("setoption name Variant value bao-la-kimasai", "go perft 40", "stop")
	if got := s.next(); got != "info string perft stopped" {
		t.Errorf("stopped perft printed %q", got)
	}
	if got := s.exchange(); len(got) != 0 {
		t.Errorf("after the stopped perft: %q", got)
	}
}

func TestQuitWithArgumentsIsAnError(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	if got := s.exchange("quit now"); !reflect.DeepEqual(got, []string{"info string error: quit takes no arguments"}) {
		t.Errorf("got %q", got)
	}
	s.send("quit")
	if err := s.wait(); err != nil {
		t.Errorf("Run: %v", err)
	}
}
