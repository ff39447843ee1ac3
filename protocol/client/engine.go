// Package client is the runner's side of the engine protocol: it starts an engine
// process, talks to it line by line with a deadline on every wait, and never blocks
// forever on an engine that crashed, hangs or prints garbage. Every line it hands
// on from an engine, on its output or its stderr, is printable text
// (printable.Line), so the runner and the GUI can print and show it as it is.
package client

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"mancala/protocol/printable"
)

// MaxLine is the longest line read from an engine; longer lines are cut.
const MaxLine = 1 << 16

// writeTimeout bounds one write to an engine's input: an engine that stops reading
// must not block the runner.
const writeTimeout = 2 * time.Second

// Errors returned while waiting for an engine.
var (
	// ErrTimeout: the engine did not answer before the deadline.
	ErrTimeout = errors.New("engine did not answer in time")
	// ErrExited: the engine's output ended (it exited or crashed).
	ErrExited = errors.New("engine exited")
	// ErrBadBestMove: a bestmove line without a move.
	ErrBadBestMove = errors.New("malformed bestmove")
	// ErrPositionRejected: the engine answered a position command with an error.
	ErrPositionRejected = errors.New("position rejected")
)

// Option is one setoption to send after the handshake, in the order given.
type Option struct {
	Name  string
	Value string
	// IfDeclared sends the option only to an engine that declares it (a rule file's
	// VariantPath: an engine without the option may know the game by its name).
	IfDeclared bool
}

// Config says how to start an engine.
type Config struct {
	Name    string    // display name
	Path    string    // executable
	Args    []string  // arguments
	Dir     string    // working directory ("" for the runner's)
	Env     []string  // extra environment variables (KEY=VALUE), added to the runner's
	Options []Option  // setoption commands sent after uciok
	Stderr  io.Writer // where the engine's stderr goes, line by line, made printable (nil: discarded)
	// Log, if not nil, receives every line exchanged: dir is '>' for lines sent to
	// the engine and '<' for lines received. It is called from several goroutines.
	Log func(name string, dir byte, line string)
}

// OptionSpec is one option the engine declared in its `option` lines.
type OptionSpec struct {
	Name    string
	Type    string   // check, spin, combo, button or string
	Default string   // as declared ("" if none)
	Min     string   // spin only
	Max     string   // spin only
	Vars    []string // combo only
}

// Engine is a running engine process.
type Engine struct {
	cfg    Config
	cmd    *exec.Cmd
	stderr *lineWriter // nil when stderr is discarded
	stdin  *os.File
	stdout *os.File
	lines  chan string   // closed when the engine's output ends
	exited chan struct{} // closed when the process has been waited for
	killed chan struct{} // closed by Kill: nobody reads lines any more
	once   sync.Once

	mu      sync.Mutex
	waitErr error

	// IDName and IDAuthor are the engine's `id name` and `id author`, after Handshake.
	IDName, IDAuthor string
	// Declared lists the options the engine declared, after Handshake.
	Declared []OptionSpec
}

// Start starts the engine process. It does not talk to it yet (see Handshake).
func Start(cfg Config) (*Engine, error) {
	if cfg.Path == "" {
		return nil, fmt.Errorf("engine %s: no command given", cfg.Name)
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %v", cfg.Name, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("engine %s: %v", cfg.Name, err)
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.Stdin = inR
	cmd.Stdout = outW
	var stderr *lineWriter
	if cfg.Stderr != nil {
		stderr = &lineWriter{w: cfg.Stderr}
		cmd.Stderr = stderr
		// Wait waits for stderr to be copied: a child of the engine holding it open
		// must not hold the runner up.
		cmd.WaitDelay = time.Second
	}
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("engine %s: cannot start %s: %v", cfg.Name, cfg.Path, err)
	}
	e := &Engine{cfg: cfg, cmd: cmd, stdin: inW, stdout: outR, stderr: stderr,
		lines: make(chan string, 256), exited: make(chan struct{}), killed: make(chan struct{})}
	go e.read()
	go e.wait()
	return e, nil
}

// read forwards the engine's output lines, cutting overlong ones and making them
// printable, until it ends.
func (e *Engine) read() {
	defer close(e.lines)
	r := bufio.NewReaderSize(e.stdout, 4096)
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line) < MaxLine {
			line = append(line, chunk[:min(len(chunk), MaxLine-len(line))]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(line) > 0 {
			s := printable.Line(strings.TrimRight(string(line), "\r\n"))
			if e.cfg.Log != nil {
				e.cfg.Log(e.cfg.Name, '<', s)
			}
			select {
			case e.lines <- s:
			case <-e.killed:
				return
			}
		}
		line = line[:0]
		if err != nil {
			return
		}
	}
}

func (e *Engine) wait() {
	err := e.cmd.Wait() // returns once the engine's stderr has been copied
	if e.stderr != nil {
		e.stderr.flush()
	}
	e.mu.Lock()
	e.waitErr = err
	e.mu.Unlock()
	close(e.exited)
}

// ExitError describes how the process ended, once it has ended ("" while it runs).
func (e *Engine) ExitError() string {
	select {
	case <-e.exited:
	default:
		return ""
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.waitErr == nil {
		return "exited normally"
	}
	return e.waitErr.Error()
}

// PID is the engine's process id.
func (e *Engine) PID() int { return e.cmd.Process.Pid }

// WaitExit waits up to timeout for the process to end, then describes how it ended
// as ExitError does ("still running" if it has not).
func (e *Engine) WaitExit(timeout time.Duration) string {
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-e.exited:
		return e.ExitError()
	case <-t.C:
		return "still running"
	}
}

// Exited reports whether the process has ended.
func (e *Engine) Exited() bool {
	select {
	case <-e.exited:
		return true
	default:
		return false
	}
}

// Send writes one line to the engine.
func (e *Engine) Send(line string) error {
	if e.cfg.Log != nil {
		e.cfg.Log(e.cfg.Name, '>', line)
	}
	if err := e.stdin.SetWriteDeadline(time.Now().Add(writeTimeout)); err != nil {
		return fmt.Errorf("engine %s: %v", e.cfg.Name, err)
	}
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		if e.Exited() {
			return fmt.Errorf("engine %s: %w", e.cfg.Name, ErrExited)
		}
		return fmt.Errorf("engine %s: writing %q: %v", e.cfg.Name, clip(line), err)
	}
	return nil
}

// ReadLine returns the next line from the engine, waiting until the deadline (a zero
// deadline waits only for ctx). It fails with ErrTimeout, ErrExited or ctx's error.
func (e *Engine) ReadLine(ctx context.Context, deadline time.Time) (string, error) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	select {
	case line, ok := <-e.lines:
		if !ok {
			return "", ErrExited
		}
		return line, nil
	case <-timeout:
		return "", ErrTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// WaitFor reads lines until one satisfies match, returning the lines read before it
// and the matching line.
func (e *Engine) WaitFor(ctx context.Context, deadline time.Time, match func(string) bool) (before []string, line string, err error) {
	for {
		line, err = e.ReadLine(ctx, deadline)
		if err != nil {
			return before, "", err
		}
		if match(line) {
			return before, line, nil
		}
		before = append(before, line)
	}
}

// Handshake sends `uci`, reads the id and option lines up to `uciok`, checks every
// configured option against the declared ones (see CheckOption; a mismatch is an
// error and nothing is sent), then sends them.
func (e *Engine) Handshake(ctx context.Context, timeout time.Duration) error {
	if err := e.Send("uci"); err != nil {
		return err
	}
	before, _, err := e.WaitFor(ctx, time.Now().Add(timeout), func(l string) bool { return strings.TrimSpace(l) == "uciok" })
	if err != nil {
		return fmt.Errorf("engine %s: waiting for uciok: %w", e.cfg.Name, err)
	}
	e.Declared = e.Declared[:0]
	for _, l := range before {
		f := strings.Fields(l)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			e.IDName = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "id" && f[1] == "author":
			e.IDAuthor = strings.Join(f[2:], " ")
		case len(f) >= 1 && f[0] == "option":
			if spec, err := ParseOption(l); err == nil {
				e.Declared = append(e.Declared, spec)
			}
		}
	}
	var send []Option
	pathSent := false // a VariantPath adds values to the Variant combo declared before it
	for _, o := range e.cfg.Options {
		declared := slices.ContainsFunc(e.Declared, func(d OptionSpec) bool { return strings.EqualFold(d.Name, o.Name) })
		if o.IfDeclared && !declared {
			continue
		}
		if pathSent && strings.EqualFold(o.Name, "Variant") && declared {
			send = append(send, o) // the engine itself refuses a name its file lacks
			continue
		}
		if err := CheckOption(e.Declared, o); err != nil {
			return fmt.Errorf("engine %s: %w", e.cfg.Name, err)
		}
		pathSent = pathSent || strings.EqualFold(o.Name, "VariantPath")
		send = append(send, o)
	}
	for _, o := range send {
		if err := e.SetOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	return nil
}

// SetOption sends `setoption name <name> value <value>`.
func (e *Engine) SetOption(name, value string) error {
	if value == "" {
		return e.Send("setoption name " + name)
	}
	return e.Send("setoption name " + name + " value " + value)
}

// Sync sends `isready` and waits for `readyok`, returning the lines read meanwhile.
func (e *Engine) Sync(ctx context.Context, timeout time.Duration) ([]string, error) {
	if err := e.Send("isready"); err != nil {
		return nil, err
	}
	before, _, err := e.WaitFor(ctx, time.Now().Add(timeout), func(l string) bool { return strings.TrimSpace(l) == "readyok" })
	if err != nil {
		return before, fmt.Errorf("engine %s: waiting for readyok: %w", e.cfg.Name, err)
	}
	return before, nil
}

// Close asks the engine to quit, waits up to grace for it to exit, and kills it
// otherwise. It is safe to call more than once and on a dead engine.
func (e *Engine) Close(grace time.Duration) {
	if !e.Exited() {
		_ = e.stdin.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
		_, _ = io.WriteString(e.stdin, "quit\n")
		t := time.NewTimer(grace)
		select {
		case <-e.exited:
		case <-t.C:
		}
		t.Stop()
	}
	e.Kill()
}

// Kill ends the process at once and releases its pipes.
func (e *Engine) Kill() {
	e.once.Do(func() {
		if !e.Exited() {
			_ = e.cmd.Process.Kill()
		}
		<-e.exited
		close(e.killed)
		e.stdin.Close()
		// Closing our end of the output pipe also ends the reader if a child process
		// of the engine still holds the other end open.
		e.stdout.Close()
	})
}

// lineWriter passes an engine's stderr on one printable line at a time (lines longer
// than MaxLine are cut into several). The process's copying goroutine writes to it,
// and flush, after the process has been waited for, writes a last line without its
// newline.
type lineWriter struct {
	w    io.Writer
	line []byte
}

func (l *lineWriter) Write(p []byte) (int, error) {
	done := 0
	for {
		i := bytes.IndexByte(p[done:], '\n')
		if i < 0 {
			break
		}
		l.line = append(l.line, p[done:done+i]...)
		done += i + 1
		if err := l.emit(); err != nil {
			return done, err
		}
	}
	l.line = append(l.line, p[done:]...)
	if len(l.line) >= MaxLine {
		return len(p), l.emit()
	}
	return len(p), nil
}

// emit writes the line gathered so far, made printable, and starts the next.
func (l *lineWriter) emit() error {
	text := printable.Line(strings.TrimRight(string(l.line), "\r"))
	l.line = l.line[:0]
	_, err := io.WriteString(l.w, text+"\n")
	return err
}

// flush writes a last line that has no newline.
func (l *lineWriter) flush() {
	if len(l.line) > 0 {
		_ = l.emit() // the process has ended: nobody is left to report the error to
	}
}

// clip shortens a line quoted in an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
