package main

import (
	"fmt"
	"io"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search/words"
	"mancala/tablebase"
)

// openingPlies is how many plies after the opening count as the opening when a
// lost game is read: an engine that scores itself two seeds behind by then lost it
// to the opening and the colour it was given.
const openingPlies = 14

// behind is the engine's own score, in centiseeds, at which it saw itself losing.
const behind = -200

// lossReport is how one game that an engine did not win went, read with the table.
type lossReport struct {
	game               int
	colour             board.Side
	result, seeds      string
	plies              int
	firstBehind        int    // first ply (after the opening) with the engine's own score at or below behind; 0: never
	tableEntry         int    // first ply whose position the table holds; 0: never
	entryLo, entryHi   int    // the engine's final margin there by the table (store lead plus value bounds)
	provenLost         int    // first ply whose position the table proves lost for the engine; 0: never
	tableError         int    // first move of the engine that the table proves lowered its final margin; 0: none
	errorFrom, errorTo int    // the engine's margin at least errorFrom before that move, at most errorTo after
	phase              string // opening, middle game or endgame
}

// readLosses reads every game of the records that the named engine did not win
// (losses, and draws when draws is set) and tells where it went wrong: in the
// table's range, a move of the engine after which the table's upper bound on its
// final margin is below the lower bound before (an endgame error, proven); before
// it, the first ply at which the engine's own reported score fell to two seeds
// behind (in the opening's first plies: the opening and the colour; later: the
// middle game).
func readLosses(recs []tournament.Record, engine string, t *tablebase.Table, draws bool) ([]lossReport, error) {
	var out []lossReport
	for i := range recs {
		r := &recs[i]
		colour := board.South
		switch engine {
		case r.South:
		case r.North:
			colour = board.North
		default:
			continue
		}
		lost := (r.Result == "1-0" && colour == board.North) || (r.Result == "0-1" && colour == board.South)
		if !lost && !(draws && r.Result == "1/2-1/2") {
			continue
		}
		g, err := tournament.ReplayGame(r)
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", r.Game, err)
		}
		rep := lossReport{game: r.Game, colour: colour, result: r.Result, seeds: r.Seeds, plies: len(r.Moves)}
		positions := g.Positions()
		start := len(positions) - 1 - len(r.Moves) // the opening's last position
		for ply := 1; ply <= len(r.Moves); ply++ {
			before, after := positions[start+ply-1], positions[start+ply]
			mover := before.SideToMove()
			if mover == colour && rep.firstBehind == 0 {
				if s, err := words.ParseScore(r.Moves[ply-1].Score); err == nil && s.Centiseeds() <= behind {
					rep.firstBehind = ply
				}
			}
			lo, hi, ok := t.Probe(&after)
			if !ok {
				continue
			}
			lo, hi = margin(&after, colour, lo, hi)
			if rep.tableEntry == 0 {
				rep.tableEntry, rep.entryLo, rep.entryHi = ply, lo, hi
			}
			if rep.provenLost == 0 && hi < 0 {
				rep.provenLost = ply
			}
			if mover != colour || rep.tableError != 0 {
				continue
			}
			if blo, bhi, ok := t.Probe(&before); ok {
				if blo, _ = margin(&before, colour, blo, bhi); hi < blo {
					rep.tableError, rep.errorFrom, rep.errorTo = ply, blo, hi
				}
			}
		}
		switch {
		case rep.tableError != 0 && (rep.firstBehind == 0 || rep.firstBehind >= rep.tableError):
			rep.phase = "endgame"
		case rep.firstBehind != 0 && rep.firstBehind <= openingPlies:
			rep.phase = "opening"
		default:
			rep.phase = "middle game"
		}
		out = append(out, rep)
	}
	return out, nil
}

// margin turns the table's bounds on the value of p for its side to move into
// bounds on colour's final margin: its store lead plus its share of the board.
func margin(p *board.Position, colour board.Side, lo, hi int) (int, int) {
	if p.SideToMove() != colour {
		lo, hi = -hi, -lo
	}
	d := p.Store(colour) - p.Store(colour.Other())
	return d + lo, d + hi
}

// writeLosses prints one line per game and the count by phase.
func writeLosses(w io.Writer, reps []lossReport, engine string, maxSeeds int) {
	count := map[string]int{}
	for _, r := range reps {
		count[r.phase]++
		entry := "never in the table"
		if r.tableEntry != 0 {
			entry = fmt.Sprintf("in the table from ply %d, margin %s", r.tableEntry, bounds(r.entryLo, r.entryHi))
		}
		behindAt := "never 2 seeds behind by its own score"
		if r.firstBehind != 0 {
			behindAt = fmt.Sprintf("2 seeds behind by its own score at ply %d", r.firstBehind)
		}
		fmt.Fprintf(w, "game %d (%s as %s, %s %s, %d plies): %s; %s", r.game, engine, r.colour.Name(), r.result, r.seeds, r.plies, behindAt, entry)
		if r.provenLost != 0 {
			fmt.Fprintf(w, ", proven lost from ply %d", r.provenLost)
		}
		if r.tableError != 0 {
			fmt.Fprintf(w, "; table error at ply %d: margin at least %+d before, at most %+d after", r.tableError, r.errorFrom, r.errorTo)
		}
		fmt.Fprintf(w, ": %s\n", r.phase)
	}
	fmt.Fprintf(w, "%d games (plies counted after the opening; table to %d seeds): opening %d, middle game %d, endgame %d\n",
		len(reps), maxSeeds, count["opening"], count["middle game"], count["endgame"])
}

// bounds writes an exact margin as "+3" and bounds as "-2..+4".
func bounds(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%+d", lo)
	}
	return fmt.Sprintf("%+d..%+d", lo, hi)
}
