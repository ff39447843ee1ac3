package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/tournament"
	"mancala/search"
)

// Who plays a side.
const (
	human  = "human"
	engine = "engine"
)

func parsePlayers(south, north string) ([2]string, error) {
	var p [2]string
	for i, who := range [2]string{south, north} {
		switch who {
		case "", human:
			p[i] = human
		case engine:
			p[i] = engine
		default:
			return p, fmt.Errorf("player %q: want human or engine", who)
		}
	}
	return p, nil
}

// pvLine is one line of the engine's current search, as the page shows it.
type pvLine struct {
	MultiPV int      `json:"multipv"`
	Depth   int      `json:"depth"`
	Score   string   `json:"score"` // in seeds from the side to move's view: "+1.35", "win in 3"
	Cp      int      `json:"cp"`    // centiseeds, side to move's view (mates far beyond)
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMS  int64    `json:"timeMs"`
	PV      []string `json:"pv"`
}

// session is one open game: its moves (with a redo tail), the shown ply, who plays
// each side, analysis settings, and the engine driver.
type session struct {
	id  string
	srv *Server
	drv *driver

	mu        sync.Mutex
	variant   *board.Variant
	start     board.Position
	moves     []board.Move // the main line; moves[cursor:] is what redo replays
	evals     []*int       // South's view, centiseeds, by ply (position after ply moves)
	cursor    int
	players   [2]string
	strength  string // Level or Skill value ("" for the engine's default)
	moveTime  time.Duration
	analysing bool
	multipv   int
	paused    bool
	job       *job
	nextTag   int
	lines     []pvLine
	status    string
	failed    bool
	anim      *animation
	seq       int
	subs      map[*subscriber]bool
	goneTimer *time.Timer
	infoTimer *time.Timer
	closed    bool
	// awaitingProbe: a schedule waits for the engine's options
	awaitingProbe bool
}

// animation is the trace of the move that led to the shown position.
type animation struct {
	Seq    int       `json:"seq"`
	Ply    int       `json:"ply"` // the ply the move leads to
	Move   string    `json:"move"`
	Side   int       `json:"side"`
	Before []int     `json:"before"` // hole counts before the move
	Stores [2]int    `json:"stores"` // stores or reserves before the move
	Steps  []stepOut `json:"steps"`
	Laps   int       `json:"laps"`
}

type stepOut struct {
	Kind  string `json:"k"`
	Hole  int    `json:"h"`
	Count int    `json:"n"`
	Lap   int    `json:"lap"`
}

func newSession(srv *Server, id string, v *board.Variant, players [2]string) *session {
	g := &session{id: id, srv: srv, variant: v, start: v.StartPosition(), players: players,
		moveTime: srv.cfg.MoveTime, multipv: 3, subs: map[*subscriber]bool{}}
	g.evals = []*int{nil}
	g.drv = newDriver(srv, events{info: g.onInfo, bestmove: g.onBestMove, status: g.onStatus, dropped: g.onDropped})
	g.goneTimer = time.AfterFunc(srv.cfg.GoneAfter, g.gone)
	g.mu.Lock()
	g.changed()
	g.mu.Unlock()
	return g
}

// gone closes the game if no page is watching it.
func (g *session) gone() {
	g.mu.Lock()
	watched := len(g.subs) > 0
	g.mu.Unlock()
	if !watched {
		fmt.Fprintf(g.srv.cfg.Log, "game %s: page gone, closing\n", g.id)
		g.srv.drop(g)
	}
}

func (g *session) close() {
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	g.closed = true
	g.goneTimer.Stop()
	if g.infoTimer != nil {
		g.infoTimer.Stop()
	}
	for s := range g.subs {
		close(s.ch)
		delete(g.subs, s)
	}
	g.mu.Unlock()
	g.drv.close()
}

// subscriber is one page watching a game: its queue of events, and whether an event
// was dropped because the queue was full.
type subscriber struct {
	ch     chan []byte
	missed atomic.Bool
}

func (g *session) subscribe() *subscriber {
	s := &subscriber{ch: make(chan []byte, 64)}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		close(s.ch)
		return s
	}
	g.subs[s] = true
	g.goneTimer.Stop()
	s.ch <- event("state", g.stateLocked())
	if len(g.lines) > 0 {
		s.ch <- event("info", g.infoLocked())
	}
	return s
}

func (g *session) unsubscribe(s *subscriber) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.subs[s] {
		delete(g.subs, s)
		close(s.ch)
	}
	if len(g.subs) == 0 && !g.closed {
		g.goneTimer.Reset(g.srv.cfg.GoneAfter)
	}
}

// event formats one server-sent event.
func event(name string, v any) []byte {
	b, _ := json.Marshal(v)
	return []byte("event: " + name + "\ndata: " + string(b) + "\n\n")
}

// broadcast sends an event to every page watching. A page too slow to keep up misses
// it, and gets the latest state once it has caught up (catchUp): in a game between
// people no later event may come to carry it.
func (g *session) broadcast(msg []byte) {
	for s := range g.subs {
		select {
		case s.ch <- msg:
		default:
			s.missed.Store(true)
		}
	}
}

// catchUp returns the latest state event for a page that missed events while its
// queue was full, once it has read everything queued; ok is false when there is
// nothing to catch up.
func (g *session) catchUp(s *subscriber) (msg []byte, ok bool) {
	if len(s.ch) > 0 || !s.missed.Swap(false) {
		return nil, false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return event("state", g.stateLocked()), true
}

// game replays the moves up to ply n.
func (g *session) game(n int) *board.Game {
	bg := board.NewGame(g.start)
	for _, m := range g.moves[:n] {
		if bg.Play(m) != nil {
			break // cannot happen: moves are checked when added
		}
	}
	return bg
}

// changed publishes the new state and decides what the engine should do. The
// caller holds g.mu.
func (g *session) changed() {
	g.seq++
	g.broadcast(event("state", g.stateLocked()))
	g.schedule()
}

// schedule works out the search the engine should run now and tells the driver.
func (g *session) schedule() {
	bg := g.game(g.cursor)
	pos := bg.Position()
	var j *job
	switch {
	case bg.Result().Over():
	case g.analysing:
		j = &job{goCmd: "go infinite"}
	case g.cursor == len(g.moves) && !g.paused && g.players[pos.SideToMove()] == engine:
		j = &job{play: true, goCmd: "go movetime " + strconv.FormatInt(g.moveTime.Milliseconds(), 10), limit: g.moveTime}
	}
	if j != nil && !g.probed() {
		return // asked again when the engine has told its options
	}
	if j != nil {
		j.position = client.PositionCommand(bg)
		j.options = g.engineOptions(j.play)
		j.side = pos.SideToMove()
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
	l := pvLine{MultiPV: k, Depth: in.Depth, Cp: in.Score.Centiseeds(), Nodes: in.Nodes, NPS: in.NPS,
		TimeMS: in.TimeMS, PV: in.PV}
	switch {
	case in.Score.Mate && in.Score.Value > 0:
		l.Score = fmt.Sprintf("wins in %d", in.Score.Value)
	case in.Score.Mate:
		l.Score = fmt.Sprintf("loses in %d", -in.Score.Value)
	default:
		l.Score = fmt.Sprintf("%+.2f", float64(in.Score.Value)/100) + boundWords[in.Score.Bound]
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
		// The evaluation graph keeps the best line's score from South's view.
		cp := l.Cp
		if g.job.side == board.North {
			cp = -cp
		}
		for len(g.evals) <= g.cursor {
			g.evals = append(g.evals, nil)
		}
		g.evals[g.cursor] = &cp
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

func (g *session) infoLocked() map[string]any {
	thinking, analysing := false, false
	tag := 0
	if g.job != nil {
		thinking, analysing, tag = g.job.play, !g.job.play, g.job.tag
	}
	return map[string]any{"tag": tag, "ply": g.cursor, "thinking": thinking, "analysing": analysing,
		"lines": g.lines, "evals": append([]*int(nil), g.evals...)}
}

// onBestMove plays the engine's move if it answers the current play job.
func (g *session) onBestMove(tag int, move string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job == nil || tag != g.job.tag || !g.job.play || g.closed {
		return
	}
	g.job = nil
	m, err := g.variant.ParseMove(move)
	if err == nil {
		err = g.play(m)
	}
	if err != nil {
		g.status = fmt.Sprintf("the engine sent bestmove %q, which is not legal here (%v): game paused", move, err)
		g.failed = true
		g.paused = true
	}
	g.changed()
}

// onDropped forgets a search the driver gave up on, so that the next change asks again.
func (g *session) onDropped(tag int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != nil && g.job.tag == tag {
		g.job = nil
	}
}

func (g *session) onStatus(msg string, failed bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return
	}
	fmt.Fprintf(g.srv.cfg.Log, "game %s: %s\n", g.id, msg)
	g.status, g.failed = msg, failed
	g.broadcast(event("status", map[string]any{"message": msg, "failed": failed}))
}

// play makes move m at the shown ply: it follows the main line if m is its next
// move, and otherwise replaces the rest of the line. It records the move's trace.
func (g *session) play(m board.Move) error {
	bg := g.game(g.cursor)
	pos := bg.Position()
	tr, err := pos.Trace(m)
	if err != nil {
		return err
	}
	if err := bg.Play(m); err != nil {
		return err
	}
	if g.cursor < len(g.moves) && g.moves[g.cursor] == m {
		g.cursor++
	} else {
		g.moves = append(g.moves[:g.cursor], m)
		g.evals = g.evals[:min(len(g.evals), g.cursor+1)]
		g.cursor++
	}
	a := &animation{Seq: g.seq + 1, Ply: g.cursor, Move: g.variant.FormatMove(m), Side: int(tr.Side),
		Stores: [2]int{pos.Store(board.South), pos.Store(board.North)}, Laps: tr.Laps, Steps: []stepOut{}}
	for h := 0; h < g.variant.Holes(); h++ {
		a.Before = append(a.Before, pos.Seeds(h))
	}
	for _, st := range tr.Steps {
		a.Steps = append(a.Steps, stepOut{Kind: st.Kind.String(), Hole: st.Hole, Count: st.Count, Lap: st.Lap})
	}
	g.anim = a
	return nil
}

// snapshot returns the current state.
func (g *session) snapshot() map[string]any {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stateLocked()
}

// stateLocked is everything the page draws.
func (g *session) stateLocked() map[string]any {
	v := g.variant
	bg := g.game(g.cursor)
	pos := bg.Position()
	counts := make([]int, v.Holes())
	for h := range counts {
		counts[h] = pos.Seeds(h)
	}
	res := bg.Result()
	type legalMove struct {
		Move string `json:"move"`
		Hole int    `json:"hole"`
	}
	legal := []legalMove{}
	pass := false
	if !res.Over() {
		var ml board.MoveList
		pos.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if m == board.Pass {
				pass = true
				continue
			}
			legal = append(legal, legalMove{Move: v.FormatMove(m), Hole: int(m)})
		}
	}
	moves := []string{}
	for _, m := range g.moves {
		moves = append(moves, v.FormatMove(m))
	}
	st := map[string]any{
		"id": g.id, "seq": g.seq, "variant": v.Name, "title": v.Title,
		"counts": counts, "stores": [2]int{pos.Store(board.South), pos.Store(board.North)},
		"side": int(pos.SideToMove()), "fen": pos.String(), "startFen": g.start.String(),
		"legal": legal, "pass": pass, "moves": moves, "ply": g.cursor,
		"players": g.players, "strength": g.strength, "moveTimeMs": g.moveTime.Milliseconds(),
		"analysing": g.analysing, "multipv": g.multipv, "paused": g.paused,
		"phase": pos.Phase(), "status": g.status, "failed": g.failed,
		"evals": append([]*int(nil), g.evals...),
	}
	if res.Over() {
		r := map[string]any{"score": res.Score(), "reason": res.Reason.String(), "text": describeResult(v, res)}
		if res.Scored {
			r["south"], r["north"] = res.South, res.North
		}
		st["result"] = r
	}
	if pos.OpeningLeft() != 0 {
		var left []int
		for h := 0; h < v.Holes(); h++ {
			if pos.OpeningLeft()&(1<<h) != 0 {
				left = append(left, h)
			}
		}
		st["openingLeft"] = left
	}
	if g.anim != nil && g.anim.Ply == g.cursor {
		st["anim"] = g.anim
	}
	return st
}

// describeResult says who won game v, why, in the words of the game's profile, and
// with what final seed count.
func describeResult(v *board.Variant, r board.Result) string {
	who := "Draw"
	if s, ok := r.Winner(); ok {
		who = s.Name() + " wins"
	}
	text := fmt.Sprintf("%s (%s)", who, r.Reason)
	if words := v.EndWords(r.Reason); words != "" {
		text += ": " + words
	}
	if r.Scored {
		text += fmt.Sprintf(". South %d, North %d", r.South, r.North)
	}
	return text
}

// actions are the game actions of POST /api/{action}; close is handled by the server.
var actions = map[string]func(g *session, r *actionRequest) error{
	"move":    (*session).actMove,
	"undo":    (*session).actUndo,
	"redo":    (*session).actRedo,
	"goto":    (*session).actGoto,
	"setup":   (*session).actSetup,
	"reset":   (*session).actReset,
	"players": (*session).actPlayers,
	"analyse": (*session).actAnalyse,
	"stop":    (*session).actStop,
	"pause":   (*session).actPause,
	"load":    (*session).actLoad,
	"close":   nil,
}

func (g *session) actMove(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	m, err := g.variant.ParseMove(r.Move)
	if err != nil {
		return err
	}
	pos := g.game(g.cursor).Position()
	if g.players[pos.SideToMove()] == engine && g.cursor == len(g.moves) && !g.paused && !g.analysing {
		return errors.New("it is the engine's turn: wait for its move, or press stop to make it move now")
	}
	if err := g.play(m); err != nil {
		return err
	}
	g.changed()
	return nil
}

// actUndo goes back one ply, or two when that gives the turn back to a person
// playing an engine.
func (g *session) actUndo(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cursor == 0 {
		return errors.New("nothing to undo: this is the start of the game")
	}
	g.cursor--
	pos := g.game(g.cursor).Position()
	if g.cursor > 0 && !g.analysing && g.players[pos.SideToMove()] == engine && g.players[0] != g.players[1] {
		g.cursor--
	}
	g.anim = nil
	g.changed()
	return nil
}

func (g *session) actRedo(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.cursor == len(g.moves) {
		return errors.New("nothing to redo")
	}
	if err := g.play(g.moves[g.cursor]); err != nil {
		return err
	}
	g.changed()
	return nil
}

func (g *session) actGoto(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.Ply == nil || *r.Ply < 0 || *r.Ply > len(g.moves) {
		return fmt.Errorf("ply must be from 0 to %d", len(g.moves))
	}
	if *r.Ply == g.cursor+1 {
		if err := g.play(g.moves[g.cursor]); err != nil {
			return err
		}
	} else {
		g.cursor = *r.Ply
		g.anim = nil
	}
	if g.cursor < len(g.moves) {
		g.paused = g.paused || g.players[0] == engine && g.players[1] == engine
	}
	g.changed()
	return nil
}

// actSetup starts a new game from a pasted position (the variant stays, unless the
// request names another).
func (g *session) actSetup(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, err := g.requestedVariant(r)
	if err != nil {
		return err
	}
	p, err := v.ParsePosition(strings.TrimSpace(r.FEN))
	if err != nil {
		return err
	}
	g.reset(v, p)
	return nil
}

// actReset starts a new game from the start position (of the variant the request
// names, if any).
func (g *session) actReset(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, err := g.requestedVariant(r)
	if err != nil {
		return err
	}
	g.reset(v, v.StartPosition())
	return nil
}

// requestedVariant is the game the request names, or the session's own.
func (g *session) requestedVariant(r *actionRequest) (*board.Variant, error) {
	if r.Variant == "" {
		return g.variant, nil
	}
	return board.VariantByName(r.Variant)
}

func (g *session) reset(v *board.Variant, p board.Position) {
	g.variant, g.start = v, p
	g.moves, g.evals, g.cursor, g.anim = nil, []*int{nil}, 0, nil
	g.paused, g.status, g.failed = false, "", false
	g.changed()
}

func (g *session) actPlayers(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	players, err := parsePlayers(r.South, r.North)
	if err != nil {
		return err
	}
	if r.MoveTime < 0 || r.MoveTime > 600_000 {
		return fmt.Errorf("time per move %d ms: want 1 to 600000", r.MoveTime)
	}
	if r.Strength != "" {
		if err := checkStrength(g.srv.engineInfo(), r.Strength); err != nil {
			return err
		}
	}
	g.players, g.strength = players, r.Strength
	if r.MoveTime > 0 {
		g.moveTime = time.Duration(r.MoveTime) * time.Millisecond
	}
	g.changed()
	return nil
}

// checkStrength accepts a Level within the engine's range or one of its Skill values.
func checkStrength(ei engineInfo, s string) error {
	switch {
	case ei.Level != nil:
		n, err := strconv.Atoi(s)
		if err != nil || n < ei.Level.Min || n > ei.Level.Max {
			return fmt.Errorf("level %q: want %d to %d", s, ei.Level.Min, ei.Level.Max)
		}
	case ei.Skill != nil:
		for _, v := range ei.Skill {
			if v == s {
				return nil
			}
		}
		return fmt.Errorf("skill %q: want one of %s", s, strings.Join(ei.Skill, ", "))
	default:
		return errors.New("the engine has no strength setting")
	}
	return nil
}

func (g *session) actAnalyse(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.On == nil {
		return errors.New(`analyse needs "on": true or false`)
	}
	if r.MultiPV < 0 || r.MultiPV > board.MaxMoves {
		return fmt.Errorf("lines %d: want 1 to %d", r.MultiPV, board.MaxMoves)
	}
	if r.MultiPV > 0 {
		g.multipv = r.MultiPV
	}
	g.analysing = *r.On
	g.changed()
	return nil
}

// actStop makes a thinking engine move now, or ends analysis.
func (g *session) actStop(*actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.analysing:
		g.analysing = false
		g.changed()
	case g.job != nil && g.job.play:
		g.drv.moveNow()
	default:
		return errors.New("the engine is not thinking")
	}
	return nil
}

func (g *session) actPause(r *actionRequest) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.On == nil {
		return errors.New(`pause needs "on": true or false`)
	}
	g.paused = *r.On
	g.changed()
	return nil
}

// actLoad replaces the game with one from a records file (JSON lines, as the
// tournament runner writes them): the line of game number r.Game, or the first.
func (g *session) actLoad(r *actionRequest) error {
	rec, err := pickRecord(r.Record, r.Game)
	if err != nil {
		return err
	}
	v, err := board.VariantByName(rec.Variant)
	if err != nil {
		return fmt.Errorf("record: %v", err)
	}
	start, err := v.ParsePosition(rec.Opening.FEN)
	if err != nil {
		return fmt.Errorf("record: opening position: %v", err)
	}
	bg := board.NewGame(start)
	var moves []board.Move
	evals := []*int{nil}
	var all []tournament.MoveRecord
	for _, s := range rec.Opening.Moves {
		all = append(all, tournament.MoveRecord{Move: s})
	}
	all = append(all, rec.Moves...)
	var deepest [2]int // each side's deepest search so far in the record
	for i, mr := range all {
		cur := bg.Position()
		side := cur.SideToMove()
		m, err := v.ParseMove(mr.Move)
		if err == nil {
			err = bg.Play(m)
		}
		if err != nil {
			return fmt.Errorf("record: move %d (%s): %v", i+1, mr.Move, err)
		}
		moves = append(moves, m)
		// A depth-1 score after deeper searches of the same side answered a forced
		// move with a static evaluation: the graph leaves it out.
		if mr.Depth != 1 || deepest[side] <= 1 {
			evals[len(evals)-1] = recordScore(mr.Score, side)
		}
		deepest[side] = max(deepest[side], mr.Depth)
		evals = append(evals, nil)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.variant, g.start, g.moves, g.evals, g.cursor, g.anim = v, start, moves, evals, 0, nil
	g.paused, g.analysing, g.status, g.failed = false, false, fmt.Sprintf("loaded game %d: %s vs %s, %s (%s)", rec.Game, rec.South, rec.North, rec.Result, rec.Reason), false
	g.players = [2]string{human, human}
	g.changed()
	return nil
}

// boundWords mark a score the endgame table proves (search.Bound) in the lines shown.
var boundWords = map[search.Bound]string{search.Exact: " (proven)", search.Lower: " or more (proven win)",
	search.Upper: " or less (proven loss)"}

// recordScore turns a record's "cp 35" (mover's view) into South's view.
func recordScore(s string, mover board.Side) *int {
	sc, err := search.ParseScore(s)
	if err != nil {
		return nil
	}
	cp := sc.Centiseeds()
	if mover == board.North {
		cp = -cp
	}
	return &cp
}

// pickRecord finds game number n (0: the first) in JSON-lines text, read by the one
// records reader: a last line without its newline is read when it holds a whole
// record and reported as cut short when not, as is a damaged line before the game.
func pickRecord(text string, n int) (*tournament.Record, error) {
	rr, err := tournament.ReadRecords(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	for _, l := range rr.Lines {
		switch {
		case l.Err != nil && l.Cut:
			return nil, fmt.Errorf("record line %d, the last, is cut short (%d bytes without a newline): %v", l.N, rr.Cut, l.Err)
		case l.Err != nil:
			return nil, fmt.Errorf("record line %d is %v", l.N, l.Err)
		case n == 0 || l.Record.Game == n:
			return &l.Record, nil
		}
	}
	if len(rr.Lines) == 0 {
		return nil, errors.New("the record file is empty")
	}
	return nil, fmt.Errorf("no game number %d among the %d records", n, len(rr.Lines))
}

// record writes the game as one JSON line in the tournament runner's format.
func (g *session) record() ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	bg := g.game(len(g.moves))
	rec := tournament.Record{Game: 1, Round: 1, Pair: 1, Variant: g.variant.Name,
		South: g.players[0], North: g.players[1], Opening: tournament.Opening{FEN: g.start.String()},
		Moves: []tournament.MoveRecord{}, Result: "*", Final: bg.Position().String()}
	pos := g.start
	for i, m := range g.moves {
		mr := tournament.MoveRecord{Move: g.variant.FormatMove(m)}
		if i < len(g.evals) && g.evals[i] != nil {
			cp := *g.evals[i]
			if pos.SideToMove() == board.North {
				cp = -cp
			}
			mr.Score = search.Score{Value: cp}.String()
		}
		rec.Moves = append(rec.Moves, mr)
		pos, _ = pos.Play(m)
	}
	if res := bg.Result(); res.Over() {
		rec.Result = res.Score()
		rec.Reason = res.Reason.String()
		if res.Scored {
			rec.Seeds = fmt.Sprintf("%d-%d", res.South, res.North)
		}
	}
	b, err := json.Marshal(&rec)
	return append(b, '\n'), err
}
