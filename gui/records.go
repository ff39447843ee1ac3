package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"mancala/board"
	"mancala/protocol/tournament"
	"mancala/search/words"
)

// lineFromRecord replays a tournament record (opening moves, then the game's moves)
// with the rules, its scores becoming the line's evaluations. A record that does not
// replay is refused with the first move that fails.
func lineFromRecord(rec *tournament.Record) (*board.Variant, gameLine, error) {
	v, err := board.VariantByName(rec.Variant)
	if err != nil {
		return nil, gameLine{}, fmt.Errorf("record: %v", err)
	}
	start, err := v.ParsePosition(rec.Opening.FEN)
	if err != nil {
		return nil, gameLine{}, fmt.Errorf("record: opening position: %v", err)
	}
	l := newGameLine(start)
	bg := board.NewGame(start)
	var all []tournament.MoveRecord
	for _, s := range rec.Opening.Moves {
		all = append(all, tournament.MoveRecord{Move: s})
	}
	all = append(all, rec.Moves...)
	var deepest [2]int // each side's deepest search so far in the record
	for i, mr := range all {
		cur := bg.Position()
		side := cur.SideToMove()
		m, err := v.ParseMove(mr.Move)
		if err == nil {
			err = bg.Play(m)
		}
		if err != nil {
			return nil, gameLine{}, fmt.Errorf("record: move %d (%s): %v", i+1, mr.Move, err)
		}
		// A depth-1 score after deeper searches of the same side answered a forced
		// move with a static evaluation: the graph leaves it out.
		if cp := recordScore(mr.Score, side); cp != nil && (mr.Depth != 1 || deepest[side] <= 1) {
			l.setEval(len(l.moves), *cp)
		}
		deepest[side] = max(deepest[side], mr.Depth)
		l.extend(m)
	}
	l.cursor = 0
	return v, l, nil
}

// recordScore turns a record's "cp 35" (mover's view) into South's view.
func recordScore(s string, mover board.Side) *int {
	sc, err := words.ParseScore(s)
	if err != nil {
		return nil
	}
	cp := sc.Centiseeds()
	if mover == board.North {
		cp = -cp
	}
	return &cp
}

// pickRecord finds game number n (0: the first) in JSON-lines text, read by the one
// records reader: a last line without its newline is read when it holds a whole
// record and reported as cut short when not, as is a damaged line before the game.
func pickRecord(text string, n int) (*tournament.Record, error) {
	rr, err := tournament.ReadRecords(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	for _, l := range rr.Lines {
		switch {
		case l.Err != nil && l.Cut:
			return nil, fmt.Errorf("record line %d, the last, is cut short (%d bytes without a newline): %v", l.N, rr.Cut, l.Err)
		case l.Err != nil:
			return nil, fmt.Errorf("record line %d is %v", l.N, l.Err)
		case n == 0 || l.Record.Game == n:
			return &l.Record, nil
		}
	}
	if len(rr.Lines) == 0 {
		return nil, errors.New("the record file is empty")
	}
	return nil, fmt.Errorf("no game number %d among the %d records", n, len(rr.Lines))
}

// lineRecord writes a line as a tournament record, players named by who plays them,
// its scores in the moves' score fields (mover's view).
func lineRecord(v *board.Variant, l *gameLine, players [2]string) ([]byte, error) {
	bg := l.game(len(l.moves))
	rec := tournament.Record{Game: 1, Round: 1, Pair: 1, Variant: v.Name,
		South: players[0], North: players[1], Opening: tournament.Opening{FEN: l.start.String()},
		Moves: []tournament.MoveRecord{}, Result: "*", Final: bg.Position().String()}
	pos := l.start
	for i, m := range l.moves {
		mr := tournament.MoveRecord{Move: v.FormatMove(m)}
		if l.evals[i] != nil {
			cp := *l.evals[i]
			if pos.SideToMove() == board.North {
				cp = -cp
			}
			mr.Score = words.Score{Value: cp}.String()
		}
		rec.Moves = append(rec.Moves, mr)
		pos, _ = pos.Play(m)
	}
	if res := bg.Result(); res.Over() {
		rec.Result = res.Score()
		rec.Reason = res.Reason.String()
		if res.Scored {
			rec.Seeds = fmt.Sprintf("%d-%d", res.South, res.North)
		}
	}
	b, err := json.Marshal(&rec)
	return append(b, '\n'), err
}
