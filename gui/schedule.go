package gui

import (
	"fmt"
	"strconv"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/search/words"
)

// schedule works out the search the engine should run now and tells the driver.
// The caller holds g.mu.
func (g *session) schedule() {
	bg := g.line.shownGame()
	pos := bg.Position()
	var j *job
	switch {
	case g.review != nil && g.review.running():
		j = g.reviewJob()
	case bg.Result().Over():
	case g.analysing:
		j = &job{goCmd: "go infinite"}
	case g.line.atEnd() && !g.paused && g.players[pos.SideToMove()] == engine:
		j = &job{play: true, goCmd: "go movetime " + strconv.FormatInt(g.moveTime.Milliseconds(), 10), limit: g.moveTime}
	}
	if j != nil && !g.probed() {
		return // asked again when the engine has told its options
	}
	if j != nil && !j.review {
		j.position = client.PositionCommand(bg)
		j.options = g.engineOptions(j.play)
		j.side, j.root = pos.SideToMove(), pos
	}
	if j == nil && g.job == nil || j.same(g.job) {
		return
	}
	if j != nil {
		g.nextTag++
		j.tag = g.nextTag
	}
	g.job = j
	g.lines = nil
	g.broadcast(event("info", g.infoLocked()))
	g.drv.request(j)
}

// engineActivity says what the engine does now: "thinking" about its move,
// "analysing" the shown position, or "idle".
func (g *session) engineActivity() string {
	switch {
	case g.job == nil:
		return "idle"
	case g.job.play:
		return "thinking"
	case g.job.review:
		return "reviewing"
	}
	return "analysing"
}

// probed reports whether the engine's options are known; if not, it arranges for
// schedule to run again when they are, so that no request waits for an engine start.
func (g *session) probed() bool {
	select {
	case <-g.srv.probeDone:
		return true
	default:
	}
	if !g.awaitingProbe {
		g.awaitingProbe = true
		go func() {
			<-g.srv.probeDone
			g.mu.Lock()
			defer g.mu.Unlock()
			g.awaitingProbe = false
			if !g.closed {
				g.schedule()
			}
		}()
	}
	return false
}

// engineOptions are the options a search needs: the game, the number of lines, and
// the strength (Level if the engine has it, else Skill) when playing.
func (g *session) engineOptions(play bool) []client.Option {
	ei := g.srv.engineInfo()
	opts := []client.Option{{Name: "Variant", Value: g.variant.Name}}
	if ei.WDL {
		opts = append(opts, client.Option{Name: "UCI_ShowWDL", Value: "true"})
	}
	if ei.MultiPV > 0 {
		n := 1
		if !play {
			n = min(g.multipv, ei.MultiPV)
		}
		opts = append(opts, client.Option{Name: "MultiPV", Value: strconv.Itoa(n)})
	}
	switch {
	case ei.Level != nil:
		v := strconv.Itoa(ei.Level.Max)
		if play && g.strength != "" {
			v = g.strength
		}
		opts = append(opts, client.Option{Name: "Level", Value: v})
	case ei.Skill != nil:
		v := ei.SkillDef
		if play && g.strength != "" {
			v = g.strength
		}
		opts = append(opts, client.Option{Name: "Skill", Value: v})
	}
	return opts
}

// onInfo keeps the latest line of each rank of the current search.
func (g *session) onInfo(tag int, in client.Info) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job == nil || tag != g.job.tag || !in.HasScore || g.closed {
		return
	}
	k := max(in.MultiPV, 1)
	if k > 64 {
		return
	}
	for len(g.lines) < k {
		g.lines = append(g.lines, pvLine{MultiPV: len(g.lines) + 1})
	}
	l := pvLine{MultiPV: k, Depth: in.Depth, Cp: southView(in.Score.Centiseeds(), g.job.side), Nodes: in.Nodes,
		NPS: in.NPS, TimeMS: in.TimeMS, PV: in.PV, Score: southScore(in.Score, g.job.side), Movers: lineMovers(g.job.root, in.PV)}
	if in.Score.Mate {
		l.Score += lineEnd(g.job.root, in.PV)
	}
	if in.HasWDL {
		l.WDL = []int{in.WDL[0], in.WDL[1], in.WDL[2]}
		if g.job.side == board.North {
			l.WDL[0], l.WDL[2] = l.WDL[2], l.WDL[0]
		}
	}
	g.lines[k-1] = l
	// A new iteration reports its lines one by one: a shallower line of another rank
	// that starts with the same move is stale (its rank has moved), so it is hidden
	// until its rank is reported at this depth.
	for j := range g.lines {
		o := &g.lines[j]
		if j != k-1 && o.Depth < l.Depth && len(o.PV) > 0 && len(l.PV) > 0 && o.PV[0] == l.PV[0] {
			*o = pvLine{MultiPV: j + 1}
		}
	}
	if k == 1 {
		// The evaluation graph keeps the best line's score from South's view, a proven
		// result with the margin its line or the endgame table gives (margins.go).
		var value *int
		if isProven(g.variant, l.Cp) {
			bg := g.line.shownGame()
			if g.job.review {
				bg = replay(g.line.start, g.review.nodes[g.review.next])
			}
			value = provenValue(l.Cp, bg, in.PV, g.srv.endgameTable(g.variant))
		}
		if g.job.review {
			// A review's score belongs to the reviewed position, wherever the page is.
			g.review.score(l.Cp, value)
			g.line.derive()
		} else {
			g.line.setEval(g.line.cursor, l.Cp)
			g.line.path[g.line.cursor].value = value
		}
	}
	if g.infoTimer == nil {
		g.infoTimer = time.AfterFunc(100*time.Millisecond, g.flushInfo)
	}
}

// flushInfo sends the current lines, at most ten times a second.
func (g *session) flushInfo() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.infoTimer = nil
	if !g.closed {
		g.broadcast(event("info", g.infoLocked()))
	}
}

// infoLocked is the current search's lines. The caller holds g.mu.
func (g *session) infoLocked() info {
	in := info{Ply: g.line.cursor, Lines: g.lines, Evals: g.line.evalsCopy(), Values: g.line.graphValues()}
	if g.job != nil {
		in.Thinking, in.Analysing, in.Reviewing, in.Tag = g.job.play, !g.job.play && !g.job.review, g.job.review, g.job.tag
		if g.job.review {
			in.Ply = g.review.next // a position of the reviewed line
		}
	}
	return in
}

// onBestMove plays the engine's move if it answers the current play job.
func (g *session) onBestMove(tag int, move string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job == nil || tag != g.job.tag || g.closed {
		return
	}
	if g.job.review {
		g.job, g.lines = nil, nil
		g.review.next++
		g.changed()
		return
	}
	if !g.job.play {
		return
	}
	g.job, g.lines = nil, nil
	m, err := g.variant.ParseMove(move)
	if err == nil {
		err = g.play(m)
	}
	if err != nil {
		g.say(fmt.Sprintf("the engine sent bestmove %q, which is not legal here (%v): game paused", move, err), true)
		g.paused = true
	}
	g.changed()
}

// onDropped forgets a search the driver gave up on, so that the next change asks again.
func (g *session) onDropped(tag int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != nil && g.job.tag == tag {
		g.job, g.lines = nil, nil
		if !g.closed { // the page's engine field must not stay "analysing"
			g.broadcast(event("info", g.infoLocked()))
		}
	}
}

// onStatus reports an engine message (a crash, a restart, a refused position).
func (g *session) onStatus(msg string, failed bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return
	}
	fmt.Fprintf(g.srv.cfg.Log, "game %s: %s\n", g.id, msg)
	g.say(msg, failed)
	g.broadcast(event("status", statusEvent{Message: msg, Failed: failed}))
}

// southView turns centiseeds from the view of side into South's view.
func southView(cp int, side board.Side) int {
	if side == board.North {
		return -cp
	}
	return cp
}

// lineEnd is how a proven line ends in the scoring games, ", 27-21 at the line's
// end" (the final count if both sides play the line: the search proves the result,
// not the margin), or "" when the line stops before the game does.
func lineEnd(root board.Position, pv []string) string {
	if r, ok := lineResult(root, pv); ok && r.Scored {
		return fmt.Sprintf(", %d-%d at the line's end", r.South, r.North)
	}
	return ""
}

// lineMovers lists the side that plays each move of an engine line from root, as
// far as its moves are legal there (the sides take turns, except after an extra
// turn).
func lineMovers(root board.Position, pv []string) []int {
	v := root.Variant()
	out := make([]int, 0, len(pv))
	pos := root
	for _, s := range pv {
		m, err := v.ParseMove(s)
		if err != nil {
			break
		}
		next, err := pos.Play(m)
		if err != nil {
			break
		}
		out = append(out, int(pos.SideToMove()))
		pos = next
	}
	return out
}

// southScore writes an engine's score (from the view of side, to move) from South's
// view, the one view the page uses: "+1.35" (South ahead by 1.35 seeds), "-0.50",
// "South wins in 3", "North wins in 2"; a margin the endgame table proves is marked
// "+4.00 (proven)", a win it proves without a margin "South wins (proven)".
func southScore(sc words.Score, side board.Side) string {
	if sc.Mate {
		winner := side
		if sc.Value < 0 {
			winner = side.Other()
		}
		return fmt.Sprintf("%s wins in %d", winner.Name(), max(sc.Value, -sc.Value))
	}
	switch sc.Bound {
	case words.Lower:
		return side.Name() + " wins (proven)"
	case words.Upper:
		return side.Other().Name() + " wins (proven)"
	case words.Exact:
		return fmt.Sprintf("%+.2f (proven)", float64(southView(sc.Value, side))/100)
	}
	return fmt.Sprintf("%+.2f", float64(southView(sc.Value, side))/100)
}
