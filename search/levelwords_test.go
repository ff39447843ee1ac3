package search

import (
	"fmt"
	"strings"
	"testing"

	"mancala/search/words"
)

// TestLevelWordsSayTheDepth: below full strength each level's description
// (words.Level) names the level's depth cap, so the words cannot drift from the
// settings.
func TestLevelWordsSayTheDepth(t *testing.T) {
	for level := words.MinLevel; level < words.MaxLevel; level++ {
		plies := "plies"
		if d := levelSettings[level].depth; d == 1 {
			plies = "ply"
		}
		w := words.Level(level)
		if want := fmt.Sprintf("searches %d %s;", levelSettings[level].depth, plies); !strings.HasPrefix(w, want) {
			t.Errorf("level %d: %q does not start with %q", level, w, want)
		}
	}
}
