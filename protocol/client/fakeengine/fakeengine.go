// Package fakeengine is a tiny engine with selectable misbehaviours, for testing the
// runner's side of the protocol: a test binary re-executes itself with Env set to a
// behaviour name and calls Run from TestMain. The well-behaved kinds follow the
// fixed protocol closely enough to pass the compliance check.
package fakeengine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"mancala/board"
	"mancala/search/words"
)

// Env is the environment variable that selects the behaviour of a re-executed test binary.
const Env = "MANCALA_FAKE_ENGINE"

// The behaviours.
const (
	Random    = "random"    // well behaved; plays random legal moves
	First     = "first"     // well behaved; plays the first legal move
	Crash     = "crash"     // exits abruptly during its third search
	Stall     = "stall"     // never answers go (still answers isready)
	Laggard   = "laggard"   // answers isready LaggardDelay late and never answers go
	Illegal   = "illegal"   // answers its second search with an illegal move
	Garbage   = "garbage"   // prints garbage around every search; its third bestmove is unparseable
	Optimist  = "optimist"  // reports a score of +1000 for itself
	Pessimist = "pessimist" // reports a score of -1000 for itself
	Boastful  = "boastful"  // reports a score of +100000, beyond any seed margin
	Silent    = "silent"    // never answers uci
	Sloppy    = "sloppy"    // ignores stop and answers bad input with silence
	Picky     = "picky"     // answers every setoption but Variant with info string error
	Binary    = "binary"    // plays like random, with NUL bytes and invalid UTF-8 around its moves
	Hostile   = "hostile"   // plays like random; its name, info strings, other lines and stderr carry Hostile text
	Narrow    = "narrow"    // plays like random, but rejects a position with more than NarrowMoves moves
	Aalina    = "aalina"    // plays random moves in Oware Abapa only, in Aalina's dialect (aalina.go)
)

// HostileText is what the hostile engine puts in its name and lines: an escape
// sequence, a carriage return and a fake bestmove, NUL, invalid UTF-8, a
// bidirectional override and a tab.
const HostileText = "\x1b[2J\x1b]0;owned\x07\rbestmove a1 \x00\xff\xfe\u202e\tend"

// NarrowMoves is the longest history the Narrow engine accepts, as an engine with a
// short line limit would.
const NarrowMoves = 20

// LaggardDelay is how long the Laggard engine takes to answer isready.
const LaggardDelay = 20 * time.Millisecond

// Behaviours lists every behaviour Run knows.
var Behaviours = []string{Random, First, Crash, Stall, Laggard, Illegal, Garbage, Optimist, Pessimist, Boastful, Silent, Sloppy, Picky, Binary, Hostile, Narrow, Aalina}

type engine struct {
	kind     string
	mu       sync.Mutex // guards out
	out      *bufio.Writer
	variant  *board.Variant
	game     *board.Game
	searches int
	stop     chan struct{} // non-nil while a search runs
	done     chan struct{} // closed when that search has printed bestmove
}

// Run plays the engine with the given behaviour on in and out until quit or end of
// input, returning the process exit code.
func Run(kind string, in io.Reader, out io.Writer) int {
	if kind == Aalina {
		return runAalina(in, out)
	}
	e := &engine{kind: kind, out: bufio.NewWriter(out)}
	e.setVariant(board.DefaultVariant.Get())
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if err != nil && line == "" {
			e.finish()
			return 0
		}
		if e.command(strings.TrimRight(line, "\r\n")) {
			e.finish()
			return 0
		}
	}
}

func (e *engine) finish() {
	e.mu.Lock()
	e.out.Flush()
	e.mu.Unlock()
}

func (e *engine) say(format string, args ...any) {
	e.mu.Lock()
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
	e.mu.Unlock()
}

func (e *engine) fail(format string, args ...any) {
	if e.kind != Sloppy {
		e.say("info string error: "+format, args...)
	}
}

func (e *engine) setVariant(v *board.Variant) {
	e.variant = v
	e.game = board.NewGame(v.StartPosition())
}

// command handles one line and reports whether to quit.
func (e *engine) command(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		e.fail("empty line")
		return false
	}
	e.mu.Lock()
	busy := e.stop != nil && !closed(e.done)
	e.mu.Unlock()
	switch f[0] {
	case "quit":
		return true
	case "isready":
		if e.kind == Laggard {
			time.Sleep(LaggardDelay)
		}
		e.say("readyok")
	case "stop":
		if busy && e.kind != Sloppy {
			close(e.stop)
			<-e.done
		}
	case "uci":
		if e.kind == Silent {
			return false
		}
		name := e.kind
		if e.kind == Hostile {
			name += " " + HostileText
		}
		e.say("id name Fake %s\nid author the tests", name)
		e.say("option name Variant type combo default %s var %s", board.DefaultVariant.Get().Name,
			strings.Join(board.VariantNames(), " var "))
		e.say("option name Hash type spin default 16 min 1 max 1024")
		e.say("option name VariantPath type string default <empty>")
		e.say("option name Ponder type check default false")
		e.say("option name Style type combo default solid var solid var wild\nuciok")
	case "setoption", "ucinewgame", "position", "go", "d":
		if busy {
			e.fail("%s while searching", f[0])
			return false
		}
		e.waitSearch()
		switch f[0] {
		case "setoption":
			e.setOption(f)
		case "ucinewgame":
			e.game = board.NewGame(e.variant.StartPosition())
		case "position":
			e.position(f)
		case "go":
			e.goCommand(f)
		case "d":
			e.display()
		}
	default:
		e.fail("unknown command %q", clipped(f[0]))
	}
	return false
}

func closed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

func (e *engine) waitSearch() {
	if e.stop != nil {
		<-e.done
		e.stop, e.done = nil, nil
	}
}

func clipped(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

func (e *engine) setOption(f []string) {
	if len(f) != 5 || f[1] != "name" || f[3] != "value" {
		e.fail("usage: setoption name <name> value <value>")
		return
	}
	if e.kind == Picky && f[2] != "Variant" {
		e.fail("option %s: this engine takes no setoption", clipped(f[2]))
		return
	}
	switch f[2] {
	case "Variant":
		v, err := board.VariantByName(f[4])
		if err != nil {
			e.fail("%v", err)
			return
		}
		e.setVariant(v)
	case "Hash":
		if n, err := strconv.Atoi(f[4]); err != nil || n < 1 || n > 1024 {
			e.fail("Hash must be 1..1024")
		}
	case "VariantPath":
		var refused board.Refused
		if _, err := board.LoadRuleFile(f[4]); err != nil && !errors.As(err, &refused) {
			e.fail("%v", err)
		}
	case "Ponder", "Style":
	default:
		e.fail("unknown option %q", clipped(f[2]))
	}
}

func (e *engine) position(f []string) {
	var start board.Position
	rest := f[1:]
	switch {
	case len(rest) > 0 && rest[0] == "startpos":
		start = e.variant.StartPosition()
		rest = rest[1:]
	case len(rest) >= 6 && rest[0] == "fen":
		p, err := e.variant.ParsePosition(strings.Join(rest[1:6], " "))
		if err != nil {
			e.fail("%v", err)
			return
		}
		start = p
		rest = rest[6:]
	default:
		e.fail("usage: position startpos|fen <position> [moves ...]")
		return
	}
	g := board.NewGame(start)
	if e.kind == Narrow && len(rest) > NarrowMoves+1 {
		e.fail("line too long (more than %d moves), ignored", NarrowMoves)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			e.fail("expected moves, got %q", clipped(rest[0]))
			return
		}
		for _, s := range rest[1:] {
			m, err := e.variant.ParseMove(s)
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				e.fail("%v", err)
				return
			}
		}
	}
	e.game = g
}

func (e *engine) goCommand(f []string) {
	infinite := false
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "infinite":
			infinite = true
		case "perft", "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
			if i+1 >= len(f) {
				e.fail("go %s needs a value", f[i])
				return
			}
			n, err := strconv.Atoi(f[i+1])
			if err != nil || n < 0 {
				e.fail("go %s: %q is not a non-negative number", f[i], clipped(f[i+1]))
				return
			}
			if f[i] == "perft" {
				e.perft(n)
				return
			}
			i++
		default:
			e.fail("go: unknown word %q", clipped(f[i]))
			return
		}
	}
	e.searches++
	e.stop, e.done = make(chan struct{}), make(chan struct{})
	go e.search(infinite, e.stop, e.done)
}

func (e *engine) perft(depth int) {
	entries, err := board.DivideGame(e.game.Positions(), depth, nil)
	if err != nil {
		e.fail("go perft: %v", err)
		return
	}
	var total uint64
	for _, d := range entries {
		e.say("%s: %d", e.variant.FormatMove(d.Move), d.Nodes)
		total += d.Nodes
	}
	e.say("\nNodes searched: %d", total)
}

// bestmove prints the search's answer and marks it finished in one step, so that a
// command the runner sends after reading bestmove never finds the engine busy.
func (e *engine) bestmove(move string, done chan struct{}) {
	e.mu.Lock()
	fmt.Fprintf(e.out, "bestmove %s\n", move)
	e.out.Flush()
	close(done)
	e.mu.Unlock()
}

func (e *engine) search(infinite bool, stop, done chan struct{}) {
	p := e.game.Position()
	var ml board.MoveList
	if !e.game.Result().Over() {
		p.LegalMoves(&ml)
	}
	if ml.N == 0 {
		e.bestmove("(none)", done)
		return
	}
	rng := rand.New(rand.NewPCG(p.Hash(), uint64(len(e.game.Moves()))))
	move := e.variant.FormatMove(ml.Moves[rng.IntN(ml.N)])
	score := 0
	switch e.kind {
	case First:
		move = e.variant.FormatMove(ml.Moves[0])
	case Crash:
		if e.searches == 3 {
			os.Exit(3)
		}
	case Stall, Laggard:
		<-make(chan struct{}) // never answers; quit ends the process
	case Illegal:
		if e.searches == 2 {
			move = e.variant.FormatMove(board.Move(e.variant.OwnHoles(p.SideToMove().Other())[0]))
		}
	case Garbage:
		e.say("hello there\ninfo depth x score cp y\n\x00\x01\xff binary\ninfo score banana")
		if e.searches == 3 {
			move = "zz9"
		}
	case Optimist:
		score = 1000
	case Pessimist:
		score = -1000
	case Boastful:
		score = 100000
	case Binary:
		e.say("\x00\xfe\xff info\x00string \xc3(")
	case Hostile:
		e.say("info string %s\ninfo string error %s\n%s", HostileText, HostileText, HostileText)
		fmt.Fprintf(os.Stderr, "stderr %s\n%s", HostileText, HostileText) // the last without a newline
	}
	e.say("info depth 1 score %s nodes %d pv %s", words.Score{Value: score}, ml.N, move)
	if infinite && e.kind == Sloppy {
		<-make(chan struct{}) // ignores stop
	}
	if infinite {
		<-stop
	}
	e.bestmove(move, done)
}

func (e *engine) display() {
	p := e.game.Position()
	v := e.variant
	for row := v.Rows - 1; row >= 0; row-- {
		var cells []string
		for col := 0; col < v.Cols; col++ {
			cells = append(cells, fmt.Sprintf("%3d", p.Seeds(v.HoleAt(row, col))))
		}
		e.say(" %s", strings.Join(cells, ""))
	}
	var ml board.MoveList
	if !e.game.Result().Over() {
		p.LegalMoves(&ml)
	}
	var moves []string
	for _, m := range ml.Slice() {
		moves = append(moves, v.FormatMove(m))
	}
	e.say("Fen: %s\nMoves: %s\nResult: %s", p, strings.Join(moves, " "), e.game.Result())
}
