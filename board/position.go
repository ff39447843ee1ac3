package board

import (
	"encoding/binary"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// Side is a player: South moves first and owns row 1 (rows 1 and 2 in Bao la Kimasai).
type Side uint8

// The two players.
const (
	South Side = 0
	North Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

// String returns "S" or "N", as in the notation.
func (s Side) String() string {
	if s == South {
		return "S"
	}
	return "N"
}

// State bits of a Position. Adji-Boto uses bits 0..9 for the holes (by hole index) not
// yet played in the opening; Bao la Kimasai uses firstMove.
const firstMove uint16 = 1 << 15

// Position is a complete game state: seed counts, stores or reserves, side to move and
// variant state, with its Zobrist hash kept up to date on every change. It is a small
// value type without pointers: copying it is how moves are made.
type Position struct {
	hash    uint64
	holes   [MaxHoles]uint8
	stores  [2]uint8 // captured seeds, Adji-Boto stores, or Bao la Kimasai reserves
	state   uint16
	side    Side
	variant VariantID
}

// maxCount bounds every count that the hash keys cover (no game has more seeds).
const maxCount = 100

// Zobrist keys, derived deterministically from xxhash of fixed labels.
var (
	holeKeys    [MaxHoles][maxCount + 1]uint64
	seedKeys    [MaxHoles][maxCount]uint64 // seedKeys[h][c] = holeKeys[h][c] ^ holeKeys[h][c+1]
	storeKeys   [2][maxCount + 1]uint64
	stateKeys   [16]uint64
	sideKey     uint64
	variantKeys [numVariants]uint64
)

func init() {
	n := uint64(0)
	key := func() uint64 {
		var buf [24]byte
		copy(buf[:], "mancala-zobrist")
		binary.LittleEndian.PutUint64(buf[16:], n)
		n++
		return xxhash.Sum64(buf[:])
	}
	for h := range holeKeys {
		for c := 1; c <= maxCount; c++ { // a count of zero hashes to 0
			holeKeys[h][c] = key()
		}
	}
	for h := range seedKeys {
		for c := range seedKeys[h] {
			seedKeys[h][c] = holeKeys[h][c] ^ holeKeys[h][c+1]
		}
	}
	for s := range storeKeys {
		for c := 1; c <= maxCount; c++ {
			storeKeys[s][c] = key()
		}
	}
	for i := range stateKeys {
		stateKeys[i] = key()
	}
	sideKey = key()
	for i := range variantKeys {
		variantKeys[i] = key()
	}
}

// Variant returns the game this position belongs to.
func (p *Position) Variant() *Variant { return variants[p.variant] }

// Hash returns the Zobrist hash of the position.
func (p *Position) Hash() uint64 { return p.hash }

// SideToMove returns the player to move.
func (p *Position) SideToMove() Side { return p.side }

// Seeds returns the number of seeds in hole h.
func (p *Position) Seeds(h int) int { return int(p.holes[h]) }

// Store returns side s's store (captured seeds) or, in Bao la Kimasai, reserve.
func (p *Position) Store(s Side) int { return int(p.stores[s]) }

// IsFirstMove reports whether the next move is the first move of a Bao la Kimasai game.
func (p *Position) IsFirstMove() bool { return p.state&firstMove != 0 }

// OpeningLeft returns, for Adji-Boto, a bit set (by hole index) of the holes not yet
// played in the opening; zero once the opening is over.
func (p *Position) OpeningLeft() uint16 { return p.state &^ firstMove }

// RowSeeds returns the seeds on side s's holes.
func (p *Position) RowSeeds(s Side) int {
	n := 0
	for _, h := range variants[p.variant].own[s] {
		n += int(p.holes[h])
	}
	return n
}

// ComputeHash computes the hash from scratch; it always equals Hash for positions
// built by this package.
func (p *Position) ComputeHash() uint64 {
	h := variantKeys[p.variant]
	for i, c := range p.holes {
		h ^= holeKeys[i][c]
	}
	h ^= storeKeys[South][p.stores[South]] ^ storeKeys[North][p.stores[North]]
	for i := range stateKeys {
		if p.state&(1<<i) != 0 {
			h ^= stateKeys[i]
		}
	}
	if p.side == North {
		h ^= sideKey
	}
	return h
}

// set puts n seeds in hole h, updating the hash.
func (p *Position) set(h int, n uint8) {
	p.hash ^= holeKeys[h][p.holes[h]] ^ holeKeys[h][n]
	p.holes[h] = n
}

// addSeed drops one seed into hole h, updating the hash with a single key.
func (p *Position) addSeed(h int) {
	c := p.holes[h]
	p.hash ^= seedKeys[h][c]
	p.holes[h] = c + 1
}

// setStore puts n seeds in side s's store or reserve, updating the hash.
func (p *Position) setStore(s Side, n uint8) {
	p.hash ^= storeKeys[s][p.stores[s]] ^ storeKeys[s][n]
	p.stores[s] = n
}

// setState replaces the variant state, updating the hash.
func (p *Position) setState(state uint16) {
	for d := p.state ^ state; d != 0; d &= d - 1 {
		p.hash ^= stateKeys[bits.TrailingZeros16(d)]
	}
	p.state = state
}

// flipSide passes the turn to the other player.
func (p *Position) flipSide() {
	p.side ^= 1
	p.hash ^= sideKey
}

// sowLap sows n seeds one by one around the ring of the side whose ring contains
// hole start, beginning with start itself, and returns the landing hole. Whole turns
// round the ring are added in bulk, so a lap costs at most two passes over the ring.
func (p *Position) sowLap(start, n int) int {
	v := variants[p.variant]
	ring := v.ring
	b := int(v.base[v.owner[start]])
	if n >= ring {
		q := uint8(n / ring)
		for h := b; h < b+ring; h++ {
			p.set(h, p.holes[h]+q)
		}
		n %= ring
		if n == 0 {
			// The last seed went into the hole just before start.
			return b + (start-b+ring-1)%ring
		}
	}
	// The remaining n < ring seeds run from start to the end of the ring, then on
	// from its beginning.
	end := min(start+n, b+ring)
	for h := start; h < end; h++ {
		p.addSeed(h)
	}
	n -= end - start
	if n == 0 {
		return end - 1
	}
	for h := b; h < b+n; h++ {
		p.addSeed(h)
	}
	return b + n - 1
}
