// Package eval scores positions for the search, one evaluation per variant, in
// centiseeds (100 = one seed) from the side to move's point of view.
//
// Two kinds of evaluation: the hand-set one starts from material (the store
// difference in the scoring games, with a child's seeds, Toguz Kumalak's tuzdik,
// counted as its owner's and not as seeds of the row it lies on; in a game with
// reserves, Bao la Kimasai, the cows each player owns on the board and in reserve;
// in a game won by clearing one's row, the seeds left on it, against its owner) and
// adds features that can each be switched off (Features), so that self-play
// matches can measure what each is worth; the learned one (Learned) weighs the
// terms of Extract with weights fitted to self-play results (eval/tune,
// cmd/evaltune) and embedded from eval/weights.
// Each game's profile (board.Profile) says which it uses: only what won its match.
// docs/ledger.md records the results.
package eval

import (
	"fmt"
	"sync/atomic"

	"mancala/board"
)

// Features is a set of evaluation terms on top of material.
type Features uint32

// The evaluation terms.
const (
	// Row counts the seeds on each player's row at a fraction of a stored seed: the
	// scoring games end with each player taking the seeds on their own side. It is
	// zero in the other games.
	Row Features = 1 << iota
	// Mobility counts the holes each player could play from (board's MinSowable
	// seeds or more).
	Mobility
	// Inner counts each player's cows in their inner row (Bao la Kimasai), the row
	// whose emptying loses the game and where captures strike. It weighs against the
	// player: cows kept back in the outer row measured better than cows exposed in
	// the inner row. It is zero in games without inner rows.
	Inner
	// Learned replaces material and every other feature with the learned evaluation:
	// the terms of Extract weighed by the game's embedded weights (eval/weights).
	Learned
)

// All is every hand-set feature.
const All = Row | Mobility | Inner

// NamedFeature is a hand-set feature and the name profiles and command lines give it.
type NamedFeature struct {
	Name string
	F    Features
}

// HandFeatures names the hand-set features that can be switched on and off.
var HandFeatures = []NamedFeature{{"row", Row}, {"mobility", Mobility}, {"inner", Inner}}

// ParseFeatures reads a list of term names into a feature set: "material", the base
// every hand-set evaluation stands on, and the names of HandFeatures.
func ParseFeatures(names []string) (Features, error) {
	var f Features
next:
	for _, n := range names {
		if n == "material" {
			continue
		}
		for _, h := range HandFeatures {
			if h.Name == n {
				f |= h.F
				continue next
			}
		}
		return 0, fmt.Errorf("unknown evaluation term %q (material, row, mobility or inner)", n)
	}
	return f, nil
}

// gameEval is what the evaluation keeps of one game, from its profile: its
// hand-set and default feature sets and, for a game with learned weights, their
// scorer.
type gameEval struct {
	hand, def Features
	weights   Weights
	scorer    *scorer
}

// games holds each game's gameEval by board.VariantID, made the first time the game
// is evaluated (games of rule files are registered while the program runs).
var games [board.MaxVariants]atomic.Pointer[gameEval]

// of returns game v's gameEval.
func of(v *board.Variant) *gameEval {
	if g := games[v.ID].Load(); g != nil {
		return g
	}
	return prepare(v)
}

// prepare makes game v's gameEval from its profile; a profile naming an unknown
// term or a missing or malformed weights file stops the program (only the profiles
// written in Go name weights, and their tests read every profile).
func prepare(v *board.Variant) *gameEval {
	f, err := ParseFeatures(v.Profile.Eval.Hand)
	if err != nil {
		panic("eval: the profile of " + v.Name + ": " + err.Error())
	}
	g := &gameEval{hand: f, def: f}
	switch e := v.Profile.Eval; {
	case e.WeightsText != "": // a profile file's, checked when it was read (checkEval)
		g.weights, err = ParseWeights(e.WeightsText)
		if err != nil {
			panic("eval: the profile of " + v.Name + ": " + err.Error())
		}
		g.scorer = newScorer(v, g.weights)
	case e.Weights != "":
		g.weights = readWeights(v, e.Weights)
		g.scorer = newScorer(v, g.weights)
	}
	if v.Profile.Eval.Default == "learned" {
		g.def = Learned
	}
	games[v.ID].CompareAndSwap(nil, g)
	return games[v.ID].Load()
}

// Hand is the best hand-set feature set of game v (its profile's Eval.Hand): the
// evaluation the learned one must beat, and the one that played the games its
// weights were fitted on (cmd/evaltune selfplay).
func Hand(v *board.Variant) Features { return of(v).hand }

// Default is the feature set Evaluate uses in game v (its profile's Eval.Default).
func Default(v *board.Variant) Features { return of(v).def }

// AppliesTo reports whether some term of f can change an evaluation in game v:
// Mobility and Learned in every game, Row in the scoring games, Inner in games with
// inner rows. Self-play matches use it to skip features that mean nothing in a game.
func (f Features) AppliesTo(v *board.Variant) bool {
	if f&(Mobility|Learned) != 0 || f&Row != 0 && v.Scoring {
		return true
	}
	if f&Inner != 0 {
		for h := range v.Holes() {
			if v.IsInner(h) {
				return true
			}
		}
	}
	return false
}

// Weights of the features, in centiseeds per unit: the only values tried, each
// measured as a whole feature (docs/ledger.md) but not tuned.
const (
	rowWeight      = 25  // per seed on the row
	mobilityWeight = 10  // per playable hole
	innerWeight    = -30 // per inner-row cow
)

// Evaluate returns the static score of p for the side to move with the Default features.
func Evaluate(p *board.Position) int { return of(p.Variant()).def.Evaluate(p) }

// Evaluate returns the static score of p for the side to move using the features f.
// It asks board about the rules (the fewest seeds a playable hole needs, inner-row
// cows) and never which game it is, so a new game needs only its profile.
func (f Features) Evaluate(p *board.Position) int {
	if f&Learned != 0 {
		if sc := of(p.Variant()).scorer; sc != nil {
			return sc.score(p)
		}
		f = of(p.Variant()).hand // a game without learned weights plays its hand-set terms
	}
	me, opp := p.SideToMove(), p.SideToMove().Other()
	v := p.Variant()
	// A child's seeds (own) are its owner's, as good as stored, and no longer seeds
	// of the row they lie on (inRow).
	var own, inRow [2]int
	if v.HasChildren() {
		own, inRow = p.ChildSeeds()
	}
	mine, theirs := p.Store(me)+own[me], p.Store(opp)+own[opp]
	if v.Reserves {
		// Cows change sides only by capture: those on a player's side are theirs,
		// as are those in their reserve.
		mine += p.RowSeeds(me)
		theirs += p.RowSeeds(opp)
	}
	if v.WonByClearing() {
		// The first to empty their row wins: material is the seeds a player still
		// has to get rid of, counted against them.
		mine, theirs = -p.RowSeeds(me), -p.RowSeeds(opp)
	}
	if v.WonByDepriving() {
		// The player left without seeds or moves loses: material is the seeds a
		// player keeps on their row, whatever was captured.
		mine, theirs = p.RowSeeds(me), p.RowSeeds(opp)
	}
	score := 100 * (mine - theirs)
	if f&Row != 0 && v.Scoring {
		score += rowWeight * (p.RowSeeds(me) - inRow[me] - p.RowSeeds(opp) + inRow[opp])
	}
	if f&Mobility != 0 {
		least := p.MinSowable()
		score += mobilityWeight * (playable(p, me, least) - playable(p, opp, least))
	}
	if f&Inner != 0 {
		score += innerWeight * (p.InnerCows(me) - p.InnerCows(opp))
	}
	return score
}

// playable counts side s's holes holding at least least seeds.
func playable(p *board.Position, s board.Side, least int) int {
	n := 0
	for _, h := range p.Variant().OwnHoles(s) {
		if p.Seeds(int(h)) >= least {
			n++
		}
	}
	return n
}

// The games known at start are prepared at once, so that a profile naming a bad
// term or weights file stops the program before it plays.
func init() {
	board.CheckEval = checkEval
	for _, v := range board.Variants() {
		prepare(v)
	}
}

// checkEval checks the evaluation a profile file gives a game: its terms' names and
// its weights' text (board.CheckEval).
func checkEval(e board.EvalProfile) error {
	if _, err := ParseFeatures(e.Hand); err != nil {
		return err
	}
	if e.WeightsText != "" {
		if _, err := ParseWeights(e.WeightsText); err != nil {
			return fmt.Errorf("weights: %v", err)
		}
	}
	return nil
}
