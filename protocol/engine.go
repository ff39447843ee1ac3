// Package protocol is the engine side of the UCI-like text protocol of
// docs/protocol.md: it reads commands, keeps the game and the options, runs searches
// on their own goroutine and prints their progress and best moves.
//
// Three goroutines cooperate. One reads input lines and hands them over; the loop in
// Run owns all engine state and carries out the commands one by one; a job goroutine
// runs each search (or perft). So stop, isready, ponderhit and quit are answered while
// a search runs, and a command that needs an idle engine (position, setoption,
// ucinewgame, go) stops the running search first and waits for its bestmove. An
// endgame table is opened on a goroutine of its own too: the commands after the
// setoption wait for it (isready is answered once it is open), and quit does not.
//
// Every output line is cut to printable text (package printable), whatever went into
// it: a message quoting a file cannot break the protocol's lines.
package protocol

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"mancala/board"
	"mancala/protocol/printable"
	"mancala/search"
	"mancala/search/baseline"
)

// Engine identification, as the uci command reports it.
const (
	EngineName   = "mancala"
	EngineAuthor = "the mancala project"
)

// Version is the engine's version, as the uci command reports it: the program sets
// it from its build information (cmd/mancala's buildVersion).
var Version = "(devel)"

// SearcherFactory builds the searcher for an algorithm and skill level; tests
// substitute their own for the Engine's.
type SearcherFactory func(algorithm, skill string, o search.Options) (search.Searcher, error)

// Algorithm is one value of the Search option: its name and how to build it.
// cmd/mancala wires in the engines of search/alphabeta and search/mcts.
type Algorithm struct {
	Name string
	New  func(search.Options) search.Searcher
}

// Config adjusts a new Engine.
type Config struct {
	Variant     string          // default of the Variant option; "" means je-ki-n-je
	Notation    string          // default of the Notation option: "" or "coordinates", or "letters"
	VariantPath string          // default of the VariantPath option: the rule file the caller already loaded, or ""
	Algorithms  []Algorithm     // the Search option's values, the first the default; required
	NewSearcher SearcherFactory // nil: the named algorithm at skill full, else a baseline player
	// OpenEndgames opens the endgame table of a variant from a directory, for the
	// TablebasePath option; nil refuses every directory. It is called on a goroutine
	// of its own, one call at a time. cmd/mancala wires in package tablebase.
	OpenEndgames func(dir string, v *board.Variant) (search.Endgames, error)
}

// Engine speaks the protocol over one input and one output. Create it with NewEngine
// and call Run once.
type Engine struct {
	in          *lineReader
	out         *writer
	options     []option
	set         settings
	algorithms  []Algorithm
	newSearcher SearcherFactory
	openTable   func(dir string, v *board.Variant) (search.Endgames, error)
	searcher    search.Searcher
	game        *board.Game
	job         *job    // the running search or perft, nil when idle
	loading     *load   // the endgame table being opened, nil when none
	queue       []input // lines received but not yet carried out
	head        *ready  // queue[0] checked and waiting for the job to end, or nil
}

// load is an endgame table being opened on its own goroutine. The Run loop carries
// out no command until it is open (a bare quit still ends the engine at once), then
// calls then with the result.
type load struct {
	done chan struct{} // closed when eg and err are set
	eg   search.Endgames
	err  error
	then func(search.Endgames, error)
}

// ready is a checked command: its action and whether it needs an idle engine.
type ready struct {
	act       func()
	needsIdle bool
}

// NewEngine returns an engine reading commands from in and writing to out. It fails
// only for a bad Config (unknown variant, no algorithms, or a factory that cannot
// build the default searcher).
func NewEngine(in io.Reader, out io.Writer, cfg Config) (*Engine, error) {
	name := cfg.Variant
	if name == "" {
		name = board.DefaultVariant.Get().Name
	}
	if _, err := board.VariantByName(name); err != nil {
		return nil, err
	}
	if len(cfg.Algorithms) == 0 {
		return nil, errors.New("protocol: no search algorithms configured")
	}
	notation := cmp.Or(cfg.Notation, notationCoordinates)
	if notation != notationCoordinates && notation != notationLetters {
		return nil, fmt.Errorf("unknown notation %q (known: %s, %s)", clip(notation), notationCoordinates, notationLetters)
	}
	e := &Engine{in: newLineReader(in), out: &writer{w: out}, algorithms: cfg.Algorithms,
		newSearcher: cfg.NewSearcher, openTable: cfg.OpenEndgames}
	if e.newSearcher == nil {
		e.newSearcher = e.buildSearcher
	}
	names := make([]string, len(cfg.Algorithms))
	for i, a := range cfg.Algorithms {
		names[i] = a.Name
	}
	e.options = newOptions(name, notation, cfg.VariantPath, names)
	e.set = defaults(e.options)
	s, err := e.build(e.set)
	if err != nil {
		return nil, err
	}
	e.searcher = s
	e.game = board.NewGame(e.set.variant.StartPosition())
	return e, nil
}

// openEndgames opens the endgame table of v in dir; an empty dir means no table.
func (e *Engine) openEndgames(dir string, v *board.Variant) (search.Endgames, error) {
	if dir == "" {
		return nil, nil
	}
	if e.openTable == nil {
		return nil, errors.New("this engine has no endgame tables")
	}
	return e.openTable(dir, v)
}

// openInBackground starts opening the endgame table that settings s name; then
// runs on the Run loop once it is open.
func (e *Engine) openInBackground(s settings, then func(search.Endgames, error)) {
	l := &load{done: make(chan struct{}), then: then}
	e.loading = l
	go func() {
		l.eg, l.err = e.openEndgames(s.tablebase, s.variant)
		close(l.done)
	}()
}

// loadDone is the channel the table being opened reports on, or nil when none is.
func (e *Engine) loadDone() chan struct{} {
	if e.loading == nil {
		return nil
	}
	return e.loading.done
}

// buildSearcher builds the searcher for an algorithm and skill level: a baseline
// player for the weak skills, else the named algorithm.
func (e *Engine) buildSearcher(algorithm, skill string, o search.Options) (search.Searcher, error) {
	switch skill {
	case skillRandom:
		return baseline.NewRandom(), nil
	case skillGreedy:
		return baseline.NewGreedy(), nil
	}
	for _, a := range e.algorithms {
		if a.Name == algorithm {
			return a.New(o), nil
		}
	}
	return nil, fmt.Errorf("unknown search %q", algorithm)
}

// build makes the searcher that settings s ask for: the factory's, weakened to the
// Level option. Below full strength the moves are drawn from a random stream seeded
// afresh for every searcher built, so that games vary.
func (e *Engine) build(s settings) (search.Searcher, error) {
	inner, err := e.newSearcher(s.algorithm, s.skill, s.searchOptions())
	if err != nil {
		return nil, err
	}
	return search.WithLevel(inner, s.level, rand.Uint64(), s.searchOptions()), nil
}

// Run carries out commands until quit or the end of input, and returns nil then. It
// returns an error only if reading the input or writing the output fails.
func (e *Engine) Run() error {
	lines := make(chan input)
	readErr := make(chan error, 1)
	stopReading := make(chan struct{})
	defer close(stopReading)
	go func() {
		for {
			in, err := e.in.next()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case lines <- in:
			case <-stopReading:
				return
			}
		}
	}()
	for {
		select {
		case in := <-lines:
			if strings.TrimSpace(in.text) == "quit" && in.problem == "" {
				return e.quit(nil)
			}
			e.queue = append(e.queue, in)
		case err := <-readErr:
			if err == io.EOF {
				err = nil // end of input behaves like quit
			}
			return e.quit(err)
		case res := <-e.jobDone():
			e.jobEnded(res)
		case <-e.loadDone():
			l := e.loading
			e.loading = nil
			l.then(l.eg, l.err)
		}
		e.drain()
		if err := e.out.error(); err != nil {
			return e.quit(err)
		}
	}
}

// quit silences the output, stops any job and waits for its goroutine to end, and
// returns err (or a write error).
func (e *Engine) quit(err error) error {
	if err == nil {
		err = e.out.error()
	}
	e.out.close()
	if j := e.job; j != nil {
		j.ctl.Stop()
		if j.held == nil { // a held result has already been received
			<-j.done
		}
	}
	return err
}

// drain carries out queued lines in order until the queue is empty, an endgame
// table is being opened (the rest waits for it), or its first command needs an idle
// engine while a job runs; then it asks the job to stop and leaves the rest for when
// the job has ended. Each line is checked once, when it
// reaches the head of the queue (so against the state the commands before it left);
// a line with an error is answered at once without stopping anything.
func (e *Engine) drain() {
	for len(e.queue) > 0 && e.loading == nil {
		if e.head == nil {
			act, needsIdle, err := e.parse(e.queue[0])
			if err != nil {
				e.queue = e.queue[1:]
				e.errorf("%v", err)
				continue
			}
			e.head = &ready{act: act, needsIdle: needsIdle}
		}
		if e.head.needsIdle && e.job != nil {
			e.stopJob()
			if e.job != nil {
				return
			}
		}
		act := e.head.act
		e.queue, e.head = e.queue[1:], nil
		act()
	}
}

// maxErrorBytes bounds the message of an error line: quoted input is already cut to
// 40 bytes where it is quoted, and this bound catches anything that is not.
const maxErrorBytes = 200

// errorf prints the one line that answers bad input.
func (e *Engine) errorf(format string, args ...any) {
	e.out.lines("info string error: " + message(fmt.Sprintf(format, args...)))
}

// message makes an error's text fit an info string line: printable, and cut to
// maxErrorBytes after its escapes are written out.
func message(s string) string { return Excerpt(printable.Line(s), maxErrorBytes) }
