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
// variant state, with the sum its hash is made from kept up to date on every change.
// It is a small value type without pointers: copying it is how moves are made.
type Position struct {
	sum     uint64 // the sum of the hash keys; Hash mixes it
	holes   [MaxHoles]uint8
	stores  [2]uint8 // captured seeds, Adji-Boto stores, or Bao la Kimasai reserves
	state   uint16
	side    Side
	variant VariantID
	// child has, for each side, the bits (by hole index) of the holes that are its
	// children (a rule file's child.count): played by nobody, never captured, their
	// seeds the owner's.
	child [2]uint32
}

// maxCount bounds the seeds of a game of named rules (board/named.go), whose
// sowings the lift tables (newLifts) cover up to this many seeds in a hole; a rule
// file's games, sown by their own tables, may have up to maxFileSeeds.
const maxCount = 100

// Hashing. A position's hash is a sum of random 64-bit keys weighted by counts:
// every seed in hole h adds holeKeys[h], every seed in side s's store adds
// storeKeys[s], and the variant, each set state bit, each child hole (childKeys, by
// owner) and North to move add a key of their own, all modulo 2^64. Being linear in the counts, it changes by a sum that
// depends only on where seeds were sown, not on how many a hole held: a whole lap
// changes it by one precomputed number (sowStep.key), however many seeds it sows.
// Hash returns the sum passed through a mixing bijection, so that every bit of the
// result depends on every key and tables can index by any of its bits. The keys
// are derived deterministically from xxhash of fixed labels.
var (
	holeKeys    [MaxHoles]uint64
	storeKeys   [2]uint64
	stateKeys   [16]uint64
	sideKey     uint64
	variantKeys [MaxVariants]uint64
	childKeys   [2][MaxHoles]uint64
)

// The keys are made as the package's variables are initialized, before any init
// function (variant.go's sowing tables need them).
var _ = makeKeys()

func makeKeys() bool {
	n := uint64(0)
	key := func() uint64 {
		var buf [24]byte
		copy(buf[:], "mancala-hash-keys")
		binary.LittleEndian.PutUint64(buf[16:], n)
		n++
		return xxhash.Sum64(buf[:])
	}
	for h := range holeKeys {
		holeKeys[h] = key()
	}
	for s := range storeKeys {
		storeKeys[s] = key()
	}
	for i := range stateKeys {
		stateKeys[i] = key()
	}
	sideKey = key()
	for i := range variantKeys {
		variantKeys[i] = key()
	}
	for s := range childKeys { // made last: the keys before them are as they were
		for h := range childKeys[s] {
			childKeys[s][h] = key()
		}
	}
	return true
}

// mix is a bijection of 64-bit words in which every output bit depends on every
// input bit (the final mix of xxhash64).
func mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xC2B2AE3D27D4EB4F
	x ^= x >> 29
	x *= 0x165667B19E3779F9
	x ^= x >> 32
	return x
}

// Variant returns the game this position belongs to.
func (p *Position) Variant() *Variant { return variants[p.variant] }

// Hash returns the hash of the position, kept up to date by every move.
func (p *Position) Hash() uint64 { return mix(p.sum) }

// SideToMove returns the player to move.
func (p *Position) SideToMove() Side { return p.side }

// Seeds returns the number of seeds in hole h.
func (p *Position) Seeds(h int) int { return int(p.holes[h]) }

// Store returns side s's store (captured seeds) or, in Bao la Kimasai, reserve.
func (p *Position) Store(s Side) int { return int(p.stores[s]) }

// IsFirstMove reports whether the next move is the first move of a Bao la Kimasai game.
func (p *Position) IsFirstMove() bool {
	return kinds[p.variant&(MaxVariants-1)] == kindBao && p.state&firstMove != 0
}

// OpeningLeft returns, for Adji-Boto, a bit set (by hole index) of the holes not yet
// played in the opening; zero once the opening is over, and in every other game,
// whose state field says other things (a rule file's rounds, extra turns, barred
// hole).
func (p *Position) OpeningLeft() uint16 {
	if kinds[p.variant&(MaxVariants-1)] != kindAdjiBoto {
		return 0
	}
	return p.state &^ firstMove
}

// RowSeeds returns the seeds on side s's holes.
func (p *Position) RowSeeds(s Side) int {
	v := variants[p.variant]
	off := int(v.rowStart[s&1]) // each side's holes are consecutive indexes
	if v.holes > 16 {
		return byteSum(le.Uint64(p.holes[off:]) + le.Uint64(p.holes[off+8:])&v.rowMask2)
	}
	return byteSum(le.Uint64(p.holes[off:]) & v.rowMask)
}

// holesOfTwo returns the bit set, by hole index, of side s's holes holding two or
// more seeds, in a two-row game: eight counts tested at once.
func (p *Position) holesOfTwo(s Side) uint16 {
	v := variants[p.variant]
	off := v.rowStart[s&1] & 7
	x := le.Uint64(p.holes[off:]) & v.rowMask & 0xFEFEFEFEFEFEFEFE // counts of 0 or 1 become 0
	x = (x + 0x7F7F7F7F7F7F7F7F | x) & 0x8080808080808080          // the top bit of each byte left not 0
	// Gather bit 8i+7 into bit 56+i: the products land on distinct bits, so nothing carries.
	return uint16((x>>7)*0x0102040810204080>>56) << off
}

// le reads eight holes at once.
var le = binary.LittleEndian

// byteSum adds the eight bytes of x; the sum must be below 256 (no game has more
// than 255 seeds), so no partial sum carries.
func byteSum(x uint64) int { return int(x * 0x0101010101010101 >> 56) }

// BoardHash is the hash of p without its stores: equal for two positions that differ
// only in what the stores hold. In a game whose rules never read the stores
// (Variant.StoresIdle) such positions have the same future, up to the store lead.
func (p *Position) BoardHash() uint64 {
	return mix(p.sum - uint64(p.stores[South])*storeKeys[South] - uint64(p.stores[North])*storeKeys[North])
}

// ComputeHash computes the hash from scratch; it always equals Hash for positions
// built by this package.
func (p *Position) ComputeHash() uint64 { return mix(p.keySum()) }

// keySum adds up the hash keys of p from scratch.
func (p *Position) keySum() uint64 {
	sum := variantKeys[p.variant]
	for h, c := range p.holes {
		sum += uint64(c) * holeKeys[h]
	}
	sum += uint64(p.stores[South])*storeKeys[South] + uint64(p.stores[North])*storeKeys[North]
	for i := range stateKeys {
		if p.state&(1<<i) != 0 {
			sum += stateKeys[i]
		}
	}
	for s, kids := range p.child {
		for ; kids != 0; kids &= kids - 1 {
			sum += childKeys[s][bits.TrailingZeros32(kids)]
		}
	}
	return sum + uint64(p.side)*sideKey
}

// ChildOf reports whether hole h is a child (a rule file's child.count) and whose;
// a locked hole (Locked) is nobody's child.
func (p *Position) ChildOf(h int) (Side, bool) {
	switch {
	case p.Locked(h):
		return South, false
	case p.child[South]>>(h&(MaxHoles-1))&1 != 0:
		return South, true
	case p.child[North]>>(h&(MaxHoles-1))&1 != 0:
		return North, true
	}
	return South, false
}

// makeChild makes hole h side s's child, updating the hash.
func (p *Position) makeChild(h int, s Side) {
	h &= MaxHoles - 1
	p.child[s&1] |= 1 << h
	p.sum += childKeys[s&1][h]
}

// set puts n seeds in hole h, updating the hash.
func (p *Position) set(h int, n uint8) {
	h &= MaxHoles - 1
	p.sum += (uint64(n) - uint64(p.holes[h])) * holeKeys[h]
	p.holes[h] = n
}

// take empties hole h, updating the hash, and returns the seeds it held.
func (p *Position) take(h int) uint8 {
	h &= MaxHoles - 1
	n := p.holes[h]
	p.sum -= uint64(n) * holeKeys[h]
	p.holes[h] = 0
	return n
}

// setStore puts n seeds in side s's store or reserve, updating the hash.
func (p *Position) setStore(s Side, n uint8) {
	p.sum += (uint64(n) - uint64(p.stores[s&1])) * storeKeys[s&1]
	p.stores[s&1] = n
}

// setState replaces the variant state, updating the hash.
func (p *Position) setState(state uint16) {
	for d := p.state ^ state; d != 0; d &= d - 1 {
		if i := bits.TrailingZeros16(d); state&(1<<i) != 0 {
			p.sum += stateKeys[i]
		} else {
			p.sum -= stateKeys[i]
		}
	}
	p.state = state
}

// flipSide passes the turn to the other player.
func (p *Position) flipSide() {
	p.side ^= 1
	p.sum += (2*uint64(p.side) - 1) * sideKey // + for North to move, - for South
}

// Sowing n > 0 seeds one by one around the sowing ring that contains hole start,
// beginning with start itself, is two steps: sowWholeLaps drops n / ring seeds in
// every hole of the ring and returns the n mod ring seeds left, then sowLastLap
// sows those and returns the landing hole:
//
//	land := q.sowLastLap(v, start, q.sowWholeLaps(v, start, n))
//
// However many seeds are sown, this costs a few table lookups: two additions of
// eight counts at once (counts never reach 256, so no byte carries into the next)
// and one to the hash. Both steps are small enough for the compiler to inline.

// sowWholeLaps drops n / ring seeds in every hole of the ring that contains hole
// start and returns how many of the n seeds are left, n mod ring.
func (p *Position) sowWholeLaps(v *Variant, start int, n uint8) uint8 {
	if n < v.ringLen {
		return n
	}
	return p.addLaps(v, start, n)
}

// addLaps is sowWholeLaps for n >= ring, out of line.
func (p *Position) addLaps(v *Variant, start int, n uint8) uint8 {
	laps := n / v.ringLen
	b := v.base[v.owner[start&(MaxHoles-1)]] & maxRing
	w := p.holes[b:][:maxRing]
	le.PutUint64(w, le.Uint64(w)+uint64(laps)*v.ringOnes[0])
	le.PutUint64(w[8:], le.Uint64(w[8:])+uint64(laps)*v.ringOnes[1])
	p.sum += uint64(laps) * v.ringKeys[b/maxRing]
	return n - laps*v.ringLen
}

// sowLastLap drops r < ring seeds one by one from hole start onwards and returns the
// hole the last one falls into; for r = 0, the hole before start, where the whole
// laps before it ended.
func (p *Position) sowLastLap(v *Variant, start int, r uint8) int {
	step := &v.sowSteps[start&(MaxHoles-1)][r&(maxRing-1)]
	w := p.holes[step.base&maxRing:][:maxRing]
	le.PutUint64(w, le.Uint64(w)+step.add[0])
	le.PutUint64(w[8:], le.Uint64(w[8:])+step.add[1])
	p.sum += step.key
	return int(step.land & (MaxHoles - 1)) // below MaxHoles: no bounds check where it is used
}

// liftAndSow lifts m seeds from hole h (m at most what h holds) and sows them one
// by one from the next hole of its ring on, whole laps included, and returns the
// hole the last one falls into; for m = 0, h. One table entry carries the whole
// sowing: two additions of eight counts at once (a count never reaches 256, and
// none goes below zero, so no byte carries or borrows into the next in the result)
// and one to the hash.
func (p *Position) liftAndSow(t *[MaxHoles][maxLift]liftStep, h int, m uint8) int {
	step := &t[h&(MaxHoles-1)][m&(maxLift-1)]
	w := p.holes[step.base&maxRing:][:maxRing]
	le.PutUint64(w, le.Uint64(w)+step.add[0])
	le.PutUint64(w[8:], le.Uint64(w[8:])+step.add[1])
	p.sum += step.key
	return int(step.land & (MaxHoles - 1)) // below MaxHoles: no bounds check where it is used
}

// relay sows a relay move of a two-row game (whose ring starts at hole 0): it lifts
// the n seeds of hole h and sows them, then, as long as the last seed falls into an
// occupied hole, lifts that hole's seeds and sows them on, and returns the hole
// where a last seed fell into an empty one. ok is false for an endless move, one
// that needs more than MaxLaps sowings (p is then undefined). It is liftAndSow in a
// loop, with the counts kept in two words rather than written back after each lap.
func (p *Position) relay(t *[MaxHoles][maxLift]liftStep, h int, n uint8) (land int, ok bool) {
	w0, w1 := le.Uint64(p.holes[0:8]), le.Uint64(p.holes[8:16])
	sum := p.sum
	land = h
	for laps := 1; ; laps++ {
		if laps > MaxLaps {
			return land, false
		}
		step := &t[land&(MaxHoles-1)][n&(maxLift-1)]
		w0 += step.add[0]
		w1 += step.add[1]
		sum += step.key
		land = int(step.land & (MaxHoles - 1))
		w := w0 ^ (w0^w1)&-uint64(land>>3) // the word that holds land, without a branch
		if n = uint8(w >> (8 * (land & 7))); n == 1 {
			break // landed in an empty hole
		}
	}
	le.PutUint64(p.holes[0:8], w0)
	le.PutUint64(p.holes[8:16], w1)
	p.sum = sum
	return land, true
}
