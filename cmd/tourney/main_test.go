package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
	"mancala/protocol/tournament"
)

// asMain makes a re-executed test binary run as the tourney command itself.
const asMain = "TOURNEY_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(fakeengine.Env) == "" && os.Getenv(asMain) != "" {
		main()
	}
	fakeengine.Main(m)
}

// engineArgs are two fake engines (this test binary re-executed) for a match.
func engineArgs(kinds ...string) []string {
	var args []string
	for i, k := range kinds {
		args = append(args, "--engine", "name="+string(rune('A'+i)), "cmd="+os.Args[0], "env="+fakeengine.Env+"="+k)
	}
	// A generous handshake limit: a loaded machine can take seconds to start a process.
	return append(args, "--each", "env=GORACE=atexit_sleep_ms=0", "--ready-timeout", "60")
}

func runArgs(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = run(context.Background(), args, &out, &errs)
	return code, out.String(), errs.String()
}

func TestMatchThenReplayThenReport(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.jsonl")
	args := append(engineArgs(fakeengine.Random, fakeengine.First), "--variant", "adji-kui-1",
		"--tc", "2+0.05", "--rounds", "2", "--opening-plies", "2", "--records", games, "--quiet")
	code, out, errs := runArgs(args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "A vs B") || !strings.Contains(out, "4 of 4 games played") {
		t.Errorf("report:\n%s", out)
	}
	if code, rep, _ := runArgs("--replay", games); code != 0 || !strings.Contains(rep, "replayed 4 games, 0 failed") {
		t.Errorf("replay exit %d:\n%s", code, rep)
	}
	// The report of the file is the match's own report.
	if code, rep, errs := runArgs("report", games); code != 0 || rep != out {
		t.Errorf("report exit %d %s:\n%s\nthe match said:\n%s", code, errs, rep, out)
	}
	// The same command again must not touch the file.
	before, _ := os.ReadFile(games)
	if code, _, errs := runArgs(args...); code != 2 || !strings.Contains(errs, "--resume") {
		t.Errorf("rerun over the records: exit %d, %s", code, errs)
	}
	if after, _ := os.ReadFile(games); !bytes.Equal(before, after) {
		t.Error("the records file changed")
	}
	// Resuming a finished match plays nothing and reports the same.
	if code, rep, errs := runArgs(append(args, "--resume")...); code != 0 || rep != out {
		t.Errorf("resume exit %d %s:\n%s", code, errs, rep)
	}
}

func TestEnginesAreCheckedBeforeTheRecordsFile(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "games.jsonl")
	bad := []string{"--engine", "name=A", "cmd=/nonexistent/engine", "--engine", "name=B", "cmd=/nonexistent/engine",
		"--depth", "1", "--records", games}
	if code, _, errs := runArgs(bad...); code != 2 || !strings.Contains(errs, "nonexistent") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(games); !os.IsNotExist(err) {
		t.Errorf("a records file was created for a match that could not start: %v", err)
	}
	// An undeclared option stops the run before the first game, with the file untouched.
	args := append(engineArgs(fakeengine.Random, fakeengine.Random), "--each", "option.Serch=mcts", "--depth", "1", "--records", games)
	if code, _, errs := runArgs(args...); code != 2 || !strings.Contains(errs, "option Serch") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(games); !os.IsNotExist(err) {
		t.Errorf("a records file was created for a match with a bad option: %v", err)
	}
}

func TestBadCommandLines(t *testing.T) {
	engines := engineArgs(fakeengine.Random, fakeengine.Random)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "chess"}, "chess"},
		{[]string{"--engine", "name=A"}, "cmd"},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--tc", "fast"}, "fast"},
		{[]string{"--sprt", "elo0=5", "elo1=0"}, "elo"},
		{[]string{"--no-such-flag"}, "no-such-flag"},
		{[]string{"--replay", "/nonexistent/file"}, "nonexistent"},
		{append([]string{"--concurrency", "0"}, engines...), "--concurrency"},
		{append([]string{"--concurrency", "-1"}, engines...), "--concurrency"},
		{append([]string{"--movetime", "-1"}, engines...), "--movetime"},
		{append([]string{"--maxplies", "-5"}, engines...), "--maxplies"},
		{append([]string{"--rounds", "0"}, engines...), "--rounds"},
		{append([]string{"--opening-lead", "200", "--opening-balance", "100"}, engines...), "--opening-lead"},
		{append([]string{"--opening-lead", "50", "--opening-depth", "0"}, engines...), "--opening-lead"},
		{append(append([]string(nil), engines...), "--ready-timeout", "0"), "--ready-timeout"},
		{append([]string{"--games", "games.jsonl"}, engines...), "--records"},
		{append([]string{"-games", "4"}, engines...), "game pair"},
		{append([]string{"--tc", "inf"}, engines...), "tc=inf"},
		{append([]string{"--shard", "3/3", "--depth", "1"}, engines...), "shard"},
		{append([]string{"--resume", "--depth", "1"}, engines...), "--records"},
		{[]string{"report"}, "records files"},
		{[]string{"report", "/nonexistent/file"}, "nonexistent"},
	} {
		code, _, errs := runArgs(c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q (want one line about %s)", c.args, code, errs, c.want)
		}
	}
}

func TestFastchessAndCutechessSpellings(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.jsonl")
	code, out, errs := runArgs("-engine", "name=A", "cmd="+os.Args[0], "env="+fakeengine.Env+"=random", "proto=uci",
		"-engine", "name=B", "cmd="+os.Args[0], "env="+fakeengine.Env+"=first",
		"-each", "env=GORACE=atexit_sleep_ms=0", "tc=0:02+0.05", "-rounds", "1", "-games", "2", "-concurrency", "2",
		"-recover", "-ratinginterval", "1", "-sprt", "elo0=0", "elo1=200", "-records", games, "-opening-plies=2")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "2 of 2 games played") || !strings.Contains(out, "SPRT elo0=0 elo1=200") {
		t.Errorf("report:\n%s", out)
	}
	// -ratinginterval 1: the standings after each game, on the progress stream.
	if n := strings.Count(errs, "Rank"); n != 2 {
		t.Errorf("%d standings tables in the progress output:\n%s", n, errs)
	}
}

func TestCutechessOpeningsWords(t *testing.T) {
	book := filepath.Join(t.TempDir(), "book.txt")
	os.WriteFile(book, []byte("startpos a1\nstartpos b1\n"), 0o644)
	for _, c := range []struct {
		args    []string
		file    string
		shuffle bool
	}{
		{[]string{"--openings", book}, book, false},
		{[]string{"-openings", "file=" + book, "order=random"}, book, true},
		{[]string{"--openings", "file=" + book + " order=sequential"}, book, false},
	} {
		f, err := parseFlags(c.args, io.Discard)
		if err != nil || f.openingsFile != c.file || f.shuffle != c.shuffle {
			t.Errorf("%q: %+v %v", c.args, f, err)
		}
	}
	for _, bad := range [][]string{{"-openings", "file=" + book, "format=epd"}, {"-openings", "order=random"}} {
		if _, err := parseFlags(bad, io.Discard); err == nil || !strings.Contains(err.Error(), "--openings") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		s    string
		env  func(string) string
		want tournament.Shard
	}{
		{"0/1", env(), tournament.Shard{Index: 0, Count: 1}},
		{"2/3", env(), tournament.Shard{Index: 2, Count: 3}},
		{"auto/4", env("JOB_COMPLETION_INDEX", "3"), tournament.Shard{Index: 3, Count: 4}},
		{"auto/4", env("SLURM_ARRAY_TASK_ID", "1"), tournament.Shard{Index: 1, Count: 4}},
		{"auto/4", env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_MIN", "1"), tournament.Shard{Index: 3, Count: 4}},
	} {
		if got, err := parseShard(c.s, c.env); err != nil || got != c.want {
			t.Errorf("%s: %+v %v, want %+v", c.s, got, err, c.want)
		}
	}
	for _, c := range []struct {
		s   string
		env func(string) string
	}{
		{"3/3", env()}, {"-1/3", env()}, {"1/0", env()}, {"1", env()}, {"a/3", env()}, {"auto", env("JOB_COMPLETION_INDEX", "0")},
		{"auto/4", env()}, {"auto/4", env("JOB_COMPLETION_INDEX", "4")}, {"auto/4", env("SLURM_ARRAY_TASK_ID", "x")},
	} {
		if got, err := parseShard(c.s, c.env); err == nil {
			t.Errorf("%s accepted as %+v", c.s, got)
		}
	}
}

// TestShardsMergeIntoTheSingleRun plays a match once whole and once as three shard
// processes at once, at a fixed depth, and checks that the merged report is the
// whole run's, and that the games are the same games.
func TestShardsMergeIntoTheSingleRun(t *testing.T) {
	dir := t.TempDir()
	common := append(engineArgs(fakeengine.Random, fakeengine.First, fakeengine.Random),
		"--variant", "je-ki-n-je", "--depth", "1", "--rounds", "2", "--opening-plies", "3", "--opening-depth", "0",
		"--seed", "7", "--quiet")
	single := filepath.Join(dir, "single.jsonl")
	var procs []*exec.Cmd
	for _, shard := range []string{"", "0/3", "1/3", "2/3"} {
		args := append([]string(nil), common...)
		if shard == "" {
			args = append(args, "--records", single)
		} else {
			args = append(args, "--shard", shard, "--records", filepath.Join(dir, "shard-{shard}.jsonl"))
		}
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), asMain+"=1")
		var errs bytes.Buffer
		cmd.Stderr = &errs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if errs.Len() > 0 && t.Failed() {
				t.Logf("%s: %s", shard, errs.String())
			}
		})
		procs = append(procs, cmd)
	}
	for _, p := range procs {
		if err := p.Wait(); err != nil {
			t.Fatalf("%v: %v", p.Args[len(p.Args)-4:], err)
		}
	}
	shards := []string{filepath.Join(dir, "shard-0.jsonl"), filepath.Join(dir, "shard-1.jsonl"), filepath.Join(dir, "shard-2.jsonl")}
	_, whole, _ := runArgs("report", single)
	code, merged, errs := runArgs(append([]string{"report"}, shards...)...)
	if code != 0 || merged != whole || !strings.Contains(whole, "12 of 12 games played;") {
		t.Fatalf("merged report (exit %d %s):\n%s\nsingle run:\n%s", code, errs, merged, whole)
	}
	// The same games, move for move, and each shard holds whole pairs.
	one, _ := tournament.ReadRecordFiles([]string{single})
	all, err := tournament.ReadRecordFiles(shards)
	if err != nil || len(all) != len(one) {
		t.Fatalf("%d records in the shards, %d in the single run: %v", len(all), len(one), err)
	}
	byGame := map[int]tournament.Record{}
	for _, r := range one {
		byGame[r.Game] = r
	}
	for _, r := range all {
		w := byGame[r.Game]
		if r.South != w.South || r.Opening.String() != w.Opening.String() || len(r.Moves) != len(w.Moves) ||
			r.Result != w.Result || r.Final != w.Final {
			t.Errorf("game %d differs: shard %+v, single %+v", r.Game, r, w)
		}
	}
	for i, s := range shards {
		recs, _ := tournament.ReadRecordFiles([]string{s})
		for _, r := range recs {
			if (r.Pair-1)%3 != i {
				t.Errorf("shard %d played game %d of pair %d", i, r.Game, r.Pair)
			}
		}
	}
	// A shard given twice is refused.
	if code, _, errs := runArgs("report", shards[0], shards[0]); code != 2 || !strings.Contains(errs, "twice") {
		t.Errorf("a shard twice: exit %d %s", code, errs)
	}
}

// TestCtrlCLeavesAResumableFile interrupts a real tourney process with SIGINT once
// it has recorded a game, then resumes the match to its end.
func TestCtrlCLeavesAResumableFile(t *testing.T) {
	games := filepath.Join(t.TempDir(), "games.jsonl")
	args := append(engineArgs(fakeengine.Random, fakeengine.First), "--depth", "1", "--rounds", "10",
		"--opening-depth", "0", "--records", games, "--quiet")
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asMain+"=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for {
		if data, _ := os.ReadFile(games); bytes.Count(data, []byte("\n")) >= 1 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("exit %v\n%s\n%s", err, out.String(), errs.String())
	}
	recs, err := tournament.ReadRecordFiles([]string{games})
	if err != nil {
		t.Fatal(err)
	}
	played := fmt.Sprintf("%d of 20 games played (stopped: interrupted)", len(recs))
	if !strings.Contains(out.String(), played) || !strings.Contains(errs.String(), "--resume plays the rest") {
		t.Errorf("want %q:\n%s\n%s", played, out.String(), errs.String())
	}
	// The summary's tables are the records' tables; the records' report names the
	// games they lack first.
	_, rep, _ := runArgs("report", games)
	note, rest, _ := strings.Cut(rep, "\n\n")
	if !strings.HasPrefix(note, "Note: games not in these records: ") || !strings.HasSuffix(note, fmt.Sprintf("(%d of 20)", 20-len(recs))) {
		t.Errorf("report of the records does not name the missing games:\n%s", rep)
	}
	if tables := rest[:strings.Index(rest, "\n\n"+strconv.Itoa(len(recs))+" of")]; !strings.HasPrefix(out.String(), tables) {
		t.Errorf("interrupted report:\n%s\nreport of the records:\n%s", out.String(), rep)
	}
	if code, rep, errs := runArgs(append(args, "--resume")...); code != 0 || !strings.Contains(rep, "20 of 20 games played;") {
		t.Errorf("resume: exit %d %s\n%s", code, errs, rep)
	}
}

// TestEveryFlagIsDocumented keeps docs/tournaments.md's flag tables complete.
func TestEveryFlagIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/tournaments.md")
	if err != nil {
		t.Fatal(err)
	}
	var f flags
	f.flagSet(io.Discard).VisitAll(func(fl *pflag.Flag) {
		if !bytes.Contains(doc, []byte("| `--"+fl.Name)) && !bytes.Contains(doc, []byte(", `--"+fl.Name)) {
			t.Errorf("--%s is not in a table of docs/tournaments.md", fl.Name)
		}
	})
}

func TestCtrlCWhileChoosingOpenings(t *testing.T) {
	// A deep balancing search takes minutes; an interrupt must end it, not wait for it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	games := filepath.Join(t.TempDir(), "games.jsonl")
	args := append(engineArgs(fakeengine.Random, fakeengine.First), "--depth", "1", "--rounds", "500",
		"--opening-depth", "30", "--records", games)
	var out, errs bytes.Buffer
	code := run(ctx, args, &out, &errs)
	if code != exitInterrupted || !strings.Contains(errs.String(), "interrupted while choosing the openings") {
		t.Errorf("exit %d:\n%s\n%s", code, out.String(), errs.String())
	}
	if _, err := os.Stat(games); !os.IsNotExist(err) {
		t.Errorf("a records file was made: %v", err)
	}
}

// TestDefaultsAreTheBoards: without --variant a match is of board.DefaultVariant
// and without --maxplies its games are capped at board.DefaultPlyCap, the defaults
// every command shares.
func TestDefaultsAreTheBoards(t *testing.T) {
	f, err := parseFlags(engineArgs(fakeengine.Random, fakeengine.Random), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.config()
	if err != nil {
		t.Fatal(err)
	}
	if c.Variant != board.DefaultVariant.Get() {
		t.Errorf("the default match is of %v, want %s", c.Variant, board.DefaultVariant.Get().Name)
	}
	if c.Adjudication.MaxPlies != board.DefaultPlyCap {
		t.Errorf("the default ply cap is %d, want %d", c.Adjudication.MaxPlies, board.DefaultPlyCap)
	}
}

// TestReportNamesWhatTheRecordsMix: shards of two different matches (another seed,
// another depth) are merged with notes above the tables saying so and naming the
// games each match lacks, and a lone shard's report names the games it lacks.
func TestReportNamesWhatTheRecordsMix(t *testing.T) {
	dir := t.TempDir()
	shard := func(n, seed, depth string) string {
		path := filepath.Join(dir, "shard-"+n+"-seed-"+seed+".jsonl")
		args := append(engineArgs(fakeengine.Random, fakeengine.First), "--variant", "je-ki-n-je", "--depth", depth,
			"--rounds", "2", "--opening-plies", "3", "--opening-depth", "0", "--seed", seed, "--shard", n+"/2",
			"--records", path, "--quiet")
		if code, out, errs := runArgs(args...); code != 0 {
			t.Fatalf("shard %s: exit %d\n%s\n%s", n, code, out, errs)
		}
		return path
	}
	a, b := shard("0", "1", "1"), shard("1", "2", "2")
	code, rep, errs := runArgs("report", a, b)
	if code != 0 {
		t.Fatalf("report: exit %d %s", code, errs)
	}
	for _, want := range []string{
		"Note: records of different matches (engine names, openings, adjudication or schedule differ): match ",
		`Note: A played with different settings: "depth=1" in 2 games, "depth=2" in 2 games`,
		`Note: B played with different settings: "depth=1" in 2 games, "depth=2" in 2 games`,
	} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	// Each match's schedule is whole by game number only together: each lacks the
	// pair the other shard played.
	if !regexp.MustCompile(`Note: games not in these records: match \w+: 3-4 \(2 of 4\); match \w+: 1-2 \(2 of 4\)\n`).MatchString(rep) {
		t.Errorf("the report does not name each match's missing games:\n%s", rep)
	}
	_, rep, _ = runArgs("report", a)
	if !strings.HasPrefix(rep, "Note: games not in these records: 3-4 (2 of 4)\n") || strings.Count(rep, "Note:") != 1 {
		t.Errorf("report of one shard:\n%s", rep)
	}
}

func TestDecidedOpeningsMakeABookTheRunnerPlays(t *testing.T) {
	dir := t.TempDir()
	games, book := filepath.Join(dir, "games.jsonl"), filepath.Join(dir, "book.txt")
	args := append(engineArgs(fakeengine.Random, fakeengine.First), "--variant", "adji-kui-1", "--depth", "1",
		"--rounds", "8", "--opening-plies", "3", "--opening-depth", "0", "--quiet")
	if code, out, errs := runArgs(append(args, "--records", games)...); code != 0 {
		t.Fatalf("match: exit %d\n%s\n%s", code, out, errs)
	}
	code, rep, errs := runArgs("report", "--decided-openings", book, games)
	if code != 0 {
		t.Fatalf("report: exit %d %s", code, errs)
	}
	recs, err := tournament.ReadRecordFiles([]string{games})
	if err != nil {
		t.Fatal(err)
	}
	want := tournament.Summarize(recs, nil)
	f, err := os.Open(book)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := board.VariantByName("adji-kui-1")
	got, err := tournament.ReadOpenings(v, f)
	f.Close()
	if err != nil || len(got) != len(want.Decided) || len(got) == 0 {
		t.Fatalf("the book holds %d openings (%v); the records decide %d, and some should be", len(got), err, len(want.Decided))
	}
	for i := range got {
		if got[i].String() != want.Decided[i].String() {
			t.Errorf("opening %d: %q; want %q", i+1, got[i], want.Decided[i])
		}
	}
	if line := fmt.Sprintf("%d openings of pairs not scored 1-1 written to %s\n", len(got), book); !strings.HasSuffix(rep, line) {
		t.Errorf("the report does not end with %q:\n%s", line, rep)
	}
	before, _ := os.ReadFile(book)
	if code, _, errs := runArgs("report", "--decided-openings", book, games); code == 0 || !strings.Contains(errs, "file exists") {
		t.Errorf("a second report over the book: exit %d, %s", code, errs)
	}
	if after, _ := os.ReadFile(book); !bytes.Equal(before, after) {
		t.Error("the book changed")
	}
	if code, out, errs := runArgs(append(args, "--openings", book)...); code != 0 || !strings.Contains(out, "16 of 16 games played") {
		t.Errorf("a match from the book: exit %d\n%s\n%s", code, out, errs)
	}
	// An empty name is a bad command line, not a report without its book.
	for _, flag := range [][]string{{"--decided-openings", ""}, {"--decided-openings="}} {
		code, out, errs := runArgs(append(append([]string{"report"}, flag...), games)...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "--decided-openings needs a file name") {
			t.Errorf("report %q: exit %d, stdout %q, stderr %q; want %d naming the empty file name", flag, code, out, errs, exitUsage)
		}
	}
}

// TestVariantsFileMatch plays a match of a rule file's game: the runner referees
// with the file and gives it to the engines (fresh processes, which learn the game
// only from their VariantPath), and replays the records with it.
func TestVariantsFileMatch(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "mine.toml")
	if err := os.WriteFile(rules, []byte("[runner-kalah]\nholes = 4\nseeds = 2\nstores = true\nsow.stores = \"own\"\n"+
		"capture.cross = \"always\"\nturn.extra_on_store = true\nend.row_empty = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "games.jsonl")
	args := append(engineArgs(fakeengine.Random, fakeengine.Random), "--variants", rules, "--variant", "runner-kalah",
		"--tc", "2+0.05", "--rounds", "2", "--records", games, "--quiet")
	code, out, errs := runArgs(args...)
	if code != 0 || !strings.Contains(out, "4 of 4 games played") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if code, rep, _ := runArgs("--variants", rules, "--replay", games); code != 0 || !strings.Contains(rep, "replayed 4 games, 0 failed") {
		t.Errorf("replay with the file: exit %d:\n%s", code, rep)
	}
	if code, _, errs := runArgs("--variants", filepath.Join(dir, "none.toml"), "--replay", games); code != exitUsage || !strings.Contains(errs, "--variants: rule file: ") {
		t.Errorf("a missing rule file: exit %d, %s", code, errs)
	}
}

// TestStoneSharkAdapterPlaysAMatch runs StoneShark's AI through its adapter
// (bench/stoneshark-engine.py) against a random mover in Micro-Wari and in Goat
// (whose moves carry a chosen direction) as the project ships them: every game ends by the rules, none by a fault of the adapter (an
// illegal move, a crash or a time-out), and the records replay. It needs python3 and
// StoneShark's checkout beside the repository.
func TestStoneSharkAdapterPlaysAMatch(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	if _, err := os.Stat("../../../shared/stoneshark/src"); err != nil {
		t.Skip("no StoneShark checkout at ../shared/stoneshark")
	}
	if testing.Short() {
		t.Skip("-short: a real-time match of a Python engine")
	}
	for _, game := range []string{"micro-wari", "goat"} { // Goat: moves with a chosen direction
		games := filepath.Join(t.TempDir(), game+".jsonl")
		args := append(engineArgs(fakeengine.Random), "--engine", "name=stoneshark", "cmd="+python,
			"arg=../../bench/stoneshark-engine.py", "option.Difficulty=1", "depth=1",
			"--variant", game, "--tc", "inf", "--depth", "1", "--rounds", "2", "--opening-plies", "0",
			"--records", games, "--quiet")
		code, out, errs := runArgs(args...)
		if code != 0 || !strings.Contains(out, "4 of 4 games played") {
			t.Fatalf("%s: exit %d\n%s\n%s", game, code, out, errs)
		}
		_, endings, ok := strings.Cut(out, "endings: ")
		if !ok {
			t.Fatalf("%s: report without its endings:\n%s", game, out)
		}
		for _, fault := range []string{tournament.EndIllegalMove, tournament.EndBadBestMove, tournament.EndCrash,
			tournament.EndTimeForfeit, tournament.EndEngineFailure} {
			if strings.Contains(endings, fault) {
				t.Errorf("%s: a game ended by %q:\n%s", game, fault, out)
			}
		}
		if code, rep, _ := runArgs("--replay", games); code != 0 || !strings.Contains(rep, "replayed 4 games, 0 failed") {
			t.Errorf("%s: replay: exit %d:\n%s", game, code, rep)
		}
	}
}
