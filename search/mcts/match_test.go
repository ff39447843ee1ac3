package mcts

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"mancala/bench"
	"mancala/board"
	"mancala/search"
)

// TestLeafModeMatch plays the evaluation-valued MCTS against the playout-valued
// one at equal time per move, in every variant, and logs the score. It measures
// rather than checks (only illegal moves fail it), and it is slow, so it runs only
// when asked:
//
//	MCTS_MATCH=1 go test ./search/mcts -run TestLeafModeMatch -v -timeout 60m
//
// MCTS_MATCH_PAIRS (default 10) sets the game pairs per variant (each opening is
// played twice, colours swapped), MCTS_MATCH_MS (default 50) the time per move, and
// MCTS_MATCH_VARIANTS a comma-separated list of variants.
func TestLeafModeMatch(t *testing.T) {
	if os.Getenv("MCTS_MATCH") == "" {
		t.Skip("set MCTS_MATCH=1 to play the leaf-mode match")
	}
	pairs := envInt(t, "MCTS_MATCH_PAIRS", 10)
	moveTime := time.Duration(envInt(t, "MCTS_MATCH_MS", 50)) * time.Millisecond
	names := board.VariantNames()
	if s := os.Getenv("MCTS_MATCH_VARIANTS"); s != "" {
		names = strings.Split(s, ",")
	}
	for _, name := range names {
		v, err := board.VariantByName(name)
		if err != nil {
			t.Fatal(err)
		}
		evalSide, playoutSide := New(search.Options{}), New(search.Options{})
		evalSide.tune.mode = leafEval
		playoutSide.tune.mode = leafPlayout
		res, err := bench.Match(v, evalSide, playoutSide, pairs, search.Limits{MoveTime: moveTime}, 3, 7)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: evaluation vs playouts at %v/move: %v", name, moveTime, res)
	}
}

// envInt reads a positive integer from the environment, or returns def.
func envInt(t *testing.T, key string, def int) int {
	s := os.Getenv(key)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive integer", key, s)
	}
	return n
}
