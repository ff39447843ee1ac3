package search

import (
	"fmt"
	"os"
	"testing"

	"mancala/board"
	"math/rand/v2"
)

type lmrToggle struct {
	*AlphaBeta
	on bool
}

func (l lmrToggle) Search(req Request, ctl *Control) Result {
	useLMR = l.on
	return l.AlphaBeta.Search(req, ctl)
}

func TestLMRMatch(t *testing.T) {
	if os.Getenv("LMR_MATCH") == "" {
		t.Skip()
	}
	for _, v := range board.Variants() {
		a := lmrToggle{NewAlphaBeta(Options{HashMB: 4}), true}
		b := lmrToggle{NewAlphaBeta(Options{HashMB: 4}), false}
		w, l, d := 0, 0, 0
		rng := rand.New(rand.NewPCG(3, uint64(v.ID)))
		nodes := uint64(30000)
		if v.ID == board.BaoLaKimasai {
			nodes = 10000
		}
		for pair := 0; pair < 60; pair++ {
			open := board.NewGame(v.StartPosition())
			for i := 0; i < 4 && !open.Result().Over(); i++ {
				var ml board.MoveList
				p := open.Position()
				p.LegalMoves(&ml)
				open.Play(ml.Moves[rng.IntN(ml.N)])
			}
			for aSide := board.South; aSide <= board.North; aSide++ {
				g := board.NewGame(open.Start())
				for _, m := range open.Moves() {
					g.Play(m)
				}
				a.NewGame()
				b.NewGame()
				for ply := 0; ply < 1000 && !g.Result().Over(); ply++ {
					p := g.Position()
					var pl Searcher = b
					if p.SideToMove() == aSide {
						pl = a
					}
					var ctl Control
					res := pl.Search(Request{History: g.Positions(), Limits: Limits{Nodes: nodes}}, &ctl)
					g.Play(res.Best)
				}
				win, ok := g.Result().Winner()
				switch {
				case !ok:
					d++
				case win == aSide:
					w++
				default:
					l++
				}
			}
		}
		fmt.Printf("%s LMR vs none: +%d -%d =%d\n", v.Name, w, l, d)
	}
}
