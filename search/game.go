package search

import (
	"fmt"
	"time"

	"mancala/board"
)

// GameConfig is how PlayGame plays a game.
type GameConfig struct {
	// Limits are searched under at every move. With a clock, their clock fields are
	// filled in from it.
	Limits Limits
	// Time, if not zero, puts the game on a clock: each side starts with Time, every
	// search's wall time is charged to the mover, who gains Inc after each move, and a
	// side whose clock runs out loses.
	Time, Inc time.Duration
	// ChargeCPU charges each search the CPU time the process used during it rather
	// than its wall time (where the system tells it; wall time elsewhere). On an idle
	// machine the two agree; on a busy one the clocks then measure the engine, not its
	// neighbours. The timed-game tests use it.
	ChargeCPU bool
	// MaxPlies, if not zero, caps the game's length: a game not over when it holds
	// this many moves (those g held at the start included) ends there, scored by
	// board's one ply-cap rule (Game.PlyCapResult: as a loop ending would score it).
	MaxPlies int
}

// GameReport is how a game played by PlayGame ended.
type GameReport struct {
	// Result is the game's result; a fallen flag or the ply cap is board.Adjudicated.
	// A capped game is scored by Game.PlyCapResult.
	Result board.Result
	// Flagged is true when the loser's clock ran out.
	Flagged bool
	// LowestClock is the least time a side had left after a move, with a clock.
	LowestClock time.Duration
}

// PlayGame is the one in-process game driver: it plays g on to its end,
// players[side] choosing side's moves, and returns how it ended; g holds the moves.
// Both players start with NewGame; every move is one Search of the whole game so far
// (for its loop endings) with a fresh Control. A move the game refuses is an error.
func PlayGame(g *board.Game, players [2]Searcher, c GameConfig) (GameReport, error) {
	players[board.South].NewGame()
	if players[board.North] != players[board.South] {
		players[board.North].NewGame()
	}
	clock := [2]time.Duration{c.Time, c.Time}
	rep := GameReport{LowestClock: c.Time}
	for !g.Result().Over() {
		if r, capped := g.PlyCapResult(c.MaxPlies); capped {
			rep.Result = r
			return rep, nil
		}
		p := g.Position()
		side := p.SideToMove()
		l := c.Limits
		if c.Time > 0 {
			l.Time, l.Inc = clock, [2]time.Duration{c.Inc, c.Inc}
		}
		var ctl Control
		start := time.Now()
		cpuStart, cpuOK := ProcessCPUTime()
		res := players[side].Search(Request{History: g.Positions(), Limits: l}, &ctl)
		if c.Time > 0 {
			used := time.Since(start)
			if cpuEnd, ok := ProcessCPUTime(); c.ChargeCPU && ok && cpuOK {
				used = cpuEnd - cpuStart
			}
			clock[side] -= used
			rep.LowestClock = min(rep.LowestClock, clock[side])
			if clock[side] <= 0 {
				rep.Flagged = true
				rep.Result = board.Result{Outcome: winnerOutcome(side.Other()), Reason: board.Adjudicated}
				return rep, nil
			}
			clock[side] += c.Inc
		}
		if err := g.Play(res.Best); err != nil {
			return rep, fmt.Errorf("%v played an illegal move in %s: %v", side, p, err)
		}
	}
	rep.Result = g.Result()
	return rep, nil
}

// winnerOutcome is the outcome of a game side wins.
func winnerOutcome(side board.Side) board.Outcome {
	if side == board.South {
		return board.SouthWins
	}
	return board.NorthWins
}
