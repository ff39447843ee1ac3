package protocol

import (
	"io"
	"sync"

	"mancala/protocol/printable"
)

// writer is the engine's only way to its output. The input loop and the search
// goroutine both print, so every call writes whole lines under one lock and lines
// never interleave. After close (quit) nothing more is written, so a search that is
// still winding down cannot print after the engine has exited.
type writer struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
	err    error // the first write error; later writes are dropped
}

// lines writes the given lines, each followed by a newline, as one block. Each line
// is made one printable line first (printable.Line): a newline or a control byte in
// it cannot start a line of its own.
func (w *writer) lines(lines ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed || w.err != nil {
		return
	}
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	buf := make([]byte, 0, n)
	for _, l := range lines {
		buf = append(buf, printable.Line(l)...)
		buf = append(buf, '\n')
	}
	_, w.err = w.w.Write(buf)
}

// close stops all further output.
func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// error returns the first write error, if any.
func (w *writer) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
