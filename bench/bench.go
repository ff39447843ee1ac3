// Package bench measures the engine: a fixed suite of positions searched to a fixed
// depth, whose node total is a signature of the search (any change to what the search
// does changes it).
package bench

import (
	"fmt"
	"io"
	"math/rand/v2"
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

// Suite is the bench: each game's Profile.Bench (the start position and three
// positions from the opening, the middle game and, for Bao la Kimasai, the raiding
// phase), the games in the order board.Variants lists them.
var Suite = func() (suite []Entry) {
	for _, v := range board.Variants() {
		for _, b := range v.Profile.Bench {
			suite = append(suite, Entry{v.Name, b.Position, b.Depth})
		}
	}
	return suite
}()

// GameSuite is a bench of any game, rule files' included: its start position and the
// positions 8 and 16 plies into one game of moves drawn with a fixed seed (those where
// the game goes on), each searched to depth. It is the same suite in every run, so
// its node total is a signature of the search in that game.
func GameSuite(v *board.Variant, depth int) []Entry {
	p := v.StartPosition()
	suite := []Entry{{v.Name, p.String(), depth}}
	rng := rand.New(rand.NewPCG(8, 16))
	game := board.NewGame(p)
	for ply := 1; ply <= 16 && !game.Result().Over(); ply++ {
		var ml board.MoveList
		q := game.Position()
		q.LegalMoves(&ml)
		if err := game.Play(ml.Moves[rng.IntN(ml.N)]); err != nil {
			panic("bench: a legal move refused: " + err.Error())
		}
		if ply%8 == 0 && !game.Result().Over() {
			q = game.Position()
			suite = append(suite, Entry{v.Name, q.String(), depth})
		}
	}
	return suite
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
		if _, err := fmt.Fprintf(w, "%2d %-14s %-70s bestmove %-5s nodes %d\n",
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
