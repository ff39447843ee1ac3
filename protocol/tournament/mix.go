package tournament

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// mixNotes describes what a set of records merges that one match would not: games
// of several matches (another seed's openings, another game, another schedule), an
// engine under several settings, and the games of the schedule that are missing.
// One run of one match, whole, gives none.
func mixNotes(recs []Record) []string {
	var notes []string
	count := func(key func(r *Record) []string) map[string]int {
		n := map[string]int{}
		for i := range recs {
			for _, k := range key(&recs[i]) {
				n[k]++
			}
		}
		return n
	}
	if n := count(func(r *Record) []string { return []string{r.Variant} }); len(n) > 1 {
		notes = append(notes, "records of different games: "+counts(n, "%s %d"))
	}
	if n := count(func(r *Record) []string { return []string{strconv.Itoa(r.Scheduled)} }); len(n) > 1 {
		notes = append(notes, "records of schedules of different sizes: "+counts(n, "%s games scheduled (%d records)"))
	}
	if n := count(func(r *Record) []string { return []string{r.Match} }); len(n) > 1 {
		if k, old := n[""]; old {
			n[matchName("")] = k
			delete(n, "")
		}
		notes = append(notes, "records of different matches (engine names, openings, adjudication or schedule differ): "+
			counts(n, "match %s %d games"))
	}
	settings := map[string]map[string]int{} // engine -> settings -> games
	for i := range recs {
		r := &recs[i]
		for side, name := range [2]string{r.South, r.North} {
			if len(r.Settings) != 2 {
				continue
			}
			if settings[name] == nil {
				settings[name] = map[string]int{}
			}
			settings[name][r.Settings[side]]++
		}
	}
	var names []string
	for name, n := range settings {
		if len(n) > 1 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		notes = append(notes, fmt.Sprintf("%s played with different settings: %s", name, counts(settings[name], "%q in %d games")))
	}
	if missing := missingGames(recs); missing != "" {
		notes = append(notes, "games not in these records: "+missing)
	}
	return notes
}

// counts lists a tally in key order, each entry formatted with its key and count.
func counts(n map[string]int, format string) string {
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf(format, k, n[k])
	}
	return strings.Join(parts, ", ")
}

// maxRanges bounds the runs of missing games named one by one.
const maxRanges = 10

// missingGames names the games of each match's schedule that no record holds: for
// one match as runs "3, 7-9, 12 (5 of 20)", the first maxRanges of them; for
// several, the same per match that lacks games, "match 1a2b: 3-4 (2 of 4); ...".
// "" if none is missing.
func missingGames(recs []Record) string {
	var order []string
	byMatch := map[string][]Record{}
	for _, r := range recs {
		if _, ok := byMatch[r.Match]; !ok {
			order = append(order, r.Match)
		}
		byMatch[r.Match] = append(byMatch[r.Match], r)
	}
	if len(order) == 1 {
		return missingInMatch(recs)
	}
	var parts []string
	for _, m := range order {
		if miss := missingInMatch(byMatch[m]); miss != "" {
			parts = append(parts, "match "+matchName(m)+": "+miss)
		}
	}
	return strings.Join(parts, "; ")
}

// matchName is a record's Match as a note shows it: records written before Match
// existed have none.
func matchName(m string) string {
	if m == "" {
		return "(not recorded)"
	}
	return m
}

// missingInMatch names the games of one match's schedule (1 to the largest
// Scheduled) that no record holds, as missingGames does.
func missingInMatch(recs []Record) string {
	total := 0
	have := map[int]bool{}
	for i := range recs {
		total = max(total, recs[i].Scheduled)
		have[recs[i].Game] = true
	}
	var runs []string
	missing := 0
	for g := 1; g <= total; g++ {
		if have[g] {
			continue
		}
		end := g
		for end+1 <= total && !have[end+1] {
			end++
		}
		missing += end - g + 1
		if len(runs) < maxRanges {
			if end == g {
				runs = append(runs, strconv.Itoa(g))
			} else {
				runs = append(runs, fmt.Sprintf("%d-%d", g, end))
			}
		} else if len(runs) == maxRanges {
			runs = append(runs, "...")
		}
		g = end
	}
	if missing == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%d of %d)", strings.Join(runs, ", "), missing, total)
}
