// Package bench measures the engine: a fixed suite of positions searched to a fixed
// depth, whose node total is a signature of the search (any change to what the search
// does changes it).
package bench

import (
	"fmt"
	"io"
	"time"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
)

// Entry is one position of the bench suite.
type Entry struct {
	Variant  string // protocol name of the game
	Position string // position in the notation of the rules
	Depth    int    // search depth in plies
}

// Suite is the bench: the start position and three middle-game positions (from the
// opening, the middle game and, for Bao la Kimasai, the raiding phase) of each game.
var Suite = []Entry{
	{"je-ki-n-je", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 16},
	{"je-ki-n-je", "2,13,1,0,2,2/9,0,2,7,1,0 S 0 9 -", 16},
	{"je-ki-n-je", "4,1,2,0,1,1/2,4,0,0,3,8 S 16 6 -", 16},
	{"je-ki-n-je", "2,4,1,1,1,0/0,0,1,2,6,1 S 19 10 -", 16},
	{"adji-kui-1", "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -", 17},
	{"adji-kui-1", "8,2,0,7,0,1/1,1,0,0,8,8 S 3 9 -", 17},
	{"adji-kui-1", "0,1,11,4,1,5/6,4,0,0,11,2 S 0 3 -", 17},
	{"adji-kui-1", "7,6,1,1,0,1/13,4,1,0,3,0 S 9 2 -", 17},
	{"adji-boto", "10,10,10,10,10/10,10,10,10,10 S 0 0 a1b1c1d1e1a2b2c2d2e2", 16},
	{"adji-boto", "8,21,2,5,12/21,6,4,11,10 S 0 0 a1b2", 16},
	{"adji-boto", "16,13,5,2,8/2,2,21,19,6 S 5 1 -", 16},
	{"adji-boto", "1,24,13,9,5/6,10,8,2,14 S 0 8 -", 16},
	{"bao-la-kimasai", "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S 24 24 *", 13},
	{"bao-la-kimasai", "1,1,1,2,0,1,2,2/0,1,0,4,0,0,1,0/1,0,1,2,1,2,1,1/0,0,2,1,0,2,1,0 S 17 16 -", 10},
	{"bao-la-kimasai", "5,2,3,1,1,1,0,1/1,0,1,4,3,0,1,4/5,0,3,1,2,0,0,1/0,7,0,3,1,1,0,3 S 5 4 -", 10},
	{"bao-la-kimasai", "0,4,1,3,4,0,2,1/1,0,1,3,6,1,1,1/5,1,6,1,1,1,2,0/2,1,1,0,5,1,0,8 S 0 0 -", 10},
}

// HashMB is the transposition-table size of the bench searches.
const HashMB = 16

// Run searches every suite position to its depth with the given number of threads,
// each with a searcher as fresh as a new game, printing one line per position, then
// the time, the node total and the speed, and last "Bench: <nodes>" (Stockfish's
// convention). On one thread the total is the bench signature; with more, the
// threads race and the total varies, and the time to the suite's depths is what the
// run measures.
func Run(w io.Writer, threads int) (nodes uint64, err error) { return RunSuite(w, Suite, threads) }

// RunSuite is Run on the given entries.
func RunSuite(w io.Writer, suite []Entry, threads int) (nodes uint64, err error) {
	ab := alphabeta.New(search.Options{HashMB: HashMB, Threads: threads})
	start := time.Now()
	for i, e := range suite {
		v, err := board.VariantByName(e.Variant)
		if err != nil {
			return nodes, err
		}
		p, err := v.ParsePosition(e.Position)
		if err != nil {
			return nodes, fmt.Errorf("bench position %d: %v", i+1, err)
		}
		ab.NewGame()
		var ctl search.Control
		res := ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Depth: e.Depth}}, &ctl)
		nodes += res.Nodes
		if _, err := fmt.Fprintf(w, "%2d %-14s %-70s bestmove %-4s nodes %d\n",
			i+1, e.Variant, e.Position, v.FormatMove(res.Best), res.Nodes); err != nil {
			return nodes, err
		}
	}
	elapsed := time.Since(start)
	_, err = fmt.Fprintf(w, "\nTotal time (ms) : %d\nNodes searched  : %d\nNodes/second    : %d\nBench: %d\n",
		elapsed.Milliseconds(), nodes, perSecond(nodes, elapsed), nodes)
	return nodes, err
}

// perSecond is a rate, 0 for no time.
func perSecond(n uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(n) / d.Seconds())
}
