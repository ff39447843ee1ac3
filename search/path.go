package search

import "mancala/board"

// Path is the one repetition tracker of the engines: it holds the hashes of every
// position of the game so far followed by the positions on the current search path
// (or playout), to find loop endings: a position that occurred earlier in the game
// ends it.
//
// Two shortcuts keep the check cheap. First, stores (captured seeds) only grow,
// reserves only shrink and the variant state (Adji-Boto's opening holes, Bao la
// Kimasai's first-move flag) only loses bits, so a position can only repeat one from
// the same run of positions with equal stores, reserves and state; runStart marks
// where each run begins. Second, a small counting filter over the low bits of the
// hashes answers "certainly not seen" for nearly every node without a scan.
type Path struct {
	keys     []uint64
	irrev    []uint64 // stores, reserves and state, packed: equal for positions of one run
	runStart []int32
	filter   [1 << 12]uint16
}

const filterMask = 1<<12 - 1

// pathRoom is the room a Path keeps beyond the game's positions for a search path; it
// grows further when needed.
const pathRoom = 256

// Reset empties the path and pushes the positions of history, the game so far.
func (s *Path) Reset(history []board.Position) {
	if n := len(history) + pathRoom; cap(s.keys) < n {
		s.keys = make([]uint64, 0, n)
		s.irrev = make([]uint64, 0, n)
		s.runStart = make([]int32, 0, n)
	}
	s.keys, s.irrev, s.runStart = s.keys[:0], s.irrev[:0], s.runStart[:0]
	s.filter = [1 << 12]uint16{}
	for i := range history {
		s.Push(&history[i])
	}
}

// Len is the number of positions on the path.
func (s *Path) Len() int { return len(s.keys) }

// Truncate pops positions until n are left.
func (s *Path) Truncate(n int) {
	for len(s.keys) > n {
		s.Pop()
	}
}

// Push adds p as the newest position.
func (s *Path) Push(p *board.Position) {
	i := len(s.keys)
	key, irr := p.Hash(), p.RunKey()
	start := int32(i)
	if i > 0 && s.irrev[i-1] == irr {
		start = s.runStart[i-1]
	}
	s.keys = append(s.keys, key)
	s.irrev = append(s.irrev, irr)
	s.runStart = append(s.runStart, start)
	s.filter[key&filterMask]++
}

// Pop removes the newest position.
func (s *Path) Pop() {
	i := len(s.keys) - 1
	s.filter[s.keys[i]&filterMask]--
	s.keys = s.keys[:i]
	s.irrev = s.irrev[:i]
	s.runStart = s.runStart[:i]
}

// Repeated reports whether the newest position occurred before, and at which index.
func (s *Path) Repeated() (int, bool) {
	i := len(s.keys) - 1
	key := s.keys[i]
	if s.filter[key&filterMask] < 2 {
		return 0, false
	}
	for j := i - 1; j >= int(s.runStart[i]); j-- {
		if s.keys[j] == key {
			return j, true
		}
	}
	return 0, false
}
