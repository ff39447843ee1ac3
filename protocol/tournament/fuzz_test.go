package tournament

import (
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

// FuzzParseRecords: any bytes give records and a whole-line length within the data,
// or an error naming a line; never a panic.
func FuzzParseRecords(f *testing.F) {
	f.Add([]byte(`{"game":1,"moves":[]}` + "\n" + `{"game":2`))
	f.Add([]byte("\n\n{not json\n"))
	f.Add([]byte(`{"game":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, whole, err := parseRecords(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %v does not name its line", err)
			}
			return
		}
		if whole < 0 || whole > len(data) || (whole > 0 && data[whole-1] != '\n') || len(recs) > strings.Count(string(data), "\n") {
			t.Fatalf("whole %d of %d, %d records", whole, len(data), len(recs))
		}
	})
}
