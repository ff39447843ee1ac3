package tournament

import (
	"strings"
	"testing"
)

// TestReadRecordsReportsTheDamage: the one records reader reads every record of a
// whole file, and reports a last line cut short (with its length and, when its
// text is whole, its record) and a damaged line (with its number) instead of
// failing; Records keeps only the records of complete lines.
func TestReadRecordsReportsTheDamage(t *testing.T) {
	recs := playedRecords(t)
	text := recordLines(t, recs)
	first := strings.SplitAfter(text, "\n")[0]
	for _, c := range []struct {
		name      string
		text      string
		lines     int    // lines that hold text
		cut       int    // bytes of the cut last line
		cutRecord bool   // the cut line's text is a whole record
		records   int    // what Records returns
		errLine   string // Records' error names this line
	}{
		{"whole", text, 2, 0, false, 2, ""},
		{"blank lines", "\n" + first + "  \n\n" + text[len(first):], 2, 0, false, 2, ""},
		{"last line cut", text[:len(text)-40], 2, len(text) - 40 - len(first), false, 1, ""},
		{"only its newline missing", text[:len(text)-1], 2, len(text) - 1 - len(first), true, 1, ""},
		{"a damaged line", first[:30] + "\n" + text[len(first):], 2, 0, false, 0, "line 1 "},
	} {
		rr, err := ReadRecords(strings.NewReader(c.text))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(rr.Lines) != c.lines || rr.Cut != c.cut || rr.Whole != int64(len(c.text)-c.cut) {
			t.Errorf("%s: %d lines, whole %d, cut %d; want %d lines, cut %d", c.name, len(rr.Lines), rr.Whole, rr.Cut, c.lines, c.cut)
			continue
		}
		last := rr.Lines[len(rr.Lines)-1]
		if last.Cut != (c.cut > 0) || (last.Cut && (last.Err == nil) != c.cutRecord) {
			t.Errorf("%s: last line cut %v, err %v", c.name, last.Cut, last.Err)
		}
		if c.cutRecord && last.Record.Game != recs[1].Game {
			t.Errorf("%s: the cut line read as game %d", c.name, last.Record.Game)
		}
		got, err := rr.Records()
		switch {
		case c.errLine != "" && (err == nil || !strings.HasPrefix(err.Error(), c.errLine)):
			t.Errorf("%s: Records error %v, want one naming %q", c.name, err, c.errLine)
		case c.errLine == "" && (err != nil || len(got) != c.records):
			t.Errorf("%s: Records gave %d, %v; want %d", c.name, len(got), err, c.records)
		case c.errLine == "" && c.records > 0 && got[0].Final != recs[0].Final:
			t.Errorf("%s: first record %+v", c.name, got[0])
		}
	}
}
