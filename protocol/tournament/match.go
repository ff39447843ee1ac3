// Package tournament plays engine-versus-engine matches: it schedules game pairs
// (each opening played with both colours) in a gauntlet or round robin, runs several
// games at once with their own engine processes, keeps the clocks, applies every move
// with the board package's rules, adjudicates, records each game as a JSON line,
// and reports Elo statistics with an optional SPRT that stops the match once decided.
// A match can be resumed from its records file and split into shards that separate
// processes play; their records merge into one report.
package tournament

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"mancala/board"
	"mancala/protocol/client"
	"mancala/protocol/printable"
	"mancala/protocol/tournament/stats"
)

// Config describes a match.
type Config struct {
	Variant *board.Variant
	// VariantPath is the rule file the match's game was read from ("" for a
	// built-in game): engines that declare the VariantPath option are given it
	// before the Variant.
	VariantPath  string
	Engines      []EngineSpec
	Limits       Limits    // for engines whose spec sets none
	Gauntlet     bool      // the first engine plays each other; otherwise everyone plays everyone
	Rounds       int       // game pairs per pairing of engines
	Openings     []Opening // round r uses opening r mod len(Openings)
	Concurrency  int       // games played at once (0: 1)
	Shard        Shard     // the slice of the schedule to play (zero: all of it)
	Adjudication Adjudication
	TimeMargin   time.Duration // time an engine may overstep its clock before it loses
	MoveTimeout  time.Duration // hard limit per move when there is no clock or movetime (0: 60 s)
	ReadyTimeout time.Duration // limit for the uci and isready handshakes (0: 10 s)
	SPRT         *stats.SPRT   // stop when decided (two engines only; not with shards)
	// RecordsPath names the records file (see OpenRecords; "": none). It is opened
	// only after every engine has been checked. Resume continues the match it holds.
	RecordsPath string
	Resume      bool
	Progress    io.Writer // progress line after each game (nil: none)
	Live        bool      // rewrite the progress line in place (a terminal)
	// RatingInterval > 0 writes the standings table to Progress every so many games.
	RatingInterval int
	Log            io.Writer // faults, restarts and ignored engine lines (nil: none)
	// Trace, if not nil, receives every protocol line. It is called from several
	// goroutines.
	Trace func(TraceLine)
}

// TraceLine is one protocol line between the runner and an engine process.
type TraceLine struct {
	Game   int    // the game being played (0: the check before the match)
	Engine string // the engine's name
	PID    int    // its process
	Dir    byte   // '>' to the engine, '<' from it
	Line   string
}

// String writes the line as a trace file shows it: the game ("check" before the
// match), the engine and its process, the direction and the line, made safe to print.
func (l TraceLine) String() string {
	game := "check"
	if l.Game > 0 {
		game = fmt.Sprintf("game %d", l.Game)
	}
	return fmt.Sprintf("%s %s[%d] %c %s", game, l.Engine, l.PID, l.Dir, printable.Line(l.Line))
}

// Shard is the Index-th (from 0) of Count disjoint slices of a match's schedule:
// game pair p (from 1) belongs to shard (p-1) mod Count.
type Shard struct {
	Index, Count int
}

// holds reports whether the shard plays game pair p.
func (s Shard) holds(pair int) bool { return s.Count <= 1 || (pair-1)%s.Count == s.Index }

// job is one scheduled game.
type job struct {
	rec          Record
	south, north int // engine indexes
}

// Validate checks the configuration and fills defaults.
func (c *Config) Validate() error {
	a := c.Adjudication
	switch {
	case c.Variant == nil:
		return fmt.Errorf("no variant")
	case len(c.Engines) < 2:
		return fmt.Errorf("a match needs at least two engines, got %d", len(c.Engines))
	case c.Rounds < 1:
		return fmt.Errorf("rounds must be at least 1, got %d", c.Rounds)
	case len(c.Openings) == 0:
		return fmt.Errorf("no openings")
	case c.SPRT != nil && len(c.Engines) != 2:
		return fmt.Errorf("an SPRT needs exactly two engines")
	case c.Concurrency < 0:
		return fmt.Errorf("concurrency must be at least 1, got %d", c.Concurrency)
	case c.Shard.Count < 0 || c.Shard.Index < 0 || (c.Shard.Count > 0 && c.Shard.Index >= c.Shard.Count):
		return fmt.Errorf("shard %d/%d: the index must be from 0 to the count less one", c.Shard.Index, c.Shard.Count)
	case a.Table != nil && a.Table.Variant() != c.Variant:
		return fmt.Errorf("the endgame table is of %s, the match plays %s", a.Table.Variant().Title, c.Variant.Title)
	case a.MaxPlies < 0 || a.WinScore < 0 || a.WinMoves < 0:
		return fmt.Errorf("maxplies, win-score and win-moves must not be negative")
	case c.TimeMargin < 0 || c.MoveTimeout < 0 || c.ReadyTimeout < 0:
		return fmt.Errorf("timemargin, move-timeout and ready-timeout must not be negative")
	case c.RatingInterval < 0:
		return fmt.Errorf("ratinginterval must not be negative")
	case c.Resume && c.RecordsPath == "":
		return fmt.Errorf("resume needs a records file")
	}
	if err := c.Limits.check(); err != nil {
		return err
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
		if err := e.Limits.check(); err != nil {
			return fmt.Errorf("engine %s: %v", e.Name, err)
		}
		if err := e.checkNotation(c.Variant); err != nil {
			return err
		}
	}
	if c.Concurrency == 0 {
		c.Concurrency = 1
	}
	if c.MoveTimeout == 0 {
		c.MoveTimeout = 60 * time.Second
	}
	if c.ReadyTimeout == 0 {
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

// schedule lists every game of the match (all shards): round by round, for each
// pairing a pair of games on the round's opening, A with South first, then B.
func (c *Config) schedule() []job {
	var jobs []job
	pair := 0
	total := 2 * c.Rounds * len(c.pairings())
	match := c.identity(total)
	for r := 0; r < c.Rounds; r++ {
		o := c.Openings[r%len(c.Openings)]
		for _, p := range c.pairings() {
			pair++
			for _, sides := range [2][2]int{{p[0], p[1]}, {p[1], p[0]}} {
				jobs = append(jobs, job{
					rec: Record{Game: len(jobs) + 1, Round: r + 1, Pair: pair, Variant: c.Variant.Name,
						South: c.Engines[sides[0]].Name, North: c.Engines[sides[1]].Name, Opening: o,
						Moves: []MoveRecord{}, Scheduled: total, Match: match,
						Settings: []string{c.Engines[sides[0]].settings(), c.Engines[sides[1]].settings()}},
					south: sides[0], north: sides[1],
				})
			}
		}
	}
	return jobs
}

// identity is the Match of the games of a schedule of total games: a digest of
// what makes the match, whatever shard plays it and however it is run.
func (c *Config) identity(total int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n%s\n", c.Variant.Name, total, c.Adjudication)
	for _, e := range c.Engines {
		fmt.Fprintf(h, "engine %q\n", e.Name)
	}
	for _, o := range c.Openings {
		fmt.Fprintf(h, "opening %s\n", o)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// settings describes what an engine plays with in the match: its limits (set by
// Validate) and its options, as "tc=10+0.1 option.Hash=64".
func (e *EngineSpec) settings() string {
	parts := []string{e.Limits.String()}
	for _, o := range e.Options {
		parts = append(parts, "option."+o.Name+"="+o.Value)
	}
	return strings.Join(parts, " ")
}

// sameGame checks that a record from a records file is the scheduled game j:
// the same pairing, round and opening, and, where the record says (records written
// before these fields existed do not), the same schedule size, match and settings.
func sameGame(r *Record, j *job) error {
	want := j.rec
	if r.Round != want.Round || r.Pair != want.Pair || r.Variant != want.Variant || r.South != want.South ||
		r.North != want.North || r.Opening.String() != want.Opening.String() || (r.Scheduled != 0 && r.Scheduled != want.Scheduled) {
		return fmt.Errorf("it records game %d as %s vs %s (%s, round %d, opening %s, %d games scheduled), this match schedules %s vs %s (%s, round %d, opening %s, %d games): not the same match",
			r.Game, r.South, r.North, r.Variant, r.Round, r.Opening, r.Scheduled, want.South, want.North, want.Variant, want.Round, want.Opening, want.Scheduled)
	}
	if len(r.Settings) > 0 && !slices.Equal(r.Settings, want.Settings) {
		return fmt.Errorf("it records game %d with %s at %q and %s at %q, this match has %s at %q and %s at %q: not the same match",
			r.Game, r.South, r.Settings[0], r.North, r.Settings[min(1, len(r.Settings)-1)], want.South, want.Settings[0], want.North, want.Settings[1])
	}
	if r.Match != "" && r.Match != want.Match {
		return fmt.Errorf("it records game %d of match %s, this is match %s (the engines' names, the openings, the adjudication or the schedule differ): not the same match",
			r.Game, r.Match, want.Match)
	}
	return nil
}

// Run plays the match. It checks every engine first, then opens the records file
// (resuming the match it holds if asked), then plays the games of its shard that
// are not yet recorded. It returns when every game is played, the SPRT decides, or
// ctx ends (games in progress are then abandoned: not counted, not recorded). The
// summary covers the records the file held before, too.
func Run(ctx context.Context, c Config) (*Summary, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	m := &match{cfg: &c, logMu: &sync.Mutex{}}
	// The checked engines play the first worker's games, unless the match ends first.
	checked := map[int]*player{}
	defer func() {
		for _, p := range checked {
			p.eng.Close(time.Second)
		}
	}()
	for i := range c.Engines {
		p, err := m.start(ctx, &c.Engines[i], 0)
		if err != nil {
			return nil, err
		}
		m.logf("%s: %s (%s), %s", p.spec.Name, printable.Line(p.eng.IDName), p.spec.Cmd, p.limits)
		checked[i] = p
	}
	var jobs []job
	for _, j := range c.schedule() {
		if c.Shard.holds(j.rec.Pair) {
			jobs = append(jobs, j)
		}
	}
	var names []string
	for _, e := range c.Engines {
		names = append(names, e.Name)
	}
	sum := newSummary(names, c.pairings(), len(jobs), c.SPRT)

	var records *RecordFile
	if c.RecordsPath != "" {
		rf, old, err := OpenRecords(c.RecordsPath, c.Resume, m.logf)
		if err != nil {
			return nil, err
		}
		defer rf.Close()
		records = rf
		if jobs, err = m.resume(sum, jobs, old); err != nil {
			return nil, fmt.Errorf("records file %s: %v", c.RecordsPath, err)
		}
	}
	shards := c.Shard.Count > 1
	if !shards && sum.SPRT != nil && sum.Verdict != stats.Continue {
		sum.Stopped = "SPRT: " + sum.Verdict.String()
		return sum, nil
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
	for w := range c.Concurrency {
		players := map[int]*player{}
		if w == 0 {
			players, checked = checked, nil
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.worker(ctx, todo, done, players)
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	var recErr error
	for j := range done {
		if sum.Stopped != "" || recErr != nil || ctx.Err() != nil {
			continue // decided, failed or interrupted already: late games are abandoned
		}
		if records != nil {
			if recErr = records.Write(&j.rec); recErr != nil {
				cancel()
				continue // not recorded, so not counted either
			}
		}
		sum.Add(&j.rec)
		if !shards && sum.SPRT != nil && sum.Verdict != stats.Continue {
			sum.Stopped = "SPRT: " + sum.Verdict.String()
			cancel()
		}
		m.progress(sum)
	}
	if c.Progress != nil && c.Live {
		fmt.Fprintln(c.Progress)
	}
	if recErr != nil {
		sum.Stopped = "the records file failed"
		return sum, recErr
	}
	if sum.Stopped == "" && sum.Played < sum.Scheduled {
		sum.Stopped = "interrupted"
	}
	return sum, nil
}

// resume counts the records a file already holds and returns the jobs still to play.
func (m *match) resume(sum *Summary, jobs []job, old []Record) ([]job, error) {
	byGame := map[int]*job{}
	for i := range jobs {
		byGame[jobs[i].rec.Game] = &jobs[i]
	}
	recorded := map[int]bool{}
	for i := range old {
		r := &old[i]
		j, ok := byGame[r.Game]
		if !ok {
			return nil, fmt.Errorf("it records game %d, which is not in this match's schedule (or shard)", r.Game)
		}
		if err := sameGame(r, j); err != nil {
			return nil, err
		}
		if recorded[r.Game] {
			return nil, fmt.Errorf("it records game %d twice", r.Game)
		}
		recorded[r.Game] = true
		sum.Add(r)
	}
	if len(old) > 0 {
		m.logf("resuming: %d games recorded, %d to play", len(old), len(jobs)-len(old))
	}
	var rest []job
	for _, j := range jobs {
		if !recorded[j.rec.Game] {
			rest = append(rest, j)
		}
	}
	return rest, nil
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

// start launches an engine and makes it ready for the match's variant (an engine
// spoken to in letters is not told it: it knows one game): every option is checked
// against the engine's declarations first, and an `info string error` answer to any
// setoption is an error.
func (m *match) start(ctx context.Context, spec *EngineSpec, game int) (*player, error) {
	p := &player{spec: *spec, limits: spec.Limits}
	p.game.Store(int64(game))
	cc := spec.ClientConfig()
	if m.cfg.Trace != nil {
		cc.Log = func(name string, dir byte, line string) {
			m.cfg.Trace(TraceLine{Game: int(p.game.Load()), Engine: name, PID: int(p.pid.Load()), Dir: dir, Line: line})
		}
	}
	if !spec.letters() { // Aalina's dialect knows one game and no Variant option
		cc.Options = append([]client.Option{{Name: "Variant", Value: m.cfg.Variant.Name}}, spec.Options...)
		if m.cfg.VariantPath != "" {
			cc.Options = append([]client.Option{{Name: "VariantPath", Value: m.cfg.VariantPath, IfDeclared: true}}, cc.Options...)
		}
	}
	eng, err := client.Start(cc)
	if err != nil {
		return nil, err
	}
	p.pid.Store(int64(eng.PID()))
	p.eng = eng
	err = eng.Handshake(ctx, m.cfg.ReadyTimeout)
	if err == nil {
		var lines []string
		lines, err = eng.Sync(ctx, m.cfg.ReadyTimeout)
		for _, l := range lines {
			if f := strings.Fields(l); len(f) >= 3 && f[0] == "info" && f[1] == "string" && strings.HasPrefix(f[2], "error") {
				err = fmt.Errorf("engine %s refused its options: %s", spec.Name, clipLine(l))
				break
			}
			m.logf("%s: %s", spec.Name, clipLine(l))
		}
	}
	if err != nil {
		eng.Kill()
		return nil, err
	}
	return p, nil
}

// worker plays games from todo with its own engine processes (starting with players,
// by engine index), restarting an engine after a fault, and sends each finished game
// to done. It ends its processes when it returns.
func (m *match) worker(ctx context.Context, todo <-chan job, done chan<- job, players map[int]*player) {
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
				if p, err = m.start(ctx, &m.cfg.Engines[idx], j.rec.Game); err != nil {
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
			p.game.Store(int64(j.rec.Game))
			seats[side] = p
		}
		if !failed && !playGame(ctx, settings, &j.rec, seats) {
			return
		}
		if j.rec.Reason != "" && isFault(j.rec.Reason) {
			m.logf("game %d (%s vs %s): %s %s: %s", j.rec.Game, j.rec.South, j.rec.North, j.rec.Result, j.rec.Reason, printable.Line(j.rec.Detail))
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
