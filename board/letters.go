package board

import (
	"fmt"
	"strconv"
	"strings"
)

// The letters notation is the one of Aalina, an outside Oware Abapa program, and of
// its GUI Aualé (docs/oware.md), written for any game on two rows. South's holes are
// A, B, ... from a1 along row 1, North's a, b, ... from the last hole of row 2 back
// to a2: each side's letters follow its sowing order, and A-F then a-f is the whole
// ring. A position is every hole's count in that order, then South's and North's
// stores, then the side to move, joined by dashes: the start of Oware Abapa is
// 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S. A game whose position has variant state (Adji-Boto's
// opening) cannot be written so.

// HasLetters reports whether the game can be written in the letters notation: it is
// played on two rows.
func (v *Variant) HasLetters() bool { return v.Rows == 2 }

// FormatLetter writes a move as its hole's letter, or "pass".
func (v *Variant) FormatLetter(m Move) string {
	switch {
	case m == Pass:
		return "pass"
	case v.HasLetters() && int(m) < v.holes:
		i := int(m) - int(v.rowStart[v.owner[m]])
		if v.owner[m] == South {
			return string(rune('A' + i))
		}
		return string(rune('a' + i))
	}
	return "(none)"
}

// ParseLetters reads a move list written as letters, one per move, with no spaces
// between them ("EaBd"). It checks only that each hole exists; playing the moves
// checks that they are legal.
func (v *Variant) ParseLetters(s string) ([]Move, error) {
	if !v.HasLetters() {
		return nil, fmt.Errorf("%s has no letters notation", v.Title)
	}
	if s == "" {
		return nil, fmt.Errorf("empty move list")
	}
	moves := make([]Move, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && int(c-'A') < v.Cols:
			moves = append(moves, Move(v.rowStart[South]+c-'A'))
		case c >= 'a' && int(c-'a') < v.Cols:
			moves = append(moves, Move(v.rowStart[North]+c-'a'))
		default:
			return nil, fmt.Errorf("%q is not a move list of %s (letters A..%c for South, a..%c for North, no spaces)",
				clip(s), v.Title, 'A'+v.Cols-1, 'a'+v.Cols-1)
		}
	}
	return moves, nil
}

// ParseDashPosition reads a position in the letters notation's form,
// "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S".
func (v *Variant) ParseDashPosition(s string) (Position, error) {
	var p Position
	if !v.HasLetters() {
		return p, fmt.Errorf("%s has no letters notation", v.Title)
	}
	fields := strings.Split(s, "-")
	if len(fields) != v.holes+3 {
		return p, fmt.Errorf("a position of %s is %d counts and the side to move, joined by dashes; got %d fields",
			v.Title, v.holes+2, len(fields))
	}
	total := 0
	for i, f := range fields[:v.holes+2] {
		n, err := v.parseCount(f)
		if err != nil {
			return p, fmt.Errorf("field %d: %v", i+1, err)
		}
		if i < v.holes {
			p.holes[i] = uint8(n)
		} else {
			p.stores[i-v.holes] = uint8(n)
		}
		total += n
	}
	switch fields[v.holes+2] {
	case "S":
		p.side = South
	case "N":
		p.side = North
	default:
		return p, fmt.Errorf("side to move must be S or N, not %q", clip(fields[v.holes+2]))
	}
	if total != v.Seeds {
		return p, fmt.Errorf("%s has %d seeds in all, this position has %d", v.Title, v.Seeds, total)
	}
	p.variant = v.ID
	p.sum = p.keySum()
	return p, nil
}

// DashString writes the position in the letters notation's form; it fails for a
// game without that notation and for a position with variant state.
func (p Position) DashString() (string, error) {
	v := variants[p.variant]
	if !v.HasLetters() || p.state != 0 {
		return "", fmt.Errorf("%q cannot be written in the letters notation", p.String())
	}
	var b strings.Builder
	for h := 0; h < v.holes; h++ {
		b.WriteString(strconv.Itoa(int(p.holes[h])))
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, "%d-%d-%s", p.stores[South], p.stores[North], p.side)
	return b.String(), nil
}
