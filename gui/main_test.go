package gui

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"testing"

	"mancala/protocol"
	"mancala/protocol/client/fakeengine"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/mcts"
)

// realEngineEnv makes a re-executed test binary run the real engine on stdin and
// stdout, so the tests drive the engine over pipes as `mancala gui` does.
const realEngineEnv = "MANCALA_GUI_TEST_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(realEngineEnv) != "" {
		e, err := protocol.NewEngine(os.Stdin, os.Stdout, protocol.Config{Algorithms: []protocol.Algorithm{
			{Name: "alphabeta", New: func(o search.Options) search.Searcher { return alphabeta.New(o) }},
			{Name: "mcts", New: func(o search.Options) search.Searcher { return mcts.New(o) }},
		}})
		if err != nil {
			os.Exit(1)
		}
		if e.Run() != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv(fakeengine.Env) != "" {
		fakeengine.Main(m)
		return
	}
	flag.Parse()
	// The browser tests wait on the page most of the time: four run at once
	// (browserTest), unless -parallel says otherwise.
	parallelSet := false
	flag.Visit(func(f *flag.Flag) { parallelSet = parallelSet || f.Name == "test.parallel" })
	if !parallelSet {
		flag.Set("test.parallel", "4")
	}
	// The rule file's games are registered before any test lists the games, so
	// that every test sees the same list (board.Samples includes wide-kalah).
	if err := loadRules(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if pattern := flag.Lookup("test.run").Value.String(); !testing.Short() && !raceEnabled && (pattern == "" || regexp.MustCompile(pattern).MatchString("TestBrowser")) {
		go startBrowser() // the browser tests run last; Chromium starts meanwhile
	}
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}

// Under the race detector (the README's second command) this package runs its
// server tests, which drive the server's goroutines (event streams, engine drivers,
// timers) from many requests at once. The browser tests, but for raceBrowserTests,
// and the heavy checks of one goroutine's work (and the replay of a 25,000-move
// record) skip there: they run in the plain
// go test, about ten times faster, and the detector has nothing of theirs to find.

// raceBrowserTests are the browser tests that also run under the race detector: a
// page playing against the engine and analysing, as a person does, so that the
// server's handling of a real page's requests is checked for races too.
var raceBrowserTests = map[string]bool{"TestBrowserAgainstEngine": true}

// skipUnderRace skips a test of heavy work under the race detector, saying what.
func skipUnderRace(t *testing.T, what string) {
	t.Helper()
	if raceEnabled {
		t.Skip(what + ": runs without -race (go test ./gui), ten times faster")
	}
}
