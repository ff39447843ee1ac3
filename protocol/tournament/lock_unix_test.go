//go:build unix

package tournament

import (
	"path/filepath"
	"syscall"
	"testing"
)

func TestCloseReleasesTheLockHeldByACopiedDescriptor(t *testing.T) {
	// A forked child holds a copy of the descriptor until it executes; a copy made
	// with dup shares the lock the same way.
	path := filepath.Join(t.TempDir(), "games.jsonl")
	rf, _, err := OpenRecords(path, false, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	dup, err := syscall.Dup(int(rf.lock.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(dup)
	rf.Close()
	again, _, err := OpenRecords(path, true, func(string, ...any) {})
	if err != nil {
		t.Fatalf("after Close, with a copy of the descriptor open: %v", err)
	}
	again.Close()
}
