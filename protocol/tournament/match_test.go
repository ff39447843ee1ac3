package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament/stats"
	"mancala/search/searchtest"
	"mancala/tablebase"
)

func TestMain(m *testing.M) { fakeengine.Main(m) }

// fakeEngine is a player that runs this test binary as a fake engine of the given kind.
func fakeEngine(name, kind string) EngineSpec {
	return EngineSpec{Name: name, Cmd: os.Args[0], Env: []string{fakeengine.Env + "=" + kind, "GORACE=atexit_sleep_ms=0"}}
}

// syncBuffer is a bytes.Buffer safe for the workers' concurrent log lines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testConfig is a short match on je-ki-n-je from the start position.
func testConfig(engines ...EngineSpec) Config {
	v, _ := board.VariantByName("je-ki-n-je")
	tc, _ := ParseTimeControl("2+0.05")
	return Config{Variant: v, Engines: engines, Limits: Limits{TC: tc}, Rounds: 2, Concurrency: 1,
		Openings: []Opening{{FEN: v.Start}}, TimeMargin: 200 * time.Millisecond, ReadyTimeout: 30 * time.Second,
		Adjudication: Adjudication{MaxPlies: 200}}
}

// runMatch plays c and returns the summary and the records (from a records file in
// a temporary directory, unless c names one).
func runMatch(t *testing.T, c Config) (*Summary, []Record, string) {
	t.Helper()
	var log syncBuffer
	c.Log = &log
	if c.RecordsPath == "" {
		c.RecordsPath = filepath.Join(t.TempDir(), "games.jsonl")
	}
	sum, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	out := readRecords(t, c.RecordsPath)
	if len(out) != sum.Played {
		t.Fatalf("%d records for %d games played", len(out), sum.Played)
	}
	for i := range out {
		if _, err := ReplayGame(&out[i]); err != nil {
			t.Errorf("game %d does not replay: %v", out[i].Game, err)
		}
	}
	return sum, out, log.String()
}

// readRecords reads a records file, which must hold whole records only.
func readRecords(t *testing.T, path string) []Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []Record
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			continue
		}
		if !strings.HasSuffix(line, "\n") {
			t.Fatalf("records file ends in a partial line %q", line)
		}
		var r Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("record %q: %v", line, err)
		}
		out = append(out, r)
	}
	return out
}

func TestMatchBetweenRandomMovers(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.First))
	c.Rounds = 3
	sum, recs, log := runMatch(t, c)
	if !strings.Contains(log, "A: Fake random ("+os.Args[0]+"), tc=2+0.05") {
		t.Errorf("log lacks the engine's id and limits:\n%s", log)
	}
	if sum.Played != 6 || sum.Scheduled != 6 || sum.Stopped != "" {
		t.Fatalf("played %d of %d, stopped %q", sum.Played, sum.Scheduled, sum.Stopped)
	}
	if sum.Pairs[0].Ptnml.Pairs() != 3 || sum.Standings[0].Games() != 6 || sum.Standings[1].Games() != 6 {
		t.Errorf("pairs %v standings %+v", sum.Pairs[0].Ptnml, sum.Standings)
	}
	if sum.Standings[0].Points()+sum.Standings[1].Points() != 6 {
		t.Errorf("points do not add up: %+v", sum.Standings)
	}
	for _, r := range recs {
		if isFault(r.Reason) || r.Reason == EndScoreAgreement {
			t.Errorf("game %d ended by %s: %s", r.Game, r.Reason, r.Detail)
		}
		wantSouth := "A"
		if r.Game%2 == 0 {
			wantSouth = "B"
		}
		if r.South != wantSouth || r.Pair != (r.Game+1)/2 {
			t.Errorf("game %d: South %s, pair %d", r.Game, r.South, r.Pair)
		}
		if r.TimeMS[0] < 0 || len(r.Moves) == 0 {
			t.Errorf("game %d: time %v, %d moves", r.Game, r.TimeMS, len(r.Moves))
		}
	}
}

func TestRoundRobinWithConcurrency(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.First), fakeEngine("C", fakeengine.Random))
	c.Concurrency = 2
	sum, recs, _ := runMatch(t, c)
	if sum.Played != 12 || len(sum.Pairs) != 3 {
		t.Fatalf("played %d, %d pairings", sum.Played, len(sum.Pairs))
	}
	seen := map[int]bool{}
	for _, r := range recs {
		seen[r.Game] = true
	}
	if len(seen) != 12 {
		t.Errorf("games recorded: %v", seen)
	}
	for i, s := range sum.Standings {
		if s.Games() != 8 {
			t.Errorf("engine %d played %d games, want 8", i, s.Games())
		}
	}
}

func TestGauntletPairsOnlyTheFirstEngine(t *testing.T) {
	c := testConfig(fakeEngine("A", fakeengine.First), fakeEngine("B", fakeengine.First), fakeEngine("C", fakeengine.First))
	c.Gauntlet, c.Rounds = true, 1
	if ps := c.pairings(); len(ps) != 2 || ps[0] != [2]int{0, 1} || ps[1] != [2]int{0, 2} {
		t.Errorf("gauntlet pairings %v", ps)
	}
	c.Gauntlet = false
	if ps := c.pairings(); len(ps) != 3 || ps[2] != [2]int{1, 2} {
		t.Errorf("round robin pairings %v", ps)
	}
}

// faultMatch plays the given misbehaving engine against a random mover and checks
// that it lost every game that ended by a fault with the expected reason.
func faultMatch(t *testing.T, c Config, reason string) (*Summary, []Record, string) {
	t.Helper()
	sum, recs, log := runMatch(t, c)
	if sum.Played != sum.Scheduled {
		t.Fatalf("played %d of %d", sum.Played, sum.Scheduled)
	}
	if sum.Reasons[reason] == 0 {
		t.Fatalf("no game ended by %s: %v", reason, sum.Reasons)
	}
	for _, r := range recs {
		if r.Reason != reason {
			continue
		}
		loser := "bad"
		if (r.Result == "1-0" && r.North != loser) || (r.Result == "0-1" && r.South != loser) || r.Result == "1/2-1/2" {
			t.Errorf("game %d: %s %s (%s vs %s): the faulty engine did not lose", r.Game, r.Result, r.Reason, r.South, r.North)
		}
	}
	return sum, recs, log
}

func TestCrashingEngineLosesAndIsRestarted(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("bad", fakeengine.Crash), fakeEngine("good", fakeengine.Random))
	sum, recs, log := faultMatch(t, c, EndCrash)
	// The crasher dies in its third search of each process, so every game is a crash
	// and every game after the first needs a restart.
	if sum.Reasons[EndCrash] != 4 || !strings.Contains(log, "restarting bad") {
		t.Errorf("reasons %v, log:\n%s", sum.Reasons, log)
	}
	for _, r := range recs {
		if r.Detail != "engine exited: exit status 3" {
			t.Errorf("game %d: crash detail %q", r.Game, r.Detail)
		}
	}
	if sum.Faults[0].Crashes != 4 || sum.Faults[1] != (Faults{}) {
		t.Errorf("faults %+v", sum.Faults)
	}
}

// TestStallingEngineLosesOnTime: an engine that never answers go loses on its clock
// (0.1 s, a 50 ms margin), charged at least its time and with an overrun of at least
// the margin. The laggard also takes fakeengine.LaggardDelay over isready before go:
// the handshake counts in both the allowance and the time spent, so the overrun
// stays at least the margin however slow the handshake.
func TestStallingEngineLosesOnTime(t *testing.T) {
	searchtest.SkipRealTime(t)
	t.Parallel()
	for _, kind := range []string{fakeengine.Stall, fakeengine.Laggard} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			c := testConfig(fakeEngine("bad", kind), fakeEngine("good", fakeengine.Random))
			tc, _ := ParseTimeControl("0.1+0")
			c.Limits, c.TimeMargin, c.Rounds = Limits{TC: tc}, 50*time.Millisecond, 1
			// The good engine has time to spare even on a loaded machine. The staller must lose
			// to its clock, not to the per-move timeout (which the records would name).
			c.Engines[1].Limits = Limits{TC: TimeControl{Base: time.Minute}}
			c.MoveTimeout = time.Minute
			sum, recs, _ := faultMatch(t, c, EndTimeForfeit)
			if sum.Reasons[EndTimeForfeit] != 2 || sum.Faults[0].TimeForfeits != 2 || sum.Faults[0].MaxOverrun < 50*time.Millisecond {
				t.Errorf("reasons %v faults %+v", sum.Reasons, sum.Faults)
			}
			for _, r := range recs {
				side := 0
				if r.North == "bad" {
					side = 1
				}
				if r.TimeMS[side] < 100 {
					t.Errorf("game %d: the staller was charged %d ms", r.Game, r.TimeMS[side])
				}
				if strings.Contains(r.Detail, "per-move timeout") {
					t.Errorf("game %d: lost to the per-move timeout, not the clock: %q", r.Game, r.Detail)
				}
			}
		})
	}
}

func TestStallAtFixedDepthHitsTheMoveTimeout(t *testing.T) {
	searchtest.SkipRealTime(t)
	t.Parallel()
	c := testConfig(fakeEngine("bad", fakeengine.Stall), fakeEngine("good", fakeengine.Random))
	c.Limits, c.MoveTimeout, c.Rounds = Limits{Depth: 3}, 500*time.Millisecond, 1 // roomy for the good engine on a loaded machine
	_, recs, _ := faultMatch(t, c, EndTimeForfeit)
	for _, r := range recs {
		if !strings.Contains(r.Detail, "per-move timeout") {
			t.Errorf("game %d detail %q", r.Game, r.Detail)
		}
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("bad", fakeengine.Illegal), fakeEngine("good", fakeengine.Random))
	c.Rounds = 1
	sum, _, _ := faultMatch(t, c, EndIllegalMove)
	if sum.Faults[0].Illegal != 1 {
		t.Errorf("faults %+v", sum.Faults)
	}
	// The illegal mover's process survives its fault, so its second search in the next
	// game is a legal one: the second game is not lost by an illegal move.
	if sum.Reasons[EndIllegalMove] != 1 {
		t.Errorf("reasons %v", sum.Reasons)
	}
}

func TestGarbageIsIgnoredButABadBestMoveLoses(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("bad", fakeengine.Garbage), fakeEngine("good", fakeengine.Random))
	c.Rounds = 1
	_, _, log := faultMatch(t, c, EndBadBestMove)
	if !strings.Contains(log, `ignored line "hello there"`) {
		t.Errorf("garbage not logged:\n%s", log)
	}
}

func TestMissingEngineStopsTheMatchAtOnce(t *testing.T) {
	t.Parallel()
	c := testConfig(EngineSpec{Name: "ghost", Cmd: "/nonexistent/engine"}, fakeEngine("good", fakeengine.Random))
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "ghost") {
		t.Errorf("missing engine: err = %v", err)
	}
}

func TestSilentEngineStopsTheMatchAtOnce(t *testing.T) {
	searchtest.SkipRealTime(t)
	t.Parallel()
	c := testConfig(fakeEngine("mute", fakeengine.Silent), fakeEngine("good", fakeengine.Random))
	c.ReadyTimeout = 100 * time.Millisecond
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "uciok") {
		t.Errorf("silent engine: err = %v", err)
	}
}

func TestScoreAdjudication(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("sure", fakeengine.Optimist), fakeEngine("doubtful", fakeengine.Pessimist))
	c.Adjudication = Adjudication{WinScore: 500, WinMoves: 3}
	sum, recs, _ := runMatch(t, c)
	if sum.Reasons[EndScoreAgreement] != 4 {
		t.Fatalf("reasons %v", sum.Reasons)
	}
	for _, r := range recs {
		// Three moves each: the sixth move of the game decides.
		if len(r.Moves) != 6 {
			t.Errorf("game %d adjudicated after %d moves", r.Game, len(r.Moves))
		}
	}
	if sum.Standings[0] != (stats.WDL{W: 4}) {
		t.Errorf("optimist: %+v", sum.Standings[0])
	}
}

func TestMaxPliesAdjudication(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.Random))
	c.Adjudication.MaxPlies = 7
	v := c.Variant
	c.Openings = []Opening{{FEN: v.Start, Moves: []string{"a1"}}}
	sum, recs, _ := runMatch(t, c)
	if sum.Reasons[EndMaxPlies] != 4 {
		t.Fatalf("reasons %v", sum.Reasons)
	}
	for _, r := range recs {
		// Seven plies with the opening's one.
		if len(r.Moves) != 6 {
			t.Errorf("game %d: %d moves after the opening", r.Game, len(r.Moves))
		}
		// Each side takes the seeds on its side: count them from the final position.
		p, err := v.ParsePosition(r.Final)
		if err != nil {
			t.Fatal(err)
		}
		south, north := p.Store(board.South)+p.RowSeeds(board.South), p.Store(board.North)+p.RowSeeds(board.North)
		want := "1/2-1/2"
		if south > north {
			want = "1-0"
		} else if north > south {
			want = "0-1"
		}
		if r.Result != want || r.Seeds != strconv.Itoa(south)+"-"+strconv.Itoa(north) {
			t.Errorf("game %d: %s %s, want %s %d-%d", r.Game, r.Result, r.Seeds, want, south, north)
		}
		// The replay checks a capped game's seed count as well as its result.
		if _, err := ReplayGame(&r); err != nil {
			t.Errorf("game %d: replay: %v", r.Game, err)
		}
		r.Seeds = strconv.Itoa(north) + "-" + strconv.Itoa(south) + "0"
		if _, err := ReplayGame(&r); err == nil {
			t.Errorf("game %d: replay accepted the seed count %s", r.Game, r.Seeds)
		}
	}
}

func TestSPRTStopsTheMatch(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("sure", fakeengine.Optimist), fakeEngine("doubtful", fakeengine.Pessimist))
	c.Adjudication = Adjudication{WinScore: 500, WinMoves: 1}
	c.Rounds = 100
	c.SPRT = &stats.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.1, Beta: 0.1}
	var progress syncBuffer
	c.Progress = &progress
	sum, _, _ := runMatch(t, c)
	if sum.Verdict != stats.AcceptH1 || !strings.HasPrefix(sum.Stopped, "SPRT") || sum.Played >= sum.Scheduled {
		t.Fatalf("verdict %v stopped %q after %d of %d", sum.Verdict, sum.Stopped, sum.Played, sum.Scheduled)
	}
	_, hi := c.SPRT.Bounds()
	if sum.LLR < hi {
		t.Errorf("LLR %v below the bound %v", sum.LLR, hi)
	}
	lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
	if len(lines) != sum.Played || !strings.Contains(lines[len(lines)-1], "LLR") || !strings.Contains(lines[0], "games 1/200") {
		t.Errorf("progress lines:\n%s", progress.String())
	}
}

func TestOptionsAreCheckedBeforeTheFirstGame(t *testing.T) {
	t.Parallel()
	good := fakeEngine("A", fakeengine.Random)
	good.Options = []client.Option{{Name: "Style", Value: "wild"}, {Name: "Ponder", Value: "true"}}
	c := testConfig(good, fakeEngine("B", fakeengine.Random))
	c.Rounds = 1
	if sum, _, _ := runMatch(t, c); sum.Played != 2 {
		t.Errorf("good options: played %d", sum.Played)
	}
	for _, o := range []client.Option{{Name: "Search", Value: "mtcs"}, {Name: "Style", Value: "mtcs"}, {Name: "Hash", Value: "0"}} {
		bad := fakeEngine("A", fakeengine.Random)
		bad.Options = []client.Option{o}
		c := testConfig(bad, fakeEngine("B", fakeengine.Random))
		c.RecordsPath = filepath.Join(t.TempDir(), "games.jsonl")
		if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "option "+o.Name) {
			t.Errorf("%+v: %v", o, err)
		}
		if _, err := os.Stat(c.RecordsPath); err == nil {
			t.Errorf("%+v: records file created", o)
		}
	}
	// An engine that declares the option but answers setoption with an error.
	picky := fakeEngine("A", fakeengine.Picky)
	picky.Options = []client.Option{{Name: "Hash", Value: "64"}}
	c = testConfig(picky, fakeEngine("B", fakeengine.Random))
	if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "refused its options") ||
		!strings.Contains(err.Error(), "takes no setoption") {
		t.Errorf("picky engine: %v", err)
	}
}

func TestTraceLinesNameTheGameAndTheProcess(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.Random))
	c.Limits, c.Concurrency, c.Rounds = Limits{Depth: 1}, 2, 2
	var mu sync.Mutex
	var lines []TraceLine
	c.Trace = func(l TraceLine) {
		mu.Lock()
		lines = append(lines, l)
		mu.Unlock()
	}
	runMatch(t, c)
	mu.Lock()
	defer mu.Unlock()
	procs := map[int]map[string]int{} // game -> engine -> pid
	pidsOfA := map[int]bool{}
	for _, l := range lines {
		if l.PID <= 0 {
			t.Fatalf("line without a process: %+v", l)
		}
		if l.Game == 0 {
			continue
		}
		if procs[l.Game] == nil {
			procs[l.Game] = map[string]int{}
		}
		if pid, ok := procs[l.Game][l.Engine]; ok && pid != l.PID {
			t.Errorf("game %d: %s talks through two processes %d and %d", l.Game, l.Engine, pid, l.PID)
		}
		procs[l.Game][l.Engine] = l.PID
		if l.Engine == "A" {
			pidsOfA[l.PID] = true
		}
	}
	if len(procs) != 4 || len(pidsOfA) != 2 {
		t.Errorf("games traced %d, processes of A %d", len(procs), len(pidsOfA))
	}
	want := fmt.Sprintf("game 3 A[%d] > ucinewgame", procs[3]["A"])
	found := false
	for _, l := range lines {
		found = found || l.String() == want
	}
	if !found {
		t.Errorf("no trace line %q", want)
	}
}

func TestBinaryFromAnEngineIsEscapedInTheLog(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Binary), fakeEngine("B", fakeengine.Random))
	c.Limits, c.Rounds = Limits{Depth: 1}, 1
	_, _, log := runMatch(t, c)
	if !utf8.ValidString(log) || strings.ContainsRune(log, 0) || !strings.Contains(log, `\x00\xfe\xff info\x00string \xc3(`) {
		t.Errorf("log:\n%q", log)
	}
}

// cancelAfter is a progress writer that cancels the match once n games are played.
type cancelAfter struct {
	n      int
	cancel context.CancelFunc
	seen   int
}

func (w *cancelAfter) Write(b []byte) (int, error) {
	w.seen += bytes.Count(b, []byte("\n"))
	if w.seen == w.n {
		w.cancel()
	}
	return len(b), nil
}

func TestInterruptedMatchAgreesWithItsRecordsAndResumes(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.First))
	c.Limits, c.Rounds = Limits{Depth: 1}, 3
	c.RecordsPath = filepath.Join(t.TempDir(), "games.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.Progress = &cancelAfter{n: 3, cancel: cancel}
	var mu sync.Mutex
	pids := map[int]bool{}
	c.Trace = func(l TraceLine) { mu.Lock(); pids[l.PID] = true; mu.Unlock() }
	sum, err := Run(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, c.RecordsPath)
	if sum.Stopped != "interrupted" || sum.Played != 3 || len(recs) != 3 {
		t.Fatalf("stopped %q, played %d, %d records", sum.Stopped, sum.Played, len(recs))
	}
	// The pairing line counts the one whole pair; the third game is in the standings.
	p := sum.Pairs[0]
	if p.WDL.Games() != 2 || p.Ptnml.Pairs() != 1 || p.Unpaired != 1 || sum.Standings[0].Games() != 3 {
		t.Errorf("pairing %+v, standings %+v", p, sum.Standings)
	}
	if e := p.Ptnml.Estimate(); !math.IsNaN(e.Elo) && math.Abs(stats.ExpectedScore(e.Elo)-p.WDL.Score()) > 1e-9 {
		t.Errorf("pairing Elo %v does not match its points %v", e.Elo, p.WDL.Points())
	}
	// The summary is the records' summary.
	var a, b bytes.Buffer
	WriteReport(&a, sum)
	merged := Summarize(recs, nil)
	merged.Stopped = sum.Stopped
	merged.Scheduled = sum.Scheduled
	// The records name the games they lack; the run's own report says "interrupted".
	if len(merged.Notes) != 1 || !strings.HasPrefix(merged.Notes[0], "games not in these records: ") || !strings.HasSuffix(merged.Notes[0], "(3 of 6)") {
		t.Errorf("notes of the records: %q", merged.Notes)
	}
	merged.Notes = nil
	WriteReport(&b, merged)
	if a.String() != b.String() {
		t.Errorf("report:\n%s\nfrom the records:\n%s", a.String(), b.String())
	}
	// Every engine process has ended.
	mu.Lock()
	for pid := range pids {
		if processRuns(pid) {
			t.Errorf("engine process %d still runs", pid)
		}
	}
	mu.Unlock()
	// --resume plays the rest.
	c.Progress, c.Trace, c.Resume = nil, nil, true
	sum, recs, _ = runMatch(t, c)
	if sum.Played != 6 || len(recs) != 6 || sum.Stopped != "" || sum.Pairs[0].Ptnml.Pairs() != 3 {
		t.Errorf("resumed: played %d, %d records, stopped %q", sum.Played, len(recs), sum.Stopped)
	}
}

func TestInterruptedMatchReturnsWhatWasPlayed(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Stall), fakeEngine("B", fakeengine.Stall))
	c.Limits = Limits{Depth: 1}
	c.MoveTimeout = time.Hour // only the cancel can end the stalled search
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel once the first game is under way (its first go sent).
	c.Trace = func(l TraceLine) {
		if l.Game > 0 && strings.HasPrefix(l.Line, "go") {
			cancel()
		}
	}
	type outcome struct {
		sum *Summary
		err error
	}
	ran := make(chan outcome, 1)
	go func() {
		sum, err := Run(ctx, c)
		ran <- outcome{sum, err}
	}()
	var o outcome
	select {
	case o = <-ran:
	case <-time.After(5 * time.Minute): // a guard against hanging, not a speed limit
		t.Fatal("Run did not return after the cancel")
	}
	if o.err != nil {
		t.Fatal(o.err)
	}
	if o.sum.Played != 0 || o.sum.Stopped != "interrupted" {
		t.Errorf("played %d, stopped %q", o.sum.Played, o.sum.Stopped)
	}
}

func TestValidate(t *testing.T) {
	good := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.Random))
	cases := map[string]func(c *Config){
		"one engine":  func(c *Config) { c.Engines = c.Engines[:1] },
		"same names":  func(c *Config) { c.Engines[1].Name = "A" },
		"no limits":   func(c *Config) { c.Limits = Limits{} },
		"no rounds":   func(c *Config) { c.Rounds = 0 },
		"no openings": func(c *Config) { c.Openings = nil },
		"sprt of three": func(c *Config) {
			c.Engines = append(c.Engines, fakeEngine("C", "x"))
			c.SPRT = &stats.SPRT{Elo1: 5, Alpha: .05, Beta: .05}
		},
		"missing variant": func(c *Config) { c.Variant = nil },
		"concurrency -1":  func(c *Config) { c.Concurrency = -1 },
		"maxplies -5":     func(c *Config) { c.Adjudication.MaxPlies = -5 },
		"movetime -1":     func(c *Config) { c.Limits = Limits{MoveTime: -time.Second} },
		"inf alone":       func(c *Config) { c.Limits = Limits{TC: TimeControl{Infinite: true}} },
		"shard 2 of 2":    func(c *Config) { c.Shard = Shard{Index: 2, Count: 2} },
		"resume no file":  func(c *Config) { c.Resume = true },
		"negative margin": func(c *Config) { c.TimeMargin = -1 },
		"engine depth -1": func(c *Config) { c.Engines[0].Limits = Limits{Depth: -1} },
	}
	for name, spoil := range cases {
		c := good
		c.Engines = append([]EngineSpec(nil), good.Engines...)
		spoil(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	c := good
	if err := c.Validate(); err != nil || c.Engines[0].Limits != good.Limits || c.Concurrency != 1 {
		t.Errorf("good config: %v, %+v", err, c)
	}
}

func TestEngineThatCannotBeRestartedLosesTheRestOfItsGames(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	// A wrapper that starts the crashing engine once (checked before the match, it
	// plays the first game), then fails: as if its binary vanished during the match.
	dir := t.TempDir()
	script := `n=$(cat count 2>/dev/null || echo 0); echo $((n+1)) > count; [ "$n" -lt 1 ] && exec "$BIN"; exit 1`
	bad := fakeEngine("bad", fakeengine.Crash)
	bad.Cmd, bad.Args, bad.Dir = "/bin/sh", []string{"-c", script}, dir
	bad.Env = append(bad.Env, "BIN="+os.Args[0])
	c := testConfig(bad, fakeEngine("good", fakeengine.Random))
	sum, recs, log := runMatch(t, c)
	if sum.Played != 4 || sum.Reasons[EndCrash] != 1 || sum.Reasons[EndEngineFailure] != 3 {
		t.Fatalf("played %d, reasons %v\n%s", sum.Played, sum.Reasons, log)
	}
	if sum.Standings[1] != (stats.WDL{W: 4}) {
		t.Errorf("the good engine: %+v", sum.Standings[1])
	}
	for _, r := range recs[1:] {
		if r.Reason == EndEngineFailure && len(r.Moves) != 0 {
			t.Errorf("game %d: moves after an engine failure", r.Game)
		}
	}
	// A game without moves records an empty list, not null.
	if line, _ := json.Marshal(&recs[1]); !strings.Contains(string(line), `"moves":[]`) {
		t.Errorf("record %s", line)
	}
}

// An engine that rejects a position loses the game there, and is never sent the go
// that would make it search the position it had before.
func TestRejectedPositionLosesWithoutASearch(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("bad", fakeengine.Narrow), fakeEngine("good", fakeengine.Random))
	c.Rounds = 1
	var mu sync.Mutex
	var sent []string // the lines sent to the bad engine
	c.Trace = func(l TraceLine) {
		if l.Engine == "bad" && l.Dir == '>' {
			mu.Lock()
			sent = append(sent, l.Line)
			mu.Unlock()
		}
	}
	sum, recs, _ := faultMatch(t, c, EndEngineFailure)
	if sum.Reasons[EndEngineFailure] != 2 {
		t.Errorf("reasons %v, want both games lost by the narrow engine", sum.Reasons)
	}
	for _, r := range recs {
		if len(r.Moves) < fakeengine.NarrowMoves || !strings.Contains(r.Detail, "position rejected: error: line too long") {
			t.Errorf("game %d: %d moves, detail %q", r.Game, len(r.Moves), r.Detail)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	lastPosition := ""
	for _, l := range sent {
		switch {
		case strings.HasPrefix(l, "position"):
			lastPosition = l
		case strings.HasPrefix(l, "go") && len(strings.Fields(lastPosition)) > 8+fakeengine.NarrowMoves:
			t.Fatalf("sent %q after the rejected %.60q...", l, lastPosition)
		}
	}
}

// TestTablebaseAdjudication: with a table to 8 seeds, games from openings of at
// most 8 seeds on the board end at the first position the table values exactly
// (earlier ones it only bounds), with the result perfect play gives (each game is
// then played on by the table's best moves to check the count); the match is not
// the one played without the table.
func TestTablebaseAdjudication(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.Random))
	v := c.Variant
	tb, err := tablebase.Build(v, 8, tablebase.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Openings = []Opening{{FEN: "0,1,0,2,0,1/1,0,2,0,1,0 S 20 20 -"}, {FEN: "0,0,3,0,0,1/2,0,0,1,1,0 S 18 22 -"}}
	c.Rounds = 2
	without := c.identity(4)
	c.Adjudication.Table = tb
	if c.identity(4) == without {
		t.Error("the match's identity does not depend on the table")
	}
	sum, recs, _ := runMatch(t, c)
	if sum.Reasons[EndTablebase] != 4 {
		t.Fatalf("reasons %v", sum.Reasons)
	}
	for _, r := range recs {
		g, err := ReplayGame(&r)
		if err != nil {
			t.Fatalf("game %d: %v", r.Game, err)
		}
		for i, p := range g.Positions()[1:] {
			lo, hi, _ := tb.Probe(&p)
			if last := i == len(r.Moves)-1; last != (lo == hi) {
				t.Errorf("game %d, ply %d of %d: the table bounds it %d..%d", r.Game, i+1, len(r.Moves), lo, hi)
			}
		}
		seen := func(q *board.Position) bool { return slices.Contains(g.Positions(), *q) }
		for !g.Result().Over() {
			cur := g.Position()
			best, _ := tb.BestMove(&cur, seen)
			if err := g.Play(best.Move); err != nil {
				t.Fatal(err)
			}
		}
		if res := g.Result(); res.Score() != r.Result || fmt.Sprintf("%d-%d", res.South, res.North) != r.Seeds {
			t.Errorf("game %d adjudicated %s %s, perfect play ends %v", r.Game, r.Result, r.Seeds, res)
		}
		r.Seeds = "40-8"
		if _, err := ReplayGame(&r); err == nil {
			t.Errorf("game %d: the replay accepted seeds %s from a position of %s", r.Game, r.Seeds, r.Final)
		}
	}
}
