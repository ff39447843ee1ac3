package search

import (
	"math"

	"mancala/board"
	"mancala/search/words"
)

// The searchers' scores are internal values (ToScore): centiseeds of the evaluation's
// own scale, which for a learned evaluation is a fitted log-odds of winning, not a
// seed margin. What the engine reports is Reported's conversion of the score at the
// root, the one place where internal values become the protocol's scale. The search
// itself, Contempt and Level's move choice work on the internal values.

// Reported converts s, a search's score at root in internal values, into the
// reported score (docs/protocol.md, "score"). In the three scoring games a value v
// becomes the expected final seed margin for the side to move, in centiseeds: with d
// the store lead of the side to move and B the seeds on the board (both in seeds),
//
//	margin = d + B·tanh((Margin·v/100 − Lead·d) / (B + Reach))
//
// with Margin, Lead and Reach from the game's Profile.Score: monotone in v, and always
// within d−B .. d+B, what the position can still reach. In Bao la Kimasai, which has
// no seed margin, it is Margin·v: 100 is one unit of log-odds of the fitted win model
// (see WDL). A mate, and a score already Exact or bounded, is returned unchanged; a
// win the endgame table proves without a margin is at least one seed (words.Lower),
// a loss at most minus one (words.Upper).
func Reported(s words.Score, root *board.Position) words.Score {
	if s.Mate || s.Bound != words.Estimate {
		return s
	}
	switch {
	case s.Value >= TableWinMin:
		return words.Score{Value: 100, Bound: words.Lower}
	case s.Value <= -TableWinMin:
		return words.Score{Value: -100, Bound: words.Upper}
	}
	v := root.Variant()
	pr := v.Profile.Score
	if !v.Scoring {
		return words.Score{Value: int(math.Round(pr.Margin * float64(s.Value)))}
	}
	return words.Score{Value: int(math.Round(100 * Margin(pr, float64(s.Value), storeLead(root), root.SeedsOnBoard())))}
}

// Margin is the conversion of Reported for the scoring games, in seeds: the expected
// final margin of internal value v with a store lead of d and b seeds on the board.
func Margin(pr board.ScoreProfile, v float64, d, b int) float64 {
	if b == 0 {
		return float64(d)
	}
	x := pr.Margin*v/100 - pr.Lead*float64(d)
	return float64(d) + float64(b)*math.Tanh(x/(float64(b)+pr.Reach))
}

// WDL returns the chances, per mille and summing to 1000, that the side to move at
// root wins, draws and loses, for s, a search's score there in internal values. A
// proven result (a mate, or a table's win or loss) is certain; an Exact score is
// certain by its sign. Otherwise the game's fitted model (Profile.Score) gives
//
//	win = σ((v − WinAt)/WinWidth), loss = σ((−v − WinAt)/WinWidth)
//
// (σ the logistic function) and a draw the rest, a win and a loss each from 1 to
// 999 per mille: an estimate is never reported as certain, however large
// (self-play bears its largest chances out, but only a proof makes a result
// certain; a page then shows 99.9%, not 100.0%).
func WDL(s words.Score, root *board.Position) (w, d, l int) {
	certain := func(sign int) (int, int, int) {
		switch {
		case sign > 0:
			return 1000, 0, 0
		case sign < 0:
			return 0, 0, 1000
		}
		return 0, 1000, 0
	}
	switch {
	case s.Mate:
		return certain(s.Value)
	case s.Bound == words.Exact:
		return certain(s.Value)
	case s.Bound == words.Lower || s.Value >= TableWinMin:
		return certain(1)
	case s.Bound == words.Upper || s.Value <= -TableWinMin:
		return certain(-1)
	}
	pr := root.Variant().Profile.Score
	win, loss := WinLoss(pr, float64(s.Value))
	w = min(max(int(math.Round(1000*win)), 1), 999)
	l = min(max(int(math.Round(1000*loss)), 1), 1000-w) // the two roundings may overshoot by one
	return w, 1000 - w - l, l
}

// WinLoss is the model of WDL: the chances of a win and of a loss at internal value v.
func WinLoss(pr board.ScoreProfile, v float64) (win, loss float64) {
	sigma := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	return sigma((v - pr.WinAt) / pr.WinWidth), sigma((-v - pr.WinAt) / pr.WinWidth)
}
