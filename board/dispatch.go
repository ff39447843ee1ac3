package board

// The hot rules of each game are called through switches on the variant rather than
// through the rules interface: a pointer handed to an interface method escapes to the
// heap, and move generation must not allocate. Each switch lists the five games written in Go; its default plays a
// rule file's game (sowing.go).

// playFrom plays the move from hole h, one of the side to move's holes, writing the
// resulting position to q (q must not be p). The verdict says why the move is not
// legal (empty hole, too few seeds, endless, feeding, opening); q is then undefined.
func (p *Position) playFrom(h int, q *Position) verdict {
	switch p.variant {
	case JeKiNJe:
		return jeKiNJeRules{}.play(p, h, q)
	case AdjiKui1:
		return adjiKuiRules{}.play(p, h, q)
	case AdjiBoto:
		return adjiBotoRules{}.play(p, h, q)
	case BaoLaKimasai:
		return baoRules{}.play(p, h, q)
	case OwareAbapa:
		return owareRules{}.play(p, h, q)
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
	switch p.variant {
	case JeKiNJe:
		for _, h := range own {
			c := &out[n*stride]
			if (jeKiNJeRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	case AdjiKui1:
		n = adjiKuiRules{}.playAll(p, out, stride)
	case AdjiBoto:
		for _, h := range own {
			c := &out[n*stride]
			if (adjiBotoRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	case BaoLaKimasai:
		for _, h := range own {
			c := &out[n*stride]
			if (baoRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	case OwareAbapa:
		for _, h := range own {
			c := &out[n*stride]
			if (owareRules{}).play(p, int(h), &c.Pos) == legal {
				c.Move = Move(h)
				n++
			}
		}
	default:
		n = p.fileRules().playAll(variants[p.variant], p, out, stride)
	}
	return n
}

// countByCounts returns the number of moves Generate would list when the counts
// alone tell which holes may be played (a single lap that always ends: Adji Kui I and
// Adji-Boto), or a rule file's game counts them in one call, with ok true; ok is
// false for the games whose moves must be played to know (endless moves, feeding,
// decided positions), whose moves countMoves plays.
func (p *Position) countByCounts() (n int, ok bool) {
	switch p.variant {
	case AdjiKui1:
		return adjiKuiRules{}.countMoves(p), true
	case AdjiBoto:
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
	switch p.variant {
	case JeKiNJe, BaoLaKimasai, OwareAbapa:
		return false
	case AdjiKui1:
		return adjiKuiRules{}.mayPass(p)
	case AdjiBoto:
		return adjiBotoRules{}.mayPass(p)
	}
	return p.fileRules().mayPass(p)
}

// decided reports a game already won by the move that produced p (Bao la Kimasai's
// empty inner rows, Oware Abapa's store of more than half the seeds; the other games
// are never decided before the side to move is stuck).
func (p *Position) decided() (Result, bool) {
	switch p.variant {
	case JeKiNJe, AdjiKui1, AdjiBoto:
		return Result{}, false
	case BaoLaKimasai:
		return baoRules{}.decided(p)
	case OwareAbapa:
		return owareRules{}.decided(p)
	}
	return p.fileRules().decided(p)
}
