package board

// The hot rules of each game are called through switches on the game's ruleKind
// rather than through the rules interface: a pointer handed to an interface method
// escapes to the heap, and move generation must not allocate. Each switch lists the
// named rules (named.go); its default plays a game of the generic rules (sowing.go).

// playFrom plays the move from hole h, one of the side to move's holes, writing the
// resulting position to q (q must not be p). The verdict says why the move is not
// legal (empty hole, too few seeds, endless, feeding, opening); q is then undefined.
func (p *Position) playFrom(h int, q *Position) verdict {
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe:
		return jeKiNJeRules{}.play(p, h, q)
	case kindAdjiKui:
		return adjiKuiRules{}.play(p, h, q)
	case kindAdjiBoto:
		return adjiBotoRules{}.play(p, h, q)
	case kindBao:
		return baoRules{}.play(p, h, q)
	}
	return p.fileRules().play(variants[p.variant], p, h, q)
}

// fileRules returns the generic rules of a game read from a rule file; a game with
// neither Go rules nor a file's is a program error.
func (p *Position) fileRules() *fileRules {
	if v := variants[p.variant]; v != nil && v.file != nil {
		return v.file
	}
	panic(noRules(p.variant))
}

// playHoles plays each hole move of the side to move, in coordinate order, and
// returns how many are legal. The i-th legal move and its position go to
// out[i*stride]: stride 1 keeps them all, stride 0 plays every move into out[0] when
// only the count is wanted. Choosing the game once, outside the loop, saves a switch
// and a call per move.
func (p *Position) playHoles(out []Child, stride int) int {
	own := variants[p.variant].own[p.side]
	n := 0
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe:
		for _, h := range own {
			c := &out[n*stride]
			if (jeKiNJeRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	case kindAdjiKui:
		n = adjiKuiRules{}.playAll(p, out, stride)
	case kindAdjiBoto:
		for _, h := range own {
			c := &out[n*stride]
			if (adjiBotoRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	case kindBao:
		for _, h := range own {
			c := &out[n*stride]
			if (baoRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	default:
		n = p.fileRules().playAll(variants[p.variant], p, out, stride, true)
	}
	return n
}

// countByCounts returns the number of moves Generate would list when the counts
// alone tell which holes may be played (a single lap that always ends: Adji Kui I and
// Adji-Boto), or a rule file's game counts them in one call, with ok true; ok is
// false for the games whose moves must be played to know (endless moves, feeding,
// decided positions), whose moves countMoves plays.
func (p *Position) countByCounts() (n int, ok bool) {
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindAdjiKui:
		return adjiKuiRules{}.countMoves(p), true
	case kindAdjiBoto:
		return adjiBotoRules{}.countMoves(p), true
	}
	if v := variants[p.variant]; v != nil && v.file != nil {
		return v.file.countMoves(v, p), true
	}
	return 0, false
}

// mayPass reports whether a side to move with no legal hole move must pass (rather
// than the game ending).
func (p *Position) mayPass() bool {
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe, kindBao:
		return false
	case kindAdjiKui:
		return adjiKuiRules{}.mayPass(p)
	case kindAdjiBoto:
		return adjiBotoRules{}.mayPass(p)
	}
	return p.fileRules().mayPass(p)
}

// decided reports a game already won by the move that produced p (Bao la Kimasai's
// empty inner rows, a rule file's endings such as a store of more than half the
// seeds; the other named games are never decided before the side to move is stuck).
func (p *Position) decided() (Result, bool) {
	switch kinds[p.variant&(MaxVariants-1)] {
	case kindJeKiNJe, kindAdjiKui, kindAdjiBoto:
		return Result{}, false
	case kindBao:
		return baoRules{}.decided(p)
	}
	return p.fileRules().decided(p)
}
