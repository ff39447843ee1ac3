//go:build unix

package tablebase

import "syscall"

// openFlags are added to O_RDONLY to open a table file: O_NONBLOCK, so that a named
// pipe put in the file's place after it was looked at is not waited on (opening one
// to read waits for a writer). It changes nothing for a regular file.
const openFlags = syscall.O_NONBLOCK
