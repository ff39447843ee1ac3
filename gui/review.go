package gui

import (
	"errors"
	"strconv"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/tablebase"
)

// Game review: the engine searches every position of the shown line for a fixed
// time; each move's loss is what it gave away in seeds from its mover's view (the
// best score before it minus the score after it), exact where the endgame tables
// hold the position. The marks' thresholds, in seeds lost:
const (
	inaccuracy = 1.0 // ?!
	mistake    = 2.0 // ?
	blunder    = 4.0 // ??
)

// defaultReviewTime is the search time per position of a review.
const defaultReviewTime = 100 * time.Millisecond

// review is a game review: the reviewed line's nodes and how far the engine got.
type review struct {
	nodes []*node       // the positions: nodes[i] is the node after i moves
	sides []board.Side  // the side to move at each position
	exact []*float64    // exact loss of move i (nodes[i] to nodes[i+1]) from the tables
	final *int          // the last position's value when the game is over there (South's view)
	next  int           // the next position to search; len(nodes) when done
	time  time.Duration // search time per position
	// stopped: the person stopped the review; what it found so far is kept.
	stopped bool
}

// running reports whether the review still has positions to search.
func (r *review) running() bool { return !r.stopped && r.next < len(r.nodes) }

// reviewOut is the review as the page shows it.
type reviewOut struct {
	Running  bool         `json:"running"`
	Stopped  bool         `json:"stopped"` // stopped before the end: the losses found so far stand
	Done     int          `json:"done"`    // positions searched (or settled by the tables or the end)
	Total    int          `json:"total"`   // positions to search
	Moves    []reviewMove `json:"moves"`   // by ply of the reviewed line, from 1
	Accuracy [2]*float64  `json:"accuracy"`
	// Thresholds say the marks' meaning in seeds lost.
	Thresholds string `json:"thresholds"`
}

// reviewMove is one reviewed move.
type reviewMove struct {
	Ply   int      `json:"ply"`  // the ply the move leads to
	Side  int      `json:"side"` // its mover
	Loss  *float64 `json:"loss"` // seeds given away (nil: not yet known)
	Mark  string   `json:"mark"` // "?!", "?", "??" or ""
	Exact bool     `json:"exact"`
}

// startReview begins a review of the shown line. The caller holds g.mu.
func (g *session) startReview(per time.Duration) error {
	l := &g.line
	if len(l.moves) == 0 {
		return errors.New("nothing to review: the game has no moves")
	}
	r := &review{nodes: append([]*node(nil), l.path...), time: per}
	bg := board.NewGame(l.start)
	tb := g.srv.endgameTable(g.variant)
	seeds := totalSeeds(l.start)
	for i := 0; ; i++ {
		pos := bg.Position()
		r.sides = append(r.sides, pos.SideToMove())
		if i == len(l.moves) {
			break
		}
		r.exact = append(r.exact, exactLoss(tb, bg, l.moves[i]))
		bg.Play(l.moves[i])
	}
	if res := bg.Result(); res.Over() {
		cp := resultValue(res, seeds)
		r.final = &cp
		r.nodes[len(r.nodes)-1].eval = &cp
	}
	g.review = r
	g.analysing = false
	g.line.derive()
	return nil
}

// resultValue is a finished game's value from South's view in centiseeds: the
// final margin of a scoring game, else all the seeds to the winner.
func resultValue(res board.Result, seeds int) int {
	if res.Scored {
		return 100 * (res.South - res.North)
	}
	if s, ok := res.Winner(); ok {
		return southView(100*seeds, s)
	}
	return 0
}

// exactLoss is the seeds move m gives away at bg's position by the endgame tables,
// when they hold it and value every move there exactly (nil otherwise).
func exactLoss(tb *tablebase.Table, bg *board.Game, m board.Move) *float64 {
	mvs := tableMoves(tb, bg)
	if mvs == nil {
		return nil
	}
	pos := bg.Position()
	played := pos.Variant().FormatMove(m)
	best, at := mvs[0].Lo, -1
	for i, mv := range mvs {
		if !mv.Exact {
			return nil
		}
		best = max(best, mv.Lo)
		if mv.Move == played {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	loss := float64(best - mvs[at].Lo)
	return &loss
}

// reviewJob is the search the review wants next, skipping positions where the
// game is over; nil when it is done. The caller holds g.mu.
func (g *session) reviewJob() *job {
	r := g.review
	for r.next < len(r.nodes) {
		if r.next == len(r.nodes)-1 && r.final != nil {
			r.next++ // the end: valued by the result
			continue
		}
		bg := replay(g.line.start, r.nodes[r.next])
		ms := strconv.FormatInt(r.time.Milliseconds(), 10)
		return &job{review: true, goCmd: "go movetime " + ms, limit: r.time, side: r.sides[r.next], root: bg.Position(),
			position: client.PositionCommand(bg), options: g.reviewOptions()}
	}
	return nil
}

// report is the review so far: each move's loss and mark, each side's accuracy.
func (r *review) report(seeds int) *reviewOut {
	out := &reviewOut{Running: r.running(), Stopped: r.stopped && r.next < len(r.nodes), Done: r.next, Total: len(r.nodes), Moves: []reviewMove{},
		Thresholds: "?! from 1 seed lost, ? from 2, ?? from 4; a move's accuracy is 100% less 25% a seed lost"}
	clamp := func(cp int) float64 { return float64(max(-100*seeds, min(100*seeds, cp))) / 100 }
	var sum [2]float64
	var n [2]int
	for i := 0; i+1 < len(r.nodes); i++ {
		side := r.sides[i]
		m := reviewMove{Ply: i + 1, Side: int(side)}
		switch {
		case r.exact[i] != nil:
			m.Loss, m.Exact = r.exact[i], true
		case i+1 < r.next && r.nodes[i].eval != nil && r.nodes[i+1].eval != nil:
			before, after := clamp(*r.nodes[i].eval), clamp(*r.nodes[i+1].eval)
			loss := before - after
			if side == board.North {
				loss = -loss
			}
			loss = max(0, float64(int(loss*100+0.5))/100)
			m.Loss = &loss
		}
		if m.Loss != nil {
			m.Mark = markFor(*m.Loss)
			sum[side] += max(0, 100-25**m.Loss)
			n[side]++
		}
		out.Moves = append(out.Moves, m)
	}
	for s := range sum {
		if n[s] > 0 {
			a := float64(int(sum[s]/float64(n[s])*10+0.5)) / 10
			out.Accuracy[s] = &a
		}
	}
	return out
}

// markFor is the mark of a move that lost loss seeds.
func markFor(loss float64) string {
	switch {
	case loss >= blunder:
		return "??"
	case loss >= mistake:
		return "?"
	case loss >= inaccuracy:
		return "?!"
	}
	return ""
}

// reviewOptions are a review search's options: the engine's full strength, one line.
func (g *session) reviewOptions() []client.Option {
	opts := g.engineOptions(false)
	for i := range opts {
		if opts[i].Name == "MultiPV" {
			opts[i].Value = "1"
		}
	}
	return opts
}
