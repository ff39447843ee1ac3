package protocol

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLineReaderSplitsLines(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes+1)
	fits := strings.Repeat("y", MaxLineBytes)
	lr := newLineReader(strings.NewReader("uci\r\n\n" + long + "\nisready\n" + fits + "\r\nd"))
	want := []input{
		{text: "uci"},
		{text: ""},
		{problem: "line too long (more than 1048576 bytes), ignored"},
		{text: "isready"},
		{text: fits},
		{text: "d"},
	}
	for i, w := range want {
		got, err := lr.next()
		if err != nil || got != w {
			t.Fatalf("line %d: got %.40q, %v; want %.40q", i, got, err, w)
		}
	}
	if _, err := lr.next(); err != io.EOF {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
}

func TestLineReaderTooLongLastLine(t *testing.T) {
	lr := newLineReader(strings.NewReader(strings.Repeat("z", 3*MaxLineBytes)))
	if got, err := lr.next(); err != nil || got.problem == "" {
		t.Errorf("got %.40q, %v; want a too-long problem", got, err)
	}
	if _, err := lr.next(); err != io.EOF {
		t.Errorf("then %v, want io.EOF", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestRunReportsReadErrors(t *testing.T) {
	e, err := NewEngine(failingReader{}, io.Discard, realConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Run(); err == nil || err.Error() != "disk on fire" {
		t.Errorf("Run returned %v", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("pipe closed") }

func TestRunReportsWriteErrors(t *testing.T) {
	// Without the write error Run would block on the pipe forever: it must return.
	inR, inW := io.Pipe()
	defer inW.Close()
	e, err := NewEngine(inR, failingWriter{}, realConfig())
	if err != nil {
		t.Fatal(err)
	}
	go io.WriteString(inW, "isready\n")
	if err := e.Run(); err == nil || err.Error() != "pipe closed" {
		t.Errorf("Run returned %v", err)
	}
}
