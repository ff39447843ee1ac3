//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"mancala/search/searchtest"
)

// TestSignalsEndReadingAFIFO: `tourney report FIFO` and `tourney --replay FIFO`,
// reading a named pipe whose writer sends nothing, end on SIGINT and on SIGTERM
// with the interrupted status (130) and say so, as a match does. Each real process
// is killed, and the test failed, if it has not ended 20 s after the signal.
func TestSignalsEndReadingAFIFO(t *testing.T) {
	searchtest.SkipRealTime(t)
	for _, mode := range [][]string{{"report"}, {"--replay"}} {
		for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
			t.Run(mode[0]+"/"+sig.String(), func(t *testing.T) {
				t.Parallel()
				fifo := filepath.Join(t.TempDir(), "records")
				if err := syscall.Mkfifo(fifo, 0o600); err != nil {
					t.Skip("no named pipes here:", err)
				}
				cmd := exec.Command(os.Args[0], append(mode, fifo)...)
				cmd.Env = append(os.Environ(), asMain+"=1")
				var out, errs bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errs
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				// Opening the write end without blocking succeeds once the command has
				// opened the read end: it then waits for records, its signals caught.
				var w *os.File
				for start := time.Now(); w == nil; time.Sleep(5 * time.Millisecond) {
					f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
					switch {
					case err == nil:
						w = f
					case !errors.Is(err, syscall.ENXIO):
						t.Fatal(err)
					case time.Since(start) > 20*time.Second:
						t.Fatal("the command never opened the pipe")
					}
				}
				defer w.Close()
				cmd.Process.Signal(sig)
				ended := make(chan error, 1)
				go func() { ended <- cmd.Wait() }()
				select {
				case err := <-ended:
					var exit *exec.ExitError
					if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted || !bytes.Contains(errs.Bytes(), []byte("interrupted")) {
						t.Errorf("ended with %v, stderr %q, want exit %d saying interrupted", err, errs.String(), exitInterrupted)
					}
				case <-time.After(20 * time.Second):
					cmd.Process.Kill()
					<-ended
					t.Fatalf("still reading 20 s after %v: only kill -9 ends it", sig)
				}
			})
		}
	}
}
