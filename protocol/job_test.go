package protocol

import (
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/words"
)

// bestMoves counts bestmove lines.
func bestMoves(lines []string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "bestmove") {
			n++
		}
	}
	return n
}

// startScore is how the engine reports internal value v at the start of the default
// game, Je ki n je.
func startScore(v int) string {
	start := board.JeKiNJe.Get().StartPosition()
	return search.Reported(words.Score{Value: v}, &start).String()
}

func TestGoPrintsInfoThenOneBestMove(t *testing.T) {
	s := newSession(t, newFake(quick).config())
	s.send("go depth 1")
	got := s.until("bestmove")
	if len(got) != 2 || !strings.HasPrefix(got[0], "info depth 1 seldepth 1 multipv 1 score "+startScore(50)+" nodes 1 nps ") ||
		!strings.Contains(got[0], " hashfull 0 pv a1") || got[1] != "bestmove a1" {
		t.Errorf("go printed %q", got)
	}
	if rest := s.exchange(); len(rest) != 0 {
		t.Errorf("more output after bestmove: %q", rest)
	}
}

func TestGoLimitsReachTheSearcher(t *testing.T) {
	f := newFake(quick)
	s := newSession(t, f.config())
	s.send("position startpos moves c1 a2", "go wtime 1000 btime 0 winc 10 binc 20 movestogo 5 depth 7 nodes 100 movetime 50")
	s.until("bestmove")
	s.send("go infinite ponder")
	s.send("stop")
	s.until("bestmove")
	_, _, reqs, _ := f.record()
	want := search.Limits{Depth: 7, Nodes: 100, MoveTime: 50 * time.Millisecond,
		Time: [2]time.Duration{time.Second, time.Millisecond}, Inc: [2]time.Duration{10 * time.Millisecond, 20 * time.Millisecond},
		MovesToGo: 5}
	if len(reqs) != 2 || reqs[0].Limits != want {
		t.Fatalf("limits %+v, want %+v", reqs[0].Limits, want)
	}
	if l := reqs[1].Limits; l != (search.Limits{Infinite: true, Ponder: true}) {
		t.Errorf("go infinite ponder: %+v", l)
	}
	// The history is every position since the position command's start.
	v := board.JeKiNJe.Get()
	g := board.NewGame(v.StartPosition())
	for _, m := range []string{"c1", "a2"} {
		mv, _ := v.ParseMove(m)
		if err := g.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(reqs[0].History, g.Positions()) {
		t.Errorf("history has %d positions, want the %d of the game", len(reqs[0].History), len(g.Positions()))
	}
}

func TestStopEndsGoInfinite(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go infinite")
	if l := s.next(); !strings.HasPrefix(l, "info depth 1") {
		t.Fatalf("no info line first: %q", l)
	}
	s.send("stop")
	if l := s.next(); l != "bestmove a1" {
		t.Errorf("after stop: %q", l)
	}
}

// returnsAtOnce is quick, and closes returned when its first search has returned.
func returnsAtOnce() (*fake, chan struct{}) {
	returned := make(chan struct{})
	var once sync.Once
	return newFake(func(f *fake, req search.Request, ctl *search.Control) search.Result {
		defer once.Do(func() { close(returned) })
		return quick(f, req, ctl)
	}), returned
}

// waitFor waits for ch to be closed, then a little longer so that the engine has
// surely taken the search's result (if it has not, a test passes that should fail,
// never the other way round).
func waitFor(t *testing.T, ch chan struct{}) {
	t.Helper()
	select {
	case <-ch:
		time.Sleep(20 * time.Millisecond)
	case <-time.After(timeout):
		t.Fatal("the search did not return")
	}
}

func TestGoInfiniteHoldsBestMoveUntilStop(t *testing.T) {
	// The search returns at once; UCI still wants no bestmove before stop.
	f, returned := returnsAtOnce()
	s := newSession(t, f.config())
	s.send("go infinite")
	waitFor(t, returned)
	if got := s.exchange("d"); bestMoves(got) != 0 {
		t.Errorf("bestmove before stop: %q", got)
	}
	s.send("stop")
	if l := s.until("bestmove"); l[len(l)-1] != "bestmove a1" {
		t.Errorf("after stop: %q", l)
	}
}

func TestIsReadyDuringSearch(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go infinite")
	got := s.exchange("uci", "d")
	if bestMoves(got) != 0 || line(t, got, "uciok") != "uciok" || line(t, got, "Fen:") == "" {
		t.Errorf("during the search: %q", got)
	}
	s.send("stop")
	s.until("bestmove")
}

func TestQuitDuringSearch(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go infinite", "quit")
	if err := s.wait(); err != nil {
		t.Errorf("Run: %v", err)
	}
	for l := range s.lines {
		if strings.HasPrefix(l, "bestmove") {
			t.Errorf("bestmove after quit: %q", l)
		}
	}
}

func TestEndOfInputDuringSearchQuits(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go infinite")
	s.in.Close()
	if err := s.wait(); err != nil {
		t.Errorf("Run: %v", err)
	}
}

func TestPonderHitLetsTheSearchFinish(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go ponder wtime 1000 btime 1000")
	if got := s.exchange(); bestMoves(got) != 0 {
		t.Fatalf("bestmove while pondering: %q", got)
	}
	s.send("ponderhit")
	if l := s.until("bestmove"); l[len(l)-1] != "bestmove a1" {
		t.Errorf("after ponderhit: %q", l)
	}
}

func TestPonderResultHeldUntilPonderHit(t *testing.T) {
	f, returned := returnsAtOnce()
	s := newSession(t, f.config())
	s.send("go ponder")
	waitFor(t, returned)
	if got := s.exchange(); bestMoves(got) != 0 {
		t.Fatalf("bestmove while pondering: %q", got)
	}
	s.send("ponderhit")
	if l := s.until("bestmove"); l[len(l)-1] != "bestmove a1" {
		t.Errorf("after ponderhit: %q", l)
	}
}

func TestStopEndsPondering(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go ponder")
	s.next()
	s.send("stop")
	if l := s.next(); l != "bestmove a1" {
		t.Errorf("after stop: %q", l)
	}
	if got := s.exchange("ponderhit"); !reflect.DeepEqual(got, []string{"info string error: ponderhit without a go ponder search running"}) {
		t.Errorf("late ponderhit: %q", got)
	}
}

func TestCommandNeedingIdleStopsTheSearchFirst(t *testing.T) {
	f := newFake(untilStopped)
	s := newSession(t, f.config())
	s.send("go infinite")
	s.next()
	got := s.exchange("position startpos moves c1", "d")
	if bestMoves(got) != 1 || got[0] != "bestmove a1" {
		t.Errorf("position during the search: %q", got)
	}
	if l := fenLine(t, got); l != "Fen: 1,0,6,6,6,1/6,6,2,7,1,6 N 0 0 -" {
		t.Errorf("position not applied after the search: %s", l)
	}
	// go during a search: the first search ends with its bestmove, then the second runs.
	s.send("go infinite")
	s.next()
	s.send("go infinite")
	got = s.until("info depth")
	if bestMoves(got) != 1 {
		t.Errorf("go during go: %q", got)
	}
	s.send("stop")
	s.until("bestmove")
	if _, _, reqs, _ := f.record(); len(reqs) != 3 {
		t.Errorf("%d searches, want 3", len(reqs))
	}
}

func TestBadCommandDuringSearchLeavesItRunning(t *testing.T) {
	s := newSession(t, newFake(untilStopped).config())
	s.send("go infinite")
	s.next()
	got := s.exchange("position fen 1,2,3 S 0 0 -", "setoption name Hash value -1")
	want := []string{
		"info string error: position fen: Je ki n je has 2 rows separated by /, got 1",
		"info string error: option Hash value -1 is out of range 1..4096",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	s.send("stop")
	if l := s.next(); l != "bestmove a1" {
		t.Errorf("after stop: %q", l)
	}
}

func TestMultiPVLines(t *testing.T) {
	f := newFake(func(f *fake, req search.Request, _ *search.Control) search.Result {
		moves := legalMoves(req)
		f.mu.Lock()
		k := f.multiPV
		f.mu.Unlock()
		for i := 0; i < k; i++ {
			req.Info(search.Info{Depth: 2, SelDepth: 3, MultiPV: i + 1, Score: words.Score{Value: 100 - 10*i},
				Nodes: 40, Time: 2 * time.Millisecond, HashFull: 7, PV: []board.Move{moves[i], 11}}) // 11 is a2
		}
		return search.Result{Best: moves[0], Ponder: board.NoMove, Nodes: 40}
	})
	s := newSession(t, f.config())
	s.send("setoption name MultiPV value 3", "go depth 2")
	got := s.until("bestmove")
	want := []string{
		"info depth 2 seldepth 3 multipv 1 score " + startScore(100) + " nodes 40 nps 20000 time 2 hashfull 7 pv a1 a2",
		"info depth 2 seldepth 3 multipv 2 score " + startScore(90) + " nodes 40 nps 20000 time 2 hashfull 7 pv b1 a2",
		"info depth 2 seldepth 3 multipv 3 score " + startScore(80) + " nodes 40 nps 20000 time 2 hashfull 7 pv c1 a2",
		// The last info line before bestmove carries the line bestmove starts.
		"info depth 2 seldepth 3 multipv 1 score " + startScore(100) + " nodes 40 nps 20000 time 2 hashfull 7 pv a1 a2",
		"bestmove a1 ponder a2",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMateScoreAndPonderFromResult(t *testing.T) {
	f := newFake(func(_ *fake, req search.Request, _ *search.Control) search.Result {
		moves := legalMoves(req)
		req.Info(search.Info{Depth: 5, SelDepth: 9, Score: words.Score{Mate: true, Value: -3}, Nodes: 1000,
			NPS: 123, Time: time.Second, PV: []board.Move{moves[1]}})
		return search.Result{Best: moves[1], Ponder: 1, Nodes: 1000} // 1 is b1
	})
	s := newSession(t, f.config())
	s.send("position startpos moves c1", "go depth 5")
	got := s.until("bestmove")
	want := []string{
		"info depth 5 seldepth 9 multipv 1 score mate -3 nodes 1000 nps 123 time 1000 hashfull 0 pv c2",
		"bestmove c2 ponder b1",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIllegalPonderMoveIsDropped(t *testing.T) {
	f := newFake(func(_ *fake, req search.Request, _ *search.Control) search.Result {
		m := legalMoves(req)[1]
		req.Info(search.Info{Depth: 1, PV: []board.Move{m}})
		return search.Result{Best: m, Ponder: 7} // 7 is e2, North's: South is to move after c2
	})
	s := newSession(t, f.config())
	s.send("position startpos moves c1", "go depth 1")
	if got := s.until("bestmove"); got[len(got)-1] != "bestmove c2" {
		t.Errorf("got %q", got)
	}
}

func TestSilentSearcherStillGetsAnInfoLine(t *testing.T) {
	f := newFake(func(_ *fake, req search.Request, _ *search.Control) search.Result {
		return search.Result{Best: legalMoves(req)[2], Ponder: board.NoMove, Score: words.Score{Value: -25}, Nodes: 9}
	})
	s := newSession(t, f.config())
	s.send("go movetime 10")
	got := s.until("bestmove")
	if len(got) != 2 || !strings.HasPrefix(got[0], "info depth 0 seldepth 0 multipv 1 score "+startScore(-25)+" nodes 9 nps ") ||
		!strings.HasSuffix(got[0], " hashfull 0 pv c1") || got[1] != "bestmove c1" {
		t.Errorf("got %q", got)
	}
}

func TestIllegalBestMoveFallsBackToALegalOne(t *testing.T) {
	f := newFake(func(_ *fake, req search.Request, _ *search.Control) search.Result {
		return search.Result{Best: board.NoMove, Ponder: board.NoMove}
	})
	s := newSession(t, f.config())
	s.send("position startpos moves c1", "go nodes 5")
	got := s.until("bestmove")
	if got[len(got)-1] != "bestmove a2" || !strings.HasSuffix(got[0], " pv a2") {
		t.Errorf("got %q", got)
	}
}

func TestLinesNeverInterleave(t *testing.T) {
	const infos = 2000
	f := newFake(func(_ *fake, req search.Request, ctl *search.Control) search.Result {
		m := legalMoves(req)[0]
		pv := []board.Move{m, m, m, m, m, m, m, m}
		for i := 0; i < infos; i++ {
			req.Info(search.Info{Depth: i, Nodes: uint64(i), PV: pv})
		}
		return search.Result{Best: m, Ponder: board.NoMove}
	})
	s := newSession(t, f.config())
	s.send("go depth 100")
	var sent []string
	for i := 0; i < 200; i++ {
		sent = append(sent, "isready")
	}
	s.send(sent...)
	ready, info, best := 0, 0, false
	for ready < 200 || !best {
		l := s.next()
		switch {
		case l == "readyok":
			ready++
		case strings.HasPrefix(l, "info depth ") && strings.HasSuffix(l, " pv a1 a1 a1 a1 a1 a1 a1 a1") && !best:
			info++
		case l == "bestmove a1" && info == infos: // a1 cannot be North's reply: no ponder
			best = true
		default:
			t.Fatalf("mangled or misplaced line %q after %d info lines", l, info)
		}
	}
}

// timing matches the fields of an info line that depend on the clock.
var timing = regexp.MustCompile(` nps \d+ time \d+`)

func TestReproducibleNodeCount(t *testing.T) {
	for _, v := range board.Samples() {
		s := newSession(t, realConfig())
		// run returns the search's output without the timing fields (nps, time).
		run := func() []string {
			got := s.exchange("setoption name Variant value "+v.Name, "position startpos", "go nodes 3000")
			for bestMoves(got) == 0 {
				got = append(got, s.until("bestmove")...)
			}
			for i, l := range got {
				got[i] = timing.ReplaceAllString(l, "")
			}
			return got
		}
		s.send("setoption name Threads value 1", "setoption name Hash value 1")
		first := run()
		s.send("ucinewgame")
		again := run()
		if !reflect.DeepEqual(first, again) || len(first) < 2 || !strings.Contains(first[len(first)-2], " nodes ") {
			t.Errorf("%s: go nodes 3000 printed\n%s\nand after ucinewgame\n%s", v.Name, strings.Join(first, "\n"), strings.Join(again, "\n"))
		}
	}
}

func TestRealSearcherStopsOnStop(t *testing.T) {
	for _, alg := range []string{"alphabeta", "mcts", "alphabeta threads 64", "mcts threads 64"} {
		threads := "1"
		if f := strings.Fields(alg); len(f) == 3 {
			alg, threads = f[0], f[2]
		}
		s := newSession(t, realConfig())
		s.send("setoption name Search value "+alg, "setoption name Threads value "+threads, "go infinite")
		s.exchange()
		s.send("stop")
		got := s.until("bestmove")
		if bestMoves(got) != 1 || !strings.HasPrefix(got[len(got)-1], "bestmove ") {
			t.Errorf("%s: %q", alg, got)
		}
		if l := got[len(got)-1]; !map[string]bool{"bestmove a1": true, "bestmove b1": true, "bestmove c1": true,
			"bestmove d1": true, "bestmove e1": true, "bestmove f1": true}[strings.Join(strings.Fields(l)[:2], " ")] {
			t.Errorf("%s: not a legal first move: %q", alg, l)
		}
	}
}

func TestRealSearcherMultiPV(t *testing.T) {
	s := newSession(t, realConfig())
	s.send("setoption name Hash value 1", "setoption name MultiPV value 3", "go depth 3")
	got := s.until("bestmove")
	best := strings.Fields(got[len(got)-1])[1]
	firsts := map[string]map[string]string{} // depth -> multipv -> first move
	for _, l := range got[:len(got)-1] {
		f := strings.Fields(l)
		if len(f) < 20 || f[5] != "multipv" || f[18] != "pv" {
			t.Fatalf("info line %q", l)
		}
		if firsts[f[2]] == nil {
			firsts[f[2]] = map[string]string{}
		}
		firsts[f[2]][f[6]] = f[19]
	}
	if len(firsts) < 3 {
		t.Fatalf("want info lines for depths 1 to 3, got %q", got)
	}
	for depth, lines := range firsts {
		if len(lines) != 3 || lines["1"] == "" || lines["2"] == "" || lines["3"] == "" ||
			lines["1"] == lines["2"] || lines["1"] == lines["3"] || lines["2"] == lines["3"] {
			t.Errorf("depth %s: want three lines with different first moves, got %v", depth, lines)
		}
	}
	last := strings.Fields(got[len(got)-2])
	if last[6] != "1" || last[19] != best {
		t.Errorf("last info %q does not carry the best line %s", got[len(got)-2], best)
	}
}
