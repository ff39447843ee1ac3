package printable

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"info string hello", "info string hello"},
		{`back\slash "quoted"`, `back\slash "quoted"`},
		{"Sé, ♚ and 字", "Sé, ♚ and 字"},
		{"a\tb", "a b"},
		{"nul\x00 esc\x1b[2J", `nul\x00 esc\x1b[2J`},
		{"one\r\nbestmove a1", `one\x0d\x0abestmove a1`},
		{"del\x7f", `del\x7f`},
		{"bad \xc3( \xfe\xff", `bad \xc3( \xfe\xff`},
		{"c1 \u0085 ls \u2028 rlo \u202e zw \u200b", `c1 \u0085 ls \u2028 rlo \u202e zw \u200b`},
		{"tag \U000e0041", `tag \U000e0041`},
	} {
		got := Line(c.in)
		if got != c.want {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
		}
		if !IsLine(got) {
			t.Errorf("IsLine(Line(%q)) is false", c.in)
		}
		if IsLine(c.in) != (c.in == c.want) {
			t.Errorf("IsLine(%q) = %v", c.in, IsLine(c.in))
		}
	}
}

func TestLineOfPrintableTextDoesNotAllocate(t *testing.T) {
	s := "info depth 12 seldepth 14 multipv 1 score cp 35 nodes 123456 pv a1 b2 ♚"
	if n := testing.AllocsPerRun(100, func() { _ = Line(s) }); n != 0 {
		t.Errorf("Line of printable text: %v allocations, want 0", n)
	}
}

// FuzzLine: whatever the bytes, Line gives one printable line, leaves printable text
// as it is, and is idempotent.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"", "info string x", "\x00\xfe\xff info\x00string \xc3(", "a\r\nbestmove a1", "\u202e\u2028\t\x1b[K", "\U000e0041é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Line(s)
		if !IsLine(got) || !utf8.ValidString(got) || strings.ContainsAny(got, "\r\n\x00") {
			t.Fatalf("Line(%q) = %q is not one printable line", s, got)
		}
		if IsLine(s) && got != s {
			t.Fatalf("Line changed printable text %q to %q", s, got)
		}
		if Line(got) != got {
			t.Fatalf("Line is not idempotent on %q", s)
		}
	})
}
