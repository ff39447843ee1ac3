package board_test

import (
	"strings"
	"testing"

	"mancala/board"
)

// playIntoCoverage counts the kinds of position checkPlayInto met, so that a test can
// insist the rare cases were among them.
type playIntoCoverage struct {
	positions, over, passes, endless int
}

// checkPlayInto checks PlayInto and Play against Generate for every hole number, Pass
// and NoMove at p: legal exactly when listed, and then the listed position (hash
// included); q starts as stale, a different position, to catch a move that leaves
// part of it unwritten.
func checkPlayInto(t *testing.T, p, stale *board.Position, cov *playIntoCoverage) bool {
	t.Helper()
	var cl board.ChildList
	p.Generate(&cl)
	var listed [256]*board.Position
	for i := 0; i < cl.N; i++ {
		listed[cl.Children[i].Move] = &cl.Children[i].Pos
	}
	cov.positions++
	if cl.N == 0 {
		cov.over++
	}
	if listed[board.Pass] != nil {
		cov.passes++
	}
	v := p.Variant()
	moves := []board.Move{board.Pass, board.NoMove}
	for h := 0; h < board.MaxHoles; h++ {
		moves = append(moves, board.Move(h))
	}
	for _, m := range moves {
		want := listed[m]
		q := *stale
		ok := p.PlayInto(m, &q)
		if ok != (want != nil) {
			t.Errorf("%s %q: PlayInto(%d) legal=%v, Generate lists it: %v", v.Name, p.String(), m, ok, want != nil)
			return false
		}
		if ok && q != *want {
			t.Errorf("%s %q: PlayInto(%d) gives %q (hash %x), Generate %q (hash %x)",
				v.Name, p.String(), m, q.String(), q.Hash(), want.String(), want.Hash())
			return false
		}
		r, err := p.Play(m)
		switch {
		case (err == nil) != ok:
			t.Errorf("%s %q: Play(%d) error %v, PlayInto legal=%v", v.Name, p.String(), m, err, ok)
			return false
		case ok && r != *want, !ok && r != *p:
			t.Errorf("%s %q: Play(%d) gives %q", v.Name, p.String(), m, r.String())
			return false
		case err != nil && strings.Contains(err.Error(), "endless"):
			cov.endless++
		}
	}
	return true
}

// TestPlayIntoAgreesWithGenerate checks PlayInto and Play against Generate in every
// position of random games of every variant, from the start and from random
// positions, including the final positions, passes and two positions with an
// endless move.
func TestPlayIntoAgreesWithGenerate(t *testing.T) {
	games := scaled(200)
	for _, name := range []string{jeKiNJe, adjiKui, adjiBoto, bao} {
		t.Run(name, func(t *testing.T) {
			v := variant(t, name)
			var cov playIntoCoverage
			stale := v.StartPosition()
			walkRandomGames(t, name, games, 34, func(p *board.Position, _ *board.ChildList) {
				if checkPlayInto(t, p, &stale, &cov) {
					stale = *p
				}
			})
			if cov.over == 0 {
				t.Errorf("%d positions, none without a legal move", cov.positions)
			}
			if v.Name == adjiKui || v.Name == adjiBoto {
				if cov.passes == 0 {
					t.Errorf("%d positions, none with a pass", cov.positions)
				}
			}
			t.Logf("%d positions, %d without a move, %d with a pass", cov.positions, cov.over, cov.passes)
		})
	}
	t.Run("endless", func(t *testing.T) {
		var cov playIntoCoverage
		for _, c := range []struct{ variant, pos string }{
			{jeKiNJe, "1,2,1,0,4,1/3,4,9,2,3,11 N 7 0 -"},
			{bao, "1,1,1,2,0,2,2,0/1,2,3,0,0,2,0,1/1,0,3,6,0,4,3,2/2,1,4,1,2,3,10,3 S 0 1 -"},
		} {
			p := parse(t, c.variant, c.pos)
			stale := variant(t, c.variant).StartPosition()
			checkPlayInto(t, &p, &stale, &cov)
		}
		if cov.endless != 2 {
			t.Errorf("%d endless moves met, want 2", cov.endless)
		}
	})
}
