package tournament

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament/stats"
)

var played struct {
	sync.Mutex
	recs []Record
}

// playedRecords plays a short match, once for all the tests that ask, and returns a
// copy of its records.
func playedRecords(t *testing.T) []Record {
	t.Helper()
	played.Lock()
	defer played.Unlock()
	if played.recs == nil {
		c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.Random))
		c.Rounds = 1
		_, played.recs, _ = runMatch(t, c)
	}
	out := append([]Record(nil), played.recs...)
	for i := range out {
		out[i].Moves = append([]MoveRecord(nil), out[i].Moves...)
	}
	return out
}

// recordLines writes records as a records file's text.
func recordLines(t *testing.T, recs []Record) string {
	t.Helper()
	var b bytes.Buffer
	for i := range recs {
		line, err := json.Marshal(&recs[i])
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	return b.String()
}

func TestReplayAcceptsRecordsAndPrintsFinalPositions(t *testing.T) {
	recs := playedRecords(t)
	var out bytes.Buffer
	games, bad, err := Replay(strings.NewReader(recordLines(t, recs)), &out)
	if err != nil || games != 2 || bad != 0 {
		t.Fatalf("games %d bad %d err %v\n%s", games, bad, err, out.String())
	}
	for _, r := range recs {
		if !strings.Contains(out.String(), "final "+r.Final+": ok") {
			t.Errorf("output lacks game %d's final position:\n%s", r.Game, out.String())
		}
	}
}

func TestReplayCatchesTamperedRecords(t *testing.T) {
	recs := playedRecords(t)
	tamper := map[string]func(r *Record){
		"a move changed":    func(r *Record) { r.Moves[0].Move = "a2" },
		"a move dropped":    func(r *Record) { r.Moves = r.Moves[:len(r.Moves)-1] },
		"result flipped":    func(r *Record) { r.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[r.Result] },
		"seeds changed":     func(r *Record) { r.Seeds = "48-0" },
		"reason changed":    func(r *Record) { r.Reason = EndCrash },
		"unknown reason":    func(r *Record) { r.Reason = "boredom" },
		"unknown variant":   func(r *Record) { r.Variant = "chess" },
		"opening corrupted": func(r *Record) { r.Opening.FEN = "1,2,3" },
	}
	for name, spoil := range tamper {
		r := recs[0]
		r.Moves = append([]MoveRecord(nil), recs[0].Moves...)
		spoil(&r)
		if _, err := ReplayGame(&r); err == nil {
			t.Errorf("%s: replay accepted it", name)
		}
	}
	var out bytes.Buffer
	games, bad, _ := Replay(strings.NewReader("{not json\n"+recordLines(t, recs[:1])), &out)
	if games != 2 || bad != 1 || !strings.Contains(out.String(), "line 1") {
		t.Errorf("games %d bad %d:\n%s", games, bad, out.String())
	}
}

func TestWriteReport(t *testing.T) {
	sum := &Summary{
		Engines:   []string{"Alpha", "Beta"},
		Standings: []stats.WDL{{W: 3, D: 0, L: 1}, {W: 1, D: 0, L: 3}},
		Faults:    []Faults{{}, {Crashes: 1, TimeForfeits: 2, Illegal: 3, MaxOverrun: 1234 * time.Millisecond}},
		Pairs:     []PairStats{{A: 0, B: 1, WDL: stats.WDL{W: 3, L: 1}, Ptnml: stats.Pentanomial{0, 0, 1, 0, 1}}},
		Scheduled: 4, Played: 4, Reasons: map[string]int{board.NoLegalMove.String(): 3, EndCrash: 1},
		SPRT: &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}, LLR: 0.5,
	}
	var b bytes.Buffer
	WriteReport(&b, sum)
	out := b.String()
	// 3 of 4 points: 75% and 400 log10(3) = 190.8 Elo; the pair [0,0,1,0,1] has mean
	// 0.75 too. LOS of 3 wins, 1 loss: Φ(2/2) = 84.1%.
	for _, want := range []string{"Alpha", "+190.8", "75.0%", "84.1%", "-190.8", "Alpha vs Beta", "3.0-1.0",
		"[0, 0, 1, 0, 1]", "LLR 0.50 (-2.94, 2.94): continue", "4 of 4 games played", "crash 1", "no legal move 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`Beta +4 +1\.0 .* 2 +1 +3 +1234ms`).MatchString(out) {
		t.Errorf("Beta's faults and overrun are not in the standings:\n%s", out)
	}
	if strings.Index(out, "Alpha") > strings.Index(out, "Beta") {
		t.Errorf("standings not sorted by points:\n%s", out)
	}
	if formatElo(math.Inf(1)) != "+inf" || formatMargin(math.NaN()) != "-" {
		t.Error("formatting of infinite and undefined values")
	}
}

func TestSummarizeMergesRecordsInGameOrder(t *testing.T) {
	recs := playedRecords(t) // games 1 and 2 of one pair, A and B
	// Given in reverse order, and as records of an older runner without the schedule's size.
	rev := []Record{recs[1], recs[0]}
	rev[0].Scheduled, rev[1].Scheduled = 0, 0
	sum := Summarize(rev, nil)
	if sum.Engines[0] != "A" || sum.Pairs[0].A != 0 || sum.Pairs[0].Ptnml.Pairs() != 1 || sum.Scheduled != 2 || sum.Stopped != "" {
		t.Errorf("%+v", sum)
	}
	// One game of a pair only: counted in the standings, not in the pairing.
	one := Summarize(recs[1:], nil)
	if one.Played != 1 || one.Pairs[0].Unpaired != 1 || one.Pairs[0].WDL.Games() != 0 || one.Standings[0].Games() != 1 ||
		one.Engines[0] != recs[1].North || one.Stopped != "1 games not in these records" {
		t.Errorf("%+v", one)
	}
}

func TestSplitPairsCountedByColourAndByDraws(t *testing.T) {
	// Each pair: game 2p-1 with A as South, game 2p with B as South; the results are
	// South's.
	pairs := [][2]string{
		{"1-0", "1-0"},         // South won both: A 1, B 1
		{"0-1", "0-1"},         // North won both
		{"1/2-1/2", "1/2-1/2"}, // two draws
		{"1-0", "0-1"},         // A won both: 2-0
		{"1-0", "1/2-1/2"},     // A 1.5
		{"0-1", "1/2-1/2"},     // A 0.5
	}
	var recs []Record
	for i, p := range pairs {
		recs = append(recs,
			Record{Game: 2*i + 1, Pair: i + 1, South: "A", North: "B", Result: p[0], Reason: board.NoLegalMove.String()},
			Record{Game: 2*i + 2, Pair: i + 1, South: "B", North: "A", Result: p[1], Reason: board.NoLegalMove.String()})
	}
	sum := Summarize(recs, nil)
	ps := sum.Pairs[0]
	if ps.ColourWon != 2 || ps.BothDrawn != 1 || ps.Ptnml != (stats.Pentanomial{0, 1, 3, 1, 1}) {
		t.Errorf("colour-won %d, double draws %d, pentanomial %v; want 2, 1, [0 1 3 1 1]", ps.ColourWon, ps.BothDrawn, ps.Ptnml)
	}
	var b bytes.Buffer
	WriteReport(&b, sum)
	if want := "A vs B: 3 of 6 pairs split 1-1, 2 won by one colour both times, 1 by two draws"; !strings.Contains(b.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, b.String())
	}
}

// Records of two matches (another seed's openings) keep their pairs apart: pair
// numbers restart in each match, and a match stopped after the first game of a pair
// (an SPRT's verdict) leaves that game unpaired instead of pairing it with the other
// match's game. Missing games are named per match, and each match's files are read
// without a game counted twice.
func TestMergedMatchesKeepTheirPairsApart(t *testing.T) {
	game := func(match string, g int, result string) Record {
		r := Record{Game: g, Pair: (g + 1) / 2, South: "A", North: "B", Result: result, Reason: board.NoLegalMove.String(),
			Match: match, Scheduled: 4}
		if g%2 == 0 {
			r.South, r.North = "B", "A"
		}
		return r
	}
	one := []Record{game("m1", 1, "1-0"), game("m1", 2, "0-1"), game("m1", 3, "1-0")} // A 2-0, then stopped
	two := []Record{game("m2", 1, "0-1"), game("m2", 2, "1-0"), game("m2", 3, "0-1"), game("m2", 4, "1-0")}
	dir := t.TempDir()
	var paths []string
	for i, recs := range [][]Record{one, two} {
		var b bytes.Buffer
		for _, r := range recs {
			line, _ := json.Marshal(r)
			b.Write(append(line, '\n'))
		}
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("m%d.jsonl", i+1)))
		if err := os.WriteFile(paths[i], b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := ReadRecordFiles(paths)
	if err != nil || len(recs) != 7 {
		t.Fatalf("%d records, %v; want all 7", len(recs), err)
	}
	sum := Summarize(recs, nil)
	ps := sum.Pairs[0]
	if ps.Ptnml != (stats.Pentanomial{2, 0, 0, 0, 1}) || ps.Unpaired != 1 {
		t.Errorf("pentanomial %v with %d unpaired; want [2 0 0 0 1] and m1's third game unpaired", ps.Ptnml, ps.Unpaired)
	}
	want := "games not in these records: match m1: 4 (1 of 4)"
	if len(sum.Notes) != 2 || sum.Notes[1] != want {
		t.Errorf("notes %q; want the matches named and %q", sum.Notes, want)
	}
	if _, err := ReadRecordFiles([]string{paths[0], paths[1], paths[0]}); err == nil || !strings.Contains(err.Error(), "game 1 is recorded twice") {
		t.Errorf("a file given twice: %v", err)
	}
}

func TestScoreKindsAroundTheLevelMargin(t *testing.T) {
	for _, c := range []struct {
		score string
		kind  int
		ok    bool
	}{
		{"cp 51", Ahead, true}, {"cp 50", Level, true}, {"cp 0", Level, true}, {"cp -50", Level, true},
		{"cp -51", Behind, true}, {"mate 3", Ahead, true}, {"mate -2", Behind, true},
		{"", 0, false}, {"cp", 0, false}, {"cp x", 0, false}, {"wdl 3", 0, false},
	} {
		if kind, ok := scoreKind(c.score); kind != c.kind || ok != c.ok {
			t.Errorf("scoreKind(%q) = %d, %v; want %d, %v", c.score, kind, ok, c.kind, c.ok)
		}
	}
}

func TestOutlooksTallyEachEnginesScoresAgainstItsResults(t *testing.T) {
	// North moves first after the opening; the depth-1 scores (forced moves) and a
	// score that is no score do not count.
	opening := Opening{FEN: "4,4,4,4,4,4/4,4,4,4,4,4 N 0 0 -"}
	mv := func(score string, depth int) MoveRecord { return MoveRecord{Move: "a1", Score: score, Depth: depth} }
	recs := []Record{
		{Game: 1, Pair: 1, Variant: "je-ki-n-je", South: "A", North: "B", Opening: opening, Result: "1-0", Reason: board.NoLegalMove.String(),
			Moves: []MoveRecord{mv("cp 0", 10), mv("cp 300", 12), mv("cp 900", 1), mv("cp 20", 14), mv("mate -3", 20)}},
		{Game: 2, Pair: 1, Variant: "je-ki-n-je", South: "B", North: "A", Opening: opening, Result: "1/2-1/2", Reason: board.LoopEnding.String(),
			Moves: []MoveRecord{mv("cp -10", 9), mv("cp -600", 1), mv("bogus", 9), mv("cp 40", 11)}},
		{Game: 3, Pair: 2, Variant: "je-ki-n-je", South: "A", North: "B", Opening: opening, Result: "0-1", Reason: board.NoLegalMove.String(),
			Moves: []MoveRecord{mv("cp 80", 1)}},
	}
	sum := Summarize(recs, nil)
	a, b := sum.Outlooks[0], sum.Outlooks[1]
	// A: game 1 South, first cp 300 (ahead), won; game 2 North, first -10 (level) and
	// level throughout, drawn; game 3 South without a score.
	wantA := Outlook{First: [3]stats.WDL{Ahead: {W: 1}, Level: {D: 1}}, Level: stats.WDL{D: 1}, Unscored: 1}
	// B: game 1 North, first cp 0 (level), then mate -3, lost; game 2 South, cp -600
	// at depth 1 (not counted) and cp 40 (level), drawn; game 3 North, depth 1 only.
	wantB := Outlook{First: [3]stats.WDL{Level: {D: 1, L: 1}}, Level: stats.WDL{D: 1}, Unscored: 1}
	if a != wantA || b != wantB {
		t.Errorf("outlooks A %+v, B %+v; want %+v, %+v", a, b, wantA, wantB)
	}
	var out bytes.Buffer
	WriteReport(&out, sum)
	if !regexp.MustCompile(`(?m)^ +A +2 +1-0-0 +0-1-0 +0-0-0 +0-1-0 *$`).MatchString(out.String()) {
		t.Errorf("report lacks A's outlook line:\n%s", out.String())
	}
}

func TestOpeningsSplitByTheFirstEnginesFirstScores(t *testing.T) {
	// Four pairs, A South in the odd games. A's first scores, South's then North's:
	// level and level (drawn both: a level opening); level and ahead (A won the
	// second); ahead and behind (each colour won); level and none (not counted).
	opening := Opening{FEN: "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"}
	// South moves first: A's scores are the even moves in odd games, the odd moves in even games.
	asSouth := func(score string) []MoveRecord {
		return []MoveRecord{{Move: "a1", Score: score, Depth: 9}, {Move: "a2", Score: "cp 0", Depth: 9}}
	}
	asNorth := func(score string) []MoveRecord {
		return []MoveRecord{{Move: "a1", Score: "cp 0", Depth: 9}, {Move: "a2", Score: score, Depth: 9}}
	}
	game := func(n int, result string, moves []MoveRecord) Record {
		south, north := "A", "B"
		if n%2 == 0 {
			south, north = "B", "A"
		}
		return Record{Game: n, Pair: (n + 1) / 2, Variant: "je-ki-n-je", South: south, North: north, Opening: opening,
			Result: result, Reason: board.LoopEnding.String(), Moves: moves}
	}
	recs := []Record{
		game(1, "1/2-1/2", asSouth("cp 10")), game(2, "1/2-1/2", asNorth("cp -20")),
		game(3, "1/2-1/2", asSouth("cp 0")), game(4, "0-1", asNorth("cp 300")),
		game(5, "1-0", asSouth("cp 200")), game(6, "1-0", asNorth("cp -200")),
		game(7, "1/2-1/2", asSouth("cp 0")), game(8, "1/2-1/2", asNorth("cp 500")[:1]),
	}
	ps := Summarize(recs, nil).Pairs[0]
	if ps.LevelOpenings != (stats.Pentanomial{0, 0, 1, 0, 0}) || ps.OtherOpenings != (stats.Pentanomial{0, 0, 1, 1, 0}) {
		t.Errorf("level openings %v, others %v; want [0 0 1 0 0] and [0 0 1 1 0]", ps.LevelOpenings, ps.OtherOpenings)
	}
	var b bytes.Buffer
	WriteReport(&b, Summarize(recs, nil))
	want := "A vs B: 1 of 4 openings scored level by A's first search with both colours (pairs [0, 0, 1, 0, 0]); the other 2: [0, 0, 1, 1, 0]"
	if !strings.Contains(b.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, b.String())
	}
}

func TestDecidedOpeningsLeaveOutThePairsScored1To1(t *testing.T) {
	opening := func(move string) Opening { return Opening{FEN: "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0", Moves: []string{move}} }
	var recs []Record
	pair := func(o Opening, south, north string) { // A is South in the pair's first game
		n := len(recs) + 1
		recs = append(recs,
			Record{Game: n, Pair: (n + 1) / 2, South: "A", North: "B", Opening: o, Result: south, Reason: board.NoLegalMove.String()},
			Record{Game: n + 1, Pair: (n + 1) / 2, South: "B", North: "A", Opening: o, Result: north, Reason: board.NoLegalMove.String()})
	}
	pair(opening("a1"), "1-0", "0-1")         // A wins both
	pair(opening("b1"), "1-0", "1-0")         // South wins both: 1-1
	pair(opening("c1"), "1/2-1/2", "1/2-1/2") // two draws: 1-1
	pair(opening("d1"), "0-1", "1/2-1/2")     // B wins one, draws one
	pair(opening("a1"), "0-1", "1-0")         // B wins both, an opening already kept
	recs = append(recs, Record{Game: 11, Pair: 6, South: "A", North: "B", Opening: opening("e1"), Result: "1-0",
		Reason: board.NoLegalMove.String()}) // its pair unfinished
	sum := Summarize(recs, nil)
	var got []string
	for _, o := range sum.Decided {
		got = append(got, o.String())
	}
	want := []string{opening("a1").String(), opening("d1").String()}
	if !slices.Equal(got, want) {
		t.Errorf("decided openings %q; want %q", got, want)
	}
}
