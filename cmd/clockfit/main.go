// Command clockfit measures how games use the clock, for the time manager in
// search/timeman.go. It reads game records written by cmd/tourney (--records) and
// is a measurement tool, not part of the engine:
//
//	clockfit moves FILE...
//
// replays every game and prints, per variant, the moves the side to move still
// played (this one included) against the share of the variant's seeds still on the
// board, in bins of a tenth, and the bins' means as each game's Profile.Clock holds
// them (clock.moves_left in a profile file: board/games/builtin.profile.toml).
//
//	clockfit use --tc 1+0.01 FILE...
//
// prints, per variant and engine, the share of its clock each engine used in a game
// (the time it took over its base time plus its increments), its time forfeits, and
// the lowest its clock fell in a game.
//
//	clockfit simulate --tc 1+0.01 --engine NAME [--flat 30] [--search mcts] FILE...
//
// replays the clock of engine NAME in every game under search.NewBudget as built,
// taking each move's time as the same share of the new target as the recorded time
// was of the target of a budget spread over --flat moves (the budget the recorded
// engine had, the search's own trend scaling included), and prints the share of the
// clock used per game and the lowest clock seen, as "use" does for played games. It
// is a model for choosing constants before a match, not a measurement.
//
//	clockfit demand --tc 1+0.01 --engine NAME [--full-from 0.3] [--search mcts] FILE...
//
// measures what the moves of an ending really ask of the clock: per variant and bin
// of the seeds on the board, the mean time engine NAME took over the target its
// search.NewBudget gave (the records must come from an engine with the clock as
// built); the "full" share, the mean over the moves with at least --full-from of the
// seeds on the board; each bin's weight, its mean over the full share (at most 1: a
// forced or solved move in the ending takes little); and the moves the side to move
// still made, each counted by the weight of its bin. That last table, with the full
// share as spend, is what a game's Profile.Clock holds when it models moves by demand.
//
// A last line without its newline (a file still being written) is left out, with a
// note on standard error.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "clockfit:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: clockfit moves|use|simulate|demand [flags] FILE")
	}
	fs := pflag.NewFlagSet("clockfit "+args[0], pflag.ContinueOnError)
	tc := fs.String("tc", "1+0.01", "use: the match's time control")
	engine := fs.String("engine", "", "simulate, demand: the engine whose moves are replayed")
	flat := fs.Float64("flat", 30, "simulate: the moves over which the recorded engine spread its clock")
	overhead := fs.Duration("overhead", 10*time.Millisecond, "simulate, demand: the engines' Move Overhead")
	bins := fs.Int("bins", 10, "moves, demand: bins of the share of seeds on the board")
	fullFrom := fs.Float64("full-from", 0.3, "demand: the share of seeds on the board from which a move takes a full search")
	searchName := fs.String("search", "alphabeta", "simulate, demand: the engine's search, alphabeta or mcts (whose budget it had)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	method, ok := map[string]search.Method{"alphabeta": search.AlphaBeta, "mcts": search.MCTS}[*searchName]
	if !ok {
		return fmt.Errorf("--search %q: want alphabeta or mcts", *searchName)
	}
	recs, err := readRecords(fs.Args(), os.Stderr)
	if err != nil {
		return err
	}
	switch args[0] {
	case "moves":
		return movesLeft(recs, *bins, out)
	}
	t, err := tournament.ParseTimeControl(*tc)
	if err != nil {
		return err
	}
	switch args[0] {
	case "use":
		return clockUse(recs, t, out)
	case "simulate":
		return simulate(recs, t, *engine, *flat, *overhead, method, out)
	case "demand":
		return demand(recs, t, *engine, *bins, *fullFrom, *overhead, method, out)
	}
	return fmt.Errorf("unknown mode %q (moves, use, simulate or demand)", args[0])
}

// readRecords reads the complete lines of records files with the one records
// reader; a last line without its newline (a file still being written) is left out,
// with a note on warn.
func readRecords(paths []string, warn io.Writer) ([]tournament.Record, error) {
	if len(paths) == 0 {
		return nil, errors.New("no records files")
	}
	var recs []tournament.Record
	for _, p := range paths {
		got, cut, err := tournament.ReadRecordsFile(p)
		if err != nil {
			return nil, err
		}
		if cut > 0 {
			fmt.Fprintf(warn, "clockfit: %s: its last line has no newline (%d bytes, a record still being written or cut short): left out\n", p, cut)
		}
		recs = append(recs, got...)
	}
	return recs, nil
}

// sample is one position before a recorded move: the share of seeds on the board and
// the moves its side to move still made, counted one each and by weight.
type sample struct {
	share    float64
	left     int
	weighted float64
}

// weightFunc is what a move counts for in the moves left, by its variant and the share
// of the seeds on the board before it.
type weightFunc func(variant string, share float64) float64

// one counts every move as one.
func one(string, float64) float64 { return 1 }

// movesLeft prints the moves-left table of each variant in recs.
func movesLeft(recs []tournament.Record, bins int, out io.Writer) error {
	byVariant, games, err := samples(recs, one)
	if err != nil {
		return err
	}
	for _, name := range board.VariantNames() {
		ss := byVariant[name]
		if len(ss) == 0 {
			continue
		}
		fmt.Fprintf(out, "%s: %d games, %d positions\n", name, games[name], len(ss))
		fmt.Fprintln(out, "  seeds on board  positions  mean  p10  p25  median  p75  p90")
		var means []string
		for b := 0; b < bins; b++ {
			lo, hi := float64(b)/float64(bins), float64(b+1)/float64(bins)
			var left []int
			for _, s := range ss {
				if binOf(s.share, bins) == b {
					left = append(left, s.left)
				}
			}
			if len(left) == 0 {
				continue
			}
			mean, q := summarize(left)
			fmt.Fprintf(out, "  %.2f-%.2f  %9d  %5.1f  %3d  %3d  %6d  %3d  %3d\n", lo, hi, len(left),
				mean, q(0.1), q(0.25), q(0.5), q(0.75), q(0.9))
			means = append(means, fmt.Sprintf("%.1f", mean))
		}
		fmt.Fprintf(out, "  means at the bins' centres: %s\n", strings.Join(means, ", "))
	}
	return nil
}

// shareOf is the share of its variant's seeds on p's board.
func shareOf(p *board.Position) float64 {
	return float64(p.SeedsOnBoard()) / float64(p.Variant().Seeds)
}

// binOf is the bin of a share of the seeds on the board, in bins equal ranges from 0
// to 1; a share of 1 falls in the last.
func binOf(share float64, bins int) int { return min(max(int(share*float64(bins)), 0), bins-1) }

// replay replays the game of r and returns the positions before its recorded moves,
// the one before r.Moves[k] at k.
func replay(r *tournament.Record) ([]board.Position, error) {
	g, err := tournament.ReplayGame(r)
	if err != nil {
		return nil, fmt.Errorf("game %d: %v", r.Game, err)
	}
	ps := g.Positions()
	return ps[len(ps)-1-len(r.Moves) : len(ps)-1], nil
}

// samples replays the games of recs that ended by the rules and returns, per variant,
// one sample for the position before each recorded move, its moves left weighted by
// weight, and the games replayed.
func samples(recs []tournament.Record, weight weightFunc) (map[string][]sample, map[string]int, error) {
	byVariant := map[string][]sample{}
	games := map[string]int{}
	for i := range recs {
		r := &recs[i]
		switch r.Reason {
		case tournament.EndTimeForfeit, tournament.EndIllegalMove, tournament.EndBadBestMove,
			tournament.EndCrash, tournament.EndEngineFailure, tournament.EndScoreAgreement, tournament.EndMaxPlies,
			tournament.EndTablebase:
			continue // cut short: its moves left are not the game's
		}
		before, err := replay(r)
		if err != nil {
			return nil, nil, err
		}
		v := before[0].Variant()
		n := len(r.Moves)
		shares := make([]float64, n)
		weighted := make([]float64, n+2) // from the end: this side's moves from k on
		for k := n - 1; k >= 0; k-- {
			shares[k] = shareOf(&before[k])
			weighted[k] = weight(v.Name, shares[k]) + weighted[k+2]
		}
		for k := range n {
			plies := n - k // this move and the ones after it
			byVariant[v.Name] = append(byVariant[v.Name], sample{
				share: shares[k], left: (plies + 1) / 2, weighted: weighted[k]})
		}
		games[v.Name]++
	}
	return byVariant, games, nil
}

// clockUse prints, per variant and engine, the share of the clock used per game.
func clockUse(recs []tournament.Record, tc tournament.TimeControl, out io.Writer) error {
	type key struct{ variant, engine string }
	used := map[key][]float64{}
	lowest := map[key][]int64{} // the lowest clock after a move, per game, in ms
	forfeits := map[key]int{}
	for i := range recs {
		r := &recs[i]
		names := [2]string{r.South, r.North}
		// South moves first after the opening when its length is even.
		v, err := board.VariantByName(r.Variant)
		if err != nil {
			return err
		}
		g, err := r.Opening.Game(v)
		if err != nil {
			return fmt.Errorf("game %d: %v", r.Game, err)
		}
		at := g.Position()
		first := at.SideToMove()
		left := [2]int64{tc.Base.Milliseconds(), tc.Base.Milliseconds()}
		low := left
		for k, mr := range r.Moves {
			s := int(first) ^ k%2 // the sides alternate
			left[s] += tc.Inc.Milliseconds() - mr.MS
			low[s] = min(low[s], left[s])
		}
		for s := range 2 {
			n := len(r.Moves) / 2 // moves made by side s
			if len(r.Moves)%2 == 1 && board.Side(s) == first {
				n++
			}
			clock := tc.Base.Milliseconds() + int64(n)*tc.Inc.Milliseconds()
			k := key{r.Variant, names[s]}
			used[k] = append(used[k], float64(r.TimeMS[s])/float64(clock))
			lowest[k] = append(lowest[k], low[s])
		}
		if r.Reason == tournament.EndTimeForfeit {
			loser := board.North
			if r.Result == "0-1" {
				loser = board.South
			}
			forfeits[key{r.Variant, names[loser]}]++
		}
	}
	keys := make([]key, 0, len(used))
	for k := range used {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].variant != keys[j].variant {
			return keys[i].variant < keys[j].variant
		}
		return keys[i].engine < keys[j].engine
	})
	fmt.Fprintln(out, "variant          engine      games  mean  p10  median  p90  max  time forfeits  lowest clock (ms): p1 p5 median")
	for _, k := range keys {
		u := used[k]
		mean, q := summarize(u)
		_, ql := summarize(lowest[k])
		fmt.Fprintf(out, "%-16s %-10s %6d  %3.0f%%  %3.0f%%  %5.0f%%  %3.0f%%  %3.0f%%  %d  %d %d %d\n", k.variant,
			strings.TrimSpace(k.engine), len(u), 100*mean, 100*q(0.1), 100*q(0.5), 100*q(0.9), 100*q(1), forfeits[k],
			ql(0.01), ql(0.05), ql(0.5))
	}
	return nil
}

// simulate replays engine's clock in recs under the budget search.NewBudget gives
// method.
func simulate(recs []tournament.Record, tc tournament.TimeControl, engine string, flat float64, overhead time.Duration,
	method search.Method, out io.Writer) error {
	inc := tc.Inc
	byVariant := map[string][]float64{}
	lowest := map[string]time.Duration{}
	capped := map[string]int{}
	ratios := map[string][]float64{} // recorded time over the recorded engine's target
	for i := range recs {
		r := &recs[i]
		before, err := replay(r)
		if err != nil {
			return err
		}
		names := [2]string{r.South, r.North}
		for s := range 2 {
			if names[s] != engine {
				continue
			}
			oldLeft, newLeft := tc.Base, tc.Base
			spent, given := time.Duration(0), tc.Base
			low := tc.Base
			for k, mr := range r.Moves {
				p := &before[k]
				if int(p.SideToMove()) != s {
					continue
				}
				took := time.Duration(mr.MS) * time.Millisecond
				oldTarget := min(time.Duration(float64(oldLeft)/flat)+inc*3/4, (oldLeft-overhead)/2)
				oldLeft += inc - took
				var l search.Limits
				l.Time[s], l.Inc[s] = newLeft, inc
				b := search.NewBudget(l, p, overhead, method)
				ratio := float64(took) / float64(max(oldTarget, time.Millisecond))
				ratios[r.Variant] = append(ratios[r.Variant], ratio)
				use := time.Duration(float64(b.Target) * ratio)
				if use > b.Hard {
					use = b.Hard
					capped[r.Variant]++
				}
				newLeft += inc - use
				spent += use
				given += inc
				low = min(low, newLeft)
			}
			byVariant[r.Variant] = append(byVariant[r.Variant], float64(spent)/float64(given))
			if l, ok := lowest[r.Variant]; !ok || low < l {
				lowest[r.Variant] = low
			}
		}
	}
	fmt.Fprintln(out, "variant          games  mean  p10  median  p90  max  lowest clock  moves cut at the hard limit  recorded time/target: mean, median")
	for _, name := range board.VariantNames() {
		u := byVariant[name]
		if len(u) == 0 {
			continue
		}
		mean, q := summarize(u)
		rmean, rq := summarize(ratios[name])
		fmt.Fprintf(out, "%-16s %5d  %3.0f%%  %3.0f%%  %5.0f%%  %3.0f%%  %3.0f%%  %v  %d  %.2f, %.2f\n", name, len(u), 100*mean,
			100*q(0.1), 100*q(0.5), 100*q(0.9), 100*q(1), lowest[name].Round(time.Millisecond), capped[name], rmean, rq(0.5))
	}
	return nil
}

// demand prints, per variant, the time engine took over the target search.NewBudget
// gives method, by the share of the seeds on the board, and the moves left counted by
// that demand.
func demand(recs []tournament.Record, tc tournament.TimeControl, engine string, bins int, fullFrom float64,
	overhead time.Duration, method search.Method, out io.Writer) error {
	if bins < 1 {
		return fmt.Errorf("--bins %d: need at least 1", bins)
	}
	ratios := map[string][][]float64{} // per variant and bin: time taken over target
	for i := range recs {
		r := &recs[i]
		before, err := replay(r)
		if err != nil {
			return err
		}
		names := [2]string{r.South, r.North}
		left := [2]time.Duration{tc.Base, tc.Base}
		for k, mr := range r.Moves {
			p := &before[k]
			s := p.SideToMove()
			took := time.Duration(mr.MS) * time.Millisecond
			if names[s] == engine {
				var l search.Limits
				l.Time, l.Inc = left, [2]time.Duration{tc.Inc, tc.Inc}
				b := search.NewBudget(l, p, overhead, method)
				if ratios[r.Variant] == nil {
					ratios[r.Variant] = make([][]float64, bins)
				}
				at := binOf(shareOf(p), bins)
				ratios[r.Variant][at] = append(ratios[r.Variant][at], float64(took)/float64(b.Target))
			}
			left[s] += tc.Inc - took
		}
	}
	if len(ratios) == 0 {
		return fmt.Errorf("no moves of engine %q", engine)
	}
	full := map[string]float64{}
	weights := map[string][]float64{}
	for name, byBin := range ratios {
		var sum float64
		var n int
		for b := binOf(fullFrom, bins); b < bins; b++ {
			for _, x := range byBin[b] {
				sum += x
			}
			n += len(byBin[b])
		}
		if n == 0 || sum == 0 {
			return fmt.Errorf("%s: no moves of %q with at least %v of the seeds on the board", name, engine, fullFrom)
		}
		full[name] = sum / float64(n)
		weights[name] = make([]float64, bins)
		for b, xs := range byBin {
			weights[name][b] = 1
			if len(xs) > 0 {
				mean, _ := summarize(xs)
				weights[name][b] = min(mean/full[name], 1)
			}
		}
	}
	byVariant, games, err := samples(recs, func(variant string, share float64) float64 {
		if w := weights[variant]; w != nil {
			return w[binOf(share, bins)]
		}
		return 1
	})
	if err != nil {
		return err
	}
	for _, name := range board.VariantNames() {
		byBin := ratios[name]
		if byBin == nil {
			continue
		}
		fmt.Fprintf(out, "%s: %d games; a full search (from %.2f of the seeds on the board) takes %.2f of its target\n",
			name, games[name], fullFrom, full[name])
		fmt.Fprintln(out, "  seeds on board  moves  time/target  weight  positions  moves left  weighted")
		var means []string
		for b := range bins {
			var left, weighted []float64
			for _, s := range byVariant[name] {
				if binOf(s.share, bins) == b {
					left = append(left, float64(s.left))
					weighted = append(weighted, s.weighted)
				}
			}
			if len(left) == 0 {
				continue
			}
			ratio := 0.0
			if len(byBin[b]) > 0 {
				ratio, _ = summarize(byBin[b])
			}
			meanLeft, _ := summarize(left)
			meanWeighted, _ := summarize(weighted)
			fmt.Fprintf(out, "  %.2f-%.2f  %9d  %11.2f  %6.2f  %9d  %10.1f  %8.1f\n", float64(b)/float64(bins),
				float64(b+1)/float64(bins), len(byBin[b]), ratio, weights[name][b], len(left), meanLeft, meanWeighted)
			means = append(means, fmt.Sprintf("%.1f", meanWeighted))
		}
		fmt.Fprintf(out, "  spend %.2f; weighted moves left at the bins' centres: %s\n", full[name], strings.Join(means, ", "))
	}
	return nil
}

// summarize sorts xs, which must not be empty, and returns its mean and its
// quantiles: q(f) is the value at fraction f of the sorted list (q(0.5) the median,
// q(1) the largest).
func summarize[T int | int64 | float64](xs []T) (mean float64, q func(f float64) T) {
	slices.Sort(xs)
	var sum T
	for _, x := range xs {
		sum += x
	}
	return float64(sum) / float64(len(xs)), func(f float64) T { return xs[int(f*float64(len(xs)-1))] }
}
