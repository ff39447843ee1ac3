package protocol

import (
	"errors"
	"strings"
	"testing"

	"mancala/board"
	"mancala/protocol/printable"
	"mancala/search"
)

// hostile is text as a crafted table file can put into an error: NUL, an escape
// sequence, line breaks with a fake bestmove, invalid UTF-8, a bidirectional
// override and a tab.
const hostile = "\x00\x1b[2J\r\nbestmove a1\n\xff\xfe\u202e\tend"

// blockedOpener is an OpenEndgames that waits until release is closed, then fails
// with err.
type blockedOpener struct {
	called  chan struct{} // gets one value each time the opener starts
	release chan struct{}
	err     error
}

func newBlockedOpener(err error) *blockedOpener {
	return &blockedOpener{called: make(chan struct{}, 16), release: make(chan struct{}), err: err}
}

func (b *blockedOpener) open(string, *board.Variant) (search.Endgames, error) {
	b.called <- struct{}{}
	<-b.release
	return nil, b.err
}

// checkLines fails the test for every output line that is not one printable line or
// that an outside text has made a bestmove.
func checkLines(t *testing.T, lines []string) {
	t.Helper()
	for _, l := range lines {
		if !printable.IsLine(l) || strings.HasPrefix(l, "bestmove") {
			t.Errorf("output line %q is not well formed", l)
		}
	}
}

// TestQuitWhileATableOpens: while a TablebasePath is being opened, the commands after
// it wait, and quit ends the engine at once (it used to wait for the open, which for
// a named pipe in the folder was for ever).
func TestQuitWhileATableOpens(t *testing.T) {
	b := newBlockedOpener(errors.New("released"))
	defer close(b.release)
	cfg := realConfig()
	cfg.OpenEndgames = b.open
	s := newSession(t, cfg)
	s.send("setoption name TablebasePath value /tables", "isready")
	<-b.called
	s.send("quit")
	if err := s.wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for l := range s.lines {
		t.Errorf("output while the table was opening: %q", l)
	}
}

// TestReadyokWaitsForTheTable: isready sent while a table opens is answered after
// the table's answer (here its error), as UCI has it: readyok means every command
// before it is done. The commands after the setoption are carried out in order.
func TestReadyokWaitsForTheTable(t *testing.T) {
	b := newBlockedOpener(errors.New("no tables here"))
	cfg := realConfig()
	cfg.OpenEndgames = b.open
	s := newSession(t, cfg)
	s.send("setoption name TablebasePath value /tables", "isready", "uci", "isready")
	<-b.called
	close(b.release)
	got := s.until("readyok")
	if len(got) != 2 || got[0] != "info string error: setoption TablebasePath: no tables here" {
		t.Fatalf("got %q, want the error, then readyok", got)
	}
	got = s.until("readyok")
	if len(got) < 2 || !strings.HasPrefix(got[0], "id name") || got[len(got)-2] != "uciok" {
		t.Errorf("after the table: %q, want the answer to uci, then readyok", got)
	}
}

// TestOutsideTextInTableErrorsIsOneLine: an error quoting hostile bytes reaches the
// protocol as one printable line, by either path that opens a table (the option
// itself, and a new Variant with a TablebasePath set).
func TestOutsideTextInTableErrorsIsOneLine(t *testing.T) {
	cfg := realConfig()
	// Folder /bad holds crafted files, and so does /good for Adji Kui I; /nul gives an
	// error of 300 NULs.
	cfg.OpenEndgames = func(dir string, v *board.Variant) (search.Endgames, error) {
		if dir == "/nul" {
			return nil, errors.New(strings.Repeat("\x00", 300))
		}
		if dir == "/bad" || v.Name == "adji-kui-1" {
			return nil, errors.New("table file " + dir + ": a table of " + hostile)
		}
		return nil, nil
	}
	s := newSession(t, cfg)
	const escaped = `a table of \x00\x1b[2J\x0d\x0abestmove a1\x0a\xff\xfe\u202e end`
	for _, c := range []struct{ cmd, want string }{
		{"setoption name TablebasePath value /bad", "info string error: setoption TablebasePath: table file /bad: " + escaped},
		{"setoption name TablebasePath value /good", ""},
		{"setoption name Variant value adji-kui-1", "info string no endgame table: table file /good: " + escaped},
	} {
		got := s.exchange(c.cmd)
		checkLines(t, got)
		if c.want == "" && len(got) != 0 || c.want != "" && (len(got) != 1 || got[0] != c.want) {
			t.Errorf("%s: got %q, want %q", c.cmd, got, c.want)
		}
	}
	// 300 NULs are 1,200 bytes once escaped: the line is cut after the escaping.
	got := s.exchange("setoption name TablebasePath value /nul")
	checkLines(t, got)
	const prefix = `info string error: setoption TablebasePath: \x00\x00`
	if len(got) != 1 || !strings.HasPrefix(got[0], prefix) || len(got[0]) > len("info string error: ")+maxErrorBytes+len("...") {
		t.Errorf("an error of 300 NULs: %q", got)
	}
}
