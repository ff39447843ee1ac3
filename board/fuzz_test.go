package board_test

import (
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// FuzzParsePosition reads the input as a position of each of the four games. It must
// never panic; a rejected input gets a one-line error; an accepted one conserves the
// game's total, round-trips through the notation, agrees with the reference reader
// and writer, and can be played from (moves generated, result judged) without
// trouble. The seed corpus is in testdata/fuzz/FuzzParsePosition.
func FuzzParsePosition(f *testing.F) {
	for _, v := range board.Variants() {
		f.Add(v.Start)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range board.Variants() {
			p, err := v.ParsePosition(text)
			r, refErr := refParse(v.Name, text)
			if (err == nil) != (refErr == nil) {
				t.Fatalf("%s %q: board error %v, reference error %v", v.Name, text, err, refErr)
			}
			if err != nil {
				if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
					t.Fatalf("%s %q: error %q is not one line", v.Name, text, msg)
				}
				continue
			}
			if !checkInvariants(t, &p) {
				t.FailNow()
			}
			if p.String() != r.format() {
				t.Fatalf("%s %q: board reads %q, reference %q", v.Name, text, p.String(), r.format())
			}
			var cl board.ChildList
			p.Generate(&cl)
			var got []string
			for i := 0; i < cl.N; i++ {
				got = append(got, v.FormatMove(cl.Children[i].Move)+" "+cl.Children[i].Pos.String())
			}
			var want []string
			for _, k := range r.children() {
				want = append(want, k.move+" "+k.pos.format())
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s %q: moves %q, reference %q", v.Name, text, got, want)
			}
			if res := p.Result(); res.Over() != (cl.N == 0) {
				t.Fatalf("%s %q: result %q with %d moves", v.Name, text, res, cl.N)
			}
		}
	})
}

// FuzzParseMove reads the input as a move of each game: never a panic; an accepted
// move formats back to exactly the input; a rejected one is NoMove with a one-line
// error.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1", "pass", "h4", "e2", "f1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range board.Variants() {
			m, err := v.ParseMove(text)
			if err != nil {
				// The input is clipped to 40 bytes before it is quoted, and quoting
				// writes a byte as at most 4 characters (\xcc): the line stays short.
				if m != board.NoMove || strings.Contains(err.Error(), "\n") || len(err.Error()) > 300 {
					t.Fatalf("%s %q: move %d, error %q", v.Name, text, m, err)
				}
				continue
			}
			if got := v.FormatMove(m); got != text {
				t.Fatalf("%s %q reads as %d, which formats as %q", v.Name, text, m, got)
			}
			if m != board.Pass && int(m) >= v.Holes() {
				t.Fatalf("%s %q: hole %d is off the board", v.Name, text, m)
			}
		}
	})
}
