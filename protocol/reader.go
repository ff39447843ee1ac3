package protocol

import (
	"bufio"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxLineBytes is the longest input line the engine accepts, not counting the line
// ending: 1 MiB, a position command of some 300,000 moves (a client sends a longer
// game from its last irreversible move, see client.PositionCommand). A longer line
// is read to its end, discarded and answered with one error line.
const MaxLineBytes = 1 << 20

// input is one line of input, or the reason it cannot be used (problem != "").
type input struct {
	text    string
	problem string
}

// lineReader splits input into lines of bounded length.
type lineReader struct{ r *bufio.Reader }

func newLineReader(in io.Reader) *lineReader {
	// Room for a maximal line plus "\r\n": anything that fills the buffer is too long.
	return &lineReader{r: bufio.NewReaderSize(in, MaxLineBytes+2)}
}

// next returns the next line. It returns io.EOF at the end of input (a last line
// without a line ending is still returned first) and passes on other read errors.
func (lr *lineReader) next() (input, error) {
	tooLong := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			tooLong = true // keep reading to the end of the line, discarding it
			continue
		}
		if err != nil && (err != io.EOF || (len(chunk) == 0 && !tooLong)) {
			return input{}, err
		}
		line := trimLineEnd(chunk)
		if tooLong || len(line) > MaxLineBytes {
			return input{problem: fmt.Sprintf("line too long (more than %d bytes), ignored", MaxLineBytes)}, nil
		}
		return textLine(string(line)), nil
	}
}

// trimLineEnd removes a trailing "\n" or "\r\n".
func trimLineEnd(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

// textLine rejects lines that are not text: invalid UTF-8 or control characters other
// than tab.
func textLine(line string) input {
	if !utf8.ValidString(line) {
		return input{problem: "line is not valid UTF-8 text, ignored"}
	}
	for _, r := range line {
		if r != '\t' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)) {
			return input{problem: fmt.Sprintf("line contains control character %U, ignored", r)}
		}
	}
	return input{text: line}
}
