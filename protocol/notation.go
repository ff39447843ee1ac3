package protocol

import (
	"errors"
	"fmt"
	"strings"

	"mancala/board"
	"mancala/search/words"
)

// Notation option values: the project's coordinates, or the letters of Aalina and
// its GUI Aualé (board/letters.go, docs/oware.md).
const (
	notationCoordinates = "coordinates"
	notationLetters     = "letters"
)

// notation is how the engine writes moves and which forms it reads. With letters in a
// game that has them it writes moves as single letters, a line of moves as one token
// ("EaBd"), no move as "0000" and a proven result with a cp as well, as Aalina does; it reads letters (one token, or
// separated) and dash positions as well as the project's own forms. Elsewhere it is
// the project's protocol unchanged.
type notation struct {
	letters bool
}

// uses reports whether v is written in letters.
func (n notation) uses(v *board.Variant) bool { return n.letters && v.HasLetters() }

// move writes one move.
func (n notation) move(v *board.Variant, m board.Move) string {
	if n.uses(v) {
		return v.FormatLetter(m)
	}
	return v.FormatMove(m)
}

// line writes a line of moves: space-separated coordinates, or one token of letters.
func (n notation) line(v *board.Variant, moves []board.Move) string {
	words := make([]string, len(moves))
	for i, m := range moves {
		words[i] = n.move(v, m)
	}
	if n.uses(v) {
		return strings.Join(words, "")
	}
	return strings.Join(words, " ")
}

// illegal writes the board's error for an illegal move with the move as the
// notation writes it.
func (n notation) illegal(v *board.Variant, err error) error {
	var e *board.IllegalMoveError
	if n.uses(v) && errors.As(err, &e) {
		named := *e
		named.Name = v.FormatLetter(e.Move)
		return &named
	}
	return err
}

// aalinaWin is the score cp Aalina gives a proven win: 25 seeds, a won game.
const aalinaWin = 2500

// score writes a reported score after "score": as words.Score writes it or, with
// letters, in Aalina's form, within its range: "cp X" with Aalina's bound words
// (lowerbound, upperbound; an exact margin is a plain cp), any cp beyond ±2500 as
// ±2500, and a proven result as Aalina does, "cp ±2500 mate N", since its GUI shows
// only the cp.
func (n notation) score(v *board.Variant, s words.Score) string {
	switch {
	case !n.uses(v):
		return s.String()
	case !s.Mate:
		text := fmt.Sprintf("cp %d", max(-aalinaWin, min(aalinaWin, s.Value)))
		switch s.Bound {
		case words.Lower:
			text += " lowerbound"
		case words.Upper:
			text += " upperbound"
		}
		return text
	case s.Value > 0:
		return fmt.Sprintf("cp %d mate %d", aalinaWin, s.Value)
	}
	return fmt.Sprintf("cp %d mate %d", -aalinaWin, s.Value)
}

// noMove is the bestmove of a game that is already over.
func (n notation) noMove(v *board.Variant) string {
	if n.uses(v) {
		return "0000"
	}
	return "(none)"
}

// parseMoves reads one word after "moves": a coordinate or pass or, with letters,
// a token of one or more letters.
func (n notation) parseMoves(v *board.Variant, word string) ([]board.Move, error) {
	m, err := v.ParseMove(word)
	if err == nil {
		return []board.Move{m}, nil
	}
	if !n.uses(v) {
		return nil, err
	}
	moves, lerr := v.ParseLetters(word)
	if lerr != nil {
		return nil, fmt.Errorf("%q is neither a move nor a list of letters of %s", clip(word), v.Title)
	}
	return moves, nil
}

// parsePosition reads the fields of "position fen": the project's five fields or,
// with letters, one dash position.
func (n notation) parsePosition(v *board.Variant, fields []string) (board.Position, error) {
	if n.uses(v) && len(fields) == 1 && strings.Contains(fields[0], "-") && !strings.Contains(fields[0], ",") {
		return v.ParseDashPosition(fields[0])
	}
	return v.ParsePosition(strings.Join(fields, " "))
}
