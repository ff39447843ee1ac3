package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/tablebase"
)

// playRecord plays moves from p (the first ones given, then the table's best moves
// for both sides) and records the game with engine E as South and F as North.
func playRecord(t *testing.T, tb *tablebase.Table, p board.Position, first []board.Move, scores map[int]string) tournament.Record {
	t.Helper()
	v := p.Variant()
	g := board.NewGame(p)
	r := tournament.Record{Game: 1, Variant: v.Name, South: "E", North: "F", Opening: tournament.Opening{FEN: p.String()}}
	seen := func(q *board.Position) bool {
		for _, old := range g.Positions() {
			if old == *q {
				return true
			}
		}
		return false
	}
	for ply := 1; !g.Result().Over(); ply++ {
		cur := g.Position()
		m := board.Move(0)
		if len(first) > 0 {
			m, first = first[0], first[1:]
		} else {
			best, _ := tb.BestMove(&cur, seen)
			m = best.Move
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		r.Moves = append(r.Moves, tournament.MoveRecord{Move: v.FormatMove(m), Score: scores[ply]})
	}
	res := g.Result()
	r.Result, r.Seeds, r.Reason, r.Final = res.Score(), fmt.Sprintf("%d-%d", res.South, res.North), res.Reason.String(), g.Position().String()
	return r
}

// TestLossesFindsTheErrorAndThePhase: a game where E (South) throws away an exact
// value with its first move is an endgame loss with the error at ply 1 and the
// margins before and after; a game E loses from a lost start with best play has no
// table error, and is the opening's when E's own score says so early.
func TestLossesFindsTheErrorAndThePhase(t *testing.T) {
	v := board.JeKiNJe.Get()
	tb, err := tablebase.Build(v, 8, tablebase.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var blunder, lost *tournament.Record
	var from, to int
	for tries := 0; (blunder == nil || lost == nil) && tries < 100000; tries++ {
		p, value, ok := tb.RandomExact(8, 0, false, rng)
		if !ok {
			continue
		}
		d := p.Store(board.South) - p.Store(board.North)
		if lost == nil && d+value < 0 {
			r := playRecord(t, tb, p, nil, map[int]string{1: "cp -350"})
			lost = &r
			continue
		}
		moves, _ := tb.MoveValues(&p, nil)
		for _, m := range moves {
			if blunder == nil && d+value >= 0 && m.Lo == m.Hi && d+m.Lo < 0 {
				r := playRecord(t, tb, p, []board.Move{m.Move}, nil)
				blunder, from, to = &r, d+value, d+m.Lo
			}
		}
	}
	if blunder == nil || lost == nil {
		t.Fatal("no positions for the test")
	}
	reps, err := readLosses([]tournament.Record{*blunder, *lost}, "E", tb, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 2 {
		t.Fatalf("%d reports, want 2: %+v", len(reps), reps)
	}
	if b := reps[0]; b.phase != "endgame" || b.tableError != 1 || b.errorFrom != from || b.errorTo != to || b.tableEntry != 1 || b.provenLost != 1 {
		t.Errorf("the blunder reads %+v, want an endgame error at ply 1 from %+d to %+d", b, from, to)
	}
	if l := reps[1]; l.phase != "opening" || l.tableError != 0 || l.firstBehind != 1 || l.entryLo != l.entryHi || l.entryLo >= 0 || l.provenLost != 1 {
		t.Errorf("the lost start reads %+v, want the opening's, no table error, behind at ply 1", l)
	}
	if reps, _ := readLosses([]tournament.Record{*blunder, *lost}, "F", tb, false); len(reps) != 0 {
		t.Errorf("F's games read as lost: %+v", reps)
	}
	var out bytes.Buffer
	writeLosses(&out, reps, "E", tb.MaxSeeds())
	if !strings.Contains(out.String(), "opening 1, middle game 0, endgame 1") {
		t.Errorf("summary:\n%s", out.String())
	}
}
