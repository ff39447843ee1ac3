package tournament

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a clock: Base time for every Moves moves (0: for the whole game),
// plus Inc after each move.
type TimeControl struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// IsZero reports whether no clock is set.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// String writes the control as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	s := strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
	}
	return s
}

// ParseTimeControl reads "[moves/]seconds[+increment]", e.g. "40/10+0.1", "10+0.1" or
// "60", times in seconds.
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	rest := s
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		n, err := strconv.Atoi(rest[:i])
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: moves before / must be a positive whole number", s)
		}
		tc.Moves = n
		rest = rest[i+1:]
	}
	inc, hasInc := "", false
	if i := strings.IndexByte(rest, '+'); i >= 0 {
		rest, inc, hasInc = rest[:i], rest[i+1:], true
	}
	base, err := parseSeconds(rest)
	if err != nil || base <= 0 {
		return tc, fmt.Errorf("time control %q: base time must be a positive number of seconds", s)
	}
	tc.Base = base
	if hasInc {
		if tc.Inc, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment must be a number of seconds", s)
		}
	}
	return tc, nil
}

// parseSeconds reads a non-negative number of seconds.
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) || f > 1e6 {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// Limits say how an engine is asked to move: on a clock, for a fixed time per move,
// to a fixed depth or node count, or a combination (the engine stops at the first).
type Limits struct {
	TC       TimeControl
	MoveTime time.Duration
	Depth    int
	Nodes    uint64
}

// IsZero reports whether no limit is set.
func (l Limits) IsZero() bool { return l == Limits{} }

// String describes the limits, e.g. "tc=10+0.1" or "depth=5 nodes=1000".
func (l Limits) String() string {
	var parts []string
	if !l.TC.IsZero() {
		parts = append(parts, "tc="+l.TC.String())
	}
	if l.MoveTime > 0 {
		parts = append(parts, "movetime="+strconv.FormatFloat(l.MoveTime.Seconds(), 'f', -1, 64))
	}
	if l.Depth > 0 {
		parts = append(parts, "depth="+strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		parts = append(parts, "nodes="+strconv.FormatUint(l.Nodes, 10))
	}
	return strings.Join(parts, " ")
}

// clock is one game's pair of clocks.
type clock struct {
	tc    [2]TimeControl
	left  [2]time.Duration
	moves [2]int // moves made by each side
}

func newClock(south, north TimeControl) *clock {
	return &clock{tc: [2]TimeControl{south, north}, left: [2]time.Duration{south.Base, north.Base}}
}

// goCommand builds the go command for the side to move under its limits.
func (c *clock) goCommand(side int, l Limits) string {
	var b strings.Builder
	b.WriteString("go")
	ms := func(d time.Duration) int64 { return max(d.Milliseconds(), 0) }
	if !l.TC.IsZero() {
		for s, word := range [2]string{"wtime", "btime"} {
			if !c.tc[s].IsZero() {
				fmt.Fprintf(&b, " %s %d", word, ms(c.left[s]))
			}
		}
		for s, word := range [2]string{"winc", "binc"} {
			if c.tc[s].Inc > 0 {
				fmt.Fprintf(&b, " %s %d", word, ms(c.tc[s].Inc))
			}
		}
		if l.TC.Moves > 0 {
			fmt.Fprintf(&b, " movestogo %d", l.TC.Moves-c.moves[side]%l.TC.Moves)
		}
	}
	if l.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", ms(l.MoveTime))
	}
	if l.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", l.Depth)
	}
	if l.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", l.Nodes)
	}
	return b.String()
}

// allowance is how long the side to move may take before it loses on time, and
// whether that is a real limit (false: only the hard per-move timeout applies).
func (c *clock) allowance(side int, l Limits, margin, hard time.Duration) (time.Duration, bool) {
	switch {
	case !l.TC.IsZero() && l.MoveTime > 0:
		return min(c.left[side], l.MoveTime) + margin, true
	case !l.TC.IsZero():
		return c.left[side] + margin, true
	case l.MoveTime > 0:
		return l.MoveTime + margin, true
	}
	return hard, false
}

// spend charges a move's time to side's clock, adds the increment and, at the end of
// a period of Moves moves, a new Base.
func (c *clock) spend(side int, used time.Duration) {
	tc := c.tc[side]
	c.moves[side]++
	if tc.IsZero() {
		return
	}
	c.left[side] -= used
	c.left[side] += tc.Inc
	if tc.Moves > 0 && c.moves[side]%tc.Moves == 0 {
		c.left[side] += tc.Base
	}
}
