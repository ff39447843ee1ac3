package board_test

import (
	"testing"

	"mancala/board"
)

// Names of the games as the protocol spells them.
const (
	jeKiNJe  = "je-ki-n-je"
	adjiKui  = "adji-kui-1"
	adjiBoto = "adji-boto"
	bao      = "bao-la-kimasai"
	oware    = "oware-abapa"
)

// variant finds a game by name or fails the test.
func variant(t testing.TB, name string) *board.Variant {
	t.Helper()
	v, err := board.VariantByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// parse reads a position or fails the test.
func parse(t testing.TB, name, text string) board.Position {
	t.Helper()
	p, err := variant(t, name).ParsePosition(text)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%q): %v", name, text, err)
	}
	return p
}

// move reads a move or fails the test.
func move(t testing.TB, name, text string) board.Move {
	t.Helper()
	m, err := variant(t, name).ParseMove(text)
	if err != nil {
		t.Fatalf("%s: ParseMove(%q): %v", name, text, err)
	}
	return m
}

// after plays the moves (in notation, separated by spaces) from the position and
// returns the resulting notation, failing the test on an illegal move.
func after(t testing.TB, name, from, moves string) string {
	t.Helper()
	p := parse(t, name, from)
	for _, text := range splitMoves(moves) {
		q, err := p.Play(move(t, name, text))
		if err != nil {
			t.Fatalf("%s: from %q, move %s: %v", name, p.String(), text, err)
		}
		p = q
	}
	return p.String()
}

// splitMoves splits a space-separated move list.
func splitMoves(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// legalMoves lists the legal moves of a position in notation.
func legalMoves(p *board.Position) []string {
	var ml board.MoveList
	p.LegalMoves(&ml)
	v := p.Variant()
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, v.FormatMove(m))
	}
	return out
}

// scaled returns n, a number of random games, cut to a tenth (at least 4) under -short
// or the race detector (see raceEnabled).
func scaled(n int) int {
	if raceEnabled || testing.Short() {
		return max(n/10, 4)
	}
	return n
}

// builtinVariants lists the five games of board/games/builtin.toml (four of named
// rules, Oware Abapa of the generic rules): the tests with a reference
// implementation of the rules (refGames) cover these; rulefile_test.go covers the
// games of the generic rules more widely.
func builtinVariants() []*board.Variant {
	return board.Variants()[:board.OwareAbapa+1]
}

// builtinNames lists the names of builtinVariants.
func builtinNames() []string {
	var out []string
	for _, v := range builtinVariants() {
		out = append(out, v.Name)
	}
	return out
}
