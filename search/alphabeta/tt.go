package alphabeta

import (
	"sync/atomic"

	"mancala/board"
)

// The transposition table remembers, per position, the result of its deepest recent
// search. Its size is a power of two of buckets; a bucket is one 64-byte cache line of
// four entries. The position's hash picks the bucket (its low bits); the full 64-bit
// hash verifies the entry.
//
// Threads probe and store concurrently without locks. An entry is two 64-bit words
// written and read atomically, one at a time:
//
//	word 0: key XOR data
//	word 1: data
//
// A reader accepts an entry only if word0 XOR word1 equals the position's hash, so an
// entry torn by two threads writing at once (word 0 from one, word 1 from the other)
// reads as a miss rather than as wrong data (Hyatt and Mann's lockless hashing).
//
// The data word, bit by bit:
//
//	bits  0..15  score, int16; mate scores count plies from this node (see toTT)
//	bits 16..23  best move (a hole index, board.Pass, or board.NoMove)
//	bits 24..31  depth searched, in plies (0..255)
//	bits 32..33  bound: 0 none (move only), 1 upper, 2 lower, 3 exact
//	bit  34      occupied: always 1 in a stored entry, so an all-zero slot is empty
//	bit  35      proven: the score rests on no static evaluation, only on games ended
//	             by the rules and the endgame table (provenFlag)
//	bits 36..39  unused (zero)
//	bits 40..47  generation: the search that stored it, modulo 256
//	bits 48..63  unused (zero)
//
// Replacement: a store for a position already in the bucket overwrites it unless the
// old entry is from this search, deeper by more than two plies and the new one is not
// exact; otherwise the empty slot, or else the entry with the lowest depth minus four
// times its age in searches, makes room.
type table struct {
	words []atomic.Uint64 // 8 words (4 entries) per bucket
	mask  uint64          // buckets - 1
	gen   uint8           // generation of the current search
}

// Bound kinds of a stored score.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most the stored value (fail low)
	boundLower = 2 // the score is at least the stored value (fail high)
	boundExact = 3
)

const (
	entriesPerBucket = 4
	wordsPerBucket   = 2 * entriesPerBucket
	bucketBytes      = 8 * wordsPerBucket
	occupiedBit      = 1 << 34
	// provenFlag, or'd into the bound given to store, marks a score that rests on no
	// static evaluation (bit 35 of the data word).
	provenFlag = 1 << 3
)

// ttEntry is a decoded table entry.
type ttEntry struct {
	score  int
	move   board.Move
	depth  int
	bound  int
	proven bool // the score rests on no static evaluation
}

// newTable returns a table of at most mb mebibytes (at least one bucket).
func newTable(mb int) *table {
	t := &table{}
	t.resize(mb)
	return t
}

// resize reallocates the table for mb mebibytes, emptying it.
func (t *table) resize(mb int) {
	buckets := uint64(1)
	for buckets*2*bucketBytes <= uint64(max(mb, 1))<<20 {
		buckets *= 2
	}
	t.words = tableWords(t, buckets*wordsPerBucket)
	t.mask = buckets - 1
	t.gen = 0
}

// clear empties the table and restarts the generations. No search may be running:
// the words are zeroed with plain stores (one memory clear, where an atomic store per
// word took 37 s for 16 MB under the race detector), so the caller must order clear
// before and after every search, as Engine does by waiting for its helper threads.
func (t *table) clear() {
	clear(t.words)
	t.gen = 0
}

// newSearch starts a new generation, so that older entries are replaced first.
func (t *table) newSearch() { t.gen++ }

func pack(score int, move board.Move, depth, bound int, gen uint8) uint64 {
	return uint64(uint16(int16(score))) | uint64(move)<<16 | uint64(uint8(depth))<<24 |
		uint64(bound)<<32 | occupiedBit | uint64(gen)<<40
}

func unpack(d uint64) ttEntry {
	return ttEntry{score: int(int16(uint16(d))), move: board.Move(d >> 16), depth: int(uint8(d >> 24)),
		bound: int(d>>32) & 3, proven: d>>35&1 != 0}
}

func generation(d uint64) uint8 { return uint8(d >> 40) }

// probe looks the position with hash key up.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := (key & t.mask) * wordsPerBucket
	for i := uint64(0); i < wordsPerBucket; i += 2 {
		w0 := t.words[b+i].Load()
		d := t.words[b+i+1].Load()
		if d != 0 && w0^d == key {
			return unpack(d), true
		}
	}
	return ttEntry{}, false
}

// prefetch loads the first word of the bucket of key, so that the cache line is on its
// way while the caller does other work before probing it. Go has no prefetch
// instruction; a load whose value is unused still lets the processor fetch several
// lines at once, where probing each child in turn waits for one miss after another.
func (t *table) prefetch(key uint64) {
	t.words[(key&t.mask)*wordsPerBucket].Load()
}

// store records a search result for the position with hash key.
func (t *table) store(key uint64, score int, move board.Move, depth, bound int) {
	b := (key & t.mask) * wordsPerBucket
	victim, worst := uint64(0), 1<<30
	for i := uint64(0); i < wordsPerBucket; i += 2 {
		w0 := t.words[b+i].Load()
		d := t.words[b+i+1].Load()
		if d == 0 {
			if worst > -1<<30 {
				victim, worst = i, -1<<30
			}
			continue
		}
		if w0^d == key {
			old := unpack(d)
			if generation(d) == t.gen && old.depth > depth+2 && bound&3 != boundExact {
				return
			}
			if move == board.NoMove {
				move = old.move
			}
			victim = i
			break
		}
		age := int(t.gen - generation(d))
		if v := int(uint8(d>>24)) - 4*age; v < worst {
			victim, worst = i, v
		}
	}
	d := pack(score, move, depth, bound, t.gen)
	t.words[b+victim].Store(key ^ d)
	t.words[b+victim+1].Store(d)
}

// hashFull estimates, in per mille, how much of the table this search has filled,
// from the first thousand entries.
func (t *table) hashFull() int {
	n, used := 0, 0
	for i := 1; i < len(t.words) && n < 1000; i += 2 {
		n++
		if d := t.words[i].Load(); d != 0 && generation(d) == t.gen {
			used++
		}
	}
	return used * 1000 / n
}
