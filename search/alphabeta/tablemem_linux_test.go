package alphabeta

import (
	"testing"
	"unsafe"
)

func TestLargeTableIsHugePageAligned(t *testing.T) {
	tt := newTable(8)
	if at := uintptr(unsafe.Pointer(&tt.words[0])); at%hugePage != 0 {
		t.Errorf("an 8 MB table starts at %#x, not on a huge page", at)
	}
	if uint64(len(tt.words)) != (tt.mask+1)*wordsPerBucket {
		t.Errorf("%d words for %d buckets", len(tt.words), tt.mask+1)
	}
}
