package search

import (
	"fmt"
	"strings"
	"testing"
)

// TestLevelWordsSayTheDepth: every level has a one-line description, and below full
// strength it names the level's depth cap, so the words cannot drift from the
// settings.
func TestLevelWordsSayTheDepth(t *testing.T) {
	for level := MinLevel; level <= MaxLevel; level++ {
		w := LevelWords(level)
		if w == "" || strings.Contains(w, "\n") {
			t.Errorf("level %d: words %q", level, w)
		}
		if level == MaxLevel {
			continue
		}
		plies := "plies"
		if d := levelSettings[level].depth; d == 1 {
			plies = "ply"
		}
		if want := fmt.Sprintf("searches %d %s;", levelSettings[level].depth, plies); !strings.HasPrefix(w, want) {
			t.Errorf("level %d: %q does not start with %q", level, w, want)
		}
	}
	if LevelWords(MinLevel-1) != "" || LevelWords(MaxLevel+1) != "" {
		t.Error("words for a level that does not exist")
	}
}
