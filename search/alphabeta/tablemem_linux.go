//go:build linux

package alphabeta

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on Linux (x86-64, arm64 with 4 KiB
// pages).
const hugePage = 2 << 20

// tableWords returns n zeroed words for a table. Tables of a huge page or more are
// mapped outside the Go heap, aligned to a huge page, and marked MADV_HUGEPAGE: on
// systems whose transparent huge pages are set to "madvise" (a common default) the
// kernel then backs them with 2 MiB pages, so a large Hash costs a few hundred page
// faults and TLB entries instead of one per 4 KiB. The mapping is returned to the
// system when owner becomes unreachable. Where mapping fails, the words come from
// the Go heap.
func tableWords(owner *table, n uint64) []atomic.Uint64 {
	size := n * 8
	if size < hugePage {
		return make([]atomic.Uint64, n)
	}
	mem, err := syscall.Mmap(-1, 0, int(size+hugePage), syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]atomic.Uint64, n)
	}
	skip := (hugePage - uintptr(unsafe.Pointer(&mem[0]))%hugePage) % hugePage
	aligned := mem[skip : skip+uintptr(size)]
	// Advice only: without it (or where the kernel refuses) the table still works.
	_ = syscall.Madvise(aligned, syscall.MADV_HUGEPAGE)
	runtime.AddCleanup(owner, func(m []byte) { _ = syscall.Munmap(m) }, mem)
	return unsafe.Slice((*atomic.Uint64)(unsafe.Pointer(&aligned[0])), n)
}
