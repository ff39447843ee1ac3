package main

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"mancala/board"
	"mancala/eval"
	"mancala/eval/tune"
	"mancala/search"
	"mancala/search/alphabeta"
)

// TestSelfPlayIsReproducibleAndReadable checks that the same seed gives the same
// data byte for byte, that another seed gives other games, and that the fit reads
// every line back with a result for the side to move.
func TestSelfPlayIsReproducibleAndReadable(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	var a, b, c bytes.Buffer
	for _, run := range []struct {
		w    *bytes.Buffer
		seed uint64
	}{{&a, 1}, {&b, 1}, {&c, 2}} {
		if err := selfPlay(run.w, v, eval.Hand(v), 3, 2, 4, 5, run.seed); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two runs with the same seed wrote different data")
	}
	if bytes.Equal(a.Bytes(), c.Bytes()) {
		t.Error("two seeds wrote the same data")
	}
	samples, err := tune.Read(bytes.NewReader(a.Bytes()), v)
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) == 0 || len(samples) != bytes.Count(a.Bytes(), []byte("\n")) {
		t.Fatalf("%d samples from %d lines", len(samples), bytes.Count(a.Bytes(), []byte("\n")))
	}
	// In a decided game the two sides' results differ: the first two positions
	// have opposite sides to move, so their results add up to 1.
	if s0, s1 := samples[0].Result, samples[1].Result; s0+s1 != 1 {
		t.Errorf("consecutive positions of one game scored %v and %v", s0, s1)
	}
}

// TestPlayingEval checks the names of the evaluations that can play the games.
func TestPlayingEval(t *testing.T) {
	v, _ := board.VariantByName("je-ki-n-je")
	for name, want := range map[string]eval.Features{"hand": eval.Hand(v), "default": eval.Default(v)} {
		if f, err := playingEval(v, name); err != nil || f != want {
			t.Errorf("playingEval(%q) = %v, %v; want %v", name, f, err, want)
		}
	}
	if _, err := playingEval(v, "learned"); err == nil {
		t.Error("an unknown evaluation name was accepted")
	}
}

// TestPlayGameGoesOnAfterTheOpeningAndStopsAtTheEnd: with openings long enough that
// random moves often end these games (40 plies end one game of Je ki n je in nine),
// every self-play game still leaves its opening going (so that it has positions to
// keep), its moves are legal and it stops at its end: the rules' result, or board's
// ply-cap result at the cap.
func TestPlayGameGoesOnAfterTheOpeningAndStopsAtTheEnd(t *testing.T) {
	v := board.JeKiNJe.Get()
	ab := alphabeta.New(search.Options{HashMB: 1})
	rng := rand.New(rand.NewPCG(1, 2))
	player := &sometimesRandom{Searcher: ab, every: 3, rng: rng}
	for i := range 30 {
		g, res, err := playGame(v, player, 1, 40, rng)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if len(g.Moves()) <= 40 {
			t.Fatalf("game %d ended with its opening, after %d moves", i, len(g.Moves()))
		}
		replay := board.NewGame(v.StartPosition())
		for k, m := range g.Moves() {
			if replay.Result().Over() {
				t.Fatalf("game %d: move %d played after the end (%v)", i, k+1, replay.Result())
			}
			if err := replay.Play(m); err != nil {
				t.Fatalf("game %d: move %d: %v", i, k+1, err)
			}
		}
		want := g.Result()
		if capped, ok := g.PlyCapResult(board.DefaultPlyCap); ok {
			want = capped
		}
		if !res.Over() || res != want {
			t.Errorf("game %d: result %v, want %v", i, res, want)
		}
	}
	// No game lasts a thousand random plies: an error, not a game that ended early.
	if g, _, err := playGame(v, player, 1, 1000, rng); err == nil {
		t.Errorf("an opening of 1000 plies gave a game of %d moves and no error", len(g.Moves()))
	}
}
