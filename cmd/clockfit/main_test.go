package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
)

// randomRecord plays a random game of v after a two-move opening and records it as
// cmd/tourney would, each side taking ms per move. It returns the record and the
// positions before each recorded move.
func randomRecord(t *testing.T, v *board.Variant, seed uint64, ms [2]int64) (tournament.Record, []board.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	start := v.StartPosition()
	r := tournament.Record{Game: int(seed), Variant: v.Name, South: "s", North: "n",
		Opening: tournament.Opening{FEN: start.String()}}
	g := board.NewGame(start)
	var cl board.ChildList
	var before []board.Position
	for ply := 0; !g.Result().Over(); ply++ {
		p := g.Position()
		p.Generate(&cl)
		m := cl.Children[rng.IntN(cl.N)].Move
		if ply < 2 {
			r.Opening.Moves = append(r.Opening.Moves, v.FormatMove(m))
		} else {
			before = append(before, p)
			side := p.SideToMove()
			r.Moves = append(r.Moves, tournament.MoveRecord{Move: v.FormatMove(m), MS: ms[side]})
			r.TimeMS[side] += ms[side]
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	res := g.Result()
	r.Result, r.Reason = res.Score(), res.Reason.String()
	if res.Scored {
		r.Seeds = fmt.Sprintf("%d-%d", res.South, res.North)
	}
	final := g.Position()
	r.Final = final.String()
	if _, err := tournament.ReplayGame(&r); err != nil {
		t.Fatalf("the test's record does not replay: %v", err)
	}
	return r, before
}

// TestSamplesCountTheMovesLeft checks every sample of a recorded game: the share of
// the seeds on the board before the move and the moves its side still made, counted
// from the first move after the opening (which the engines did not play).
func TestSamplesCountTheMovesLeft(t *testing.T) {
	v := board.AdjiKui1.Get()
	r, before := randomRecord(t, v, 3, [2]int64{20, 10})
	forfeit := r
	forfeit.Game, forfeit.Reason = 99, tournament.EndTimeForfeit // left out: cut short
	byVariant, games, err := samples([]tournament.Record{r, forfeit}, one)
	if err != nil {
		t.Fatal(err)
	}
	ss := byVariant[v.Name]
	if games[v.Name] != 1 || len(ss) != len(r.Moves) {
		t.Fatalf("%d games and %d samples, want 1 game and %d samples", games[v.Name], len(ss), len(r.Moves))
	}
	for k, s := range ss {
		// the moves at k, k+2, k+4, ... are this side's
		want := 0
		for i := k; i < len(r.Moves); i += 2 {
			want++
		}
		share := float64(before[k].SeedsOnBoard()) / float64(v.Seeds)
		if s.left != want || s.share != share {
			t.Errorf("move %d: sample %+v, want %d moves left at share %v", k+1, s, want, share)
		}
	}
}

// TestClockUse checks the share of the clock a game used, on a records file with a
// last line still being written.
func TestClockUse(t *testing.T) {
	r, _ := randomRecord(t, board.JeKiNJe.Get(), 5, [2]int64{30, 5})
	line, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, append(append(line, '\n'), line[:40]...), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"use", "--tc", "1+0.01", path}, &out); err != nil {
		t.Fatal(err)
	}
	// South moves first after an even opening and makes the extra move of an odd game.
	n := [2]int64{int64(len(r.Moves)+1) / 2, int64(len(r.Moves)) / 2}
	for s, name := range []string{"s", "n"} {
		share := 100 * float64(r.TimeMS[s]) / float64(1000+10*n[s])
		want := fmt.Sprintf("%-10s %6d  %3.0f%%", name, 1, share)
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q (%.1f%% of the clock):\n%s", want, share, out.String())
		}
	}
}

// TestSamplesWeighTheMovesLeft checks the weighted moves left of every sample: the sum
// of the weights of this side's moves from this one on.
func TestSamplesWeighTheMovesLeft(t *testing.T) {
	v := board.JeKiNJe.Get()
	r, before := randomRecord(t, v, 7, [2]int64{20, 10})
	share := func(_ string, s float64) float64 { return s }
	byVariant, _, err := samples([]tournament.Record{r}, share)
	if err != nil {
		t.Fatal(err)
	}
	for k, s := range byVariant[v.Name] {
		want := 0.0
		for i := k; i < len(r.Moves); i += 2 {
			want += float64(before[i].SeedsOnBoard()) / float64(v.Seeds)
		}
		if math.Abs(s.weighted-want) > 1e-9 {
			t.Errorf("move %d: weighted moves left %v, want %v", k+1, s.weighted, want)
		}
	}
}

// demandRecords writes four random games of v at tc in which South ("s") takes half
// the target of method m's budget while at least 0.3 of the seeds are on the board and
// a tenth of it after; it returns the records and the file's path.
func demandRecords(t *testing.T, v *board.Variant, tc tournament.TimeControl, m search.Method) ([]tournament.Record, string) {
	t.Helper()
	var recs []tournament.Record
	for seed := range uint64(4) {
		r, before := randomRecord(t, v, 20+seed, [2]int64{0, 0})
		left := [2]time.Duration{tc.Base, tc.Base}
		for k := range r.Moves {
			p := &before[k]
			s := p.SideToMove()
			var l search.Limits
			l.Time, l.Inc = left, [2]time.Duration{tc.Inc, tc.Inc}
			f := 0.5
			if float64(p.SeedsOnBoard()) < 0.3*float64(v.Seeds) {
				f = 0.1
			}
			took := time.Duration(f * float64(search.NewBudget(l, p, 10*time.Millisecond, m).Target)).Round(time.Millisecond)
			if s == board.North {
				took = time.Second // the other engine: not measured
			}
			r.Moves[k].MS = took.Milliseconds()
			left[s] += tc.Inc - took
		}
		recs = append(recs, r)
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	var file []byte
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		file = append(append(file, line...), '\n')
	}
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	return recs, path
}

// TestDemandReplaysTheSearchsBudget: records of a search that took half of MCTS's
// target show a full share of 0.50 with --search mcts and another share under
// alpha-beta's budget (Adji-Boto gives MCTS a larger target); an unknown search is
// refused.
func TestDemandReplaysTheSearchsBudget(t *testing.T) {
	tc := tournament.TimeControl{Base: 100 * time.Second, Inc: time.Second}
	_, path := demandRecords(t, board.AdjiBoto.Get(), tc, search.MCTS)
	for _, c := range []struct {
		search string
		half   bool
	}{{"mcts", true}, {"alphabeta", false}} {
		var out bytes.Buffer
		if err := run([]string{"demand", "--tc", "100+1", "--engine", "s", "--search", c.search, path}, &out); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out.String(), "takes 0.50 of its target"); got != c.half {
			t.Errorf("--search %s: full share 0.50 is %v, want %v:\n%s", c.search, got, c.half, out.String())
		}
	}
	if err := run([]string{"demand", "--search", "minimax", path}, io.Discard); err == nil || !strings.Contains(err.Error(), "minimax") {
		t.Errorf("--search minimax: error %v, want one naming it", err)
	}
}

// TestDemand gives one engine moves that take half their target while at least 0.3 of
// the seeds are on the board and a tenth of it after, and checks the full share, the
// bins' weights and the weighted table that demand prints.
func TestDemand(t *testing.T) {
	v := board.AdjiBoto.Get()
	tc := tournament.TimeControl{Base: 100 * time.Second, Inc: time.Second}
	recs, path := demandRecords(t, v, tc, search.AlphaBeta)
	var out bytes.Buffer
	if err := run([]string{"demand", "--tc", "100+1", "--engine", "s", path}, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "takes 0.50 of its target") {
		t.Errorf("the full share is not 0.50:\n%s", got)
	}
	weight := func(share float64) float64 {
		if share < 0.3 {
			return 0.2
		}
		return 1
	}
	byVariant, _, err := samples(recs, func(_ string, s float64) float64 { return weight(s) })
	if err != nil {
		t.Fatal(err)
	}
	for b := range 10 {
		var weighted []float64
		for _, s := range byVariant[v.Name] {
			if min(int(s.share*10), 9) == b {
				weighted = append(weighted, s.weighted)
			}
		}
		if len(weighted) == 0 {
			continue
		}
		mean, _ := summarize(weighted)
		lo := float64(b) / 10
		want := fmt.Sprintf("  %.2f-%.2f ", lo, lo+0.1)
		line := ""
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, want) {
				line = l
			}
		}
		fields := strings.Fields(line)
		if len(fields) != 7 {
			t.Fatalf("no line for bin %s:\n%s", want, got)
		}
		if w := fmt.Sprintf("%.2f", weight(lo)); fields[3] != w {
			t.Errorf("bin %s: weight %s, want %s", want, fields[3], w)
		}
		if m := fmt.Sprintf("%.1f", mean); fields[6] != m {
			t.Errorf("bin %s: weighted moves left %s, want %s", want, fields[6], m)
		}
	}
}

// TestReadRecordsLeavesOutACutLastLine: the records of the complete lines are read,
// a last line without its newline is left out with a note naming the file, and a
// damaged complete line is an error naming the file and the line.
func TestReadRecordsLeavesOutACutLastLine(t *testing.T) {
	v := board.AdjiKui1.Get()
	var text []byte
	for seed := uint64(1); seed <= 3; seed++ {
		r, _ := randomRecord(t, v, seed, [2]int64{5, 5})
		line, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		text = append(append(text, line...), '\n')
	}
	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, text[:len(text)-20], 0o644); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	recs, err := readRecords([]string{path}, &warn)
	if err != nil || len(recs) != 2 || recs[1].Game != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	if !strings.Contains(warn.String(), path) || !strings.Contains(warn.String(), "no newline") || strings.Count(warn.String(), "\n") != 1 {
		t.Errorf("note: %q", warn.String())
	}
	if err := os.WriteFile(path, append([]byte("{\"game\":\n"), text...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readRecords([]string{path}, io.Discard); err == nil || !strings.Contains(err.Error(), path+": line 1 ") {
		t.Errorf("a damaged first line: %v", err)
	}
}
