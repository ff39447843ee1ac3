// Package tournament plays engine-versus-engine matches: it schedules game pairs
// (each opening played with both colours) in a gauntlet or round robin, runs several
// games at once with their own engine processes, keeps the clocks, applies every move
// with the board package's rules, adjudicates, records each game as a JSON line,
// and reports Elo statistics with an optional SPRT that stops the match once decided.
// It also checks an engine's protocol handling (see Compliance).
package tournament

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/tournament/stats"
)

// Config describes a match.
type Config struct {
	Variant      *board.Variant
	Engines      []EngineSpec
	Limits       Limits    // for engines whose spec sets none
	Gauntlet     bool      // the first engine plays each other; otherwise everyone plays everyone
	Rounds       int       // game pairs per pairing of engines
	Openings     []Opening // round r uses opening r mod len(Openings)
	Concurrency  int       // games played at once
	Adjudication Adjudication
	TimeMargin   time.Duration // time an engine may overstep its clock before it loses
	MoveTimeout  time.Duration // hard limit per move when there is no clock or movetime
	ReadyTimeout time.Duration // limit for the uci and isready handshakes
	SPRT         *stats.SPRT   // stop when decided (two engines only)
	Records      io.Writer     // JSON lines, one per finished game (nil: none)
	Progress     io.Writer     // progress line after each game (nil: none)
	Live         bool          // rewrite the progress line in place (a terminal)
	Log          io.Writer     // faults, restarts and ignored engine lines (nil: none)
	// Trace, if not nil, receives every protocol line: dir '>' to the engine, '<' from
	// it. It is called from several goroutines.
	Trace func(engine string, dir byte, line string)
}

// PairStats is the tally between two engines, from A's point of view.
type PairStats struct {
	A, B  int
	WDL   stats.WDL
	Ptnml stats.Pentanomial
}

// Summary is the outcome of a match.
type Summary struct {
	Engines   []string
	Standings []stats.WDL // each engine against all its opponents
	Pairs     []PairStats
	Scheduled int
	Played    int
	Reasons   map[string]int // games by how they ended
	SPRT      *stats.SPRT
	LLR       float64
	Verdict   stats.Verdict
	Stopped   string // why the match stopped early ("" if it did not)
}

// job is one scheduled game.
type job struct {
	rec          Record
	south, north int // engine indexes
	pairing      int // index into Summary.Pairs
}

// Validate checks the configuration and fills defaults.
func (c *Config) Validate() error {
	switch {
	case c.Variant == nil:
		return fmt.Errorf("no variant")
	case len(c.Engines) < 2:
		return fmt.Errorf("a match needs at least two engines, got %d", len(c.Engines))
	case c.Rounds < 1:
		return fmt.Errorf("rounds must be at least 1")
	case len(c.Openings) == 0:
		return fmt.Errorf("no openings")
	case c.SPRT != nil && len(c.Engines) != 2:
		return fmt.Errorf("an SPRT needs exactly two engines")
	}
	names := map[string]bool{}
	for i := range c.Engines {
		e := &c.Engines[i]
		if names[e.Name] {
			return fmt.Errorf("two engines are named %q; give each a distinct name=", e.Name)
		}
		names[e.Name] = true
		if e.Limits.IsZero() {
			e.Limits = c.Limits
		}
		if e.Limits.IsZero() {
			return fmt.Errorf("engine %s: no time control or limit (tc, movetime, depth or nodes)", e.Name)
		}
	}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	if c.MoveTimeout <= 0 {
		c.MoveTimeout = 60 * time.Second
	}
	if c.ReadyTimeout <= 0 {
		c.ReadyTimeout = 10 * time.Second
	}
	return nil
}

// pairings lists who plays whom.
func (c *Config) pairings() [][2]int {
	var ps [][2]int
	for a := 0; a < len(c.Engines); a++ {
		for b := a + 1; b < len(c.Engines); b++ {
			if c.Gauntlet && a > 0 {
				break
			}
			ps = append(ps, [2]int{a, b})
		}
	}
	return ps
}

// schedule lists the games: round by round, for each pairing a pair of games on the
// round's opening, A with South first, then B.
func (c *Config) schedule() []job {
	var jobs []job
	pair := 0
	for r := 0; r < c.Rounds; r++ {
		o := c.Openings[r%len(c.Openings)]
		for pi, p := range c.pairings() {
			pair++
			for _, sides := range [2][2]int{{p[0], p[1]}, {p[1], p[0]}} {
				jobs = append(jobs, job{
					rec: Record{Game: len(jobs) + 1, Round: r + 1, Pair: pair, Variant: c.Variant.Name,
						South: c.Engines[sides[0]].Name, North: c.Engines[sides[1]].Name, Opening: o},
					south: sides[0], north: sides[1], pairing: pi,
				})
			}
		}
	}
	return jobs
}

// Run plays the match. It returns when every game is played, the SPRT decides, or
// ctx ends (games in progress are then abandoned and not counted).
func Run(ctx context.Context, c Config) (*Summary, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	m := &match{cfg: &c, logMu: &sync.Mutex{}}
	for i := range c.Engines {
		p, err := m.start(ctx, &c.Engines[i])
		if err != nil {
			return nil, err
		}
		m.logf("%s: %s (%s), %s", p.spec.Name, p.eng.IDName, p.spec.Cmd, p.limits)
		p.eng.Close(time.Second)
	}
	jobs := c.schedule()
	sum := &Summary{Scheduled: len(jobs), Reasons: map[string]int{}, SPRT: c.SPRT,
		Standings: make([]stats.WDL, len(c.Engines))}
	for _, e := range c.Engines {
		sum.Engines = append(sum.Engines, e.Name)
	}
	for _, p := range c.pairings() {
		sum.Pairs = append(sum.Pairs, PairStats{A: p[0], B: p[1]})
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan job)
	done := make(chan job)
	go func() {
		defer close(todo)
		for _, j := range jobs {
			select {
			case todo <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range c.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.worker(ctx, todo, done)
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	firstHalf := map[int]float64{} // pair number -> A's points in the first finished game
	var recErr error
	for j := range done {
		if sum.Stopped != "" {
			continue // decided already: late games are abandoned
		}
		sum.Played++
		sum.Reasons[j.rec.Reason]++
		south := j.rec.SouthPoints()
		sum.Standings[j.south].Add(south)
		sum.Standings[j.north].Add(1 - south)
		ps := &sum.Pairs[j.pairing]
		aPoints := south
		if j.south != ps.A {
			aPoints = 1 - south
		}
		ps.WDL.Add(aPoints)
		if prev, ok := firstHalf[j.rec.Pair]; ok {
			ps.Ptnml.AddPair(prev + aPoints)
			delete(firstHalf, j.rec.Pair)
		} else {
			firstHalf[j.rec.Pair] = aPoints
		}
		if c.Records != nil && recErr == nil {
			if recErr = WriteRecord(c.Records, &j.rec); recErr != nil {
				cancel()
			}
		}
		if c.SPRT != nil {
			sum.LLR = c.SPRT.LLR(sum.Pairs[0].Ptnml)
			if sum.Verdict = c.SPRT.Decide(sum.LLR); sum.Verdict != stats.Continue && sum.Stopped == "" {
				sum.Stopped = "SPRT: " + sum.Verdict.String()
				cancel()
			}
		}
		m.progress(sum)
	}
	if c.Progress != nil && c.Live {
		fmt.Fprintln(c.Progress)
	}
	if recErr != nil {
		return sum, fmt.Errorf("writing records: %v", recErr)
	}
	if sum.Stopped == "" && sum.Played < sum.Scheduled {
		sum.Stopped = "interrupted"
	}
	return sum, nil
}

// match is the state shared by the workers.
type match struct {
	cfg   *Config
	logMu *sync.Mutex
}

func (m *match) logf(format string, args ...any) {
	if m.cfg.Log == nil {
		return
	}
	m.logMu.Lock()
	fmt.Fprintf(m.cfg.Log, format+"\n", args...)
	m.logMu.Unlock()
}

// start launches an engine and makes it ready for the match's variant.
func (m *match) start(ctx context.Context, spec *EngineSpec) (*player, error) {
	cc := spec.ClientConfig()
	cc.Log = m.cfg.Trace
	cc.Options = append([]client.Option{{Name: "Variant", Value: m.cfg.Variant.Name}}, spec.Options...)
	eng, err := client.Start(cc)
	if err != nil {
		return nil, err
	}
	err = eng.Handshake(ctx, m.cfg.ReadyTimeout)
	if err == nil {
		var lines []string
		lines, err = eng.Sync(ctx, m.cfg.ReadyTimeout)
		for _, l := range lines {
			m.logf("%s: %s", spec.Name, clipLine(l))
		}
	}
	if err != nil {
		eng.Kill()
		return nil, err
	}
	return &player{spec: *spec, limits: spec.Limits, eng: eng}, nil
}

// worker plays games from todo with its own engine processes, restarting an engine
// after a fault, and sends each finished game to done.
func (m *match) worker(ctx context.Context, todo <-chan job, done chan<- job) {
	players := map[int]*player{}
	defer func() {
		for _, p := range players {
			p.eng.Close(time.Second)
		}
	}()
	settings := &gameSettings{variant: m.cfg.Variant, adjudication: m.cfg.Adjudication,
		timeMargin: m.cfg.TimeMargin, moveTimeout: m.cfg.MoveTimeout,
		readyTimeout: m.cfg.ReadyTimeout, logf: m.logf}
	for j := range todo {
		var seats [2]*player
		failed := false
		for side, idx := range [2]int{j.south, j.north} {
			p := players[idx]
			if p != nil && p.needsRestart {
				m.logf("game %d: restarting %s", j.rec.Game, p.spec.Name)
				p.eng.Kill()
				delete(players, idx)
				p = nil
			}
			if p == nil {
				var err error
				if p, err = m.start(ctx, &m.cfg.Engines[idx]); err != nil {
					if ctx.Err() != nil {
						return
					}
					if g, err := j.rec.Opening.Game(m.cfg.Variant); err == nil {
						j.rec.Final = g.Position().String()
					}
					j.rec.forfeit(board.Side(side), EndEngineFailure, err.Error())
					failed = true
					break
				}
				players[idx] = p
			}
			seats[side] = p
		}
		if !failed && !playGame(ctx, settings, &j.rec, seats) {
			return
		}
		if j.rec.Reason != "" && isFault(j.rec.Reason) {
			m.logf("game %d (%s vs %s): %s %s: %s", j.rec.Game, j.rec.South, j.rec.North, j.rec.Result, j.rec.Reason, j.rec.Detail)
		}
		select {
		case done <- j:
		case <-ctx.Done():
			return
		}
	}
}

// isFault reports whether a game ended by an engine's fault.
func isFault(reason string) bool {
	switch reason {
	case EndTimeForfeit, EndIllegalMove, EndBadBestMove, EndCrash, EndEngineFailure:
		return true
	}
	return false
}
