package tournament

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
)

func TestRecordsFileIsLockedAgainstASecondRunner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.jsonl")
	first, _, err := OpenRecords(path, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = OpenRecords(path, true, nil)
	if err == nil || !strings.Contains(err.Error(), "in use by another runner") {
		t.Errorf("second runner: %v", err)
	}
	first.Close()
	second, _, err := OpenRecords(path, true, nil)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	second.Close()
}

func TestExistingRecordsAreRefusedUnlessResumed(t *testing.T) {
	recs := playedRecords(t)
	path := filepath.Join(t.TempDir(), "games.jsonl")
	text := recordLines(t, recs)
	os.WriteFile(path, []byte(text), 0o644)
	if _, _, err := OpenRecords(path, false, nil); !errors.Is(err, ErrRecordsExist) {
		t.Errorf("existing file opened without resume: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != text {
		t.Error("the refused file changed")
	}
	rf, old, err := OpenRecords(path, true, nil)
	if err != nil || len(old) != len(recs) {
		t.Fatalf("resume: %d records, %v", len(old), err)
	}
	rf.Close()
}

// A directory named as the records file is refused as what it is, with or without
// resume; it does not "already hold games".
func TestRecordsPathThatIsADirectory(t *testing.T) {
	dir := t.TempDir()
	for _, resume := range []bool{false, true} {
		err := CheckRecordsPath(dir, resume)
		if err == nil || !strings.Contains(err.Error(), "is a directory") || errors.Is(err, ErrRecordsExist) {
			t.Errorf("resume %v: %v, want a directory error", resume, err)
		}
	}
}

// failingFile is a records file on a disk that fills up half-way through a write.
type failingFile struct {
	*os.File
	fail bool
}

func (f *failingFile) Write(b []byte) (int, error) {
	if !f.fail {
		return f.File.Write(b)
	}
	n, _ := f.File.Write(b[:len(b)/2])
	return n, syscall.ENOSPC
}

func TestAFullDiskLeavesOnlyWholeRecords(t *testing.T) {
	recs := playedRecords(t)
	path := filepath.Join(t.TempDir(), "games.jsonl")
	rf, _, err := OpenRecords(path, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	ff := &failingFile{File: rf.f.(*os.File)}
	rf.f = ff
	if err := rf.Write(&recs[0]); err != nil {
		t.Fatal(err)
	}
	ff.fail = true
	err = rf.Write(&recs[1])
	if err == nil || !strings.Contains(err.Error(), "no space") || !strings.Contains(err.Error(), "only whole records") {
		t.Errorf("error %v", err)
	}
	rf.Close()
	data, _ := os.ReadFile(path)
	if string(data) != recordLines(t, recs[:1]) {
		t.Errorf("file after the failed write:\n%q", data)
	}
	var out bytes.Buffer
	if games, bad, _ := Replay(bytes.NewReader(data), &out); games != 1 || bad != 0 {
		t.Errorf("replay: %d games, %d bad\n%s", games, bad, out.String())
	}
}

func TestReplayNamesACutShortLastLine(t *testing.T) {
	recs := playedRecords(t)
	text := recordLines(t, recs)
	cut := text[:len(text)-40]
	var out bytes.Buffer
	games, bad, err := Replay(strings.NewReader(cut), &out)
	if err != nil || games != 2 || bad != 1 || !strings.Contains(out.String(), "line 2 (the last): cut short") {
		t.Errorf("games %d bad %d err %v:\n%s", games, bad, err, out.String())
	}
	// A damaged line that is not the last is named as such.
	out.Reset()
	lines := strings.SplitAfter(text, "\n")
	Replay(strings.NewReader(lines[0][:30]+"\n"+lines[1]), &out)
	if !strings.Contains(out.String(), "line 1: not a game record") {
		t.Errorf("damaged first line:\n%s", out.String())
	}
}

func TestResumeFinishesAnInterruptedMatchWithTheSameSchedule(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.First))
	c.Limits = Limits{Depth: 1}
	_, full, _ := runMatch(t, c)
	// The file as a kill during the third record's write could leave it (if writes
	// were not whole): two records and a piece of the third.
	path := filepath.Join(t.TempDir(), "games.jsonl")
	text := recordLines(t, full)
	lines := strings.SplitAfter(text, "\n")
	os.WriteFile(path, []byte(lines[0]+lines[1]+lines[2][:25]), 0o644)
	c.RecordsPath, c.Resume = path, true
	sum, recs, log := runMatch(t, c)
	if sum.Played != 4 || len(recs) != 4 || !strings.Contains(log, "dropped its incomplete last line") ||
		!strings.Contains(log, "resuming: 2 games recorded, 2 to play") {
		t.Fatalf("played %d, %d records; log:\n%s", sum.Played, len(recs), log)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), lines[0]+lines[1]) {
		t.Error("the recorded games were rewritten")
	}
	for i, r := range recs {
		// Engines at a fixed depth play the same games again.
		if r.Game != i+1 || r.Final != full[i].Final || r.South != full[i].South {
			t.Errorf("record %d: game %d %s, want game %d %s", i, r.Game, r.Final, i+1, full[i].Final)
		}
	}
	if sum.Pairs[0].Ptnml.Pairs() != 2 || sum.Standings[0].Games() != 4 {
		t.Errorf("resumed tally: %+v", sum.Pairs[0])
	}
	// Another match's records are not resumed.
	other := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("C", fakeengine.First))
	other.Limits, other.RecordsPath, other.Resume = Limits{Depth: 1}, path, true
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "not the same match") {
		t.Errorf("resuming another match: %v", err)
	}
}

// A match is resumed only with the limits, options and adjudication it was
// recorded with: depth 4 does not continue a depth-3 file.
func TestResumeRefusesOtherLimitsOptionsOrAdjudication(t *testing.T) {
	t.Parallel()
	config := func() Config { // a fresh one each time: Run fills in the engines' limits
		c := testConfig(fakeEngine("A", fakeengine.Random), fakeEngine("B", fakeengine.First))
		c.Limits = Limits{Depth: 3}
		c.Engines[0].Options = []client.Option{{Name: "Hash", Value: "16"}}
		return c
	}
	_, full, _ := runMatch(t, config())
	path := filepath.Join(t.TempDir(), "games.jsonl")
	lines := strings.SplitAfter(recordLines(t, full), "\n")
	if err := os.WriteFile(path, []byte(lines[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(c *Config){
		"depth 4":      func(c *Config) { c.Limits = Limits{Depth: 4} },
		"a clock":      func(c *Config) { c.Engines[1].Limits = Limits{TC: TimeControl{Base: time.Minute}} },
		"another hash": func(c *Config) { c.Engines[0].Options = []client.Option{{Name: "Hash", Value: "32"}} },
		"no option":    func(c *Config) { c.Engines[0].Options = nil },
		"max plies":    func(c *Config) { c.Adjudication.MaxPlies = 100 },
	} {
		other := config()
		change(&other)
		other.RecordsPath, other.Resume = path, true
		if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "not the same match") {
			t.Errorf("resuming with %s: %v", name, err)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != lines[0] {
		t.Error("a refused resume changed the file")
	}
	c := config()
	c.RecordsPath, c.Resume = path, true
	if sum, _, _ := runMatch(t, c); sum.Played != 4 {
		t.Errorf("the same settings resume: %d games", sum.Played)
	}
}
