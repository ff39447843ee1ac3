// Command tbmeasure measures what the endgame tables add to the engine, for
// docs/tablebase.md. It is a measurement tool, not part of the engine, so it lives
// beside it rather than as a subcommand of mancala:
//
//	tbmeasure openings --variant V --min 18 --max 24 --n 400 > FILE
//
// plays self-play games (random first plies, then a shallow alpha-beta search) and
// prints one position per game the first time it has from --min to --max seeds on
// the board and a store lead of at most --lead, as cmd/tourney's --openings reads them.
//
//	tbmeasure agree --variant V --dir D --min 15 --max 16 --n 1000 --movetime 100ms
//
// draws random boards with --min to --max seeds whose value the table in D knows
// exactly, lets the engine without the table search each for --movetime, and
// reports how often its move keeps the table's value and how many seeds its moves
// lose on average.
//
//	tbmeasure losses --variant V --dir D --records FILE --engine NAME [--draws]
//
// reads every game of a match's records that the engine NAME lost (and drew, with
// --draws) with the table in D: where its own score first fell two seeds behind,
// where the game entered the table and at what exact margin, and any move of the
// engine there that lowered it; each game is put down to the opening, the middle
// game or the endgame.
package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/tablebase"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "tbmeasure:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: tbmeasure openings|agree|losses [flags]")
	}
	fs := pflag.NewFlagSet("tbmeasure "+args[0], pflag.ContinueOnError)
	name := fs.String("variant", board.DefaultVariant.Get().Name, "the game")
	lo := fs.Int("min", 18, "fewest seeds on the board")
	hi := fs.Int("max", 24, "most seeds on the board")
	n := fs.Int("n", 400, "positions")
	lead := fs.Int("lead", 4, "largest store lead (agree: -1 for any)")
	dir := fs.String("dir", "", "agree: the table directory")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "agree: search time per position")
	seed := fs.Uint64("seed", 1, "random seed")
	records := fs.StringArray("records", nil, "losses: the match's records file (repeat for shards)")
	engine := fs.String("engine", "", "losses: the engine whose lost games are read")
	draws := fs.Bool("draws", false, "losses: read its drawn games too")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	v, err := board.VariantByName(*name)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	switch args[0] {
	case "openings":
		return openings(os.Stdout, v, *lo, *hi, *lead, *n, rng)
	case "agree":
		t, err := tablebase.Open(*dir, v)
		if err != nil {
			return err
		}
		return agree(t, *lo, min(*hi, t.MaxSeeds()), *lead, *n, *moveTime, rng)
	case "losses":
		t, err := tablebase.Open(*dir, v)
		if err != nil {
			return err
		}
		var recs []tournament.Record
		for _, f := range *records {
			more, _, err := tournament.ReadRecordsFile(f)
			if err != nil {
				return err
			}
			recs = append(recs, more...)
		}
		reps, err := readLosses(recs, *engine, t, *draws)
		if err != nil {
			return err
		}
		writeLosses(os.Stdout, reps, *engine, t.MaxSeeds())
		return nil
	}
	return fmt.Errorf("unknown mode %q", args[0])
}

// openings writes n positions from self-play games with lo..hi seeds on the board:
// from each game, played by the one game driver (search.PlayGame after
// board.RandomOpening), the first position after the opening's cycle with lo..hi
// seeds on the board and a store lead of at most lead, if it has one before the
// seeds fall below lo.
func openings(w io.Writer, v *board.Variant, lo, hi, lead, n int, rng *rand.Rand) error {
	player := &shallow{Searcher: alphabeta.New(search.Options{}), rng: rng}
	seen := map[string]bool{}
	for len(seen) < n {
		g, _ := board.RandomOpening(v.StartPosition(), 6, rng)
		start := len(g.Positions()) - 1
		if _, err := search.PlayGame(g, [2]search.Searcher{player, player}, search.GameConfig{MaxPlies: board.DefaultPlyCap}); err != nil {
			return err
		}
		for _, p := range g.Positions()[start:] {
			k := p.SeedsOnBoard()
			if k < lo {
				break
			}
			me := p.SideToMove()
			if k <= hi && p.OpeningLeft() == 0 && abs(p.Store(me)-p.Store(me.Other())) <= lead {
				if s := p.String(); !seen[s] {
					seen[s] = true
					if _, err := fmt.Fprintln(w, s); err != nil {
						return err
					}
				}
				break
			}
		}
	}
	return nil
}

// shallow searches each move to a depth of 4 to 6 plies, drawn at random, so that
// the games vary.
type shallow struct {
	search.Searcher
	rng *rand.Rand
}

// Search searches the position at the drawn depth.
func (s *shallow) Search(req search.Request, ctl *search.Control) search.Result {
	req.Limits.Depth = 4 + s.rng.IntN(3)
	return s.Searcher.Search(req, ctl)
}

func abs(x int) int { return max(x, -x) }

// agree measures the engine without the table against the table's best moves.
func agree(t *tablebase.Table, lo, hi, lead, n int, moveTime time.Duration, rng *rand.Rand) error {
	ab := alphabeta.New(search.Options{})
	optimal, tried, kept := 0, 0, 0
	lossLo, lossHi := 0, 0
	perK := map[int][2]int{}
	for tried < n {
		k := lo + rng.IntN(hi-lo+1)
		p, value, ok := t.RandomExact(k, lead, false, rng)
		if !ok {
			continue
		}
		tried++
		ab.NewGame()
		var ctl search.Control
		res := ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{MoveTime: moveTime}}, &ctl)
		moves, _ := t.MoveValues(&p, nil)
		for _, m := range moves {
			if m.Move != res.Best {
				continue
			}
			c := perK[k]
			c[1]++
			if m.Lo == value {
				optimal++
				c[0]++
			}
			perK[k] = c
			d := p.Store(board.South) - p.Store(board.North)
			if sign(d+m.Lo) == sign(d+value) {
				kept++ // the move provably keeps the game's result
			}
			lossLo += max(0, value-m.Hi)
			lossHi += value - m.Lo
		}
	}
	fmt.Printf("%d positions with %d..%d seeds on the board, exact in the table; engine alone at %v a move\n", tried, lo, hi, moveTime)
	fmt.Printf("moves the table proves optimal: %d (%.1f%%)\n", optimal, 100*float64(optimal)/float64(tried))
	fmt.Printf("moves that keep the result (win, draw or loss): %d (%.1f%%)\n", kept, 100*float64(kept)/float64(tried))
	fmt.Printf("seeds lost per position: %.3f to %.3f (bounds: children not exact)\n", float64(lossLo)/float64(tried), float64(lossHi)/float64(tried))
	for k := lo; k <= hi; k++ {
		c := perK[k]
		if c[1] > 0 {
			fmt.Printf("  %d seeds: %d of %d optimal (%.1f%%)\n", k, c[0], c[1], 100*float64(c[0])/float64(c[1]))
		}
	}
	return nil
}

// sign is -1, 0 or 1.
func sign(x int) int { return min(max(x, -1), 1) }
