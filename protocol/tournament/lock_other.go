//go:build !unix && !windows

package tournament

import (
	"errors"
	"os"
)

// lockRecords refuses: this system (WebAssembly) has no file locks, and a records
// file no other runner can be kept from is not written.
func lockRecords(*os.File) error {
	return errors.New("this system has no file locks to keep other runners out")
}

// unlockRecords has no lock to release.
func unlockRecords(*os.File) error { return nil }
