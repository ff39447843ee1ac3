package board

// The questions a search and an evaluation ask about a position, answered from each
// game's rules type so that nothing outside this package re-derives the rules.

// MayBeOver is a cheap test of whether the game may be over at p, by step 1 or 2 of
// the package doc's path. False means the side to move has a legal move or must pass,
// with one exception: it does not look for endless moves (more than MaxLaps laps),
// so a position whose every move is endless (only the relay games, Je ki n je and Bao
// la Kimasai, can have one, and none has been found) is taken for one that
// goes on. It ignores loop endings, which need the game's history. True means only
// that Ended and Generate must be asked.
func (p *Position) MayBeOver() bool {
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe:
		return jeKiNJeRules{}.mayBeOver(p)
	case kindAdjiKui:
		return adjiKuiRules{}.mayBeOver(p)
	case kindAdjiBoto:
		return adjiBotoRules{}.mayBeOver(p)
	case kindBao:
		return baoRules{}.mayBeOver(p)
	}
	return p.fileRules().mayBeOver(variants[p.variant], p)
}

// Ended reports whether the game is over at p without generating moves, and its
// result. repeated says that p occurred earlier in the game: the loop ending then
// ends it. Otherwise only a rule decided by the move that produced p can end it
// here (Bao la Kimasai's empty inner rows, a rule file's majority or row ending); a game that Ended does not call over may
// still be over because the side to move has no move (see NoMoveResult).
func (p *Position) Ended(repeated bool) (Result, bool) {
	if repeated {
		return variants[p.variant].rules.loop(p), true
	}
	return p.decided()
}

// NoMoveResult is the result of the game at p when Generate lists no child: the side
// to move can neither move nor pass. Ask Ended first: a position it calls over has no
// children either, with its own result.
func (p *Position) NoMoveResult() Result {
	return variants[p.variant].rules.stuck(p)
}

// MinSowable is the fewest seeds a hole needs for its owner to play it: 1 in Je ki n
// je, Bao la Kimasai and Oware Abapa, 2 in Adji Kui I and Adji-Boto. Other rules (the feeding rule,
// Adji-Boto's opening, endless moves) may still forbid a hole that has enough.
func (p *Position) MinSowable() int {
	return variants[p.variant].rules.minSowable()
}

// InnerCows counts side s's cows in their inner row (Bao la Kimasai's rows 2 and 3,
// whose emptying ends the game); it is 0 in games without inner rows.
func (p *Position) InnerCows(s Side) int {
	n := 0
	for _, h := range variants[p.variant].inner[s] {
		n += int(p.holes[h])
	}
	return n
}

// result is the result at p, by the path of the package doc; repeated says that p
// occurred earlier in the game.
func (p *Position) result(repeated bool) Result {
	if res, over := p.Ended(repeated); over {
		return res
	}
	var cl ChildList
	p.Generate(&cl)
	if cl.N > 0 {
		return Result{}
	}
	return p.NoMoveResult()
}

// SeedsOnBoard counts the seeds (cows) in the holes of both sides: the variant's
// Seeds less the two stores (reserves in Bao la Kimasai). The time manager reads
// the game's progress from it.
func (p *Position) SeedsOnBoard() int {
	return p.RowSeeds(South) + p.RowSeeds(North)
}

// Captured returns how many seeds (cows in Bao la Kimasai) the move from p to its
// child q took from the opponent: what the mover's store gained in the scoring games;
// in Bao la Kimasai, what the mover's cows on the board and in reserve together
// gained (the seized cows, sown on the mover's side). q must be a child of p.
func (p *Position) Captured(q *Position) int {
	me := p.side
	gain := int(q.stores[me]) - int(p.stores[me])
	if variants[p.variant].Reserves {
		gain += q.RowSeeds(me) - p.RowSeeds(me)
	}
	return gain
}

// NoChildResult is the result of the game at p when p.Generate lists no child: a rule
// decided by the move that produced p (Ended), else the side to move has neither a
// move nor a pass (NoMoveResult).
func (p *Position) NoChildResult() Result {
	if r, over := p.Ended(false); over {
		return r
	}
	return p.NoMoveResult()
}

// LoopResult is the result of a loop ending at p: p repeats an earlier position of
// the game.
func (p *Position) LoopResult() Result {
	return variants[p.variant].rules.loop(p)
}

// IrreversibleKey packs the parts of p that never return to an earlier value in a
// game: stores (captured seeds) only grow, reserves only shrink, and the variant
// state of the games written in Go (Adji-Boto's opening holes, Bao la Kimasai's
// first-move flag) only loses bits; a rule file's state (who moves again, a barred
// hole) comes and goes, and is left out, but for a round's (its blocked holes, its
// first position), which changes only when a round ends: a round's positions never
// repeat those of another, as stores, in a game of rounds, do not only grow. In a
// game whose stores may shrink (Variant.CapturesStores) the stores are left out. Two
// positions with different keys can never be a repetition of each other, so a
// repetition tracker need only compare positions since the key last changed.
func (p *Position) IrreversibleKey() uint64 {
	state := p.state
	if f := variants[p.variant].file; f != nil {
		state &= roundBits | roundBegun // a round's state lasts the round
		if f.storesShrink() {
			return uint64(state)
		}
	}
	return uint64(state) | uint64(p.stores[South])<<16 | uint64(p.stores[North])<<24
}
