package client

import (
	"strings"

	"mancala/board"
)

// PositionBudget is the longest position command sent with the whole game: 64 KiB,
// this engine's line limit until it was raised, a size other engines are likely to
// accept. A longer history is sent from the last irreversible move instead
// (board.Game.RunStart), which keeps the loop rule exact; this engine accepts lines
// of up to 1 MiB (protocol.MaxLineBytes) for a run of reversible moves longer still.
const PositionBudget = 64 << 10

// PositionCommand is the position command for g: "position fen <start> moves ...",
// from the game's start when that fits in PositionBudget bytes, else from the first
// position after the last irreversible move.
func PositionCommand(g *board.Game) string {
	if cmd := positionFrom(g, 0); len(cmd) <= PositionBudget {
		return cmd
	}
	return positionFrom(g, g.RunStart())
}

// positionFrom is the position command that starts at g's position k.
func positionFrom(g *board.Game, k int) string {
	p := g.Positions()[k]
	v := p.Variant()
	var b strings.Builder
	b.WriteString("position fen ")
	b.WriteString(p.String())
	if moves := g.Moves()[k:]; len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(v.FormatMove(m))
		}
	}
	return b.String()
}
