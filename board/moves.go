package board

import "fmt"

// Move is a hole index of the side to move, or Pass.
type Move uint8

// Pass is the move of a player who must pass (Adji Kui I, Adji-Boto).
const Pass Move = 0xFF

// NoMove is the zero value for "no move" (e.g. an empty transposition-table slot).
const NoMove Move = 0xFE

// Clockwise marks a move sown clockwise from a hole where the mover chooses the
// direction (a rule file's sow.choice); without it such a hole's move is sown
// counter-clockwise. Elsewhere a hole sows the one way its rules say, and a move is
// the bare hole.
const Clockwise Move = MaxHoles

// Hole returns the hole a move sows from (m without its Clockwise bit); Pass and
// NoMove have none.
func (m Move) Hole() int { return int(m &^ Clockwise) }

// hasHole reports whether m names a hole of v owned by side s, its Clockwise bit
// only where the mover chooses that hole's direction.
func (v *Variant) hasHole(m Move, s Side) bool {
	h := m.Hole()
	if m >= 2*Clockwise || h >= v.holes || v.owner[h] != s && !v.PlaysAnyHole() && !v.PlaysTerritory() {
		return false
	}
	return m&Clockwise == 0 || v.file != nil && v.file.chosen(h)
}

// Child is a legal move together with the position it leads to.
type Child struct {
	Pos  Position
	Move Move
}

// ChildList is a fixed-size buffer of legal moves and their positions; filling it
// never allocates.
type ChildList struct {
	N        int
	Children [MaxMoves]Child
}

// MoveList is a fixed-size buffer of legal moves.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the moves as a slice of the buffer.
func (ml *MoveList) Slice() []Move { return ml.Moves[:ml.N] }

// Generate fills cl with every legal move of p and the position it leads to, in
// coordinate order of the starting holes. The list is empty exactly when the game
// is over at p (not counting loop endings, which depend on the game's history).
func (p *Position) Generate(cl *ChildList) {
	cl.N = 0
	if _, over := p.decided(); over {
		return
	}
	cl.N = p.playHoles(cl.Children[:], 1)
	if cl.N == 0 && p.mayPass() {
		q := *p
		q.passTurn()
		cl.Children[0] = Child{Pos: q, Move: Pass}
		cl.N = 1
	}
}

// childCursor walks the children of a position in Generate's order, playing each
// into a position of the caller's (nextChild): perft's way, which needs one child at
// a time, not a ChildList cleared at every node. The zero value is at the start.
type childCursor struct {
	next      uint8 // the index in the own-hole list of the next hole to try; past it, the pass
	moved     bool  // a hole move was found
	clockwise bool  // the hole before next, where the mover chooses, is still to be sown clockwise
}

// nextChild plays the next of the moves Generate would list into q and reports
// whether there was one.
func (p *Position) nextChild(c *childCursor, q *Position) bool {
	v := variants[p.variant]
	own := v.own[p.side]
	if c.next == 0 {
		if _, over := p.decided(); over {
			return false
		}
	}
	for int(c.next) < len(own) || c.clockwise {
		var m int
		if c.clockwise { // the chosen hole's second way
			m = int(Clockwise) | int(own[c.next-1])
			c.clockwise = false
		} else {
			m = int(own[c.next])
			c.next++
			c.clockwise = v.file != nil && v.file.chosen(m)
		}
		if p.playFrom(m, q) == legal {
			c.moved = true
			return true
		}
	}
	if int(c.next) == len(own) {
		c.next++
		if !c.moved && p.mayPass() {
			*q = *p
			q.passTurn()
			return true
		}
	}
	return false
}

// countMoves returns the number of moves Generate would list (perft's last ply needs
// only the count): from the counts alone where the rules allow (countByCounts),
// otherwise by playing each move into a scratch position instead of storing it.
func (p *Position) countMoves() int {
	if n, ok := p.countByCounts(); ok {
		return n
	}
	if _, over := p.decided(); over {
		return 0
	}
	var scratch [1]Child
	n := p.playHoles(scratch[:], 0)
	if n == 0 && p.mayPass() {
		n = 1
	}
	return n
}

// LegalMoves fills ml with the legal moves of p.
func (p *Position) LegalMoves(ml *MoveList) {
	var cl ChildList
	p.Generate(&cl)
	ml.N = cl.N
	for i := 0; i < cl.N; i++ {
		ml.Moves[i] = cl.Children[i].Move
	}
}

// PlayInto plays the single move m of p into q and reports whether m is legal: it
// is legal exactly when Generate lists it, and q is then the position Generate gives
// for it. A hole move costs one sowing, not the whole generation; Pass plays every
// hole move to learn that none is legal. When m is not legal, q is undefined. q must
// not be p. It never allocates.
func (p *Position) PlayInto(m Move, q *Position) bool {
	if _, over := p.decided(); over {
		return false
	}
	if m == Pass {
		var scratch [1]Child
		if !p.mayPass() || p.playHoles(scratch[:], 0) != 0 {
			return false
		}
		*q = *p
		q.passTurn()
		return true
	}
	if !variants[p.variant].hasHole(m, p.side) {
		return false
	}
	return p.playFrom(int(m), q) == legal
}

// Play returns the position after move m, or an error naming why m is not legal.
func (p *Position) Play(m Move) (Position, error) {
	var q Position
	if p.PlayInto(m, &q) {
		return q, nil
	}
	return *p, p.whyIllegal(m, p.countMoves() == 0)
}

// IllegalMoveError is the error Play and Game.Play return for a move that is not
// legal: the move, and why in words ("the hole is empty"). Its message names the
// move in coordinates; a front-end that writes moves otherwise (letters) formats
// Move itself and adds Reason.
type IllegalMoveError struct {
	Move   Move
	Name   string // Move in coordinates, or "pass"
	Reason string
}

// Error reads "illegal move b1: the hole is empty".
func (e *IllegalMoveError) Error() string { return "illegal move " + e.Name + ": " + e.Reason }

// whyIllegal explains why m is not among the legal moves of p.
func (p *Position) whyIllegal(m Move, over bool) error {
	v := variants[p.variant]
	e := &IllegalMoveError{Move: m, Name: v.FormatMove(m)}
	switch {
	case over:
		e.Reason = "the game is over"
	case m == Pass:
		e.Reason = p.side.Name() + " has a move to make"
	case !v.hasHole(m, p.side) && m.Hole() < v.holes && v.owner[m.Hole()] == p.side:
		e.Reason = "this hole is sown one way only"
	case !v.hasHole(m, p.side):
		e.Reason = "not a hole of " + p.side.Name() + ", the side to move"
	default:
		var q Position
		why := p.playFrom(int(m), &q)
		e.Reason = why.String()
		if why == tooFewSeeds {
			e.Reason = fmt.Sprintf("a hole needs %s or more seeds to be played", numberWord(p.MinSowable()))
		}
	}
	return e
}

// Name returns "South" or "North".
func (s Side) Name() string {
	if s == South {
		return "South"
	}
	return "North"
}

// verdict is why a move from a hole is or is not legal.
type verdict uint8

const (
	legal verdict = iota
	emptyHole
	tooFewSeeds
	endlessMove
	mustFeed
	playedInOpening
	grandSlam
	seedReturns
	notAllowed
	childHole
	notOwned
	otherWay
	patternEmpty
)

// String says why a move is not legal, for error messages.
func (v verdict) String() string {
	switch v {
	case legal:
		return "legal"
	case emptyHole:
		return "the hole is empty"
	case tooFewSeeds:
		return "a hole needs more seeds to be played"
	case endlessMove:
		return fmt.Sprintf("endless move (more than %d laps)", MaxLaps)
	case mustFeed:
		return "the opponent's row is empty and this move does not feed it"
	case grandSlam:
		return "the move would capture every seed of the opponent (a grand slam)"
	case seedReturns:
		return "a single seed just sown into this hole may not be sown straight back"
	case notAllowed:
		return "the rules do not allow this hole now (sow.allow, sow.right_half_turns)"
	case childHole:
		return "the hole is a child, which nobody plays"
	case otherWay:
		return "the game's first move set this side's sowing the other way"
	case patternEmpty:
		return "the round's first move takes a seed from every other hole, and one of them is empty (sow.first_move)"
	case notOwned:
		return "the hole is the opponent's this round (round.territory)"
	default:
		return "this hole was already played in the opening"
	}
}

// numberWord writes small counts in words, as the rules do ("two or more seeds").
func numberWord(n int) string {
	words := [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}
