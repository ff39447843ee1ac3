//go:build windows

package tournament

import (
	"errors"
	"math"
	"os"

	"golang.org/x/sys/windows"
)

// lockedByte is where the records lock lies: Windows' locks are mandatory over the
// bytes they cover, so the lock covers one byte far past any records (allowed past
// the end of a file), and readers of the records are not kept out.
var lockedByte = windows.Overlapped{Offset: math.MaxUint32, OffsetHigh: math.MaxInt32}

// lockRecords takes an exclusive lock on an open records file without waiting:
// errLocked if another handle holds it (another runner).
func lockRecords(f *os.File) error {
	at := lockedByte
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &at)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) {
		return errLocked
	}
	return err
}

// unlockRecords releases the lock lockRecords took.
func unlockRecords(f *os.File) error {
	at := lockedByte
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &at)
}
