package tournament

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"mancala/protocol/tournament/stats"
)

// formatElo writes an Elo value with a sign, "+inf"/"-inf" for a perfect score and
// "-" when undefined.
func formatElo(e float64) string {
	switch {
	case math.IsNaN(e):
		return "-"
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case e == 0:
		e = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", e)
}

func formatMargin(m float64) string {
	switch {
	case math.IsNaN(m):
		return "-"
	case math.IsInf(m, 0):
		return "inf"
	}
	return fmt.Sprintf("%.1f", m)
}

// progress writes the progress line: games played, then the first engine's tally
// against the field, its Elo (game by game) and, with an SPRT, the LLR.
func (m *match) progress(sum *Summary) {
	w := m.cfg.Progress
	if w == nil {
		return
	}
	r := sum.Standings[0]
	est := r.Estimate()
	opp := "field"
	if len(sum.Engines) == 2 {
		opp = sum.Engines[1]
	}
	line := fmt.Sprintf("games %d/%d  %s vs %s  W-D-L %d-%d-%d  score %.1f%%  Elo %s +/- %s",
		sum.Played, sum.Scheduled, sum.Engines[0], opp, r.W, r.D, r.L, 100*r.Score(), formatElo(est.Elo), formatMargin(est.Margin))
	if sum.SPRT != nil {
		lo, hi := sum.SPRT.Bounds()
		line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", sum.LLR, lo, hi)
	}
	if m.cfg.Live {
		fmt.Fprintf(w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(w, line)
	}
	if n := m.cfg.RatingInterval; n > 0 && sum.Played%n == 0 {
		if m.cfg.Live {
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
		writeStandings(w, sum)
		fmt.Fprintln(w)
	}
}

// Summarize tallies a set of records, in game order, as one run of their match
// would: the merged records of a match's shards give the report of the whole match.
// The schedule's size comes from the records; sprt, if not nil, is decided on the
// first pairing.
func Summarize(recs []Record, sprt *stats.SPRT) *Summary {
	sorted := append([]Record(nil), recs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Game < sorted[j].Game })
	sum := newSummary(nil, nil, 0, sprt)
	for i := range sorted {
		sum.Scheduled = max(sum.Scheduled, sorted[i].Scheduled)
		sum.Add(&sorted[i])
	}
	sum.Scheduled = max(sum.Scheduled, sum.Played) // records without the schedule's size
	if sum.Played < sum.Scheduled {
		sum.Stopped = fmt.Sprintf("%d games not in these records", sum.Scheduled-sum.Played)
	}
	sum.Notes = mixNotes(sorted)
	return sum
}

// WriteReport writes the final tables, after the Notes on what the records mix: the standings (each engine against all its
// opponents, trinomial Elo), one line per pairing (pentanomial Elo when game pairs
// were completed) and how its 1-1 pairs split, the SPRT verdict and how the games
// ended.
func WriteReport(w io.Writer, sum *Summary) {
	for _, n := range sum.Notes {
		fmt.Fprintln(w, "Note: "+n)
	}
	if len(sum.Notes) > 0 {
		fmt.Fprintln(w)
	}
	writeStandings(w, sum)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Pairing\tGames\tPoints\tW\tD\tL\tElo\t+/-\tLOS\tPtnml(0-2)\t")
	var unpaired []string
	for _, p := range sum.Pairs {
		e := p.Ptnml.Estimate()
		fmt.Fprintf(tw, "%s vs %s\t%d\t%.1f-%.1f\t%d\t%d\t%d\t%s\t%s\t%s\t%s\t\n", sum.Engines[p.A], sum.Engines[p.B],
			p.WDL.Games(), p.WDL.Points(), float64(p.WDL.Games())-p.WDL.Points(), p.WDL.W, p.WDL.D, p.WDL.L,
			formatElo(e.Elo), formatMargin(e.Margin), percent(p.WDL.LOS()), ptnml(p.Ptnml))
		if p.Unpaired > 0 {
			unpaired = append(unpaired, fmt.Sprintf("%s vs %s %d", sum.Engines[p.A], sum.Engines[p.B], p.Unpaired))
		}
	}
	tw.Flush()
	for _, p := range sum.Pairs {
		if split := p.ColourWon + p.BothDrawn; split > 0 {
			fmt.Fprintf(w, "%s vs %s: %d of %d pairs split 1-1, %d won by one colour both times, %d by two draws\n",
				sum.Engines[p.A], sum.Engines[p.B], split, p.Ptnml.Pairs(), p.ColourWon, p.BothDrawn)
		}
	}
	for _, p := range sum.Pairs {
		if level, other := p.LevelOpenings.Pairs(), p.OtherOpenings.Pairs(); level+other > 0 {
			fmt.Fprintf(w, "%s vs %s: %d of %d openings scored level by %s's first search with both colours (pairs %s); the other %d: %s\n",
				sum.Engines[p.A], sum.Engines[p.B], level, p.Ptnml.Pairs(), sum.Engines[p.A], ptnml(p.LevelOpenings), other, ptnml(p.OtherOpenings))
		}
	}
	if len(unpaired) > 0 {
		fmt.Fprintf(w, "(pairings count whole game pairs; games whose pair partner was not played are in the standings only: %s)\n",
			strings.Join(unpaired, ", "))
	}
	writeOutlooks(w, sum)
	if sum.SPRT != nil {
		lo, hi := sum.SPRT.Bounds()
		fmt.Fprintf(w, "\nSPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f (%.2f, %.2f): %s\n", sum.SPRT.Elo0, sum.SPRT.Elo1,
			sum.SPRT.Alpha, sum.SPRT.Beta, sum.LLR, lo, hi, sum.Verdict)
	}
	var reasons []string
	for r, n := range sum.Reasons {
		reasons = append(reasons, fmt.Sprintf("%s %d", r, n))
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "\n%d of %d games played", sum.Played, sum.Scheduled)
	if sum.Stopped != "" {
		fmt.Fprintf(w, " (stopped: %s)", sum.Stopped)
	}
	fmt.Fprintf(w, "; endings: %s\n", strings.Join(reasons, ", "))
}

// writeStandings writes the standings table: each engine against all its
// opponents, with the games it lost by its own faults and its largest time overrun.
func writeStandings(w io.Writer, sum *Summary) {
	order := make([]int, len(sum.Engines))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return sum.Standings[order[a]].Points() > sum.Standings[order[b]].Points()
	})
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Rank\tName\tGames\tPoints\tScore\tW\tD\tL\tElo\t+/-\tLOS\tTimeouts\tCrashes\tIllegal\tMaxOverrun\t")
	for rank, i := range order {
		r := sum.Standings[i]
		e := r.Estimate()
		f := sum.Faults[i]
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%s\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t%dms\t\n", rank+1, sum.Engines[i], r.Games(), r.Points(),
			percent(r.Score()), r.W, r.D, r.L, formatElo(e.Elo), formatMargin(e.Margin), percent(r.LOS()),
			f.TimeForfeits, f.Crashes, f.Illegal, f.MaxOverrun.Milliseconds())
	}
	tw.Flush()
}

// writeOutlooks writes, for each engine that reported scores, its results (W-D-L)
// by its first score of each game and in the games it kept level throughout.
func writeOutlooks(w io.Writer, sum *Summary) {
	scored := false
	for _, o := range sum.Outlooks {
		scored = scored || o.Scored() > 0
	}
	if !scored {
		return
	}
	fmt.Fprintf(w, "\nResults by each engine's scores (searches deeper than one ply; level: within %d centiseeds of 0):\n", LevelMargin)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Name\tScored\tFirst ahead\tFirst level\tFirst behind\tLevel throughout\t")
	wdl := func(r stats.WDL) string { return fmt.Sprintf("%d-%d-%d", r.W, r.D, r.L) }
	for i, o := range sum.Outlooks {
		if o.Scored() > 0 {
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t\n", sum.Engines[i], o.Scored(),
				wdl(o.First[Ahead]), wdl(o.First[Level]), wdl(o.First[Behind]), wdl(o.Level))
		}
	}
	tw.Flush()
}

func percent(f float64) string {
	if math.IsNaN(f) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

func ptnml(p stats.Pentanomial) string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}
