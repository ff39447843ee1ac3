//go:build !wasm

package search

// Yield does nothing here: the Go scheduler preempts long-running goroutines, so a
// search needs no help to let the goroutine carrying its stop run (see the
// WebAssembly Yield).
func Yield() {}
