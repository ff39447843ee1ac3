package protocol

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Excerpt returns s, or if s is longer than n bytes its first n bytes or fewer (cut
// at a character boundary) and "...": how error messages quote input that may be
// huge.
func Excerpt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// Nearest returns the name closest to word (a likely misspelling of it), or "" if
// none is close: at most one edit away for names of up to four letters, two for
// longer ones, counting a swap of neighbouring letters as one edit and ignoring
// case. Ties go to the name first in alphabetical order.
func Nearest(word string, names []string) string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	best, bestDist := "", 0
	w := strings.ToLower(word)
	for _, name := range sorted {
		allowed := 1
		if len(name) > 4 {
			allowed = 2
		}
		d := editDistance(w, strings.ToLower(name))
		if d <= allowed && d < max(len(w), 1) && (best == "" || d < bestDist) {
			best, bestDist = name, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b (by bytes): the
// fewest insertions, deletions, substitutions and swaps of neighbours that turn a
// into b, no substring edited twice.
func editDistance(a, b string) int {
	// d[i][j] is the distance between a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
