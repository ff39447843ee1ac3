package protocol

import (
	"reflect"
	"strings"
	"testing"

	"mancala/board"
)

// gamesByReplay counts, by brute force through board.Game, the sequences of depth
// moves that the game accepts after played (each sequence replayed from start).
func gamesByReplay(t *testing.T, start board.Position, played []board.Move, depth int) uint64 {
	g := board.NewGame(start)
	for _, m := range played {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if depth == 0 {
		return 1
	}
	if g.Result().Over() {
		return 0
	}
	var ml board.MoveList
	p := g.Position()
	p.LegalMoves(&ml)
	var n uint64
	for _, m := range ml.Slice() {
		n += gamesByReplay(t, start, append(played[:len(played):len(played)], m), depth-1)
	}
	return n
}

// go perft counts games: the position command's moves are the history, so a move
// that repeats one of its positions is counted as a last move and nothing follows
// it. For every prefix of the loop example the counts match brute force through
// board.Game, and one move before the loop the repeating move has no continuation,
// which the history-free board.Divide would count.
func TestGoPerftCountsGames(t *testing.T) {
	v, _ := board.VariantByName("je-ki-n-je")
	start, err := v.ParsePosition(loopFen)
	if err != nil {
		t.Fatal(err)
	}
	var line []board.Move
	for _, text := range strings.Fields(loopMoves) {
		m, _ := v.ParseMove(text)
		line = append(line, m)
	}
	s := newSession(t, newFake(quick).config())
	for k := 0; k < len(line); k++ {
		played := strings.Join(strings.Fields(loopMoves)[:k], " ")
		s.send("position fen "+loopFen+" moves "+played, "go perft 3")
		got := s.until("Nodes searched")
		g := board.NewGame(start)
		for _, m := range line[:k] {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		var cl board.ChildList
		p := g.Position()
		p.Generate(&cl)
		var want []string
		var total uint64
		for _, c := range cl.Children[:cl.N] {
			n := gamesByReplay(t, start, append(line[:k:k], c.Move), 2)
			want = append(want, v.FormatMove(c.Move)+": "+itoa(n))
			total += n
		}
		want = append(want, "", "Nodes searched: "+itoa(total))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("after %d moves: go perft 3 printed %q, want %q", k, got, want)
		}
	}
	s.send("position fen "+loopFen+" moves "+strings.Join(strings.Fields(loopMoves)[:len(line)-1], " "), "go perft 2")
	if got := s.until("Nodes searched"); !reflect.DeepEqual(got, []string{"a2: 0", "", "Nodes searched: 0"}) {
		t.Errorf("one move before the loop, go perft 2 printed %q, want the repeating a2 with no continuation", got)
	}
}
