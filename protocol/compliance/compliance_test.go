package compliance

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/client/fakeengine"
	"mancala/search/searchtest"
)

func TestMain(m *testing.M) { fakeengine.Main(m) }

// fakeEngine runs this test binary as a fake engine of the given kind.
func fakeEngine(name, kind string) client.Config {
	return client.Config{Name: name, Path: os.Args[0], Env: []string{fakeengine.Env + "=" + kind, "GORACE=atexit_sleep_ms=0"}}
}

// generousWaits widens every wait of the compliance checks for one test, so that a
// loaded machine cannot fail an engine that answers: the tests judge what an engine
// does, never how fast (the deadlines remain only so that nothing hangs).
func generousWaits(t *testing.T) {
	saved := waits
	t.Cleanup(func() { waits = saved })
	w := &waits
	w.reply, w.ready, w.stop, w.slack, w.search, w.quit = time.Minute, time.Minute, time.Minute, time.Minute, time.Minute, time.Minute
}

func TestComplianceOfAWellBehavedEngine(t *testing.T) {
	generousWaits(t)
	var out bytes.Buffer
	spec := fakeEngine("good", fakeengine.Random)
	passed, failed := Check(context.Background(), spec, &out)
	if failed != 0 || passed < 25 {
		t.Errorf("passed %d failed %d:\n%s", passed, failed, out.String())
	}
	if !strings.Contains(out.String(), "PASS  go perft 3") || !strings.Contains(out.String(), "compliance: ") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestComplianceCatchesASloppyEngine(t *testing.T) {
	searchtest.SkipRealTime(t)
	generousWaits(t)
	// Sloppy never answers stop, so a short wait fails it however loaded the machine.
	waits.stop = 200 * time.Millisecond
	var out bytes.Buffer
	sloppy := fakeEngine("sloppy", fakeengine.Sloppy)
	passed, failed := Check(context.Background(), sloppy, &out)
	text := out.String()
	// Sloppy ignores stop and stays silent on bad input: those checks fail, the rest pass.
	for _, want := range []string{"PASS  uci handshake", "PASS  go perft 3", "FAIL  isready and stop during go infinite",
		"FAIL  bad input: unknown command", "FAIL  bad input: empty line", "PASS  quit"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if failed != len(badInputs)+1 || passed == 0 {
		t.Errorf("passed %d failed %d:\n%s", passed, failed, text)
	}
}

// TestComplianceCatchesScoresOutOfReach: an engine that reports a margin of a
// thousand seeds fails the score check of every scoring game the check plays (one
// of each kind, board.Samples), not Bao la Kimasai's, which has no seed margin.
func TestComplianceCatchesScoresOutOfReach(t *testing.T) {
	generousWaits(t)
	var out bytes.Buffer
	Check(context.Background(), fakeEngine("boastful", fakeengine.Boastful), &out)
	text := out.String()
	for _, v := range board.Samples() {
		want := "FAIL  scores of " + v.Name
		if !v.Scoring {
			want = "PASS  scores of " + v.Name
		}
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

func TestComplianceOfASilentEngine(t *testing.T) {
	searchtest.SkipRealTime(t)
	defer func(d time.Duration) { waits.reply = d }(waits.reply)
	waits.reply = 200 * time.Millisecond
	var out bytes.Buffer
	mute := fakeEngine("mute", fakeengine.Silent)
	_, failed := Check(context.Background(), mute, &out)
	if failed == 0 || !strings.Contains(out.String(), "FAIL  uci handshake") {
		t.Errorf("failed %d:\n%s", failed, out.String())
	}
}
