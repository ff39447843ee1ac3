package protocol

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
)

// goForm is one way of sending go: the command, and then, once the engine has read
// it, "stop", "ponderhit" or nothing.
type goForm struct {
	cmd, then string
	// untimed marks the forms that no time or node limit ends
	// (search.Limits.Unbounded): MCTS makes at most mcts.UntimedIterations there, and
	// alpha-beta, when there is no depth either (bare), alphabeta.UntimedNodes.
	untimed, bare bool
	// deep marks a depth beyond what a search reaches in the middle of a game.
	deep bool
}

// goForms are the go forms the property test sends, with small limits.
var goForms = []goForm{
	{cmd: "go", untimed: true, bare: true},
	{cmd: "go depth 1", untimed: true},
	{cmd: "go depth 3", untimed: true},
	{cmd: "go depth 60", untimed: true, deep: true},
	{cmd: "go nodes 500"},
	{cmd: "go movetime 5"},
	{cmd: "go wtime 100 btime 100 winc 5 binc 5"},
	{cmd: "go wtime 30 btime 30 movestogo 1"},
	{cmd: "go infinite", then: "stop"},
	{cmd: "go ponder", then: "ponderhit", untimed: true, bare: true},
	{cmd: "go ponder depth 2", then: "ponderhit", untimed: true},
	{cmd: "go ponder wtime 100 btime 100", then: "stop"},
}

// goEndsWatchdog bounds the wait for one bestmove: far beyond what any search of
// the test takes, even under the race detector; it only turns a search that does
// not end into a failure instead of a hung test.
const goEndsWatchdog = 2 * time.Minute

// testPosition is a game to search: a variant, the FEN of its start (empty: the
// start position) and the moves from there.
type testPosition struct {
	variant *board.Variant
	fen     string
	moves   []string
	note    string
	// provenLines marks a position where every line ends within a few plies, so
	// that alpha-beta ends a deep or bare search at once.
	provenLines bool
}

// command is the position command of tp.
func (tp testPosition) command() string {
	c := "position startpos"
	if tp.fen != "" {
		c = "position fen " + tp.fen
	}
	if len(tp.moves) > 0 {
		c += " moves " + strings.Join(tp.moves, " ")
	}
	return c
}

// game replays tp.
func (tp testPosition) game(t *testing.T) *board.Game {
	t.Helper()
	start := tp.variant.StartPosition()
	if tp.fen != "" {
		var err error
		if start, err = tp.variant.ParsePosition(tp.fen); err != nil {
			t.Fatal(err)
		}
	}
	g := board.NewGame(start)
	for _, s := range tp.moves {
		m, err := tp.variant.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: replaying the game: %v", tp.note, err)
		}
	}
	return g
}

// nearTheEnd plays random games of v and returns, for each, the positions cuts
// plies before its end (0: the finished game), each with the game's history. Games
// that a random walk does not finish within a bound are skipped.
func nearTheEnd(t *testing.T, v *board.Variant, rng *rand.Rand, games int, cuts []int) []testPosition {
	t.Helper()
	var out []testPosition
	for range games {
		g := board.NewGame(v.StartPosition())
		var ml board.MoveList
		for len(g.Moves()) < 3000 && !g.Result().Over() {
			p := g.Position()
			p.LegalMoves(&ml)
			if err := g.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Result().Over() {
			continue
		}
		moves := make([]string, len(g.Moves()))
		for i, m := range g.Moves() {
			moves[i] = v.FormatMove(m)
		}
		for _, c := range cuts {
			if c <= len(moves) {
				out = append(out, testPosition{v, "", moves[:len(moves)-c], strconv.Itoa(c) + " plies before the end", c == 0})
			}
		}
	}
	return out
}

// TestEveryGoFormEnds is the property of issue 23: every go form ends with exactly
// one legal bestmove, by itself or after its stop or ponderhit, for both engines, in
// random positions of every game near their end (with the game's history, so with
// loop endings, and with lines the search proves), in the two positions where MCTS
// did not answer go depth N, and at the start. A search that does not end fails by
// the watchdog; under a form that only the engine's own bound ends, MCTS must stay
// within it. Alpha-beta gets the deep and bare forms only where every line ends
// soon (a search of every line to depth 60, or 120, its maximum, is out of reach
// in the middle of a game).
func TestEveryGoFormEnds(t *testing.T) {
	games, cuts := 3, []int{0, 1, 2, 4, 8, 16}
	if raceEnabled || testing.Short() {
		games, cuts = 1, []int{0, 4}
	}
	rng := rand.New(rand.NewPCG(23, 1))
	var positions []testPosition
	for _, v := range board.Samples() {
		positions = append(positions, testPosition{v, "", nil, "start", false})
		positions = append(positions, nearTheEnd(t, v, rng, games, cuts)...)
	}
	long := "a1 b2 b1 b2 a1 e2 e1 d2 a1 a2 f1 b2 f1 f2 b1 b2 c1 a2 b1 e2 c1 d2 d1 d2 " +
		"b1 a2 a1 b2 d1 e2 f1 c2 d1 a2 b1 b2 e1 a2 c1 d2 f1 f2 d1 c2 e1 b2 f1 a2 a1 d2 b1 f2 c1"
	positions = append(positions,
		testPosition{board.JeKiNJe.Get(), "", strings.Fields(long), "after 53 moves of loop endings", true},
		testPosition{board.AdjiKui1.Get(), "0,0,0,1,1,1/1,0,0,2,0,3 S 15 24 -", nil, "a move into a proven draw", true})
	const hashMB = 1
	mctsBound := mcts.UntimedIterations(search.Options{HashMB: hashMB})
	abBound := alphabeta.UntimedNodes(search.Options{HashMB: hashMB})
	for _, alg := range []string{"alphabeta", "mcts"} {
		for _, tp := range positions {
			s := newSession(t, realConfig())
			s.exchange("setoption name Variant value "+tp.variant.Name, "setoption name Search value "+alg,
				"setoption name Hash value "+strconv.Itoa(hashMB))
			for _, f := range goForms {
				if alg == "alphabeta" && (f.deep || f.bare) && !tp.provenLines {
					// The bare go's node bound is TestUnboundedSearchEnds's, in
					// search/alphabeta.
					continue
				}
				name := alg + " " + tp.variant.Name + " " + tp.note + ": " + f.cmd
				if f.then != "" {
					name += ", " + f.then
				}
				s.exchange(tp.command())
				s.send(f.cmd)
				if f.then != "" {
					s.exchange() // the search has started
					s.send(f.then)
				}
				lines, ok := s.untilBestMove(goEndsWatchdog)
				if !ok {
					t.Fatalf("%s: no bestmove within %v", name, goEndsWatchdog)
				}
				checkBestMove(t, name, tp, lines[len(lines)-1])
				if extra := bestMoves(s.exchange()); extra != 0 {
					t.Errorf("%s: %d more bestmove lines", name, extra)
				}
				nodes := lastNodes(lines)
				if alg == "mcts" && f.untimed && nodes > mctsBound {
					t.Errorf("%s: %d playouts, beyond the bound of %d", name, nodes, mctsBound)
				}
				if alg == "alphabeta" && f.bare && nodes > abBound {
					t.Errorf("%s: %d nodes, beyond the bound of %d", name, nodes, abBound)
				}
			}
		}
	}
}

// untilBestMove returns the output lines up to the first bestmove line; ok is false
// when there is none within limit (the search is then stopped).
func (s *session) untilBestMove(limit time.Duration) (lines []string, ok bool) {
	s.t.Helper()
	deadline := time.After(limit)
	for {
		select {
		case l, open := <-s.lines:
			if !open {
				return lines, false
			}
			lines = append(lines, l)
			if strings.HasPrefix(l, "bestmove") {
				return lines, true
			}
		case <-deadline:
			s.send("stop")
			return lines, false
		}
	}
}

// checkBestMove fails the test unless line is a bestmove legal at tp, or
// "bestmove (none)" where the game is over.
func checkBestMove(t *testing.T, name string, tp testPosition, line string) {
	t.Helper()
	g := tp.game(t)
	f := strings.Fields(line)
	if g.Result().Over() {
		if len(f) < 2 || f[1] != "(none)" {
			t.Errorf("%s: %q on a finished game", name, line)
		}
		return
	}
	if len(f) < 2 {
		t.Fatalf("%s: %q", name, line)
	}
	m, err := tp.variant.ParseMove(f[1])
	if err == nil {
		err = g.Play(m)
	}
	if err != nil {
		t.Errorf("%s: %q is not a legal move: %v", name, line, err)
	}
}

// lastNodes is the node count of the last info line among lines, or 0.
func lastNodes(lines []string) uint64 {
	var n uint64
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "info" && f[i] == "nodes" {
				n, _ = strconv.ParseUint(f[i+1], 10, 64)
			}
		}
	}
	return n
}
