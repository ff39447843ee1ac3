package gui

import (
	"fmt"

	"mancala/board"
)

// gameLine is a game's moves from its start position, the ply shown and the best
// score known after each ply. It knows nothing of engines, pages or players: it is
// the pure part of a session, tested on its own.
//
// Its invariants: every move is legal where it is played, 0 <= cursor <= len(moves),
// and len(evals) == len(moves)+1.
type gameLine struct {
	start  board.Position
	moves  []board.Move // the line; moves[cursor:] is what redo replays
	evals  []*int       // South's view, centiseeds, by ply (the position after that many moves); nil: not known
	cursor int          // the ply shown: the position after moves[:cursor]
}

// newGameLine is a line with no moves yet.
func newGameLine(start board.Position) gameLine {
	return gameLine{start: start, evals: []*int{nil}}
}

// game replays the moves up to ply n.
func (l *gameLine) game(n int) *board.Game {
	bg := board.NewGame(l.start)
	for _, m := range l.moves[:n] {
		if bg.Play(m) != nil {
			break // cannot happen: moves are checked when added
		}
	}
	return bg
}

// shown is the game up to the shown ply.
func (l *gameLine) shown() *board.Game { return l.game(l.cursor) }

// atEnd reports whether the shown ply is the line's last.
func (l *gameLine) atEnd() bool { return l.cursor == len(l.moves) }

// play makes move m at the shown ply and shows the position after it: it follows
// the line if m is its next move, and otherwise replaces the rest of the line (and
// the scores after the shown ply). It returns the move's trace from the position
// before it. An illegal move changes nothing.
func (l *gameLine) play(m board.Move) (board.Position, board.Trace, error) {
	pos := l.shown().Position()
	tr, err := pos.Trace(m)
	if err != nil {
		return pos, tr, err
	}
	if !l.atEnd() && l.moves[l.cursor] == m {
		l.cursor++
		return pos, tr, nil
	}
	l.moves = append(l.moves[:l.cursor], m)
	l.evals = append(l.evals[:l.cursor+1], nil)
	l.cursor++
	return pos, tr, nil
}

// goTo shows ply n of the line.
func (l *gameLine) goTo(n int) error {
	if n < 0 || n > len(l.moves) {
		return fmt.Errorf("ply must be from 0 to %d", len(l.moves))
	}
	l.cursor = n
	return nil
}

// setEval records the best score (centiseeds, South's view) of the position after ply n.
func (l *gameLine) setEval(n int, cp int) {
	if n >= 0 && n < len(l.evals) {
		l.evals[n] = &cp
	}
}

// evalsCopy is a copy of the scores by ply, for a page.
func (l *gameLine) evalsCopy() []*int { return append([]*int(nil), l.evals...) }
