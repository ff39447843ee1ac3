package protocol

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/search"
)

// wellFormed matches every line the engine may print for the commands of the fuzz
// corpus: protocol answers, info lines, d's picture and perft lines, in coordinates or
// in Aalina's letters (Notation letters).
var wellFormed = regexp.MustCompile(`^(` +
	`id (name|author) .+|option name .+|uciok|readyok|` +
	`info string (error: .+|perft stopped)|` +
	`info depth -?\d+ seldepth -?\d+ multipv \d+ score (cp|mate|cp -?\d+ mate) -?\d+ nodes \d+ nps \d+ time \d+ hashfull \d+( pv( [a-h][1-4]| pass)+| pv [A-Fa-f]+)?|` +
	`bestmove ([a-h][1-4]|pass|\(none\)|[A-Fa-f]|0000)( ponder ([a-h][1-4]|pass|[A-Fa-f]))?|` +
	`([a-h][1-4]|pass|[A-Fa-f]): \d+|Nodes searched: \d+|` +
	`Fen: .+|Moves:( ([a-h][1-4]|pass|[A-Fa-f]))*|Result: .+|Variant: .+|Side to move: (South|North)|Key: [0-9a-f]{16}|Game over: .+|` +
	` +[a-h]( +[a-h])*|  \+((-|=){4}\+)+|\d \|( +\d+ \|)+(  (North|South) (store|reserve) \d+)?|` +
	`)$`)

// tooCostly matches commands too slow or too big for fuzzing: deep perft, and hash
// tables of 100 MB and more.
var tooCostly = regexp.MustCompile(`perft\s+\+?0*([4-9]|\d{2,})|(?i)hash\s+value\s+\+?0*\d{3,}`)

// FuzzEngine feeds arbitrary input (plus a closing stop and isready) to an engine with
// the real searcher: Run must answer and end, and every output line must be whole
// and well formed.
func FuzzEngine(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nd\n",
		"position startpos moves c1 a2\ngo depth 2\n",
		"setoption name Variant value bao-la-kimasai\ngo perft 2\nd\n",
		"setoption name Variant value adji-boto\nposition startpos moves a1 a2 b1\ngo nodes 200\n",
		"go infinite\nisready\nposition startpos moves c1\ngo movetime 5\n",
		"go ponder\nponderhit\n",
		"setoption name MultiPV value 3\ngo depth 2\n",
		"position fen 0,0,0,0,0,1/1,0,0,0,0,0 S 23 23 - moves a1 f2 b1 e2 c1 d2 d1 c2 e1 b2 f1 a2\nd\ngo\n",
		"\n\xff\x00\ngo depth -1\nsetoption name Hash value 99999\n",
		"setoption name Variant value oware-abapa\nsetoption name Notation value letters\nposition fen 7-6-1-0-0-7-7-0-0-6-0-7-2-5-S moves CaD\ngo depth 3\nd\ngo perft 2\n",
		"setoption name Variant value oware-abapa\nsetoption name Notation value letters\nposition fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S\ngo\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, script string) {
		if tooCostly.MatchString(script) {
			t.Skip("too costly")
		}
		out := &syncBuffer{}
		small := realAlgorithms()
		for i := range small {
			build := small[i].New
			small[i].New = func(o search.Options) search.Searcher {
				o.HashMB = 1 // the default 16 MB table would make each run slow
				return build(o)
			}
		}
		e, err := NewEngine(strings.NewReader(script+"\nstop\nisready\n"), out, Config{Algorithms: small})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- e.Run() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(timeout):
			t.Fatalf("Run did not end")
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if !wellFormed.MatchString(l) {
				t.Fatalf("malformed output line %q", l)
			}
		}
	})
}

// syncBuffer is a strings.Builder safe for the engine's writer and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
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
