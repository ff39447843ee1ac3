package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
)

// longBaoGame is a legal Bao la Kimasai game of 25,000 moves (testdata), almost all
// of them in the raiding phase, where no move is irreversible.
func longBaoGame(t *testing.T) *board.Game {
	t.Helper()
	data, err := os.ReadFile("testdata/bao-25000-moves.txt")
	if err != nil {
		t.Fatal(err)
	}
	v := board.BaoLaKimasai.Get()
	g := board.NewGame(v.StartPosition())
	for i, s := range strings.Fields(string(data)) {
		m, err := v.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("move %d (%s): %v", i+1, s, err)
		}
	}
	if len(g.Moves()) != 25000 || g.Result().Over() {
		t.Fatalf("%d moves, result %v: want 25000 and the game going on", len(g.Moves()), g.Result())
	}
	return g
}

// parsePosition replays a position command's fen and moves.
func parsePosition(t *testing.T, v *board.Variant, cmd string) *board.Game {
	t.Helper()
	f := strings.Fields(cmd)
	if len(f) < 7 || f[0] != "position" || f[1] != "fen" {
		t.Fatalf("not a position fen command: %.80q", cmd)
	}
	p, err := v.ParsePosition(strings.Join(f[2:7], " "))
	if err != nil {
		t.Fatal(err)
	}
	g := board.NewGame(p)
	if len(f) > 7 {
		if f[7] != "moves" {
			t.Fatalf("word 8 is %q, want moves", f[7])
		}
		for _, s := range f[8:] {
			m, err := v.ParseMove(s)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	return g
}

func TestPositionCommandSendsTheWholeGameWhenItFits(t *testing.T) {
	v := board.JeKiNJe.Get()
	g, _ := board.RandomOpening(v.StartPosition(), 40, rand.New(rand.NewPCG(3, 4)))
	cmd := PositionCommand(g)
	got := parsePosition(t, v, cmd)
	if got.Start() != v.StartPosition() || len(got.Moves()) != 40 || got.Position() != g.Position() {
		t.Errorf("%q does not replay the game from its start", cmd)
	}
	if cmd := PositionCommand(board.NewGame(v.StartPosition())); cmd != "position fen "+v.Start {
		t.Errorf("empty game: %q", cmd)
	}
}

// A history longer than PositionBudget is sent from the last irreversible move.
func TestPositionCommandCutsALongHistoryAtTheLastIrreversibleMove(t *testing.T) {
	if raceEnabled {
		t.Skip("replays a 25,000-move record on one goroutine: runs without -race (go test ./protocol/client)")
	}
	g := longBaoGame(t)
	k := g.RunStart()
	if k == 0 {
		t.Fatal("the long game has no irreversible move: the test checks nothing")
	}
	cmd := PositionCommand(g)
	got := parsePosition(t, board.BaoLaKimasai.Get(), cmd)
	if got.Start() != g.Positions()[k] || len(got.Moves()) != len(g.Moves())-k || got.Position() != g.Position() {
		t.Errorf("the command starts at a position with %d moves after it, want position %d with %d", len(got.Moves()), k, len(g.Moves())-k)
	}
	if full := positionFrom(g, 0); len(full) <= PositionBudget {
		t.Errorf("the whole game takes %d bytes, within the budget: the test checks nothing", len(full))
	}
}

// An engine that rejects the position gets no go: it would search the position it
// had before.
func TestGoSendsNoGoAfterARejectedPosition(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	e, err := Start(Config{Name: "narrow", Path: os.Args[0], Env: []string{fakeengine.Env + "=" + fakeengine.Narrow, "GORACE=atexit_sleep_ms=0"},
		Log: func(_ string, dir byte, line string) {
			if dir == '>' {
				mu.Lock()
				sent = append(sent, line)
				mu.Unlock()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close(time.Second) })
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		t.Fatal(err)
	}
	v := board.JeKiNJe.Get()
	g, _ := board.RandomOpening(v.StartPosition(), fakeengine.NarrowMoves+5, rand.New(rand.NewPCG(1, 1)))
	r, err := e.Go(context.Background(), PositionCommand(g), "go depth 1", 30*time.Second)
	if !errors.Is(err, ErrPositionRejected) || !strings.Contains(err.Error(), "line too long") {
		t.Fatalf("err = %v, want ErrPositionRejected with the engine's message", err)
	}
	if r.Move != "" || len(r.Ignored) != 0 {
		t.Errorf("move %q from a rejected position; ignored lines %q (the error is an info line, no fault)", r.Move, r.Ignored)
	}
	mu.Lock()
	for _, l := range sent {
		if strings.HasPrefix(l, "go") {
			t.Errorf("sent %q after the position was rejected", l)
		}
	}
	mu.Unlock()
	// The engine is still in step: a position it accepts is searched.
	r, err = e.Go(context.Background(), "position startpos moves a1", "go depth 1", 30*time.Second)
	if err != nil || len(r.Move) != 2 || r.Move[1] != '2' {
		t.Errorf("next search: move %q, err %v; want a North move", r.Move, err)
	}
}

// BenchmarkGo is one search round trip with an engine that answers at once: what
// the runner spends per move besides the engine's thinking.
func BenchmarkGo(b *testing.B) {
	e, err := Start(Config{Name: "first", Path: os.Args[0], Env: []string{fakeengine.Env + "=" + fakeengine.First, "GORACE=atexit_sleep_ms=0"}})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close(time.Second)
	if err := e.Handshake(context.Background(), 30*time.Second); err != nil {
		b.Fatal(err)
	}
	v := board.JeKiNJe.Get()
	g, _ := board.RandomOpening(v.StartPosition(), 10, rand.New(rand.NewPCG(1, 2)))
	pos := PositionCommand(g)
	for b.Loop() {
		if _, err := e.Go(context.Background(), pos, "go depth 1", 30*time.Second); err != nil {
			b.Fatal(err)
		}
	}
}
