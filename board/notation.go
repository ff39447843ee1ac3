package board

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParsePosition reads a position in the notation of docs/rules.md:
// "<rows> <side> <south> <north> <state>", rows from the top row down to row 1.
// The error names what is wrong: the field, the row, the hole or the seed total.
func (v *Variant) ParsePosition(s string) (Position, error) {
	var p Position
	fields := strings.Split(s, " ")
	if len(fields) != 5 {
		return p, fmt.Errorf("position needs 5 fields separated by single spaces (rows side south north state), got %d", len(fields))
	}
	p.variant = v.ID
	rows := strings.Split(fields[0], "/")
	if len(rows) != v.Rows {
		return p, fmt.Errorf("%s has %d rows separated by /, got %d", v.Title, v.Rows, len(rows))
	}
	total := 0
	for i, rowText := range rows {
		row := v.Rows - 1 - i
		cells := strings.Split(rowText, ",")
		if len(cells) != v.Cols {
			return p, fmt.Errorf("row %d needs %d holes separated by commas, got %d", row+1, v.Cols, len(cells))
		}
		for col, cell := range cells {
			h := int(v.index[row][col])
			if closed, ok := strings.CutSuffix(cell, "x"); ok && v.file != nil && v.file.closeAt > 0 {
				p.child[South] |= 1 << h // a closed hole: both masks (sow.close_at)
				p.child[North] |= 1 << h
				cell = closed
			} else if locked, ok := strings.CutSuffix(cell, "r"); ok && v.file != nil && (v.file.child.lapLocked || v.file.playLocks) && v.file.closeAt == 0 {
				p.child[South] |= 1 << h // a locked hole: both masks (child.lap_locked)
				p.child[North] |= 1 << h
				cell = locked
			} else if owner, ok := childMark(cell); ok {
				if v.file == nil || !v.file.kids {
					return p, fmt.Errorf("hole %c%d: %q marks a child, and %s has none", 'a'+col, row+1, clip(cell), v.Title)
				}
				p.child[owner] |= 1 << h
				cell = cell[:len(cell)-1]
			}
			n, err := v.parseCount(cell)
			if err != nil {
				return p, fmt.Errorf("hole %c%d: %v", 'a'+col, row+1, err)
			}
			p.holes[h] = uint8(n)
			total += n
		}
	}
	switch fields[1] {
	case "S":
		p.side = South
	case "N":
		p.side = North
	default:
		return p, fmt.Errorf("side to move must be S or N, not %q", clip(fields[1]))
	}
	for i, name := range [2]string{"south", "north"} {
		n, err := v.parseCount(fields[2+i])
		if err != nil {
			return p, fmt.Errorf("%s %s: %v", name, v.storeWord(), err)
		}
		p.stores[i] = uint8(n)
		total += n
	}
	if total != v.Seeds {
		return p, fmt.Errorf("%s has %d seeds in all, this position has %d", v.Title, v.Seeds, total)
	}
	if v.file != nil && v.file.kids {
		if err := v.file.checkChildren(&p); err != nil {
			return p, err
		}
	}
	field := fields[4]
	if rr := v.wideTally(); rr != nil { // the tally lives in two hole bytes
		rest, s, n, err := rr.cutWideTally(field)
		if err != nil {
			return p, err
		}
		field, p.holes[wideSouth], p.holes[wideNorth] = rest, uint8(s), uint8(n)
	}
	state, err := v.rules.parseState(v, field)
	if err != nil {
		return p, err
	}
	p.state = state
	if v.file != nil && v.file.round != nil {
		for h := range v.holes {
			if p.holes[h] > 0 && p.Blocked(h) {
				return p, fmt.Errorf("hole %s is blocked: it holds no seed", v.FormatMove(Move(h)))
			}
		}
	}
	p.sum = p.keySum()
	return p, nil
}

// childMark reads the letter after a count that marks a child hole: "s" for
// South's, "n" for North's.
func childMark(cell string) (Side, bool) {
	switch {
	case strings.HasSuffix(cell, "s"):
		return South, true
	case strings.HasSuffix(cell, "n"):
		return North, true
	}
	return South, false
}

// parseCount reads one unsigned decimal seed count, at most the variant's seed total.
func (v *Variant) parseCount(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("empty count")
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("count %q is not an unsigned decimal number", clip(s))
		}
	}
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil || n > uint64(v.Seeds) {
		return 0, fmt.Errorf("count %q is more than the %d seeds of the game", clip(s), v.Seeds)
	}
	return int(n), nil
}

func (v *Variant) storeWord() string {
	if v.Reserves {
		return "reserve"
	}
	return "store"
}

// String formats the position in the notation of docs/rules.md.
func (p Position) String() string {
	v := variants[p.variant]
	var b strings.Builder
	for row := v.Rows - 1; row >= 0; row-- {
		for col := 0; col < v.Cols; col++ {
			if col > 0 {
				b.WriteByte(',')
			}
			h := int(v.index[row][col])
			b.WriteString(strconv.Itoa(int(p.holes[h])))
			if p.Locked(h) && v.file.closeAt > 0 {
				b.WriteByte('x') // a closed hole (sow.close_at)
			} else if p.Locked(h) {
				b.WriteByte('r') // a locked hole (child.lap_locked, capture.locked_until_played)
			} else if s, ok := p.ChildOf(h); ok {
				b.WriteByte("sn"[s&1])
			}
		}
		if row > 0 {
			b.WriteByte('/')
		}
	}
	state := v.rules.formatState(v, p.state)
	if rr := v.wideTally(); rr != nil {
		state = rr.withWideTally(&p, state)
	}
	fmt.Fprintf(&b, " %s %d %d %s", p.side, p.stores[South], p.stores[North], state)
	return b.String()
}

// ParseMove reads a move: a hole coordinate such as "c1", or "pass"; in a hole where
// the mover chooses the direction (a rule file's sow.choice), the coordinate and
// "+" (counter-clockwise) or "-" (clockwise): "c1+", "c1-". It checks only that the
// hole exists and the direction fits it; Position.Play checks legality.
func (v *Variant) ParseMove(s string) (Move, error) {
	if s == "pass" {
		return Pass, nil
	}
	if len(s) == 2 || len(s) == 3 {
		col, row := int(s[0])-'a', int(s[1])-'1'
		if col >= 0 && col < v.Cols && row >= 0 && row < v.Rows {
			m := Move(v.index[row][col])
			chosen := v.file != nil && v.file.chosen(int(m))
			switch {
			case len(s) == 2 && !chosen:
				return m, nil
			case len(s) == 2:
				return NoMove, fmt.Errorf("%q needs a direction: %s+ (counter-clockwise) or %s- (clockwise)", s, s, s)
			case !chosen && (s[2] == '+' || s[2] == '-'):
				return NoMove, fmt.Errorf("%q: %s sows one way only, written %s", s, s[:2], s[:2])
			case s[2] == '+':
				return m, nil
			case s[2] == '-':
				return m | Clockwise, nil
			}
		}
	}
	return NoMove, fmt.Errorf("%q is not a move of %s (a hole a1..%c%d, or pass)", clip(s), v.Title, 'a'+v.Cols-1, v.Rows)
}

// FormatMove writes a move as a coordinate or "pass".
func (v *Variant) FormatMove(m Move) string {
	switch {
	case m == Pass:
		return "pass"
	case m.Hole() < v.holes && m < 2*Clockwise:
		h := m.Hole()
		name := string([]byte{byte('a' + v.col[h]), byte('1' + v.row[h])})
		switch {
		case v.file == nil || !v.file.chosen(h):
			return name
		case m&Clockwise != 0:
			return name + "-"
		}
		return name + "+"
	}
	return "(none)"
}

// clip shortens text quoted in error messages so that a huge input gives a short line:
// at most 40 bytes, cut at a character boundary, and "...".
func clip(s string) string {
	n := 40
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
