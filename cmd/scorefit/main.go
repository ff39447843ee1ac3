// Command scorefit calibrates the score the engine reports (search.Reported
// and WDL) against the truth, for docs/strength.md and the games' profiles
// (board.ScoreProfile). It draws samples, each a position with the engine's internal
// value there and the truth, and fits and measures the conversion on them:
//
//	scorefit table --variant V --dir D --min 15 --max 18 --n 1000 --depth 10 > FILE
//
// draws random boards with --min to --max seeds whose value the endgame table in D
// knows exactly and searches each, the table off, to --depth: the truth is the
// table's exact final margin;
//
//	scorefit games --variant V --games 100 --depth 8 > FILE
//	scorefit games --variant V --games 300 --movetime 50 > FILE
//
// plays self-play games (random first plies, then alpha-beta to --depth, or for
// --movetime milliseconds a move) and takes every searched position: the truth is
// the game's final margin and result for the side to move;
//
//	scorefit fit FILE...
//
// prints, per game and kind of sample, the mean absolute error in seeds of the raw
// internal value read as centiseeds (the old report) and of the reported score with
// the game's profile, then the best Margin and Lead of the profile's form and of a
// plain clamp, and the win/draw/loss model fitted on the games' samples.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/words"
	"mancala/tablebase"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "scorefit:", err)
		os.Exit(2)
	}
}

func run(args []string, w io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: scorefit table|games|fit [flags]")
	}
	fs := pflag.NewFlagSet("scorefit "+args[0], pflag.ContinueOnError)
	name := fs.String("variant", board.DefaultVariant.Get().Name, "the game")
	lo := fs.Int("min", 15, "table: fewest seeds on the board")
	hi := fs.Int("max", 18, "table: most seeds on the board")
	n := fs.Int("n", 1000, "table: positions")
	lead := fs.Int("lead", 4, "table: largest store lead (-1 for any)")
	dir := fs.String("dir", "", "table: the table directory")
	games := fs.Int("games", 100, "games: games to play")
	depth := fs.Int("depth", 10, "search depth")
	moveTime := fs.Int("movetime", 0, "games: milliseconds a move instead of --depth")
	seed := fs.Uint64("seed", 1, "random seed")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if args[0] == "fit" {
		samples, err := readSamples(fs.Args())
		if err != nil {
			return err
		}
		return fit(w, samples)
	}
	v, err := board.VariantByName(*name)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	switch args[0] {
	case "table":
		t, err := tablebase.Open(*dir, v)
		if err != nil {
			return err
		}
		return tableSamples(w, t, *lo, min(*hi, t.MaxSeeds()), *lead, *n, *depth, rng)
	case "games":
		limits := search.Limits{Depth: *depth}
		if *moveTime > 0 {
			limits = search.Limits{MoveTime: time.Duration(*moveTime) * time.Millisecond}
		}
		return gameSamples(w, v, *games, limits, rng)
	}
	return fmt.Errorf("unknown mode %q", args[0])
}

// A sample is a position, the engine's score there in internal values, and the
// truth: the final margin for the side to move in seeds (0 in Bao la Kimasai) and
// the result for it (1 a win, 0 a draw, -1 a loss).
type sample struct {
	variant *board.Variant
	source  string // "table" or "games"
	pos     board.Position
	score   words.Score
	margin  int
	result  int
}

// String writes the sample as one tab-separated line; readSamples reads it back.
func (s sample) String() string {
	return fmt.Sprintf("%s\t%s\t%s\t%s\t%d\t%d", s.variant.Name, s.source, s.pos.String(), s.score, s.margin, s.result)
}

// readSamples reads the samples of the files.
func readSamples(files []string) ([]sample, error) {
	var out []sample
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			s, err := parseSample(sc.Text())
			if err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			out = append(out, s)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parseSample reads one line as sample.String writes it.
func parseSample(line string) (sample, error) {
	f := strings.Split(line, "\t")
	if len(f) != 6 {
		return sample{}, fmt.Errorf("want 6 tab-separated fields, got %d", len(f))
	}
	v, err := board.VariantByName(f[0])
	if err != nil {
		return sample{}, err
	}
	p, err := v.ParsePosition(f[2])
	if err != nil {
		return sample{}, err
	}
	sc, err := words.ParseScore(f[3])
	if err != nil {
		return sample{}, err
	}
	margin, err1 := strconv.Atoi(f[4])
	result, err2 := strconv.Atoi(f[5])
	if err := errors.Join(err1, err2); err != nil {
		return sample{}, err
	}
	return sample{variant: v, source: f[1], pos: p, score: sc, margin: margin, result: result}, nil
}

// tableSamples writes n samples of random boards with lo..hi seeds that t knows
// exactly, each searched without the table to depth.
func tableSamples(w io.Writer, t *tablebase.Table, lo, hi, lead, n, depth int, rng *rand.Rand) error {
	ab := alphabeta.New(search.Options{})
	for done := 0; done < n; {
		k := lo + rng.IntN(hi-lo+1)
		p, value, ok := t.RandomExact(k, lead, true, rng)
		if !ok {
			continue
		}
		done++
		ab.NewGame()
		var ctl search.Control
		res := ab.Search(search.Request{History: []board.Position{p}, Limits: search.Limits{Depth: depth}}, &ctl)
		me := p.SideToMove()
		margin := p.Store(me) - p.Store(me.Other()) + value
		s := sample{variant: t.Variant(), source: "table", pos: p, score: res.Score, margin: margin, result: sign(margin)}
		if _, err := fmt.Fprintln(w, s); err != nil {
			return err
		}
	}
	return nil
}

// recorder is a searcher that keeps the score of every position it searched.
type recorder struct {
	search.Searcher
	limits search.Limits
	played []sample
}

// Search searches under the recorder's limits and keeps the position and its score.
func (r *recorder) Search(req search.Request, ctl *search.Control) search.Result {
	req.Limits = r.limits
	res := r.Searcher.Search(req, ctl)
	p := req.History[len(req.History)-1]
	r.played = append(r.played, sample{variant: p.Variant(), source: "games", pos: p, score: res.Score})
	return res
}

// gameSamples plays games of v from random openings of 6 plies, the alpha-beta
// search under limits (a depth or a time a move) on both sides, and writes every
// searched position as a sample labelled with the game's final margin and result.
func gameSamples(w io.Writer, v *board.Variant, games int, limits search.Limits, rng *rand.Rand) error {
	r := &recorder{Searcher: alphabeta.New(search.Options{}), limits: limits}
	for range games {
		g, ok := board.RandomOpening(v.StartPosition(), 6, rng)
		if !ok {
			continue
		}
		r.played = r.played[:0]
		rep, err := search.PlayGame(g, [2]search.Searcher{r, r}, search.GameConfig{MaxPlies: board.DefaultPlyCap})
		if err != nil {
			return err
		}
		for _, s := range r.played {
			s.margin, s.result = outcomeFor(rep.Result, s.pos.SideToMove())
			if _, err := fmt.Fprintln(w, s); err != nil {
				return err
			}
		}
	}
	return nil
}

// outcomeFor is the final margin (0 without seed counts) and the result of r for side.
func outcomeFor(r board.Result, side board.Side) (margin, result int) {
	if r.Scored {
		margin = r.South - r.North
		if side == board.North {
			margin = -margin
		}
	}
	if winner, ok := r.Winner(); ok {
		result = 1
		if winner != side {
			result = -1
		}
	}
	return margin, result
}

// group is the samples of one game.
type group struct {
	variant *board.Variant
	samples []sample
}

// fit prints, game by game, the errors of the old and the present report, the best
// conversions, and the win/draw/loss model.
func fit(w io.Writer, samples []sample) error {
	byGame := map[string]*group{}
	var names []string
	for _, s := range samples {
		g := byGame[s.variant.Name]
		if g == nil {
			g = &group{variant: s.variant}
			byGame[s.variant.Name] = g
			names = append(names, s.variant.Name)
		}
		g.samples = append(g.samples, s)
	}
	sort.Strings(names)
	for _, name := range names {
		g := byGame[name]
		fmt.Fprintf(w, "%s\n", g.variant.Title)
		if g.variant.Scoring {
			fitMargin(w, g)
		}
		fitWDL(w, g)
	}
	return nil
}

// estimated is whether the sample's score is an estimate the conversion applies to:
// not a proven result.
func estimated(s *sample) bool {
	return !s.score.Mate && s.score.Bound == words.Estimate && abs(s.score.Value) < search.TableWinMin
}

// storeLead is the side to move's store minus the opponent's.
func storeLead(p *board.Position) int {
	me := p.SideToMove()
	return p.Store(me) - p.Store(me.Other())
}

// fitMargin prints the errors of the old and present report by source, then the
// best parameters of the profile's form and of a clamp.
func fitMargin(w io.Writer, g *group) {
	bySource := map[string][]*sample{}
	proven := map[string]int{}
	for i := range g.samples {
		s := &g.samples[i]
		if !estimated(s) {
			proven[s.source]++
			continue
		}
		bySource[s.source] = append(bySource[s.source], s)
	}
	sources := []string{"table", "games"}
	mae := func(conv func(s *sample) float64, ss []*sample) float64 {
		total := 0.0
		for _, s := range ss {
			total += math.Abs(conv(s) - float64(s.margin))
		}
		return total / float64(max(len(ss), 1))
	}
	old := func(s *sample) float64 { return float64(s.score.Value) / 100 }
	now := func(s *sample) float64 { return float64(search.Reported(s.score, &s.pos).Value) / 100 }
	for _, src := range sources {
		ss := bySource[src]
		if len(ss) == 0 {
			continue
		}
		fmt.Fprintf(w, "  %-5s %5d positions (%d proven, left out): MAE in seeds, internal value as cp %.2f, reported %.2f\n",
			src, len(ss), proven[src], mae(old, ss), mae(now, ss))
	}
	// The fit weighs the sources equally (the mean of their errors), on at most
	// fitSamples samples of each, drawn evenly.
	subset := map[string][]*sample{}
	for src, ss := range bySource {
		step := max(1, len(ss)/fitSamples)
		for i := 0; i < len(ss); i += step {
			subset[src] = append(subset[src], ss[i])
		}
	}
	fitErr := func(conv func(s *sample) float64) float64 {
		total, k := 0.0, 0
		for _, src := range sources {
			if ss := subset[src]; len(ss) > 0 {
				total += mae(conv, ss)
				k++
			}
		}
		return total / float64(max(k, 1))
	}
	profileForm := func(pr board.ScoreProfile) func(s *sample) float64 {
		return func(s *sample) float64 {
			return search.Margin(pr, float64(s.score.Value), storeLead(&s.pos), s.pos.SeedsOnBoard())
		}
	}
	bestT, bestC := math.Inf(1), math.Inf(1)
	var best board.ScoreProfile
	var cMargin float64
	for m := 0.04; m <= 3.0001; m += 0.04 {
		clamp := func(s *sample) float64 {
			d, b := float64(storeLead(&s.pos)), float64(s.pos.SeedsOnBoard())
			return max(d-b, min(d+b, m*float64(s.score.Value)/100))
		}
		if e := fitErr(clamp); e < bestC {
			bestC, cMargin = e, m
		}
		for lead := 0.0; lead <= 1.0001; lead += 0.25 {
			for _, reach := range []float64{0, 8, 16, 32, 64} {
				pr := board.ScoreProfile{Margin: m, Lead: lead, Reach: reach}
				if e := fitErr(profileForm(pr)); e < bestT {
					bestT, best = e, pr
				}
			}
		}
	}
	fmt.Fprintf(w, "  best d + B·tanh((Margin·v/100 − Lead·d)/(B + Reach)): Margin %.2f Lead %.2f Reach %.0f;", best.Margin, best.Lead, best.Reach)
	for _, src := range sources {
		if ss := bySource[src]; len(ss) > 0 {
			fmt.Fprintf(w, " %s MAE %.2f", src, mae(profileForm(best), ss))
		}
	}
	fmt.Fprintf(w, "\n  best clamp(Margin·v/100, d−B, d+B): Margin %.2f, mean MAE of the sources %.2f (the form above: %.2f)\n", cMargin, bestC, bestT)
}

// fitSamples bounds the samples of each source the grid of fitMargin runs on.
const fitSamples = 4000

// fitWDL fits the win/draw/loss model by maximum likelihood on the games' samples
// and prints it with its cross-entropy and the present profile's, then checks the
// profile's model against the games' outcomes: its Brier score and reliability
// table, and, held out, its Brier score on the second half of the samples (whole
// games but one) against a model fitted on the first half and against the first
// half's outcome frequencies.
func fitWDL(w io.Writer, g *group) {
	var ss []*sample
	draws := 0
	for i := range g.samples {
		s := &g.samples[i]
		if s.source == "games" && estimated(s) {
			ss = append(ss, s)
			if s.result == 0 {
				draws++
			}
		}
	}
	if len(ss) == 0 {
		return
	}
	fitted, best := fitWinLoss(ss)
	fmt.Fprintf(w, "  WDL on %d game positions (%.1f%% drawn): fitted WinAt %.0f WinWidth %.0f, cross-entropy %.4f (profile's %.4f);"+
		" Bao's unit would be Margin %.4f (100/WinWidth)\n",
		len(ss), 100*float64(draws)/float64(len(ss)), fitted.WinAt, fitted.WinWidth, best, crossEntropy(ss, g.variant.Profile.Score), 100/fitted.WinWidth)
	first, second := ss[:len(ss)/2], ss[len(ss)/2:]
	half, _ := fitWinLoss(first)
	fmt.Fprintf(w, "  Brier score of the profile's model %.4f; held out (fitted on the first %d positions, scored on the other %d): profile's %.4f,"+
		" refitted (WinAt %.0f WinWidth %.0f) %.4f, outcome frequencies alone %.4f\n",
		brier(ss, g.variant.Profile.Score), len(first), len(second), brier(second, g.variant.Profile.Score), half.WinAt, half.WinWidth,
		brier(second, half), brierOfFrequencies(first, second))
	fmt.Fprintf(w, "  reliability of the profile's model:\n")
	reliability(w, ss, g.variant.Profile.Score)
}

// fitWinLoss is the win/draw/loss model of least cross-entropy on ss, and that
// cross-entropy.
func fitWinLoss(ss []*sample) (board.ScoreProfile, float64) {
	best := math.Inf(1)
	var fitted board.ScoreProfile
	for at := 0.0; at <= 600; at += 10 {
		for width := 20.0; width <= 3000; width *= 1.05 {
			pr := board.ScoreProfile{WinAt: at, WinWidth: width}
			if e := crossEntropy(ss, pr); e < best {
				best, fitted = e, pr
			}
		}
	}
	return fitted, best
}

// chances are the model's win, draw and loss chances for s's side to move.
func chances(s *sample, pr board.ScoreProfile) [3]float64 {
	win, loss := search.WinLoss(pr, float64(s.score.Value))
	return [3]float64{win, max(0, 1-win-loss), loss}
}

// outcome is s's result as the index of chances: 0 a win, 1 a draw, 2 a loss.
func outcome(s *sample) int { return 1 - s.result }

// crossEntropy is the mean negative log-likelihood of ss's outcomes under pr.
func crossEntropy(ss []*sample, pr board.ScoreProfile) float64 {
	total := 0.0
	for _, s := range ss {
		total -= math.Log(max(chances(s, pr)[outcome(s)], 1e-6))
	}
	return total / float64(len(ss))
}

// brier is the mean over ss of the squared differences between pr's three chances
// and the outcome (1 for what happened, 0 for the others): 0 is perfect, 2 the worst.
func brier(ss []*sample, pr board.ScoreProfile) float64 {
	total := 0.0
	for _, s := range ss {
		p := chances(s, pr)
		for k := range p {
			o := 0.0
			if k == outcome(s) {
				o = 1
			}
			total += (p[k] - o) * (p[k] - o)
		}
	}
	return total / float64(len(ss))
}

// brierOfFrequencies is the Brier score on ss of always predicting the outcome
// frequencies of by: what the score alone is worth.
func brierOfFrequencies(by, ss []*sample) float64 {
	var freq [3]float64
	for _, s := range by {
		freq[outcome(s)] += 1 / float64(len(by))
	}
	total := 0.0
	for _, s := range ss {
		for k := range freq {
			o := 0.0
			if k == outcome(s) {
				o = 1
			}
			total += (freq[k] - o) * (freq[k] - o)
		}
	}
	return total / float64(len(ss))
}

// reliabilityEdges bound the bins of the predicted win chance.
var reliabilityEdges = []float64{0, 0.01, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 0.99, 0.999, 1}

// reliability prints, by bins of pr's predicted win chance, the positions and the
// mean predicted win and draw chances against the observed frequencies.
func reliability(w io.Writer, ss []*sample, pr board.ScoreProfile) {
	type bin struct {
		n                     int
		pWin, pDraw, win, drw float64
	}
	bins := make([]bin, len(reliabilityEdges)-1)
	for _, s := range ss {
		p := chances(s, pr)
		i := sort.SearchFloat64s(reliabilityEdges, p[0]) - 1
		i = min(max(i, 0), len(bins)-1)
		b := &bins[i]
		b.n++
		b.pWin += p[0]
		b.pDraw += p[1]
		switch outcome(s) {
		case 0:
			b.win++
		case 1:
			b.drw++
		}
	}
	fmt.Fprintf(w, "  | predicted win | positions | predicted win, mean | won | predicted draw, mean | drawn |\n  |---|---:|---:|---:|---:|---:|\n")
	for i, b := range bins {
		if b.n == 0 {
			continue
		}
		n := float64(b.n)
		fmt.Fprintf(w, "  | %s-%s%% | %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n", percentEdge(reliabilityEdges[i]), percentEdge(reliabilityEdges[i+1]),
			b.n, 100*b.pWin/n, 100*b.win/n, 100*b.pDraw/n, 100*b.drw/n)
	}
}

// percentEdge writes a bin edge as a percentage without needless decimals.
func percentEdge(x float64) string { return strconv.FormatFloat(100*x, 'f', -1, 64) }

func abs(x int) int { return max(x, -x) }

// sign is -1, 0 or 1.
func sign(x int) int { return min(max(x, -1), 1) }
