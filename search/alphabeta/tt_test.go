package alphabeta

import (
	"sync"
	"testing"

	"mancala/board"
	"mancala/search"
)

func TestTableStoresAndFinds(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	key := uint64(0x123456789abcdef0)
	if _, ok := tt.probe(key); ok {
		t.Fatal("empty table found an entry")
	}
	tt.store(key, -1234, board.Move(7), 9, boundLower)
	e, ok := tt.probe(key)
	if !ok || e != (ttEntry{score: -1234, move: 7, depth: 9, bound: boundLower}) {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	// Same bucket, other key: a miss.
	if _, ok := tt.probe(key ^ (1 << 63)); ok {
		t.Error("a different key in the same bucket was found")
	}
	// A move-less store keeps the old move.
	tt.store(key, 55, board.NoMove, 10, boundUpper)
	if e, _ := tt.probe(key); e.move != 7 || e.score != 55 || e.bound != boundUpper {
		t.Errorf("after move-less store: %+v", e)
	}
	// The proven flag is kept apart from the bound, and a store without it clears it.
	tt.store(key, 0, 3, 12, boundExact|provenFlag)
	if e, _ := tt.probe(key); e != (ttEntry{score: 0, move: 3, depth: 12, bound: boundExact, proven: true}) {
		t.Errorf("after a proven store: %+v", e)
	}
	tt.store(key, 0, 3, 12, boundLower)
	if e, _ := tt.probe(key); e.proven || e.bound != boundLower {
		t.Errorf("after an unproven store: %+v", e)
	}
	// Extreme scores survive packing.
	for _, s := range []int{search.Mate, -search.Mate, search.Infinite - 1, -search.EvalLimit} {
		tt.store(key, s, board.Pass, 200, boundExact)
		if e, _ := tt.probe(key); e.score != s || e.move != board.Pass || e.depth != 200 {
			t.Errorf("stored %d, got %+v", s, e)
		}
	}
}

func TestTableRejectsTornEntries(t *testing.T) {
	tt := newTable(1)
	k1, k2 := uint64(5), uint64(5+(tt.mask+1)*3) // same bucket
	tt.store(k1, 100, 1, 3, boundExact)
	tt.store(k2, 200, 2, 4, boundExact)
	b := (k1 & tt.mask) * wordsPerBucket
	// Mix word 0 of one entry with word 1 of the other, as two racing writers could.
	tt.words[b].Store(tt.words[b+2].Load())
	if e, ok := tt.probe(k1); ok {
		t.Errorf("torn entry accepted for k1: %+v", e)
	}
}

func TestTableReplacesShallowAndOldEntries(t *testing.T) {
	tt := newTable(1)
	tt.newSearch()
	stride := (tt.mask + 1)
	for i := uint64(0); i < entriesPerBucket; i++ {
		tt.store(1+i*stride, 0, 1, 10+int(i), boundExact)
	}
	// The bucket is full; a new key evicts the shallowest (depth 10).
	tt.store(1+9*stride, 0, 1, 1, boundExact)
	if _, ok := tt.probe(1); ok {
		t.Error("the shallowest entry survived")
	}
	if _, ok := tt.probe(1 + stride); !ok {
		t.Error("a deeper entry was evicted")
	}
	// After many searches, the deep but old entries go before fresh shallow ones.
	for range 10 {
		tt.newSearch()
	}
	tt.store(1+10*stride, 0, 1, 1, boundExact) // evicts the old depth-1 entry
	tt.store(1+11*stride, 0, 1, 1, boundExact) // evicts the old depth-11 entry
	if _, ok := tt.probe(1 + 10*stride); !ok {
		t.Error("a fresh entry was evicted instead of an old one")
	}
	if _, ok := tt.probe(1 + 1*stride); ok {
		t.Error("the oldest shallowest entry survived")
	}
	// Bucket 1 is among the thousand entries sampled: two of them are fresh.
	if got := tt.hashFull(); got != 2 {
		t.Errorf("hashFull = %d, want 2", got)
	}
}

func TestTableSizeIsPowerOfTwo(t *testing.T) {
	for _, mb := range []int{1, 3, 16} {
		tt := newTable(mb)
		buckets := tt.mask + 1
		if buckets&(buckets-1) != 0 || buckets*bucketBytes > uint64(mb)<<20 || 2*buckets*bucketBytes <= uint64(mb)<<20 {
			t.Errorf("%d MB: %d buckets", mb, buckets)
		}
	}
}

func TestTableConcurrentUse(t *testing.T) {
	// Writers and readers hammer a tiny table; every entry read back must be one
	// that was written for that key (run with -race).
	tt := newTable(1)
	tt.resize(0)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				key := uint64(i%64) * 0x9e3779b97f4a7c15
				if w%2 == 0 {
					tt.store(key, i%64, board.Move(i%64%16), i%64, boundExact)
				} else if e, ok := tt.probe(key); ok && (e.score != i%64 || e.depth != i%64) {
					t.Errorf("key %d read back %+v", i%64, e)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestTableClearEmptiesEveryWord(t *testing.T) {
	// 4 MB is mapped outside the Go heap on Linux (tableWords); 1 MB is not.
	for _, mb := range []int{1, 4} {
		tt := newTable(mb)
		tt.newSearch()
		buckets := tt.mask + 1
		for b := uint64(0); b < buckets; b++ {
			tt.store(b|b<<40, 1, board.Move(b%16), 5, boundExact)
		}
		if _, ok := tt.probe(buckets - 1 | (buckets-1)<<40); !ok {
			t.Fatalf("%d MB: the last bucket lost its entry before clear", mb)
		}
		tt.clear()
		if tt.gen != 0 {
			t.Errorf("%d MB: generation %d after clear", mb, tt.gen)
		}
		for i := range tt.words {
			if w := tt.words[i].Load(); w != 0 {
				t.Fatalf("%d MB: word %d is %#x after clear", mb, i, w)
			}
		}
	}
}

func TestNewGameAfterThreadedSearchEmptiesTheTable(t *testing.T) {
	// Under -race this also checks that clearing with plain stores is ordered after
	// the helper threads' last atomic stores.
	p := mustPosition(t, "adji-boto", "")
	ab := New(search.Options{HashMB: 1, Threads: 3})
	searchInfos(ab, []board.Position{p}, search.Limits{Depth: 6})
	if ab.tt.hashFull() == 0 {
		t.Fatal("the search left the table empty")
	}
	ab.NewGame()
	for i := range ab.tt.words {
		if w := ab.tt.words[i].Load(); w != 0 {
			t.Fatalf("word %d is %#x after NewGame", i, w)
		}
	}
}
