package board_test

import (
	"slices"
	"strings"
	"testing"

	"mancala/board"
)

// FuzzParsePosition reads the input as a position of each of the games. It must
// never panic; a rejected input gets a one-line error; an accepted one conserves the
// game's total, round-trips through the notation, agrees with the reference reader
// and writer, and can be played from (moves generated, result judged) without
// trouble. The seed corpus is in testdata/fuzz/FuzzParsePosition.
func FuzzParsePosition(f *testing.F) {
	for _, v := range builtinVariants() {
		f.Add(v.Start)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range builtinVariants() {
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
		for _, v := range builtinVariants() {
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

// FuzzParseDashPosition reads the input as a position in the letters notation of each
// game: never a panic; a rejected input gets a one-line error; an accepted one is a
// position of the game that writes back to a text that reads as the same position,
// and is the position its project notation gives. The seed corpus is in
// testdata/fuzz/FuzzParseDashPosition.
func FuzzParseDashPosition(f *testing.F) {
	for _, s := range []string{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "7-6-1-0-0-7-7-0-0-6-0-7-2-5-S", "0-0-0-0-0-0-0-0-0-0-0-0-24-24-N"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range builtinVariants() {
			p, err := v.ParseDashPosition(text)
			if err != nil {
				if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") || len(msg) > 300 {
					t.Fatalf("%s %q: error %q is not one short line", v.Name, text, msg)
				}
				continue
			}
			if !checkInvariants(t, &p) {
				t.FailNow()
			}
			dash, err := p.DashString()
			if err != nil {
				t.Fatalf("%s %q: read, but not written: %v", v.Name, text, err)
			}
			if q, err := v.ParseDashPosition(dash); err != nil || q != p {
				t.Fatalf("%s %q: writes as %q, which reads as %q (%v)", v.Name, text, dash, q.String(), err)
			}
			if q, err := v.ParsePosition(p.String()); err != nil || q != p {
				t.Fatalf("%s %q: its project notation %q reads as %q (%v)", v.Name, text, p.String(), q.String(), err)
			}
		}
	})
}

// FuzzParseLetters reads the input as a move list in letters of each game: never a
// panic; a rejected one gets a one-line error; an accepted one writes back, letter
// by letter, to exactly the input, each move a hole of the board.
func FuzzParseLetters(f *testing.F) {
	for _, s := range []string{"FbCa", "A", "f", "Fb9", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, v := range builtinVariants() {
			moves, err := v.ParseLetters(text)
			if err != nil {
				if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") || len(msg) > 300 {
					t.Fatalf("%s %q: error %q is not one short line", v.Name, text, msg)
				}
				continue
			}
			var b strings.Builder
			for _, m := range moves {
				if int(m) >= v.Holes() {
					t.Fatalf("%s %q: hole %d is off the board", v.Name, text, m)
				}
				b.WriteString(v.FormatLetter(m))
			}
			if b.String() != text {
				t.Fatalf("%s %q reads as %v, which writes as %q", v.Name, text, moves, b.String())
			}
		}
	})
}
