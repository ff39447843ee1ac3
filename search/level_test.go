package search_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"mancala/board"
	"mancala/search"
	"mancala/search/alphabeta"
	"mancala/search/words"
)

// fullStrength is the searcher the levels weaken in these tests.
func fullStrength() search.Searcher { return alphabeta.New(search.Options{HashMB: 1}) }

// levelPlyCap ends a test game as a draw if it has not finished by then.
const levelPlyCap = 400

// levelOpening returns plies random moves from v's start position.
func levelOpening(v *board.Variant, rng *rand.Rand, plies int) []board.Move {
	var moves []board.Move
	p := v.StartPosition()
	var cl board.ChildList
	for range plies {
		if p.Generate(&cl); cl.N == 0 {
			break
		}
		c := cl.Children[rng.IntN(cl.N)]
		moves = append(moves, c.Move)
		p = c.Pos
	}
	return moves
}

// levelPlayGame plays one game of v after the opening, every move searched to depth,
// and returns its moves and result.
func levelPlayGame(t *testing.T, v *board.Variant, open []board.Move, players [2]search.Searcher, depth int) ([]board.Move, board.Result) {
	t.Helper()
	g := board.NewGame(v.StartPosition())
	for _, m := range open {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range players {
		p.NewGame()
	}
	var ctl search.Control
	for ply := 0; !g.Result().Over() && ply < levelPlyCap; ply++ {
		pos := g.Position()
		ctl.Reset()
		res := players[pos.SideToMove()].Search(search.Request{History: g.Positions(),
			Limits: search.Limits{Depth: depth}}, &ctl)
		if err := g.Play(res.Best); err != nil {
			t.Fatalf("%s: %v", pos, err)
		}
	}
	return g.Moves(), g.Result()
}

// levelMatch plays pairs of games (each opening with a as South, then as North) and
// returns a's points, counting a win 1 and a draw 1/2.
func levelMatch(t *testing.T, v *board.Variant, a, b search.Searcher, pairs, depth int) float64 {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, uint64(v.ID)))
	points := 0.0
	for range pairs {
		open := levelOpening(v, rng, 2)
		for _, aSide := range []board.Side{board.South, board.North} {
			players := [2]search.Searcher{b, b}
			players[aSide] = a
			_, r := levelPlayGame(t, v, open, players, depth)
			switch w, decisive := r.Winner(); {
			case !decisive:
				points += 0.5
			case w == aSide:
				points++
			}
		}
	}
	return points
}

// TestLevelOneLosesToLevelTen: level 1 must lose clearly to full strength at the same
// depth, over 16 games in two variants. A wrapper that ignored its level would score
// about half; 3 points or fewer of 16 happen by chance to equals about 1% of the time.
func TestLevelOneLosesToLevelTen(t *testing.T) {
	const pairs, depth = 4, 3
	total := 0.0
	for _, v := range []*board.Variant{board.JeKiNJe.Get(), board.AdjiKui1.Get()} {
		weak := search.WithLevel(fullStrength(), 1, 1, search.Options{HashMB: 1})
		points := levelMatch(t, v, weak, fullStrength(), pairs, depth)
		t.Logf("%s: level 1 scored %.1f of %d against level 10", v.Name, points, 2*pairs)
		total += points
	}
	if total > 3 {
		t.Errorf("level 1 scored %.1f of %d against level 10, want at most 3", total, 4*pairs)
	}
}

// scripted is an inner searcher that reports one line per root move with the given
// scores (in the order of the legal moves; fewer scores leave the rest unreported)
// and records the options and limits it is given.
type scripted struct {
	scores  []int
	options []search.Options
	limits  []search.Limits
	games   int
}

func (s *scripted) Search(req search.Request, _ *search.Control) search.Result {
	s.limits = append(s.limits, req.Limits)
	var ml board.MoveList
	req.History[len(req.History)-1].LegalMoves(&ml)
	for i, v := range s.scores {
		req.Info(search.Info{Depth: 1, MultiPV: i + 1, Score: words.Score{Value: v},
			PV: []board.Move{ml.Moves[i], ml.Moves[(i+1)%ml.N]}})
	}
	return search.Result{Best: ml.Moves[0], Ponder: board.NoMove, Score: words.Score{Value: s.scores[0]}}
}

func (s *scripted) NewGame()                    { s.games++ }
func (s *scripted) SetOptions(o search.Options) { s.options = append(s.options, o) }

// levelChoices runs n searches of the start position of je-ki-n-je through a level
// over a scripted inner searcher and counts how often each legal move was played.
func levelChoices(t *testing.T, level int, scores []int, n int) (counts []int, moves []board.Move) {
	t.Helper()
	root := board.JeKiNJe.Get().StartPosition()
	var ml board.MoveList
	root.LegalMoves(&ml)
	moves = ml.Moves[:ml.N]
	counts = make([]int, ml.N)
	l := search.WithLevel(&scripted{scores: scores}, level, 5, search.Options{})
	for range n {
		res := l.Search(search.Request{History: []board.Position{root}}, &search.Control{})
		i := slices.Index(moves, res.Best)
		if i < 0 {
			t.Fatalf("level %d played %v, not a legal move", level, res.Best)
		}
		counts[i]++
	}
	return counts, moves
}

// TestLevelChoiceFollowsTheScores: better-scored moves are played more often; the
// low level spreads its choices, the high level nearly always plays the best. A
// wrapper that ignored the scores, or the level, would fail.
func TestLevelChoiceFollowsTheScores(t *testing.T) {
	scores := []int{-2000, 1000, 0, -1000, 500} // the sixth legal move is unscored
	const n = 2000
	low, moves := levelChoices(t, 1, scores, n)
	high, _ := levelChoices(t, 9, scores, n)
	if len(moves) != 6 {
		t.Fatalf("the start position has %d moves, the test expects 6", len(moves))
	}
	order := []int{1, 4, 2, 3, 0} // from best to worst
	for k := 1; k < len(order); k++ {
		if low[order[k-1]] <= low[order[k]] {
			t.Errorf("level 1 played the move scored %d %d times, no more than a worse one (%d times): %v",
				scores[order[k-1]], low[order[k-1]], low[order[k]], low)
		}
	}
	if low[0] == 0 || low[1] > n*3/4 {
		t.Errorf("level 1 choices %v: want even the worst move sometimes and the best at most 3/4 of the time", low)
	}
	if high[1] < n*95/100 {
		t.Errorf("level 9 played the best move %d of %d times (choices %v), want at least 95%%", high[1], n, high)
	}
}

// TestLevelUnscoredMovesCountAsWorse: an inner searcher that reports only its best
// line (one that ignores MultiPV) leaves the other moves unscored; they must count
// as worse, not as equal, so a high level still plays the reported move.
func TestLevelUnscoredMovesCountAsWorse(t *testing.T) {
	const n = 1000
	high, _ := levelChoices(t, 9, []int{0}, n)
	if high[0] < n*95/100 {
		t.Errorf("level 9 played the only scored move %d of %d times (choices %v), want at least 95%%", high[0], n, high)
	}
}

// TestLevelResultCarriesTheChosenLine: the result's score and ponder move are those
// of the line of the move played, not of the inner searcher's best.
func TestLevelResultCarriesTheChosenLine(t *testing.T) {
	root := board.JeKiNJe.Get().StartPosition()
	var ml board.MoveList
	root.LegalMoves(&ml)
	scores := []int{0, 10, 20, 30, 40, 50}
	l := search.WithLevel(&scripted{scores: scores}, 1, 9, search.Options{})
	seen := 0
	for range 50 {
		res := l.Search(search.Request{History: []board.Position{root}}, &search.Control{})
		i := slices.Index(ml.Moves[:ml.N], res.Best)
		if res.Score.Value != scores[i] || res.Ponder != ml.Moves[(i+1)%ml.N] {
			t.Fatalf("played %v (line %d) with score %d and ponder %v, want %d and %v",
				res.Best, i, res.Score.Value, res.Ponder, scores[i], ml.Moves[(i+1)%ml.N])
		}
		if i != 0 {
			seen++
		}
	}
	if seen == 0 {
		t.Errorf("level 1 always played the inner searcher's own best move")
	}
}

// TestLevelLimitsAndOptions: the inner search is capped in depth (a smaller requested
// depth is kept), asked for every root move while the caller sees only its own lines,
// and keeps the caller's other options; level 10 is the inner searcher itself.
func TestLevelLimitsAndOptions(t *testing.T) {
	root := board.JeKiNJe.Get().StartPosition()
	in := &scripted{scores: []int{5, 4, 3, 2, 1, 0}}
	l := search.WithLevel(in, 3, 1, search.Options{HashMB: 32, MultiPV: 2})
	if got := in.options[len(in.options)-1]; got.MultiPV != board.MaxMoves || got.HashMB != 32 {
		t.Errorf("inner options %+v, want MultiPV %d and HashMB 32", got, board.MaxMoves)
	}
	var shown []int
	req := search.Request{History: []board.Position{root}, Info: func(i search.Info) { shown = append(shown, i.MultiPV) }}
	l.Search(req, &search.Control{})
	req.Limits.Depth = 1
	l.Search(req, &search.Control{})
	if cap, kept := in.limits[0].Depth, in.limits[1].Depth; cap < 1 || cap > 8 || kept != 1 {
		t.Errorf("inner depths %d (no depth asked) and %d (depth 1 asked), want a cap of 1..8 and 1", cap, kept)
	}
	if want := []int{1, 2, 1, 2}; !slices.Equal(shown, want) {
		t.Errorf("lines shown to the caller %v, want %v (MultiPV 2)", shown, want)
	}
	l.NewGame()
	if in.games != 1 {
		t.Errorf("NewGame reached the inner searcher %d times, want 1", in.games)
	}
	if full := search.WithLevel(in, words.MaxLevel, 1, search.Options{}); full != search.Searcher(in) {
		t.Errorf("level %d is not the inner searcher itself", words.MaxLevel)
	}
}

// TestLevelIsDeterministicGivenTheSeed: the same seed replays the same game against
// the full search; another seed plays another game.
func TestLevelIsDeterministicGivenTheSeed(t *testing.T) {
	v := board.AdjiKui1.Get()
	game := func(seed uint64) []board.Move {
		weak := search.WithLevel(fullStrength(), 4, seed, search.Options{})
		moves, _ := levelPlayGame(t, v, nil, [2]search.Searcher{weak, fullStrength()}, 3)
		return moves
	}
	a, b, c := game(1), game(1), game(2)
	if !slices.Equal(a, b) {
		t.Errorf("seed 1 played two different games:\n%v\n%v", a, b)
	}
	if slices.Equal(a, c) {
		t.Errorf("seeds 1 and 2 played the same game %v", a)
	}
}
