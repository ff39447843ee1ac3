package main

import (
	"context"
	"testing"
	"time"

	"mancala/board"
)

func TestScorerStopsWhenTheContextEnds(t *testing.T) {
	// A depth-60 search of Bao la Kimasai's start would take hours; the judge must
	// give up as soon as the context ends (the 60 s wait only keeps a failure from
	// hanging the tests).
	v, _ := board.VariantByName("bao-la-kimasai")
	ctx, cancel := context.WithCancel(context.Background())
	score, err := searchScorer(ctx, 60)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan int)
	go func() { done <- score(board.NewGame(v.StartPosition())) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the judge's search did not stop when the context ended")
	}
}
