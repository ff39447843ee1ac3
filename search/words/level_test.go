package words

import (
	"strings"
	"testing"
)

// TestLevelWordsCoverTheLevels: every level from MinLevel to MaxLevel has a one-line
// description, no two alike, and no level outside the range has one. (That each names
// its depth cap is tested in package search, beside the settings.)
func TestLevelWordsCoverTheLevels(t *testing.T) {
	seen := map[string]int{}
	for level := MinLevel; level <= MaxLevel; level++ {
		w := Level(level)
		if w == "" || strings.Contains(w, "\n") {
			t.Errorf("level %d: words %q", level, w)
		}
		if l, ok := seen[w]; ok {
			t.Errorf("levels %d and %d both described %q", l, level, w)
		}
		seen[w] = level
	}
	for _, level := range []int{MinLevel - 1, MaxLevel + 1, -5} {
		if w := Level(level); w != "" {
			t.Errorf("level %d, which does not exist, described %q", level, w)
		}
	}
}
