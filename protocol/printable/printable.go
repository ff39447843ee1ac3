// Package printable cuts text from outside the program (table files, engine output,
// game records) to one line of printable text before it reaches the protocol or a
// terminal. It is the one place where that escaping is defined; the engine's output,
// the protocol client's input and the record reader all go through Line.
package printable

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line returns s as one line of printable text: a tab becomes a space, a byte that
// is not UTF-8 is written \xHH, an ASCII control character (NUL, ESC, CR, LF...) \xHH
// and any other rune that is not printable in Go's sense (unicode.IsPrint: C1
// controls, line and paragraph separators, bidirectional and other format
// characters) \uHHHH or \UHHHHHHHH. Everything else,
// backslashes included, stays as it is: the result is for reading, not for decoding,
// and text that is already printable comes back unchanged (and unallocated).
func Line(s string) string {
	if IsLine(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			b.WriteString(`\x`)
			writeHex(&b, uint32(s[i]), 2)
		case r == '\t':
			b.WriteByte(' ')
		case r < utf8.RuneSelf && !unicode.IsPrint(r):
			b.WriteString(`\x`)
			writeHex(&b, uint32(r), 2)
		case r > 0xffff && !unicode.IsPrint(r):
			b.WriteString(`\U`)
			writeHex(&b, uint32(r), 8)
		case !unicode.IsPrint(r):
			b.WriteString(`\u`)
			writeHex(&b, uint32(r), 4)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// IsLine reports whether s is one line of printable text, as Line makes it: valid
// UTF-8 of printable runes (unicode.IsPrint: letters, marks, numbers, punctuation,
// symbols and the ASCII space) only. Line(s) == s exactly then.
func IsLine(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return isLineSlow(s[i:])
		}
	}
	return true
}

// isLineSlow is IsLine past the first byte that is not printable ASCII.
func isLineSlow(s string) bool {
	for _, r := range s { // an invalid byte decodes as RuneError, which is printable
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return utf8.ValidString(s)
}

// writeHex writes v as digits hex digits.
func writeHex(b *strings.Builder, v uint32, digits int) {
	h := strconv.FormatUint(uint64(v), 16)
	for range digits - len(h) {
		b.WriteByte('0')
	}
	b.WriteString(h)
}
