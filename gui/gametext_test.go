package gui

import (
	"strings"
	"testing"

	"mancala/board"
)

// TestGameTextRoundTrip: a game with a variation and scores is written as game text
// and read back to the same tree: the same text again, the same scores.
func TestGameTextRoundTrip(t *testing.T) {
	v, _ := board.VariantByName("adji-kui-1")
	l := newGameLine(v.StartPosition())
	for _, m := range lineMoves(t, v, "c1", "b2", "a1", "e2") {
		l.play(m)
	}
	l.setEval(2, 125)
	l.goTo(1)
	for _, m := range lineMoves(t, v, "f2", "b1") {
		l.play(m)
	}
	l.setEval(3, -50)
	text := formatGameText(v, &l, gameHeaders{South: "human", North: "engine", Date: "2026-12-01", Result: "*"})
	want := `[Game "adji-kui-1"]
[South "human"]
[North "engine"]
[Date "2026-12-01"]
[Start "4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"]
[Result "*"]

1. c1 b2 {+1.25} (1... f2 2. b1 {-0.50}) 2. a1 e2 *
`
	if text != want {
		t.Fatalf("game text:\n%s\nwant:\n%s", text, want)
	}
	v2, l2, h, err := parseGameText(text)
	if err != nil {
		t.Fatal(err)
	}
	if v2 != v || h.South != "human" || h.Date != "2026-12-01" {
		t.Fatalf("read back %s, headers %+v", v2.Name, h)
	}
	if again := formatGameText(v2, &l2, h); again != text {
		t.Fatalf("written again:\n%s", again)
	}
	if shownMoves(&l2) != "c1 b2 a1 e2" || l2.cursor != 0 || l2.evals[2] == nil || *l2.evals[2] != 125 {
		t.Fatalf("read back: line %q, cursor %d, evals %v", shownMoves(&l2), l2.cursor, l2.evals)
	}
}

// TestGameTextRefusesBadInput: each fault gives a one-line error.
func TestGameTextRefusesBadInput(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1. c1 b2", "no [Game"},
		{`[Game "chess"]` + "\n1. e4", "chess"},
		{`[Game "adji-kui-1"]` + "\n1. c1 c1", "move c1"},
		{`[Game "adji-kui-1"]` + "\n1. c1 (", "not closed"},
		{`[Game "adji-kui-1"]` + "\n1. c1 )", "closing bracket"},
		{`[Game "adji-kui-1"]` + "\n( c1", "before any move"},
		{`[Game "adji-kui-1"]` + "\n1. c1 {+1", "braces"},
		{`[Game "adji-kui-1"]` + "\n1. c1 * b2", "after the result"},
		{`[Game "adji-kui-1"]` + "\n1. z9", "z9"},
		{`[Game "adji-kui-1"]` + "\n" + `[Start "bad"]`, "start position"},
		{`[Game adji-kui-1]`, "header"},
	} {
		_, _, _, err := parseGameText(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line naming %q", c.text, err, c.want)
		}
	}
}
