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

// Zobrist keys, derived deterministically from xxhash of fixed labels. The hole keys
// are indexed by count first, so that the keys of neighbouring holes with similar
// counts (the ones a sowing lap touches) share cache lines; a uint8 count indexes
// them without a bounds check (counts above maxCount never occur and have zero keys).
var (
	holeKeys    [256][MaxHoles]uint64 // holeKeys[c][h]: hole h holding c seeds
	seedKeys    [256][MaxHoles]uint64 // seedKeys[c][h] = holeKeys[c][h] ^ holeKeys[c+1][h]
	storeKeys   [2][256]uint64
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
	for h := range MaxHoles {
		for c := 1; c <= maxCount; c++ { // a count of zero hashes to 0
			holeKeys[c][h] = key()
		}
	}
	for c := 0; c < maxCount; c++ {
		for h := range MaxHoles {
			seedKeys[c][h] = holeKeys[c][h] ^ holeKeys[c+1][h]
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
	v := variants[p.variant]
	off := int(s) * v.holes / 2 // each side's holes are consecutive indexes
	if v.holes > 16 {
		return byteSum(le.Uint64(p.holes[off:]) + le.Uint64(p.holes[off+8:]))
	}
	return byteSum(le.Uint64(p.holes[off:]) & v.rowMask)
}

// le reads eight holes at once.
var le = binary.LittleEndian

// byteSum adds the eight bytes of x; the sum must be below 256 (no game has more
// than maxCount seeds), so no partial sum carries.
func byteSum(x uint64) int { return int(x * 0x0101010101010101 >> 56) }

// ComputeHash computes the hash from scratch; it always equals Hash for positions
// built by this package.
func (p *Position) ComputeHash() uint64 {
	h := variantKeys[p.variant]
	for i, c := range p.holes {
		h ^= holeKeys[c][i]
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
	h &= MaxHoles - 1
	p.hash ^= holeKeys[p.holes[h]][h] ^ holeKeys[n][h]
	p.holes[h] = n
}

// setStore puts n seeds in side s's store or reserve, updating the hash.
func (p *Position) setStore(s Side, n uint8) {
	p.hash ^= storeKeys[s&1][p.stores[s&1]] ^ storeKeys[s&1][n]
	p.stores[s&1] = n
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

// sow drops n > 0 seeds one by one around the sowing ring that contains hole start,
// beginning with start itself, and returns the landing hole. A whole lap is two
// additions of eight counts at once (counts never reach 256, so no byte carries into
// the next), taken from the variant's per-(hole, count) tables. The hash is left
// stale: a move changes counts freely, then calls rehash once at its end.
func (p *Position) sow(v *Variant, start int, n uint8) int {
	laps := &v.wholeLaps[n]
	step := &v.sowSteps[start&(MaxHoles-1)][laps.rest&(maxRing-1)]
	w := p.holes[step.base&maxRing:][:maxRing]
	le.PutUint64(w, le.Uint64(w)+laps.add[0]+step.add[0])
	le.PutUint64(w[8:], le.Uint64(w[8:])+laps.add[1]+step.add[1])
	return int(step.land)
}

// sowKeyed is sow keeping the hash up to date as it goes: a lap of fewer seeds than
// the ring has holes costs one key per seed, fewer than rehash's two per changed
// hole; longer sowings fall back on sow and rehash. Games whose moves are one lap
// (Adji Kui I) use it.
func (p *Position) sowKeyed(v *Variant, start int, n uint8) int {
	if int(n) >= v.ring {
		before := *p
		land := p.sow(v, start, n)
		p.rehash(&before)
		return land
	}
	start &= MaxHoles - 1
	s := int(v.inRing[start])
	lap := v.lap[v.base[v.owner[start]]/maxRing][s : s+int(n)]
	x := p.hash
	for _, h := range lap {
		h &= MaxHoles - 1
		c := p.holes[h]
		x ^= seedKeys[c][h]
		p.holes[h] = c + 1
	}
	p.hash = x
	return int(lap[len(lap)-1])
}

// rehashRow is rehash for a two-row game: every hole is looked at, with no branch to
// mispredict, since a relay move changes most of them.
func (p *Position) rehashRow(from *Position, holes int) {
	x := p.hash
	for h := range holes & (maxRing - 1) {
		x ^= holeKeys[from.holes[h]][h] ^ holeKeys[p.holes[h]][h]
	}
	p.hash = x
}

// rehash brings the hash up to date after a move that changed the counts of the
// holes from those of p: once per changed hole, however many seeds passed through.
func (p *Position) rehash(from *Position) {
	x := p.hash
	for i := 0; i < MaxHoles; i += 8 {
		for d := le.Uint64(from.holes[i:]) ^ le.Uint64(p.holes[i:]); d != 0; {
			shift := bits.TrailingZeros64(d) &^ 7
			d &^= 0xFF << shift
			h := (i + shift/8) & (MaxHoles - 1)
			x ^= holeKeys[from.holes[h]][h] ^ holeKeys[p.holes[h]][h]
		}
	}
	p.hash = x
}
