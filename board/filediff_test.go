package board_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mancala/board"
)

// fileSpec is a rule file's game as plain settings, for the reference below: the
// keys of docs/rules-format.md.
type fileSpec struct {
	name                     string
	holes, seeds             int
	clockwise, relay         bool
	skipStart, leaveOne      bool
	stores                   string // sow.stores: "none", "own", "both"
	minSeeds                 int
	counts                   []int
	side, chain, cross, slam string
	takesSower               bool
	extraStore, extraCapture bool
	mustFeed, pass           bool
	rowEmpty, majority       bool
	seedsLeft                string
	// The keys StoneShark's games brought: 0 and "" leave them out.
	relayStop, endlessEnds bool
	lapLimit, fewerThan    int
	fewerFirst             bool // end.fewer_than_first
	slamNotFed             bool // capture.grand_slam_when_fed = false
	loopSeeds              string
	// end.own_row_empty, end.unfed_takes, end.goal = "clear".
	ownRowEmpty, unfedTakes, clearGoal bool
	noReturn                           bool   // sow.no_return
	crossLands                         string // capture.cross_lands: "" is own
	relaySide                          string // sow.relay_side: "" is either
	relayCounts                        []int  // sow.relay_counts
	allow                              string // sow.allow
	skipOpp                            int    // sow.skip_opponent_count
	takeOne                            bool   // sow.take_one
	passing                            string // capture.passing: "" is none
	lapCaptures                        bool   // sow.lap_captures
	oppTakes                           int    // sow.opponent_takes
	lastSeeds                          int    // end.last_seeds
	anyHole                            bool   // sow.from = "any"
	goal                               string // end.goal "deprive" or "immobilize"; "" otherwise
	// The capture keys of StoneShark's rarer games.
	chainMax        int   // capture.chain_max: 0 is no limit
	noSingle        bool  // capture.single_seed = false
	otherStore      bool  // capture.other_store
	extraOtherStore bool  // turn.extra_on_other_store
	otherRowEmpty   bool  // end.other_row_empty
	singleAcross    bool  // capture.single_takes_across
	crossCounts     []int // capture.cross_counts
	storeGift       bool  // capture.empty_gives_store
	sweep           bool  // capture.sweep
	pullAcross      bool  // capture.pull_across
	next, pickLast  bool  // capture.next, capture.pick_last
	singles         bool  // capture.singles
	match           bool  // capture.match_across
	crossSweep      bool  // capture.cross_sweep
	storesRight     bool  // sow.stores_at = "right"
	// sow.laps = "relay-next", capture.two_out and capture.pick_across (the
	// Pallanguli family's keys).
	relayNext, twoOut, pickAcross bool
	loneMoves                     bool // sow.lone_moves
	ownRow                        bool // sow.cycle = "own-row"
	lapSown                       bool // sow.lap_captures_sown
}

// toml writes the spec as a rule file's table.
func (s fileSpec) toml() string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s]\nholes = %d\nseeds = %d\n", s.name, s.holes, s.seeds)
	fmt.Fprintf(&b, "stores = %v\n", s.stores != "none")
	if s.clockwise {
		b.WriteString("sow.direction = \"clockwise\"\n")
	}
	if s.relay {
		b.WriteString("sow.laps = \"relay\"\n")
	}
	if s.relayNext {
		b.WriteString("sow.laps = \"relay-next\"\n")
	}
	fmt.Fprintf(&b, "sow.skip_start = %v\nsow.leave_one = %v\nsow.stores = %q\nsow.min_seeds = %d\n",
		s.skipStart, s.leaveOne, s.stores, s.minSeeds)
	if s.loneMoves {
		b.WriteString("sow.lone_moves = true\n")
	}
	if s.ownRow {
		b.WriteString("sow.cycle = \"own-row\"\n")
	}
	if len(s.counts) > 0 || s.twoOut {
		fmt.Fprintf(&b, "capture.counts = %s\ncapture.side = %q\ncapture.chain = %q\n",
			strings.ReplaceAll(fmt.Sprint(s.counts), " ", ", "), s.side, s.chain)
	}
	if s.cross != "none" {
		fmt.Fprintf(&b, "capture.cross = %q\ncapture.cross_takes_sower = %v\n", s.cross, s.takesSower)
		if s.crossLands != "" {
			fmt.Fprintf(&b, "capture.cross_lands = %q\n", s.crossLands)
		}
	}
	if len(s.counts) > 0 || s.cross != "none" || s.pullAcross || s.next || s.singles || s.match {
		fmt.Fprintf(&b, "capture.grand_slam = %q\nturn.extra_on_capture = %v\n", s.slam, s.extraCapture)
	}
	fmt.Fprintf(&b, "turn.extra_on_store = %v\nfeed.must_feed = %v\n", s.extraStore, s.mustFeed)
	if s.pass {
		b.WriteString("end.no_move = \"pass\"\n")
	}
	fmt.Fprintf(&b, "end.row_empty = %v\nend.majority = %v\nend.seeds_left = %q\n", s.rowEmpty, s.majority, s.seedsLeft)
	if s.relayStop {
		b.WriteString("sow.relay_stops_on_capture = true\n")
	}
	if s.relaySide != "" {
		fmt.Fprintf(&b, "sow.relay_side = %q\n", s.relaySide)
	}
	if len(s.relayCounts) > 0 {
		fmt.Fprintf(&b, "sow.relay_counts = %s\n", strings.ReplaceAll(fmt.Sprint(s.relayCounts), " ", ", "))
	}
	if s.lapLimit > 0 {
		fmt.Fprintf(&b, "sow.lap_limit = %d\n", s.lapLimit)
	}
	if s.endlessEnds {
		b.WriteString("sow.endless = \"ends-game\"\n")
	}
	if s.slamNotFed {
		b.WriteString("capture.grand_slam_when_fed = false\n")
	}
	if s.fewerFirst {
		b.WriteString("end.fewer_than_first = true\n")
	}
	if s.fewerThan > 0 {
		fmt.Fprintf(&b, "end.fewer_than = %d\n", s.fewerThan)
	}
	if s.loopSeeds != "" {
		fmt.Fprintf(&b, "end.loop_seeds = %q\n", s.loopSeeds)
	}
	fmt.Fprintf(&b, "end.own_row_empty = %v\nend.unfed_takes = %v\nsow.no_return = %v\n", s.ownRowEmpty, s.unfedTakes, s.noReturn)
	if s.anyHole {
		b.WriteString("sow.from = \"any\"\n")
	}
	if s.clearGoal {
		b.WriteString("end.goal = \"clear\"\n")
	}
	if s.goal != "" {
		fmt.Fprintf(&b, "end.goal = %q\n", s.goal)
	}
	if s.allow != "" {
		fmt.Fprintf(&b, "sow.allow = %q\n", s.allow)
	}
	if s.skipOpp > 0 {
		fmt.Fprintf(&b, "sow.skip_opponent_count = %d\n", s.skipOpp)
	}
	if s.takeOne {
		b.WriteString("sow.take_one = true\n")
	}
	if s.passing != "" {
		fmt.Fprintf(&b, "capture.passing = %q\n", s.passing)
	}
	if s.lapCaptures {
		fmt.Fprintf(&b, "sow.lap_captures = true\nsow.opponent_takes = %d\n", s.oppTakes)
	}
	if s.lapSown {
		b.WriteString("sow.lap_captures_sown = true\n")
	}
	if s.twoOut {
		fmt.Fprintf(&b, "capture.two_out = true\ncapture.pick_across = %v\n", s.pickAcross)
	}
	if s.lastSeeds > 0 {
		fmt.Fprintf(&b, "end.last_seeds = %d\n", s.lastSeeds)
	}
	if s.chainMax > 0 {
		fmt.Fprintf(&b, "capture.chain_max = %d\n", s.chainMax)
	}
	fmt.Fprintf(&b, "capture.other_store = %v\nturn.extra_on_other_store = %v\nend.other_row_empty = %v\n",
		s.otherStore, s.extraOtherStore, s.otherRowEmpty)
	if s.noSingle {
		b.WriteString("capture.single_seed = false\n")
	}
	if len(s.crossCounts) > 0 {
		fmt.Fprintf(&b, "capture.cross_counts = %s\n", strings.ReplaceAll(fmt.Sprint(s.crossCounts), " ", ", "))
	}
	if s.storesRight {
		b.WriteString("sow.stores_at = \"right\"\n")
	}
	fmt.Fprintf(&b, "capture.single_takes_across = %v\ncapture.empty_gives_store = %v\ncapture.sweep = %v\n",
		s.singleAcross, s.storeGift, s.sweep)
	if s.storeGift || s.pullAcross || s.next || s.singles || s.match {
		fmt.Fprintf(&b, "capture.side = %q\n", s.side)
	}
	if s.singles {
		b.WriteString("capture.singles = true\n")
	}
	if s.match {
		b.WriteString("capture.match_across = true\n")
	}
	if s.crossSweep {
		b.WriteString("capture.cross_sweep = true\n")
	}
	if s.next {
		fmt.Fprintf(&b, "capture.next = true\ncapture.pick_last = %v\n", s.pickLast)
	}
	if s.pullAcross {
		b.WriteString("capture.pull_across = true\n")
	}
	return b.String()
}

// refFile is a position of a fileSpec game, played seed by seed as the rules say.
// Holes are numbered as docs/rules-format.md lays them out: row 1 from a1 to the
// right (0 to H-1), then row 2 from the right back to a2, so counter-clockwise
// sowing goes to the next number.
type refFile struct {
	s      *fileSpec
	holes  []int
	stores [2]int
	side   int
	took   int  // the seeds the move that made the position captured
	again  bool // the side to move made the last move
	barred int  // with sow.no_return, the hole a single seed was just sown into, plus one
	drawn  bool // an endless sowing ended a game of end.goal "deprive" or "immobilize"
}

// lastMover is the side that made the move leading to the position.
func (p *refFile) lastMover() int {
	if p.again {
		return p.side
	}
	return 1 - p.side
}

func (p *refFile) owner(h int) int { return h / p.s.holes }

func (p *refFile) row(side int) int {
	n := 0
	for h := range p.holes {
		if p.owner(h) == side {
			n += p.holes[h]
		}
	}
	return n
}

// next is the hole after h in the sowing direction: round the ring, or with
// ownRow round h's row.
func (p *refFile) next(h int) int {
	if p.s.ownRow {
		b, step := p.owner(h)*p.s.holes, 1
		if p.s.clockwise {
			step = p.s.holes - 1
		}
		return b + (h-b+step)%p.s.holes
	}
	if p.s.clockwise {
		return (h + len(p.holes) - 1) % len(p.holes)
	}
	return (h + 1) % len(p.holes)
}

// slot is a hole (0 up) or a store (-1 South's, -2 North's).
func storeSlotOf(side int) int { return -1 - side }

// slots lists the slots the mover sows through after hole h, once round: each
// hole, and a store where the sowing leaves its owner's row when seeds go there.
func (p *refFile) slots(h int) []int {
	var out []int
	for i := h; len(out) == 0 || i != h; {
		j := p.next(i)
		o := p.owner(i) // the row the sowing leaves, or with stores_at "right" enters
		if p.s.storesRight {
			o = p.owner(j)
		}
		goesRound := p.s.ownRow && (p.s.clockwise && i%p.s.holes == 0 || !p.s.clockwise && i%p.s.holes == p.s.holes-1)
		if (p.owner(i) != p.owner(j) || goesRound) && (p.s.stores == "both" || p.s.stores == "own" && o == p.side) {
			out = append(out, storeSlotOf(o))
		}
		out = append(out, j)
		i = j
	}
	return out
}

// lifted is how many seeds a move from hole h sows: all it holds, but one with
// leave_one, unless it holds a lone seed that lone_moves sows on.
func (p *refFile) lifted(h int) int {
	if p.s.leaveOne && (p.holes[h] > 1 || !p.s.loneMoves) {
		return p.holes[h] - 1
	}
	return p.holes[h]
}

// sow lifts the seeds of hole h (less one with leave_one on the first lift) and
// sows them one at a time (each sowing's first seed to the mover's store with
// take_one; a hole that a seed but the last, or with passing "owner-all" any seed,
// makes a capturing count taken by its owner, or the mover, with passing (with
// "sower-own" only in the mover's row); with
// opponent_takes, once few seeds are on the board, a seed for the opponent's row the
// opponent's but a capturing last one), relaying where the rules say (from the
// landing hole, or with relayNext from the hole after it while it holds seeds), and
// with lap_captures capturing at the end of each sowing and sowing on after a
// capture, passing over the opponent's holes of skip_opponent_count seeds; it returns the last slot and false for an endless move (the seeds in hand
// are then out of the game).
func (p *refFile) sow(h int) (int, bool) {
	hand := p.lifted(h)
	p.holes[h] -= hand
	limit := board.MaxLaps + 1
	if p.s.lapLimit > 0 {
		limit = p.s.lapLimit
	}
	fromStore := false
	for lifts := 0; ; lifts++ {
		if lifts >= limit {
			return 0, false
		}
		if p.s.takeOne && hand > 0 {
			hand--
			p.stores[p.side]++
		}
		round := p.slots(h)
		if fromStore { // sown from the store after hole h: round from the slot after it
			round = append(round[1:], round[0])
		}
		last := h
		oppTakes := p.s.oppTakes > 0 && p.row(0)+p.row(1) <= p.s.oppTakes
		for i := 0; hand > 0; i = (i + 1) % len(round) {
			slot := round[i]
			if p.s.skipStart && slot == h {
				continue
			}
			if p.s.skipOpp > 0 && slot >= 0 && p.owner(slot) != p.side && p.holes[slot] == p.s.skipOpp {
				continue // passed over: an opponent's hole of skip_opponent_count seeds
			}
			if slot < 0 {
				p.stores[-1-slot]++
			} else {
				p.holes[slot]++
			}
			if oppTakes && slot >= 0 && p.owner(slot) != p.side && (hand > 1 || !p.capturesByCount(slot)) {
				p.holes[slot]--
				p.stores[1-p.side]++
			}
			hand--
			last = slot
			if p.s.passing != "" && (hand > 0 || p.s.passing == "owner-all") && slot >= 0 && p.capturesByCount(slot) &&
				(p.s.passing != "sower-own" || p.owner(slot) == p.side) {
				taker := p.owner(slot)
				if p.s.passing == "sower" {
					taker = p.side
				}
				p.stores[taker] += p.holes[slot]
				p.holes[slot] = 0
			}
		}
		if p.s.lapSown && p.row(1-p.side) == 0 {
			return last, true // the opponent's row is empty: the move ends
		}
		if p.s.lapCaptures && last >= 0 && (!p.s.twoOut || p.holes[last] > 1) { // two out only from an occupied hole
			if taken, _, _ := p.capture(last, false); taken > 0 {
				p.took += taken
				if p.s.lapSown { // the seeds taken join the lone seed, sown on
					p.stores[p.side] -= taken
					p.holes[last] += taken
				}
				if p.s.cross == "none" && !p.s.twoOut { // a capture by count sows on from the next hole
					last = p.next(last)
				}
				h, hand = last, p.holes[last]
				p.holes[h] = 0
				continue
			}
		}
		if p.s.relayNext {
			if last < 0 || p.crossTakes(last) {
				return last, true
			}
			if store := p.slots(last)[0]; store < 0 { // the mover's store after its last hole
				if p.stores[p.side] == 0 {
					return last, true
				}
				h, hand, fromStore = last, p.stores[p.side], true
				p.stores[p.side] = 0
				continue
			}
			if p.holes[p.next(last)] == 0 {
				return last, true
			}
			h, fromStore = p.next(last), false
			hand, p.holes[h] = p.holes[h], 0
			continue
		}
		if !p.s.relay || last < 0 || p.holes[last] <= 1 || p.s.relayStop && p.capturesByCount(last) || p.s.match && p.matches(last) ||
			len(p.s.relayCounts) > 0 && !slices.Contains(p.s.relayCounts, p.holes[last]) ||
			p.s.relaySide == "own" && p.owner(last) != p.side || p.s.relaySide == "opponent" && p.owner(last) == p.side {
			return last, true
		}
		h, hand = last, p.holes[last]
		p.holes[h] = 0
	}
}

// matches reports whether hole k holds as many seeds, one or more, as the hole
// across, both on capture.side for the side to move (capture.match_across).
func (p *refFile) matches(k int) bool {
	o := len(p.holes) - 1 - k
	onSide := func(j int) bool {
		mine := p.owner(j) == p.side
		return !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine)
	}
	return p.holes[k] > 0 && p.holes[k] == p.holes[o] && onSide(k) && onSide(o)
}

// crossTakes reports whether the mover's last seed in hole k captures across: alone
// in a hole where cross captures land, the hole across holding what capture.cross
// takes.
func (p *refFile) crossTakes(k int) bool {
	me := p.side
	lands := p.owner(k) == me && p.s.crossLands != "opponent" || p.owner(k) != me && p.s.crossLands != "" && p.s.crossLands != "own"
	if p.s.cross == "none" || !lands || p.holes[k] != 1 {
		return false
	}
	o := len(p.holes) - 1 - k
	return p.s.cross == "always" || p.holes[o] > 0 && (len(p.s.crossCounts) == 0 || slices.Contains(p.s.crossCounts, p.holes[o]))
}

// prev is the hole before h in the sowing direction.
func (p *refFile) prev(h int) int {
	for j := range p.holes {
		if p.next(j) == h {
			return j
		}
	}
	panic("no hole before")
}

// capturesByCount reports whether hole k's count captures for the side to move.
func (p *refFile) capturesByCount(k int) bool {
	mine := p.owner(k) == p.side
	return !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine) && slices.Contains(p.s.counts, p.holes[k])
}

// share gives the seeds on the board to the stores as rule says ("owner",
// "other": the last mover, "nobody", "split": halves, the odd seed to the
// side with fewer in store, North when equal) and empties the board.
func (p *refFile) share(rule string) {
	board := p.row(0) + p.row(1)
	switch rule {
	case "owner":
		p.stores[0] += p.row(0)
		p.stores[1] += p.row(1)
	case "other":
		p.stores[p.lastMover()] += board
	case "split":
		p.stores[0] += board / 2
		p.stores[1] += board / 2
		if board%2 == 1 {
			if p.stores[1] > p.stores[0] {
				p.stores[0]++
			} else {
				p.stores[1]++
			}
		}
	}
	clear(p.holes)
}

// capture applies the capture rules to a last seed in hole k: it returns the seeds
// taken, whether a grand slam gives the mover another turn, and false when the move
// is illegal (a forbidden grand slam). fed says that the opponent's row was empty
// before the move.
func (p *refFile) capture(k int, fed bool) (int, bool, bool) {
	me := p.side
	if p.s.storeGift { // a lone last seed on capture.side gives the mover's store away
		if mine := p.owner(k) == me; p.holes[k] != 1 || p.s.side == "opponent" && mine || p.s.side == "own" && !mine {
			return 0, false, true
		}
		given := p.stores[me]
		p.stores[1-me] += given
		p.stores[me] = 0
		return given, false, true
	}
	if p.s.twoOut {
		return p.captureTwoOut(k), false, true
	}
	var take []int
	fromOpp := 0
	if p.crossTakes(k) {
		o := len(p.holes) - 1 - k // the hole across: a1 and a2, b1 and b2...
		take = append(take, o)
		if p.owner(o) != me {
			fromOpp += p.holes[o]
		}
		if p.s.takesSower {
			take = append(take, k)
		}
	}
	limit := len(p.holes)
	if p.s.chainMax > 0 {
		limit = p.s.chainMax
	}
	if len(take) == 0 && len(p.s.counts) > 0 {
		for j := k; len(take) < limit; {
			mine := p.owner(j) == me
			// opponent-first: the first hole taken is the opponent's, the chain then
			// goes on through either row.
			first := p.s.side == "opponent-first" && j == k
			if (p.s.side == "opponent" || first) && mine || p.s.side == "own" && !mine || !slices.Contains(p.s.counts, p.holes[j]) {
				break
			}
			take = append(take, j)
			if !mine {
				fromOpp += p.holes[j]
			}
			switch p.s.chain {
			case "none":
				j = -1
			case "forward":
				j = p.next(j)
			default:
				j = p.prev(j)
			}
			if j < 0 {
				break
			}
		}
	}
	if len(take) == 0 {
		return 0, false, true
	}
	slamAgain := false
	if fromOpp > 0 && fromOpp == p.row(1-me) && !(fed && p.s.slamNotFed) {
		switch p.s.slam {
		case "leaves-right":
			// The opponent's first hole holding seeds, in hole order (North's f2 for
			// South, South's a1 for North), keeps them, unless it is the only one.
			var held []int
			for j := range p.holes {
				if p.owner(j) != me && p.holes[j] > 0 {
					held = append(held, j)
				}
			}
			if len(held) > 1 {
				take = slices.DeleteFunc(take, func(j int) bool { return j == held[0] })
			}
		case "captures-nothing":
			return 0, false, true
		case "forbidden":
			return 0, false, false
		case "moves-again":
			slamAgain = true
		case "gives-row":
			defer func() { // after the capture, the mover's row to the opponent's store
				for j := range p.holes {
					if p.owner(j) == me {
						p.stores[1-me] += p.holes[j]
						p.holes[j] = 0
					}
				}
			}()
		}
	}
	if p.s.crossSweep && p.s.cross != "none" && len(take) > 0 && len(p.s.counts) == 0 {
		// the opponent's holes of the cross counts (every count without them) go too
		for j := range p.holes {
			if c := p.holes[j]; p.owner(j) != me && c > 0 && !slices.Contains(take, j) &&
				(len(p.s.crossCounts) == 0 || slices.Contains(p.s.crossCounts, c)) {
				take = append(take, j)
			}
		}
	}
	taken := 0
	for _, j := range take {
		taken += p.holes[j]
		p.holes[j] = 0
	}
	p.stores[me] += taken
	return taken, slamAgain, true
}

// captureTwoOut takes the hole two out from a last seed in hole k: where the next
// hole is empty, the one after it (on capture.side), after a single sowing only if
// k held seeds before (with lapCaptures, at the end of each sowing of the relay
// from an occupied hole, and at its end from any); with chain forward (after relayNext) on from the hole taken
// while the holes alternate empty and occupied; with pickAcross the hole across from
// the first hole taken too.
func (p *refFile) captureTwoOut(k int) int {
	me := p.side
	sideOK := func(j int) bool {
		mine := p.owner(j) == me
		return !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine)
	}
	if !p.s.relay && !p.s.relayNext && p.holes[k] <= 1 {
		return 0
	}
	taken, first := 0, -1
	for j := k; ; {
		gap := p.next(j)
		j = p.next(gap)
		if p.holes[gap] != 0 || p.holes[j] == 0 || !sideOK(j) {
			break
		}
		if first < 0 {
			first = j
		}
		taken += p.holes[j]
		p.holes[j] = 0
		if p.s.chain != "forward" || !p.s.relayNext {
			break
		}
	}
	if o := len(p.holes) - 1 - first; first >= 0 && p.s.pickAcross && sideOK(o) {
		taken += p.holes[o]
		p.holes[o] = 0
	}
	p.stores[me] += taken
	return taken
}

// play plays the move from hole h and returns the position after it, and false
// when the move is not legal. With feed.must_feed and end.no_move = "pass" a move
// that does not feed the opponent's empty row is legal when none does.
func (p refFile) play(h int) (refFile, bool) {
	q, ok, unfed := p.playFed(h, true)
	if unfed && p.s.pass && !p.feeds() {
		q, ok, _ = p.playFed(h, false)
	}
	return q, ok
}

// feeds reports whether a move of the side to move feeds the opponent's row.
func (p refFile) feeds() bool {
	for h := range p.holes {
		if _, ok, _ := p.playFed(h, true); ok {
			return true
		}
	}
	return false
}

// playFed is play, told whether feed.must_feed holds (strict); unfed says that the
// move was refused for not feeding.
func (p refFile) playFed(h int, strict bool) (q refFile, ok, unfed bool) {
	if p.owner(h) != p.side && !p.s.anyHole || p.holes[h] == 0 || p.holes[h] < max(p.s.minSeeds, 1) || p.barred == h+1 || !p.allowed(h) {
		return p, false, false
	}
	single := p.holes[h] == 1
	sown := p.lifted(h)
	p.barred, p.took = 0, 0
	p.holes = slices.Clone(p.holes)
	fed := p.row(1-p.side) == 0
	if p.s.singleAcross && sown == 1 { // the hole across the start hole is taken first
		o := len(p.holes) - 1 - h
		p.stores[p.side] += p.holes[o]
		p.holes[o] = 0
	}
	last, ok := p.sow(h)
	if !ok {
		if !p.s.endlessEnds {
			return p, false, false
		}
		if p.s.goal != "" { // a draw, the board as the sowing stopped, the mover to move
			p.drawn, p.again = true, false
			return p, true, false
		}
		// The game ends: the seeds on the board go as a repetition's do, as the
		// mover leaves them; then the turn passes.
		rule := p.s.loopSeeds
		if rule == "" {
			rule = p.s.seedsLeft
		}
		p.again = false // the mover's position: "other" is its opponent
		p.share(rule)
		p.side = 1 - p.side
		return p, true, false
	}
	again := p.s.extraStore && last == storeSlotOf(p.side) || p.s.extraOtherStore && last == storeSlotOf(1-p.side)
	switch {
	case p.s.noSingle && sown == 1: // a single seed sown captures nothing
	case p.s.otherStore && last == storeSlotOf(1-p.side): // the opponent's store taken
		taken := p.stores[1-p.side]
		p.took += taken
		p.stores[p.side] += taken
		p.stores[1-p.side] = 0
		again = again || p.s.extraCapture
	case last < 0:
	case p.s.pullAcross: // a lone last seed: the hole across, on capture.side, pulled into its hole
		o := len(p.holes) - 1 - last
		if mine := p.owner(o) == p.side; p.holes[last] == 1 && p.holes[o] > 0 && !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine) {
			p.holes[last] += p.holes[o]
			p.holes[o] = 0
			again = again || p.s.extraCapture
		}
	case p.s.match: // the last hole and the hole across, holding as many
		if p.matches(last) {
			o := len(p.holes) - 1 - last
			taken := p.holes[last] + p.holes[o]
			p.holes[last], p.holes[o] = 0, 0
			p.took += taken
			p.stores[p.side] += taken
			again = p.s.extraCapture
		}
	case p.s.singles: // every single seed on capture.side
		for j := range p.holes {
			if mine := p.owner(j) == p.side; p.holes[j] == 1 && !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine) {
				p.took++
				p.stores[p.side]++
				p.holes[j] = 0
				again = p.s.extraCapture
			}
		}
	case p.s.next: // a relay's last seed on capture.side: the next hole taken, in either row
		if mine := p.owner(last) == p.side; !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine) && p.holes[p.next(last)] > 0 {
			taken := p.holes[p.next(last)]
			p.holes[p.next(last)] = 0
			if p.s.pickLast {
				taken += p.holes[last]
				p.holes[last] = 0
			}
			p.took += taken
			p.stores[p.side] += taken
			again = p.s.extraCapture
		}
	case p.s.sweep: // on the opponent's row or the own row's last hole: every count taken
		if p.owner(last) != p.side || p.owner(p.next(last)) != p.side {
			for j := range p.holes {
				if p.owner(j) != p.side && slices.Contains(p.s.counts, p.holes[j]) {
					p.took += p.holes[j]
					p.stores[p.side] += p.holes[j]
					p.holes[j] = 0
				}
			}
			again = p.s.extraCapture && p.took > 0
		}
	default:
		taken, slamAgain, ok := p.capture(last, fed)
		if !ok {
			return p, false, false
		}
		p.took += taken
		again = p.s.extraCapture && taken > 0 || slamAgain
	}
	// The seeds counted are those of the rows where the mover captures by count,
	// taken before the feeding rule looks at the opponent's row.
	counted, all := 0, p.row(0)+p.row(1)
	for r := range 2 {
		mine := r == p.side
		if len(p.s.counts) == 0 || !(p.s.side == "opponent" && mine || p.s.side == "own" && !mine) {
			counted += p.row(r)
		}
	}
	if counted > 0 && counted <= p.s.lastSeeds {
		clear(p.holes)
		p.stores[p.side] += all
	}
	if strict && p.s.mustFeed && fed && p.row(1-p.side) == 0 {
		return p, false, true
	}
	if !again {
		p.side = 1 - p.side
	}
	p.again = again
	if p.s.noReturn && single && last >= 0 && p.owner(last) == p.side && p.holes[last] == 1 {
		p.barred = last + 1 // a single seed sown across may not go straight back
	}
	return p, true, false
}

// allowed reports whether sow.allow lets the side to move play hole h: a sowing that
// reaches the opponent's row or ends in an own hole that was empty; a lone seed only
// when every playable own hole holds one seed (single-last), and then only into an
// empty next hole (single-last-into-empty); a lone seed only into an empty next hole;
// two seeds only when every playable own hole holds two (two-last), and then only
// from the mover's rightmost (two-last-rightmost: the highest of the mover's holes
// here, South's last column or North's a2); not across from a lone seed; a first
// sowing that leaves more than its one seed where its last seed falls.
func (p *refFile) allowed(h int) bool {
	n := p.holes[h]
	switch p.s.allow {
	case "two-last", "two-last-rightmost":
		right := -1
		for j, c := range p.holes {
			if n == 2 && p.owner(j) == p.side && c >= max(p.s.minSeeds, 1) {
				if c != 2 {
					return false
				}
				right = j
			}
		}
		return n != 2 || p.s.allow == "two-last" || right == h
	case "not-across-single":
		return p.holes[len(p.holes)-1-h] != 1
	case "last-into-occupied":
		n = p.lifted(h)
		after := slices.Clone(p.holes)
		after[h] -= n
		k := h
		for ; n > 0; n-- {
			if k = p.next(k); k == h && p.s.skipStart {
				k = p.next(k)
			}
			after[k]++
		}
		return after[k] != 1
	case "opponent-or-empty":
		n = p.lifted(h)
		k := h
		for ; n > 0; n-- {
			if k = p.next(k); p.owner(k) != p.side {
				return true
			}
		}
		return p.holes[k] == 0
	case "single-last", "single-last-into-empty":
		for j, c := range p.holes {
			if n == 1 && p.owner(j) == p.side && c >= max(p.s.minSeeds, 1) && c != 1 {
				return false
			}
		}
		if p.s.allow == "single-last" {
			return true
		}
		fallthrough
	case "single-into-empty":
		return n != 1 || p.holes[p.next(h)] == 0
	}
	return true
}

// decided reports a game ended by a store of more than half the seeds, an empty
// row, the mover's emptied row, or too few seeds.
func (p *refFile) decided() bool {
	total := 2 * p.s.holes * p.s.seeds
	left := p.row(0) + p.row(1)
	return p.s.majority && (2*p.stores[0] > total || 2*p.stores[1] > total) ||
		(p.s.rowEmpty || p.s.clearGoal || p.s.goal == "deprive") && (p.row(0) == 0 || p.row(1) == 0) || p.drawn ||
		p.s.ownRowEmpty && p.row(p.lastMover()) == 0 || p.s.otherRowEmpty && p.row(1-p.lastMover()) == 0 ||
		left > 0 && left < p.s.fewerThan
}

// result is the game's result at p when it is over, as "WINNER SOUTH-NORTH" (the
// final counts, or "-" for a game won by clearing), and "" while it goes on.
func (p refFile) result(v *board.Variant) string {
	p.holes = slices.Clone(p.holes)
	total := 2 * p.s.holes * p.s.seeds
	scored := func(why string) string {
		if why == "" {
			return ""
		}
		w := "draw"
		if p.stores[0] > p.stores[1] {
			w = "S"
		} else if p.stores[1] > p.stores[0] {
			w = "N"
		}
		return fmt.Sprintf("%s %d-%d", w, p.stores[0], p.stores[1])
	}
	sideName := func(s int) string { return [2]string{"S", "N"}[s] }
	switch {
	case p.drawn:
		return "draw -"
	case p.s.goal == "deprive" && (p.row(0) == 0 || p.row(1) == 0):
		// The mover wins who emptied the other's row, else the player it left empty
		// loses.
		if m := p.lastMover(); p.row(1-m) == 0 {
			return sideName(m) + " -"
		}
		return sideName(1-p.lastMover()) + " -"
	case p.s.goal != "" && len(p.children(v)) == 0: // the player who cannot move loses
		return sideName(1-p.side) + " -"
	case p.s.ownRowEmpty && p.row(p.lastMover()) == 0, p.s.otherRowEmpty && p.row(1-p.lastMover()) == 0:
		p.share(p.s.seedsLeft)
		return scored("a row")
	case p.s.fewerFirst && p.row(0)+p.row(1) > 0 && p.row(0)+p.row(1) < p.s.fewerThan:
		p.share(p.s.seedsLeft) // before the majority
		return scored("board")
	case p.s.majority && (2*p.stores[0] > total || 2*p.stores[1] > total):
		return scored("majority")
	case p.s.clearGoal && (p.row(0) == 0 || p.row(1) == 0):
		if m := p.lastMover(); p.row(m) == 0 {
			return sideName(m) + " -"
		}
		return sideName(1-p.lastMover()) + " -"
	case p.s.rowEmpty && (p.row(0) == 0 || p.row(1) == 0),
		p.row(0)+p.row(1) > 0 && p.row(0)+p.row(1) < p.s.fewerThan:
		p.share(p.s.seedsLeft)
		return scored("board")
	case len(p.children(v)) > 0:
		return ""
	}
	// Stuck: with end.unfed_takes a side that could play but not feed gives the
	// seeds to the side it could not feed.
	if p.s.unfedTakes {
		for h := range p.holes {
			if p.owner(h) == p.side && p.holes[h] >= max(p.s.minSeeds, 1) {
				p.stores[1-p.side] += p.row(0) + p.row(1)
				clear(p.holes)
				return scored("unfed")
			}
		}
	}
	p.share(p.s.seedsLeft)
	return scored("stuck")
}

// engineResult writes the engine's result at pos as result does.
func engineResult(pos *board.Position) string {
	r := pos.Result()
	if !r.Over() {
		return ""
	}
	w := "draw"
	if s, ok := r.Winner(); ok {
		w = [2]string{"S", "N"}[s]
	}
	if !r.Scored {
		return w + " -"
	}
	return fmt.Sprintf("%s %d-%d", w, r.South, r.North)
}

// children lists the moves Generate should list, in its order (coordinate order:
// a1, b1... for South, a2, b2... for North), as "move position" text.
func (p *refFile) children(v *board.Variant) []string {
	if p.decided() {
		return nil
	}
	var out []string
	var order []int // the holes the side to move may play, in coordinate order
	for col := range p.s.holes {
		if p.s.anyHole {
			order = append(order, col)
		} else if p.side == 1 {
			order = append(order, len(p.holes)-1-col)
		} else {
			order = append(order, col)
		}
	}
	if p.s.anyHole { // and row 2's, a2 first
		for col := range p.s.holes {
			order = append(order, len(p.holes)-1-col)
		}
	}
	for _, h := range order {
		if q, ok := p.play(h); ok {
			out = append(out, v.FormatMove(board.Move(h))+" "+q.key())
		}
	}
	if len(out) == 0 && p.s.pass {
		q := *p
		q.side = 1 - q.side
		if q.hasMove() { // a pass while the other side can move; else the game ends
			out = append(out, v.FormatMove(board.Pass)+" "+q.key())
		}
	}
	return out
}

// hasMove reports whether the side to move has a legal hole move.
func (p *refFile) hasMove() bool {
	for h := range p.holes {
		if _, ok := p.play(h); ok {
			return true
		}
	}
	return false
}

// key writes the counts by hole index, the stores and the side to move (not the
// notation: an endless sowing that ends the game takes seeds out of it, which a
// position of the notation cannot hold).
func (p *refFile) key() string {
	return countsKey(p.holes, p.stores, p.side)
}

// positionKey is key for a position of the engine.
func positionKey(p *board.Position) string {
	holes := make([]int, p.Variant().Holes())
	for h := range holes {
		holes[h] = p.Seeds(h)
	}
	return countsKey(holes, [2]int{p.Store(board.South), p.Store(board.North)}, int(p.SideToMove()))
}

// countsKey writes holes, stores and side as fmt.Sprint does ("[4 0 2] [1 0] 1"),
// with strconv: the reference lists every child of every position it plays by this
// key, and fmt.Sprint was half of TestFileRulesMatchAPlainReference's time.
func countsKey(holes []int, stores [2]int, side int) string {
	b := make([]byte, 0, 4*len(holes)+16)
	for i, list := range [][]int{holes, stores[:]} {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, '[')
		for j, n := range list {
			if j > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, ']')
	}
	b = append(b, ' ')
	return string(strconv.AppendInt(b, int64(side), 10))
}

func (p *refFile) position(v *board.Variant) board.Position {
	q, err := v.PositionFrom(p.holes, board.Side(p.side), p.stores[0], p.stores[1])
	if err != nil {
		panic(err)
	}
	return q
}

// randomRefFile deals the seeds of s's game at random over holes and stores: all
// of them on the board, or some in the stores, in few holes or many.
func randomRefFile(rng *rand.Rand, s *fileSpec) refFile {
	p := refFile{s: s, holes: make([]int, 2*s.holes), side: rng.IntN(2)}
	total := 2 * s.holes * s.seeds
	inStores := 0
	if rng.IntN(3) > 0 {
		inStores = rng.IntN(total + 1)
		if s.majority {
			inStores = rng.IntN(total/2 + 1) // mostly games still going
		}
		if rng.IntN(8) == 0 {
			inStores = total - 1 - rng.IntN(3) // one to three seeds left
		}
	}
	p.stores[0] = rng.IntN(inStores + 1)
	p.stores[1] = inStores - p.stores[0]
	spots := 1 + rng.IntN(len(p.holes)) // how many holes get seeds
	for range total - inStores {
		p.holes[rng.IntN(spots)*len(p.holes)/spots]++
	}
	if rng.IntN(4) == 0 || total-inStores < 4 { // shuffle which holes are full
		rng.Shuffle(len(p.holes), func(i, j int) { p.holes[i], p.holes[j] = p.holes[j], p.holes[i] })
	}
	return p
}

// fileSpecs are games covering every rule the format has, alone and together.
var fileSpecs = []fileSpec{
	{name: "diff-oware", holes: 6, seeds: 4, skipStart: true, stores: "none", minSeeds: 1, counts: []int{2, 3},
		side: "opponent", chain: "backward", cross: "none", slam: "captures-nothing", mustFeed: true, majority: true, seedsLeft: "owner"},
	{name: "diff-kalah", holes: 6, seeds: 4, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "always", takesSower: true, slam: "allowed", extraStore: true, rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-relay", holes: 6, seeds: 4, relay: true, skipStart: true, stores: "none", minSeeds: 1, counts: []int{1},
		side: "both", chain: "none", cross: "none", slam: "allowed", seedsLeft: "other"},
	{name: "diff-clockwise-both", holes: 5, seeds: 3, clockwise: true, stores: "both", minSeeds: 2, leaveOne: true,
		counts: []int{1, 3}, side: "both", chain: "forward", cross: "opposite-not-empty", takesSower: false, slam: "forbidden",
		extraCapture: true, pass: true, majority: true, seedsLeft: "nobody"},
	{name: "diff-relay-stores", holes: 4, seeds: 3, relay: true, clockwise: true, stores: "both", minSeeds: 2, leaveOne: true,
		counts: []int{2}, side: "own", chain: "backward", cross: "always", takesSower: true, slam: "captures-nothing",
		extraStore: true, mustFeed: true, rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-wide", holes: 15, seeds: 5, skipStart: true, stores: "own", minSeeds: 1, counts: []int{2, 3, 4},
		side: "opponent", chain: "backward", cross: "opposite-not-empty", takesSower: true, slam: "forbidden",
		extraStore: true, extraCapture: true, pass: true, seedsLeft: "owner"},
	{name: "diff-wide-relay", holes: 9, seeds: 2, relay: true, stores: "own", minSeeds: 1, counts: []int{1},
		side: "opponent", chain: "forward", cross: "none", slam: "allowed", mustFeed: true, rowEmpty: true, majority: true, seedsLeft: "other"},
	{name: "diff-stoneshark", holes: 6, seeds: 4, relay: true, relayStop: true, stores: "own", minSeeds: 1, counts: []int{4},
		side: "both", chain: "none", cross: "none", slam: "captures-nothing", slamNotFed: true, mustFeed: true,
		lapLimit: 3, endlessEnds: true, fewerThan: 4, seedsLeft: "owner", loopSeeds: "split"},
	{name: "diff-lap-limit", holes: 5, seeds: 3, relay: true, clockwise: true, stores: "none", minSeeds: 1, counts: []int{1},
		side: "opponent", chain: "none", cross: "none", slam: "forbidden", lapLimit: 2, fewerThan: 2, seedsLeft: "other", loopSeeds: "other"},
	{name: "diff-fed-slam", holes: 4, seeds: 3, stores: "none", minSeeds: 1, counts: []int{1, 2},
		side: "opponent", chain: "backward", cross: "none", slam: "captures-nothing", slamNotFed: true, mustFeed: true,
		fewerThan: 3, seedsLeft: "owner"},
	{name: "diff-reach", holes: 5, seeds: 3, relay: true, stores: "none", minSeeds: 1, allow: "opponent-or-empty", takeOne: true,
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: false, slam: "allowed", pass: true, seedsLeft: "owner", lastSeeds: 3},
	{name: "diff-singles", holes: 6, seeds: 2, clockwise: true, stores: "none", minSeeds: 1, allow: "single-last-into-empty",
		counts: []int{2, 3}, side: "both", chain: "backward", cross: "none", slam: "allowed", majority: true, seedsLeft: "other"},
	{name: "diff-single-relay", holes: 4, seeds: 2, relay: true, skipStart: true, stores: "none", minSeeds: 1, allow: "single-into-empty",
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, slam: "allowed", seedsLeft: "owner"},
	{name: "diff-passing", holes: 6, seeds: 4, relay: true, relayStop: true, stores: "both", minSeeds: 1, passing: "owner", takeOne: true,
		counts: []int{4}, side: "both", chain: "none", cross: "none", slam: "allowed", lapLimit: 20, endlessEnds: true,
		extraCapture: true, majority: true, fewerThan: 4, seedsLeft: "nobody", lastSeeds: 5},
	{name: "diff-two-last", holes: 5, seeds: 2, relay: true, skipStart: true, stores: "none", minSeeds: 1, allow: "two-last-rightmost",
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, slam: "allowed", extraCapture: true, seedsLeft: "owner",
		lapLimit: 12, endlessEnds: true, skipOpp: 2},
	{name: "diff-two-last-any", holes: 4, seeds: 2, stores: "none", minSeeds: 1, allow: "two-last", counts: []int{2, 3},
		side: "both", chain: "backward", cross: "none", slam: "allowed", majority: true, seedsLeft: "other"},
	{name: "diff-not-across", holes: 6, seeds: 4, stores: "own", minSeeds: 1, allow: "not-across-single", side: "opponent", chain: "none",
		cross: "always", takesSower: true, slam: "allowed", extraStore: true, rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-last-occupied", holes: 4, seeds: 3, relay: true, skipStart: true, stores: "none", minSeeds: 1, allow: "last-into-occupied",
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, crossLands: "either", slam: "allowed", pass: true, seedsLeft: "owner", lapLimit: 8, endlessEnds: true},
	{name: "diff-slam-again", holes: 4, seeds: 2, stores: "none", minSeeds: 1, allow: "single-last", counts: []int{2, 3},
		side: "opponent", chain: "backward", cross: "none", slam: "moves-again", slamNotFed: true, mustFeed: true, majority: true, seedsLeft: "owner"},
	{name: "diff-lap-fours", holes: 6, seeds: 3, relay: true, stores: "none", minSeeds: 1, lapCaptures: true, oppTakes: 8,
		counts: []int{4}, side: "both", chain: "none", cross: "none", slam: "allowed", lapLimit: 20, endlessEnds: true,
		majority: true, seedsLeft: "owner"},
	{name: "diff-lap-two-out", holes: 6, seeds: 4, relay: true, stores: "none", minSeeds: 1, lapCaptures: true, twoOut: true,
		side: "both", chain: "none", cross: "none", slam: "allowed", lapLimit: 75, endlessEnds: true, fewerThan: 2,
		seedsLeft: "nobody", loopSeeds: "nobody"},
	{name: "diff-lap-across", holes: 5, seeds: 3, relay: true, skipStart: true, stores: "none", minSeeds: 1, lapCaptures: true,
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: false, slam: "allowed", lapLimit: 30,
		endlessEnds: true, seedsLeft: "other"},
	{name: "diff-lap-sown", holes: 5, seeds: 2, ownRow: true, relay: true, stores: "none", minSeeds: 1, lapCaptures: true,
		lapSown: true, side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: false, slam: "allowed",
		lapLimit: 20, endlessEnds: true, goal: "deprive", seedsLeft: "owner", loopSeeds: "owner"},
	{name: "diff-lap-sown-ring", holes: 4, seeds: 3, relay: true, stores: "none", minSeeds: 1, lapCaptures: true,
		lapSown: true, side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: false, slam: "allowed",
		lapLimit: 20, endlessEnds: true, seedsLeft: "other"},
	{name: "diff-passing-sower", holes: 6, seeds: 4, relay: true, relayStop: true, stores: "none", minSeeds: 1, passing: "sower",
		counts: []int{4}, side: "both", chain: "none", cross: "none", slam: "allowed", lapLimit: 20, endlessEnds: true,
		majority: true, seedsLeft: "other", lastSeeds: 4},
	{name: "diff-passing-own", holes: 6, seeds: 4, relay: true, relayStop: true, stores: "both", minSeeds: 1, passing: "sower-own",
		counts: []int{4}, side: "both", chain: "none", cross: "none", slam: "allowed", lapLimit: 20, endlessEnds: true,
		majority: true, seedsLeft: "other", lastSeeds: 4},
	{name: "diff-fewer-first", holes: 6, seeds: 3, stores: "none", minSeeds: 1, counts: []int{2, 3}, side: "opponent",
		chain: "backward", cross: "none", slam: "allowed", majority: true, fewerThan: 7, fewerFirst: true, seedsLeft: "owner"},
	{name: "diff-passing-wide", holes: 10, seeds: 3, skipStart: true, stores: "own", minSeeds: 2, leaveOne: true, passing: "owner",
		counts: []int{2, 3}, side: "opponent", chain: "backward", cross: "none", slam: "allowed", extraStore: true, seedsLeft: "owner"},
	{name: "diff-tiny", holes: 1, seeds: 6, skipStart: true, stores: "both", minSeeds: 1, counts: []int{2, 4, 6},
		side: "both", chain: "backward", cross: "none", slam: "allowed", pass: true, seedsLeft: "owner"},
	{name: "diff-own-row", holes: 6, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", takesSower: true, slam: "allowed", extraStore: true, majority: true,
		ownRowEmpty: true, seedsLeft: "other", loopSeeds: "split"},
	{name: "diff-clear", holes: 4, seeds: 3, relay: true, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "none", slam: "allowed", extraStore: true, clearGoal: true, seedsLeft: "owner", lapLimit: 5, endlessEnds: true},
	{name: "diff-cross-either", holes: 5, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", crossLands: "either", takesSower: true, slam: "forbidden", extraStore: true,
		rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-cross-opponent", holes: 4, seeds: 3, relay: true, stores: "none", minSeeds: 1, side: "opponent",
		chain: "none", cross: "always", crossLands: "opponent", takesSower: false, slam: "captures-nothing",
		majority: true, seedsLeft: "other", lapLimit: 4, endlessEnds: true},
	{name: "diff-relay-own-side", holes: 6, seeds: 3, relay: true, stores: "none", minSeeds: 1, counts: []int{2, 4},
		side: "opponent", chain: "backward", cross: "none", slam: "allowed", relaySide: "own", relayCounts: []int{2, 3, 5},
		relayStop: true, seedsLeft: "owner", lapLimit: 6, endlessEnds: true},
	{name: "diff-relay-opponent", holes: 5, seeds: 2, relay: true, clockwise: true, stores: "own", minSeeds: 1,
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, slam: "allowed", extraStore: true,
		relaySide: "opponent", rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-any-hole", holes: 5, seeds: 2, stores: "own", minSeeds: 1, counts: []int{2, 3}, side: "both",
		chain: "backward", cross: "none", slam: "allowed", extraStore: true, majority: true, seedsLeft: "nobody",
		loopSeeds: "split", anyHole: true},
	{name: "diff-any-cross", holes: 6, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", crossLands: "either", takesSower: true, slam: "allowed", extraStore: true,
		majority: true, seedsLeft: "nobody", anyHole: true},
	{name: "diff-any-hole-relay", holes: 4, seeds: 3, relay: true, clockwise: true, stores: "none", minSeeds: 2,
		counts: []int{4}, side: "both", chain: "none", cross: "none", slam: "allowed", fewerThan: 4, seedsLeft: "owner",
		lapLimit: 6, endlessEnds: true, relayStop: true, anyHole: true},
	{name: "diff-no-return", holes: 5, seeds: 2, stores: "none", minSeeds: 1, counts: []int{2, 4}, side: "opponent",
		chain: "backward", cross: "none", slam: "allowed", seedsLeft: "owner", noReturn: true},
	{name: "diff-toguz", holes: 9, seeds: 9, stores: "own", minSeeds: 2, leaveOne: true, counts: []int{2, 4, 6, 8, 10, 12, 130, 132, 134},
		side: "opponent", chain: "none", cross: "none", slam: "allowed", majority: true, seedsLeft: "owner"},
	{name: "diff-toguz-lone", holes: 9, seeds: 9, stores: "own", minSeeds: 1, leaveOne: true, loneMoves: true, counts: []int{2, 4, 6, 8, 10},
		side: "opponent", chain: "none", cross: "none", slam: "allowed", majority: true, seedsLeft: "owner"},
	{name: "diff-lone-relay", holes: 5, seeds: 2, relay: true, clockwise: true, stores: "both", minSeeds: 1, leaveOne: true, loneMoves: true,
		counts: []int{1}, side: "opponent", chain: "none", cross: "none", slam: "allowed", extraStore: true, pass: true, seedsLeft: "other"},
	{name: "diff-lone-occupied", holes: 6, seeds: 3, stores: "none", minSeeds: 1, leaveOne: true, loneMoves: true, allow: "last-into-occupied",
		counts: []int{3}, side: "opponent", chain: "forward", cross: "none", slam: "allowed", rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-255", holes: 3, seeds: 42, clockwise: true, stores: "both", minSeeds: 1, counts: []int{2, 3, 129, 131},
		side: "both", chain: "backward", cross: "none", slam: "allowed", extraStore: true, seedsLeft: "owner"},
	{name: "diff-deprive", holes: 5, seeds: 2, relay: true, stores: "none", minSeeds: 1, allow: "opponent-or-empty",
		side: "opponent", chain: "none", cross: "opposite-not-empty", crossLands: "either", takesSower: false, slam: "allowed",
		seedsLeft: "owner", lapLimit: 4, endlessEnds: true, goal: "deprive"},
	{name: "diff-deprive-again", holes: 4, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "always", takesSower: true, slam: "allowed", extraStore: true, seedsLeft: "owner", goal: "deprive"},
	{name: "diff-immobilize", holes: 6, seeds: 3, stores: "own", minSeeds: 2, counts: []int{2, 3}, side: "opponent",
		chain: "backward", cross: "none", slam: "allowed", seedsLeft: "owner", goal: "immobilize"},
	{name: "diff-opponent-first", holes: 6, seeds: 3, stores: "own", minSeeds: 1, counts: []int{2, 3}, side: "opponent-first",
		chain: "forward", chainMax: 3, noSingle: true, cross: "none", slam: "allowed", extraStore: true, majority: true, seedsLeft: "owner"},
	{name: "diff-other-store", holes: 5, seeds: 3, stores: "both", minSeeds: 1, counts: []int{2}, side: "opponent",
		chain: "backward", chainMax: 2, cross: "none", slam: "captures-nothing", otherStore: true, extraOtherStore: true,
		otherRowEmpty: true, seedsLeft: "owner"},
	{name: "diff-single-cross", holes: 4, seeds: 2, stores: "both", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", takesSower: true, noSingle: true, slam: "allowed", extraStore: true, extraCapture: true,
		otherRowEmpty: true, seedsLeft: "other"},
	{name: "diff-leaves-right", holes: 6, seeds: 3, stores: "none", minSeeds: 1, counts: []int{2, 3}, side: "opponent",
		chain: "backward", cross: "none", slam: "leaves-right", majority: true, seedsLeft: "owner"},
	{name: "diff-cross-counts", holes: 5, seeds: 2, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", crossCounts: []int{1, 2, 3}, takesSower: true, singleAcross: true, slam: "leaves-right",
		extraStore: true, rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-store-gift", holes: 5, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none", cross: "none",
		storeGift: true, slam: "allowed", extraStore: true, rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-sweep", holes: 6, seeds: 3, stores: "own", minSeeds: 1, counts: []int{2, 4}, side: "opponent",
		chain: "none", cross: "none", sweep: true, slam: "allowed", extraStore: true, extraCapture: true, majority: true,
		seedsLeft: "owner"},
	{name: "diff-pull-across", holes: 5, seeds: 3, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "none", pullAcross: true, slam: "allowed", extraStore: true, extraCapture: true, otherRowEmpty: true,
		majority: true, seedsLeft: "other"},
	{name: "diff-pull-both", holes: 4, seeds: 2, relay: true, stores: "none", minSeeds: 1, side: "both", chain: "none",
		cross: "none", pullAcross: true, slam: "allowed", lapLimit: 6, endlessEnds: true, majority: true, seedsLeft: "owner"},
	{name: "diff-next", holes: 5, seeds: 3, relay: true, stores: "none", minSeeds: 1, side: "opponent", chain: "none",
		cross: "none", next: true, pickLast: true, slam: "allowed", mustFeed: true, lapLimit: 8, endlessEnds: true,
		majority: true, seedsLeft: "owner", loopSeeds: "split"},
	{name: "diff-next-both", holes: 4, seeds: 2, clockwise: true, relay: true, stores: "none", minSeeds: 1, side: "both",
		chain: "none", cross: "none", next: true, slam: "allowed", extraCapture: true, lapLimit: 6, endlessEnds: true,
		fewerThan: 2, seedsLeft: "owner"},
	{name: "diff-take-singles", holes: 5, seeds: 3, relay: true, stores: "none", minSeeds: 1, side: "both", chain: "none",
		cross: "none", singles: true, slam: "allowed", pass: true, lapLimit: 8, endlessEnds: true, majority: true,
		seedsLeft: "nobody", loopSeeds: "nobody"},
	{name: "diff-take-singles-store", holes: 4, seeds: 2, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "none", singles: true, slam: "allowed", extraStore: true, extraCapture: true, seedsLeft: "owner"},
	{name: "diff-match", holes: 5, seeds: 3, relay: true, stores: "none", minSeeds: 1, side: "both", chain: "none",
		cross: "none", match: true, slam: "allowed", lapLimit: 8, endlessEnds: true, majority: true, seedsLeft: "nobody",
		loopSeeds: "nobody"},
	{name: "diff-match-store", holes: 4, seeds: 2, stores: "own", minSeeds: 1, side: "both", chain: "none",
		cross: "none", match: true, slam: "allowed", extraStore: true, extraCapture: true, seedsLeft: "owner"},
	{name: "diff-cross-sweep", holes: 5, seeds: 2, stores: "own", minSeeds: 1, side: "opponent", chain: "none",
		cross: "opposite-not-empty", crossCounts: []int{2}, crossSweep: true, takesSower: true, slam: "allowed",
		extraStore: true, relay: true, lapLimit: 8, endlessEnds: true, seedsLeft: "owner"},
	{name: "diff-stores-right", holes: 5, seeds: 3, clockwise: true, storesRight: true, stores: "own", minSeeds: 1,
		counts: []int{2, 3}, side: "opponent", chain: "backward", cross: "none", slam: "allowed", extraStore: true,
		majority: true, seedsLeft: "owner"},
	{name: "diff-stores-right-both", holes: 4, seeds: 3, clockwise: true, storesRight: true, relay: true, stores: "both",
		minSeeds: 1, side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, slam: "allowed",
		extraStore: true, rowEmpty: true, seedsLeft: "owner", lapLimit: 5, endlessEnds: true},
	{name: "diff-unfed", holes: 5, seeds: 3, stores: "none", minSeeds: 1, counts: []int{2, 4}, side: "both",
		chain: "backward", cross: "none", slam: "allowed", mustFeed: true, unfedTakes: true, seedsLeft: "nobody"},
	{name: "diff-relay-next", holes: 7, seeds: 4, relayNext: true, stores: "none", minSeeds: 1, counts: []int{4},
		side: "both", chain: "none", cross: "none", slam: "allowed", passing: "owner-all", twoOut: true,
		lapLimit: 10, endlessEnds: true, fewerThan: 2, seedsLeft: "owner", loopSeeds: "split"},
	{name: "diff-relay-next-store", holes: 6, seeds: 4, relayNext: true, stores: "own", minSeeds: 1,
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: true, slam: "allowed",
		extraStore: true, rowEmpty: true, majority: true, seedsLeft: "other", lapLimit: 10, endlessEnds: true, loopSeeds: "split"},
	{name: "diff-two-out-chain", holes: 5, seeds: 3, relayNext: true, stores: "none", minSeeds: 1, counts: []int{4},
		side: "both", chain: "forward", cross: "none", slam: "allowed", passing: "owner", twoOut: true, pickAcross: true,
		mustFeed: true, pass: true, lastSeeds: 3, lapLimit: 8, endlessEnds: true, seedsLeft: "owner", loopSeeds: "split"},
	{name: "diff-two-out-single", holes: 5, seeds: 4, clockwise: true, stores: "none", minSeeds: 1, side: "opponent",
		chain: "none", cross: "none", slam: "allowed", twoOut: true, pickAcross: true, majority: true, fewerThan: 3, seedsLeft: "owner"},
	{name: "diff-own-cycle", holes: 5, seeds: 3, ownRow: true, relay: true, stores: "own", minSeeds: 1, side: "both",
		chain: "none", cross: "none", slam: "allowed", extraStore: true, lapLimit: 8, endlessEnds: true, seedsLeft: "owner"},
	{name: "diff-own-cycle-cross", holes: 4, seeds: 3, ownRow: true, clockwise: true, stores: "own", minSeeds: 1,
		side: "opponent", chain: "none", cross: "opposite-not-empty", takesSower: false, slam: "gives-row", extraStore: true,
		rowEmpty: true, seedsLeft: "owner"},
	{name: "diff-slam-gives-row", holes: 5, seeds: 2, stores: "none", minSeeds: 1, counts: []int{2, 3}, side: "opponent",
		chain: "backward", cross: "none", slam: "gives-row", slamNotFed: true, majority: true, seedsLeft: "owner"},
	{name: "diff-own-cycle-counts", holes: 6, seeds: 2, ownRow: true, skipStart: true, stores: "none", minSeeds: 1,
		counts: []int{2, 3}, side: "both", chain: "none", cross: "none", slam: "allowed", majority: true, seedsLeft: "owner"},
	{name: "diff-feed-last-seeds", holes: 4, seeds: 2, stores: "none", minSeeds: 1, counts: []int{2, 3}, side: "opponent",
		chain: "backward", cross: "none", slam: "allowed", mustFeed: true, lastSeeds: 3, seedsLeft: "owner"},
}

// withFileSpecs runs f with the games of fileSpecs, laid out without registering
// them (board.WithRules).
func withFileSpecs(t testing.TB, f func(games map[string]*board.Variant)) {
	t.Helper()
	var text strings.Builder
	for _, s := range fileSpecs {
		text.WriteString(s.toml() + "\n")
	}
	if err := board.WithRules(text.String(), f); err != nil {
		t.Fatal(err)
	}
}

// TestFileRulesMatchAPlainReference plays random positions of games covering every
// rule of the format (relay, relays from the next hole, relays that stop on a
// capture, two-out captures and their chains, passing captures, lap limits with endless
// moves illegal or ending the game, clockwise, skipped start, leave one (with lone
// seeds sown on, sow.lone_moves), stores
// none, own and both, min_seeds, captures by count with chains both ways and on
// either side, cross captures, the three grand slam rules and grand_slam_when_fed,
// extra turns, feeding, passing while the other side can move, the endings
// fewer_than and other_row_empty included; capture.side = "opponent-first",
// chain_max, single_seed = false, other_store and turn.extra_on_other_store,
// single_takes_across, cross_counts, empty_gives_store, sweep, pull_across, next with
// pick_last, singles, match_across, cross_sweep,
// grand_slam = "leaves-right"; stores at the players' right in clockwise games; sowing round
// the own row only (sow.cycle = "own-row"); boards of 1 to 15 holes a row, past the 16 holes of two
// words; 162 and 252 seeds, holes of more than 128) with the generic engine and with the reference above, which sows seed by
// seed and knows nothing of tables: every position must list the same moves to
// the same positions, with the same extra turns, and read back from its notation.
func TestFileRulesMatchAPlainReference(t *testing.T) {
	withFileSpecs(t, func(games map[string]*board.Variant) { testFileSpecs(t, games) })
}

func testFileSpecs(t *testing.T, games map[string]*board.Variant) {
	rng := rand.New(rand.NewPCG(32, 9))
	for i := range fileSpecs {
		s := &fileSpecs[i]
		v := games[s.name]
		moves, captures, again, illegal, ended := 0, 0, 0, 0, 0
		for range scaled(3000) {
			p := randomRefFile(rng, s)
			pos := p.position(v)
			if back, err := v.ParsePosition(pos.String()); err != nil || back != pos || back.Hash() != pos.ComputeHash() {
				t.Fatalf("%s %q reads back as %q (%v), or its hash differs from scratch", s.name, pos.String(), back.String(), err)
			}
			want := p.children(v)
			var got []string
			var cl board.ChildList
			pos.Generate(&cl)
			for _, c := range cl.Children[:cl.N] {
				got = append(got, v.FormatMove(c.Move)+" "+positionKey(&c.Pos))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s %q:\n got  %q\n want %q", s.name, pos.String(), got, want)
			}
			if n := board.Perft(&pos, 1); n != uint64(len(want)) {
				t.Fatalf("%s %q: perft 1 = %d, want %d", s.name, pos.String(), n, len(want))
			}
			res := p.result(v)
			if got := engineResult(&pos); got != res {
				t.Fatalf("%s %q: result %q, the reference %q", s.name, pos.String(), got, res)
			}
			if res != "" {
				ended++
			}
			for _, c := range cl.Children[:cl.N] { // the children's results, extra turns known
				q, _ := p.play(int(c.Move.Hole()))
				if c.Move == board.Pass {
					q = p
					q.side, q.again, q.barred = 1-p.side, false, 0
				}
				want := q.result(v)
				if got := engineResult(&c.Pos); got != want {
					t.Fatalf("%s %q after %s: result %q, the reference %q", s.name, pos.String(), v.FormatMove(c.Move), got, want)
				}
				if want != "" {
					ended++
				}
				if s.noReturn { // the child's own moves, a hole barred or not
					var gl board.ChildList
					c.Pos.Generate(&gl)
					var got []string
					for _, g := range gl.Children[:gl.N] {
						got = append(got, v.FormatMove(g.Move)+" "+positionKey(&g.Pos))
					}
					if want := q.children(v); !slices.Equal(got, want) {
						t.Fatalf("%s %q after %s:\n got  %q\n want %q", s.name, pos.String(), v.FormatMove(c.Move), got, want)
					}
				}
			}
			for col := range s.holes { // a single move, as the search plays the table's move
				h := col + s.holes*int(pos.SideToMove())
				var q board.Position
				after, legal := p.play(h)
				if got, want := pos.PlayInto(board.Move(h), &q), legal && !p.decided(); got != want {
					t.Fatalf("%s %q: PlayInto(%s) legal %v, the reference %v", s.name, pos.String(), v.FormatMove(board.Move(h)), got, want)
				}
				switch {
				case !legal:
					illegal++
				case after.took > 0:
					captures++
				}
				if legal && after.side == p.side {
					again++
				}
			}
			moves += len(got)
		}
		if moves == 0 || illegal == 0 || (len(s.counts) > 0 || s.cross != "none") && captures == 0 ||
			(s.extraStore || s.extraCapture || s.extraOtherStore || s.slam == "moves-again") && again == 0 || ended == 0 {
			t.Errorf("%s: %d moves, %d captures, %d extra turns, %d illegal, %d ended: the positions do not reach the rules", s.name, moves, captures, again, illegal, ended)
		}
		t.Logf("%s: %d moves alike, %d captures, %d extra turns, %d results alike", s.name, moves, captures, again, ended)
	}
}

// layoutText writes holes (the reference's numbering) as a start's board in the
// notation: row 2 from a2, then row 1 from a1.
func layoutText(holes []int) string {
	n := len(holes) / 2
	var row2, row1 []string
	for c := range n {
		row2 = append(row2, strconv.Itoa(holes[2*n-1-c]))
		row1 = append(row1, strconv.Itoa(holes[c]))
	}
	return strings.Join(row2, ",") + "/" + strings.Join(row1, ",")
}

// TestFileStartsMatchAPlainReference: a game's `start` layout and `start_move`
// (docs/rules-format.md) give the start the reference makes by playing the move,
// seed by seed, by the owner of its hole from the layout (or from every hole
// holding `seeds`): the same board, stores and side to move. A start move the
// layout cannot play, or one that ends the game, makes the file refused, naming
// start_move. Random layouts and start holes, in games of several rules (extra
// turns, relays, leave one with lone moves, stores both, a barred return).
func TestFileStartsMatchAPlainReference(t *testing.T) {
	type startCase struct {
		name, text, layout, move string
		want                     string // the reference's start; "" where it refuses
	}
	var cases []startCase
	withFileSpecs(t, func(games map[string]*board.Variant) {
		rng := rand.New(rand.NewPCG(7, 11))
		for _, name := range []string{"diff-oware", "diff-kalah", "diff-relay", "diff-clockwise-both", "diff-toguz-lone", "diff-lone-relay", "diff-single-relay"} {
			i := slices.IndexFunc(fileSpecs, func(s fileSpec) bool { return s.name == name })
			if i < 0 {
				t.Fatalf("no spec %s", name)
			}
			s := &fileSpecs[i]
			for try := range scaled(40) {
				p := refFile{s: s, holes: make([]int, 2*s.holes)}
				c := startCase{name: name, text: strings.Replace(s.toml(), "["+s.name+"]", "[start-test]", 1)}
				if try%4 == 0 { // every hole holding seeds; else a dealt layout
					for h := range p.holes {
						p.holes[h] = s.seeds
					}
				} else {
					for range 2 * s.holes * s.seeds {
						p.holes[rng.IntN(len(p.holes))]++
					}
					c.layout = layoutText(p.holes) + " S 0 0 -"
					c.text += fmt.Sprintf("start = %q\n", c.layout)
				}
				h := rng.IntN(len(p.holes))
				if p.owner(h) == 0 {
					c.move = string(rune('a'+h)) + "1"
				} else {
					c.move = string(rune('a'+2*s.holes-1-h)) + "2"
				}
				c.text += fmt.Sprintf("start_move = %q\n", c.move)
				p.side = p.owner(h)
				if q, ok := p.play(h); ok && q.result(games[name]) == "" {
					c.want = countsKey(q.holes, q.stores, q.side)
				}
				cases = append(cases, c)
			}
		}
	})
	played, refused := 0, 0
	for _, c := range cases {
		err := board.WithRules(c.text, func(games map[string]*board.Variant) {
			start := games["start-test"].StartPosition()
			if got := positionKey(&start); got != c.want {
				t.Errorf("%s from %q, start_move %s: start %s, the reference %s", c.name, c.layout, c.move, got, c.want)
			}
		})
		switch {
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), "start_move")):
			t.Errorf("%s from %q, start_move %s, which the reference cannot play or which ends the game: %v", c.name, c.layout, c.move, err)
		case c.want == "":
			refused++
		case err != nil:
			t.Errorf("%s from %q, start_move %s: %v", c.name, c.layout, c.move, err)
		default:
			played++
		}
	}
	t.Logf("%d starts alike, %d start moves refused alike", played, refused)
	if played == 0 || refused == 0 {
		t.Errorf("%d starts played, %d refused: the test should see both", played, refused)
	}
}
