package tournament

import (
	"context"
	"strings"
	"testing"
	"time"

	"mancala/board"
	"mancala/protocol/client/fakeengine"
)

// owareConfig is a short Oware Abapa match against a fake of Aalina.
func owareConfig(aalina EngineSpec) Config {
	v, _ := board.VariantByName("oware-abapa")
	return Config{Variant: v, Engines: []EngineSpec{fakeEngine("A", fakeengine.Random), aalina},
		Limits: Limits{MoveTime: 200 * time.Millisecond}, Rounds: 2, Concurrency: 1,
		Openings: []Opening{{FEN: v.Start}}, TimeMargin: 500 * time.Millisecond, ReadyTimeout: 30 * time.Second,
		Adjudication: Adjudication{MaxPlies: 300}}
}

// The runner speaks Aalina's dialect to an engine with notation=letters: dash
// positions, one token of letters, no Variant option; its moves are read as letters
// and recorded in the project's notation.
func TestMatchAgainstAnEngineInLetters(t *testing.T) {
	t.Parallel()
	aalina := fakeEngine("Aalina", fakeengine.Aalina)
	aalina.Notation = NotationLetters
	var trace syncBuffer
	c := owareConfig(aalina)
	c.Trace = func(l TraceLine) { trace.Write([]byte(l.String() + "\n")) }
	sum, recs, _ := runMatch(t, c)
	if sum.Played != 4 {
		t.Fatalf("played %d of 4", sum.Played)
	}
	for _, r := range recs {
		if isFault(r.Reason) || r.Reason == EndScoreAgreement {
			t.Errorf("game %d ended by %s: %s", r.Game, r.Reason, r.Detail)
		}
		for _, m := range r.Moves {
			if len(m.Move) != 2 {
				t.Errorf("game %d: move %q recorded, want coordinates", r.Game, m.Move)
			}
		}
	}
	text := trace.String()
	for _, want := range []string{"Aalina[", "> position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves ", "> go movetime 200"} {
		if !strings.Contains(text, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "Aalina[") && (strings.Contains(l, "Variant") || strings.Contains(l, "position fen 4,4")) {
			t.Errorf("Aalina was sent %q", l)
		}
	}
}

// Spoken to in the project's protocol, Aalina cannot even be told the game.
func TestAalinaNeedsLetters(t *testing.T) {
	t.Parallel()
	_, err := Run(context.Background(), owareConfig(fakeEngine("Aalina", fakeengine.Aalina)))
	if err == nil || !strings.Contains(err.Error(), "Variant") {
		t.Errorf("a match against Aalina in coordinates: %v, want an error about the Variant option", err)
	}
}

// An engine in letters must play a game with letters, under limits it keeps.
func TestValidateLetters(t *testing.T) {
	letters := fakeEngine("L", fakeengine.Aalina)
	letters.Notation = NotationLetters
	tc, _ := ParseTimeControl("10+0.1")
	bao, _ := board.VariantByName("bao-la-kimasai")
	for name, spoil := range map[string]func(c *Config){
		"a clock":             func(c *Config) { c.Engines[1].Limits = Limits{TC: tc} },
		"a node limit":        func(c *Config) { c.Engines[1].Limits = Limits{Nodes: 1000} },
		"a game on 4 rows":    func(c *Config) { c.Variant = bao; c.Openings = []Opening{{FEN: bao.Start}} },
		"an unknown notation": func(c *Config) { c.Engines[1].Notation = "runes" },
	} {
		c := owareConfig(letters)
		c.Engines = append([]EngineSpec(nil), c.Engines...)
		spoil(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	c := owareConfig(letters)
	c.Engines[1].Limits = Limits{Depth: 12}
	if err := c.Validate(); err != nil {
		t.Errorf("letters at depth 12: %v", err)
	}
	if e, err := ParseEngineSpec([]string{"cmd=x", "notation=letters"}); err != nil || !e.letters() {
		t.Errorf("notation=letters: %+v, %v", e, err)
	}
}

// The position and the moves in each notation, and a movetime never written as 0.
func TestNotationForms(t *testing.T) {
	v, _ := board.VariantByName("oware-abapa")
	g := board.NewGame(v.StartPosition())
	for _, s := range []string{"d1", "a2", "c1", "d2", "b1"} {
		m, _ := v.ParseMove(s)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	letters := EngineSpec{Notation: NotationLetters}
	if got := letters.positionCommand(g); got != "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves DfCcB" {
		t.Errorf("letters: %q", got)
	}
	coords := EngineSpec{}
	if got := coords.positionCommand(g); got != "position fen 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0 - moves d1 a2 c1 d2 b1" {
		t.Errorf("coordinates: %q", got)
	}
	if m, err := letters.parseMove(v, "b"); err != nil || v.FormatMove(m) != "e2" {
		t.Errorf("letters b: %v %v, want e2", m, err)
	}
	for _, bad := range []string{"bA", "0000", "e2", ""} {
		if _, err := letters.parseMove(v, bad); err == nil {
			t.Errorf("letters %q read as a move", bad)
		}
	}
	clk := newClock(TimeControl{}, TimeControl{})
	if got := clk.goCommand(0, Limits{MoveTime: 400 * time.Microsecond}); got != "go movetime 1" {
		t.Errorf("a movetime under 1 ms: %q, want go movetime 1", got)
	}
}
