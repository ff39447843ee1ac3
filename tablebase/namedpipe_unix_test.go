//go:build unix

package tablebase

import "syscall"

// makeNamedPipe makes a named pipe (FIFO) at path.
func makeNamedPipe(path string) error { return syscall.Mkfifo(path, 0o644) }
