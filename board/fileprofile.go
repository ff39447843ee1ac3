package board

// fileProfile is the profile of a game of the generic rules whose file names none
// (profile = ...): the hand-set evaluation from named terms (the stores' difference
// and the seeds on each row, which the scoring games' endings give to the row's
// owner, eval's "row"), the search settings measured in the two-row games of named rules (Adji Kui I's, whose
// rules are nearest the common kind), a flat clock and the score conversion of a
// seed-counting game. It has no bench positions: the bench signs the games whose
// search was measured. A game file may be played at once with it; a profile tuned
// for the game is future work (docs/new-game.md).
func fileProfile(v *Variant) Profile {
	f := v.file
	words := map[uint8]string{
		leftOwner:  "each took the seeds on their own side",
		leftOther:  "the last mover took the seeds left on the board",
		leftNobody: "the seeds left on the board went to nobody",
		leftSplit:  "the seeds left on the board were split between the players",
	}
	left := words[f.seedsLeft]
	ends := map[Reason]string{
		NoLegalMove: "the player to move could not move: " + left,
		LoopEnding:  "a position repeated: " + words[f.loopSeeds],
	}
	if f.fewerThan > 0 {
		ends[FewSeeds] = "too few seeds were left to change the outcome: " + left
	}
	if f.rowEmptyEnds {
		ends[RowEmpty] = "a row was empty after a move: " + left
	}
	if f.ownRowEnds {
		ends[RowEmpty] = "the mover's row was empty after its move: " + left
	}
	if f.otherRowEnds {
		ends[RowEmpty] = "the mover's opponent's row was empty after the move: " + left
	}
	if f.unfedTakes {
		ends[FeedingImpossible] = "the player to move could not feed the other: the other took the seeds left on the board"
	}
	if f.clearGoal {
		ends[RowEmpty] = "a player's row was empty: they won (the mover, if both were)"
		ends[LoopEnding] = "a position repeated: a draw"
	}
	if f.outGoal() {
		ends[NoLegalMove] = "the player to move could not move: they lost (after an endless sowing, a draw)"
		ends[LoopEnding] = "a position repeated: a draw"
	}
	if f.depriveGoal {
		ends[RowEmpty] = "a player's row was empty: they lost (the mover won, if both were)"
	}
	if f.majority {
		ends[MajorityCaptured] = "a store held more than half the seeds"
	}
	if f.round != nil {
		ends[MajorityCaptured] = "a store held more seeds than left the other player enough to play another round"
		ends[NoLegalMove] = "the player to move could not move, and a player could not fill enough holes for another round: " + left
		ends[LoopEnding] = "a position repeated within a round: " + words[f.loopSeeds]
		if f.fewerThan > 0 {
			ends[FewSeeds] = "too few seeds were left to change the round, and a player could not fill enough holes for another round: " + left
		}
		if f.round.tally != tallyNone { // the round counted, the tallies decide
			won := ", the round counted: the higher tally won"
			ends[MajorityCaptured] = "a store held every seed" + won
			ends[NoLegalMove] = "the player to move could not move: " + left + won
			ends[LoopEnding] = "a position repeated: " + words[f.loopSeeds] + won
			if f.fewerThan > 0 {
				ends[FewSeeds] = "too few seeds were left to change the round: " + left + won
			}
		}
	}
	hand := []string{"material", "row"}
	if f.anyHole { // no row is a player's: the row term would count seeds for no one
		hand = hand[:1]
	}
	if f.outGoal() { // seeds are not scored: the holes a player can play are their means
		hand = []string{"material", "mobility"}
	}
	return Profile{
		Eval:   EvalProfile{Hand: hand, Default: "hand"},
		Search: SearchProfile{FutilityMargin: 100, SingularMargin: 4, QuiesceDepth: Off},
		Clock:  ClockProfile{Flat: 20},
		Score:  ScoreProfile{Margin: 1, Lead: 1, Reach: 8, WinAt: 130, WinWidth: 307},
		Words: Words{Phases: []string{v.Title + ", from its rule file"}, Ends: ends,
			Score: ScoreWords{Unit: "seeds", One: "seed", Marks: [3]float64{1, 2, 4}}},
	}
}
