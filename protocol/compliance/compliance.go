// Package compliance checks how an engine process handles the protocol
// (docs/protocol.md): the handshake, every variant, positions,
// each kind of go, stop, perft, d, bad input and quit. It is its own product: a
// conformance test for any engine, ours or another; cmd/tourney runs it
// (--compliance), and so does .ci/run.
package compliance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"mancala/board"
	"mancala/protocol/client"
)

// waits bounds how long the checks wait for the engine: what the protocol
// promises real engines. A variable so that the tests can widen it (they judge what
// an engine answers, not how fast, on shared machines) or shorten the wait on a
// silent engine.
var waits = struct {
	reply  time.Duration // ordinary answers: uciok, readyok, d
	ready  time.Duration // readyok while a search runs
	stop   time.Duration // bestmove after stop
	slack  time.Duration // beyond a movetime or clock
	search time.Duration // a search by depth or nodes, and perft
	quit   time.Duration // the process ending after quit
}{reply: 3 * time.Second, ready: 500 * time.Millisecond, stop: 200 * time.Millisecond,
	slack: time.Second, search: 10 * time.Second, quit: time.Second}

// checker runs the compliance checks on one engine, restarting it when a check
// leaves it dead.
type checker struct {
	ctx  context.Context
	cfg  client.Config
	eng  *client.Engine
	dead error // set when a restart failed: later checks fail at once
}

// check is one named check; it returns nil when the engine passes.
type check struct {
	name string
	run  func(c *checker) error
}

// Check checks how the engine started by cfg handles the protocol: the
// handshake and option lines, isready, every variant, positions with moves, go with
// each kind of limit, stop and isready during an infinite search, perft output, the
// d command, bad input (an error line, no change of state, still alive) and quit. It
// writes one PASS or FAIL line per check and a summary to out, and returns the
// number of checks passed and failed.
func Check(ctx context.Context, cfg client.Config, out io.Writer) (passed, failed int) {
	c := &checker{ctx: ctx, cfg: cfg}
	defer func() {
		if c.eng != nil {
			c.eng.Kill()
		}
	}()
	for i, ch := range allChecks() {
		first := i == 0
		err := c.ensure(first)
		if err == nil {
			err = ch.run(c)
		}
		if err != nil {
			failed++
			fmt.Fprintf(out, "FAIL  %s: %v\n", ch.name, err)
			if c.eng != nil {
				c.eng.Kill() // the next check starts from a fresh process
			}
			if first {
				c.dead = errors.New("skipped: the handshake failed")
			}
		} else {
			passed++
			fmt.Fprintf(out, "PASS  %s\n", ch.name)
		}
		if ctx.Err() != nil {
			break
		}
	}
	fmt.Fprintf(out, "compliance: %d passed, %d failed\n", passed, failed)
	return passed, failed
}

// ensure (re)starts the engine if it is not running; bare skips the handshake.
func (c *checker) ensure(bare bool) error {
	switch {
	case c.dead != nil:
		return c.dead
	case c.eng != nil && !c.eng.Exited():
		return nil
	case c.eng != nil:
		c.eng.Kill()
	}
	eng, err := client.Start(c.cfg)
	if err != nil {
		c.dead = err
		return err
	}
	c.eng = eng
	if bare {
		return nil
	}
	if err := eng.Handshake(c.ctx, waits.reply); err != nil {
		c.dead = fmt.Errorf("restarting the engine after an earlier check: %v", err)
		return c.dead
	}
	return nil
}

// sync sends isready and returns the lines before readyok.
func (c *checker) sync() ([]string, error) {
	return c.eng.Sync(c.ctx, waits.reply)
}

// send sends a line and returns the lines the engine printed before answering the
// following isready.
func (c *checker) send(line string) ([]string, error) {
	if err := c.eng.Send(line); err != nil {
		return nil, err
	}
	return c.sync()
}

// board is what the d command shows.
type display struct {
	fen, moves, result string
}

// display runs d and reads its Fen, Moves and Result lines.
func (c *checker) display() (display, error) {
	var d display
	lines, err := c.send("d")
	if err != nil {
		return d, err
	}
	found := 0
	for _, l := range lines {
		for _, f := range []struct {
			prefix string
			dst    *string
		}{{"Fen:", &d.fen}, {"Moves:", &d.moves}, {"Result:", &d.result}} {
			if strings.HasPrefix(l, f.prefix) {
				*f.dst = strings.TrimSpace(strings.TrimPrefix(l, f.prefix))
				found++
			}
		}
	}
	if found != 3 {
		return d, fmt.Errorf("d printed %d of the Fen:, Moves: and Result: lines", found)
	}
	return d, nil
}

// expectDisplay checks d against the rules' view of game g.
func (c *checker) expectDisplay(g *board.Game) error {
	d, err := c.display()
	if err != nil {
		return err
	}
	p := g.Position()
	if d.fen != p.String() {
		return fmt.Errorf("d shows Fen: %s, want %s", d.fen, p.String())
	}
	var want []string
	if !g.Result().Over() {
		var ml board.MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			want = append(want, p.Variant().FormatMove(m))
		}
	}
	if got := strings.Fields(d.moves); !slices.Equal(got, want) {
		return fmt.Errorf("d shows Moves: %s, want %s", d.moves, strings.Join(want, " "))
	}
	if d.result != g.Result().String() {
		return fmt.Errorf("d shows Result: %s, want %s", d.result, g.Result())
	}
	return nil
}

// search runs go and checks that a legal bestmove for g's position arrives within
// limit, and that every info line parses.
func (c *checker) search(g *board.Game, goCmd string, limit time.Duration) (time.Duration, error) {
	if err := c.setVariant(variantOf(g)); err != nil {
		return 0, err
	}
	pos := "position fen " + g.Start().String()
	if len(g.Moves()) > 0 {
		pos += " moves " + moveWords(g, 0)
	}
	r, err := c.eng.Go(c.ctx, pos, goCmd, limit)
	if err != nil {
		return r.Elapsed, fmt.Errorf("%s: %v after %v", goCmd, err, r.Elapsed.Round(time.Millisecond))
	}
	for _, l := range r.Ignored {
		if strings.HasPrefix(l, "info") {
			return r.Elapsed, fmt.Errorf("malformed info line %.80q", l)
		}
	}
	return r.Elapsed, legalMove(g, r.Move)
}

// legalMove checks a bestmove against the rules.
func legalMove(g *board.Game, move string) error {
	p := g.Position()
	v := p.Variant()
	if g.Result().Over() {
		if move != "(none)" {
			return fmt.Errorf("bestmove %s on a finished game, want (none)", move)
		}
		return nil
	}
	m, err := v.ParseMove(move)
	if err == nil {
		_, err = p.Play(m)
	}
	if err != nil {
		return fmt.Errorf("bestmove %s: %v", move, err)
	}
	return nil
}

// sampleGame plays n pseudo-random moves of v from the start, none of which ends the
// game (board.RandomOpening; fewer if every move at some point would end it).
func sampleGame(v *board.Variant, n int, seed uint64) *board.Game {
	g, _ := board.RandomOpening(v.StartPosition(), n, rand.New(rand.NewPCG(seed, 1)))
	return g
}

// gameFrom replays the moves of g after the first k from the position they reach.
func gameFrom(g *board.Game, k int) *board.Game {
	h := board.NewGame(g.Positions()[k])
	for _, m := range g.Moves()[k:] {
		_ = h.Play(m)
	}
	return h
}

func variantOf(g *board.Game) *board.Variant {
	p := g.Start()
	return p.Variant()
}

// moveWords writes the moves of g after the first from in the notation.
func moveWords(g *board.Game, from int) string {
	v := variantOf(g)
	var words []string
	for _, m := range g.Moves()[from:] {
		words = append(words, v.FormatMove(m))
	}
	return strings.Join(words, " ")
}

func (c *checker) setVariant(v *board.Variant) error {
	lines, err := c.send("setoption name Variant value " + v.Name)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error") {
			return fmt.Errorf("setoption Variant %s: %s", v.Name, l)
		}
	}
	return nil
}

func allChecks() []check {
	checks := []check{
		{"uci handshake", checkHandshake},
		{"isready", func(c *checker) error { _, err := c.sync(); return err }},
	}
	for _, v := range board.Samples() {
		checks = append(checks, check{"variant " + v.Name + ": start, moves, fen, d", func(c *checker) error {
			return checkVariant(c, v)
		}})
	}
	checks = append(checks,
		check{"ucinewgame", func(c *checker) error { _, err := c.send("ucinewgame"); return err }},
		check{"go depth 3", func(c *checker) error {
			_, err := c.search(sampleGame(board.DefaultVariant.Get(), 4, 7), "go depth 3", waits.search)
			return err
		}},
		check{"go movetime 200", func(c *checker) error {
			_, err := c.search(sampleGame(board.DefaultVariant.Get(), 4, 8), "go movetime 200", 200*time.Millisecond+waits.slack)
			return err
		}},
		check{"go wtime btime winc binc movestogo", func(c *checker) error {
			_, err := c.search(sampleGame(board.DefaultVariant.Get(), 5, 9), "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 20", time.Second+waits.slack)
			return err
		}},
		check{"go nodes 1000", func(c *checker) error {
			_, err := c.search(sampleGame(board.DefaultVariant.Get(), 4, 10), "go nodes 1000", waits.search)
			return err
		}},
		check{"isready and stop during go infinite", checkInfinite},
	)
	for _, v := range board.Samples() {
		checks = append(checks, check{"scores of " + v.Name + ": within reach, wdl with UCI_ShowWDL", func(c *checker) error {
			return checkScores(c, v)
		}})
	}
	checks = append(checks,
		check{"go perft 3", checkPerft},
		check{"finished game: d and bestmove (none)", checkFinished},
	)
	for _, b := range badInputs {
		checks = append(checks, check{"bad input: " + b.name, func(c *checker) error { return checkBadInput(c, b.line) }})
	}
	checks = append(checks, check{"quit", checkQuit})
	return checks
}

// checkScores searches a position of v from the middle of a game and checks the
// last scored info line: in the scoring games a centiseed score is a final margin
// the position can still reach (the store lead plus or minus the seeds on the
// board), and with UCI_ShowWDL on, if the engine declares it, the line carries
// wdl chances summing to 1000 (the parser checks the sum).
func checkScores(c *checker, v *board.Variant) error {
	if err := c.setVariant(v); err != nil {
		return err
	}
	wdl := slices.ContainsFunc(c.eng.Declared, func(o client.OptionSpec) bool { return o.Name == "UCI_ShowWDL" })
	if wdl {
		if _, err := c.send("setoption name UCI_ShowWDL value true"); err != nil {
			return err
		}
		defer c.send("setoption name UCI_ShowWDL value false")
	}
	g := sampleGame(v, 12, 11)
	r, err := c.eng.Go(c.ctx, "position fen "+g.Position().String(), "go depth 3", waits.search)
	if err != nil {
		return fmt.Errorf("go depth 3: %v", err)
	}
	in := r.Info
	if !in.HasScore {
		return errors.New("no info line with a score")
	}
	p := g.Position()
	me := p.SideToMove()
	lead, seeds := p.Store(me)-p.Store(me.Other()), p.SeedsOnBoard()
	if v.Scoring && !in.Score.Mate && (in.Score.Value < 100*(lead-seeds) || in.Score.Value > 100*(lead+seeds)) {
		return fmt.Errorf("score %v at %s: a final margin outside %+d..%+d seeds, what the position can reach", in.Score, p.String(), lead-seeds, lead+seeds)
	}
	if wdl && !in.HasWDL {
		return fmt.Errorf("UCI_ShowWDL is on, but the info line has no wdl")
	}
	return nil
}

func checkHandshake(c *checker) error {
	if err := c.eng.Send("uci"); err != nil {
		return err
	}
	lines, _, err := c.eng.WaitFor(c.ctx, time.Now().Add(waits.reply), func(l string) bool { return strings.TrimSpace(l) == "uciok" })
	if err != nil {
		return fmt.Errorf("no uciok: %v", err)
	}
	var name, author bool
	var variant *client.OptionSpec
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "id name "):
			name = true
		case strings.HasPrefix(l, "id author "):
			author = true
		case strings.HasPrefix(l, "option"):
			o, err := client.ParseOption(l)
			if err != nil {
				return err
			}
			if o.Name == "Variant" {
				variant = &o
			}
		}
	}
	switch {
	case !name || !author:
		return errors.New("missing id name or id author")
	case variant == nil:
		return errors.New("no Variant option")
	case variant.Type != "combo":
		return fmt.Errorf("the Variant option has type %s, want combo", variant.Type)
	}
	for _, v := range board.VariantNames() {
		if !slices.Contains(variant.Vars, v) {
			return fmt.Errorf("the Variant option lacks var %s", v)
		}
	}
	return nil
}

func checkVariant(c *checker, v *board.Variant) error {
	if err := c.setVariant(v); err != nil {
		return err
	}
	if err := c.expectDisplay(board.NewGame(v.StartPosition())); err != nil {
		return fmt.Errorf("after setoption: %v", err)
	}
	g := sampleGame(v, 8, 42)
	if _, err := c.send("position startpos moves " + moveWords(g, 0)); err != nil {
		return err
	}
	if err := c.expectDisplay(g); err != nil {
		return fmt.Errorf("position startpos moves %s: %v", moveWords(g, 0), err)
	}
	k := len(g.Moves()) / 2
	h := gameFrom(g, k)
	cmd := "position fen " + h.Start().String() + " moves " + moveWords(g, k)
	if _, err := c.send(cmd); err != nil {
		return err
	}
	if err := c.expectDisplay(h); err != nil {
		return fmt.Errorf("%s: %v", cmd, err)
	}
	return nil
}

func checkInfinite(c *checker) error {
	g := sampleGame(board.DefaultVariant.Get(), 2, 11)
	if err := c.setVariant(variantOf(g)); err != nil {
		return err
	}
	if _, err := c.send("position fen " + g.Start().String() + " moves " + moveWords(g, 0)); err != nil {
		return err
	}
	if err := c.eng.Send("go infinite"); err != nil {
		return err
	}
	early, _, err := c.eng.WaitFor(c.ctx, time.Now().Add(300*time.Millisecond), func(l string) bool { return strings.HasPrefix(l, "bestmove") })
	if err == nil {
		return errors.New("bestmove before stop")
	}
	if !errors.Is(err, client.ErrTimeout) {
		return err
	}
	for _, l := range early {
		if strings.HasPrefix(l, "info") {
			if _, err := client.ParseInfo(l); err != nil {
				return err
			}
		}
	}
	if err := c.eng.Send("isready"); err != nil {
		return err
	}
	if _, _, err := c.eng.WaitFor(c.ctx, time.Now().Add(waits.ready), func(l string) bool { return l == "readyok" }); err != nil {
		return fmt.Errorf("isready during search: %v", err)
	}
	start := time.Now()
	if err := c.eng.Send("stop"); err != nil {
		return err
	}
	_, line, err := c.eng.WaitFor(c.ctx, start.Add(waits.stop), func(l string) bool { return strings.HasPrefix(l, "bestmove") })
	if err != nil {
		return fmt.Errorf("no bestmove within %v of stop: %v", waits.stop, err)
	}
	move, _, err := client.ParseBestMove(line)
	if err != nil {
		return err
	}
	return legalMove(g, move)
}

func checkPerft(c *checker) error {
	v := board.DefaultVariant.Get()
	g := sampleGame(v, 3, 12)
	if err := c.setVariant(v); err != nil {
		return err
	}
	if _, err := c.send("position fen " + g.Start().String() + " moves " + moveWords(g, 0)); err != nil {
		return err
	}
	if err := c.eng.Send("go perft 3"); err != nil {
		return err
	}
	lines, last, err := c.eng.WaitFor(c.ctx, time.Now().Add(waits.search), func(l string) bool { return strings.HasPrefix(l, "Nodes searched:") })
	if err != nil {
		return fmt.Errorf("no Nodes searched line: %v", err)
	}
	// go perft counts games: the game's history ends a sequence that repeats it.
	entries, err := board.DivideGame(g.Positions(), 3, nil)
	if err != nil {
		return err
	}
	var want []string
	var total uint64
	for _, e := range entries {
		want = append(want, fmt.Sprintf("%s: %d", v.FormatMove(e.Move), e.Nodes))
		total += e.Nodes
	}
	want = append(want, "")
	if !slices.Equal(lines, want) {
		return fmt.Errorf("perft lines %q, want %q", lines, want)
	}
	if got := strings.TrimSpace(strings.TrimPrefix(last, "Nodes searched:")); got != strconv.FormatUint(total, 10) {
		return fmt.Errorf("the engine printed Nodes searched: %s, want %d", got, total)
	}
	return nil
}

func checkFinished(c *checker) error {
	v := board.JeKiNJe.Get() // the position below is of this game
	// South has no seeds and so no move: the game is over, each side takes its own.
	p, err := v.ParsePosition("4,4,4,4,4,4/0,0,0,0,0,0 S 12 12 -")
	if err != nil {
		return err
	}
	if err := c.setVariant(v); err != nil {
		return err
	}
	g := board.NewGame(p)
	if _, err := c.send("position fen " + p.String()); err != nil {
		return err
	}
	if err := c.expectDisplay(g); err != nil {
		return err
	}
	_, err = c.search(g, "go depth 3", waits.search)
	return err
}

// badInputs are lines that must each get an error line and change nothing.
var badInputs = []struct{ name, line string }{
	{"unknown command", "flurble 3"},
	{"unknown option", "setoption name NoSuchOption value 3"},
	{"unknown variant", "setoption name Variant value chess"},
	{"malformed position", "position fen 1,2,3 S 0 0 -"},
	{"wrong seed total", "position fen 5,4,4,4,4,4/4,4,4,4,4,4 S 0 0 -"},
	{"illegal move in moves", "position startpos moves a1 a1"},
	{"unknown move in moves", "position startpos moves z9"},
	{"negative go depth", "go depth -1"},
	{"non-numeric go movetime", "go movetime soon"},
	{"line of a megabyte", strings.Repeat("x", 1<<20)},
	{"binary garbage", "\x00\x01\x7f\xfe\xff garbage \x1b[2J"},
	{"empty line", ""},
}

func checkBadInput(c *checker, line string) error {
	v := board.DefaultVariant.Get()
	if err := c.setVariant(v); err != nil {
		return err
	}
	g := sampleGame(v, 3, 13)
	if _, err := c.send("position startpos moves " + moveWords(g, 0)); err != nil {
		return err
	}
	before, err := c.display()
	if err != nil {
		return err
	}
	lines, err := c.send(line)
	if err != nil {
		return fmt.Errorf("engine stopped answering: %v", err)
	}
	saw := false
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error:") {
			saw = true
		}
		if strings.HasPrefix(l, "bestmove") {
			return fmt.Errorf("the engine searched: %s", l)
		}
	}
	if !saw {
		return errors.New("no `info string error:` line")
	}
	after, err := c.display()
	if err != nil {
		return fmt.Errorf("after the bad line: %v", err)
	}
	if after != before {
		return fmt.Errorf("state changed: Fen %s, was %s", after.fen, before.fen)
	}
	return nil
}

func checkQuit(c *checker) error {
	if err := c.eng.Send("quit"); err != nil {
		return err
	}
	deadline := time.Now().Add(waits.quit)
	for !c.eng.Exited() {
		if time.Now().After(deadline) {
			return fmt.Errorf("still running %v after quit", waits.quit)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return nil
}
