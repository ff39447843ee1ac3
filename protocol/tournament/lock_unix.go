//go:build unix

package tournament

import (
	"errors"
	"os"
	"syscall"
)

// lockRecords takes an exclusive lock on an open records file without waiting:
// errLocked if another open file description holds it (another runner). The lock is
// flock(2)'s, on the whole file, advisory: readers are not kept out.
func lockRecords(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return errLocked
	}
	return err
}

// unlockRecords releases the lock lockRecords took.
func unlockRecords(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
