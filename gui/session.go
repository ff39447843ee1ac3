package gui

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"mancala/board"
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

// session is one open game: its moves (with a redo tail), the shown ply, who plays
// each side, analysis settings, and the engine driver.
type session struct {
	id  string
	srv *Server
	drv *driver

	mu      sync.Mutex
	variant *board.Variant
	line    gameLine
	review  *review // the game review, running or done (nil: none)
	// headers are the imported game text's (or loaded record's) players, date and
	// result, written back by gameText; empty fields are filled from the game.
	headers   gameHeaders
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
	// statusNew: status was set since the last change; a change after that clears
	// it, so that a message stays only until the game moves on.
	statusNew bool
	anim      *animation
	seq       int
	subs      map[*subscriber]bool
	goneTimer *time.Timer
	infoTimer *time.Timer
	closed    bool
	// awaitingProbe: a schedule waits for the engine's options
	awaitingProbe bool
}

// startOf is the start of a new game of v: a start drawn at random in a game that
// draws its start (board.Variant.DrawsStart), else v's start position.
func startOf(v *board.Variant) board.Position {
	if v.DrawsStart() {
		return v.DrawStart(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())))
	}
	return v.StartPosition()
}

func newSession(srv *Server, id string, v *board.Variant, players [2]string) *session {
	g := &session{id: id, srv: srv, variant: v, line: newGameLine(startOf(v)), players: players,
		moveTime: srv.cfg.MoveTime, multipv: 3, subs: map[*subscriber]bool{}}
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

// changed publishes the new state and decides what the engine should do. The
// caller holds g.mu.
func (g *session) changed() {
	if !g.statusNew {
		g.status, g.failed = "", false
	}
	g.statusNew = false
	g.seq++
	g.schedule() // first, so that the state says what the engine does now
	g.broadcast(event("state", g.stateLocked()))
}

// play makes move m at the shown ply (see gameLine.play) and keeps its trace for
// the page to animate.
func (g *session) play(m board.Move) error {
	pos, tr, err := g.line.play(m)
	if err != nil {
		return err
	}
	g.anim = newAnimation(g.seq+1, g.line.cursor, pos, m, tr)
	return nil
}

// say sets the status message: kept for the change it comes with, cleared by the
// one after. The caller holds g.mu.
func (g *session) say(msg string, failed bool) {
	g.status, g.failed, g.statusNew = msg, failed, true
}

// snapshot returns the current state.
func (g *session) snapshot() state {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stateLocked()
}
