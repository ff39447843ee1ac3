package tournament

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// FuzzParseTimeControl: whatever is accepted is a real control that formats to a
// string that reads back as the same control (within float rounding).
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"40/10+0.1", "10+0.1", "0:10+0.1", "2:30", "inf", "0+0.5", "1e9", "40/1:00", "-1:10", "1:-5", "+1:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Base < 0 || tc.Inc < 0 || tc.Moves < 0 || (!tc.Infinite && tc.Base+tc.Inc <= 0) {
			t.Fatalf("%q gave %+v", s, tc)
		}
		back, err := ParseTimeControl(tc.String())
		near := func(a, b time.Duration) bool { return (a - b).Abs() <= time.Microsecond }
		if err != nil || back.Moves != tc.Moves || back.Infinite != tc.Infinite || !near(back.Base, tc.Base) || !near(back.Inc, tc.Inc) {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, tc, tc.String(), back, err)
		}
	})
}

// FuzzParseRecords: any bytes read as lines within the data, the complete ones
// ending at a newline and only the last one cut, and Records gives a record per
// complete line that holds one or an error naming a line; never a panic.
func FuzzParseRecords(f *testing.F) {
	f.Add([]byte(`{"game":1,"moves":[]}` + "\n" + `{"game":2`))
	f.Add([]byte("\n\n{not json\n"))
	f.Add([]byte(`{"game":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rr, err := ReadRecords(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		whole := int(rr.Whole)
		if whole+rr.Cut != len(data) || (whole > 0 && data[whole-1] != '\n') || bytes.IndexByte(data[whole:], '\n') >= 0 {
			t.Fatalf("whole %d and cut %d of %d bytes", whole, rr.Cut, len(data))
		}
		for i, l := range rr.Lines {
			if l.Cut != (rr.Cut > 0 && i == len(rr.Lines)-1 && l.N == bytes.Count(data, []byte("\n"))+1) {
				t.Fatalf("line %d of %d marked cut %v (cut bytes %d)", l.N, len(rr.Lines), l.Cut, rr.Cut)
			}
		}
		recs, err := rr.Records()
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %v does not name its line", err)
			}
			return
		}
		if len(recs) > bytes.Count(data, []byte("\n")) {
			t.Fatalf("%d records from %d complete lines", len(recs), bytes.Count(data, []byte("\n")))
		}
	})
}
