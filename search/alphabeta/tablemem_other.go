//go:build !linux

package alphabeta

import "sync/atomic"

// tableWords returns n zeroed words for a table (from the Go heap: huge pages are
// asked for on Linux only).
func tableWords(_ *table, n uint64) []atomic.Uint64 { return make([]atomic.Uint64, n) }
