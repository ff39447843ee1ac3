package tournament

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"mancala/protocol/client/fakeengine"
	"mancala/protocol/printable"
)

// hostile is text a crafted records file can hold: an escape sequence, a carriage
// return and a fake bestmove, NUL, a C1 control, a bidirectional override and a tab
// (JSON cannot carry invalid UTF-8: the decoder makes it U+FFFD).
const hostile = "\x1b[2J\rbestmove a1\n\x00\u0085\u202e\tend"

// eachString visits every string in v (a pointer), in fields, slices and arrays.
func eachString(v reflect.Value, f func(path string, s *string)) {
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Kind() {
		case reflect.String:
			f(path, v.Addr().Interface().(*string))
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i), path+"[]")
			}
		}
	}
	walk(v.Elem(), "Record")
}

// checkPrintable fails the test for every line of out that is not printable text.
func checkPrintable(t *testing.T, what, out string) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !printable.IsLine(l) {
			t.Errorf("%s: line %q is not printable text", what, l)
		}
	}
}

// TestRecordTextIsReadPrintable: every text field of a record, whatever its JSON
// holds, is printable once read (a field added later must be made so too).
func TestRecordTextIsReadPrintable(t *testing.T) {
	r := playedRecords(t)[0]
	r.Opening.Moves = []string{"a1", "b2"}
	eachString(reflect.ValueOf(&r), func(_ string, s *string) { *s = hostile })
	data, err := json.Marshal(&r)
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	n := 0
	eachString(reflect.ValueOf(&back), func(path string, s *string) {
		n++
		if *s != printable.Line(hostile) {
			t.Errorf("%s read as %q", path, *s)
		}
	})
	if n < 12 {
		t.Errorf("only %d texts in the record", n)
	}
}

// TestHostileRecordsReplayAndReportPrintable: records whose names, moves, final
// position, variant and details are hostile text replay (--replay) and report
// (tourney report) in printable lines only.
func TestHostileRecordsReplayAndReportPrintable(t *testing.T) {
	var file bytes.Buffer
	for i, spoil := range []func(r *Record){
		func(r *Record) { r.South, r.North, r.Detail = hostile, hostile+"2", hostile },
		func(r *Record) { r.Moves[0].Move, r.Moves[0].Score = hostile, hostile },
		func(r *Record) { r.Final = hostile },
		func(r *Record) { r.Variant = hostile },
		func(r *Record) { r.Reason, r.Opening.FEN = hostile, hostile },
	} {
		r := playedRecords(t)[0]
		r.Game = i + 1
		spoil(&r)
		line, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		file.Write(append(line, '\n'))
	}
	records := bytes.Clone(file.Bytes())
	file.WriteString("{\"game\": \"\x1b[2J\rbestmove a1\x00\xff\"}\n")
	var out bytes.Buffer
	if _, bad, err := Replay(bytes.NewReader(file.Bytes()), &out); err != nil || bad != 5 {
		t.Errorf("replay: %d failed, %v", bad, err)
	}
	checkPrintable(t, "replay", out.String())
	if !strings.Contains(out.String(), `\x1b[2J\x0dbestmove a1\x0a\x00\u0085\u202e end`) {
		t.Errorf("replay does not show the escaped names:\n%s", out.String())
	}

	path := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(path, records, 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := ReadRecordFiles([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	WriteReport(&out, Summarize(recs, nil))
	checkPrintable(t, "report", out.String())
}

// TestHostileEngineLogIsPrintable: a match with an engine whose name and lines are
// hostile text logs, traces and records printable text only.
func TestHostileEngineLogIsPrintable(t *testing.T) {
	t.Parallel()
	c := testConfig(fakeEngine("A", fakeengine.Hostile), fakeEngine("B", fakeengine.Random))
	c.Limits, c.Rounds = Limits{Depth: 1}, 1
	var trace syncBuffer
	c.Trace = func(l TraceLine) { trace.Write([]byte(l.String() + "\n")) }
	_, recs, log := runMatch(t, c)
	checkPrintable(t, "log", log)
	checkPrintable(t, "trace", trace.String())
	escaped := printable.Line(fakeengine.HostileText)
	if !strings.Contains(log, "A: Fake hostile "+escaped) || !strings.Contains(log, `ignored line "`+escaped+`"`) {
		t.Errorf("log lacks the engine's name or its ignored line, escaped:\n%s", log)
	}
	for _, r := range recs {
		eachString(reflect.ValueOf(&r), func(path string, s *string) {
			if !printable.IsLine(*s) {
				t.Errorf("game %d: %s is %q", r.Game, path, *s)
			}
		})
	}
}
