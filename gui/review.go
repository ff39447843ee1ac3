package gui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/tablebase"
)

// Game review: the engine searches every position of the shown line for a fixed
// time; each move's loss is what it gave away in the game's score unit (seeds, or
// Bao la Kimasai's log-odds) from its mover's view (the best score before it minus
// the score after it), exact (or bounded) where the endgame tables hold the
// position. The marks' thresholds are the game's (board.ScoreWords).

// defaultReviewTime is the search time per position of a review.
const defaultReviewTime = 100 * time.Millisecond

// review is a game review: the reviewed line's nodes, the scores its searches found
// and how far the engine got. It keeps its own scores: analysis of the same positions
// after it is done changes the graph, not the review.
type review struct {
	variant *board.Variant
	nodes   []*node      // the positions: nodes[i] is the node after i moves
	sides   []board.Side // the side to move at each position
	table   []*tableLoss // the loss of move i (nodes[i] to nodes[i+1]) by the endgame tables
	scores  []*int       // each position's best score, South's view, centiseeds (nil: not yet)
	values  []*int       // the margin a proven score stands for, when its search told it (margins.go)
	end     board.Result // the reviewed line's end (Over when the game is over there)
	seeds   int          // the seeds in the game: scores are clamped to them
	next    int          // the next position to search; len(nodes) when done
	time    time.Duration
	// stopped: the person stopped the review; what it found so far is kept.
	stopped bool
}

// tableLoss is what the endgame tables say a move gave away: exactly, or at least
// (a bound, where the table only bounds some values).
type tableLoss struct {
	loss  float64
	exact bool
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
	// Thresholds say the marks' meaning in the game's unit.
	Thresholds string `json:"thresholds"`
}

// reviewMove is one reviewed move.
type reviewMove struct {
	Ply   int      `json:"ply"`  // the ply the move leads to, in the reviewed line
	Node  int      `json:"node"` // the node of the move: its mark shows only on this move
	Side  int      `json:"side"` // its mover
	Loss  *float64 `json:"loss"` // what it gave away, in the game's unit (nil: not yet known)
	Mark  string   `json:"mark"` // "?!", "?", "??" or ""
	Exact bool     `json:"exact"`
	// Bound: the loss is the least the endgame table's bounds prove.
	Bound bool `json:"bound"`
}

// startReview begins a review of the shown line. The caller holds g.mu.
func (g *session) startReview(per time.Duration) error {
	r := newReview(&g.line, g.srv.endgameTable(g.variant), per)
	if r == nil {
		return errors.New("nothing to review: the game has no moves")
	}
	g.review = r
	g.analysing = false
	g.line.derive()
	return nil
}

// newReview is a review of l's shown line, nil when it has no moves; the tables tb
// (nil: none) settle the losses they can.
func newReview(l *gameLine, tb *tablebase.Table, per time.Duration) *review {
	if len(l.moves) == 0 {
		return nil
	}
	n := len(l.path)
	r := &review{variant: l.start.Variant(), nodes: append([]*node(nil), l.path...), time: per,
		scores: make([]*int, n), values: make([]*int, n), seeds: totalSeeds(l.start)}
	bg := board.NewGame(l.start)
	for i := 0; ; i++ {
		pos := bg.Position()
		r.sides = append(r.sides, pos.SideToMove())
		if i == len(l.moves) {
			break
		}
		r.table = append(r.table, lossByTable(tb, bg, l.moves[i]))
		bg.Play(l.moves[i])
	}
	if r.end = bg.Result(); r.end.Over() {
		cp := resultValue(r.end, r.seeds)
		r.scores[n-1] = &cp
		r.nodes[n-1].eval, r.nodes[n-1].value = &cp, nil
	}
	return r
}

// score records the best score of the position being searched (and its margin, for
// a proven result whose line or table told it), for the review and the graph.
func (r *review) score(cp int, value *int) {
	r.scores[r.next], r.values[r.next] = &cp, value
	r.nodes[r.next].eval, r.nodes[r.next].value = &cp, value
}

// keepTree cuts the review at its first position no longer in l's tree (deleted
// there): a review belongs to the line it reviewed. It reports whether a move is left.
func (r *review) keepTree(l *gameLine) bool {
	for i, n := range r.nodes {
		if l.nodes[n.id] != n {
			r.nodes, r.sides, r.table, r.scores, r.values = r.nodes[:i], r.sides[:i], r.table[:max(i-1, 0)], r.scores[:i], r.values[:i]
			r.end = board.Result{}
			r.next = min(r.next, i)
			break
		}
	}
	return len(r.nodes) > 1
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

// lossByTable is the seeds move m gives away at bg's position by the endgame tables,
// when they hold it: exact when they value every move there exactly, else the least
// their bounds prove (the best move's lower bound less the move's upper bound), when
// that is above 0; nil otherwise.
func lossByTable(tb *tablebase.Table, bg *board.Game, m board.Move) *tableLoss {
	mvs := tableMoves(tb, bg)
	if mvs == nil {
		return nil
	}
	pos := bg.Position()
	played := pos.Variant().FormatMove(m)
	best, at, exact := mvs[0].Lo, -1, true
	for i, mv := range mvs {
		exact = exact && mv.Exact
		best = max(best, mv.Lo)
		if mv.Move == played {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	loss := float64(best - mvs[at].Hi)
	if !exact && loss <= 0 {
		return nil
	}
	return &tableLoss{loss: max(0, loss), exact: exact}
}

// reviewJob is the search the review wants next, skipping positions where the
// game is over; nil when it is done. The caller holds g.mu.
func (g *session) reviewJob() *job {
	r := g.review
	for r.next < len(r.nodes) {
		if r.next == len(r.nodes)-1 && r.end.Over() {
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

// value is position i's score as the review counts it (centiseeds, South's view): a
// proven result at its margin (margins.go), clamped to the seeds in the game.
func (r *review) value(i int) (float64, bool) {
	if r.scores[i] == nil {
		return 0, false
	}
	cp := *r.scores[i]
	if isProven(r.variant, cp) {
		if r.values[i] != nil {
			cp = *r.values[i]
		} else {
			cp = endValue(cp, r.end, r.seeds)
		}
	}
	return float64(max(-100*r.seeds, min(100*r.seeds, cp))) / 100, true
}

// report is the review so far: each move's loss and mark, each side's accuracy.
func (r *review) report() *reviewOut {
	sw := r.variant.Profile.Words.Score
	out := &reviewOut{Running: r.running(), Stopped: r.stopped && r.next < len(r.nodes), Done: r.next, Total: len(r.nodes), Moves: []reviewMove{},
		Thresholds: thresholds(sw)}
	perUnit := 100 / sw.Marks[2] // accuracy lost per unit: none left at a blunder's loss
	var sum [2]float64
	var n [2]int
	for i := 0; i+1 < len(r.nodes); i++ {
		side := r.sides[i]
		m := reviewMove{Ply: i + 1, Node: r.nodes[i+1].id, Side: int(side)}
		before, okBefore := r.value(i)
		after, okAfter := r.value(i + 1)
		switch {
		case r.table[i] != nil:
			loss := r.table[i].loss
			m.Loss, m.Exact, m.Bound = &loss, r.table[i].exact, !r.table[i].exact
		case i+1 < r.next && okBefore && okAfter:
			loss := before - after
			if side == board.North {
				loss = -loss
			}
			loss = max(0, float64(int(loss*100+0.5))/100)
			m.Loss = &loss
		}
		if m.Loss != nil {
			m.Mark = markFor(*m.Loss, sw.Marks)
			sum[side] += max(0, 100-perUnit**m.Loss)
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

// markFor is the mark of a move that lost loss, by a game's thresholds marks
// (board.ScoreWords.Marks: ?!, ? and ??).
func markFor(loss float64, marks [3]float64) string {
	switch {
	case loss >= marks[2]:
		return "??"
	case loss >= marks[1]:
		return "?"
	case loss >= marks[0]:
		return "?!"
	}
	return ""
}

// thresholds says a game's marks in words: "?! from 1 seed lost, ? from 2, ?? from
// 4; a move's accuracy is 100% less 25% a seed lost".
func thresholds(sw board.ScoreWords) string {
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	unit := func(x float64) string {
		if x == 1 {
			return sw.One
		}
		return sw.Unit
	}
	return fmt.Sprintf("?! from %s %s lost, ? from %s, ?? from %s; a move's accuracy is 100%% less %s%% a%s %s lost",
		num(sw.Marks[0]), unit(sw.Marks[0]), num(sw.Marks[1]), num(sw.Marks[2]), num(100/sw.Marks[2]), article(sw.One), sw.One)
}

// article is "n" before a word starting with a vowel, for "a"/"an".
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "n"
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
