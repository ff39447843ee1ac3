// Package solve proves the exact value of a position of a seed-scoring game: the
// final seed margin of the side to move when both sides play perfectly (what they
// finish with minus what the opponent does). It is the engine's search without its
// guesses: an alpha-beta search to the end of the game on the exact margin, driven
// by MTD(f) (a sequence of null-window searches that close in on the value), with a
// transposition table of bounds and the bounds every position carries (the stores
// never shrink, so the margin lies within the store lead plus or minus the seeds on
// the board). Given an endgame table (Solver.Tables) it ends its lines at the
// positions the table settles.
package solve

import (
	"time"

	"mancala/board"
	"mancala/search"
)

// entry is one slot of the table, packed in 8 bytes so that twice as many fit in
// a given size: the top 36 bits of the position's key (the check; the slot's index
// gives the low bits), the depth the bounds hold for (depthBits: 0 an empty slot,
// exactCode for proven bounds, else the depth plus one), the move that proved the
// last of them (moveBits) and the bounds as signed bytes (loBits, hiBits). A bound
// beyond a byte is stored as the byte's end, which reads back as no bound. With
// 2^28 entries (2 GB) or more, index and check cover all 64 bits of the key; with
// 2^25 (256 MB), 61 of them.
type entry uint64

// The fields of an entry, from the lowest bit.
const (
	loShift    = 0
	hiShift    = 8
	moveShift  = 16
	depthShift = 23
	checkShift = 28
	depthMask  = 1<<(checkShift-depthShift) - 1
	moveMask   = 1<<(depthShift-moveShift) - 1
	exactCode  = depthMask
	// The moves other than a hole, as moveBits holds them: a hole is below 2 *
	// board.Clockwise, 64.
	passCode   = moveMask - 1
	noMoveCode = moveMask
	// noBound is what a missing bound reads back as: beyond every margin.
	noBound = 1 << 14
)

// pack makes the entry of key with bounds lo..hi (less the key's shift), proven to
// depth, and move.
func pack(key uint64, lo, hi, depth int, move board.Move) entry {
	code := uint64(depth + 1)
	if depth == exactDepth {
		code = exactCode
	}
	m := uint64(move)
	switch move {
	case board.Pass:
		m = passCode
	case board.NoMove:
		m = noMoveCode
	}
	return entry(uint64(uint8(int8(min(max(lo, -128), 127))))<<loShift |
		uint64(uint8(int8(min(max(hi, -128), 127))))<<hiShift |
		m<<moveShift | code<<depthShift | key>>checkShift<<checkShift)
}

// matches reports whether e holds the position of key.
func (e entry) matches(key uint64) bool {
	return (uint64(e)^key)>>checkShift == 0 && e.depthCode() != 0
}

// depthCode is e's depth field: 0 empty, exactCode proven, else the depth plus one.
func (e entry) depthCode() int { return int(uint64(e) >> depthShift & depthMask) }

// depth is the depth e's bounds hold for (exactDepth when proven).
func (e entry) depth() int {
	if c := e.depthCode(); c != exactCode {
		return c - 1
	}
	return exactDepth
}

// lo and hi are e's bounds, noBound beyond them where a byte could not hold one.
func (e entry) lo() int {
	if v := int(int8(e >> loShift)); v > -128 {
		return v
	}
	return -noBound
}

func (e entry) hi() int {
	if v := int(int8(e >> hiShift)); v < 127 {
		return v
	}
	return noBound
}

// move is the move e stores.
func (e entry) move() board.Move {
	switch m := uint64(e) >> moveShift & moveMask; m {
	case passCode:
		return board.Pass
	case noMoveCode:
		return board.NoMove
	default:
		return board.Move(m)
	}
}

// maxPly bounds the length of a line (a game can be long when moves pass the turn
// back and forth without captures; extra turns lengthen it).
const maxPly = 1024

// Solver holds the table of one solve; a Solver is not safe for concurrent use.
type Solver struct {
	table []entry
	mask  uint64
	path  search.Path
	lists [maxPly]board.ChildList
	// Nodes counts the positions searched.
	Nodes uint64
	// Loops counts lines that ended in a repeated position: their values depend on
	// the line, and the nodes above them store no bound.
	Loops uint64
	stop  time.Time
	// idle: the rules never read the stores (board.Variant.StoresIdle), so the
	// table is keyed by the board alone and holds values less the store lead.
	idle bool
	// Tables, when not nil, gives the value of positions with few seeds on the
	// board (an endgame table): the search ends where it knows a position exactly,
	// or where its bounds settle the window.
	Tables Tables
	// TBHits counts the positions the tables settled.
	TBHits uint64
	// tableSeeds is the most seeds on the board that Tables holds.
	tableSeeds int
}

// Tables is an endgame table as the solver reads it (search.Endgames and
// tablebase.Table have this method): bounds on the value of p's board seeds for the
// side to move (what it finishes with from them minus what the opponent does),
// holding whatever the history before p so long as p has not occurred before; lo
// == hi is exact. ok is false when p is not in the table.
type Tables interface {
	Probe(p *board.Position) (lo, hi int, ok bool)
	// MaxSeeds is the most seeds on the board a position the table holds has.
	MaxSeeds() int
}

// New returns a solver with a table of about mb megabytes (rounded down to a power of
// two of entries, at least one).
func New(mb int) *Solver {
	n := uint64(1)
	for n*2*8 <= uint64(mb)<<20 {
		n *= 2
	}
	return &Solver{table: make([]entry, n), mask: n - 1}
}

// Progress is one step of a solve: the bounds proven so far on the root's value,
// the time and the nodes it took.
type Progress struct {
	// Depth is the depth of a heuristic search's guess (Lo == Hi the guess), or 0
	// for the bounds proven by the exact searches.
	Depth   int
	Lo, Hi  int
	Elapsed time.Duration
	Nodes   uint64
}

// Solve proves the value of p (history: the game before it, positions a line may
// not repeat without the game's loop ending; may be empty). step, if not nil, is told
// every narrowing of the bounds. With a time limit above zero the solve stops once
// it passes, and exact is false: lo and hi then bound the value.
func (s *Solver) Solve(history []board.Position, p board.Position, limit time.Duration, step func(Progress)) (lo, hi int, exact bool) {
	start := time.Now()
	s.stop = time.Time{}
	if limit > 0 {
		s.stop = start.Add(limit)
	}
	s.path.Reset(append(append([]board.Position(nil), history...), p))
	s.idle = p.Variant().StoresIdle()
	if s.Tables != nil {
		s.tableSeeds = s.Tables.MaxSeeds()
	}
	d, b := lead(&p)
	lo, hi = d-b, d+b
	// Iterative deepening with the store lead at the horizon: cheap searches that
	// fill the table with good first moves and end near the value, for the exact
	// searches to start from.
	guess := d
	var guesses []int
	for depth := 2; depth < minDepthOfExact && lo < hi; depth += 2 {
		g, ok := s.mtdf(&p, guess, depth, d-b, d+b)
		if !ok {
			return lo, hi, false
		}
		guess = g
		guesses = append(guesses, g)
		if step != nil {
			step(Progress{Depth: depth, Lo: g, Hi: g, Elapsed: time.Since(start), Nodes: s.Nodes})
		}
	}
	guess = extrapolate(guesses, guess)
	for lo < hi {
		beta := max(guess, lo+1)
		r := s.search(&p, beta-1, beta, 0, exactDepth)
		if !r.ok {
			return lo, hi, false
		}
		if r.v < beta {
			hi = r.v
		} else {
			lo = r.v
		}
		guess = r.v
		if step != nil {
			step(Progress{Lo: lo, Hi: hi, Elapsed: time.Since(start), Nodes: s.Nodes})
		}
	}
	return lo, hi, true
}

// extrapolate returns the guess the exact searches start from, given the iterative
// deepening's values (guesses, shallowest first) and its last value, guess. The store
// lead at the horizon leaves the seeds on the board unscored, and where the values
// climb with depth they end below the value: when the last has not fallen since two
// iterations (four plies) before, it is stepped up by one more than that rise.
func extrapolate(guesses []int, guess int) int {
	n := len(guesses)
	if n < 3 || guesses[n-1] < guesses[n-3] {
		return guess
	}
	return guess + 1 + guesses[n-1] - guesses[n-3]
}

// minDepthOfExact is the depth at which the iterative deepening hands over to the
// exact searches.
const minDepthOfExact = 16

// An entry's depth field holds every depth below minDepthOfExact besides exactCode.
const _ = uint(exactCode - 1 - minDepthOfExact)

// mtdf returns the value of p searched depth plies deep, by null-window searches
// from guess within lo..hi.
func (s *Solver) mtdf(p *board.Position, guess, depth, lo, hi int) (int, bool) {
	for lo < hi {
		beta := max(guess, lo+1)
		r := s.search(p, beta-1, beta, 0, depth)
		if !r.ok {
			return guess, false
		}
		if r.v < beta {
			hi = r.v
		} else {
			lo = r.v
		}
		guess = r.v
	}
	return guess, true
}

// lead returns the store lead of the side to move and the seeds on the board: the
// final margin lies between their difference and their sum.
func lead(p *board.Position) (d, b int) {
	me := p.SideToMove()
	return p.Store(me) - p.Store(me.Other()), p.SeedsOnBoard()
}

// margin is the final margin of a finished game for side.
func margin(r board.Result, side board.Side) int {
	if side == board.South {
		return r.South - r.North
	}
	return r.North - r.South
}

// exactDepth is the depth of a search to the end of the game, and of a table entry
// whose bounds such a search proved.
const exactDepth = 255

// result is what a search returns: a fail-soft value, whether it is proven (no line
// below was cut at the depth limit and scored by the store lead), and ok false when
// the time limit stopped the search.
type result struct {
	v     int
	exact bool
	ok    bool
}

// search returns the value of p (ply plies below the root) in the window (alpha,
// beta), searched depth plies deep (exactDepth: to the end of the game), where a
// position at the depth limit is worth its store lead.
func (s *Solver) search(p *board.Position, alpha, beta, ply, depth int) result {
	s.Nodes++
	if s.Nodes&0xFFFF == 0 && !s.stop.IsZero() && time.Now().After(s.stop) {
		return result{}
	}
	if r, over := p.Ended(false); over {
		return result{margin(r, p.SideToMove()), true, true}
	}
	d, b := lead(p)
	if d+b <= alpha {
		return result{d + b, true, true}
	}
	if d-b >= beta {
		return result{d - b, true, true}
	}
	if s.Tables != nil && b <= s.tableSeeds { // p is no repetition: the caller ended the line at one
		if lo, hi, ok := s.Tables.Probe(p); ok {
			switch {
			case lo == hi, d+lo >= beta:
				s.TBHits++
				return result{d + lo, true, true}
			case d+hi <= alpha:
				s.TBHits++
				return result{d + hi, true, true}
			}
		}
	}
	key, shift := s.key(p, d)
	e := &s.table[key&s.mask]
	hit := e.matches(key)
	ttMove := board.NoMove
	if hit {
		ttMove = e.move()
		if e.depth() >= depth {
			exact := e.depthCode() == exactCode
			switch lo, hi := e.lo()+shift, e.hi()+shift; {
			case lo >= beta:
				return result{lo, exact, true}
			case hi <= alpha:
				return result{hi, exact, true}
			case lo == hi:
				return result{lo, exact, true}
			}
		}
	}
	if depth <= 0 {
		return result{d, false, true}
	}
	if ply >= maxPly-1 {
		return result{} // deeper than any game of these rules: give up honestly
	}
	cl := &s.lists[ply]
	p.Generate(cl)
	if cl.N == 0 {
		return result{margin(p.NoChildResult(), p.SideToMove()), true, true}
	}
	var hopeless [board.MaxMoves]bool
	var known [board.MaxMoves]int
	if r, cut := s.transpositionCut(p, cl, beta, depth, &hopeless, &known); cut {
		return r
	}
	order(p, cl, ttMove, &hopeless, &known)
	next := depth - 1
	if depth == exactDepth {
		next = exactDepth
	}
	best, bestMove, allExact := -noBound, board.NoMove, true
	loopsBefore := s.Loops
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i]
		var r result
		s.path.Push(&c.Pos)
		if _, rep := s.path.Repeated(); rep {
			s.Loops++
			r = result{margin(c.Pos.LoopResult(), p.SideToMove()), true, true}
		} else if known[i] != noBound {
			r = result{known[i], true, true}
		} else if c.Pos.SideToMove() == p.SideToMove() {
			r = s.search(&c.Pos, alpha, beta, ply+1, next)
		} else {
			r = s.search(&c.Pos, -beta, -alpha, ply+1, next)
			r.v = -r.v
		}
		s.path.Pop()
		if !r.ok {
			return r
		}
		if r.v > best {
			best, bestMove = r.v, c.Move
			if r.v >= beta {
				allExact = r.exact // a refutation needs no other move
				break
			}
			alpha = max(alpha, r.v)
		}
		allExact = allExact && r.exact
	}
	if s.Loops == loopsBefore { // a value that no repetition on the line decided
		stored := depth
		if allExact {
			stored = exactDepth
		}
		lo, hi := d-b, d+b
		if hit = e.matches(key); hit && e.depth() == stored {
			lo, hi = max(lo, e.lo()+shift), min(hi, e.hi()+shift)
		}
		switch {
		case best >= beta:
			lo = best
		case best <= alpha:
			hi = best
		default:
			lo, hi = best, best
		}
		if !hit || e.depth() <= stored { // never trade a proof for a guess
			*e = pack(key, lo-shift, hi-shift, stored, bestMove)
		}
	}
	return result{best, allExact, true}
}

// key is p's table key and what its stored values are shifted by (d, p's store
// lead, when the table holds values less the lead).
func (s *Solver) key(p *board.Position, d int) (key uint64, shift int) {
	if s.idle {
		return p.BoardHash(), d
	}
	return p.Hash(), 0
}

// transpositionCut bounds the children of p before any is searched (enhanced
// transposition cut-offs): by the store lead and the seeds on the board, by the
// endgame tables and by the table of bounds. A child whose bounds already reach beta
// for p's side refutes the null window at no cost; a child whose bounds stay below
// beta cannot, and is marked hopeless. known is set to a child's proven value for
// p's side where its bounds meet, else noBound. The children's keys are all computed before
// any slot is read, so that the reads, most of them cache misses, overlap.
func (s *Solver) transpositionCut(p *board.Position, cl *board.ChildList, beta, depth int, hopeless *[board.MaxMoves]bool, known *[board.MaxMoves]int) (result, bool) {
	var keys [board.MaxMoves]uint64
	var leads, seeds, shifts [board.MaxMoves]int
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i].Pos
		leads[i], seeds[i] = lead(c)
		keys[i], shifts[i] = s.key(c, leads[i])
	}
	var slots [board.MaxMoves]entry
	for i := 0; i < cl.N; i++ {
		slots[i] = s.table[keys[i]&s.mask]
	}
	me := p.SideToMove()
	all, best, proven := true, -noBound, true
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i].Pos
		d, b := leads[i], seeds[i]
		lo, hi := d-b, d+b // proven bounds on the child's value for its side to move
		tb := false
		if s.Tables != nil && b <= s.tableSeeds {
			if tlo, thi, ok := s.Tables.Probe(c); ok {
				lo, hi, tb = max(lo, d+tlo), min(hi, d+thi), true
			}
		}
		hlo, hhi := lo, hi // and with the bounds of shallower searches
		if e := slots[i]; e.matches(keys[i]) && e.depth() >= depth-1 {
			elo, ehi := e.lo()+shifts[i], e.hi()+shifts[i]
			if e.depthCode() == exactCode {
				lo, hi = max(lo, elo), min(hi, ehi)
			}
			hlo, hhi = max(lo, elo), min(hi, ehi)
		}
		if c.SideToMove() != me {
			lo, hi, hlo, hhi = -hi, -lo, -hhi, -hlo
		}
		if hlo >= beta && !s.repeats(c) {
			if tb {
				s.TBHits++
			}
			return result{hlo, lo >= beta, true}, true
		}
		hopeless[i] = hhi < beta
		known[i] = noBound
		if lo == hi {
			known[i] = lo
		}
		all = all && hhi < beta
		best = max(best, hhi)
		proven = proven && hi == hhi
	}
	if all && !s.anyRepeats(cl) { // no child can reach beta: p fails low unsearched
		return result{best, proven, true}, true
	}
	return result{}, false
}

// anyRepeats reports whether a child in cl repeats a position (see repeats).
func (s *Solver) anyRepeats(cl *board.ChildList) bool {
	for i := 0; i < cl.N; i++ {
		if s.repeats(&cl.Children[i].Pos) {
			return true
		}
	}
	return false
}

// repeats reports whether c, a child of the last position on the path, repeats a
// position of the game or the line: its value is then the loop ending's, not what
// the tables hold.
func (s *Solver) repeats(c *board.Position) bool {
	s.path.Push(c)
	_, rep := s.path.Repeated()
	s.path.Pop()
	return rep
}

// order puts the table's move first, then the moves that give another turn, then
// those that capture the most, each group in Generate's order, and the hopeless
// moves last; known is sorted with the children.
func order(p *board.Position, cl *board.ChildList, ttMove board.Move, hopeless *[board.MaxMoves]bool, known *[board.MaxMoves]int) {
	var keys [board.MaxMoves]int
	for i := 0; i < cl.N; i++ {
		c := &cl.Children[i]
		k := p.Captured(&c.Pos)
		if c.Pos.SideToMove() == p.SideToMove() {
			k += 1000
		}
		if c.Move == ttMove {
			k += 1 << 20
		}
		if hopeless[i] {
			k -= 1 << 22
		}
		keys[i] = k
	}
	for i := 1; i < cl.N; i++ { // insertion sort, stable: lists are short
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			known[j], known[j-1] = known[j-1], known[j]
			cl.Children[j], cl.Children[j-1] = cl.Children[j-1], cl.Children[j]
		}
	}
}
