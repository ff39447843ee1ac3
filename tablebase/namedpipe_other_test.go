//go:build !unix

package tablebase

import (
	"errors"
	"fmt"
)

// makeNamedPipe cannot make a named pipe here: the system keeps none in its folders
// (Windows has its own namespace for them, WebAssembly none). The error wraps
// errors.ErrUnsupported, and the cases made of one are skipped.
func makeNamedPipe(string) error {
	return fmt.Errorf("no named pipes in this system's folders: %w", errors.ErrUnsupported)
}
