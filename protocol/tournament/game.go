package tournament

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/printable"
	"mancala/search/words"
	"mancala/tablebase"
)

// Adjudication ends games early. Zero values switch a rule off.
type Adjudication struct {
	// MaxPlies ends a game that reaches this many plies (opening moves included),
	// scored by board's one ply-cap rule (Game.PlyCapResult): as the rules score a
	// loop ending at that position, each side taking the seeds on its own side in
	// the scoring games, a draw in Bao la Kimasai.
	MaxPlies int
	// WinScore and WinMoves: when both engines report, for WinMoves consecutive moves
	// each, a reported score of at least WinScore centiseeds of expected final margin
	// for the same side (a mate, or a win the endgame table proves, counts as beyond
	// any threshold: words.Score.Centiseeds), that side wins.
	WinScore int
	WinMoves int
	// Table, when not nil, ends a game as soon as its position is one the endgame
	// table values exactly, with the table's result under optimal play by both
	// (tablebase.Table.Outcome), as cutechess-cli's -tb does with Syzygy tables.
	Table *tablebase.Table
}

// String describes the rules for the match's identity. The first three fields are
// written as they were before Table existed, so records of older matches resume.
func (a Adjudication) String() string {
	s := fmt.Sprintf("%+v", struct{ MaxPlies, WinScore, WinMoves int }{a.MaxPlies, a.WinScore, a.WinMoves})
	if a.Table != nil {
		s += fmt.Sprintf(" tablebase %s to %d seeds", a.Table.Variant().Name, a.Table.MaxSeeds())
	}
	return s
}

// scoreTracker counts, for each engine, how many of its latest moves in a row
// reported each side as winning by at least the threshold.
type scoreTracker struct {
	rule Adjudication
	run  [2][2]int // run[engine side][winning side]
}

// add records the score reported by mover (from its own point of view; ok false when
// it reported none) and returns the side the engines agree has won, if they do.
func (t *scoreTracker) add(mover board.Side, s words.Score, ok bool) (board.Side, bool) {
	if t.rule.WinMoves <= 0 || t.rule.WinScore <= 0 {
		return 0, false
	}
	cs := s.Centiseeds()
	for _, winner := range [2]board.Side{board.South, board.North} {
		view := cs
		if winner != mover {
			view = -cs
		}
		if ok && view >= t.rule.WinScore {
			t.run[mover][winner]++
		} else {
			t.run[mover][winner] = 0
		}
		if t.run[board.South][winner] >= t.rule.WinMoves && t.run[board.North][winner] >= t.rule.WinMoves {
			return winner, true
		}
	}
	return 0, false
}

// player is an engine process with the spec it was started from. needsRestart is set
// after a fault, so that the next game starts a fresh process.
type player struct {
	spec         EngineSpec
	limits       Limits
	eng          *client.Engine
	needsRestart bool
	game, pid    atomic.Int64 // the game it plays and its process id, for trace lines
}

// gameSettings are the match settings one game needs.
type gameSettings struct {
	variant      *board.Variant
	adjudication Adjudication
	timeMargin   time.Duration
	moveTimeout  time.Duration
	readyTimeout time.Duration
	logf         func(format string, args ...any)
}

// playGame plays one game between two started engines (players[South] moves first).
// It returns ok false when ctx ended the game before it finished.
func playGame(ctx context.Context, s *gameSettings, rec *Record, players [2]*player) (ok bool) {
	v := s.variant
	g, err := rec.Opening.Game(v)
	if err != nil { // openings are checked when read; this is a bug
		panic("tournament: bad opening: " + err.Error())
	}
	rec.Final = g.Position().String()
	for side, p := range players {
		err := p.eng.Send("ucinewgame")
		if err == nil {
			_, err = p.eng.Sync(ctx, s.readyTimeout)
		}
		if err != nil {
			if ctx.Err() != nil {
				return false
			}
			p.needsRestart = true
			rec.forfeit(board.Side(side), EndEngineFailure, err.Error())
			return true
		}
	}
	clk := newClock(players[board.South].limits.TC, players[board.North].limits.TC)
	tracker := scoreTracker{rule: s.adjudication}
	for {
		cur := g.Position()
		side := cur.SideToMove()
		p := players[side]
		allowed, real := clk.allowance(int(side), p.limits, s.timeMargin, s.moveTimeout)
		r, err := p.eng.Go(ctx, p.spec.positionCommand(g), clk.goCommand(int(side), p.limits), allowed)
		for _, l := range r.Ignored {
			s.logf("game %d: %s: ignored line \"%s\"", rec.Game, p.spec.Name, clipLine(l))
		}
		rec.TimeMS[side] += r.Elapsed.Milliseconds()
		switch {
		case ctx.Err() != nil:
			return false
		case errors.Is(err, client.ErrTimeout):
			p.needsRestart = true
			if real {
				rec.OverrunMS[side] = max(rec.OverrunMS[side], (r.Elapsed - (allowed - s.timeMargin)).Milliseconds())
			}
			why := fmt.Sprintf("no bestmove within %v", allowed.Round(time.Millisecond))
			if !real {
				why += " (the per-move timeout)"
			}
			rec.forfeit(side, EndTimeForfeit, why)
			return true
		case errors.Is(err, client.ErrExited):
			p.needsRestart = true
			rec.forfeit(side, EndCrash, "engine exited: "+p.eng.WaitExit(time.Second))
			return true
		case errors.Is(err, client.ErrPositionRejected):
			rec.forfeit(side, EndEngineFailure, err.Error())
			return true
		case errors.Is(err, client.ErrBadBestMove):
			rec.forfeit(side, EndBadBestMove, err.Error())
			return true
		case err != nil:
			p.needsRestart = true
			rec.forfeit(side, EndCrash, err.Error())
			return true
		}
		if real && r.Elapsed > allowed-s.timeMargin {
			over := (r.Elapsed - (allowed - s.timeMargin)).Milliseconds()
			rec.OverrunMS[side] = max(rec.OverrunMS[side], over)
		}
		if real && r.Elapsed > allowed {
			rec.forfeit(side, EndTimeForfeit, fmt.Sprintf("used %v of %v", r.Elapsed.Round(time.Millisecond), (allowed-s.timeMargin).Round(time.Millisecond)))
			return true
		}
		m, err := p.spec.parseMove(v, r.Move)
		if err != nil {
			rec.forfeit(side, EndBadBestMove, err.Error())
			return true
		}
		if err := g.Play(m); err != nil {
			rec.forfeit(side, EndIllegalMove, err.Error())
			return true
		}
		clk.spend(int(side), r.Elapsed)
		mr := MoveRecord{Move: v.FormatMove(m), MS: r.Elapsed.Milliseconds()}
		if r.Info.HasScore {
			mr.Score, mr.Depth, mr.Nodes = r.Info.Score.String(), r.Info.Depth, r.Info.Nodes
		}
		rec.Moves = append(rec.Moves, mr)
		rec.Final = g.Position().String()
		if res := g.Result(); res.Over() {
			rec.setResult(res)
			rec.Reason = res.Reason.String()
			return true
		}
		if t := s.adjudication.Table; t != nil {
			after := g.Position()
			if res, ok := t.Outcome(&after); ok {
				rec.setResult(res)
				rec.Reason = EndTablebase
				rec.Detail = fmt.Sprintf("the endgame table values the position %s with best play", res)
				return true
			}
		}
		if winner, agreed := tracker.add(side, r.Info.Score, r.Info.HasScore); agreed {
			rec.forfeit(winner.Other(), EndScoreAgreement,
				fmt.Sprintf("both engines scored %s at %d or more for %d moves", winner.Name(), s.adjudication.WinScore, s.adjudication.WinMoves))
			return true
		}
		if capped, ok := g.PlyCapResult(s.adjudication.MaxPlies); ok {
			rec.setResult(capped)
			rec.Reason = EndMaxPlies
			rec.Detail = fmt.Sprintf("%d plies reached", len(g.Moves()))
			return true
		}
	}
}

// clipLine shortens an engine line for the log and makes it printable there.
func clipLine(s string) string {
	if len(s) > 80 {
		return printable.Line(s[:80]) + "..."
	}
	return printable.Line(s)
}
