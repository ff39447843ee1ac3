package words

import (
	"strings"
	"testing"
)

// TestParseScoreReadsWhatStringWrites: the one writer and the one reader of the
// score's text agree, and the reader refuses anything else.
func TestParseScoreReadsWhatStringWrites(t *testing.T) {
	for _, c := range []struct {
		sc   Score
		text string
	}{{Score{Value: -35}, "cp -35"}, {Score{}, "cp 0"}, {Score{Mate: true, Value: 3}, "mate 3"}, {Score{Mate: true, Value: -2}, "mate -2"},
		{Score{Value: 400, Bound: Exact}, "cp 400 exact"}, {Score{Value: 100, Bound: Lower}, "cp 100 lowerbound"},
		{Score{Value: -100, Bound: Upper}, "cp -100 upperbound"}} {
		if c.sc.String() != c.text {
			t.Errorf("%+v writes %q, want %q", c.sc, c.sc.String(), c.text)
		}
		if got, err := ParseScore(c.text); err != nil || got != c.sc {
			t.Errorf("ParseScore(%q) = %+v, %v", c.text, got, err)
		}
	}
	for _, bad := range []string{"", "cp", "cp x", "wdl 3", "cp 3 4", "cp 3 exactly", "mate 3 exact", "cp 3 exact 4", "mate", "3 cp", "cp 99999999999999999999", strings.Repeat("cp ", 100)} {
		if sc, err := ParseScore(bad); err == nil {
			t.Errorf("ParseScore(%q) accepted: %+v", bad, sc)
		} else if strings.Contains(err.Error(), "\n") || len(err.Error()) > 120 {
			t.Errorf("ParseScore(%q): error not one short line: %q", bad, err)
		}
	}
}

// TestScoreCentiseeds: evaluations and exact margins keep their value, mates lie
// beyond them all, nearer mates further out, and the table's wins without a margin
// between.
func TestScoreCentiseeds(t *testing.T) {
	for _, c := range []struct {
		s    Score
		want int
	}{{Score{Value: 250}, 250}, {Score{Mate: true, Value: 3}, 99997}, {Score{Mate: true, Value: 1}, 99999}, {Score{Mate: true, Value: -2}, -99998},
		{Score{Value: 100, Bound: Lower}, ProvenWin}, {Score{Value: -100, Bound: Upper}, -ProvenWin},
		{Score{Value: -300, Bound: Lower}, -300}, {Score{Value: 700, Bound: Exact}, 700}} {
		if got := c.s.Centiseeds(); got != c.want {
			t.Errorf("%v: %d, want %d", c.s, got, c.want)
		}
	}
}

// FuzzParseScore: whatever ParseScore accepts, String writes back in its canonical
// form, which reads back to the same score.
func FuzzParseScore(f *testing.F) {
	for _, s := range []string{"cp 35", "mate -3", " cp  0 ", "cp", "mate x", "cp +7", "cp -0", "cp 3 exact", "cp -1 upperbound"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sc, err := ParseScore(s)
		if err != nil {
			return
		}
		again, err := ParseScore(sc.String())
		if err != nil || again != sc {
			t.Errorf("%q read as %+v, written %q, read back %+v, %v", s, sc, sc.String(), again, err)
		}
	})
}
