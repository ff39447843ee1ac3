package gui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"mancala/board"
	"mancala/protocol/client"
)

// handshakeTimeout bounds the wait for a starting engine's uciok.
const handshakeTimeout = 20 * time.Second

// errNoSlot: every engine process the server allows is taken.
var errNoSlot = errors.New("no free engine process")

// job is one search the page wants: the position and go command, the options that
// must be set first, and a tag so that lines of older searches can be dropped.
type job struct {
	tag      int
	play     bool // a move to play (false: analysis)
	review   bool // a position of a game review (a timed search, not a move to play)
	options  []client.Option
	position string
	goCmd    string
	limit    time.Duration  // answer within this (plus grace); 0 for infinite
	side     board.Side     // the side to move in the searched position
	root     board.Position // the searched position, where its lines start
}

// same reports whether two jobs are the same search.
func (j *job) same(k *job) bool {
	return j != nil && k != nil && j.play == k.play && j.review == k.review && j.position == k.position &&
		j.goCmd == k.goCmd && slices.Equal(j.options, k.options)
}

// events is how a driver reports to its game.
type events struct {
	info     func(tag int, in client.Info)
	bestmove func(tag int, move string)
	status   func(msg string, failed bool)
	dropped  func(tag int) // the search will not run (engine failures, no free process)
}

// driver owns the engine process of one game. It runs searches one at a time in the
// careful GUI way: to change what is searched it sends stop, waits for bestmove (the
// stopped search's result is dropped), and only then sends the new position and go.
// It restarts an engine that crashes or hangs, and ends an idle one.
type driver struct {
	srv   *Server
	ev    events
	want  chan *job      // the latest wish (nil: no search)
	stop  chan struct{}  // "move now": stop the running search and keep its move
	quit  chan struct{}  // closed to end the driver and its engine
	done  chan struct{}  // closed when the driver has ended
	eng   *client.Engine // nil when no process runs
	lines <-chan string  // the running engine's output
	stopE chan struct{}  // closed to end the current engine's line pump
	sent  map[string]string
}

func newDriver(srv *Server, ev events) *driver {
	d := &driver{srv: srv, ev: ev, want: make(chan *job, 1), stop: make(chan struct{}, 1),
		quit: make(chan struct{}), done: make(chan struct{})}
	go d.run()
	return d
}

// request replaces the wished-for search (nil for none); only the latest counts.
func (d *driver) request(j *job) {
	for {
		select {
		case d.want <- j:
			return
		default:
		}
		select {
		case <-d.want:
		default:
		}
	}
}

// moveNow asks the running search to stop and report its move.
func (d *driver) moveNow() {
	select {
	case d.stop <- struct{}{}:
	default:
	}
}

// close ends the driver and its engine and waits for both.
func (d *driver) close() {
	select {
	case <-d.quit:
	default:
		close(d.quit)
	}
	<-d.done
}

func (d *driver) run() {
	defer close(d.done)
	defer d.endEngine()
	var (
		want     *job
		running  *job
		stopping bool
		failures int
		deadline *time.Timer
		idle     *time.Timer
	)
	timerC := func(t *time.Timer) <-chan time.Time {
		if t == nil {
			return nil
		}
		return t.C
	}
	setDeadline := func(after time.Duration) {
		if deadline != nil {
			deadline.Stop()
			deadline = nil
		}
		if after > 0 {
			deadline = time.NewTimer(after)
		}
	}
	for {
		if running == nil && want != nil {
			if failures >= 3 {
				d.ev.status("the engine failed three times in a row; it is not restarted until the next change", true)
				d.ev.dropped(want.tag)
				want = nil
				failures = 0
			} else if err := d.begin(want); err != nil {
				d.ev.status(err.Error(), true)
				if rejected := (*rejectedError)(nil); errors.As(err, &rejected) {
					d.ev.dropped(want.tag) // the engine is well; the next change asks again
					want = nil
					continue
				}
				d.endEngine()
				failures++
				if errors.Is(err, errNoSlot) {
					d.ev.dropped(want.tag)
					want = nil
				}
				continue
			} else {
				running, stopping = want, false
				if want.limit > 0 {
					setDeadline(want.limit + d.srv.cfg.HangGrace)
				} else {
					setDeadline(0)
				}
			}
		}
		if idle != nil {
			idle.Stop()
			idle = nil
		}
		if running == nil && want == nil && d.eng != nil {
			idle = time.NewTimer(d.srv.cfg.EngineIdle)
		}
		select {
		case <-d.quit:
			return
		case j := <-d.want:
			want = j
			failures = 0
			if running != nil && !stopping && !running.same(j) {
				d.send("stop")
				stopping = true
				setDeadline(d.srv.cfg.HangGrace)
			}
		case <-d.stop:
			if running != nil && !stopping {
				d.send("stop")
				setDeadline(d.srv.cfg.HangGrace)
			}
		case <-timerC(idle):
			idle = nil
			d.endEngine()
			d.ev.status("engine idle: process ended (it restarts when needed)", false)
		case <-timerC(deadline):
			deadline = nil
			d.ev.status("the engine did not answer in time: restarted", true)
			d.endEngine()
			running = nil
			failures++
		case line, ok := <-d.lines:
			if !ok {
				why := "its output ended"
				if d.eng != nil {
					d.eng.Kill()
					why = d.eng.ExitError()
				}
				d.ev.status("the engine crashed ("+why+"): restarted, the game goes on", true)
				d.endEngine()
				running = nil
				failures++
				continue
			}
			f := strings.Fields(line)
			switch {
			case running == nil || len(f) == 0:
			case f[0] == "info" && !stopping:
				if in, err := client.ParseInfo(line); err == nil {
					if in.String != "" {
						if strings.HasPrefix(in.String, "error") {
							d.ev.status("engine: "+in.String, true)
						}
					} else {
						d.ev.info(running.tag, in)
					}
				}
			case f[0] == "bestmove":
				setDeadline(0)
				failures = 0
				if !stopping {
					if move, _, err := client.ParseBestMove(line); err == nil {
						d.ev.bestmove(running.tag, move)
					}
				}
				if want != nil && want.tag == running.tag {
					want = nil // done: the game asks again if it wants more
				}
				running, stopping = nil, false
			}
		}
	}
}

// begin starts the engine if needed and sends the job's options and position, then
// go once the engine has accepted the position (a *rejectedError if it did not).
func (d *driver) begin(j *job) error {
	if d.eng == nil {
		if err := d.startEngine(); err != nil {
			return err
		}
	}
	// The options' answers are read before the position is sent, so that an option
	// the engine refuses is not taken for a rejected position.
	var answers []string
	unsynced := false
	for _, o := range j.options {
		if d.sent[o.Name] == o.Value {
			continue
		}
		if err := d.eng.SetOption(o.Name, o.Value); err != nil {
			return err
		}
		unsynced = true
		if o.Name == "Variant" {
			before, err := d.newGame()
			if err != nil {
				return err
			}
			answers, unsynced = append(answers, before...), false
		}
		d.sent[o.Name] = o.Value
	}
	if unsynced {
		before, err := d.sync("setoption")
		if err != nil {
			return err
		}
		answers = append(answers, before...)
	}
	if msg, refused := client.ErrorLine(answers); refused {
		d.ev.status("engine: "+msg, true) // the search goes on without the option
	}
	if err := d.send(j.position); err != nil {
		return err
	}
	// An engine that rejects the position keeps its previous one: it must not search.
	before, err := d.sync("position")
	if err != nil {
		return err
	}
	if msg, rejected := client.ErrorLine(before); rejected {
		return &rejectedError{msg: msg}
	}
	return d.send(j.goCmd)
}

// rejectedError: the engine answered the position command with an error.
type rejectedError struct{ msg string }

func (e *rejectedError) Error() string {
	return "the engine rejected the position (" + e.msg + "): not searched"
}

// newGame sends ucinewgame and waits for the engine to be ready again (clearing a
// large hash table takes a moment), so that the search's time runs from go. It
// returns the lines read meanwhile.
func (d *driver) newGame() ([]string, error) {
	if err := d.send("ucinewgame"); err != nil {
		return nil, err
	}
	return d.sync("ucinewgame")
}

// sync sends isready and waits for readyok, returning the lines read before it;
// after names the command waited for, for the error messages.
func (d *driver) sync(after string) ([]string, error) {
	if err := d.send("isready"); err != nil {
		return nil, err
	}
	t := time.NewTimer(handshakeTimeout)
	defer t.Stop()
	var before []string
	for {
		select {
		case line, ok := <-d.lines:
			if !ok {
				return before, fmt.Errorf("the engine exited after %s", after)
			}
			if strings.TrimSpace(line) == "readyok" {
				return before, nil
			}
			before = append(before, line)
		case <-t.C:
			return before, fmt.Errorf("the engine did not answer isready after %s within %v", after, handshakeTimeout)
		case <-d.quit:
			return before, fmt.Errorf("game closed")
		}
	}
}

func (d *driver) send(line string) error {
	if d.eng == nil {
		return fmt.Errorf("no engine")
	}
	return d.eng.Send(line)
}

// startEngine takes a process slot, starts the engine and shakes hands.
func (d *driver) startEngine() error {
	if !d.srv.takeSlot() {
		return fmt.Errorf("%w: all %d are in use by other games; close one, or start the server with a larger --max-engines", errNoSlot, d.srv.cfg.MaxEngines)
	}
	d.ev.status("starting the engine", false)
	e, err := d.srv.startEngine()
	if err != nil {
		d.srv.releaseSlot()
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // a page that goes away while the engine starts must not wait for it
		select {
		case <-d.quit:
			cancel()
		case <-ctx.Done():
		}
	}()
	err = e.Handshake(ctx, handshakeTimeout)
	cancel()
	if err != nil {
		e.Kill()
		d.srv.releaseSlot()
		return fmt.Errorf("the engine did not start: %v", err)
	}
	d.eng = e
	d.sent = map[string]string{}
	lines := make(chan string, 64)
	stopE := make(chan struct{})
	d.lines, d.stopE = lines, stopE
	go func() {
		defer close(lines)
		for {
			l, err := e.ReadLine(context.Background(), time.Time{})
			if err != nil {
				return
			}
			select {
			case lines <- l:
			case <-stopE:
				return
			}
		}
	}()
	d.ev.status("engine ready: "+e.IDName, false)
	return nil
}

// endEngine ends the engine process, if any, and frees its slot.
func (d *driver) endEngine() {
	if d.eng == nil {
		return
	}
	close(d.stopE)
	d.eng.Close(time.Second)
	d.eng, d.lines, d.stopE = nil, nil, nil
	d.srv.releaseSlot()
}
