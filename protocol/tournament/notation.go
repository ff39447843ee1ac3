package tournament

import (
	"fmt"
	"strings"

	"mancala/board"
	"mancala/protocol/client"
)

// The notations the runner can speak to an engine (EngineSpec.Notation): the
// project's coordinates, or the letters of Aalina (board/letters.go, docs/oware.md),
// an outside Oware Abapa engine that knows no other.
const (
	NotationCoordinates = "coordinates"
	NotationLetters     = "letters"
)

// letters reports whether the runner speaks letters to the engine.
func (e *EngineSpec) letters() bool { return e.Notation == NotationLetters }

// checkNotation refuses letters in a game that has none, and the limits an engine
// in Aalina's dialect cannot keep: it ignores clock times and node counts, so its
// moves must be ended by movetime or depth.
func (e *EngineSpec) checkNotation(v *board.Variant) error {
	switch {
	case e.Notation != "" && e.Notation != NotationCoordinates && e.Notation != NotationLetters:
		return fmt.Errorf("engine %s: notation=%q: coordinates or letters", e.Name, e.Notation)
	case !e.letters():
		return nil
	case !v.HasLetters():
		return fmt.Errorf("engine %s: %s has no letters notation", e.Name, v.Title)
	case !e.Limits.TC.IsZero() && !e.Limits.TC.Infinite || e.Limits.Nodes > 0:
		return fmt.Errorf("engine %s: an engine spoken to in letters (Aalina's dialect) ignores clocks and node limits: give it movetime= or depth=", e.Name)
	}
	return nil
}

// positionCommand is the position command for the engine: in coordinates the one
// client.PositionCommand writes (the game from its start, or from its last
// irreversible change when that is too long for a line); in letters the game's start
// and every move since (the opening's included) as one token, as Aalina reads them.
func (e *EngineSpec) positionCommand(g *board.Game) string {
	start := g.Start()
	v := start.Variant()
	var b strings.Builder
	if e.letters() {
		dash, err := start.DashString()
		if err != nil { // checkNotation and the openings' check make this a bug
			panic("tournament: " + err.Error())
		}
		b.WriteString("position fen " + dash)
		if len(g.Moves()) > 0 {
			b.WriteString(" moves ")
			for _, m := range g.Moves() {
				b.WriteString(v.FormatLetter(m))
			}
		}
		return b.String()
	}
	return client.PositionCommand(g)
}

// parseMove reads the engine's bestmove in its notation.
func (e *EngineSpec) parseMove(v *board.Variant, s string) (board.Move, error) {
	if !e.letters() {
		return v.ParseMove(s)
	}
	moves, err := v.ParseLetters(s)
	if err == nil && len(moves) != 1 {
		err = fmt.Errorf("\"%s\" is not one move", clipLine(s))
	}
	if err != nil {
		return board.NoMove, err
	}
	return moves[0], nil
}
