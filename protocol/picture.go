package protocol

import (
	"fmt"
	"strings"

	"mancala/board"
)

// picture draws the board with row numbers and column letters, North's rows on top,
// each player's store (or reserve) beside their outer row, a child hole's count
// followed by its owner's letter (s or n), and a double line between North's rows
// and South's:
//
//	     a    b    c    d    e    f
//	  +----+----+----+----+----+----+
//	2 |  4 |  4 |  4 |  4 |  4 |  4 |  North store 0
//	  +====+====+====+====+====+====+
//	1 |  4 |  4 |  4 |  4 |  4 |  4 |  South store 0
//	  +----+----+----+----+----+----+
//	     a    b    c    d    e    f
func picture(p *board.Position) []string {
	v := p.Variant()
	letters, rule, middle := "   ", "  +", "  +"
	for c := 0; c < v.Cols; c++ {
		letters += fmt.Sprintf("  %c  ", 'a'+c)
		rule += "----+"
		middle += "====+"
	}
	word := "store"
	if v.Reserves {
		word = "reserve"
	}
	lines := []string{strings.TrimRight(letters, " "), rule}
	for row := v.Rows - 1; row >= 0; row-- {
		var b strings.Builder
		fmt.Fprintf(&b, "%d |", row+1)
		for c := 0; c < v.Cols; c++ {
			h := v.HoleAt(row, c)
			mark := " " // a child's owner: s or n, and r a locked hole, as in the notation
			if s, ok := p.ChildOf(h); ok {
				mark = string("sn"[s])
			} else if p.Locked(h) {
				mark = "r"
			}
			fmt.Fprintf(&b, "%3d%s|", p.Seeds(h), mark)
		}
		switch row {
		case v.Rows - 1:
			fmt.Fprintf(&b, "  North %s %d", word, p.Store(board.North))
		case 0:
			fmt.Fprintf(&b, "  South %s %d", word, p.Store(board.South))
		}
		lines = append(lines, b.String())
		if row == v.Rows/2 {
			lines = append(lines, middle)
		} else {
			lines = append(lines, rule)
		}
	}
	return append(lines, strings.TrimRight(letters, " "))
}
