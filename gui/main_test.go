package gui

import (
	"flag"
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
	if pattern := flag.Lookup("test.run").Value.String(); !testing.Short() && (pattern == "" || regexp.MustCompile(pattern).MatchString("TestBrowser")) {
		go startBrowser() // the browser tests run last; Chromium starts meanwhile
	}
	code := m.Run()
	closeBrowser()
	os.Exit(code)
}
