package client

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mancala/search/words"
)

// Info is what the runner uses from one `info` line.
type Info struct {
	Depth    int
	MultiPV  int // the line's rank (0 if the line did not say)
	Nodes    uint64
	NPS      uint64      // nodes per second (0 if not given)
	TimeMS   int64       // milliseconds since go (0 if not given)
	Score    words.Score // with its Bound: exact, lowerbound or upperbound after cp
	HasScore bool
	WDL      [3]int // wins, draws and losses per mille (UCI_ShowWDL)
	HasWDL   bool
	PV       []string
	String   string // the text after `info string`, if that is what the line is
}

// ParseInfo reads an `info` line. Unknown fields are skipped; a malformed value of a
// known field is an error.
func ParseInfo(line string) (Info, error) {
	var in Info
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return in, fmt.Errorf("not an info line: %q", clip(line))
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "string":
			idx := strings.Index(line, "string")
			in.String = strings.TrimSpace(line[idx+len("string"):])
			return in, nil
		case "depth":
			if i+1 >= len(f) {
				return in, fmt.Errorf("info depth without a value")
			}
			n, err := strconv.Atoi(f[i+1])
			if err != nil {
				return in, fmt.Errorf("info depth %q: not a number", clip(f[i+1]))
			}
			in.Depth = n
			i++
		case "multipv", "nodes", "nps", "time":
			if i+1 >= len(f) {
				return in, fmt.Errorf("info %s without a value", f[i])
			}
			n, err := strconv.ParseUint(f[i+1], 10, 63)
			if err != nil {
				return in, fmt.Errorf("info %s %q: not a number", f[i], clip(f[i+1]))
			}
			switch f[i] {
			case "multipv":
				in.MultiPV = int(min(n, 1000))
			case "nodes":
				in.Nodes = n
			case "nps":
				in.NPS = n
			default:
				in.TimeMS = int64(n)
			}
			i++
		case "score":
			if i+2 >= len(f) {
				return in, fmt.Errorf("info score needs cp or mate and a value")
			}
			sc, err := words.ParseScore(f[i+1] + " " + f[i+2])
			if err != nil {
				return in, fmt.Errorf("info %v", err)
			}
			i += 2
			// UCI allows a bound after the score; this engine's exact is one too.
			if i+1 < len(f) && !sc.Mate {
				if b, ok := words.ParseBound(f[i+1]); ok {
					sc.Bound = b
					i++
				}
			}
			in.Score, in.HasScore = sc, true
		case "wdl":
			if i+3 >= len(f) {
				return in, fmt.Errorf("info wdl needs three numbers")
			}
			total := 0
			for k := range 3 {
				n, err := strconv.Atoi(f[i+1+k])
				if err != nil || n < 0 || n > 1000 {
					return in, fmt.Errorf("info wdl %q: not a number from 0 to 1000", clip(f[i+1+k]))
				}
				in.WDL[k] = n
				total += n
			}
			if total != 1000 {
				return in, fmt.Errorf("info wdl %d %d %d: does not sum to 1000", in.WDL[0], in.WDL[1], in.WDL[2])
			}
			in.HasWDL = true
			i += 3
		case "pv":
			in.PV = append([]string(nil), f[i+1:]...)
			return in, nil
		}
	}
	return in, nil
}

// ParseBestMove reads a `bestmove <move> [ponder <move>]` line.
func ParseBestMove(line string) (move, ponder string, err error) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		return "", "", fmt.Errorf("%w line %q", ErrBadBestMove, clip(line))
	}
	if len(f) >= 4 && f[2] == "ponder" {
		ponder = f[3]
	}
	return f[1], ponder, nil
}

// ErrorLine finds the engine's answer to a rejected command among lines read
// before readyok: the text of its first `info string error` line.
func ErrorLine(lines []string) (msg string, found bool) {
	for _, l := range lines {
		if in, err := ParseInfo(l); err == nil && strings.HasPrefix(in.String, "error") {
			return in.String, true
		}
	}
	return "", false
}

// SearchResult is what one `go` produced.
type SearchResult struct {
	Move    string        // the bestmove as sent ("" if none arrived)
	Ponder  string        // the ponder move, if any
	Info    Info          // the last info line with a score (depth, nodes and pv from it)
	Elapsed time.Duration // from sending the position to receiving bestmove (or giving up)
	Ignored []string      // lines that were neither info nor bestmove, or malformed info
}

// Go sends the position command and, once the engine has accepted it, the go
// command; then it reads info lines until bestmove. To learn whether the position was
// accepted it sends isready after it: an `info string error` line before readyok
// means the engine rejected the position (it would search another), and Go returns
// an error wrapping ErrPositionRejected without sending go. It gives up when allowed
// has passed since it sent the position (0: never) with ErrTimeout (the engine
// should then be killed), or when the engine's output ends with ErrExited. The
// allowance and Elapsed count from the same instant, so a search that timed out
// spent at least allowed. Malformed lines, and lines that are neither info nor
// bestmove, are kept in Ignored.
func (e *Engine) Go(ctx context.Context, position, goCmd string, allowed time.Duration) (SearchResult, error) {
	var r SearchResult
	start := time.Now()
	var deadline time.Time
	if allowed > 0 {
		deadline = start.Add(allowed)
	}
	if err := e.Send(position); err != nil {
		return r, err
	}
	if err := e.Send("isready"); err != nil {
		return r, err
	}
	before, _, err := e.WaitFor(ctx, deadline, func(l string) bool { return strings.TrimSpace(l) == "readyok" })
	r.Elapsed = time.Since(start)
	for _, l := range before {
		if _, perr := ParseInfo(l); perr != nil { // an info line (an info string) is no fault
			r.Ignored = append(r.Ignored, l)
		}
	}
	if err != nil {
		return r, err
	}
	if msg, rejected := ErrorLine(before); rejected {
		return r, fmt.Errorf("engine %s: %w: %s", e.cfg.Name, ErrPositionRejected, clip(msg))
	}
	if err := e.Send(goCmd); err != nil {
		return r, err
	}
	for {
		line, err := e.ReadLine(ctx, deadline)
		r.Elapsed = time.Since(start)
		if err != nil {
			return r, err
		}
		f := strings.Fields(line)
		switch {
		case len(f) > 0 && f[0] == "bestmove":
			move, ponder, err := ParseBestMove(line)
			if err != nil {
				return r, err
			}
			r.Move, r.Ponder = move, ponder
			return r, nil
		case len(f) > 0 && f[0] == "info":
			in, err := ParseInfo(line)
			if err != nil {
				r.Ignored = append(r.Ignored, line)
			} else if in.HasScore {
				r.Info = in
			}
		default:
			r.Ignored = append(r.Ignored, line)
		}
	}
}
