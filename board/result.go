package board

import "fmt"

// Outcome is who won, if the game is over.
type Outcome uint8

// The possible outcomes.
const (
	Ongoing Outcome = iota
	SouthWins
	NorthWins
	Draw
)

// Reason says why a game ended.
type Reason uint8

// The ways a game can end.
const (
	NotOver           Reason = iota
	NoLegalMove              // the player to move cannot move (and may not pass)
	FeedingImpossible        // Je ki n je: the opponent's row is empty and cannot be fed
	LoopEnding               // a position repeated
	InnerRowEmpty            // Bao la Kimasai: a player's inner row is empty
	MajorityCaptured         // Oware Abapa: a player has captured more than half the seeds
	RowEmpty                 // a rule file's end.row_empty: a row is empty after a move
	FewSeeds                 // a rule file's end.fewer_than: too few seeds are left to change the outcome
	Adjudicated              // ended by a tournament runner's rule, not by the game's
)

var reasonNames = [...]string{"not over", "no legal move", "feeding impossible", "loop ending",
	"inner row empty", "majority captured", "row empty", "few seeds", "adjudicated"}

// String names the reason in plain words.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "unknown"
}

// RuleEnding finds the way the rules end a game (NoLegalMove, FeedingImpossible,
// LoopEnding, InnerRowEmpty, MajorityCaptured, RowEmpty, FewSeeds) by its name as String writes it; records name endings so.
func RuleEnding(name string) (Reason, bool) {
	for r := NoLegalMove; r < Adjudicated; r++ {
		if r.String() == name {
			return r, true
		}
	}
	return NotOver, false
}

// Result is the state of a game: ongoing, or its outcome, reason and (for the
// scoring games) final seed counts after the end-of-game sweep.
type Result struct {
	Outcome Outcome
	Reason  Reason
	Scored  bool // South and North hold final seed counts
	South   int
	North   int
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Outcome != Ongoing }

// Winner returns the winning side; ok is false for a draw or an ongoing game.
func (r Result) Winner() (s Side, ok bool) {
	switch r.Outcome {
	case SouthWins:
		return South, true
	case NorthWins:
		return North, true
	}
	return South, false
}

// Score returns "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) Score() string {
	switch r.Outcome {
	case SouthWins:
		return "1-0"
	case NorthWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// String returns the result as the protocol's `Result:` line shows it, e.g. "1-0 27-21".
func (r Result) String() string {
	if r.Over() && r.Scored {
		return fmt.Sprintf("%s %d-%d", r.Score(), r.South, r.North)
	}
	return r.Score()
}

// scoredResult compares final seed counts.
func scoredResult(south, north int, why Reason) Result {
	o := Draw
	if south > north {
		o = SouthWins
	} else if north > south {
		o = NorthWins
	}
	return Result{Outcome: o, Reason: why, Scored: true, South: south, North: north}
}

// AdjudicatedScore is the result of a scoring game that a runner ends with these
// final seed counts (an endgame table's verdict under optimal play): reason
// Adjudicated, won by the larger count.
func AdjudicatedScore(south, north int) Result { return scoredResult(south, north, Adjudicated) }

// winFor is a result without seed counts won by side s.
func winFor(s Side, why Reason) Result {
	if s == South {
		return Result{Outcome: SouthWins, Reason: why}
	}
	return Result{Outcome: NorthWins, Reason: why}
}

// eachTakesOwn ends a scoring game with each player adding the seeds on their side.
func eachTakesOwn(p *Position, why Reason) Result {
	return scoredResult(int(p.stores[South])+p.RowSeeds(South), int(p.stores[North])+p.RowSeeds(North), why)
}

// Result returns the result of the game at p, by the path of the package doc without
// history: Ongoing while the side to move has a legal move or a pass and no rule has
// ended the game (loop endings, which need the game's history, are Game's business).
func (p *Position) Result() Result { return p.result(false) }
