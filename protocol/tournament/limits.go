package tournament

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a clock: Base time for every Moves moves (0: for the whole game),
// plus Inc after each move. Infinite is cutechess's "inf": no clock at all, the
// moves ended by a depth or node limit.
type TimeControl struct {
	Moves    int
	Base     time.Duration
	Inc      time.Duration
	Infinite bool
}

// IsZero reports whether no time control is set.
func (tc TimeControl) IsZero() bool { return tc == TimeControl{} }

// timed reports whether the control is a real clock.
func (tc TimeControl) timed() bool { return !tc.IsZero() && !tc.Infinite }

// String writes the control as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	if tc.Infinite {
		return "inf"
	}
	s := strconv.FormatFloat(tc.Base.Seconds(), 'f', -1, 64)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)
	}
	return s
}

// ParseTimeControl reads "[moves/]base[+increment]", e.g. "40/10+0.1", "10+0.1" or
// "60", times in seconds; the base may also be minutes:seconds ("0:10+0.1", "2:30"),
// and may be 0 when there is an increment. "inf" is no clock (see TimeControl).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "inf" {
		return TimeControl{Infinite: true}, nil
	}
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
	base, err := parseBase(rest)
	if err != nil {
		return tc, fmt.Errorf("time control %q: base time must be seconds or minutes:seconds", s)
	}
	tc.Base = base
	if hasInc {
		if tc.Inc, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment must be a number of seconds", s)
		}
	}
	if tc.Base+tc.Inc <= 0 {
		return tc, fmt.Errorf("time control %q: no time at all (base and increment are 0)", s)
	}
	return tc, nil
}

// parseBase reads seconds or minutes:seconds.
func parseBase(s string) (time.Duration, error) {
	m, sec, ok := strings.Cut(s, ":")
	if !ok {
		return parseSeconds(s)
	}
	n, err := strconv.Atoi(m)
	if err != nil || n < 0 || n > 1e4 || strings.HasPrefix(m, "+") {
		return 0, fmt.Errorf("%q is not minutes:seconds", s)
	}
	d, err := parseSeconds(sec)
	if err != nil {
		return 0, err
	}
	return time.Duration(n)*time.Minute + d, nil
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

// check refuses negative limits and an infinite clock with nothing to end a move.
func (l Limits) check() error {
	switch {
	case l.MoveTime < 0:
		return fmt.Errorf("movetime must not be negative")
	case l.Depth < 0:
		return fmt.Errorf("depth must not be negative")
	case l.TC.Infinite && l.MoveTime == 0 && l.Depth == 0 && l.Nodes == 0:
		return fmt.Errorf("tc=inf needs a depth, nodes or movetime limit to end each move")
	}
	return nil
}

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
	if l.TC.timed() {
		for s, word := range [2]string{"wtime", "btime"} {
			if c.tc[s].timed() {
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
	if l.MoveTime > 0 { // at least 1: some engines (Aalina) hang on movetime 0
		fmt.Fprintf(&b, " movetime %d", max(ms(l.MoveTime), 1))
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
	case l.TC.timed() && l.MoveTime > 0:
		return min(c.left[side], l.MoveTime) + margin, true
	case l.TC.timed():
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
	if !tc.timed() {
		return
	}
	c.left[side] -= used
	c.left[side] += tc.Inc
	if tc.Moves > 0 && c.moves[side]%tc.Moves == 0 {
		c.left[side] += tc.Base
	}
}
