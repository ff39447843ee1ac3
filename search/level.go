package search

import (
	"math"
	"math/rand/v2"
	"sync"

	"mancala/board"
	"mancala/search/words"
)

// levelSetting is how one level below words.MaxLevel weakens the search: a depth cap,
// and the temperature (in the search's internal centiseeds, the scores of its Info
// lines before Reported) of the random choice among the root moves. A move that scores
// t centiseeds below the best is chosen e^(t/temperature) times less often than the
// best. What a person is told of each level (words.Level) names its depth cap.
type levelSetting struct {
	depth       int
	temperature float64
}

// levelSettings is indexed by level; entry 0 is unused.
var levelSettings = [words.MaxLevel]levelSetting{
	1: {depth: 1, temperature: 1000},
	2: {depth: 1, temperature: 200},
	3: {depth: 2, temperature: 250},
	4: {depth: 2, temperature: 150},
	5: {depth: 3, temperature: 120},
	6: {depth: 4, temperature: 80},
	7: {depth: 5, temperature: 50},
	8: {depth: 6, temperature: 25},
	9: {depth: 8, temperature: 10},
}

// unscoredPenalty is how much worse than the worst scored root move an unscored one
// counts: one seed.
const unscoredPenalty = 100

// mateValue is how a proven result counts in the random choice: beyond any
// evaluation, sooner wins preferred.
const mateValue = 1_000_000

// leveled weakens another Searcher: it caps the inner search's depth, asks it for a
// score of every root move (MultiPV) and draws the move to play at random, better
// moves being likelier, the more so the higher the level.
type leveled struct {
	inner   Searcher
	setting levelSetting
	rng     *rand.Rand
	multiPV int // the lines the caller asked to see
}

// WithLevel returns inner weakened to the given strength level (words.MinLevel to
// words.MaxLevel; values outside are clamped). At MaxLevel it returns inner itself, so full
// strength is exactly the inner searcher. Below it, moves are drawn from a random
// stream that starts at seed and runs on across searches and games: the same seed
// and the same searches give the same moves. The options o are passed on to inner
// (with every root move asked for), as SetOptions does later.
//
// The weakening needs a score for every root move, which the inner searcher gives
// through MultiPV info lines; a move a searcher leaves unscored (one that ignores
// MultiPV) counts as one seed worse than the worst scored move.
func WithLevel(inner Searcher, level int, seed uint64, o Options) Searcher {
	if level >= words.MaxLevel {
		return inner
	}
	level = max(level, words.MinLevel)
	l := &leveled{inner: inner, setting: levelSettings[level], rng: rand.New(rand.NewPCG(seed, uint64(level)))}
	l.SetOptions(o)
	return l
}

// innerOptions are the caller's options with every root move asked for.
func (l *leveled) innerOptions(o Options) Options {
	o.MultiPV = board.MaxMoves
	return o
}

// SetOptions passes the options on, asking the inner searcher for every root move's
// score; only the lines the caller asked for are reported.
func (l *leveled) SetOptions(o Options) {
	l.multiPV = max(o.MultiPV, 1)
	l.inner.SetOptions(l.innerOptions(o))
}

// NewGame makes the inner searcher forget the game; the random stream runs on.
func (l *leveled) NewGame() { l.inner.NewGame() }

// Search runs the depth-capped inner search, collecting the last reported score of
// each root move, and plays a move drawn from them.
func (l *leveled) Search(req Request, ctl *Control) Result {
	if len(req.History) == 0 {
		return l.inner.Search(req, ctl)
	}
	root := req.History[len(req.History)-1]
	var ml board.MoveList
	root.LegalMoves(&ml)
	lines := make(map[board.Move]Info, ml.N)
	var mu sync.Mutex // guards lines, should the inner searcher report from several goroutines
	inner := req
	inner.Limits.Depth = l.setting.depth
	if req.Limits.Depth > 0 {
		inner.Limits.Depth = min(req.Limits.Depth, l.setting.depth)
	}
	inner.Info = func(info Info) {
		if len(info.PV) > 0 {
			info.PV = append([]board.Move(nil), info.PV...)
			mu.Lock()
			lines[info.PV[0]] = info
			mu.Unlock()
		}
		if max(info.MultiPV, 1) <= l.multiPV && req.Info != nil {
			req.Info(info)
		}
	}
	res := l.inner.Search(inner, ctl)
	if ml.N < 2 || len(lines) == 0 {
		return res
	}
	best := l.draw(&ml, lines)
	out := Result{Best: best, Ponder: board.NoMove, Nodes: res.Nodes}
	if line, ok := lines[best]; ok {
		out.Score = line.Score
		if len(line.PV) > 1 {
			out.Ponder = line.PV[1]
		}
	} else {
		out.Score = res.Score
	}
	return out
}

// draw picks one of the legal moves at random with weights e^((score-best)/T).
func (l *leveled) draw(ml *board.MoveList, lines map[board.Move]Info) board.Move {
	values := make([]float64, ml.N)
	top, bottom := math.Inf(-1), math.Inf(1)
	for _, info := range lines {
		v := scoreValue(info.Score)
		top, bottom = max(top, v), min(bottom, v)
	}
	total := 0.0
	for i, m := range ml.Moves[:ml.N] {
		v := bottom - unscoredPenalty
		if info, ok := lines[m]; ok {
			v = scoreValue(info.Score)
		}
		values[i] = math.Exp((v - top) / l.setting.temperature)
		total += values[i]
	}
	x := l.rng.Float64() * total
	for i, w := range values {
		if x < w {
			return ml.Moves[i]
		}
		x -= w
	}
	return ml.Moves[ml.N-1] // rounding left x just above the total
}

// scoreValue puts evaluations and proven results on one scale, in centiseeds.
func scoreValue(s words.Score) float64 {
	if !s.Mate {
		return float64(s.Value)
	}
	if s.Value > 0 {
		return float64(mateValue - s.Value)
	}
	return float64(-mateValue - s.Value)
}
